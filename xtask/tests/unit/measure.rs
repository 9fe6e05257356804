//! `reproduce::measure`: summaries, leaf sets, recorders and batches.

use gametree::{Algorithm, Config as Settings};
use tree_core::{GenSpec, GeneratedTree, Generator, Value, minimax};
use xtask::reproduce::config::{Config, Timings};
use xtask::reproduce::measure::{
    Batch, LISTS, LeafSet, Oracle, Recorded, Runner, Summary, dominations, run_batches,
};

#[test]
fn summary_statistics() {
    let s = Summary::of([1.0, 2.0, 3.0, 4.0]);
    assert_eq!(s.mean, 2.5);
    // sample sd = sqrt(5/3); s.e. = sd / 2
    assert!((s.stderr - (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
    assert_eq!(Summary::of([7.0]).stderr, 0.0);
}

#[test]
fn subsets_of_sorted_sets() {
    let s = |v: &[u64]| LeafSet(v.to_vec());
    assert!(s(&[]).is_subset(&s(&[1])));
    assert!(s(&[2, 5]).is_subset(&s(&[1, 2, 3, 5])));
    assert!(!s(&[2, 4]).is_subset(&s(&[1, 2, 3, 5])));
    assert!(!s(&[6]).is_subset(&s(&[1, 2, 3, 5])));
    assert!(!s(&[1]).is_subset(&s(&[])));
}

/// The root value of `a` on a recorder (through the library's search of
/// it, so that this crate does not compile the engines again).
fn run_on(a: Algorithm, tree: &Recorded<&GeneratedTree>) -> Value {
    Runner::new("test", a).search_recorded(tree).unwrap().value
}

/// The recorded numbers name the same terminals as Dewey codes: the same
/// counts, distinct counts and subset answers as the front door's trace
/// (`tree_core::Traced`), for algorithms that revisit and that prune
/// differently, with ties.
#[test]
fn recorded_leaf_sets_agree_with_dewey_traces() {
    let algs = [
        Algorithm::AlphaBeta,
        Algorithm::Scout,
        Algorithm::Qg3,
        Algorithm::SssLeft,
        Algorithm::Sab,
    ];
    let mut not_nested = 0;
    for (g, b, d) in [
        (Generator::RANDOM, 3, 5),
        (Generator::KORF, 4, 4),
        (Generator::Random { lo: 0, hi: 3 }, 5, 3),
    ] {
        for index in 0..20 {
            let tree = GenSpec::new(g, b, d, 7, index).build().unwrap();
            let mut dewey = Vec::new();
            let mut ours = Vec::new();
            for &a in &algs {
                let rec = Recorded::new(&tree).unwrap();
                assert_eq!(run_on(a, &rec), minimax(&tree));
                let traced = Runner::with("test", a, Settings::default().trace(true))
                    .search_tree(&tree)
                    .unwrap();
                assert_eq!(traced.value, minimax(&tree));
                assert_eq!(rec.evaluations(), traced.leaves);
                let mut order = traced.trace.expect("traced");
                order.sort_unstable();
                order.dedup();
                let set = rec.into_leaf_set();
                assert_eq!(set.0.len(), order.len());
                assert_eq!(traced.distinct_leaves, Some(order.len() as u64));
                dewey.push(order);
                ours.push(set);
            }
            for a in 0..algs.len() {
                for b in 0..algs.len() {
                    let want = dewey[a].iter().all(|x| dewey[b].binary_search(x).is_ok());
                    assert_eq!(ours[a].is_subset(&ours[b]), want, "{a} in {b}");
                    not_nested += usize::from(!want);
                }
            }
        }
    }
    // Not every pair is nested: the comparison can fail.
    assert!(not_nested > 0);
}

/// A recorder searched on several threads records every evaluation
/// (those of other threads behind its lock), and a recorder leaves no
/// list behind on its thread, whether its set is taken or not.
#[test]
fn recorders_see_every_thread_and_clean_up() {
    let lists = || LISTS.with_borrow(Vec::len);
    let before = lists();
    let tree = GenSpec::new(Generator::RANDOM, 4, 5, 3, 0).build().unwrap();
    let every = Recorded::new(&tree).unwrap();
    let unused = Recorded::new(&tree).unwrap();
    assert_eq!(run_on(Algorithm::Minimax, &every), minimax(&tree));
    assert_eq!(every.evaluations(), 4u64.pow(5));
    drop(unused);
    let all = every.into_leaf_set();
    assert_eq!(all.0.len(), 4usize.pow(5));
    let rec = Recorded::new(&tree).unwrap();
    let threads = Settings::default().threads(2);
    let r = Runner::with("test", Algorithm::Ybwc, threads)
        .search_recorded(&rec)
        .unwrap();
    assert_eq!(r.value, minimax(&tree));
    assert_eq!(rec.evaluations(), r.leaves);
    let set = rec.into_leaf_set();
    assert!(!set.0.is_empty() && set.is_subset(&all));
    assert_eq!(lists(), before);
}

#[test]
fn trees_too_large_to_number_are_an_error() {
    let tree = |b, d| GenSpec::new(Generator::RANDOM, b, d, 1, 0).build().unwrap();
    // 3^40 leaves fit in 64 bits, 4^40 numbers do not.
    let e = Recorded::new(tree(3, 40)).unwrap_err().to_string();
    assert!(e.contains("too large"), "{e}");
    // 16^16 - 1 is the largest number of a (15, 16) tree: it fits.
    assert!(Recorded::new(tree(15, 16)).is_ok());
}

/// A job's subset answers are what its leaf sets say, on the checked
/// trees only, and quick (untimed) runs count the same terminals.
#[test]
fn batches_compare_per_tree() {
    let ab = Runner::new("AB", Algorithm::AlphaBeta);
    let sss = Runner::new("SSS", Algorithm::SssLeft);
    let qg3 = Runner::new("QG3", Algorithm::Qg3);
    let spec = GenSpec::new(Generator::RANDOM, 4, 4, 11, 0);
    let batch = || {
        Batch::new(spec, 12, vec![&ab, &sss, &qg3], Oracle::Minimax)
            .with_subsets(vec![(1, 0), (2, 0)], 8)
    };
    let mut cfg = Config::new(true, None, false);
    let quick = run_batches(&cfg, "test", &[batch()]).unwrap();
    cfg.timings = Timings::Wall;
    let full = run_batches(&cfg, "test", &[batch()]).unwrap();
    assert!(
        quick[0]
            .iter()
            .all(|t| t.runs.iter().all(|r| r.time.is_zero()))
    );
    assert!(
        full[0]
            .iter()
            .all(|t| t.runs.iter().all(|r| !r.time.is_zero()))
    );
    for (q, f) in quick[0].iter().zip(&full[0]) {
        let ql: Vec<u64> = q.runs.iter().map(|r| r.leaves).collect();
        let fl: Vec<u64> = f.runs.iter().map(|r| r.leaves).collect();
        assert_eq!(ql, fl);
        assert_eq!(q.subsets, f.subsets);
    }
    // SSS* (left-biased) never evaluates a leaf alpha-beta prunes.
    assert_eq!(dominations(&full[0], 1, 0), (8, 8));
    let (held, checked) = dominations(&full[0], 2, 0);
    assert_eq!(checked, 8);
    let want = (0..8)
        .filter(|&i| {
            let tree = GenSpec { index: i, ..spec }.build().unwrap();
            let sets: Vec<LeafSet> = [Algorithm::AlphaBeta, Algorithm::Qg3]
                .iter()
                .map(|&a| {
                    let rec = Recorded::new(&tree).unwrap();
                    run_on(a, &rec);
                    rec.into_leaf_set()
                })
                .collect();
            sets[1].is_subset(&sets[0])
        })
        .count();
    assert_eq!(held, want);
}

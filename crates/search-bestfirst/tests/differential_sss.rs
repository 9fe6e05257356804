//! Differential test against recorded behaviour: SSS* in its three tie
//! rules, Dual*, aspiration SSS*, staged SSS*, the SSS*/alpha-beta hybrids
//! and IterSSS* must keep evaluating exactly the leaves they evaluated when
//! `tests/data/differential.txt` was recorded, in the same order, with the
//! same values or errors, OPEN peaks and capacities, interior expansions,
//! IterSSS\* type changes and OPEN traces; and `search_depthfirst`'s MT
//! drivers (MT-SSS\*, MT-DUAL\*, MTD(f) from several first guesses, MT
//! alone and in sequence on one table) those of
//! `tests/data/differential-mt.txt`, with a table large enough for the tree.
//!
//! Each (tree, search) pair is reduced to a 64-bit FNV-1a hash of what it
//! showed through [`Traced`]; the file keeps one hash per tree (over every
//! search) and one per search (over every tree), so one difference names
//! both the tree and the search. The trees: the shared random non-uniform
//! corpus (ties, extreme leaves, terminal roots, single-child chains), the
//! generated-tree grid, larger generated uniform trees and [`HashTree`]s,
//! odd and even depth. Budgets below what a tree needs (by understating its
//! depth) make searches fail part-way, and the error is part of the record.
//!
//! The files were recorded once, before the searches were optimised, with
//! `GAMETREE_RECORD_DIFFERENTIAL=1 cargo test -p search-bestfirst --test
//! tests differential`; they are not to be re-recorded to make a change
//! pass.

use std::fmt::Write as _;

use crate::support::{
    MID_SHAPES, alphabeta_over_sss, dual, itersss_minimum, minimum_memory, sss_aspiration,
    sss_open_trace, sss_over_alphabeta, staged_sss,
};
use search_bestfirst::{Algorithm, Options, Variant, itersss, sss};
use search_depthfirst::{TranspositionTable, mt, mt_dual, mt_sss, mtdf};
use tree_core::{
    Bounds, Dewey, GenSpec, Generator, HashTree, Traced, Tree, Value, corpus, minimax,
};

const VARIANTS: [Variant; 3] = [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost];
const RECORD_VAR: &str = "GAMETREE_RECORD_DIFFERENTIAL";

use crate::fnv::Fnv;

/// One search's record on one tree: `shown` (its result, peak, capacity,
/// counts, traces, as text), the leaves in evaluation order and the
/// interior expansions.
fn record<T: Tree>(tree: &T, run: impl FnOnce(&Traced<&T>) -> String) -> u64 {
    let traced = Traced::new(tree);
    let shown = run(&traced);
    let mut h = Fnv::new();
    h.str(&shown);
    let order = traced.order();
    h.u64(order.len() as u64);
    for d in &order {
        h.dewey(d);
    }
    h.u64(traced.stats().interior);
    h.0
}

/// What a search returns.
type Searched = Result<search_bestfirst::Outcome, search_bestfirst::BestFirstError>;

/// [`record`] of a search that returns an outcome.
fn searched<T: Tree>(tree: &T, run: impl FnOnce(&Traced<&T>) -> Searched) -> u64 {
    record(tree, |t| outcome(run(t)))
}

fn outcome(r: Result<search_bestfirst::Outcome, search_bestfirst::BestFirstError>) -> String {
    match r {
        Ok(o) => format!(
            "ok {} peak {} capacity {}",
            o.value, o.memory.peak, o.memory.capacity
        ),
        Err(e) => format!("err {e:?}"),
    }
}

/// Every SSS*-family search's hash on `tree`, named.
fn sss_family<T: Tree>(tree: &T, traces: bool) -> Vec<(String, u64)> {
    let truth = minimax(tree);
    let b = tree.bounds().expect("corpus trees report their shape");
    let short = |by: usize| {
        Some(Bounds::uniform(
            b.branching.max(1),
            b.depth.saturating_sub(by),
        ))
    };
    let mut out = Vec::new();
    for v in VARIANTS {
        let full = sss::Config::new(v);
        let cut = |by| sss::Config {
            shape: short(by),
            ..full.clone()
        };
        let roomy = sss::Config {
            memory: minimum_memory(b, false).ok().map(|m| m + 3),
            ..full.clone()
        };
        let mut add = |name: &str, h: u64| out.push((format!("{name}/{v}"), h));
        // A search that returns an outcome, recorded under `name`.
        macro_rules! run {
            ($name:expr, $search:expr) => {
                add($name, searched(tree, $search))
            };
        }
        run!("sss", |t| sss::search(t, &full));
        run!("sss-roomy", |t| sss::search(t, &roomy));
        run!("sss-short1", |t| sss::search(t, &cut(1)));
        run!("sss-short2", |t| sss::search(t, &cut(2)));
        run!("dual", |t| dual(t, &full));
        run!("dual-short1", |t| dual(t, &cut(1)));
        for (lo, hi) in [(-1i64, 1i64), (-5, 0), (0, 3), (2, 9), (-3, -1)] {
            let (lower, upper) = (truth.offset(lo), truth.offset(hi));
            let h = record(tree, |t| match sss_aspiration(t, lower, upper, &full) {
                Ok(a) => format!("{} exact {}", outcome(Ok(a.outcome)), a.exact),
                Err(e) => format!("err {e:?}"),
            });
            add(&format!("asp({lo},{hi})"), h);
        }
        let opts = Options {
            upper: Some(truth.offset(-1)),
            variant: Some(v),
            ..Options::default()
        };
        run!("asp-research", |t| Algorithm::SssAspiration.run(t, &opts));
        for k in 1..=3 {
            run!(&format!("staged{k}"), |t| staged_sss(t, k, &full));
        }
        run!("staged2-short1", |t| staged_sss(t, 2, &cut(1)));
        for k in [2, 4] {
            run!(&format!("sab{k}"), |t| sss_over_alphabeta(t, k, &full));
            run!(&format!("abs{k}"), |t| alphabeta_over_sss(t, k, &full));
        }
        run!("sab2-short1", |t| sss_over_alphabeta(t, 2, &cut(1)));
        run!("abs2-short2", |t| alphabeta_over_sss(t, 2, &cut(2)));
        if traces {
            for (tag, upper) in [("inf", Value::INF), ("v+1", truth.offset(1))] {
                let h = record(tree, |t| match sss_open_trace(t, upper, &full) {
                    Ok((o, steps)) => {
                        let mut s = outcome(Ok(o));
                        for step in &steps {
                            s.push('\n');
                            s.push_str(&sss::format_open(step, &|d: &Dewey| d.to_string()));
                        }
                        s
                    }
                    Err(e) => format!("err {e:?}"),
                });
                add(&format!("trace({tag})"), h);
            }
        }
    }
    // IterSSS* at the minimum, just above it, in between and at b^⌈d/2⌉,
    // and with an understated depth (an error part-way).
    let lo = itersss_minimum(b).expect("small shapes");
    let hi = minimum_memory(b, false).expect("small shapes").max(lo);
    let mut open = itersss::Cache::new();
    let mut iter = |name: &str, cfg: itersss::Config| {
        let h = record(tree, |t| {
            let r = itersss::search_in(t, &cfg, &mut open);
            let c = open.counts();
            format!(
                "{} inactivations {} activations {} refused {}",
                outcome(r),
                c.inactivations,
                c.activations,
                c.refused_chains
            )
        });
        out.push((format!("itersss-{name}"), h));
    };
    for (name, m) in [
        ("min", lo),
        ("min+1", lo + 1),
        ("mid", lo + (hi - lo) / 2),
        ("max", hi),
    ] {
        iter(
            name,
            itersss::Config {
                memory: Some(m),
                shape: None,
                ..itersss::Config::default()
            },
        );
    }
    iter(
        "short1",
        itersss::Config {
            memory: None,
            shape: short(1),
            ..itersss::Config::default()
        },
    );
    out
}

fn mt_shown(r: Result<search_depthfirst::Outcome, search_depthfirst::SearchError>) -> String {
    match r {
        Ok(o) => format!("ok {} passes {}", o.value, o.passes),
        Err(e) => format!("err {e:?}"),
    }
}

/// Every MT search's hash on `tree`, named; `tt` is reused from tree to
/// tree (the drivers clear it).
fn mt_drivers<T: Tree>(tree: &T, tt: &mut TranspositionTable) -> Vec<(String, u64)> {
    let truth = minimax(tree);
    let mut out = vec![
        (
            "mt-sss".to_string(),
            record(tree, |t| mt_shown(mt_sss(t, tt))),
        ),
        (
            "mt-dual".to_string(),
            record(tree, |t| mt_shown(mt_dual(t, tt))),
        ),
    ];
    for (name, guess) in [
        ("0", Value::from_small(0)),
        ("v", truth),
        ("v+3", truth.offset(3)),
        ("v-7", truth.offset(-7)),
        ("+inf", Value::INF),
        ("-inf", Value::NEG_INF),
    ] {
        out.push((
            format!("mtdf({name})"),
            record(tree, |t| mt_shown(mtdf(t, tt, guess))),
        ));
    }
    let gammas = [
        truth,
        truth.offset(1),
        truth.offset(-1),
        truth.offset(7),
        truth.offset(-7),
        Value::INF,
        Value::NEG_INF,
        truth.offset(1),
        truth,
    ];
    // MT alone from a fresh table, and in sequence on one table.
    for (k, &gamma) in gammas.iter().enumerate().take(7) {
        out.push((
            format!("mt(gamma {k})"),
            record(tree, |t| {
                match mt(t, &mut TranspositionTable::new(), gamma) {
                    Ok(g) => format!("ok {g}"),
                    Err(e) => format!("err {e:?}"),
                }
            }),
        ));
    }
    out.push((
        "mt-sequence".to_string(),
        record(tree, |t| {
            let mut shared = TranspositionTable::new();
            let mut s = String::new();
            for gamma in gammas {
                match mt(t, &mut shared, gamma) {
                    Ok(g) => write!(s, "{g} ").unwrap(),
                    Err(e) => write!(s, "{e:?} ").unwrap(),
                }
            }
            s
        }),
    ));
    out
}

/// What is recorded of the searches on one tree.
trait Searches {
    /// Every search's hash on `tree`, named; `small`: the tree is one of
    /// those whose OPEN traces are recorded too.
    fn on<T: Tree>(&mut self, tree: &T, small: bool) -> Vec<(String, u64)>;
}

/// The SSS* family.
struct SssFamily;

impl Searches for SssFamily {
    fn on<T: Tree>(&mut self, tree: &T, small: bool) -> Vec<(String, u64)> {
        sss_family(tree, small)
    }
}

/// The MT drivers, with one table for every tree.
struct MtDrivers(TranspositionTable);

impl Searches for MtDrivers {
    fn on<T: Tree>(&mut self, tree: &T, _: bool) -> Vec<(String, u64)> {
        mt_drivers(tree, &mut self.0)
    }
}

fn label(s: &GenSpec) -> String {
    format!("{:?} ({},{}) {} {}", s.generator, s.b, s.d, s.seed, s.index)
}

/// Every tree, labelled, with what `s` records of it.
fn for_each_tree<S: Searches>(s: &mut S, mut f: impl FnMut(String, Vec<(String, u64)>)) {
    for (k, (text, tree)) in corpus::random_trees(0xd1ff, 2_600).enumerate() {
        let _ = text;
        f(format!("random {k}"), s.on(&tree, k % 3 == 0));
    }
    for tree in corpus::generated_trees(1) {
        f(label(tree.spec()), s.on(&tree, true));
    }
    let generators = [
        Generator::RANDOM,
        Generator::Random { lo: 0, hi: 3 },
        Generator::STRONG,
        Generator::Campbell(
            tree_core::BestChild::FirstMoveBest(0.5),
            tree_core::RootScore::Random,
        ),
        Generator::KORF,
    ];
    // The (6, 3) trees are not in this set.
    let shapes = MID_SHAPES.into_iter().filter(|&s| s != (6, 3));
    for g in generators {
        for (b, d) in shapes.clone() {
            for seed in 0..5 {
                let tree = GenSpec::new(g, b, d, seed, seed + 3).build().unwrap();
                f(label(tree.spec()), s.on(&tree, seed == 0));
            }
        }
    }
    let shapes = [
        (2, 9),
        (2, 10),
        (3, 7),
        (4, 5),
        (4, 6),
        (6, 4),
        (8, 3),
        (8, 4),
        (16, 3),
        (24, 2),
        (32, 2),
        (32, 3),
    ];
    for (b, d) in shapes {
        let seeds = if b * d > 64 { 3 } else { 10 };
        for seed in 0..seeds {
            let (lo, hi) = if seed % 2 == 0 { (0, 999) } else { (0, 3) };
            let tree = HashTree::with_range(b, d, seed, lo, hi).unwrap();
            f(
                format!("hash ({b},{d}) {seed} {lo}..={hi}"),
                s.on(&tree, false),
            );
        }
    }
}

/// Compares what `s` shows on every tree with `tests/data/{file}` (or
/// records it there when [`RECORD_VAR`] is set).
fn check_recorded<S: Searches>(s: &mut S, file: &str) {
    let mut per_tree: Vec<(String, u64)> = Vec::new();
    let mut per_search: Vec<(String, Fnv)> = Vec::new();
    for_each_tree(s, |label, hashes| {
        let mut h = Fnv::new();
        for (name, x) in hashes {
            h.str(&name);
            h.u64(x);
            match per_search.iter_mut().find(|(n, _)| *n == name) {
                Some((_, s)) => s.u64(x),
                None => {
                    let mut s = Fnv::new();
                    s.u64(x);
                    per_search.push((name, s));
                }
            }
        }
        per_tree.push((label, h.0));
    });
    assert!(per_tree.len() >= 3_000, "{} trees", per_tree.len());
    // One line per tree (its hash; the label is shown on a difference),
    // then one per search.
    let mut text = String::new();
    for (_, h) in &per_tree {
        writeln!(text, "{h:016x}").unwrap();
    }
    for (name, h) in &per_search {
        writeln!(text, "{:016x} {name}", h.0).unwrap();
    }
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file);
    if std::env::var_os(RECORD_VAR).is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (record it with {RECORD_VAR}=1)", path.display()));
    let got: Vec<&str> = text.lines().collect();
    let want: Vec<&str> = recorded.lines().collect();
    let differ: Vec<String> = want
        .iter()
        .zip(&got)
        .enumerate()
        .filter(|(_, (w, g))| w != g)
        .take(20)
        .map(|(i, (w, g))| {
            let what = per_tree.get(i).map_or("", |t| t.0.as_str());
            format!("recorded {w}\n     now {g} {what}")
        })
        .collect();
    assert!(
        differ.is_empty() && got.len() == want.len(),
        "{} lines recorded, {} now; first differences:\n{}",
        want.len(),
        got.len(),
        differ.join("\n")
    );
}

#[test]
fn sss_family_as_recorded() {
    check_recorded(&mut SssFamily, "differential.txt");
}

#[test]
fn mt_drivers_as_recorded() {
    check_recorded(
        &mut MtDrivers(TranspositionTable::new()),
        "differential-mt.txt",
    );
}

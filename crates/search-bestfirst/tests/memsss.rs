//! MemSSS*(M) and MemDual*(M): the Fig. 1 reconstruction, every budget on
//! many shapes (value, peak ≤ M, no leaf alpha-beta prunes), equality with
//! RecSSS*/RecDual* at the maximum, the memory functions, errors.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::support::{
    SMALL_SHAPES, alphabeta_leaves, each_random_tree, each_tree, mem_budgets, memdual,
    memdual_maximum, memdual_minimum, memdual_with_events, memsss_maximum, memsss_minimum, order,
    rec_orders, recdual, uniform_grid,
};
use search_bestfirst::{BestFirstError, Outcome, memsss, recsss};
use search_depthfirst::{Window, alphabeta};
use tree_core::{
    Bounds, Dewey, ExplicitTree, GeneratedTree, Generator, Traced, Tree, Value, corpus,
    corpus::Hooked, minimax, worked,
};

fn d(s: &str) -> Dewey {
    s.parse().unwrap()
}

fn mem(m: usize, leaf: bool) -> memsss::Config {
    memsss::Config {
        memory: Some(m),
        shape: None,
        odd_depth_leaf_search: leaf,
        ..memsss::Config::default()
    }
}

/// The 64 leaves of a (2,6) tree as `x` (evaluated) or `.`, left to right.
fn row(leaves: &[Dewey]) -> String {
    let mut r = ['.'; 64];
    for l in leaves {
        r[l.rank(2)] = 'x';
    }
    r.iter().collect()
}

#[test]
fn fig1_reconstruction() {
    // A RECONSTRUCTION of Bhattacharya & Bagchi 1996, Fig. 1 (its 64 scores were lost; see `tree_core::worked`).
    // d = 6 is even, so terminals are stored in OPEN whatever the
    // odd-depth setting.
    let fig = worked::FIG1;
    assert!(fig.reconstruction);
    let t = fig.tree();
    assert_eq!(t.bounds(), Some(Bounds::uniform(2, 6)));
    let (least, most) = (
        memsss_minimum(Bounds::uniform(2, 6), true).unwrap(),
        memsss_maximum(Bounds::uniform(2, 6), true).unwrap(),
    );
    assert_eq!((least, most), (7, 15));
    let ab = alphabeta_leaves(&t);
    let truth = minimax(&t);
    let mut text = String::from(
        "RECONSTRUCTION of Bhattacharya & Bagchi 1996, Fig. 1 (the published scores were lost): \
         terminals examined, leaf 1 (111111) to leaf 64 (222222)\n",
    );
    let mut rows = Vec::new();
    for m in least..=most {
        let traced = Traced::new(&t);
        let (out, events) = memsss::search_with_events(&traced, &mem(m, true)).unwrap();
        let leaves = traced.order();
        assert_eq!(out.value, truth, "M = {m}");
        assert!(out.memory.peak <= m, "M = {m}");
        assert!(
            leaves.iter().all(|l| ab.contains(l)),
            "M = {m}: MemSSS* examined a terminal alpha-beta does not"
        );
        let mut inactive: Vec<String> =
            events.inactivated().iter().map(|d| d.to_string()).collect();
        if inactive.is_empty() {
            inactive.push("none".into());
        }
        writeln!(
            text,
            "M = {m:2}  {}  {:2} leaves, peak {:2}, inactive {}",
            row(&leaves),
            leaves.len(),
            out.memory.peak,
            inactive.join(" ")
        )
        .unwrap();
        rows.push((m, leaves, events));
    }
    let ab_order = order(&t, |tr| {
        alphabeta(tr, Window::FULL).unwrap();
    });
    writeln!(
        text,
        "AB      {}  {:2} leaves",
        row(&ab_order),
        ab_order.len()
    )
    .unwrap();
    insta::assert_snapshot!("fig1_reconstruction_rows", text);

    let leaves_of = |m: usize| &rows[m - least].1;
    let events_of = |m: usize| &rows[m - least].2;
    let three = [d("211211"), d("211221"), d("211222")];
    let values: Vec<i32> = three
        .iter()
        .map(|c| {
            let mut n = t.root();
            for &i in c.digits() {
                n = t.child(&n, usize::from(i));
            }
            t.value(&n).get()
        })
        .collect();
    assert_eq!(values, [3, 4, 5]);

    // M = 13: 2121 is the only inactive node when 2112 is selected SOLVED,
    // which activates it; the three terminals are examined.
    let ev = events_of(13);
    let acts = ev.activations();
    assert_eq!(acts.len(), 1);
    assert_eq!((&acts[0].node, &acts[0].solved), (&d("2121"), &d("2112")));
    assert_eq!(ev.inactive_before(0), [d("2121")]);
    // The only other node ever made INACTIVE is 2221, later: 22 takes the
    // slot (and the 4 entries) of the solved 21, and must be examined since
    // 21 = 6 is the root's value. It is never activated.
    assert_eq!(ev.inactivated(), [d("2121"), d("2221")]);
    assert!(three.iter().all(|l| leaves_of(13).contains(l)));

    // M = 9: 21 is the only inactive node, activated when 12 is selected
    // SOLVED; the subtree below 2121 then dominates, and the three terminals
    // below 2112 are not examined.
    let ev = events_of(9);
    assert_eq!(ev.inactivated(), [d("21")]);
    let acts = ev.activations();
    assert_eq!(acts.len(), 1);
    assert_eq!((&acts[0].node, &acts[0].solved), (&d("21"), &d("12")));
    assert!(three.iter().all(|l| !leaves_of(9).contains(l)));

    // M = 15: RecSSS*, terminals and order.
    let rec = order(&t, |tr| {
        recsss::search(tr, &recsss::Config::default()).unwrap();
    });
    assert_eq!(leaves_of(15), &rec);
    assert!(events_of(15).log.is_empty());
}

/// Small uniform trees from several generators, ties included.
fn uniform_trees(
    shapes: &'static [(usize, usize)],
    per_cell: u64,
) -> impl Iterator<Item = GeneratedTree> {
    const GENERATORS: &[Generator] = &[
        Generator::Random { lo: 0, hi: 3 },
        Generator::RANDOM,
        Generator::STRONG,
        Generator::TOPDOWN_RANDOM,
        Generator::KORF,
    ];
    uniform_grid(GENERATORS, shapes, 0x3e3, per_cell)
}

/// What one budget must give: the value, peak ≤ M, the allocation, and no
/// terminal alpha-beta prunes.
fn check_budget(
    out: &Outcome,
    leaves: &[Dewey],
    truth: Value,
    ab: &BTreeSet<Dewey>,
    m: usize,
    most: usize,
    what: &dyn std::fmt::Display,
) {
    assert_eq!(out.value, truth, "{what}, M = {m}");
    assert!(
        out.memory.peak <= m,
        "{what}, M = {m}: peak {}",
        out.memory.peak
    );
    assert_eq!(out.memory.capacity, m.min(most), "{what}, M = {m}");
    if let Some(l) = leaves.iter().find(|l| !ab.contains(l)) {
        panic!("{what}, M = {m}: examines {l}, which alpha-beta prunes");
    }
}

/// MemSSS* and MemDual* at every budget from the minimum to the maximum
/// (and one above), with the odd-depth variant on and off. Returns how
/// many activations froze a LIVE donor.
fn every_budget<T: Tree>(tree: &T, what: &dyn std::fmt::Display) -> usize {
    let truth = minimax(tree);
    let ab = alphabeta_leaves(tree);
    let bounds = tree.bounds().unwrap();
    let mut froze = 0;
    for leaf in [true, false] {
        for dual in [false, true] {
            let (least, most) = mem_budgets(bounds, dual, leaf);
            let name = if dual { "MemDual*" } else { "MemSSS*" };
            for m in least..=most + 1 {
                let traced = Traced::new(tree);
                let (out, ev) = if dual {
                    memdual_with_events(&traced, &mem(m, leaf))
                } else {
                    memsss::search_with_events(&traced, &mem(m, leaf))
                }
                .unwrap_or_else(|e| panic!("{name} on {what}, M = {m}: {e}"));
                let w = format!("{name} (leaf search {leaf}) on {what}");
                check_budget(&out, &traced.order(), truth, &ab, m, most, &w);
                froze += ev.activations().iter().filter(|a| a.froze).count();
            }
            let below = if dual {
                memdual(tree, &mem(least - 1, leaf))
            } else {
                memsss::search(tree, &mem(least - 1, leaf))
            };
            assert_eq!(
                below.unwrap_err(),
                BestFirstError::BudgetTooSmall {
                    algorithm: name,
                    given: least - 1,
                    minimum: least
                },
                "{what}"
            );
        }
    }
    froze
}

#[test]
fn every_budget_on_uniform_trees() {
    let mut froze = 0;
    let n = each_tree(uniform_trees(SMALL_SHAPES, 6), |tree, what| {
        froze += every_budget(tree, what);
    });
    assert!(n >= 300);
    assert!(froze > 0, "some activation froze a LIVE donor");
}

#[test]
fn every_budget_on_nonuniform_trees() {
    let mut n = 0;
    let mut froze = 0;
    for (text, tree) in corpus::random_trees(0x3e3, 4_000) {
        let b = tree.bounds().unwrap();
        // Keep the sweep short: every budget up to RecSSS*'s size when it is
        // small, else only the trees' first few hundred.
        if memsss_maximum(b, false).unwrap() > 120 {
            continue;
        }
        froze += every_budget(&tree, &text);
        n += 1;
    }
    assert!(n >= 1_000, "{n}");
    assert!(froze > 0);
}

#[test]
fn wide_nonuniform_trees_at_sampled_budgets() {
    // The trees the full sweep skips: budgets on a geometric scale.
    let mut n = 0;
    for (text, tree) in corpus::random_trees(0x3e4, 3_000) {
        let b = tree.bounds().unwrap();
        if memsss_maximum(b, false).unwrap() <= 120 {
            continue;
        }
        let truth = minimax(&tree);
        let ab = alphabeta_leaves(&tree);
        for leaf in [true, false] {
            for (name, dual) in [("MemSSS*", false), ("MemDual*", true)] {
                let (least, most) = mem_budgets(b, dual, leaf);
                let mut m = least;
                while m <= most {
                    let traced = Traced::new(&tree);
                    let out = if dual {
                        memdual(&traced, &mem(m, leaf))
                    } else {
                        memsss::search(&traced, &mem(m, leaf))
                    }
                    .unwrap();
                    let what = format_args!("{name} (leaf search {leaf}) on {text}");
                    check_budget(&out, &traced.order(), truth, &ab, m, most, &what);
                    m = m * 9 / 8 + 1;
                }
            }
        }
        n += 1;
    }
    assert!(n >= 100, "{n}");
}

#[test]
fn at_the_maximum_memsss_is_recsss() {
    let mut n = each_random_tree(0x3e5, 3_000, |tree, what| compare_with_rec(tree, what));
    n += each_tree(uniform_trees(SMALL_SHAPES, 20), compare_with_rec);
    assert!(n >= 4_000);
}

fn compare_with_rec<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    for leaf in [true, false] {
        let cfg = memsss::Config {
            odd_depth_leaf_search: leaf,
            ..memsss::Config::default()
        };
        let (rec, rec_dual) = rec_orders(tree, leaf);
        let m = order(tree, |t| {
            let out = memsss::search(t, &cfg).unwrap();
            assert_eq!(
                out.memory.capacity,
                memsss_maximum(tree.bounds().unwrap(), leaf).unwrap()
            );
        });
        assert_eq!(m, rec, "MemSSS* (leaf search {leaf}) on {what}");
        // The odd-depth variant changes the memory, never the terminals.
        let plain = order(tree, |t| {
            recsss::search(t, &recsss::Config::default()).unwrap();
        });
        assert_eq!(m, plain, "{what}");
        let m = order(tree, |t| {
            memdual(t, &cfg).unwrap();
        });
        assert_eq!(m, rec_dual, "MemDual* (leaf search {leaf}) on {what}");
    }
}

#[test]
fn memory_functions() {
    // Bhattacharya & Bagchi 1996, §3 for (2,6): minmem(t) = b⌈(d−t)/2⌉, maxmem(t) = (b^(⌈(d−t)/2⌉+1)−1)/(b−1) − 1.
    let s = memsss::MemShape::sss(Bounds::uniform(2, 6), true);
    let minmem: Vec<usize> = (0..=6).map(|t| s.minmem(t)).collect();
    let maxmem: Vec<usize> = (0..=6).map(|t| s.maxmem(t).unwrap()).collect();
    assert_eq!(minmem, [6, 6, 4, 4, 2, 2, 0]);
    assert_eq!(maxmem, [14, 14, 6, 6, 2, 2, 0]);
    for (b, d) in [(2, 6), (3, 5), (5, 10), (9, 8), (10, 7), (1, 5), (7, 1)] {
        let s = memsss::MemShape::sss(Bounds::uniform(b, d), false);
        for t in 0..=d {
            let k = (d - t).div_ceil(2) as u32;
            assert_eq!(s.minmem(t), b * k as usize, "({b},{d}) t = {t}");
            let max = if b == 1 {
                k as usize
            } else {
                (b.pow(k + 1) - 1) / (b - 1) - 1
            };
            assert_eq!(s.maxmem(t), Some(max), "({b},{d}) t = {t}");
        }
    }
    // Bhattacharya & Bagchi 1996, Table 1 and Table 2, the memory column: minimum and maximum
    // (odd depths with the terminals kept out of OPEN, as in §4).
    for ((b, d), (least, most)) in [
        ((5, 10), (26, 3_906)),
        ((6, 9), (25, 1_555)),
        ((9, 8), (37, 7_381)),
        ((10, 7), (31, 1_111)),
        ((4, 10), (21, 1_365)),
        ((6, 8), (25, 1_555)),
    ] {
        let bounds = Bounds::uniform(b, d);
        assert_eq!(memsss_minimum(bounds, true).unwrap(), least, "({b},{d})");
        assert_eq!(memsss_maximum(bounds, true).unwrap(), most, "({b},{d})");
    }
    // Terminals in OPEN: RecSSS*'s 1 + b + … + b^⌈d/2⌉.
    let b69 = Bounds::uniform(6, 9);
    assert_eq!(memsss_minimum(b69, false).unwrap(), 31);
    assert_eq!(memsss_maximum(b69, false).unwrap(), 9_331);
    // The dual: 2 + b⌈(d−1)/2⌉ … 2 + b + … + b^⌈(d−1)/2⌉.
    let b26 = Bounds::uniform(2, 6);
    assert_eq!(memdual_minimum(b26, false).unwrap(), 2 + 2 * 3);
    assert_eq!(memdual_maximum(b26, false).unwrap(), 2 + 2 + 4 + 8);
    assert_eq!(memdual_minimum(b26, true).unwrap(), 2 + 2 * 2);
    assert_eq!(memdual_maximum(b26, true).unwrap(), 2 + 2 + 4);
    assert_eq!(
        memdual_maximum(Bounds::uniform(2, 5), true).unwrap(),
        2 + 2 + 4
    );
    // A terminal root, a single level.
    assert_eq!(memsss_maximum(Bounds::uniform(0, 0), true).unwrap(), 1);
    assert_eq!(memsss_maximum(Bounds::uniform(4, 1), false).unwrap(), 5);
    assert_eq!(memsss_maximum(Bounds::uniform(4, 1), true).unwrap(), 1);
    assert!(matches!(
        memsss_maximum(Bounds::uniform(1_000, 40), true),
        Err(BestFirstError::TooLarge { .. })
    ));
    assert_eq!(
        memsss_minimum(Bounds::uniform(1_000, 40), true).unwrap(),
        20_001
    );
}

#[test]
fn budgets_and_errors() {
    let t = worked::FIG1.tree();
    let e = memsss::search(&t, &memsss::Config::default().with_memory(6)).unwrap_err();
    assert!(e.to_string().contains("at least 7"), "{e}");
    let e = memdual(&t, &memsss::Config::default().with_memory(5)).unwrap_err();
    assert!(e.to_string().contains("at least 6"), "{e}");
    // Above the maximum: the maximum is allocated, and it is RecSSS*.
    let out = memsss::search(&t, &memsss::Config::default().with_memory(1_000_000)).unwrap();
    assert_eq!(out.memory.capacity, 15);
    // A shape too small for the tree is an error, not an overrun.
    let small = memsss::Config {
        memory: None,
        shape: Some(Bounds::uniform(2, 4)),
        odd_depth_leaf_search: true,
        ..memsss::Config::default()
    };
    let shapeless = Hooked::shapeless(&t);
    let e = memsss::search(&shapeless, &small).unwrap_err();
    assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
    let e = memdual(&shapeless, &small).unwrap_err();
    assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
    let narrow = memsss::Config {
        shape: Some(Bounds::uniform(1, 6)),
        ..small.clone()
    };
    assert!(matches!(
        memsss::search(&shapeless, &narrow),
        Err(BestFirstError::TreeShape { .. })
    ));
    assert!(matches!(
        memsss::search(&shapeless, &memsss::Config::default()),
        Err(BestFirstError::UnknownShape { .. })
    ));
    let fits = memsss::Config {
        shape: Some(Bounds::uniform(2, 6)),
        ..small.clone()
    };
    assert_eq!(
        memsss::search(&shapeless, &fits).unwrap().value,
        minimax(&t)
    );
    // A looser shape (more room than needed) is fine.
    let loose = memsss::Config {
        shape: Some(Bounds::uniform(3, 7)),
        memory: Some(12),
        ..small.clone()
    };
    assert_eq!(
        memsss::search(&shapeless, &loose).unwrap().value,
        minimax(&t)
    );
    assert_eq!(memdual(&shapeless, &loose).unwrap().value, minimax(&t));
    // A terminal root.
    let leaf = ExplicitTree::parse("7").unwrap();
    for m in [1, 2, 5] {
        assert_eq!(
            memsss::search(&leaf, &memsss::Config::default().with_memory(m))
                .unwrap()
                .value
                .get(),
            7
        );
    }
    assert_eq!(
        memdual(&leaf, &memsss::Config::default())
            .unwrap()
            .value
            .get(),
        7
    );
}

#[test]
fn every_algorithm_exact_on_ten_thousand_trees() {
    let mut n = 0;
    let mut check = |tree: &dyn ErasedTree, what: &dyn std::fmt::Display| {
        tree.check(what);
        n += 1;
    };
    for (text, tree) in corpus::random_trees(0x3e6, 9_000) {
        check(&tree, &text);
    }
    for tree in corpus::generated_trees(4) {
        check(&tree, &format_args!("{:?}", tree.spec()));
    }
    for tree in uniform_trees(SMALL_SHAPES, 4) {
        check(&tree, &format_args!("{:?}", tree.spec()));
    }
    assert!(n >= 10_000, "{n}");
}

/// RecSSS*, RecDual*, MemSSS* and MemDual* at their minimum, a middle and
/// their maximum budget against minimax.
trait ErasedTree {
    fn check(&self, what: &dyn std::fmt::Display);
}

impl<T: Tree> ErasedTree for T {
    fn check(&self, what: &dyn std::fmt::Display) {
        let truth = minimax(self);
        let b = self.bounds().unwrap();
        let rec = recsss::search(self, &recsss::Config::default()).unwrap();
        assert_eq!(rec.value, truth, "RecSSS* on {what}");
        assert!(rec.memory.peak <= rec.memory.capacity);
        let rd = recdual(self, &recsss::Config::default()).unwrap();
        assert_eq!(rd.value, truth, "RecDual* on {what}");
        assert!(rd.memory.peak <= rd.memory.capacity);
        for (dual, least, most) in [
            (
                false,
                memsss_minimum(b, true).unwrap(),
                memsss_maximum(b, true).unwrap(),
            ),
            (
                true,
                memdual_minimum(b, true).unwrap(),
                memdual_maximum(b, true).unwrap(),
            ),
        ] {
            for m in [least, (least + most) / 2, most] {
                let out = if dual {
                    memdual(self, &memsss::Config::default().with_memory(m))
                } else {
                    memsss::search(self, &memsss::Config::default().with_memory(m))
                }
                .unwrap();
                assert_eq!(out.value, truth, "dual {dual}, M = {m} on {what}");
                assert!(out.memory.peak <= m);
            }
        }
    }
}

#[test]
fn peak_is_the_real_occupancy() {
    // All-equal leaves: every solution tree ties, so RecSSS* fills its OPEN.
    let flat = ExplicitTree::uniform(3, 4, &[5; 81]).unwrap();
    let out = recsss::search(&flat, &recsss::Config::default()).unwrap();
    assert_eq!((out.memory.capacity, out.memory.peak), (13, 13));
    let out = memsss::search(&flat, &memsss::Config::default()).unwrap();
    assert_eq!((out.memory.capacity, out.memory.peak), (13, 13));
    let out = memsss::search(&flat, &memsss::Config::default().with_memory(7)).unwrap();
    assert_eq!((out.memory.capacity, out.memory.peak), (7, 7));
    // At every budget the peak is reached: OPEN is used, not just allocated.
    for m in 7..=13 {
        let out = memsss::search(&flat, &memsss::Config::default().with_memory(m)).unwrap();
        assert!(out.memory.peak <= m && out.memory.peak >= 7, "M = {m}");
    }
}

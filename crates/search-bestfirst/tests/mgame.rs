//! MGame(searchd) (Bhattacharya & Bagchi 1996, §4): the end points QuickGame (searchd = 2) and
//! RecSSS* (searchd >= d) terminal for terminal, exactness in between,
//! OPEN's size and peak, errors.

use search_bestfirst::{
    Algorithm, BestFirstError, MgConfig, MgTie, Options, QgConfig, RecConfig, memsss_maximum,
    memsss_minimum, mgame, mgame_memory, qg_minimum_memory, quickgame, recsss,
};
use tree_core::{Bounds, Dewey, ExplicitTree, Traced, Tree, corpus, minimax, worked};

fn order<T: Tree>(tree: &T, search: impl Fn(&Traced<&T>)) -> Vec<Dewey> {
    let traced = Traced::new(tree);
    search(&traced);
    traced.order()
}

fn config(searchd: usize, tie: MgTie) -> MgConfig {
    MgConfig {
        tie,
        ..MgConfig::new(searchd)
    }
}

/// MGame(2) against QuickGame: the same terminals in the same order, the
/// same value, and OPEN one entry (the root's) above QuickGame's.
fn same_as_quickgame<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let qg = order(tree, |t| {
        quickgame(t, &QgConfig::default()).unwrap();
    });
    for tie in [MgTie::Auto, MgTie::Stop] {
        let m = order(tree, |t| {
            let out = mgame(t, &config(2, tie)).unwrap();
            assert_eq!(out.value, minimax(tree), "{what}");
            let b = tree.bounds().unwrap();
            assert_eq!(out.memory.capacity, 1 + qg_minimum_memory(b).unwrap());
            assert!(out.memory.peak <= out.memory.capacity, "{what}");
        });
        assert_eq!(m, qg, "MGame(2) ({tie:?}) against QuickGame on {what}");
    }
}

/// MGame(searchd >= d) against RecSSS*: the same terminals in the same
/// order and the same OPEN size.
fn same_as_recsss<T: Tree>(tree: &T, searchd: usize, tie: MgTie, what: &dyn std::fmt::Display) {
    let rec = order(tree, |t| {
        recsss(t, &RecConfig::default()).unwrap();
    });
    let m = order(tree, |t| {
        let out = mgame(t, &config(searchd, tie)).unwrap();
        let b = tree.bounds().unwrap();
        assert_eq!(out.memory.capacity, memsss_maximum(b, false).unwrap());
        assert!(out.memory.peak <= out.memory.capacity, "{what}");
    });
    assert_eq!(
        m, rec,
        "MGame({searchd}) ({tie:?}) against RecSSS* on {what}"
    );
}

#[test]
fn searchd_2_is_quickgame() {
    let mut n = 0;
    for tree in corpus::generated_trees(6) {
        same_as_quickgame(&tree, &format_args!("{:?}", tree.spec()));
        n += 1;
    }
    for (text, tree) in corpus::random_trees(0x3a3e, 1_000) {
        same_as_quickgame(&tree, &text);
        n += 1;
    }
    assert!(n >= 2_000, "{n}");
}

#[test]
fn searchd_d_is_recsss() {
    // Uniform trees of even depth >= 4: the default tie rule is RecSSS*'s.
    let mut n = 0;
    for tree in corpus::generated_trees(20) {
        let d = tree.bounds().unwrap().depth;
        if d >= 4 && d % 2 == 0 {
            same_as_recsss(&tree, d, MgTie::Auto, &format_args!("{:?}", tree.spec()));
            same_as_recsss(
                &tree,
                d + 2,
                MgTie::Auto,
                &format_args!("{:?}", tree.spec()),
            );
            n += 1;
        }
    }
    assert!(n >= 1_000, "{n}");
    // Every depth, uniform or not, with searchd the least even >= d (>= 4
    // for the default rule; at searchd = 2 the Leftmost rule is RecSSS*).
    for tree in corpus::generated_trees(2) {
        let d = tree.bounds().unwrap().depth;
        let s = d.next_multiple_of(2).max(2);
        let what = format!("{:?}", tree.spec());
        same_as_recsss(&tree, s, MgTie::Leftmost, &what);
        same_as_recsss(&tree, s.max(4), MgTie::Auto, &what);
    }
    for (text, tree) in corpus::random_trees(0x7ec, 500) {
        let d = tree.bounds().unwrap().depth;
        let s = d.next_multiple_of(2).max(4);
        same_as_recsss(&tree, s, MgTie::Auto, &text);
        same_as_recsss(&tree, s, MgTie::Leftmost, &text);
    }
}

#[test]
fn the_two_rules_differ_only_at_ties() {
    // On a depth-2 tree MGame(2) and MGame(d) are one search: QuickGame
    // stops at the tie between the LIVE son 1 (h = 5) and the solved son 2
    // (5); RecSSS* searches son 1 on. Both get the value.
    let t = ExplicitTree::uniform(2, 2, &[5, 9, 7, 5]).unwrap();
    let leaves = |tie| {
        let c = Traced::new(&t);
        assert_eq!(mgame(&c, &config(2, tie)).unwrap().value.get(), 5);
        c.order().len()
    };
    assert_eq!(leaves(MgTie::Auto), 3);
    assert_eq!(leaves(MgTie::Stop), 3);
    assert_eq!(leaves(MgTie::Leftmost), 4);
    same_as_quickgame(&t, &"the tie tree");
    same_as_recsss(&t, 2, MgTie::Leftmost, &"the tie tree");
}

#[test]
fn exact_for_every_searchd() {
    let mut n = 0;
    for searchd in [2, 4, 6] {
        for tie in [MgTie::Auto, MgTie::Stop, MgTie::Leftmost] {
            let cfg = config(searchd, tie);
            for (text, tree) in corpus::random_trees(searchd as u64, 3_000) {
                let out = mgame(&tree, &cfg).unwrap();
                assert_eq!(
                    out.value,
                    minimax(&tree),
                    "MGame({searchd}) {tie:?} on {text}"
                );
                assert!(out.memory.peak <= out.memory.capacity, "{text}");
                if tie == MgTie::Auto {
                    n += 1;
                }
            }
            for tree in corpus::generated_trees(2) {
                let out = mgame(&tree, &cfg).unwrap();
                let what = tree.spec();
                assert_eq!(
                    out.value,
                    minimax(&tree),
                    "MGame({searchd}) {tie:?} on {what:?}"
                );
                let b = tree.bounds().unwrap();
                assert_eq!(out.memory.capacity, mgame_memory(b, searchd).unwrap());
                assert!(out.memory.peak <= out.memory.capacity, "{what:?}");
                if tie == MgTie::Auto {
                    n += 1;
                }
            }
        }
    }
    assert!(n >= 10_000, "{n}");
}

#[test]
fn worked_examples_follow_quickgame() {
    for (ex, leaves) in [
        (&worked::TABLE1, 11),
        (&worked::TABLE2, 9),
        (&worked::PI, 33),
    ] {
        let tree = ex.tree();
        let qg = order(&tree, |t| {
            quickgame(t, &QgConfig::default()).unwrap();
        });
        let m = order(&tree, |t| {
            let out = mgame(t, &MgConfig::default()).unwrap();
            assert_eq!(out.value, minimax(&tree));
        });
        assert_eq!(m.len(), leaves, "{}", ex.name);
        assert_eq!(m, qg, "{}", ex.name);
    }
}

#[test]
fn memory_formula() {
    for (b, d) in [
        (1, 1),
        (2, 1),
        (2, 2),
        (2, 5),
        (2, 6),
        (3, 4),
        (3, 7),
        (4, 8),
        (8, 6),
    ] {
        let s = Bounds::uniform(b, d);
        assert_eq!(
            mgame_memory(s, 2).unwrap(),
            1 + qg_minimum_memory(s).unwrap(),
            "({b},{d})"
        );
        assert_eq!(
            mgame_memory(s, 2).unwrap(),
            memsss_minimum(s, false).unwrap()
        );
        let deep = d.next_multiple_of(2).max(2);
        for searchd in [deep, deep + 2, 64] {
            assert_eq!(
                mgame_memory(s, searchd).unwrap(),
                memsss_maximum(s, false).unwrap(),
                "({b},{d}) searchd {searchd}"
            );
        }
    }
    // Slabs in between: ⌈d/searchd⌉ regions of b + … + b^(searchd/2),
    // the last cut to the depth left.
    let s = Bounds::uniform(3, 8);
    assert_eq!(mgame_memory(s, 4).unwrap(), 1 + 2 * (3 + 9));
    assert_eq!(mgame_memory(s, 6).unwrap(), 1 + (3 + 9 + 27) + 3);
    let s = Bounds::uniform(2, 7);
    assert_eq!(mgame_memory(s, 4).unwrap(), 1 + (2 + 4) + (2 + 4));
    assert_eq!(mgame_memory(Bounds::uniform(5, 0), 2).unwrap(), 1);
    // The sizes grow with searchd: the discrete slabs of memory.
    let s = Bounds::uniform(4, 8);
    let sizes: Vec<usize> = [2, 4, 6, 8].map(|k| mgame_memory(s, k).unwrap()).into();
    assert_eq!(sizes, [17, 41, 89, 341]);
}

#[test]
fn peak_reaches_capacity_on_uniform_trees() {
    for tree in corpus::generated_trees(1) {
        let b = tree.bounds().unwrap();
        if b.branching < 2 {
            continue;
        }
        for searchd in [2, 4, 6] {
            let out = mgame(&tree, &MgConfig::new(searchd)).unwrap();
            assert!(out.memory.peak <= out.memory.capacity);
            if searchd == 2 {
                // The leftmost path is searched first: every slab full.
                assert_eq!(out.memory.peak, out.memory.capacity, "{:?}", tree.spec());
            }
        }
    }
}

#[test]
fn bad_parameters_and_budgets() {
    let t = ExplicitTree::uniform(2, 4, &[3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]).unwrap();
    for searchd in [0, 1, 3, 5, 7] {
        let e = mgame(&t, &MgConfig::new(searchd)).unwrap_err();
        assert!(
            matches!(
                e,
                BestFirstError::InvalidParameter {
                    name: "searchd",
                    ..
                }
            ),
            "{e}"
        );
        let opts = Options {
            searchd,
            ..Options::default()
        };
        assert!(Algorithm::MGame.run(&t, &opts).is_err());
        assert!(mgame_memory(Bounds::uniform(2, 4), searchd).is_err());
    }
    for searchd in [2, 4] {
        let minimum = mgame_memory(Bounds::uniform(2, 4), searchd).unwrap();
        let cfg = MgConfig {
            memory: Some(minimum - 1),
            ..MgConfig::new(searchd)
        };
        assert_eq!(
            mgame(&t, &cfg).unwrap_err(),
            BestFirstError::BudgetTooSmall {
                algorithm: "MGame",
                given: minimum - 1,
                minimum
            }
        );
        let cfg = MgConfig {
            memory: Some(minimum + 10),
            ..MgConfig::new(searchd)
        };
        let out = mgame(&t, &cfg).unwrap();
        assert_eq!((out.value, out.memory.capacity), (minimax(&t), minimum));
    }
    // A tree deeper than the shape it is said to have.
    let cfg = MgConfig {
        shape: Some(Bounds::uniform(2, 2)),
        ..MgConfig::new(2)
    };
    assert!(matches!(
        mgame(&t, &cfg).unwrap_err(),
        BestFirstError::TreeShape { .. }
    ));
    let cfg = MgConfig {
        shape: Some(Bounds::uniform(1, 4)),
        ..MgConfig::new(4)
    };
    assert!(matches!(
        mgame(&t, &cfg).unwrap_err(),
        BestFirstError::TreeShape { .. }
    ));
}

#[test]
fn registry_runs_mgame() {
    let a: Algorithm = "mgame".parse().unwrap();
    assert_eq!(a, Algorithm::MGame);
    assert!(a.description().contains("--searchd"));
    assert_eq!(Options::default().searchd, 2);
    let t = worked::PI.tree();
    for searchd in [2, 4, 6] {
        let opts = Options {
            searchd,
            ..Options::default()
        };
        let out = a.run(&t, &opts).unwrap();
        assert_eq!(out.value.get(), 2);
        assert_eq!(
            out.memory.capacity,
            mgame_memory(t.bounds().unwrap(), searchd).unwrap()
        );
    }
}

//! MGame(searchd) (Bhattacharya & Bagchi 1996, §4): the end points QuickGame (searchd = 2) and
//! RecSSS* (searchd >= d) terminal for terminal, exactness in between,
//! OPEN's size and peak, errors.

use crate::support::{
    each_generated_tree, each_random_tree, memsss_maximum, memsss_minimum, mgame_memory, order,
    qg_minimum_memory, quickgame,
};
use search_bestfirst::{Algorithm, BestFirstError, Options, mgame, quickgame, recsss};
use tree_core::{Bounds, ExplicitTree, Traced, Tree, corpus, minimax, worked};

fn config(searchd: usize, tie: mgame::Tie) -> mgame::Config {
    mgame::Config {
        tie,
        ..mgame::Config::new(searchd)
    }
}

/// MGame(2) against QuickGame: the same terminals in the same order, the
/// same value, and OPEN one entry (the root's) above QuickGame's.
fn same_as_quickgame<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let qg = order(tree, |t| {
        quickgame(t, &quickgame::Config::default()).unwrap();
    });
    for tie in [mgame::Tie::Auto, mgame::Tie::Stop] {
        let m = order(tree, |t| {
            let out = mgame::search(t, &config(2, tie)).unwrap();
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
fn same_as_recsss<T: Tree>(
    tree: &T,
    searchd: usize,
    tie: mgame::Tie,
    what: &dyn std::fmt::Display,
) {
    let rec = order(tree, |t| {
        recsss::search(t, &recsss::Config::default()).unwrap();
    });
    let m = order(tree, |t| {
        let out = mgame::search(t, &config(searchd, tie)).unwrap();
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
    let n = each_generated_tree(6, |tree, what| same_as_quickgame(tree, what))
        + each_random_tree(0x3a3e, 1_000, |tree, what| same_as_quickgame(tree, what));
    assert!(n >= 2_000, "{n}");
}

#[test]
fn searchd_d_is_recsss() {
    // Uniform trees of even depth >= 4: the default tie rule is RecSSS*'s.
    let mut n = 0;
    for tree in corpus::generated_trees(20) {
        let d = tree.bounds().unwrap().depth;
        if d >= 4 && d % 2 == 0 {
            same_as_recsss(
                &tree,
                d,
                mgame::Tie::Auto,
                &format_args!("{:?}", tree.spec()),
            );
            same_as_recsss(
                &tree,
                d + 2,
                mgame::Tie::Auto,
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
        same_as_recsss(&tree, s, mgame::Tie::Leftmost, &what);
        same_as_recsss(&tree, s.max(4), mgame::Tie::Auto, &what);
    }
    for (text, tree) in corpus::random_trees(0x7ec, 500) {
        let d = tree.bounds().unwrap().depth;
        let s = d.next_multiple_of(2).max(4);
        same_as_recsss(&tree, s, mgame::Tie::Auto, &text);
        same_as_recsss(&tree, s, mgame::Tie::Leftmost, &text);
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
        assert_eq!(mgame::search(&c, &config(2, tie)).unwrap().value.get(), 5);
        c.order().len()
    };
    assert_eq!(leaves(mgame::Tie::Auto), 3);
    assert_eq!(leaves(mgame::Tie::Stop), 3);
    assert_eq!(leaves(mgame::Tie::Leftmost), 4);
    same_as_quickgame(&t, &"the tie tree");
    same_as_recsss(&t, 2, mgame::Tie::Leftmost, &"the tie tree");
}

#[test]
fn exact_for_every_searchd() {
    let mut n = 0;
    for searchd in [2, 4, 6] {
        for tie in [mgame::Tie::Auto, mgame::Tie::Stop, mgame::Tie::Leftmost] {
            let cfg = config(searchd, tie);
            for (text, tree) in corpus::random_trees(searchd as u64, 3_000) {
                let out = mgame::search(&tree, &cfg).unwrap();
                assert_eq!(
                    out.value,
                    minimax(&tree),
                    "MGame({searchd}) {tie:?} on {text}"
                );
                assert!(out.memory.peak <= out.memory.capacity, "{text}");
                if tie == mgame::Tie::Auto {
                    n += 1;
                }
            }
            for tree in corpus::generated_trees(2) {
                let out = mgame::search(&tree, &cfg).unwrap();
                let what = tree.spec();
                assert_eq!(
                    out.value,
                    minimax(&tree),
                    "MGame({searchd}) {tie:?} on {what:?}"
                );
                let b = tree.bounds().unwrap();
                assert_eq!(out.memory.capacity, mgame_memory(b, searchd).unwrap());
                assert!(out.memory.peak <= out.memory.capacity, "{what:?}");
                if tie == mgame::Tie::Auto {
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
            quickgame(t, &quickgame::Config::default()).unwrap();
        });
        let m = order(&tree, |t| {
            let out = mgame::search(t, &mgame::Config::default()).unwrap();
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
            let out = mgame::search(&tree, &mgame::Config::new(searchd)).unwrap();
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
        let e = mgame::search(&t, &mgame::Config::new(searchd)).unwrap_err();
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
            searchd: Some(searchd),
            ..Options::default()
        };
        assert!(Algorithm::MGame.run(&t, &opts).is_err());
        assert!(mgame_memory(Bounds::uniform(2, 4), searchd).is_err());
    }
    for searchd in [2, 4] {
        let minimum = mgame_memory(Bounds::uniform(2, 4), searchd).unwrap();
        let cfg = mgame::Config {
            memory: Some(minimum - 1),
            ..mgame::Config::new(searchd)
        };
        assert_eq!(
            mgame::search(&t, &cfg).unwrap_err(),
            BestFirstError::BudgetTooSmall {
                algorithm: "MGame",
                given: minimum - 1,
                minimum
            }
        );
        let cfg = mgame::Config {
            memory: Some(minimum + 10),
            ..mgame::Config::new(searchd)
        };
        let out = mgame::search(&t, &cfg).unwrap();
        assert_eq!((out.value, out.memory.capacity), (minimax(&t), minimum));
    }
    // A tree deeper than the shape it is said to have.
    for (b, d, searchd) in [(2, 2, 2), (1, 4, 4)] {
        let cfg = mgame::Config {
            shape: Some(Bounds::uniform(b, d)),
            ..mgame::Config::new(searchd)
        };
        assert!(matches!(
            mgame::search(&t, &cfg).unwrap_err(),
            BestFirstError::TreeShape { .. }
        ));
    }
}

#[test]
fn registry_runs_mgame() {
    let a: Algorithm = "mgame".parse().unwrap();
    assert_eq!(a, Algorithm::MGame);
    assert!(a.description().contains("--searchd"));
    let t = worked::PI.tree();
    // Without a slab height, MGame(2).
    assert_eq!(Options::default().searchd, None);
    assert_eq!(
        a.run(&t, &Options::default()).unwrap().memory.capacity,
        mgame_memory(t.bounds().unwrap(), 2).unwrap()
    );
    for searchd in [2, 4, 6] {
        let opts = Options {
            searchd: Some(searchd),
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

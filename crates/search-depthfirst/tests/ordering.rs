//! Perfectly ordered trees: alpha-beta examines the minimal tree,
//! b^ceil(d/2) + b^floor(d/2) - 1 terminals (Knuth & Moore 1975; Campbell
//! p. 44).

use search_depthfirst::{Algorithm, Window, alphabeta};
use tree_core::{BestChild, Counted, Generator, Tree, corpus};

fn minimal(b: u64, d: u32) -> u64 {
    b.pow(d.div_ceil(2)) + b.pow(d / 2) - 1
}

/// The terminals `search` evaluates on `tree`.
fn leaves<T: Tree>(tree: &T, search: impl FnOnce(&Counted<&T>)) -> u64 {
    let counted = Counted::new(tree);
    search(&counted);
    counted.stats().leaves
}

const SHAPES: &[(usize, usize)] = &[
    (1, 5),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 6),
    (2, 9),
    (3, 3),
    (3, 4),
    (3, 7),
    (4, 4),
    (4, 5),
    (5, 3),
    (8, 4),
    (10, 4),
];

#[test]
fn alphabeta_examines_the_minimal_tree_on_perfect_orderings() {
    for g in [Generator::PERFECT, Generator::campbell(BestChild::First)] {
        for &(b, d) in SHAPES {
            for seed in 0..5 {
                let tree = corpus::generated(g, b, d, seed);
                let n = leaves(&tree, |t| {
                    alphabeta(t, Window::FULL).unwrap();
                });
                assert_eq!(n, minimal(b as u64, d as u32), "{g} ({b},{d}) seed {seed}");
            }
        }
    }
}

#[test]
fn minimal_window_family_also_minimal_on_perfect_orderings() {
    // With the best move first, the first child's search establishes the
    // value and every minimal-window test fails low, so PVS, SCOUT and the
    // fail-soft variant examine the minimal tree too.
    for &(b, d) in SHAPES {
        let tree = corpus::generated(Generator::PERFECT, b, d, 1);
        for a in [
            Algorithm::FAlphaBeta,
            Algorithm::PAlphaBeta,
            Algorithm::Scout,
            Algorithm::ScoutTest,
        ] {
            let n = leaves(&tree, |t| {
                a.run(t).unwrap();
            });
            assert_eq!(n, minimal(b as u64, d as u32), "{a} ({b},{d})");
        }
    }
}

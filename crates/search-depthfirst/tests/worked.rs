//! The papers' worked examples (`tree_core::worked`) for the depth-first family.

use search_depthfirst::{Algorithm, Window, alphabeta};
use tree_core::{Counted, Dewey, Traced, Tree, worked};

use crate::common::mt_sss_evaluated_leaves;

/// Alpha-beta's evaluation order on `ex` as 1-based left-to-right leaf
/// positions of a uniform tree.
fn alphabeta_positions(ex: &worked::Example) -> Vec<usize> {
    let tree = ex.tree();
    let b = tree.bounds().unwrap().branching;
    let traced = Traced::new(&tree);
    assert_eq!(
        alphabeta(&traced, Window::FULL).map(|v| v.get()),
        Ok(ex.stated_value.unwrap())
    );
    traced.order().iter().map(|d| d.rank(b) + 1).collect()
}

#[test]
fn table1_alphabeta_order() {
    // Bhattacharya 1995, Table 1: "1 2 3 - 4 5 6 7 8 9 10 11 12 - 13 14": every leaf but
    // the 4th and the 14th, left to right.
    let expected: Vec<usize> = (1..=16).filter(|&i| i != 4 && i != 14).collect();
    assert_eq!(alphabeta_positions(&worked::TABLE1), expected);
}

#[test]
fn table2_alphabeta_order() {
    // Bhattacharya 1995, Table 2: "1 2 3 - 4 5 - - 6 - 7 - - - - -".
    assert_eq!(alphabeta_positions(&worked::TABLE2), [1, 2, 3, 5, 6, 9, 11]);
}

#[test]
fn pi_tree_alphabeta_count() {
    // Knuth & Moore's (3,4) tree of the digits of π: Alpha-Beta 31 leaves.
    let tree = worked::PI.tree();
    let counted = Counted::new(&tree);
    assert_eq!(alphabeta(&counted, Window::FULL).map(|v| v.get()), Ok(2));
    assert_eq!(counted.stats().leaves, 31);
}

fn codes(order: &[Dewey]) -> Vec<String> {
    order.iter().map(ToString::to_string).collect()
}

#[test]
fn stockman_counterexample() {
    // Campbell App. 3: alpha-beta evaluates c, g, h (Dewey 11, 1211, 1212);
    // so does MT-SSS* (which is SSS* with left-most tie-breaking), not
    // Stockman's SSS* as printed (c, i, g, j, h).
    let tree = worked::STOCKMAN.tree();
    let traced = Traced::new(&tree);
    assert_eq!(alphabeta(&traced, Window::FULL).map(|v| v.get()), Ok(4));
    assert_eq!(codes(&traced.order()), ["11", "1211", "1212"]);
    let sss: Vec<Dewey> = mt_sss_evaluated_leaves(&tree).into_iter().collect();
    assert_eq!(codes(&sss), ["11", "1211", "1212"]);
}

#[test]
fn every_algorithm_on_every_example() {
    for ex in worked::ALL {
        let tree = ex.tree();
        let expected = tree_core::minimax(&tree);
        if let Some(v) = ex.stated_value {
            assert_eq!(expected.get(), v);
        }
        for &a in Algorithm::ALL {
            assert_eq!(a.run(&tree), Ok(expected), "{a} on {}", ex.name);
        }
    }
}

//! Every best-first algorithm's best move and principal variation against
//! the minimax oracle (`corpus::check_line`), on the corpus and across
//! budgets of the memory-bounded ones.

use crate::support::{each_generated_tree, each_random_tree, tie_stage_grid};
use search_bestfirst::{Algorithm, BestFirstError, Options};
use tree_core::{Tree, Value, corpus, minimax, worked};

/// The least budget `a` accepts on `tree` (what it says when given none).
fn minimum<T: Tree>(a: Algorithm, tree: &T) -> usize {
    let opts = Options {
        memory: Some(0),
        ..Options::default()
    };
    match a.run(tree, &opts) {
        Err(BestFirstError::BudgetTooSmall { minimum, .. }) => minimum,
        Ok(_) => 0,
        Err(e) => panic!("{a}: {e}"),
    }
}

fn check<T: Tree>(tree: &T, a: Algorithm, opts: &Options, what: &dyn std::fmt::Display) {
    let out = a
        .run(tree, opts)
        .unwrap_or_else(|e| panic!("{a} on {what}: {e}"));
    if a == Algorithm::MemDual && opts.memory.is_some() && out.best.is_none() {
        // Below its maximum MemDual* knows no move (see the crate docs):
        // only the value is checked.
        assert_eq!(out.value, minimax(tree), "{a} on {what}");
        assert_eq!(out.pv.depth(), 0);
        return;
    }
    if let Err(e) = corpus::check_line(tree, out.value, out.best, &out.pv, false) {
        panic!("{a} ({opts:?}) on {what}: {e}");
    }
    assert!(out.pv.depth() <= 1, "{a}: the line is the best move alone");
}

/// Every algorithm in every tie rule and stage, MGame at every slab
/// height, the memory-bounded ones from their minimum to their maximum.
fn check_all<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let truth = minimax(tree);
    let d = tree.bounds().map_or(1, |b| b.depth);
    for &a in Algorithm::ALL {
        for (_, _, opts) in tie_stage_grid(a, truth) {
            check(tree, a, &opts, what);
        }
        match a {
            Algorithm::MemSss | Algorithm::MemDual | Algorithm::IterSss => {
                let least = minimum(a, tree);
                for m in [least, least + 1, least + 3, 2 * least + 5] {
                    let opts = Options {
                        memory: Some(m),
                        ..Options::default()
                    };
                    check(tree, a, &opts, what);
                }
            }
            Algorithm::MGame => {
                for searchd in [2, 4, 6, d.next_multiple_of(2).max(2)] {
                    let opts = Options {
                        searchd: Some(searchd),
                        ..Options::default()
                    };
                    check(tree, a, &opts, what);
                }
            }
            Algorithm::Qg1 | Algorithm::Qg2 | Algorithm::Qg3 => {
                let opts = Options {
                    alpha_floor: Some(true),
                    ..Options::default()
                };
                check(tree, a, &opts, what);
            }
            Algorithm::SssAspiration => {
                for upper in [Value::NEG_INF, truth, truth.offset(5), Value::INF] {
                    let opts = Options {
                        upper: Some(upper),
                        ..Options::default()
                    };
                    check(tree, a, &opts, what);
                }
            }
            _ => {}
        }
    }
}

#[test]
fn best_moves_agree_with_the_oracle_on_random_trees() {
    assert_eq!(each_random_tree(0x9e57, 4_000, check_all), 4_000);
}

#[test]
fn best_moves_agree_with_the_oracle_on_generated_trees() {
    let n = each_generated_tree(2, check_all);
    assert!(n > 300, "{n}");
}

#[test]
fn best_moves_on_the_worked_examples() {
    for w in worked::ALL {
        check_all(&w.tree(), &w.name);
    }
}

#[test]
fn a_terminal_root_has_no_move() {
    let tree: tree_core::ExplicitTree = "7".parse().unwrap();
    for &a in Algorithm::ALL {
        if let Ok(out) = a.run(&tree, &Options::default()) {
            assert_eq!(
                (out.value, out.best, out.pv.depth()),
                (Value::from_small(7), None, 0)
            );
        }
    }
}

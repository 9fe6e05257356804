//! Every algorithm of the workspace returns the minimax value of Othello
//! searched to depths 1-4 from the 50 experiment positions.

use othello::{Othello, Position};
use search_bestfirst::{Algorithm as BestFirst, Options};
use search_depthfirst::Algorithm;
use tree_core::{Horizon, Value, minimax};

/// The positions, each with the oracle's value at depths 1..=4.
fn oracle() -> Vec<(Position, [Value; 4])> {
    othello::experiment_positions()
        .into_iter()
        .map(|p| {
            let values = [1, 2, 3, 4].map(|d| minimax(&Horizon::new(Othello, p, d)));
            (p, values)
        })
        .collect()
}

/// Every algorithm of `algorithms` by `run` on every position and depth of
/// the oracle: the failures.
fn exact_on_othello<A: Copy + std::fmt::Display, E: std::fmt::Debug>(
    algorithms: &[A],
    run: impl Fn(A, &Horizon<Othello>) -> Result<Value, E>,
) {
    let cases = oracle();
    let mut failures = Vec::new();
    for &a in algorithms {
        for (k, (p, values)) in cases.iter().enumerate() {
            for (d, &expected) in (1..).zip(values) {
                let got = run(a, &Horizon::new(Othello, *p, d));
                if !matches!(got, Ok(v) if v == expected) {
                    failures.push(format!("{a} position {k} depth {d}: {got:?} != {expected}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_depth_first_algorithm_is_exact_on_othello() {
    exact_on_othello(Algorithm::ALL, |a, tree| a.run(tree));
}

#[test]
fn every_best_first_algorithm_is_exact_on_othello() {
    exact_on_othello(BestFirst::ALL, |a, tree| {
        a.run(tree, &Options::default()).map(|o| o.value)
    });
}

/// The memory-bounded searches at their smallest budget and between it and
/// the largest (the default runs above use one of the two ends: the
/// minimum, or for MemSSS*/MemDual* the maximum).
#[test]
fn memory_bounded_searches_are_exact_on_othello_under_tight_budgets() {
    use search_bestfirst::{itersss, memsss};
    use tree_core::Tree;
    let cases = oracle();
    let mut failures = Vec::new();
    for (k, (p, values)) in cases.iter().enumerate() {
        for (d, &expected) in (1..).zip(values) {
            let tree = Horizon::new(Othello, *p, d);
            let bounds = tree.bounds().expect("Othello knows its branching bound");
            let stored = memsss::Config {
                odd_depth_leaf_search: false,
                ..memsss::Config::default()
            };
            let dual = memsss::Config {
                dual: true,
                ..stored.clone()
            };
            let mem_min = memsss::minimum(bounds, &stored).unwrap();
            let mem_max = memsss::maximum(bounds, &stored).unwrap();
            let dual_min = memsss::minimum(bounds, &dual).unwrap();
            let iter_min = itersss::minimum(bounds, &itersss::Config::default()).unwrap();
            let runs = [
                (BestFirst::MemSss, mem_min),
                (BestFirst::MemSss, (mem_min + mem_max) / 2),
                (BestFirst::MemDual, dual_min),
                (BestFirst::MemDual, dual_min + 1),
                (BestFirst::IterSss, iter_min),
                (BestFirst::IterSss, iter_min * 2),
            ];
            for (a, m) in runs {
                let opts = Options {
                    memory: Some(m),
                    ..Options::default()
                };
                let got = a.run(&tree, &opts).map(|o| o.value);
                if got != Ok(expected) {
                    failures.push(format!(
                        "{a}(M = {m}) position {k} depth {d}: {got:?} != {expected}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The enhanced searches (iterative deepening, transposition table, move
/// ordering, history) on the game itself, with every enhancement on, with
/// none, and with a table of one bucket (constant replacement): the value
/// of every iteration is the minimax value at that depth, and the best
/// move's subtree has the root's value.
#[test]
fn every_enhanced_search_is_exact_on_othello() {
    use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig, GameTable};
    let cases = oracle();
    let configs = [
        EnhancedConfig::default().with_table_bytes(1 << 20),
        EnhancedConfig::plain(),
        EnhancedConfig::default().with_table_bytes(GameTable::BUCKET_BYTES),
        EnhancedConfig::default()
            .with_table_bytes(1 << 20)
            .with_aspiration(Some(30)),
    ];
    let mut failures = Vec::new();
    for &a in EnhancedAlgorithm::ALL {
        for (c, config) in configs.iter().enumerate() {
            for (k, (p, values)) in cases.iter().enumerate() {
                let r = match a.run(&Othello, p, 4, config) {
                    Ok(r) => r,
                    Err(e) => {
                        failures.push(format!("{a} config {c} position {k}: {e}"));
                        continue;
                    }
                };
                let iterations: Vec<Value> = r.per_iteration.iter().map(|it| it.value).collect();
                let expected: &[Value] = if config.iterative_deepening {
                    values
                } else {
                    &values[3..]
                };
                if r.value != values[3] || iterations != expected {
                    failures.push(format!(
                        "{a} config {c} position {k}: {iterations:?} != {expected:?}"
                    ));
                }
                let m = r.best_move.expect("positions with moves have a best move");
                let child = Horizon::new(Othello, tree_core::Game::play(&Othello, p, m), 3);
                if -minimax(&child) != values[3] {
                    failures.push(format!(
                        "{a} config {c} position {k}: best move {m} is not best"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

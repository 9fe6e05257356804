//! The front door is total: every algorithm under every extreme value of
//! every option gives a report or an error — never a panic, never a wrong
//! value. An option the algorithm does not take is an error naming both;
//! an option it takes at an extreme is an error or a correct search.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use gametree::{Config, EnhancedConfig, ProcessorTree, search};
use search_depthfirst::Window;
use tree_core::{Bounds, GenSpec, Generator, Value, minimax};

use crate::in_process;

/// Every option at the edges of its type, one at a time.
fn hostile() -> Vec<(&'static str, Config)> {
    let c = Config::default;
    let shape = |branching, depth| {
        c().shape(Bounds {
            branching,
            depth,
            uniform: true,
        })
    };
    let processors = |depth, width| c().processors(ProcessorTree { depth, width });
    let enhanced = |e: EnhancedConfig| c().enhancements(e);
    let d = EnhancedConfig::default();
    vec![
        ("memory 0", c().memory(0)),
        ("memory 1", c().memory(1)),
        ("memory max", c().memory(usize::MAX)),
        ("table 0", c().table_bytes(0)),
        ("table 1", c().table_bytes(1)),
        ("table max", c().table_bytes(usize::MAX)),
        ("threads 0", c().threads(0)),
        ("threads 1025", c().threads(1025)),
        ("threads max", c().threads(usize::MAX)),
        ("time 0", c().time_limit(Duration::ZERO)),
        ("time max", c().time_limit(Duration::MAX)),
        ("leaves 0", c().max_leaves(0)),
        ("leaves max", c().max_leaves(u64::MAX)),
        (
            "window empty",
            c().window(Window::new(Value::new(3).unwrap(), Value::new(4).unwrap()).unwrap()),
        ),
        (
            "window outside",
            c().window(Window::new(Value::new(1000).unwrap(), Value::INF).unwrap()),
        ),
        ("stage 0", c().stage(0)),
        ("stage max", c().stage(usize::MAX)),
        ("upper -inf", c().upper(Value::NEG_INF)),
        ("upper +inf", c().upper(Value::INF)),
        ("searchd 0", c().searchd(0)),
        ("searchd max", c().searchd(usize::MAX)),
        ("shape (0,0)", shape(0, 0)),
        ("shape (2,2), a lie", shape(2, 2)),
        ("shape (9,9), a lie", shape(9, 9)),
        ("shape max", shape(usize::MAX, usize::MAX)),
        ("processors (0,0)", processors(0, 0)),
        ("processors (0,5)", processors(0, 5)),
        ("processors (5,0)", processors(5, 0)),
        ("processors (max,0)", processors(usize::MAX, 0)),
        ("processors (max,1)", processors(usize::MAX, 1)),
        ("processors max", processors(usize::MAX, usize::MAX)),
        ("split 0", c().split_plies(0)),
        ("split max", c().split_plies(usize::MAX)),
        (
            "enhanced extremes",
            enhanced(EnhancedConfig {
                table_bytes: 0,
                aspiration: Some(u32::MAX),
                first_guess: Value::INF,
                sort_depth: u32::MAX,
                sort_plies: u32::MAX,
                ..d
            }),
        ),
        (
            "probcut extremes",
            enhanced(d.with_probcut(Some(search_depthfirst::ProbCut {
                root_plies: 0,
                plies: 0,
                depth: u32::MAX,
                margins: [u32::MAX; search_depthfirst::MAX_PROBCUT_PASSES],
            }))),
        ),
        (
            "probcut every position, no margin to speak of",
            enhanced(d.with_probcut(Some(search_depthfirst::ProbCut {
                root_plies: 0,
                plies: 0,
                depth: 0,
                margins: [1, 0, 0, 0],
            }))),
        ),
        (
            "enhanced none",
            enhanced(EnhancedConfig {
                history: false,
                iterative_deepening: false,
                table_move: false,
                aspiration: Some(0),
                first_guess: Value::NEG_INF,
                hints: false,
                exact_solve: false,
                endgame: false,
                sort_depth: 0,
                sort_plies: 0,
                ..d
            }),
        ),
    ]
}

#[test]
fn every_algorithm_under_every_extreme_option_reports_or_refuses() {
    let tree = GenSpec::new(Generator::RANDOM, 3, 4, 7, 0).build().unwrap();
    let exact = minimax(&tree);
    let mut ran = 0;
    let mut refused = 0;
    let mut panics = Vec::new();
    for a in in_process() {
        for (what, config) in hostile() {
            let out = catch_unwind(AssertUnwindSafe(|| search(a, &tree, &config)));
            match out {
                Err(_) => panics.push(format!("{a} with {what}")),
                Ok(Err(e)) => {
                    assert!(!e.to_string().is_empty());
                    refused += 1;
                }
                Ok(Ok(r)) => {
                    ran += 1;
                    if r.stopped.is_none() && r.bound == gametree::Bound::Exact {
                        assert_eq!(r.value, exact, "{a} with {what}");
                    }
                }
            }
        }
    }
    assert!(panics.is_empty(), "panics: {panics:#?}");
    assert!(ran > 0 && refused > 0, "ran {ran}, refused {refused}");
}

#[test]
fn every_algorithm_on_a_game_under_every_extreme_option_reports_or_refuses() {
    use othello::{Othello, Position};
    let start = Position::initial();
    let exact = minimax(&tree_core::Horizon::new(&Othello, start, 3));
    let mut panics = Vec::new();
    for a in in_process() {
        let mut cases = hostile();
        cases.push(("no option", Config::default()));
        for (what, config) in cases {
            // To the end of the game, under a leaf budget (the enhanced
            // engines deepen until the game's bound).
            let deep = config.clone().max_leaves(5_000);
            for (depth, config) in [(3, &config), (u32::MAX, &deep)] {
                let run = || gametree::search_game(a, &Othello, &start, depth, config);
                match catch_unwind(AssertUnwindSafe(run)) {
                    Err(_) => panics.push(format!("{a} with {what} at depth {depth}")),
                    Ok(Ok(r)) if depth == 3 && r.stopped.is_none() => {
                        if r.bound == gametree::Bound::Exact {
                            assert_eq!(r.value, exact, "{a} with {what}");
                        }
                    }
                    Ok(_) => {}
                }
            }
        }
    }
    assert!(panics.is_empty(), "panics: {panics:#?}");
}

/// A chain: one child a node, `depth` plies, the leaf worth `depth`; its
/// bounds told or not.
struct Chain {
    depth: usize,
    tell: bool,
}

impl tree_core::Tree for Chain {
    type Node = usize;
    fn root(&self) -> usize {
        0
    }
    fn num_children(&self, node: &usize) -> usize {
        usize::from(*node < self.depth)
    }
    fn child(&self, node: &usize, _: usize) -> usize {
        node + 1
    }
    fn value(&self, node: &usize) -> Value {
        Value::new((*node % 1000) as i64).unwrap()
    }
    fn bounds(&self) -> Option<Bounds> {
        self.tell.then_some(Bounds {
            branching: 1,
            depth: self.depth,
            uniform: true,
        })
    }
}

/// Trees at the edges: one leaf, and a chain a million plies deep (with
/// its depth told and untold). Every algorithm gives the exact value or an
/// error, never a panic — and never a stack overflow, which would end
/// this test binary.
#[test]
fn every_algorithm_on_a_single_leaf_and_on_a_chain_a_million_deep() {
    let leaf = tree_core::ExplicitTree::parse("7").unwrap();
    let mut panics = Vec::new();
    for a in in_process() {
        match catch_unwind(AssertUnwindSafe(|| search(a, &leaf, &Config::default()))) {
            Err(_) => panics.push(format!("{a} on one leaf")),
            Ok(Ok(r)) => {
                assert_eq!(r.value, Value::new(7).unwrap(), "{a} on one leaf");
                assert_eq!(r.best, None, "{a} on one leaf");
            }
            Ok(Err(_)) => {}
        }
        for tell in [true, false] {
            let chain = Chain {
                depth: 1_000_000,
                tell,
            };
            let config = Config::default().max_leaves(10);
            match catch_unwind(AssertUnwindSafe(|| search(a, &chain, &config))) {
                Err(_) => panics.push(format!("{a} on the chain (told: {tell})")),
                Ok(Ok(r)) if r.stopped.is_none() && r.bound == gametree::Bound::Exact => {
                    assert_eq!(r.value, Value::new(0).unwrap(), "{a} on the chain");
                }
                Ok(_) => {}
            }
        }
    }
    assert!(panics.is_empty(), "panics: {panics:#?}");
}

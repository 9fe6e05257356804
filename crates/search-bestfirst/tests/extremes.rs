//! search-bestfirst's own public API under extreme inputs: every
//! algorithm, every module's search and budget figure, and the memory
//! functions, given empty, one-leaf, 10^6-deep and `usize::MAX`-wide trees
//! and budgets, stages and slab heights of 0, 1 and `usize::MAX`, give an
//! error or the documented result, never a panic, never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use proptest::prelude::*;
use search_bestfirst::memsss::MemShape;
use search_bestfirst::{
    Algorithm, BestFirstError, Options, Outcome, Variant, hybrid, itersss, memsss, mgame,
    quickgame, recsss, sss,
};
use tree_core::{Bounds, ExplicitTree, HashTree, Limits, Tree, Value, minimax};

/// Runs `f`, turning a panic into a failure that names the case.
fn total<R>(case: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{case}: panicked"))
}

const SIZES: [usize; 7] = [0, 1, 2, 3, 65_535, 65_536, usize::MAX];

/// The trees at the edges, one type so that the engines are compiled for
/// it once: a chain `depth` deep (one child a node, the leaf valued 1)
/// that reports its shape only if `honest`, or a root of `width` leaves
/// valued 0 with the shape that says so.
enum Edge {
    Chain { depth: usize, honest: bool },
    Wide(usize),
}

impl Tree for Edge {
    type Node = usize;
    fn root(&self) -> usize {
        0
    }
    fn num_children(&self, n: &usize) -> usize {
        match *self {
            Edge::Chain { depth, .. } => usize::from(*n < depth),
            Edge::Wide(width) => {
                if *n == 0 {
                    width
                } else {
                    0
                }
            }
        }
    }
    fn child(&self, n: &usize, _: usize) -> usize {
        match self {
            Edge::Chain { .. } => n + 1,
            Edge::Wide(_) => 1,
        }
    }
    fn value(&self, _: &usize) -> Value {
        match self {
            Edge::Chain { .. } => Value::new(1).unwrap(),
            Edge::Wide(_) => Value::new(0).unwrap(),
        }
    }
    fn bounds(&self) -> Option<Bounds> {
        match *self {
            Edge::Chain { depth, honest } => honest.then_some(Bounds {
                branching: 1,
                depth,
                uniform: true,
            }),
            Edge::Wide(width) => Some(Bounds::uniform(width, 1)),
        }
    }
}

/// Options at the edges of their types, one at a time.
fn hostile() -> Vec<(&'static str, Options)> {
    let o = Options::default;
    let shape = |b, d| Options {
        shape: Some(Bounds::uniform(b, d)),
        ..o()
    };
    vec![
        ("default", o()),
        (
            "memory 0",
            Options {
                memory: Some(0),
                ..o()
            },
        ),
        (
            "memory 1",
            Options {
                memory: Some(1),
                ..o()
            },
        ),
        (
            "memory max",
            Options {
                memory: Some(usize::MAX),
                ..o()
            },
        ),
        (
            "upper -inf",
            Options {
                upper: Some(Value::NEG_INF),
                ..o()
            },
        ),
        (
            "upper +inf",
            Options {
                upper: Some(Value::INF),
                ..o()
            },
        ),
        (
            "stage 0",
            Options {
                stage: Some(0),
                ..o()
            },
        ),
        (
            "stage max",
            Options {
                stage: Some(usize::MAX),
                ..o()
            },
        ),
        (
            "searchd 0",
            Options {
                searchd: Some(0),
                ..o()
            },
        ),
        (
            "searchd 1",
            Options {
                searchd: Some(1),
                ..o()
            },
        ),
        (
            "searchd max",
            Options {
                searchd: Some(usize::MAX),
                ..o()
            },
        ),
        ("shape (0,0)", shape(0, 0)),
        ("shape (1,max)", shape(1, usize::MAX)),
        ("shape max", shape(usize::MAX, usize::MAX)),
        (
            "leaves 0",
            Options {
                limits: Limits::none().with_max_leaves(0),
                ..o()
            },
        ),
        (
            "limits max",
            Options {
                limits: Limits::none()
                    .with_max_leaves(u64::MAX)
                    .with_time(Duration::MAX),
                ..o()
            },
        ),
    ]
}

/// Every algorithm under every hostile option on `tree`: an `Ok` value is
/// `expected`. Returns how many searches were errors.
fn every_algorithm<T: Tree>(case: &str, tree: &T, expected: Option<Value>) -> usize {
    every_algorithm_within(case, tree, expected, None)
}

/// As [`every_algorithm`], each search under a leaf budget of `leaves` if
/// given (for a tree too large to search).
fn every_algorithm_within<T: Tree>(
    case: &str,
    tree: &T,
    expected: Option<Value>,
    leaves: Option<u64>,
) -> usize {
    let mut errors = 0;
    for &a in Algorithm::ALL {
        for (name, mut opts) in hostile() {
            if let Some(n) = leaves {
                opts.limits = opts.limits.with_max_leaves(n);
            }
            let case = format!("{case}: {} with {name}", a.name());
            let (r, _) = total(&case, || a.run_counted(tree, &opts));
            match r {
                Ok(out) => {
                    if let Some(e) = expected
                        && !matches!(name, "upper -inf" | "upper +inf")
                    {
                        assert_eq!(out.value, e, "{case}");
                    }
                }
                Err(e) => {
                    assert!(!e.to_string().is_empty());
                    errors += 1;
                }
            }
        }
    }
    errors
}

#[test]
fn every_algorithm_on_trees_at_the_edges() {
    let one = ExplicitTree::uniform(4, 0, &[7]).unwrap();
    every_algorithm("one leaf", &one, Some(Value::new(7).unwrap()));
    let hash = HashTree::new(3, 4, u64::MAX).unwrap();
    every_algorithm("hash (3,4)", &hash, Some(minimax(&hash)));
    let searches = Algorithm::ALL.len() * hostile().len();
    assert_eq!(
        every_algorithm(
            "chain 10^6",
            &Edge::Chain {
                depth: 1_000_000,
                honest: true,
            },
            None
        ),
        searches
    );
    assert_eq!(
        every_algorithm(
            "chain 10^6, no shape",
            &Edge::Chain {
                depth: 1_000_000,
                honest: false,
            },
            None
        ),
        searches
    );
    // 70,000 children: more than a Dewey digit holds; searched or refused.
    every_algorithm(
        "70,000 wide",
        &Edge::Wide(70_000),
        Some(Value::new(0).unwrap()),
    );
    // 2^64 - 1 children: refused, or stopped by the leaf budget (with a
    // shape that hides the width, an exact search must walk the root).
    assert_eq!(
        every_algorithm_within(
            "usize::MAX wide",
            &Edge::Wide(usize::MAX),
            None,
            Some(10_000)
        ),
        searches
    );
    every_algorithm(
        "chain 200",
        &Edge::Chain {
            depth: 200,
            honest: true,
        },
        Some(Value::new(1).unwrap()),
    );
}

#[test]
fn module_searches_at_the_edges() {
    let tree = HashTree::new(2, 4, 9).unwrap();
    let value = minimax(&tree);
    let memories = [None, Some(0), Some(1), Some(usize::MAX)];
    // A search that does not panic, and is exact if it succeeds.
    let check = |case: &str, search: &dyn Fn() -> Result<Outcome, BestFirstError>| {
        if let Ok(out) = total(case, search) {
            assert_eq!(out.value, value, "{case}");
        }
    };
    for memory in memories {
        let case = format!("memory {memory:?}");
        let c = sss::Config {
            memory,
            ..sss::Config::new(Variant::Stockman)
        };
        check(&case, &|| sss::search(&tree, &c));
        check(&case, &|| sss::search_in(&tree, &c, &mut sss::Cache::new()));
        let wide = sss::Config {
            lower: Value::INF,
            upper: Value::NEG_INF,
            ..c.clone()
        };
        let _ = total(&case, || sss::aspiration(&tree, &wide));
        let _ = total(&case, || sss::open_trace(&tree, &wide));
        for dual in [false, true] {
            let c = recsss::Config {
                memory,
                dual,
                ..recsss::Config::default()
            };
            check(&case, &|| recsss::search(&tree, &c));
            let c = memsss::Config {
                memory,
                dual,
                ..memsss::Config::default()
            };
            check(&case, &|| memsss::search(&tree, &c));
            check(&case, &|| {
                memsss::search_with_events(&tree, &c).map(|o| o.0)
            });
        }
        let c = itersss::Config {
            memory,
            ..itersss::Config::default()
        };
        check(&case, &|| itersss::search(&tree, &c));
        let c = quickgame::Config {
            memory,
            ..quickgame::Config::default()
        };
        check(&case, &|| quickgame::search(&tree, &c));
        for searchd in [0, 1, 2, 3, usize::MAX] {
            let c = mgame::Config {
                memory,
                ..mgame::Config::new(searchd)
            };
            check(&case, &|| mgame::search(&tree, &c));
        }
        for kind in [0, 1, 2, usize::MAX].into_iter().flat_map(|k| {
            [
                hybrid::Kind::Staged(k),
                hybrid::Kind::SssOverAlphaBeta(k),
                hybrid::Kind::AlphaBetaOverSss(k),
            ]
        }) {
            let c = hybrid::Config {
                memory,
                kind,
                ..hybrid::Config::default()
            };
            check(&case, &|| hybrid::search(&tree, &c));
        }
    }
}

#[test]
fn budget_figures_answer_at_once_for_every_shape() {
    for b in SIZES {
        for d in [0, 1, 2, 255, 256, 257, 1_000_000, usize::MAX] {
            let bounds = Bounds::uniform(b, d);
            let case = format!("({b},{d})");
            total(&case, || {
                for dual in [false, true] {
                    for odd in [false, true] {
                        let s = MemShape::of(bounds, dual, odd);
                        for t in [0, 1, 2, d / 2, d, usize::MAX] {
                            let _ = (s.levels(t), s.minmem(t), s.maxmem(t));
                        }
                        let _ = (s.minimum(), s.maximum(), s.leaf_level(), s.depth());
                        let c = memsss::Config {
                            dual,
                            odd_depth_leaf_search: odd,
                            ..Default::default()
                        };
                        let _ = (memsss::minimum(bounds, &c), memsss::maximum(bounds, &c));
                        let c = recsss::Config {
                            dual,
                            odd_depth_leaf_search: odd,
                            ..Default::default()
                        };
                        let _ = recsss::minimum(bounds, &c);
                    }
                }
                let _ = sss::minimum(bounds, &sss::Config::default());
                let _ = quickgame::minimum(bounds, &quickgame::Config::default());
                let c = itersss::Config::default();
                let _ = (itersss::minimum(bounds, &c), itersss::maximum(bounds, &c));
                for k in [0, 1, 2, usize::MAX] {
                    let _ = mgame::minimum(bounds, &mgame::Config::new(k));
                    let c = hybrid::Config {
                        kind: hybrid::Kind::Staged(k),
                        ..Default::default()
                    };
                    let _ = hybrid::minimum(bounds, &c);
                }
                for &a in Algorithm::ALL {
                    for (_, opts) in hostile() {
                        let _ = (
                            a.minimum_memory(bounds, &opts),
                            a.maximum_memory(bounds, &opts),
                        );
                    }
                }
            });
        }
    }
    // A chain needs one entry a level at most.
    let s = MemShape::sss(Bounds::uniform(1, usize::MAX), false);
    assert_eq!(s.maxmem(0), Some(usize::MAX.div_ceil(2)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any shape's budget figures are answers or errors, and a minimum is
    /// never above its maximum.
    #[test]
    fn any_shape_has_ordered_budgets(b in any::<usize>(), d in any::<usize>(), small in any::<bool>()) {
        let bounds = if small { Bounds::uniform(b % 40, d % 300) } else { Bounds::uniform(b, d) };
        for &a in Algorithm::ALL {
            let opts = Options::default();
            let (lo, hi) = total("budgets", || (a.minimum_memory(bounds, &opts), a.maximum_memory(bounds, &opts)));
            if let (Ok(lo), Ok(hi)) = (lo, hi) {
                prop_assert!(lo <= hi, "{}: {lo} > {hi} on {bounds:?}", a.name());
            }
        }
    }
}

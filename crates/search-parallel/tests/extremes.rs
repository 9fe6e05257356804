//! search-parallel's own public API under extreme inputs: the threaded
//! searches, the game searches and the processor-tree simulator given
//! empty, one-leaf and 10^6-deep trees, 0, 1 and `usize::MAX` threads,
//! processor trees of every width and depth, and split and stage depths
//! at the edges of their types give an error or the documented result,
//! never a panic, never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig, SharedTable};
use search_parallel::threads::{
    self, GameParallel, GameThreadConfig, ThreadActivity, ThreadAlgorithm, ThreadConfig,
};
use search_parallel::{ProcessorTree, SimAlgorithm, simulate, simulate_treesplit};
use tree_core::corpus::{Chain, Endless};
use tree_core::{ExplicitTree, HashTree, Limits, Tree, Value, minimax};

/// The leaf value of the chains below.
const ONE: Value = Value::from_small(1);

/// Runs `f`, turning a panic into a failure that names the case.
fn total<R>(case: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{case}: panicked"))
}

const EDGES: [usize; 5] = [0, 1, 2, 64, usize::MAX];

fn processor_trees() -> Vec<ProcessorTree> {
    EDGES
        .iter()
        .flat_map(|&depth| {
            EDGES
                .iter()
                .map(move |&width| ProcessorTree { depth, width })
        })
        .collect()
}

/// Every threaded algorithm under configurations at the edges: `Ok` values
/// are `expected`.
fn every_threaded<T>(case: &str, tree: &T, expected: Option<Value>)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let mut configs = vec![
        ThreadConfig::new(0),
        ThreadConfig::new(1),
        ThreadConfig::new(3),
        ThreadConfig::new(usize::MAX),
        ThreadConfig {
            stage_depth: 0,
            ..ThreadConfig::new(2)
        },
        ThreadConfig {
            stage_depth: usize::MAX,
            split_plies: Some(usize::MAX),
            ..ThreadConfig::new(2)
        },
        ThreadConfig {
            split_plies: Some(0),
            limits: Limits::none().with_max_leaves(0),
            ..ThreadConfig::new(2)
        },
        ThreadConfig {
            limits: Limits::none()
                .with_time(Duration::MAX)
                .with_max_leaves(u64::MAX),
            ..ThreadConfig::new(2)
        },
    ];
    configs.extend(processor_trees().into_iter().map(|p| ThreadConfig {
        processors: Some(p),
        ..ThreadConfig::new(2)
    }));
    for algorithm in ThreadAlgorithm::ALL {
        for config in &configs {
            let case = format!("{case}: {} with {config:?}", algorithm.name());
            if let Ok(r) = total(&case, || threads::search(algorithm, tree, config.clone()))
                && let Some(e) = expected
                && config.window == search_depthfirst::Window::FULL
            {
                assert_eq!(r.value, e, "{case}");
            }
        }
    }
}

#[test]
fn threaded_searches_at_the_edges() {
    let one = ExplicitTree::uniform(2, 0, &[4]).unwrap();
    every_threaded("one leaf", &one, Some(Value::new(4).unwrap()));
    let hash = HashTree::new(3, 4, 5).unwrap();
    every_threaded("hash (3,4)", &hash, Some(minimax(&hash)));
    every_threaded("chain 10^6", &Chain(1_000_000, ONE), None);
}

#[test]
fn the_simulator_at_the_edges() {
    let hash = HashTree::new(2, 6, 5).unwrap();
    let value = minimax(&hash);
    let one = ExplicitTree::uniform(2, 0, &[4]).unwrap();
    for p in processor_trees() {
        let _ = total("processors", || p.processors());
        for algorithm in SimAlgorithm::ALL {
            let case = format!("{} on {p:?}", algorithm.name());
            let _ = total(&case, || algorithm.plies_needed(p.depth));
            if let Ok(r) = total(&case, || simulate(algorithm, &hash, p)) {
                assert_eq!(r.value, value, "{case}");
                let _ = (r.search_overhead(), r.speedup(), r.processors());
            }
            let _ = total(&case, || simulate(algorithm, &one, p));
            let _ = total(&case, || simulate(algorithm, &Chain(1_000_000, ONE), p));
        }
        let _ = total("treesplit", || simulate_treesplit(&hash, p));
    }
    assert_eq!(
        SimAlgorithm::PvSplit.plies_needed(usize::MAX),
        Some(usize::MAX)
    );
    for a in [SimAlgorithm::StagedSss, SimAlgorithm::StagedSssNoLookahead] {
        assert_eq!(a.plies_needed(usize::MAX), Some(usize::MAX), "{a}");
    }
}

#[test]
fn game_searches_at_the_edges() {
    let enhanced = EnhancedConfig::default().with_table_bytes(0);
    for method in GameParallel::ALL.iter().copied() {
        for threads in [0, 1, 2, 1025, usize::MAX] {
            for split_depth in [0, 1, u32::MAX] {
                for depth in [0, 1, 5, 257, u32::MAX] {
                    let config = GameThreadConfig {
                        threads,
                        method,
                        split_depth,
                        ..GameThreadConfig::default()
                    };
                    let case = format!("{} depth {depth} {config:?}", method.name());
                    let mut table = SharedTable::new(1 << 12).unwrap();
                    let r = total(&case, || {
                        threads::search_game(
                            EnhancedAlgorithm::ALL[0],
                            &Endless { keys: 2 },
                            &0,
                            depth,
                            &enhanced,
                            &mut table,
                            &config,
                        )
                    });
                    assert!(
                        r.is_err() || (depth <= 256 && (1..=1024).contains(&threads)),
                        "{case}"
                    );
                }
            }
        }
    }
}

#[test]
fn activity_sums_saturate() {
    let most = ThreadActivity {
        idle: Duration::MAX,
        waits: u64::MAX,
        splits: u64::MAX,
        joins: u64::MAX,
        handoff: Duration::MAX,
    };
    let sum = total("total", || ThreadActivity::total(&[most, most]));
    assert_eq!((sum.waits, sum.idle), (u64::MAX, Duration::MAX));
    assert_eq!(ThreadActivity::total(&[]), ThreadActivity::default());
}

//! search-distributed's own public API (without MPI) under extreme inputs:
//! local clusters of 0, 1 and `usize::MAX` ranks, farms and searches with
//! thread counts, job counts, processor trees and durations at the edges of
//! their types give an error or the documented result, never a panic,
//! never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::time::Duration;

use search_distributed::{
    DistAlgorithm, DistConfig, Farm, FarmConfig, Latency, MAX_LOCAL_RANKS, local_cluster, refuse,
    search, try_local_cluster,
};
use search_parallel::ProcessorTree;
use tree_core::{ExplicitTree, HashTree, minimax};

/// Runs `f` on its own thread: a panic or no answer within a minute is a
/// failure naming the case.
fn total<R: Send + 'static>(case: &str, f: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(catch_unwind(AssertUnwindSafe(f)));
    });
    match rx.recv_timeout(Duration::from_secs(60)) {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => panic!("{case}: panicked"),
        Err(_) => panic!("{case}: no answer within a minute"),
    }
}

#[test]
fn local_clusters_of_every_size() {
    assert!(local_cluster(0).is_empty());
    assert!(try_local_cluster(0).unwrap().is_empty());
    assert_eq!(try_local_cluster(1).unwrap().len(), 1);
    assert!(try_local_cluster(MAX_LOCAL_RANKS + 1).is_err());
    assert!(try_local_cluster(usize::MAX).is_err());
}

#[test]
fn lone_farms_at_the_edges() {
    let one = || local_cluster(1).pop().unwrap();
    assert!(Farm::new(one(), FarmConfig::new(0)).is_err());
    let d = FarmConfig::new(1);
    assert!(
        Farm::new(
            one(),
            FarmConfig {
                timeout: Duration::ZERO,
                heartbeat: Duration::ZERO,
                ..d
            }
        )
        .is_err()
    );
    let configs = [
        d,
        FarmConfig::new(4),
        FarmConfig {
            timeout: Duration::MAX,
            ..d
        },
        FarmConfig {
            idle_sleep: Duration::ZERO,
            ..d
        },
    ];
    for config in configs {
        for jobs in [0, 1, 100, usize::MAX] {
            let case = format!("{jobs} jobs on {config:?}");
            let r = total(&case, move || {
                let mut farm = Farm::new(local_cluster(1).pop().unwrap(), config)
                    .map_err(|e| e.to_string())?;
                farm.run(jobs, u64::MAX, |i| Ok(i.to_le_bytes().to_vec()), |_| {})
                    .map(|r| r.len())
                    .map_err(|e| e.to_string())
            });
            match r {
                Ok(n) => assert_eq!(n, jobs, "{case}"),
                Err(e) => assert_eq!(jobs, usize::MAX, "{case}: {e}"),
            }
        }
    }
}

#[test]
fn lone_searches_at_the_edges() {
    let hash = HashTree::new(3, 4, 1).unwrap();
    let value = minimax(&hash);
    let one = ExplicitTree::uniform(2, 0, &[3]).unwrap();
    let edges = [0, 1, 2, usize::MAX];
    for depth in edges {
        for width in edges {
            for algorithm in DistAlgorithm::ALL {
                let p = ProcessorTree { depth, width };
                let configs = [
                    DistConfig::new(p),
                    DistConfig {
                        poll: 0,
                        ..DistConfig::new(p)
                    },
                    DistConfig {
                        timeout: Duration::MAX,
                        ..DistConfig::new(p)
                    },
                    DistConfig {
                        heartbeat: Duration::ZERO,
                        timeout: Duration::ZERO,
                        ..DistConfig::new(p)
                    },
                ];
                for config in configs {
                    let case = format!("{} on {config:?}", algorithm.name());
                    let one = one.clone();
                    let (r, lone, refused) = total(&case, move || {
                        let mut x = local_cluster(1).pop().unwrap();
                        let r =
                            search(algorithm, &hash, &mut x, &config).map(|r| r.map(|r| r.value));
                        let lone =
                            search(algorithm, &one, &mut x, &config).map(|r| r.map(|r| r.value));
                        let refused = refuse(&mut x, &config, "");
                        (r, lone, refused.to_string())
                    });
                    if let Ok(Some(v)) = r {
                        assert_eq!(v, value, "{case}");
                    }
                    if let Ok(Some(v)) = lone {
                        assert_eq!(v.get(), 3, "{case}");
                    }
                    assert!(!refused.is_empty());
                }
            }
        }
    }
}

#[test]
fn latencies_saturate() {
    let most = Latency {
        count: u64::MAX,
        total_ns: u64::MAX,
        max_ns: u64::MAX,
    };
    let mut l = most;
    total("merge", move || l.merge(&most));
    l.merge(&most);
    assert_eq!(l.count, u64::MAX);
    assert!(l.mean_us().is_some());
    assert_eq!(Latency::default().mean_us(), None);
}

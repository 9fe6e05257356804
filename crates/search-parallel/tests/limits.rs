//! The threaded searches under limits: a leaf budget shared by all
//! threads is never exceeded, a deadline stops every thread within 10% of
//! its time, a stop handle from another thread stops them, and a stopped
//! search returns no value, only its counts so far.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use search_depthfirst::{Window, alphabeta};
use search_parallel::threads::{
    StageWorker, ThreadAlgorithm, ThreadConfig, ThreadError, ThreadReport, search,
};
use tree_core::{Counted, HashTree, Limits, StopHandle, StopReason, Stopped, Value, corpus};

use tree_core::corpus::{Hooked, bounded};

const THREADS: [usize; 4] = [1, 2, 3, 8];

/// Every algorithm on each thread count of `threads`.
fn searches(threads: &[usize]) -> impl Iterator<Item = (ThreadAlgorithm, usize)> + '_ {
    ThreadAlgorithm::ALL
        .into_iter()
        .flat_map(move |a| threads.iter().map(move |&k| (a, k)))
}

/// [`huge`] counting its leaf evaluations, on any thread.
type Tallied<'a> = Hooked<HashTree, &'a (dyn Fn(Value) -> Value + Sync)>;

/// Runs `check` (under [`bounded`]) on [`huge`] with every leaf evaluation
/// counted in the counter it is given.
fn on_tallied(check: impl FnOnce(&Tallied<'_>, &AtomicU64) + Send + 'static) {
    bounded(move || {
        let leaves = AtomicU64::new(0);
        let count = |v| {
            leaves.fetch_add(1, Relaxed);
            v
        };
        check(&Hooked::new(huge(), &count), &leaves);
    });
}

fn limited(threads: usize, limits: Limits) -> ThreadConfig {
    ThreadConfig {
        limits,
        ..ThreadConfig::new(threads)
    }
}

fn stopped(r: Result<ThreadReport, ThreadError>, what: &str) -> Stopped {
    match r {
        Err(ThreadError::Stopped(s)) => s,
        other => panic!("{what}: expected a stop, got {other:?}"),
    }
}

/// A tree no search finishes in a second: (8, 20), 2^60 leaves.
fn huge() -> HashTree {
    HashTree::new(8, 20, 3).unwrap()
}

#[test]
fn a_leaf_budget_holds_for_all_threads_together() {
    on_tallied(|tree, leaves| {
        for (algorithm, k) in searches(&THREADS) {
            for budget in [0, 1, 1000, 5000, 100_000] {
                let before = leaves.load(Relaxed);
                let what = format!("{algorithm}, {k} threads, budget {budget}");
                let r = search(
                    algorithm,
                    tree,
                    limited(k, Limits::none().with_max_leaves(budget)),
                );
                let s = stopped(r, &what);
                let evaluated = leaves.load(Relaxed) - before;
                assert_eq!(s.reason, StopReason::LeafLimit, "{what}");
                assert_eq!(s.leaves, evaluated, "{what}: the counts so far");
                assert!(evaluated <= budget, "{what}: {evaluated} leaves");
            }
        }
    });
}

#[test]
fn a_budget_the_search_needs_is_enough_on_one_thread() {
    bounded(|| {
        for (text, t) in corpus::random_trees(0x1eaf, 400) {
            let c = Counted::new(&t);
            let v = alphabeta(&c, Window::FULL).unwrap();
            let needed = c.stats().leaves;
            for algorithm in crate::ALPHA_BETA_ON_ONE_THREAD {
                let r = search(
                    algorithm,
                    &t,
                    limited(1, Limits::none().with_max_leaves(needed)),
                )
                .unwrap();
                assert_eq!((r.value, r.leaves), (v, needed), "{algorithm} on {text}");
                if needed > 0 {
                    let s = stopped(
                        search(
                            algorithm,
                            &t,
                            limited(1, Limits::none().with_max_leaves(needed - 1)),
                        ),
                        &text,
                    );
                    assert_eq!(s.leaves, needed - 1, "{algorithm} on {text}");
                }
            }
            // More threads: a value only when the search finished, counts
            // within the budget either way.
            for (algorithm, k) in searches(&[2, 3]) {
                let budget = needed + needed / 2;
                let config = ThreadConfig {
                    split_plies: Some(2),
                    ..limited(k, Limits::none().with_max_leaves(budget))
                };
                match search(algorithm, &t, config) {
                    Ok(r) => {
                        assert_eq!(r.value, v, "{algorithm} {k} on {text}");
                        assert!(r.leaves <= budget, "{algorithm} {k} on {text}");
                    }
                    Err(ThreadError::Stopped(s)) => {
                        assert!(s.leaves <= budget, "{algorithm} {k} on {text}");
                    }
                    Err(e) => panic!("{algorithm} {k} on {text}: {e}"),
                }
            }
        }
    });
}

/// How late a search on `k` threads may stop after a deadline `ms` away:
/// 10%, and 5 ms for the rest of the test (the threads joining, the search
/// setting up). With more threads than the host has cores, the search can
/// only return once the operating system has given every thread the
/// processor once more after the stop (they must leave the search before
/// the tree they borrow is released), which on a loaded host takes a
/// round of its scheduler: there, 30 ms for that.
fn allowed(k: usize, ms: u64) -> Duration {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let join = if k > cores { 30 } else { 5 };
    Duration::from_millis(ms / 10 + join)
}

#[test]
fn a_deadline_stops_every_thread_within_ten_percent() {
    on_tallied(|tree, leaves| {
        for (algorithm, k) in searches(&THREADS) {
            for ms in [100, 200] {
                let what = format!("{algorithm}, {k} threads, {ms} ms");
                // The host is shared: a run may lose the processor;
                // the best of three runs must be on time.
                let mut late = Vec::new();
                for _ in 0..3 {
                    let deadline = Duration::from_millis(ms);
                    let before = leaves.load(Relaxed);
                    let start = Instant::now();
                    let r = search(
                        algorithm,
                        tree,
                        limited(k, Limits::none().with_time(deadline)),
                    );
                    let wall = start.elapsed();
                    let s = stopped(r, &what);
                    assert_eq!(s.reason, StopReason::Deadline, "{what}");
                    assert!(wall >= deadline, "{what}: stopped early");
                    assert!(s.elapsed <= wall, "{what}");
                    let evaluated = leaves.load(Relaxed) - before;
                    assert_eq!(s.leaves, evaluated, "{what}: the counts so far");
                    late.push(wall - deadline);
                    if wall - deadline <= allowed(k, ms) {
                        break;
                    }
                }
                let best = *late.iter().min().unwrap();
                assert!(
                    best <= allowed(k, ms),
                    "{what}: overrun by {best:?} (runs: {late:?})"
                );
            }
        }
    });
}

#[test]
fn a_stop_handle_stops_every_thread() {
    bounded(|| {
        let tree = huge();
        for (algorithm, k) in searches(&[1, 3]) {
            let stop = StopHandle::new();
            let raiser = corpus::stop_after(&stop, Duration::from_millis(20));
            let s = stopped(
                search(
                    algorithm,
                    &tree,
                    limited(k, Limits::none().with_stop(stop.clone())),
                ),
                algorithm.name(),
            );
            raiser.join().unwrap();
            assert_eq!(s.reason, StopReason::Cancelled, "{algorithm} {k}");
            // Raised before the search: it stops before a leaf.
            let s = stopped(
                search(algorithm, &tree, limited(k, Limits::none().with_stop(stop))),
                algorithm.name(),
            );
            assert_eq!((s.reason, s.leaves), (StopReason::Cancelled, 0));
        }
    });
}

#[test]
fn limits_that_are_not_reached_change_nothing() {
    bounded(|| {
        for (text, t) in corpus::random_trees(0x11a1, 300) {
            for (algorithm, k) in searches(&[1, 2]) {
                let free = search(algorithm, &t, ThreadConfig::new(k)).unwrap();
                let limits = Limits::none()
                    .with_time(Duration::from_secs(3600))
                    .with_max_leaves(u64::MAX / 2)
                    .with_stop(StopHandle::new());
                let r = search(algorithm, &t, limited(k, limits)).unwrap();
                assert_eq!(r.value, free.value, "{algorithm} {k} on {text}");
                if k == 1 {
                    assert_eq!(
                        (r.best, &r.pv, r.leaves),
                        (free.best, &free.pv, free.leaves)
                    );
                }
            }
        }
    });
}

#[test]
fn sss_workers_take_no_leaf_budget() {
    let t = HashTree::new(3, 4, 1).unwrap();
    let config = ThreadConfig {
        stage_worker: StageWorker::Sss,
        ..limited(2, Limits::none().with_max_leaves(10))
    };
    let e = search(ThreadAlgorithm::ParallelStagedSss, &t, config).unwrap_err();
    assert!(matches!(e, ThreadError::Unsupported { .. }), "{e:?}");
    assert!(e.to_string().contains("leaf budget"), "{e}");
    // A deadline they take (honoured between jobs).
    let config = ThreadConfig {
        stage_worker: StageWorker::Sss,
        ..limited(2, Limits::none().with_time(Duration::from_secs(60)))
    };
    let r = search(ThreadAlgorithm::ParallelStagedSss, &t, config).unwrap();
    assert_eq!(r.value, tree_core::minimax(&t));
}

//! `Algorithm::search` under limits: a leaf budget stops a search at
//! exactly that many evaluations, a deadline after its time, a stop handle
//! from another thread and within `Meter::CHECK_EVERY` leaves of being
//! raised (counted in leaves, not in seconds: the host is shared); a
//! stopped search returns no value.

use std::time::{Duration, Instant};

use search_depthfirst::{Algorithm, SearchConfig, SearchError};
use tree_core::corpus::Hooked;
use tree_core::{Counted, GenSpec, Generator, HashTree, Limits, StopHandle, StopReason, Stopped};

use crate::common::random_trees;

fn limited(limits: Limits) -> SearchConfig {
    SearchConfig::new().with_limits(limits)
}

fn stopped(r: Result<search_depthfirst::Report, SearchError>, what: &str) -> Stopped {
    match r {
        Err(SearchError::Stopped(s)) => s,
        other => panic!("{what}: expected a stop, got {other:?}"),
    }
}

#[test]
fn a_leaf_budget_stops_at_exactly_that_many_leaves() {
    let algorithms = || Algorithm::ALL.iter().copied().filter(|a| a.takes_limits());
    let tree = GenSpec::new(Generator::RANDOM, 5, 6, 3, 1).build().unwrap();
    for a in algorithms() {
        let full = a.search(&tree, &SearchConfig::new()).unwrap();
        for budget in [0, 1, 7, full.leaves / 2, full.leaves - 1] {
            let counted = Counted::new(&tree);
            let s = stopped(
                a.search(&counted, &limited(Limits::none().with_max_leaves(budget))),
                a.name(),
            );
            assert_eq!(s.reason, StopReason::LeafLimit, "{a}");
            assert_eq!(s.leaves, budget, "{a}");
            assert_eq!(
                counted.stats().leaves,
                budget,
                "{a}: evaluated exactly the budget"
            );
        }
        // A budget the search needs exactly is enough.
        let r = a
            .search(&tree, &limited(Limits::none().with_max_leaves(full.leaves)))
            .unwrap();
        assert_eq!(
            (r.value, r.best, r.leaves),
            (full.value, full.best, full.leaves)
        );
    }
    // On the corpus: a search either finishes within its budget, with the
    // value, or stops at it, with none.
    for (text, tree) in random_trees(0xb0d9e7, 500) {
        for a in algorithms() {
            let full = a.search(&tree, &SearchConfig::new()).unwrap();
            for budget in [0, 3, 10, 40] {
                match a.search(&tree, &limited(Limits::none().with_max_leaves(budget))) {
                    Ok(r) => {
                        assert!(full.leaves <= budget, "{a} on {text}");
                        assert_eq!((r.value, r.leaves), (full.value, full.leaves));
                    }
                    Err(SearchError::Stopped(s)) => {
                        assert!(full.leaves > budget, "{a} on {text}");
                        assert_eq!(s.leaves, budget, "{a} on {text}");
                    }
                    Err(e) => panic!("{a} on {text}: {e}"),
                }
            }
        }
    }
}

/// A tree no search finishes in a second: (8, 20) has 2^60 leaves, and
/// alpha-beta visits about 2 · 8^10 of them.
fn huge() -> HashTree {
    HashTree::new(8, 20, 7).unwrap()
}

/// Runs `a` on a tree too big to finish with a deadline `ms` from now:
/// it must stop with `Deadline`, not before the deadline, with the counts
/// so far.
fn stops_at_the_deadline(a: Algorithm, ms: u64) {
    let tree = huge();
    let deadline = Duration::from_millis(ms);
    let start = Instant::now();
    let counted = Counted::new(&tree);
    let r = a.search(&counted, &limited(Limits::none().with_time(deadline)));
    let wall = start.elapsed();
    let s = stopped(r, a.name());
    assert_eq!(s.reason, StopReason::Deadline, "{a}");
    assert_eq!(s.leaves, counted.stats().leaves, "{a}: counts so far");
    assert!(wall >= deadline, "{a}: stopped before the deadline");
    assert!(s.elapsed <= wall);
}

#[test]
fn a_deadline_stops_the_search() {
    for &a in Algorithm::ALL.iter().filter(|a| a.takes_limits()) {
        stops_at_the_deadline(a, 30);
    }
}

/// How promptly a search notices a limit, in leaves (load-independent):
/// the meter looks at the clock and the stop handle at least every
/// `Meter::CHECK_EVERY` leaves, so a search stops within that many leaves
/// of the moment a deadline passes or a handle is raised.
#[test]
fn a_raised_stop_is_noticed_within_check_every_leaves() {
    let tree = huge();
    for &a in Algorithm::ALL.iter().filter(|a| a.takes_limits()) {
        for at in [1, 1000, 5000] {
            // The tree raises the handle when its `at`-th leaf is evaluated.
            let (stop, leaves) = (StopHandle::new(), std::cell::Cell::new(0));
            let t = Hooked {
                tree: &tree,
                on_leaf: |v| {
                    leaves.set(leaves.get() + 1);
                    if leaves.get() == at {
                        stop.stop();
                    }
                    v
                },
                shape: false,
            };
            let limits = Limits::none().with_stop(stop.clone());
            let s = stopped(a.search(&t, &limited(limits)), a.name());
            assert_eq!(s.reason, StopReason::Cancelled, "{a}");
            assert!(
                s.leaves >= at && s.leaves <= at + tree_core::Meter::CHECK_EVERY,
                "{a}: raised at leaf {at}, stopped after {}",
                s.leaves
            );
        }
    }
}

#[test]
fn a_stop_handle_stops_a_search_from_another_thread() {
    let stop = StopHandle::new();
    let config = limited(Limits::none().with_stop(stop.clone()));
    let raiser = tree_core::corpus::stop_after(&stop, Duration::from_millis(30));
    let s = stopped(Algorithm::AlphaBeta.search(&huge(), &config), "alphabeta");
    raiser.join().unwrap();
    assert_eq!(s.reason, StopReason::Cancelled);
    assert!(s.leaves > 0);
    // A raised handle stops the next search before its first leaf.
    let counted = Counted::new(huge());
    let s = stopped(Algorithm::Scout.search(&counted, &config), "scout");
    assert_eq!(
        (s.reason, s.leaves, counted.stats().leaves),
        (StopReason::Cancelled, 0, 0)
    );
    assert!(s.to_string().contains("cancelled"), "{s}");
}

#[test]
fn a_deadline_in_the_past_stops_at_once() {
    let tree = huge();
    for &a in Algorithm::ALL.iter().filter(|a| a.takes_limits()) {
        let s = stopped(
            a.search(
                &tree,
                &limited(Limits::none().with_deadline(Instant::now())),
            ),
            a.name(),
        );
        assert_eq!((s.reason, s.leaves), (StopReason::Deadline, 0), "{a}");
    }
    let e = Algorithm::AlphaBeta
        .search(&tree, &limited(Limits::none().with_max_leaves(10)))
        .unwrap_err();
    let message = e.to_string();
    assert!(
        message
            .starts_with("search stopped because the leaf limit was reached after 10 leaves in "),
        "{message}"
    );
}

//! `Algorithm::run` under `Options::limits`: a leaf budget stops every
//! algorithm at exactly that many evaluations, a stop handle and a
//! deadline stop it within one check period, a stopped search returns no
//! value, and a budget the search needs in full changes nothing.

use std::time::{Duration, Instant};

use search_bestfirst::{Algorithm, BestFirstError, Options, Outcome};
use tree_core::{
    Counted, GenSpec, Generator, Limits, Meter, StopHandle, StopReason, Stopped, corpus,
};

fn with(limits: Limits) -> Options {
    Options {
        limits,
        ..Options::default()
    }
}

fn stopped(r: Result<Outcome, BestFirstError>, what: &str) -> Stopped {
    match r {
        Err(BestFirstError::Stopped(s)) => s,
        other => panic!("{what}: expected a stop, got {other:?}"),
    }
}

#[test]
fn a_leaf_budget_stops_every_algorithm_at_exactly_that_many_leaves() {
    let tree = GenSpec::new(Generator::RANDOM, 4, 6, 3, 1).build().unwrap();
    for &a in Algorithm::ALL {
        let counted = Counted::new(&tree);
        let full = a.run(&counted, &Options::default()).unwrap();
        let leaves = counted.stats().leaves;
        for budget in [0, 1, 7, leaves / 2, leaves - 1] {
            let counted = Counted::new(&tree);
            let s = stopped(
                a.run(&counted, &with(Limits::none().with_max_leaves(budget))),
                a.name(),
            );
            assert_eq!((s.reason, s.leaves), (StopReason::LeafLimit, budget), "{a}");
            assert_eq!(
                counted.stats().leaves,
                budget,
                "{a}: evaluated exactly the budget"
            );
        }
        // A budget the search needs exactly is enough, and changes nothing.
        let counted = Counted::new(&tree);
        let out = a
            .run(&counted, &with(Limits::none().with_max_leaves(leaves)))
            .unwrap();
        assert_eq!(out, full, "{a}");
        assert_eq!(counted.stats().leaves, leaves, "{a}");
    }
    // On the corpus: a search either finishes within its budget, with what
    // it finds without one, or stops at it, with no value.
    for (text, tree) in corpus::random_trees(0x1eaf, 300) {
        for &a in Algorithm::ALL {
            let counted = Counted::new(&tree);
            let full = a.run(&counted, &Options::default()).unwrap();
            let leaves = counted.stats().leaves;
            for budget in [0, 3, 10, 40] {
                let counted = Counted::new(&tree);
                match a.run(&counted, &with(Limits::none().with_max_leaves(budget))) {
                    Ok(out) => {
                        assert!(leaves <= budget, "{a} on {text}");
                        assert_eq!(out, full, "{a} on {text}");
                    }
                    Err(BestFirstError::Stopped(s)) => {
                        assert!(leaves > budget, "{a} on {text}");
                        assert_eq!(s.leaves, budget, "{a} on {text}");
                        assert_eq!(counted.stats().leaves, budget, "{a} on {text}");
                    }
                    Err(e) => panic!("{a} on {text}: {e}"),
                }
            }
        }
    }
}

/// A tree none of these searches finishes in a deadline's time: (5, 16),
/// 1.5·10^11 leaves, of which even a minimal search examines 2·5^8 − 1;
/// SSS*'s OPEN 5^8 = 390,625 states.
fn big() -> tree_core::GeneratedTree {
    GenSpec::new(Generator::RANDOM, 5, 16, 11, 0)
        .build()
        .unwrap()
}

#[test]
fn a_raised_stop_handle_stops_within_one_check_period() {
    let tree = big();
    let stop = StopHandle::new();
    stop.stop();
    for &a in Algorithm::ALL {
        let counted = Counted::new(&tree);
        let s = stopped(
            a.run(&counted, &with(Limits::none().with_stop(stop.clone()))),
            a.name(),
        );
        assert_eq!(s.reason, StopReason::Cancelled, "{a}");
        assert!(s.leaves <= Meter::CHECK_EVERY, "{a}: {}", s.leaves);
        assert_eq!(counted.stats().leaves, s.leaves, "{a}: counts so far");
    }
}

#[test]
fn a_stop_handle_stops_a_search_from_another_thread() {
    let tree = big();
    for a in [Algorithm::Sss, Algorithm::IterSss, Algorithm::MGame] {
        let stop = StopHandle::new();
        let raiser = corpus::raise_after(&stop, Duration::from_millis(20));
        let counted = Counted::new(&tree);
        let s = stopped(
            a.run(&counted, &with(Limits::none().with_stop(stop))),
            a.name(),
        );
        raiser.join().unwrap();
        assert_eq!(s.reason, StopReason::Cancelled, "{a}");
        assert_eq!(counted.stats().leaves, s.leaves, "{a}");
    }
}

/// A deadline stops the search after it passes, with the counts so far.
/// How late is not asserted tightly (the host is shared): within a second,
/// where the search alone would take far longer.
#[test]
fn a_deadline_stops_every_algorithm() {
    let tree = big();
    for &a in Algorithm::ALL {
        let deadline = Duration::from_millis(30);
        let start = Instant::now();
        let counted = Counted::new(&tree);
        let s = stopped(
            a.run(&counted, &with(Limits::none().with_time(deadline))),
            a.name(),
        );
        let wall = start.elapsed();
        assert_eq!(s.reason, StopReason::Deadline, "{a}");
        assert_eq!(counted.stats().leaves, s.leaves, "{a}: counts so far");
        assert!(wall >= deadline && s.elapsed <= wall, "{a}");
        assert!(wall < deadline + Duration::from_secs(1), "{a}: {wall:?}");
    }
}

#[test]
fn a_deadline_in_the_past_stops_within_one_check_period() {
    let tree = big();
    for &a in Algorithm::ALL {
        let s = stopped(
            a.run(&tree, &with(Limits::none().with_deadline(Instant::now()))),
            a.name(),
        );
        assert_eq!(s.reason, StopReason::Deadline, "{a}");
        assert!(s.leaves <= Meter::CHECK_EVERY, "{a}: {}", s.leaves);
        assert!(s.to_string().contains("deadline"));
    }
}

#[test]
fn limits_that_do_not_bind_change_nothing() {
    let tree = GenSpec::new(Generator::RANDOM, 3, 7, 5, 2).build().unwrap();
    let limits = Limits::none()
        .with_time(Duration::from_secs(3600))
        .with_max_leaves(u64::MAX)
        .with_stop(StopHandle::new());
    for &a in Algorithm::ALL {
        let plain = a.run(&tree, &Options::default()).unwrap();
        assert_eq!(a.run(&tree, &with(limits.clone())).unwrap(), plain, "{a}");
    }
}

/// `tree` with a count of the children generated and the leaves evaluated,
/// and of the children generated after the `stop_after`-th leaf.
struct Watch<'a> {
    tree: &'a tree_core::GeneratedTree,
    stop_after: u64,
    leaves: std::cell::Cell<u64>,
    after: std::cell::Cell<u64>,
}

impl tree_core::Tree for Watch<'_> {
    type Node = <tree_core::GeneratedTree as tree_core::Tree>::Node;

    fn root(&self) -> Self::Node {
        self.tree.root()
    }

    fn num_children(&self, node: &Self::Node) -> usize {
        self.tree.num_children(node)
    }

    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        if self.leaves.get() >= self.stop_after {
            self.after.set(self.after.get() + 1);
        }
        self.tree.child(node, i)
    }

    fn value(&self, node: &Self::Node) -> tree_core::Value {
        self.leaves.set(self.leaves.get() + 1);
        self.tree.value(node)
    }

    fn bounds(&self) -> Option<tree_core::Bounds> {
        self.tree.bounds()
    }
}

/// Once a limit stops a search, it returns at once: it does not work
/// through the states it holds (SSS*'s OPEN here holds some 10^5 of them
/// at the stop), which would make a deadline late by the time that takes.
/// Counted, not timed: the children generated after the last leaf.
#[test]
fn a_stopped_search_unwinds_without_working_through_its_open() {
    let tree = big();
    let budget = 200_000;
    for &a in Algorithm::ALL {
        let watch = Watch {
            tree: &tree,
            stop_after: budget,
            leaves: 0.into(),
            after: 0.into(),
        };
        let s = stopped(
            a.run(&watch, &with(Limits::none().with_max_leaves(budget))),
            a.name(),
        );
        assert_eq!((s.reason, s.leaves), (StopReason::LeafLimit, budget), "{a}");
        assert_eq!(watch.leaves.get(), budget, "{a}");
        assert!(
            watch.after.get() <= 16 * 5,
            "{a}: {} children generated after the stop",
            watch.after.get()
        );
    }
}

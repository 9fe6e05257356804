//! A search stopped by a limit is a report, with `stopped` set.

use std::time::Duration;

use gametree::{Algorithm, Bound, Config, Family, StopHandle, StopReason, search, search_game};
use tree_core::{GenSpec, Generator};

#[test]
fn a_leaf_budget_stops_every_algorithm_with_a_report() {
    let tree = GenSpec::new(Generator::RANDOM, 6, 8, 1, 0).build().unwrap();
    for a in crate::in_process() {
        let config = Config::default().max_leaves(50);
        let config = if a == Algorithm::ParallelStagedSss {
            config.threads(2)
        } else {
            config
        };
        let r = search(a, &tree, &config).unwrap_or_else(|e| panic!("{a}: {e}"));
        assert_eq!(r.stopped, Some(StopReason::LeafLimit), "{a}");
        assert_eq!(r.bound, Bound::Unknown, "{a}");
        assert_eq!(r.best, None, "{a}");
        if a.family() != Family::Enhanced {
            assert!(r.leaves <= 50, "{a}: {} leaves", r.leaves);
        }
    }
}

#[test]
fn a_raised_stop_handle_stops_at_once() {
    let tree = GenSpec::new(Generator::RANDOM, 8, 8, 1, 0).build().unwrap();
    let stop = StopHandle::new();
    stop.stop();
    for a in crate::in_process() {
        let r = search(a, &tree, &Config::default().cancel(stop.clone())).unwrap();
        assert_eq!(r.stopped, Some(StopReason::Cancelled), "{a}");
    }
}

#[test]
fn a_deadline_stops_a_long_search() {
    let tree = GenSpec::new(Generator::RANDOM, 8, 14, 1, 0)
        .build()
        .unwrap();
    let config = Config::default().time_limit(Duration::from_millis(30));
    for a in [Algorithm::AlphaBeta, Algorithm::MemSss, Algorithm::Ybwc] {
        let r = search(a, &tree, &config).unwrap();
        assert_eq!(r.stopped, Some(StopReason::Deadline), "{a}");
    }
}

/// An iterative game search stopped by a limit gives its last completed
/// depth: value, best move and line at that depth.
#[test]
fn an_iterative_game_search_gives_its_last_completed_depth() {
    use othello::Othello;
    let pos = othello::experiment_positions()[0];
    let config = Config::default().max_leaves(20_000);
    let r = search_game(Algorithm::PvsEnhanced, &Othello, &pos, 30, &config).unwrap();
    assert_eq!(r.stopped, Some(StopReason::LeafLimit));
    let depth = r.depth.unwrap();
    assert!((1..30).contains(&depth), "{depth}");
    let full = search_game(
        Algorithm::PvsEnhanced,
        &Othello,
        &pos,
        depth,
        &Config::default(),
    )
    .unwrap();
    assert_eq!((r.value, r.bound), (full.value, Bound::Exact));
}

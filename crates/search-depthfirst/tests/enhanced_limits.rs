//! `Enhanced::search_with_limits`: a leaf budget stops an iterative search
//! at exactly the budget and returns its last completed iteration, which is
//! the unlimited search to that depth; a budget too small for the first
//! iteration is a `Stopped` error; a stop handle raised from another
//! thread and a deadline stop a search that would take minutes; no limit
//! is the plain search.

use std::time::{Duration, Instant};

use search_depthfirst::testgames::{Lattice, LatticePosition, PathGame, PathValues, horizon_value};
use search_depthfirst::{
    Enhanced, EnhancedAlgorithm, EnhancedConfig, EnhancedReport, ProbCut, SearchError,
};
use tree_core::{Game, Limits, StopHandle, StopReason, Stopped};

fn config() -> EnhancedConfig {
    EnhancedConfig::default().with_table_bytes(1 << 16)
}

/// A new engine with [`config`].
fn engine() -> Enhanced {
    Enhanced::new(config()).unwrap()
}

/// A search that would take minutes: depth 40 of a game of about 4.5 moves
/// a position without transpositions.
fn long_game() -> PathGame {
    PathGame::new(7, 8, 60, PathValues::Wide)
}

const LONG_DEPTH: u32 = 40;

fn stopped<M: std::fmt::Debug>(r: Result<EnhancedReport<M>, SearchError>, what: &str) -> Stopped {
    match r {
        Err(SearchError::Stopped(s)) => s,
        other => panic!("{what}: expected a stop, got {other:?}"),
    }
}

/// A stopped search's report is the unlimited search to its completed
/// depth: value, best move, iterations and their counts; its principal
/// variation starts with the best move and keeps the value.
fn is_completed_iteration<G: Game>(
    game: &G,
    root: &G::Position,
    a: EnhancedAlgorithm,
    r: &EnhancedReport<G::Move>,
    oracle: bool,
    what: &str,
) {
    let d = r.completed_depth;
    let fresh = engine().search(a, game, root, d).unwrap();
    assert_eq!(fresh.stopped, None, "{what}");
    assert_eq!(
        (r.value, r.best_move, r.best_index),
        (fresh.value, fresh.best_move, fresh.best_index),
        "{what}: depth {d}"
    );
    assert_eq!(r.per_iteration, fresh.per_iteration, "{what}: depth {d}");
    if oracle {
        assert_eq!(r.value, horizon_value(game, root, d), "{what}: depth {d}");
    }
    assert_eq!(r.pv.first(), r.best_move.as_ref(), "{what}");
}

#[test]
fn a_leaf_budget_stops_exactly_and_returns_the_last_completed_iteration() {
    let mut checked = 0;
    let games = [
        (Lattice::new(1, 3, 9), 6),
        (Lattice::new(3, 8, 6).with_hints(true), 5),
        (Lattice::new(4, 2, 12).with_noise(0), 8),
    ];
    for (gk, (game, depth)) in games.iter().enumerate() {
        let root = LatticePosition::START;
        for &a in EnhancedAlgorithm::ALL {
            let what = format!("lattice {gk} {a}");
            let full = engine().search(a, game, &root, *depth).unwrap();
            assert_eq!((full.stopped, full.completed_depth), (None, *depth));
            // Leaves after each iteration.
            let done: Vec<u64> = full
                .per_iteration
                .iter()
                .scan(0, |s, i| {
                    *s += i.leaves;
                    Some(*s)
                })
                .collect();
            let mut budgets = vec![0, 1, 2, full.leaves - 1, full.leaves, full.leaves + 5];
            for &c in &done {
                budgets.extend([c.saturating_sub(1), c, c + 1]);
            }
            for budget in budgets {
                let mut e = engine();
                let limits = Limits::none().with_max_leaves(budget);
                let r = e.search_with_limits(a, game, &root, *depth, &limits);
                let what = format!("{what} budget {budget}");
                // The iterations that fit in the budget.
                let k = done.iter().take_while(|&&c| c <= budget).count();
                if k == full.per_iteration.len() {
                    let r = r.unwrap();
                    assert_eq!(r, full, "{what}: enough for the whole search");
                } else if k == 0 {
                    let s = stopped(r, &what);
                    assert_eq!((s.reason, s.leaves), (StopReason::LeafLimit, budget));
                } else {
                    let r = r.unwrap();
                    assert_eq!(r.stopped, Some(StopReason::LeafLimit), "{what}");
                    assert_eq!(r.completed_depth, full.per_iteration[k - 1].depth);
                    assert_eq!(r.per_iteration, full.per_iteration[..k], "{what}");
                    // The abandoned iteration ran to exactly the budget.
                    assert_eq!(r.leaves, budget, "{what}");
                    is_completed_iteration(game, &root, a, &r, true, &what);
                    checked += 1;
                }
                // The table the interrupted search left is sound.
                let after = e.search(a, game, &root, *depth).unwrap();
                assert_eq!((after.value, after.stopped), (full.value, None), "{what}");
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn a_leaf_budget_stops_selective_passes_exactly_and_leaves_a_sound_table() {
    // ProbCut's passes before the exact iteration (and their evaluations
    // that pick the side to test) are metered like every other leaf.
    let game = Lattice::new(3, 4, 12).with_hints(true);
    let root = LatticePosition::START;
    let depth = game.plies_left(&root).unwrap();
    let probcut = ProbCut {
        root_plies: 0,
        plies: 2,
        depth: 1,
        margins: [2, 6, 0, 0],
    };
    // Without the game's solver, whose call is metered first at every
    // position searched to the end, the evaluation that picks ProbCut's
    // test can be the first leaf past the budget.
    let config = config().with_endgame(false).with_probcut(Some(probcut));
    let mut stopped_inside = 0;
    for &a in EnhancedAlgorithm::ALL {
        let full = Enhanced::new(config)
            .unwrap()
            .search(a, &game, &root, depth)
            .unwrap();
        assert_eq!(full.value, horizon_value(&game, &root, depth), "{a}");
        assert!(full.leaves < 5000, "{a}: {} leaves", full.leaves);
        for budget in 0..full.leaves {
            let what = format!("{a} budget {budget}");
            let mut e = Enhanced::new(config).unwrap();
            let limits = Limits::none().with_max_leaves(budget);
            match e.search_with_limits(a, &game, &root, depth, &limits) {
                // Under limits the search deepens first, which may take
                // fewer leaves than solving at once.
                Ok(r) if r.stopped.is_none() => {
                    assert_eq!(r.value, full.value, "{what}");
                    assert!(r.leaves <= budget, "{what}");
                }
                Ok(r) => {
                    assert_eq!(r.stopped, Some(StopReason::LeafLimit), "{what}");
                    assert_eq!(r.leaves, budget, "{what}: stopped at the budget");
                    assert!(r.completed_depth < depth, "{what}");
                    stopped_inside += 1;
                }
                Err(SearchError::Stopped(s)) => assert_eq!(s.leaves, budget, "{what}"),
                Err(other) => panic!("{what}: {other}"),
            }
            let after = e.search(a, &game, &root, depth).unwrap();
            assert_eq!(after.value, full.value, "{what}: the table left is sound");
        }
    }
    assert!(stopped_inside > 20, "{stopped_inside}");
}

#[test]
fn with_the_games_solver_a_budget_is_metered_per_call() {
    let game = Lattice::new(2, 5, 9).with_solver(3);
    let root = LatticePosition::START;
    for &a in EnhancedAlgorithm::ALL {
        let full = engine().search(a, &game, &root, 9).unwrap();
        for budget in [0, 1, 5, full.leaves / 3, full.leaves - 1] {
            let what = format!("{a} budget {budget}");
            let limits = Limits::none().with_max_leaves(budget);
            match engine().search_with_limits(a, &game, &root, 9, &limits) {
                Ok(r) => {
                    assert_eq!(r.stopped, Some(StopReason::LeafLimit), "{what}");
                    assert!(r.completed_depth < 9, "{what}");
                    let kept: u64 = r.per_iteration.iter().map(|i| i.leaves).sum();
                    assert!(kept <= budget, "{what}: completed iterations fit");
                    is_completed_iteration(&game, &root, a, &r, true, &what);
                }
                Err(SearchError::Stopped(s)) => {
                    assert_eq!(s.reason, StopReason::LeafLimit, "{what}");
                    assert!(s.leaves >= budget, "{what}");
                }
                Err(e) => panic!("{what}: {e}"),
            }
        }
    }
}

#[test]
fn no_limit_is_the_plain_search() {
    let game = Lattice::new(1, 3, 9);
    let root = LatticePosition::START;
    for &a in EnhancedAlgorithm::ALL {
        let plain = engine().search(a, &game, &root, 7).unwrap();
        let none = engine()
            .search_with_limits(a, &game, &root, 7, &Limits::none())
            .unwrap();
        // A handle never raised and a far deadline change nothing either.
        let far = Limits::none()
            .with_stop(StopHandle::new())
            .with_time(Duration::from_secs(3600));
        let unreached = engine()
            .search_with_limits(a, &game, &root, 7, &far)
            .unwrap();
        assert_eq!(none, plain, "{a}");
        assert_eq!(unreached, plain, "{a}");
        assert_eq!((plain.stopped, plain.completed_depth), (None, 7));
    }
}

#[test]
fn a_stop_handle_raised_from_another_thread_stops_the_search() {
    let game = long_game();
    let root = game.start();
    for a in [EnhancedAlgorithm::Pvs, EnhancedAlgorithm::Mtdf] {
        let stop = StopHandle::new();
        let limits = Limits::none().with_stop(stop.clone());
        let start = Instant::now();
        let r = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                stop.stop();
            });
            engine().search_with_limits(a, &game, &root, LONG_DEPTH, &limits)
        });
        let r = r.unwrap();
        assert!(start.elapsed() < Duration::from_secs(10), "{a}: stopped");
        assert_eq!(r.stopped, Some(StopReason::Cancelled), "{a}");
        assert!(r.completed_depth >= 1 && r.completed_depth < LONG_DEPTH);
        is_completed_iteration(&game, &root, a, &r, false, &format!("{a} cancelled"));
    }
    // Raised before the search: not even the first iteration completes.
    let stop = StopHandle::new();
    stop.stop();
    let limits = Limits::none().with_stop(stop);
    let r = engine().search_with_limits(
        EnhancedAlgorithm::AlphaBeta,
        &game,
        &root,
        LONG_DEPTH,
        &limits,
    );
    let s = stopped(r, "raised before");
    assert_eq!((s.reason, s.leaves), (StopReason::Cancelled, 0));
}

#[test]
fn a_deadline_stops_a_search_that_would_take_minutes() {
    let game = long_game();
    let root = game.start();
    for &a in EnhancedAlgorithm::ALL {
        let limits = Limits::none().with_time(Duration::from_millis(50));
        let start = Instant::now();
        let r = engine()
            .search_with_limits(a, &game, &root, LONG_DEPTH, &limits)
            .unwrap();
        // Generous: the search alone would take minutes.
        assert!(start.elapsed() < Duration::from_secs(10), "{a}");
        assert_eq!(r.stopped, Some(StopReason::Deadline), "{a}");
        assert!(r.completed_depth < LONG_DEPTH, "{a}");
        is_completed_iteration(&game, &root, a, &r, false, &format!("{a} deadline"));
    }
    // A deadline already past: the first iteration is refused.
    let limits = Limits::none().with_deadline(Instant::now());
    let s = stopped(
        engine().search_with_limits(EnhancedAlgorithm::Mtdf, &game, &root, LONG_DEPTH, &limits),
        "past deadline",
    );
    assert_eq!((s.reason, s.leaves), (StopReason::Deadline, 0));
}

//! The parallel enhanced searches of a `Game` (Lazy SMP and YBWC over a
//! shared table): on 1, 2, 3 and 8 threads, every iteration's value equals
//! the one-thread engine's value at that depth (and the minimax value of
//! the horizon tree), for alpha-beta, PVS and MTD(f) (and MT-SSS\*,
//! MT-DUAL\*), on Othello's experiment positions and on synthetic games with
//! transpositions, ties, extreme values and exact-solve mode; the best move
//! and the principal variation keep the value; panics and bad settings are
//! errors.

use othello::{Othello, experiment_positions};
use search_depthfirst::testgames::{Lattice, LatticePosition, horizon_value};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig, ProbCut, SharedTable};
use search_parallel::threads::{GameParallel, GameThreadConfig, ThreadError, search_game};
use tree_core::{Game, MoveBuffer, Value};

use tree_core::corpus::bounded;

const ALGORITHMS: &[EnhancedAlgorithm] = &[
    EnhancedAlgorithm::AlphaBeta,
    EnhancedAlgorithm::Pvs,
    EnhancedAlgorithm::Mtdf,
];

/// Checks every parallel configuration against the one-thread engine on
/// `root` at `depth`: each iteration's value; the best move's position has
/// the root's value; the principal variation starts with the best move.
fn check<G>(
    game: &G,
    root: &G::Position,
    depth: u32,
    config: &EnhancedConfig,
    algorithms: &[EnhancedAlgorithm],
    split_depths: &[u32],
) where
    G: Game + Sync,
    G::Position: Send + Sync + std::fmt::Debug,
    G::Move: Send + Sync + std::fmt::Debug + PartialEq,
{
    let mut table = SharedTable::new(config.table_bytes).unwrap();
    for &a in algorithms {
        let one = Enhanced::new(*config)
            .unwrap()
            .search(a, game, root, depth)
            .unwrap();
        let values: Vec<(u32, Value)> = one
            .per_iteration
            .iter()
            .map(|i| (i.depth, i.value))
            .collect();
        for &method in GameParallel::ALL {
            for &threads in &[1, 2, 3, 8] {
                for &split_depth in split_depths {
                    let cfg = GameThreadConfig {
                        threads,
                        method,
                        split_depth,
                        root_shift: split_depth == 2,
                        defer: split_depth != 3,
                    };
                    let r = search_game(a, game, root, depth, config, &mut table, &cfg).unwrap();
                    let what = format!(
                        "{a} {method} {threads} threads split {split_depth} depth {depth} {root:?}"
                    );
                    let got: Vec<(u32, Value)> = r
                        .report
                        .per_iteration
                        .iter()
                        .map(|i| (i.depth, i.value))
                        .collect();
                    assert_eq!(got, values, "{what}");
                    assert_eq!(r.report.value, one.value, "{what}");
                    assert_eq!(r.per_thread.len(), threads, "{what}");
                    // The root splits (a full window: no cutoff there).
                    if method == GameParallel::Ybwc
                        && threads > 1
                        && depth >= split_depth
                        && game.num_moves(root) > 1
                        && a != EnhancedAlgorithm::Mtdf
                        && a != EnhancedAlgorithm::MtSss
                        && a != EnhancedAlgorithm::MtDual
                    {
                        assert!(r.splits > 0, "{what}: no split");
                    }
                    assert!(r.leaves() >= r.report.leaves, "{what}");
                    // The best move keeps the value, and the PV starts with it.
                    assert_eq!(
                        one.best_move.is_some(),
                        r.report.best_move.is_some(),
                        "{what}"
                    );
                    if let Some(m) = r.report.best_move {
                        let child = game.play(root, m);
                        let v = horizon_value(game, &child, depth - 1);
                        assert_eq!(-v, r.report.value, "{what}: best move {m:?}");
                        assert_eq!(r.report.pv.first(), Some(&m), "{what}");
                        let mut moves = G::Moves::default();
                        game.moves(root, &mut moves);
                        assert_eq!(moves.as_slice().get(r.report.best_index.unwrap()), Some(&m));
                    }
                    table.clear();
                }
            }
        }
    }
}

/// `threads` threads searching by `method`, splitting from `split_depth`
/// plies from the root; the other settings the defaults.
fn on_threads(threads: usize, method: GameParallel, split_depth: u32) -> GameThreadConfig {
    GameThreadConfig {
        threads,
        method,
        split_depth,
        ..GameThreadConfig::default()
    }
}
#[test]
fn othello_experiment_positions_match_one_thread_at_every_depth() {
    bounded(|| {
        let positions = experiment_positions();
        let config = EnhancedConfig::default().with_table_bytes(1 << 20);
        for k in [0, 17, 33, 49] {
            let root = positions[k];
            // The one-thread values are themselves the horizon's minimax.
            let one = Enhanced::new(config)
                .unwrap()
                .search(EnhancedAlgorithm::AlphaBeta, &Othello, &root, 3)
                .unwrap();
            assert_eq!(one.value, horizon_value(&Othello, &root, 3));
            check(&Othello, &root, 5, &config, ALGORITHMS, &[1, 3]);
        }
    });
}

#[test]
fn othello_with_a_tiny_table_matches_one_thread() {
    // A table of 64 entries: constant replacement under every thread.
    bounded(|| {
        let positions = experiment_positions();
        let config = EnhancedConfig::default().with_table_bytes(64 * 24);
        for k in [5, 28] {
            check(&Othello, &positions[k], 4, &config, ALGORITHMS, &[1]);
        }
    });
}

#[test]
fn synthetic_games_match_one_thread_and_minimax() {
    bounded(|| {
        let lattice = |seed: u64| {
            Lattice::new(seed, 2 + (seed % 5) as usize, 9 + (seed % 4) as u32)
                .with_hints(seed.is_multiple_of(2))
                .with_solver(if seed.is_multiple_of(3) { 3 } else { 0 })
                .with_noise(if seed % 4 == 1 { 0 } else { 8 })
                .with_extremes(seed % 5 == 2)
        };
        for seed in 0..12u64 {
            let game = lattice(seed);
            let root = LatticePosition::START;
            // Depths below and at or beyond the end of the game (exact-solve
            // mode, which skips the heuristic iterations).
            for depth in [3, 6, 14] {
                let bytes = if seed % 2 == 0 { 1 << 16 } else { 2048 };
                let config = EnhancedConfig::default().with_table_bytes(bytes);
                check(
                    &game,
                    &root,
                    depth,
                    &config,
                    EnhancedAlgorithm::ALL,
                    &[1, 2],
                );
                let r = Enhanced::new(config)
                    .unwrap()
                    .search(EnhancedAlgorithm::Pvs, &game, &root, depth)
                    .unwrap();
                assert_eq!(
                    r.value,
                    horizon_value(&game, &root, depth),
                    "seed {seed} depth {depth}"
                );
            }
            // Selective passes before the exact solve (the helpers search
            // their moves of a split in the same pass).
            let probcut = ProbCut {
                root_plies: 0,
                plies: 2,
                depth: 1,
                margins: [1, 20, 0, 0],
            };
            let config = EnhancedConfig::default()
                .with_table_bytes(1 << 16)
                .with_sort(1, 4)
                .with_probcut(Some(probcut));
            check(&game, &root, 14, &config, EnhancedAlgorithm::ALL, &[1, 2]);
            // Without exact-solve mode, without iterative deepening, with
            // PVS's aspiration window.
            let config = EnhancedConfig::default()
                .with_table_bytes(4096)
                .with_exact_solve(false)
                .with_aspiration(Some(3));
            check(&game, &LatticePosition::START, 8, &config, ALGORITHMS, &[1]);
            let config = config.with_iterative_deepening(false);
            check(&game, &LatticePosition::START, 7, &config, ALGORITHMS, &[1]);
        }
    });
}

/// Lattice, panicking when it evaluates some positions (`.1` false), or
/// any position on a pool thread, not the calling one (`.1` true).
struct Panicky(Lattice, bool);

impl Game for Panicky {
    type Position = LatticePosition;
    type Move = <Lattice as Game>::Move;
    type Moves = <Lattice as Game>::Moves;
    tree_core::forward_game!(0: moves, play, hash);
    fn evaluate(&self, p: &LatticePosition) -> Value {
        if self.1 {
            let name = std::thread::current().name().map(str::to_owned);
            assert!(
                !name.is_some_and(|n| n.starts_with("search-")),
                "a bad position on a helper"
            );
        }
        assert!(self.0.hash(p) % 61 != 7, "a bad position");
        self.0.evaluate(p)
    }
}

#[test]
fn panics_and_bad_settings_are_errors() {
    bounded(|| {
        let mut table = SharedTable::new(1 << 16).unwrap();
        let config = EnhancedConfig::default();
        for (&method, helpers) in GameParallel::ALL
            .iter()
            .flat_map(|m| [(m, false), (m, true)])
        {
            let game = Panicky(Lattice::new(3, 4, 12), helpers);
            for threads in [1, 2, 3] {
                if helpers && threads == 1 {
                    continue;
                }
                let cfg = on_threads(threads, method, 1);
                let r = search_game(
                    EnhancedAlgorithm::Pvs,
                    &game,
                    &LatticePosition::START,
                    8,
                    &config,
                    &mut table,
                    &cfg,
                );
                match r {
                    Err(ThreadError::WorkerPanicked { message }) => {
                        assert!(message.contains("bad position"), "{message}")
                    }
                    // A helper that starts after the calling thread is
                    // done evaluates nothing: no panic, the right value.
                    Ok(r) if helpers => assert_eq!(
                        r.report.value,
                        horizon_value(&game.0, &LatticePosition::START, 8)
                    ),
                    other => panic!("{method} {threads}: {other:?}"),
                }
            }
            let cfg = on_threads(0, method, 3);
            let r = search_game(
                EnhancedAlgorithm::Pvs,
                &Othello,
                &othello::Position::initial(),
                3,
                &config,
                &mut SharedTable::new(0).unwrap(),
                &cfg,
            );
            assert!(matches!(r, Err(ThreadError::ZeroThreads)), "{r:?}");
        }
        let cfg = GameThreadConfig::default();
        let r = search_game(
            EnhancedAlgorithm::Pvs,
            &Othello,
            &othello::Position::initial(),
            300,
            &config,
            &mut table,
            &cfg,
        );
        assert!(matches!(r, Err(ThreadError::Search(_))), "{r:?}");
        assert_eq!("YBWC".parse::<GameParallel>().unwrap(), GameParallel::Ybwc);
        assert!("smp".parse::<GameParallel>().is_err());
    });
}

/// `search_game_with_limits`: a deadline stops Lazy SMP and YBWC on a
/// search that would take minutes, returning the last completed iteration
/// (the one-thread value at that depth); a stop handle raised before the
/// search is a `Stopped` error; a leaf budget is refused.
#[test]
fn the_parallel_game_search_stops_at_a_deadline() {
    use search_depthfirst::SearchError;
    use search_depthfirst::testgames::{PathGame, PathValues};
    use search_parallel::threads::{GameSearch, search_game_with_limits};
    use std::time::{Duration, Instant};
    use tree_core::{Limits, StopHandle, StopReason};

    let game = PathGame::new(7, 8, 60, PathValues::Wide);
    let root = game.start();
    let enhanced = EnhancedConfig::default().with_table_bytes(1 << 20);
    let mut table = SharedTable::new(enhanced.table_bytes).unwrap();
    for method in [GameParallel::LazySmp, GameParallel::Ybwc] {
        let config = on_threads(2, method, GameThreadConfig::default().split_depth);
        for &a in ALGORITHMS {
            let what = format!("{method} {a}");
            let start = Instant::now();
            let limits = Limits::none().with_time(Duration::from_millis(50));
            let search = GameSearch {
                algorithm: a,
                game: &game,
                root: &root,
                depth: 40,
                enhanced: &enhanced,
            };
            let r = search_game_with_limits(search, &mut table, &config, &limits)
                .unwrap()
                .report;
            // Generous: the search alone would take minutes.
            assert!(start.elapsed() < Duration::from_secs(10), "{what}");
            assert_eq!(r.stopped, Some(StopReason::Deadline), "{what}");
            let d = r.completed_depth;
            assert!((1..40).contains(&d), "{what}: {d}");
            let one = Enhanced::new(enhanced)
                .unwrap()
                .search(a, &game, &root, d)
                .unwrap();
            assert_eq!(r.value, one.value, "{what}: depth {d}");
            assert_eq!(r.per_iteration.len(), one.per_iteration.len(), "{what}");
            for (p, o) in r.per_iteration.iter().zip(&one.per_iteration) {
                assert_eq!((p.depth, p.value), (o.depth, o.value), "{what}");
            }
            assert_eq!(r.pv.first(), r.best_move.as_ref(), "{what}");
        }
        let stop = StopHandle::new();
        stop.stop();
        let limits = Limits::none().with_stop(stop);
        let search = GameSearch {
            algorithm: EnhancedAlgorithm::Pvs,
            game: &game,
            root: &root,
            depth: 40,
            enhanced: &enhanced,
        };
        let e = search_game_with_limits(search, &mut table, &config, &limits).unwrap_err();
        assert!(
            matches!(e, ThreadError::Search(SearchError::Stopped(s)) if s.reason == StopReason::Cancelled),
            "{method}: {e:?}"
        );
        let limits = Limits::none().with_max_leaves(1000);
        let search = GameSearch {
            algorithm: EnhancedAlgorithm::Pvs,
            game: &game,
            root: &root,
            depth: 4,
            enhanced: &enhanced,
        };
        let e = search_game_with_limits(search, &mut table, &config, &limits).unwrap_err();
        assert!(matches!(e, ThreadError::Unsupported { .. }), "{e:?}");
    }
}

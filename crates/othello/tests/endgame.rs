//! The endgame helpers against the oracle: the solver's fail-soft answers,
//! stable discs that stay, and the enhanced searches on endgame positions
//! at depths below, across and beyond the end of the game (where
//! exact-solve mode, the solver and the ordering search take over) equal to
//! minimax on the fixed-depth tree.

use othello::board::{legal_moves, stable_discs};
use othello::endgame::{SOLVE_EMPTIES, solve_end};
use othello::{Othello, Position, SplitMix64};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig, GameTable, HintEval};
use tree_core::{Game, Horizon, Stats, Value, minimax};

/// A position with `empties` empty squares from random play (seeded),
/// not finished.
fn endgame(seed: u64, empties: u32) -> Position {
    let mut rng = SplitMix64::new(seed);
    'game: loop {
        let mut p = Position::initial();
        while p.empty().count_ones() > empties {
            let moves = p.moves();
            if moves.is_empty() {
                continue 'game;
            }
            p = p
                .play(moves[(rng.next_u64() % moves.len() as u64) as usize])
                .unwrap();
        }
        if !p.is_game_over() {
            return p;
        }
    }
}

/// The exact value of `pos` by minimax to the end of the game.
fn exact(pos: &Position) -> Value {
    minimax(&Horizon::new(
        Othello,
        *pos,
        Othello.plies_left(pos).unwrap(),
    ))
}

#[test]
fn the_solver_is_fail_soft_around_the_exact_value() {
    let w = othello::eval::WIN_SCALE;
    let mut checked = 0;
    for seed in 0..200 {
        let pos = endgame(seed, 1 + (seed % u64::from(SOLVE_EMPTIES)) as u32);
        let v = exact(&pos);
        let mut counts = Stats::default();
        let full = solve_end(&pos, Value::NEG_INF, Value::INF, &mut counts).unwrap();
        assert_eq!(full, v, "seed {seed}");
        assert!(counts.leaves > 0);
        // Windows around, below and above the value, on and off the
        // multiples of the disc scale.
        let d = v.get();
        for (a, b) in [
            (d - 1, d + 1),
            (d, d + 1),
            (d - 1, d),
            (d + 3 * w, d + 5 * w),
            (d - 5 * w, d - 3 * w),
            (d - w / 2, d + w / 2),
            (d + 1, d + w - 1),
        ] {
            let (a, b) = (Value::new(a).unwrap(), Value::new(b).unwrap());
            let g = solve_end(&pos, a, b, &mut counts).unwrap();
            if g <= a {
                assert!(v <= g, "seed {seed} ({a}, {b}): {g} vs {v}");
            } else if g >= b {
                assert!(v >= g, "seed {seed} ({a}, {b}): {g} vs {v}");
            } else {
                assert_eq!(g, v, "seed {seed} ({a}, {b})");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 1400);
    // Above its size the solver declines (unless stability decides).
    let big = endgame(1, SOLVE_EMPTIES + 4);
    assert_eq!(
        solve_end(&big, Value::NEG_INF, Value::INF, &mut Stats::default()),
        None
    );
}

#[test]
fn stable_discs_are_never_flipped() {
    let mut rng = SplitMix64::new(99);
    let mut found = 0;
    for seed in 0..300 {
        let start = endgame(seed, 4 + (seed % 30) as u32);
        let (me, opp) = start.mine_theirs();
        let stable = [stable_discs(me, opp), stable_discs(opp, me)];
        found += stable[0].count_ones() + stable[1].count_ones();
        // The player to move's stable discs stay theirs in every random
        // continuation, and so do the opponent's.
        for _ in 0..20 {
            let mut p = start;
            loop {
                let (m, o) = if p.to_move() == start.to_move() {
                    p.mine_theirs()
                } else {
                    let (a, b) = p.mine_theirs();
                    (b, a)
                };
                assert_eq!(m & stable[0], stable[0], "seed {seed}: {start}");
                assert_eq!(o & stable[1], stable[1], "seed {seed}: {start}");
                let moves = p.moves();
                if moves.is_empty() {
                    break;
                }
                p = p
                    .play(moves[(rng.next_u64() % moves.len() as u64) as usize])
                    .unwrap();
            }
        }
    }
    assert!(found > 1000, "{found}");
    // The corners of a full board's edge, and every disc of a full board.
    let full: Position = format!("{}{} X", "X".repeat(40), "O".repeat(24))
        .parse()
        .unwrap();
    let (me, opp) = full.mine_theirs();
    assert_eq!(stable_discs(me, opp), me);
    assert_eq!(legal_moves(me, opp), 0);
}

/// Every enhanced algorithm, with the default configuration (exact-solve
/// mode, hints, the solver, the ordering search at 18+ empty squares) and
/// variants, equals minimax on endgame positions at every depth.
#[test]
fn enhanced_searches_are_exact_on_endgames_at_every_depth() {
    let configs = [
        EnhancedConfig::default().with_table_bytes(1 << 20),
        EnhancedConfig::default()
            .with_table_bytes(GameTable::BUCKET_BYTES)
            .with_sort(2, 6),
        EnhancedConfig::default()
            .with_table_bytes(1 << 16)
            .with_sort(3, 10)
            .with_aspiration(Some(20_000)),
        EnhancedConfig::default().with_exact_solve(false),
        EnhancedConfig::default()
            .with_table_bytes(1 << 16)
            .with_etc_plies(1),
        EnhancedConfig::default()
            .with_table_bytes(1 << 16)
            .with_hint_eval(Some(HintEval {
                plies: 2,
                per: std::num::NonZeroU32::new(5000).unwrap(),
            })),
    ];
    let mut failures = Vec::new();
    let mut searches = 0;
    for seed in 0..12 {
        let pos = endgame(1000 + seed, 7 + (seed % 3) as u32);
        let full = Othello.plies_left(&pos).unwrap();
        let depths = [1, 3, 6, full / 2 + 2, full - 1, full, full + 3];
        let oracle: Vec<Value> = depths
            .iter()
            .map(|&d| minimax(&Horizon::new(Othello, pos, d)))
            .collect();
        for &a in EnhancedAlgorithm::ALL {
            for (c, config) in configs.iter().enumerate() {
                let mut e = Enhanced::new(*config).unwrap();
                for (&d, &want) in depths.iter().zip(&oracle) {
                    let r = e.search(a, &Othello, &pos, d).unwrap();
                    searches += 1;
                    if r.value != want {
                        failures.push(format!("{a} config {c} seed {seed} depth {d}"));
                    }
                    let m = r.best_move.unwrap();
                    let child = Othello.play(&pos, m);
                    if -minimax(&Horizon::new(Othello, child, d - 1)) != want {
                        failures.push(format!("{a} config {c} seed {seed} depth {d}: move"));
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(searches, 12 * 5 * configs.len() * 7);
}

/// The last-empties solver against minimax to the end of the game on
/// the random endgames of 1 to `SOLVE_EMPTIES` (8) empty squares with the
/// seeds `seeds` (different from the tests above): its score, with the
/// full window, is the exact score; and the enhanced MTD(f), which hands
/// these positions to the solver, plays a move whose exact value is the
/// position's.
fn solver_against_minimax(seeds: std::ops::Range<u64>) {
    let mut engine = Enhanced::new(EnhancedConfig::default().with_table_bytes(1 << 16)).unwrap();
    let mut scores = 0;
    let count = seeds.end - seeds.start;
    for seed in seeds {
        let pos = endgame(
            1_000_000 + seed,
            1 + (seed % u64::from(SOLVE_EMPTIES)) as u32,
        );
        let want = exact(&pos);
        let mut counts = Stats::default();
        let got = solve_end(&pos, Value::NEG_INF, Value::INF, &mut counts).unwrap();
        assert_eq!(got, want, "seed {seed}: {pos:?}");
        scores += 1;
        let depth = Othello.plies_left(&pos).unwrap();
        engine.clear();
        let r = engine
            .search(EnhancedAlgorithm::Mtdf, &Othello, &pos, depth)
            .unwrap();
        assert_eq!(r.value, want, "seed {seed}");
        let child = Othello.play(&pos, r.best_move.expect("a move"));
        assert_eq!(-exact(&child), want, "seed {seed}: the best move's value");
    }
    assert_eq!(scores, count);
}

/// 100,000 endgames of 1 to `SOLVE_EMPTIES` (8) empty squares, in two
/// tests of 50,000 that the test harness runs side by side.
#[test]
fn the_solver_is_exact_on_a_hundred_thousand_endgames() {
    solver_against_minimax(0..50_000);
}

/// The second half of the 100,000.
#[test]
fn the_solver_is_exact_on_a_hundred_thousand_endgames_second_half() {
    solver_against_minimax(50_000..100_000);
}

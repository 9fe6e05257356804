//! othello's own public API under extreme inputs: positions, squares,
//! moves, the bitboard functions, the evaluation, the endgame solver and
//! the generators given out-of-range indices, overlapping or full masks,
//! windows at the ends of `i32` and absurd ply counts give an error, the
//! documented result or the documented panic, never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};

use othello::board::{
    adjacent, count_last_flips, final_score, flips, legal_moves, neighbours, stable_discs,
};
use othello::endgame::{fastest_first, solve, solve_end};
use othello::pattern::{Features, INSTANCES, SCALARS, features, weights};
use othello::{
    Color, MAX_RANDOM_PLIES, Move, Position, Square, game_tree_shape, parse_positions, perft,
    random_position, try_random_position,
};
use tree_core::{Stats, Value};

/// Runs `f`, turning a panic into a failure that names the case.
fn total<R>(case: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{case}: panicked"))
}

const MASKS: [u64; 6] = [
    0,
    1,
    0x8000_0000_0000_0000,
    0x0000_0018_1800_0000,
    !0xF,
    u64::MAX,
];

#[test]
fn squares_and_positions_at_the_edges() {
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::new(u8::MAX), None);
    assert_eq!(Square::from_coords(8, 0), None);
    assert_eq!(Square::from_coords(u8::MAX, u8::MAX), None);
    assert!(Position::new(1, 1, Color::Black).is_err());
    assert!(Position::new(u64::MAX, u64::MAX, Color::White).is_err());
    let start = Position::initial();
    assert_eq!(start.nth_move(usize::MAX), None);
    assert!(
        catch_unwind(|| start.play_nth(usize::MAX)).is_err(),
        "documented panic"
    );
    assert!(start.play(Move::Pass).is_err());
    assert!(start.play(Move::Play(Square::new(0).unwrap())).is_err());
    // A full board: no move, the game over, shapes and counts at once.
    let full = Position::new(u64::MAX, 0, Color::White).unwrap();
    assert!(full.is_game_over());
    assert_eq!(full.num_moves(), 0);
    assert_eq!(total("perft", || perft(&full, u32::MAX)), 1);
    assert_eq!(game_tree_shape(&full).depth, 0);
    let empty = Position::new(0, 0, Color::Black).unwrap();
    assert!(empty.is_game_over());
    assert_eq!(perft(&empty, u32::MAX), 1);
}

#[test]
fn bitboards_take_any_mask() {
    for me in MASKS {
        for opp in MASKS {
            total(&format!("{me:#x} {opp:#x}"), || {
                let _ = legal_moves(me, opp);
                let _ = stable_discs(me, opp);
                let s = final_score(me, opp);
                assert!((-64..=64).contains(&s) || me & opp != 0);
                let _ = neighbours(me);
                for square in MASKS {
                    let _ = flips(me, opp, square);
                }
                for sq in [0, 63, 64, usize::MAX] {
                    let _ = (count_last_flips(me, sq), adjacent(sq));
                }
                // Features of a position that is over (such as the empty
                // board) are outside `score`'s domain: `try_score` checks.
                let _ = weights().try_score(&features(me, opp));
            });
        }
    }
}

#[test]
fn the_evaluation_refuses_features_it_did_not_make() {
    let w = weights();
    let good = features(0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
    assert_eq!(w.try_score(&good), Some(w.score(&good)));
    let bad_stage = Features {
        stage: usize::MAX,
        ..good.clone()
    };
    assert_eq!(w.try_score(&bad_stage), None);
    let bad_index = Features {
        indices: [u32::MAX; INSTANCES],
        scalars: [i32::MAX; SCALARS],
        ..good
    };
    assert_eq!(w.try_score(&bad_index), None);
    assert!(w.try_stage(usize::MAX).is_none());
    assert!(w.try_stage(0).is_some());
    assert!(othello::pattern::Weights::from_bytes(&[]).is_err());
    assert!(othello::pattern::Weights::from_bytes(&[0xFF; 64]).is_err());
}

#[test]
fn the_solver_takes_any_window() {
    // Near the end: 6 empty squares.
    let me = 0x00FF_00FF_00FF_00C0u64;
    let opp = !me & !0x3Fu64;
    let windows = [
        (i32::MIN, i32::MAX),
        (-i32::MAX, i32::MAX),
        (i32::MAX, i32::MIN),
        (0, 0),
        (-65, 65),
    ];
    let exact = solve(me, opp, -65, 65, &mut Stats::default());
    for (alpha, beta) in windows {
        let v = total(&format!("({alpha},{beta})"), || {
            solve(me, opp, alpha, beta, &mut Stats::default())
        });
        if alpha < exact && exact < beta {
            assert_eq!(v, exact, "({alpha},{beta})");
        }
    }
    // Overlapping masks are no position, but the solver still answers.
    let _ = total("overlap", || {
        solve(u64::MAX, u64::MAX, -65, 65, &mut Stats::default())
    });
    let _ = total("overlap", || {
        solve(me | 1, opp | 1, -65, 65, &mut Stats::default())
    });
    let pos = Position::new(me, opp, Color::Black).unwrap();
    for (alpha, beta) in [(Value::NEG_INF, Value::INF), (Value::INF, Value::NEG_INF)] {
        let _ = total("solve_end", || {
            solve_end(&pos, alpha, beta, &mut Stats::default())
        });
    }
    let start = Position::initial();
    assert_eq!(
        solve_end(&start, Value::NEG_INF, Value::INF, &mut Stats::default()),
        None
    );
    for mv in start.moves() {
        let _ = fastest_first(&start, mv, &start.play(mv).unwrap());
    }
    let _ = fastest_first(&start, Move::Pass, &start);
}

#[test]
fn random_positions_refuse_impossible_lengths() {
    assert_eq!(random_position(u64::MAX, 0), Position::initial());
    assert!(try_random_position(0, 20).is_some());
    assert_eq!(try_random_position(0, MAX_RANDOM_PLIES + 1), None);
    assert_eq!(try_random_position(u64::MAX, usize::MAX), None);
    assert!(
        catch_unwind(|| random_position(0, usize::MAX)).is_err(),
        "documented panic"
    );
}

#[test]
fn parsers_take_any_text() {
    for text in [
        "",
        "\u{feff}",
        "x",
        "\0\0",
        &"O".repeat(100_000),
        "-".repeat(64).as_str(),
    ] {
        let _ = total(text, || parse_positions(text));
        let _ = total(text, || othello::obf::parse_obf(text));
        let _ = total(text, || othello::obf::parse_obf_line(text, usize::MAX));
        let _ = total(text, || text.parse::<Position>());
    }
    assert_eq!(othello::obf::ffo_problems(0..=usize::MAX).len(), 59);
    let (hi, lo) = (usize::MAX, 0);
    assert!(othello::obf::ffo_problems(hi..=lo).is_empty());
}

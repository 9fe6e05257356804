//! Move generation checked by perft from the initial position.

use othello::{Othello, Position, perft};
use tree_core::{Counted, Horizon, minimax};

#[test]
fn perft_from_the_start() {
    let expected = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390_216, 3_005_288];
    let start = Position::initial();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&start, d as u32), n, "perft({d})");
    }
}

#[test]
fn perft_at_depth_10_counts_the_games_that_ended_at_ply_9() {
    assert_eq!(perft(&Position::initial(), 10), 24_571_284);
}

#[test]
fn perft_counts_the_leaves_of_the_horizon_tree() {
    for pos in othello::experiment_positions().into_iter().take(10) {
        for d in 0..=4 {
            let tree = Counted::new(Horizon::new(Othello, pos, d));
            minimax(&tree);
            assert_eq!(tree.stats().leaves, perft(&pos, d), "{pos} depth {d}");
        }
    }
}

#[test]
fn perft_of_a_finished_game_is_one() {
    let p: Position = format!("X{} X", "-".repeat(63)).parse().unwrap();
    assert!(p.is_game_over());
    for d in 0..4 {
        assert_eq!(perft(&p, d), 1);
    }
}

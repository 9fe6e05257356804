//! The committed experiment positions are the ones the documented recipe
//! makes.

use othello::{EXPERIMENT_COUNT, POSITIONS_FILE, Position};

#[test]
fn the_committed_file_is_the_generated_one() {
    assert!(
        POSITIONS_FILE == othello::positions_file(),
        "crates/othello/data/positions.txt is stale: run `cargo run -p gametree-othello --example \
         write_positions > crates/othello/data/positions.txt` and commit"
    );
    let positions = othello::experiment_positions();
    assert_eq!(positions.len(), EXPERIMENT_COUNT);
    assert_eq!(positions, othello::generate_experiment_positions());
}

#[test]
fn the_positions_are_distinct_unfinished_mid_game_positions() {
    let positions = othello::experiment_positions();
    for (k, p) in positions.iter().enumerate() {
        assert!(p.num_moves() > 0, "position {k} is finished");
        // 4 discs at the start, one more per ply that is not a pass.
        let discs = p.count(othello::Color::Black) + p.count(othello::Color::White);
        assert!((20..=24).contains(&discs), "position {k}: {discs} discs");
        for q in &positions[..k] {
            assert_ne!(p, q, "position {k} repeats");
        }
    }
}

#[test]
fn random_positions_depend_on_the_seed_only() {
    assert_eq!(
        othello::random_position(7, 20),
        othello::random_position(7, 20)
    );
    assert_ne!(
        othello::random_position(7, 20),
        othello::random_position(8, 20)
    );
    assert_eq!(othello::random_position(3, 0), Position::initial());
}

#[test]
fn parse_positions_reports_the_bad_line() {
    let text = "# header\n\n---------------------------OX------XO--------------------------- X\nnot a position\n";
    let (line, _) = othello::parse_positions(text).unwrap_err();
    assert_eq!(line, 4);
}

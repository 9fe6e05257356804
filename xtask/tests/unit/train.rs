//! `train`: the evaluation's training is deterministic and its weights
//! file reads back.

use othello::pattern::Weights;
use xtask::train::{Sizes, train};

#[test]
fn the_quick_training_is_deterministic_and_its_file_reads_back() {
    // The sizes of `cargo xtask train-eval --quick`.
    let sizes = Sizes {
        games: 12,
        seed: 1,
        solve_empties: 14,
        spread: 2,
        deep_games: 0,
        deep_empties: xtask::train::DEEP_EMPTIES,
        line_empties: None,
        ridge: xtask::train::RIDGE,
    };
    let a = train(sizes, 1, false).expect("trains").to_bytes();
    let b = train(sizes, 2, false).expect("trains").to_bytes();
    assert_eq!(
        a, b,
        "the same seed and sizes write the same bytes, on one thread or two"
    );
    let w = Weights::from_bytes(&a).expect("reads back");
    assert!(w.non_zero() > 100, "{} weights not 0", w.non_zero());
    // Another seed plays other games.
    let c = train(Sizes { seed: 2, ..sizes }, 2, false)
        .expect("trains")
        .to_bytes();
    assert_ne!(a, c);
    // More positions off the optimal line (14 empty squares and fewer
    // instead of 10) train other weights.
    let d = train(
        Sizes {
            line_empties: Some(13),
            ..sizes
        },
        2,
        false,
    )
    .expect("trains");
    assert_ne!(a, d.to_bytes());
    assert!(d.non_zero() > w.non_zero());
}

//! The static evaluation: disc-square weights, mobility, corners and
//! frontier discs during the game; the final score × [`WIN_SCALE`] at its
//! end, by the federation's rule (the empty squares go to the winner).

use crate::board::{self, CORNERS, final_score};
use crate::position::Position;

/// The factor of the final disc difference: far above any heuristic score
/// (whose magnitude is below [`HEURISTIC_BOUND`]), so searches prefer a
/// certain win by one disc to any unfinished position. 64 discs × 10,000
/// = 640,000 stays far inside `Value`'s range.
pub const WIN_SCALE: i32 = 10_000;

/// Every heuristic (unfinished-game) score lies strictly between
/// −`HEURISTIC_BOUND` and `HEURISTIC_BOUND`.
pub const HEURISTIC_BOUND: i32 = WIN_SCALE;

/// Disc-square weights, by square index (rank 1 first). Corners score 0
/// here: they have their own term, [`CORNER_WEIGHT`]. X-squares (diagonal
/// to a corner) are the worst squares to hold, C-squares (next to a corner
/// on an edge) the next worst; edges are good, the centre neutral.
pub const SQUARE_WEIGHTS: [i32; 64] = [
    0, -20, 10, 5, 5, 10, -20, 0, //
    -20, -40, -2, -2, -2, -2, -40, -20, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    5, -2, 1, 0, 0, 1, -2, 5, //
    10, -2, 1, 1, 1, 1, -2, 10, //
    -20, -40, -2, -2, -2, -2, -40, -20, //
    0, -20, 10, 5, 5, 10, -20, 0, //
];

/// The squares of weight `w` in [`SQUARE_WEIGHTS`].
const fn squares_of_weight(w: i32) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 64 {
        if SQUARE_WEIGHTS[i] == w {
            mask |= 1 << i;
        }
        i += 1;
    }
    mask
}

/// [`SQUARE_WEIGHTS`] as (weight, squares) for each non-zero weight, so
/// the disc-square sum is a few popcounts (a unit test checks they cover
/// the table).
const WEIGHT_CLASSES: [(i32, u64); 6] = [
    (-40, squares_of_weight(-40)),
    (-20, squares_of_weight(-20)),
    (-2, squares_of_weight(-2)),
    (1, squares_of_weight(1)),
    (5, squares_of_weight(5)),
    (10, squares_of_weight(10)),
];

/// Score per corner held, own minus opponent's.
pub const CORNER_WEIGHT: i32 = 100;

/// Score per legal square, own minus opponent's.
pub const MOBILITY_WEIGHT: i32 = 10;

/// Penalty per frontier disc (a disc next to an empty square), own minus
/// opponent's.
pub const FRONTIER_WEIGHT: i32 = 5;

/// The evaluation of `pos` from the point of view of the player to move.
///
/// At the end of the game (neither player can move): [`final_score`] ×
/// [`WIN_SCALE`]. Otherwise
///
/// ```text
///   Σ SQUARE_WEIGHTS over own discs − Σ over the opponent's
/// + CORNER_WEIGHT   × (own corners − opponent's corners)
/// + MOBILITY_WEIGHT × (own legal squares − opponent's legal squares)
/// − FRONTIER_WEIGHT × (own frontier discs − opponent's frontier discs)
/// ```
///
/// whose magnitude is below 3,000 (weights ≤ 800, corners ≤ 400,
/// mobility ≤ 600, frontier ≤ 320), inside ±[`HEURISTIC_BOUND`].
pub fn evaluate(pos: &Position) -> i32 {
    let (me, opp) = pos.mine_theirs();
    let my_moves = board::legal_moves(me, opp);
    let their_moves = board::legal_moves(opp, me);
    let count = |b: u64| b.count_ones() as i32;
    if my_moves == 0 && their_moves == 0 {
        return final_score(me, opp) * WIN_SCALE;
    }
    let mut score = 0;
    for (w, mask) in WEIGHT_CLASSES {
        score += w * (count(me & mask) - count(opp & mask));
    }
    score += CORNER_WEIGHT * (count(me & CORNERS) - count(opp & CORNERS));
    score += MOBILITY_WEIGHT * (count(my_moves) - count(their_moves));
    let frontier = board::neighbours(pos.empty());
    score -= FRONTIER_WEIGHT * (count(me & frontier) - count(opp & frontier));
    debug_assert!(score.abs() < HEURISTIC_BOUND);
    score.clamp(1 - HEURISTIC_BOUND, HEURISTIC_BOUND - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_weight_classes_are_the_table() {
        for (i, &w) in SQUARE_WEIGHTS.iter().enumerate() {
            let from_classes: i32 = WEIGHT_CLASSES
                .iter()
                .filter(|(_, m)| m & (1 << i) != 0)
                .map(|(w, _)| w)
                .sum();
            assert_eq!(from_classes, w, "square {i}");
        }
        // The table is symmetric under the board's 8 symmetries.
        for (i, &w) in SQUARE_WEIGHTS.iter().enumerate() {
            let (f, r) = (i % 8, i / 8);
            assert_eq!(w, SQUARE_WEIGHTS[r * 8 + (7 - f)]);
            assert_eq!(w, SQUARE_WEIGHTS[(7 - r) * 8 + f]);
            assert_eq!(w, SQUARE_WEIGHTS[f * 8 + r]);
        }
    }
}

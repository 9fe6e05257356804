//! What Othello gives a generic search for solving endgames exactly:
//! a move-ordering hint ([`fastest_first`]) and a solver for the last few
//! empty squares ([`solve_end`], used as [`tree_core::Game::solve_end`]).
//!
//! The solver works on the two bitboards directly, in disc units: no
//! transposition table, no move list, no [`Position`] values — the empty
//! squares are scanned and each is tried with [`board::flips`], those in a
//! quadrant holding an odd number of empty squares first (parity: the
//! player who moves last in a region usually gains), and the last square
//! is scored without playing a move. Every position it expands counts as
//! interior, every finished game it scores as a leaf, as the generic
//! searches count them.

use tree_core::{Stats, Value};

use crate::board::final_score;
use crate::board::{self, CORNERS};
use crate::eval::WIN_SCALE;
use crate::{Move, Position};

/// The largest number of empty squares [`solve_end`] solves; with more it
/// returns `None` and the generic search goes on (with its table and its
/// move ordering, which pay off higher in the tree).
pub const SOLVE_EMPTIES: u32 = 6;

/// The solver tries a stability cutoff at positions with at least this
/// many empty squares (the generic search, through [`solve_end`], at every
/// position above [`SOLVE_EMPTIES`]).
pub const STABILITY_EMPTIES: u32 = 5;

/// The four quadrants of the board (a1–d4, e1–h4, a5–d8, e5–h8).
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The ordering hint for `mv` from `pos` leading to `child`, higher first:
/// "fastest first" — minus 8 × the opponent's replies in `child` (a corner
/// reply counted twice), minus their potential mobility (empty squares
/// next to the mover's discs), plus 4 for taking a corner and 2 for
/// playing into a quadrant with an odd number of empty squares (parity).
/// The weights were chosen on FFO #21–#38 by node counts (see
/// `docs/OTHELLO.md`).
#[inline]
pub fn fastest_first(pos: &Position, mv: Move, child: &Position) -> i32 {
    let (me, opp) = child.mine_theirs();
    let replies = board::legal_moves(me, opp);
    let weighted = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
    let potential = (board::neighbours(opp) & child.empty()).count_ones() as i32;
    let (corner, parity) = match mv {
        Move::Play(s) => {
            let q = QUADRANTS[usize::from(s.file() >= 4) + 2 * usize::from(s.rank() >= 4)];
            (
                i32::from(s.bit() & CORNERS != 0),
                i32::from((pos.empty() & q).count_ones() & 1 == 1),
            )
        }
        Move::Pass => (0, 0),
    };
    -8 * weighted - potential + 4 * corner + 2 * parity
}

/// The game's endgame solver for a generic search: `None` above
/// [`SOLVE_EMPTIES`] empty squares; otherwise the exact score of `pos` for
/// the player to move, fail-soft in the window `(alpha, beta)` as
/// [`tree_core::Game::solve_end`] asks, in the units of
/// [`crate::eval::evaluate`] (discs × [`WIN_SCALE`]).
pub fn solve_end(pos: &Position, alpha: Value, beta: Value, counts: &mut Stats) -> Option<Value> {
    let (me, opp) = pos.mine_theirs();
    // Final scores are multiples of WIN_SCALE: the disc window (a, b) with
    // a = ⌊alpha / W⌋ and b = ⌈beta / W⌉ has the same fail-soft answers.
    let w = i64::from(WIN_SCALE);
    let a = i64::from(alpha.get()).div_euclid(w).clamp(-65, 65) as i32;
    let b = (-(-i64::from(beta.get())).div_euclid(w)).clamp(-65, 65) as i32;
    let g = if pos.empty().count_ones() > SOLVE_EMPTIES {
        stability_cutoff(me, opp, a)?
    } else {
        solve(me, opp, a, b, counts)
    };
    Some(Value::new(g * WIN_SCALE).expect("scores lie within ±64 discs"))
}

/// An upper bound on the final score for the owner of `me` (to move), if
/// the opponent's stable discs prove one at most `alpha`: they keep them
/// to the end, so the score is at most 64 − 2 × their number. (Nothing is
/// counted: no position is expanded, no game end scored.)
#[inline]
fn stability_cutoff(me: u64, opp: u64, alpha: i32) -> Option<i32> {
    if 64 - 2 * opp.count_ones() as i32 > alpha {
        return None;
    }
    let bound = 64 - 2 * board::stable_discs(opp, me).count_ones() as i32;
    (bound <= alpha).then_some(bound)
}

/// The exact final score (disc units, for the owner of `me`, who is to
/// move) of the game from `me`, `opp`, fail-soft in `(alpha, beta)`.
pub fn solve(me: u64, opp: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    let empty = !(me | opp);
    match empty.count_ones() {
        0 => {
            counts.leaves += 1;
            final_score(me, opp)
        }
        1 => last_square(me, opp, empty, counts),
        _ => search(me, opp, empty, alpha, beta, counts),
    }
}

/// Fail-soft negamax over the empty squares (at least two), parity first.
fn search(me: u64, opp: u64, empty: u64, mut alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    if empty.count_ones() >= STABILITY_EMPTIES
        && let Some(bound) = stability_cutoff(me, opp, alpha)
    {
        return bound;
    }
    let mut odd = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            odd |= q;
        }
    }
    let mut best = i32::MIN;
    for group in [empty & odd, empty & !odd] {
        let mut squares = group;
        while squares != 0 {
            let sq = squares & squares.wrapping_neg();
            squares ^= sq;
            let f = board::flips(me, opp, sq);
            if f == 0 {
                continue;
            }
            if best == i32::MIN {
                counts.interior += 1;
            }
            let (me2, opp2) = (opp & !f, me | f | sq);
            let rest = empty ^ sq;
            let v = if rest.count_ones() == 1 {
                -last_square(me2, opp2, rest, counts)
            } else {
                -search(me2, opp2, rest, -beta, -alpha.max(best), counts)
            };
            if v > best {
                best = v;
                if v >= beta {
                    return best;
                }
                if v > alpha {
                    alpha = v;
                }
            }
        }
    }
    if best != i32::MIN {
        return best;
    }
    if board::legal_moves(opp, me) == 0 {
        counts.leaves += 1;
        return final_score(me, opp);
    }
    // A pass (the opponent has a move, so the search below moves).
    counts.interior += 1;
    -search(opp, me, empty, -beta, -alpha, counts)
}

/// The exact score for the owner of `me` (to move) with one empty square,
/// `sq`: played by `me` if it flips, else by the opponent if it flips for
/// them, else the game is over.
#[inline]
fn last_square(me: u64, opp: u64, sq: u64, counts: &mut Stats) -> i32 {
    let f = board::flips(me, opp, sq);
    if f != 0 {
        counts.interior += 1;
        counts.leaves += 1;
        return final_score(me | f | sq, opp & !f);
    }
    let g = board::flips(opp, me, sq);
    if g != 0 {
        // A pass, then the opponent's disc.
        counts.interior += 2;
        counts.leaves += 1;
        return final_score(me & !g, opp | g | sq);
    }
    counts.leaves += 1;
    final_score(me, opp)
}

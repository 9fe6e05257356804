//! What Othello gives a generic search for solving endgames exactly:
//! a move-ordering hint ([`fastest_first`]) and a solver for the last few
//! empty squares ([`solve_end`], used as [`tree_core::Game::solve_end`]).
//!
//! The solver works on the two bitboards directly, in disc units: no
//! transposition table and no [`Position`] values. From
//! [`SORT_EMPTIES`] empty squares up it orders the legal moves fastest
//! first (as [`fastest_first`] does for the generic search, without the
//! potential mobility); below, the
//! empty squares are scanned and each is tried with [`board::flips`], those
//! in a quadrant holding an odd number of empty squares first (parity: the
//! player who moves last in a region usually gains), each group in a fixed
//! order of square value (as Edax does: Delorme, Edax 4.4);
//! two empty squares have their own code, and the last square is scored
//! from the mover's disc count after it, without playing the move. Every
//! position it expands counts as interior, every finished game it scores
//! as a leaf, as the generic searches count them.

use tree_core::{Stats, Value};

use crate::board::final_score;
use crate::board::{self, CORNERS};
use crate::eval::WIN_SCALE;
use crate::{Move, Position};

/// The largest number of empty squares [`solve_end`] solves; with more it
/// returns `None` and the generic search goes on (with its table and its
/// move ordering, which pay off higher in the tree).
pub const SOLVE_EMPTIES: u32 = 8;

/// The solver tries a stability cutoff at positions with at least this
/// many empty squares (the generic search, through [`solve_end`], at every
/// position above [`SOLVE_EMPTIES`]).
pub const STABILITY_EMPTIES: u32 = 5;

/// At positions with at least this many empty squares the solver orders
/// the moves fastest first (the opponent's weighted mobility, as
/// [`fastest_first`]); below, by parity and square value alone.
pub const SORT_EMPTIES: u32 = 6;

/// Selective passes (ProbCut) before an exact solve, as measured on this
/// project's machine (`docs/OTHELLO.md`, "Selective passes"): they run at
/// roots of at least this many empty squares (below, the exact pass alone
/// costs less) …
pub const PROBCUT_ROOT_EMPTIES: u32 = 22;

/// … and cut positions of at least this many empty squares …
pub const PROBCUT_EMPTIES: u32 = 12;

/// … by null-window searches of this many plies scored by the trained
/// evaluation ([`crate::pattern`]) …
pub const PROBCUT_DEPTH: u32 = 4;

/// … when their value lies this many discs beyond the window: one pass per
/// margin, in this order. The standard deviation of the exact score less a
/// 4-ply search's value is 5.7–6.3 discs at 12–21 empty squares on the
/// training's held-out positions (the `probcut_sigma` example), so the
/// passes cut at about one and two standard deviations.
pub const PROBCUT_MARGINS: [u32; 2] = [6, 12];

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

/// The empty squares in the order the solver tries them (within a parity
/// group), best first, as masks: corners; the central squares; the
/// A-squares (c1, a3, …) and B-squares (d1, a4, …) of the edges; the
/// squares of the second ring next to them; the C-squares (b1, a2, …); the
/// X-squares (b2, g2, b7, g7) last. A fixed order by square value, as in
/// Edax (Delorme, Edax 4.4, `presorted_x`), that costs nothing per node.
const PRESORT: [u64; 7] = [
    squares(&[0, 7, 56, 63]),
    squares(&[
        26, 34, 19, 43, 20, 44, 29, 37, 18, 42, 21, 45, 27, 28, 35, 36,
    ]),
    squares(&[16, 40, 2, 58, 5, 61, 23, 47]),
    squares(&[24, 32, 3, 59, 4, 60, 31, 39]),
    squares(&[
        25, 33, 11, 51, 12, 52, 30, 38, 17, 41, 10, 50, 13, 53, 22, 46,
    ]),
    squares(&[8, 48, 1, 57, 6, 62, 15, 55]),
    squares(&[9, 49, 14, 54]),
];

/// The mask of the given square indices.
const fn squares(list: &[usize]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < list.len() {
        mask |= 1 << list[i];
        i += 1;
    }
    mask
}

/// The quadrant (index into [`QUADRANTS`]) of each square.
const QUADRANT_OF: [u8; 64] =
    const_table!(64, |sq| ((sq % 8 >= 4) as u8) + 2 * ((sq / 8 >= 4) as u8));

/// For each set of quadrants (bit `q` for [`QUADRANTS`]`[q]`), their union.
const QUADRANT_UNION: [u64; 16] = const_table!(16, |set| quadrant_union(set));

/// The union of the quadrants of `set` (bit `q` for [`QUADRANTS`]`[q]`).
const fn quadrant_union(set: usize) -> u64 {
    let mut union = 0;
    let mut q = 0;
    while q < 4 {
        if set & (1 << q) != 0 {
            union |= QUADRANTS[q];
        }
        q += 1;
    }
    union
}

/// The quadrants holding an odd number of the squares of `empty`, as bits.
#[inline]
fn parity(empty: u64) -> usize {
    let mut set = 0;
    for (q, &mask) in QUADRANTS.iter().enumerate() {
        set |= (((empty & mask).count_ones() & 1) as usize) << q;
    }
    set
}

/// The exact final score (disc units, for the owner of `me`, who is to
/// move) of the game from `me`, `opp`, fail-soft in `(alpha, beta)`.
pub fn solve(me: u64, opp: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    // `i32::MIN` has no negation: the window's ends are taken within
    // ±`i32::MAX`, which changes no answer (every score lies within ±64).
    solve_in(me, opp, alpha.max(-i32::MAX), beta.max(-i32::MAX), counts)
}

/// [`solve`] within a window whose ends negate.
fn solve_in(me: u64, opp: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    let empty = !(me | opp);
    match empty.count_ones() {
        0 => {
            counts.leaves += 1;
            final_score(me, opp)
        }
        1 => last_square(me, opp, empty, counts),
        2 => two_squares(me, opp, empty, alpha, beta, counts),
        3 => three_squares(me, opp, empty, alpha, beta, counts),
        n if n >= SORT_EMPTIES => sorted_search(me, opp, empty, alpha, beta, counts),
        n => search(me, opp, empty, n, parity(empty), (alpha, beta), counts),
    }
}

/// Fail-soft negamax over at least [`SORT_EMPTIES`] empty squares `empty`,
/// the moves tried fastest first: fewest replies for the opponent (a
/// corner reply counted twice), a corner and a square of an odd quadrant
/// as bonuses (the weights of [`fastest_first`]). The potential mobility
/// that [`fastest_first`] also subtracts is left out here: on FFO #20–#39
/// it saves 0.14% of the nodes and costs 4% of the instructions
/// (`docs/OTHELLO.md`, "Cheaper and measured again").
#[inline]
fn sorted_search(me: u64, opp: u64, empty: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    sorted_search_with(me, opp, empty, None, alpha, beta, counts)
}

/// [`sorted_search`], given the legal moves of `me` if they are known
/// already (the opponent's replies its parent ordered its moves by, so
/// that they are not generated twice).
fn sorted_search_with(
    me: u64,
    opp: u64,
    empty: u64,
    moves: Option<u64>,
    mut alpha: i32,
    beta: i32,
    counts: &mut Stats,
) -> i32 {
    if let Some(bound) = stability_cutoff(me, opp, alpha) {
        return bound;
    }
    let mut moves = moves.unwrap_or_else(|| board::legal_moves(me, opp));
    if moves == 0 {
        if board::legal_moves(opp, me) == 0 {
            counts.leaves += 1;
            return final_score(me, opp);
        }
        counts.interior += 1;
        return -sorted_search(opp, me, empty, -beta, -alpha, counts);
    }
    counts.interior += 1;
    if moves & (moves - 1) == 0 {
        // One move: nothing to sort.
        let f = board::flips(me, opp, moves);
        return -solve_in(opp & !f, me | f | moves, -beta, -alpha, counts);
    }
    let odd = QUADRANT_UNION[parity(empty)];
    // The children sort too when they have SORT_EMPTIES empty squares or
    // more: they are given the replies computed here.
    let sorted_children = empty.count_ones() > SORT_EMPTIES;
    // (score, square, flips, replies), sorted best first by insertion.
    let mut list = [(0i32, 0u64, 0u64, 0u64); 32];
    let mut len = 0;
    while moves != 0 {
        let sq = moves & moves.wrapping_neg();
        moves ^= sq;
        let f = board::flips(me, opp, sq);
        let (me2, opp2) = (opp & !f, me | f | sq);
        let replies = board::legal_moves(me2, opp2);
        let weighted = (replies.count_ones() + (replies & CORNERS).count_ones()) as i32;
        let score = -8 * weighted + 4 * i32::from(sq & CORNERS != 0) + 2 * i32::from(sq & odd != 0);
        let mut k = len;
        while k > 0 && list[k - 1].0 < score {
            list[k] = list[k - 1];
            k -= 1;
        }
        list[k] = (score, sq, f, replies);
        len += 1;
    }
    let mut best = i32::MIN;
    for &(_, sq, f, replies) in &list[..len] {
        let (me2, opp2) = (opp & !f, me | f | sq);
        let v = if sorted_children {
            let known = Some(replies);
            -sorted_search_with(me2, opp2, empty ^ sq, known, -beta, -alpha, counts)
        } else {
            -solve_in(me2, opp2, -beta, -alpha, counts)
        };
        if raise(v, &mut best, &mut alpha, beta) {
            return best;
        }
    }
    best
}

/// Fail-soft negamax in the window `(alpha, beta)` over `n` ≥ 4 empty
/// squares `empty` (their quadrant parities `odd`, as [`parity`] gives
/// them): the squares of odd quadrants first, each group in [`PRESORT`]
/// order. The window is one argument, a pair passed in two registers as
/// two scalars would be.
fn search(
    me: u64,
    opp: u64,
    empty: u64,
    n: u32,
    odd: usize,
    (mut alpha, beta): (i32, i32),
    counts: &mut Stats,
) -> i32 {
    if n >= STABILITY_EMPTIES
        && let Some(bound) = stability_cutoff(me, opp, alpha)
    {
        return bound;
    }
    let odd_squares = QUADRANT_UNION[odd];
    let mut best = i32::MIN;
    for group in [empty & odd_squares, empty & !odd_squares] {
        if group == 0 {
            continue;
        }
        for class in PRESORT {
            let mut squares = group & class;
            while squares != 0 {
                let sq = squares & squares.wrapping_neg();
                squares ^= sq;
                let i = sq.trailing_zeros() as usize;
                let f = flips_near(me, opp, sq, i);
                if f == 0 {
                    continue;
                }
                if best == i32::MIN {
                    counts.interior += 1;
                }
                let (me2, opp2) = (opp & !f, me | f | sq);
                let rest = empty ^ sq;
                let v = if n == 4 {
                    -three_squares(me2, opp2, rest, -beta, -alpha, counts)
                } else {
                    let odd2 = odd ^ (1 << QUADRANT_OF[i]);
                    -search(me2, opp2, rest, n - 1, odd2, (-beta, -alpha), counts)
                };
                if raise(v, &mut best, &mut alpha, beta) {
                    return best;
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
    -search(opp, me, empty, n, odd, (-beta, -alpha), counts)
}

/// The discs a move of `me` on `sq` (square index `i`) flips: 0 if it is
/// not legal, the flips not computed when no opponent disc is next to it.
#[inline(always)]
fn flips_near(me: u64, opp: u64, sq: u64, i: usize) -> u64 {
    if board::adjacent(i) & opp == 0 {
        0
    } else {
        board::flips(me, opp, sq)
    }
}

/// Fail-soft: the score `v` of a move raises `best` and `alpha`; true if
/// it reaches `beta` (a cutoff).
#[inline(always)]
fn raise(v: i32, best: &mut i32, alpha: &mut i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        if v >= beta {
            return true;
        }
        if v > *alpha {
            *alpha = v;
        }
    }
    false
}

/// The exact score for the owner of `me` (to move) with the three empty
/// squares `empty`, fail-soft in `(alpha, beta)`: a square alone in its
/// quadrant first (parity), then by [`PRESORT`].
#[inline]
fn three_squares(me: u64, opp: u64, empty: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    let x = empty & empty.wrapping_neg();
    let rest = empty ^ x;
    let y = rest & rest.wrapping_neg();
    let z = rest ^ y;
    let mut sq = [x, y, z];
    // By square value (a three-element sorting network), then the squares
    // alone in their quadrant first (a stable partition).
    if rank(sq[1]) < rank(sq[0]) {
        sq.swap(0, 1);
    }
    if rank(sq[2]) < rank(sq[1]) {
        sq.swap(1, 2);
    }
    if rank(sq[1]) < rank(sq[0]) {
        sq.swap(0, 1);
    }
    let q = sq.map(|s| QUADRANT_OF[s.trailing_zeros() as usize]);
    let order = if q[0] == q[1] && q[1] != q[2] {
        [sq[2], sq[0], sq[1]]
    } else if q[0] == q[2] && q[1] != q[0] {
        [sq[1], sq[0], sq[2]]
    } else {
        sq
    };
    if let Some(v) = three_moves(me, opp, empty, order, alpha, beta, counts) {
        return v;
    }
    if let Some(v) = three_moves(opp, me, empty, order, -beta, -alpha, counts) {
        // A pass, then the opponent's move.
        counts.interior += 1;
        return -v;
    }
    counts.leaves += 1;
    final_score(me, opp)
}

/// The best score for the owner of `me` playing on one of the three empty
/// squares `empty`, tried in the order `order`, each reply solved by
/// [`two_squares`], fail-soft in `(alpha, beta)`; `None` if none is legal
/// (nothing counted then).
#[inline(always)]
fn three_moves(
    me: u64,
    opp: u64,
    empty: u64,
    order: [u64; 3],
    mut alpha: i32,
    beta: i32,
    counts: &mut Stats,
) -> Option<i32> {
    let mut best = i32::MIN;
    for sq in order {
        let f = flips_near(me, opp, sq, sq.trailing_zeros() as usize);
        if f == 0 {
            continue;
        }
        if best == i32::MIN {
            counts.interior += 1;
        }
        let v = -two_squares(opp & !f, me | f | sq, empty ^ sq, -beta, -alpha, counts);
        if raise(v, &mut best, &mut alpha, beta) {
            return Some(best);
        }
    }
    (best != i32::MIN).then_some(best)
}

/// The exact score for the owner of `me` (to move) with the two empty
/// squares `empty`, fail-soft in `(alpha, beta)`.
#[inline]
fn two_squares(me: u64, opp: u64, empty: u64, alpha: i32, beta: i32, counts: &mut Stats) -> i32 {
    let x = empty & empty.wrapping_neg();
    let y = empty ^ x;
    // The better square by [`PRESORT`] first.
    let (x, y) = if rank(y) < rank(x) { (y, x) } else { (x, y) };
    if let Some(v) = two_moves(me, opp, x, y, beta, counts) {
        return v;
    }
    if let Some(v) = two_moves(opp, me, x, y, -alpha, counts) {
        // A pass, then the opponent's move.
        counts.interior += 1;
        return -v;
    }
    counts.leaves += 1;
    final_score(me, opp)
}

/// The class of the square `sq` (a single bit) in [`PRESORT`].
#[inline]
fn rank(sq: u64) -> u8 {
    RANK[sq.trailing_zeros() as usize & 63]
}

/// The class in [`PRESORT`] of each square index.
const RANK: [u8; 64] = const_table!(64, |sq| class_of(sq));

/// The class in [`PRESORT`] of the square index `sq` (0 if none holds it).
const fn class_of(sq: usize) -> u8 {
    let mut class = 0;
    let mut c = 0;
    while c < PRESORT.len() {
        if PRESORT[c] & (1 << sq) != 0 {
            class = c as u8;
        }
        c += 1;
    }
    class
}

/// The best score for the owner of `me` playing on `x` or `y` (the two
/// empty squares, tried in that order), each reply scored by
/// [`last_square`], fail-soft below `beta`; `None` if neither is legal
/// (nothing counted then).
#[inline(always)]
fn two_moves(me: u64, opp: u64, x: u64, y: u64, beta: i32, counts: &mut Stats) -> Option<i32> {
    let mut best = None;
    let near = |sq: u64| board::adjacent(sq.trailing_zeros() as usize) & opp != 0;
    let f = if near(x) { board::flips(me, opp, x) } else { 0 };
    if f != 0 {
        counts.interior += 1;
        let v = -last_square(opp & !f, me | f | x, y, counts);
        if v >= beta {
            return Some(v);
        }
        best = Some(v);
    }
    let f = if near(y) { board::flips(me, opp, y) } else { 0 };
    if f != 0 {
        if best.is_none() {
            counts.interior += 1;
        }
        let v = -last_square(opp & !f, me | f | y, x, counts);
        return Some(best.map_or(v, |b: i32| b.max(v)));
    }
    best
}

/// The exact score for the owner of `me` (to move) with one empty square,
/// `sq`: played by `me` if it flips, else by the opponent if it flips for
/// them, else the game is over. Scored from the number of discs the move
/// flips ([`board::count_last_flips`]), without playing it.
#[inline]
fn last_square(me: u64, opp: u64, sq: u64, counts: &mut Stats) -> i32 {
    debug_assert_eq!(!(me | opp), sq);
    counts.leaves += 1;
    let i = sq.trailing_zeros() as usize;
    let mine = me.count_ones() as i32;
    let f = board::count_last_flips(me, i) as i32;
    if f != 0 {
        counts.interior += 1;
        // mine + f + 1 discs of 64.
        return 2 * (mine + f + 1) - 64;
    }
    let g = board::count_last_flips(opp, i) as i32;
    if g != 0 {
        // A pass, then the opponent's disc: mine − g discs of 64.
        counts.interior += 2;
        return 2 * (mine - g) - 64;
    }
    // Nobody can play: 63 discs, the empty square to the winner.
    if 2 * mine > 63 {
        2 * mine - 62
    } else {
        2 * mine - 64
    }
}

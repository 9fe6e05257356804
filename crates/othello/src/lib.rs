//! # othello: Othello on bitboards, as a [`tree_core::Game`]
//!
//! Layer: a game, beside the search crates. It depends on `tree-core` only
//! (for the [`Game`](tree_core::Game) trait and [`Value`](tree_core::Value));
//! the search crates are dev-dependencies of its tests, and the command-line
//! tool and benches depend on it. It is the real game of Srivastava 2019, §IV, on
//! which enhanced alpha-beta and SSS\* are compared.
//!
//! ## Key types
//!
//! * [`Position`]: two `u64` masks (black, white) and the player to move,
//!   with the rules: legal squares by 8-direction shift fills
//!   ([`board::legal_moves`]), flips, passes, the end of the game, disc
//!   counts. One-line string form (`FromStr`/`Display`) for fixtures and an
//!   8×8 [`Diagram`] with coordinates for people.
//! * [`Square`] (`a1` = 0 … `h8` = 63), [`Move`] (a square or
//!   [`Move::Pass`]), [`Color`].
//! * [`Othello`]: the [`Game`](tree_core::Game) implementation — moves in
//!   ascending square order, a forced pass as the only move, no moves at the
//!   end of the game; evaluation [`eval::evaluate`] from the mover's view
//!   (at the end of the game the final score, the empty squares to the
//!   winner);
//!   a 64-bit mixing [`hash`] of (black, white, side to move); move keys =
//!   square index, 64 for the pass.
//! * [`endgame`]: what exact solving gets from the game — fastest-first
//!   ordering hints and a bitboard solver for the last empty squares (with
//!   stability cutoffs from [`board::stable_discs`]), the
//!   [`Game::order_hint`](tree_core::Game::order_hint) and
//!   [`Game::solve_end`](tree_core::Game::solve_end) of [`Othello`].
//! * [`pattern`]: a pattern evaluation trained here on exact scores our
//!   solver computed (`cargo xtask train-eval`), the
//!   [`Game::order_evaluate`](tree_core::Game::order_evaluate) of
//!   [`Othello`]: it orders moves in exact solves, never changes a value.
//! * [`obf`]: Othello Board Files (one position per line with its moves'
//!   exact scores) and the FFO endgame problems #1–#39 ([`obf::ffo`]).
//! * [`perft`]: move-path counting, the test of the move generator.
//! * [`experiment_positions`]: the 50 fixed mid-game positions of the
//!   experiment, committed in `data/positions.txt`.
//!
//! ## Paths
//!
//! The game's types and the experiment's positions are at the crate root
//! (their modules are private); [`board`] (the bitboard primitives),
//! [`eval`], [`endgame`], [`pattern`] and [`obf`] are public modules whose items are not
//! re-exported. No item has two paths.
//!
//! ## Design choices
//!
//! Positions are 24-byte `Copy` values and moves are applied by value, so
//! a search tree node is just a position (best-first searches clone nodes
//! into their OPEN arrays). Nothing is cached in a position: the [`Game`]
//! methods recompute the legal squares (a few dozen shifts) rather than
//! grow every stored node. The hash is an O(1) mix rather than Zobrist
//! keys, since positions are not updated incrementally.
//!
//! ## Example
//!
//! ```
//! use othello::{Othello, Position, perft};
//! use tree_core::{Horizon, minimax};
//!
//! let start = Position::initial();
//! assert_eq!(perft(&start, 4), 244);
//!
//! // Any algorithm of the workspace searches a Horizon; the oracle here.
//! let pos: Position = othello::experiment_positions()[0];
//! let value = minimax(&Horizon::new(Othello, pos, 3));
//! println!("{}{} to move: {value}", pos.diagram(), pos.to_move());
//! ```
//!
//! [`Game`]: tree_core::Game

#![forbid(unsafe_code)]
#![deny(missing_docs)]

/// A table of `$n` entries built at compile time, entry `$i` being
/// `$entry` (a `const` expression of the index `$i`).
macro_rules! const_table {
    ($n:expr, |$i:ident| $entry:expr) => {{
        let mut out = [0; $n];
        let mut $i = 0;
        while $i < $n {
            out[$i] = $entry;
            $i += 1;
        }
        out
    }};
}

pub mod board;
pub mod endgame;
mod error;
pub mod eval;
mod game;
mod notation;
pub mod obf;
pub mod pattern;
mod position;
mod positions;
mod square;

pub use error::{MoveError, ParseError};
pub use game::{MAX_MOVES, MOVE_KEYS, Othello, hash};
pub use position::{Diagram, Position};
pub use positions::{
    EXPERIMENT_COUNT, EXPERIMENT_PLIES, MAX_RANDOM_GAMES, MAX_RANDOM_PLIES, POSITIONS_FILE,
    SplitMix64, experiment_positions, generate_experiment_positions, parse_positions,
    positions_file, random_position, try_random_position,
};
pub use square::{Color, Move, Square};

/// Perft: the number of leaves of the game tree of `pos` cut at `depth`
/// plies — positions `depth` plies down, plus games that end earlier,
/// each counted once where it ends (the leaves of
/// [`Horizon`](tree_core::Horizon)`::new(Othello, pos, depth)`). A pass is
/// a ply. From the initial position depths 1–10 give 4, 12, 56, 244,
/// 1,396, 8,200, 55,092, 390,216, 3,005,288 and 24,571,284; the first
/// games end at ply 9 (228 of them), which is why the customary depth-10
/// count needs this convention rather than "sequences of exactly `depth`
/// moves" (24,571,056).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let (me, opp) = pos.mine_theirs();
    let mut m = board::legal_moves(me, opp);
    if depth == 0 {
        return 1;
    }
    if m == 0 {
        if board::legal_moves(opp, me) == 0 {
            return 1;
        }
        return perft(&pos.play_nth(0), depth - 1);
    }
    if depth == 1 {
        return u64::from(m.count_ones());
    }
    let mut n = 0;
    while m != 0 {
        let sq = m & m.wrapping_neg();
        m ^= sq;
        let f = board::flips(me, opp, sq);
        let (me2, opp2) = (me | sq | f, opp & !f);
        let next = match pos.to_move() {
            Color::Black => Position::new(me2, opp2, Color::White),
            Color::White => Position::new(opp2, me2, Color::Black),
        }
        .expect("disjoint masks");
        n += perft(&next, depth - 1);
    }
    n
}

/// The shape of the whole game tree from `pos` (to the end of the game,
/// passes as plies): the most moves of any position and the longest line,
/// found by walking every line — so only for positions with few empty
/// squares (a dozen at most: the walk visits every position of every
/// line). Best-first searches of a
/// [`Horizon`](tree_core::Horizon) size OPEN from it.
///
/// ```
/// use othello::{Position, game_tree_shape};
/// let p: Position = "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOXX-- X"
///     .parse()
///     .unwrap();
/// let shape = game_tree_shape(&p);
/// assert_eq!((shape.branching, shape.depth), (1, 2));
/// ```
pub fn game_tree_shape(pos: &Position) -> tree_core::Bounds {
    fn walk(p: &Position, depth: usize, shape: &mut (usize, usize)) {
        let moves = p.moves();
        shape.0 = shape.0.max(moves.len());
        shape.1 = shape.1.max(depth);
        for m in moves {
            walk(&p.play_unchecked(m), depth + 1, shape);
        }
    }
    let mut shape = (1, 0);
    walk(pos, 0, &mut shape);
    tree_core::Bounds {
        branching: shape.0,
        depth: shape.1,
        uniform: false,
    }
}

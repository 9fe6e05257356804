//! [`Othello`]: the rules as a [`tree_core::Game`].

use tree_core::{Game, Value};

use crate::{Color, Position, eval};

/// Othello as a [`Game`]: positions are [`Position`]s, moves are in
/// [`Position::moves`] order (legal squares by ascending index a1 … h8; a
/// forced pass is the one move of its position; no moves = game over),
/// [`Game::evaluate`] is [`eval::evaluate`], [`Game::hash`] is
/// [`hash`], move keys are square indices with 64 for the pass.
///
/// ```
/// use othello::{Othello, Position};
/// use tree_core::{Game, Horizon, Tree, minimax};
/// let start = Position::initial();
/// assert_eq!(Othello.num_moves(&start), 4);
/// let tree = Horizon::new(Othello, start, 3);
/// assert_eq!(tree.num_children(&tree.root()), 4);
/// // By symmetry every opening move is worth the same.
/// let v = minimax(&tree);
/// assert!(v.get().abs() < 1000);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Othello;

/// The largest number of moves a position can have: one per empty square,
/// and a position never has more than 60 empty squares. (The most legal
/// moves known in a reachable position is 33, but 60 is the bound that is
/// easy to prove.)
pub const MAX_MOVES: usize = 60;

/// The number of distinct move keys: 64 squares and the pass.
pub const MOVE_KEYS: usize = 65;

impl Game for Othello {
    type Position = Position;

    #[inline]
    fn num_moves(&self, pos: &Position) -> usize {
        pos.num_moves()
    }

    #[inline]
    fn play(&self, pos: &Position, i: usize) -> Position {
        pos.play_nth(i)
    }

    fn evaluate(&self, pos: &Position) -> Value {
        Value::new(eval::evaluate(pos)).expect("evaluations lie within ±640,000")
    }

    fn hash(&self, pos: &Position) -> u64 {
        hash(pos)
    }

    fn move_key(&self, pos: &Position, i: usize) -> usize {
        pos.nth_move(i).map_or(MOVE_KEYS - 1, |m| m.key())
    }

    fn move_keys(&self) -> usize {
        MOVE_KEYS
    }

    fn max_moves(&self) -> Option<usize> {
        Some(MAX_MOVES)
    }
}

/// SplitMix64's finaliser: a bijection of `u64` that mixes every input bit
/// into every output bit.
const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Added to the black mask before mixing (so the empty board does not hash
/// to 0).
const BLACK_KEY: u64 = 0x9e37_79b9_7f4a_7c15;
/// XORed into the hash when white is to move.
const WHITE_TO_MOVE: u64 = 0xd1b5_4a32_d192_ed03;

/// The position's 64-bit hash: `mix(mix(black + K) ^ white)`, XORed with a
/// constant when white is to move, where `mix` is SplitMix64's finaliser.
/// O(1), no tables; positions that differ only in the side to move always
/// hash differently.
///
/// ```
/// use othello::{Color, Position, hash};
/// let p = Position::initial();
/// let q = Position::new(p.black(), p.white(), Color::White).unwrap();
/// assert_ne!(hash(&p), hash(&q));
/// ```
pub const fn hash(pos: &Position) -> u64 {
    let h = mix(mix(pos.black().wrapping_add(BLACK_KEY)) ^ pos.white());
    match pos.to_move() {
        Color::Black => h,
        Color::White => h ^ WHITE_TO_MOVE,
    }
}

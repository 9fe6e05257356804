//! [`Othello`]: the rules as a [`tree_core::Game`].

use tree_core::{ArrayVec, Game, Stats, Value, mix64};

use crate::{Color, Move, Position, Square, board, endgame, eval, pattern};

/// Othello as a [`Game`]: positions are [`Position`]s, moves are
/// [`Move`]s in [`Position::moves`] order (legal squares by ascending index
/// a1 … h8; a forced pass is the one move of its position; no moves = game
/// over) generated into an [`ArrayVec`] of [`MAX_MOVES`], named `d3` and
/// `pass`; [`Game::evaluate`] is [`eval::evaluate`] (the final score by
/// the federation's rule at the end of the game), [`Game::hash`] is
/// [`hash`], move keys are square indices with 64 for the pass.
///
/// For exact solving: [`Game::plies_left`] is twice the empty squares (a
/// pass is always followed by a disc), [`Game::order_hint`] is "fastest
/// first" (fewest replies for the opponent, corners early), and
/// [`Game::solve_end`] solves positions of at most
/// [`endgame::SOLVE_EMPTIES`] empty squares with the bitboard solver of
/// [`endgame`].
///
/// ```
/// use othello::{Move, Othello, Position};
/// use tree_core::{Game, Horizon, Tree, minimax};
/// let start = Position::initial();
/// assert_eq!(Othello.num_moves(&start), 4);
/// let d3 = Othello.nth_move(&start, 0).unwrap();
/// assert_eq!(Othello.move_name(&start, d3), "d3");
/// assert_eq!(Othello.play(&start, d3), start.play(d3).unwrap());
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
/// easy to prove.) The capacity of [`Othello`]'s move buffers.
pub const MAX_MOVES: usize = 60;

/// The number of distinct move keys: 64 squares and the pass.
pub const MOVE_KEYS: usize = 65;

impl Game for Othello {
    type Position = Position;
    type Move = Move;
    type Moves = ArrayVec<Move, MAX_MOVES>;

    #[inline]
    fn moves(&self, pos: &Position, moves: &mut ArrayVec<Move, MAX_MOVES>) {
        moves.clear();
        let (me, opp) = pos.mine_theirs();
        let mut m = board::legal_moves(me, opp);
        if m == 0 {
            if board::legal_moves(opp, me) != 0 {
                moves.push(Move::Pass);
            }
            return;
        }
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            moves.push(Move::Play(Square::new(i).expect("below 64")));
        }
    }

    /// The position after `mv`, without checking that it is legal (a
    /// square that flips nothing just gets a disc; see [`Position::play`]
    /// for the checked version).
    #[inline]
    fn play(&self, pos: &Position, mv: Move) -> Position {
        pos.play_unchecked(mv)
    }

    fn evaluate(&self, pos: &Position) -> Value {
        Value::new(eval::evaluate(pos)).expect("evaluations lie within ±640,000")
    }

    #[inline]
    fn hash(&self, pos: &Position) -> u64 {
        hash(pos)
    }

    #[inline]
    fn num_moves(&self, pos: &Position) -> usize {
        pos.num_moves()
    }

    #[inline]
    fn nth_move(&self, pos: &Position, i: usize) -> Option<Move> {
        pos.nth_move(i)
    }

    fn move_name(&self, _: &Position, mv: Move) -> String {
        mv.to_string()
    }

    #[inline]
    fn move_key(&self, _: &Position, mv: Move) -> usize {
        mv.key()
    }

    fn move_keys(&self) -> usize {
        MOVE_KEYS
    }

    fn max_moves(&self) -> Option<usize> {
        Some(MAX_MOVES)
    }

    /// Twice the empty squares: every ply but a pass fills one, and a pass
    /// is followed by a disc (two passes in a row end the game, and are
    /// not moves).
    #[inline]
    fn plies_left(&self, pos: &Position) -> Option<u32> {
        Some(2 * pos.empty().count_ones())
    }

    #[inline]
    fn order_hint(&self, pos: &Position, mv: Move, child: &Position) -> i32 {
        endgame::fastest_first(pos, mv, child)
    }

    /// The trained pattern evaluation ([`pattern::evaluate`]), in the
    /// units of [`Game::evaluate`]: the ordering searches of exact solves
    /// score their leaves by it.
    #[inline]
    fn order_evaluate(&self, pos: &Position) -> Value {
        Value::new(pattern::evaluate(pos)).expect("evaluations lie within ±640,000")
    }

    /// The trained evaluation of every child ([`pattern::evaluate_children`]:
    /// the parent's patterns updated per move).
    fn order_evaluate_children(&self, pos: &Position, children: &[Position], out: &mut Vec<Value>) {
        out.clear();
        pattern::evaluate_children(pos, children, |v| {
            out.push(Value::new(v).expect("evaluations lie within ±640,000"));
        });
    }

    #[inline]
    fn solve_end(
        &self,
        pos: &Position,
        alpha: Value,
        beta: Value,
        counts: &mut Stats,
    ) -> Option<Value> {
        endgame::solve_end(pos, alpha, beta, counts)
    }
}

/// Added to the black mask before mixing (so the empty board does not hash
/// to 0).
const BLACK_KEY: u64 = 0x9e37_79b9_7f4a_7c15;
/// XORed into the hash when white is to move.
const WHITE_TO_MOVE: u64 = 0xd1b5_4a32_d192_ed03;

/// The position's 64-bit hash: `mix(mix(black + K) ^ white)`, XORed with a
/// constant when white is to move, where `mix` is SplitMix64's finaliser
/// ([`tree_core::mix64`]).
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
    let h = mix64(mix64(pos.black().wrapping_add(BLACK_KEY)) ^ pos.white());
    match pos.to_move() {
        Color::Black => h,
        Color::White => h ^ WHITE_TO_MOVE,
    }
}

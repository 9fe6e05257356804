//! The [`Game`] trait: a real game's rules with a static evaluation, and
//! [`Horizon`], the [`Tree`] of a game searched to a fixed depth.
//!
//! The [`Tree`] trait describes a finished game tree: terminals have values,
//! interior nodes have none. A real game (Othello, chess) is searched to a
//! chosen depth with a static evaluation at the horizon, by iterative
//! deepening, with a transposition table keyed by a position hash and move
//! ordering that remembers good moves. [`Game`] gives those searches what
//! they need: the moves of a position (generated once into a buffer the
//! search owns), the position after a move, a static evaluation and a hash
//! (the four required methods), and, where the game wants to help, provided
//! methods with neutral defaults — a key per move for the history
//! heuristic, a name per move for people, a bound on the plies left (which
//! lets a search switch to exact solving), an ordering hint per move, and a
//! hook to solve the last few plies with the game's own code. [`Horizon`]
//! turns any game and position into a [`Tree`] of a chosen depth, so every
//! algorithm of the workspace runs on a real game unchanged.
//!
//! Conventions:
//! - a position knows whose turn it is; [`Game::evaluate`] scores it from
//!   the point of view of the player **to move** (the negamax convention);
//! - a pass is a move: a position whose player has no legal move but whose
//!   game is not over has exactly one move, the pass, so players alternate
//!   ply by ply and [`Horizon`]'s MAX and MIN alternate by depth as the
//!   [`Tree`] trait requires;
//! - a position with no moves is the end of the game; its evaluation should
//!   be the final score (scaled above any heuristic score if the game wants
//!   searches to prefer certain wins);
//! - [`Game::moves`] is deterministic: the same position always gives the
//!   same moves in the same order (searches store a move as its index in
//!   that list, and [`Horizon`]'s `i`-th child is the `i`-th move).

use std::fmt::Debug;

use arrayvec::ArrayVec;

use crate::{Bounds, Stats, Tree, Value};

/// A buffer the moves of one position are written into: a `Vec` (any
/// number of moves, allocated once and reused by the search that owns it)
/// or an [`ArrayVec`] (a fixed capacity on the stack, for games that know
/// a bound on their moves; pushing beyond it panics).
///
/// ```
/// use arrayvec::ArrayVec;
/// use tree_core::MoveBuffer;
/// let mut b: ArrayVec<u8, 4> = ArrayVec::new();
/// b.push(3);
/// MoveBuffer::push(&mut b, 5);
/// assert_eq!(b.as_slice(), &[3, 5]);
/// MoveBuffer::clear(&mut b);
/// assert!(b.is_empty());
/// ```
pub trait MoveBuffer<M>: Default {
    /// Removes every move.
    fn clear(&mut self);
    /// Appends a move.
    fn push(&mut self, mv: M);
    /// The moves, in the order pushed.
    fn as_slice(&self) -> &[M];
}

/// [`MoveBuffer`] for a vector type, by its own `clear` and `push`: [`Vec`]
/// and [`ArrayVec`] (whose `push` panics if the buffer already holds `N`
/// moves: the game's bound was wrong).
macro_rules! move_buffer {
    ($buffer:ident $(, const $n:ident)?) => {
        impl<M $(, const $n: usize)?> MoveBuffer<M> for $buffer<M $(, $n)?> {
            #[inline]
            fn clear(&mut self) {
                $buffer::clear(self);
            }
            #[inline]
            fn push(&mut self, mv: M) {
                $buffer::push(self, mv);
            }
            #[inline]
            fn as_slice(&self) -> &[M] {
                self
            }
        }
    };
}

move_buffer!(Vec);
move_buffer!(ArrayVec, const N);

/// The rules of a two-player zero-sum game, for searches with a horizon.
///
/// Four methods are required ([`moves`](Game::moves), [`play`](Game::play),
/// [`evaluate`](Game::evaluate), [`hash`](Game::hash)); the others have
/// defaults that cost nothing and help nothing, for a game to override
/// where it knows better.
///
/// ```
/// use tree_core::{ArrayVec, Game, Horizon, MoveBuffer, Value, minimax};
/// /// Nim with one heap: take 1 or 2; whoever cannot move loses.
/// struct Nim;
/// impl Game for Nim {
///     type Position = u8; // the heap
///     type Move = u8; // how many to take
///     type Moves = ArrayVec<u8, 2>;
///     fn moves(&self, heap: &u8, out: &mut ArrayVec<u8, 2>) {
///         out.clear();
///         for take in 1..=(*heap).min(2) {
///             out.push(take);
///         }
///     }
///     fn play(&self, heap: &u8, take: u8) -> u8 { heap - take }
///     fn evaluate(&self, heap: &u8) -> Value {
///         // the player to move with an empty heap has lost
///         Value::new(if *heap == 0 { -1 } else { 0 }).unwrap()
///     }
///     fn hash(&self, heap: &u8) -> u64 { u64::from(*heap) }
///     fn move_name(&self, _: &u8, take: u8) -> String { format!("take {take}") }
/// }
/// // Searched to the end (depth 10 > heap), a heap of 4 is a win for MAX.
/// assert_eq!(minimax(&Horizon::new(&Nim, 4, 10)), Value::new(1).unwrap());
/// // At depth 1 the search sees only heuristic zeros.
/// assert_eq!(minimax(&Horizon::new(&Nim, 4, 1)), Value::new(0).unwrap());
/// assert_eq!(Nim.num_moves(&4), 2);
/// assert_eq!(Nim.nth_move(&4, 1), Some(2));
/// assert_eq!(Nim.move_name(&4, 1), "take 1");
/// ```
pub trait Game {
    /// A position: the board and the player to move.
    type Position: Clone;

    /// A move: small and copied freely (a square, a from-to pair, an index).
    type Move: Copy + Eq + Debug;

    /// The buffer [`moves`](Game::moves) writes into: `Vec<Self::Move>`,
    /// or an [`ArrayVec`] when the game knows how many moves a position
    /// can have at most.
    type Moves: MoveBuffer<Self::Move>;

    /// Writes the moves of the player to move into `moves` (clearing it
    /// first), in the game's own order; none means the game is over. A
    /// forced pass is one move. Searches call this once per position and
    /// keep the list, so it should not be re-derived per move.
    fn moves(&self, pos: &Self::Position, moves: &mut Self::Moves);

    /// The position after `mv`, one of the moves of `pos`.
    ///
    /// Implementations may panic if `mv` is not a move of `pos`.
    fn play(&self, pos: &Self::Position, mv: Self::Move) -> Self::Position;

    /// The static evaluation of `pos` from the point of view of the player
    /// to move: positive is good for them. At the end of the game, the final
    /// score. Must lie strictly between [`Value::NEG_INF`] and [`Value::INF`].
    fn evaluate(&self, pos: &Self::Position) -> Value;

    /// A hash of the position, including the player to move. Searches use
    /// it to key transposition tables and treat equal hashes as equal
    /// positions, so it should be a good 64-bit hash (e.g. Zobrist).
    fn hash(&self, pos: &Self::Position) -> u64;

    /// How many moves `pos` has (0: the game is over). The default
    /// generates them; a game that can count faster overrides it.
    fn num_moves(&self, pos: &Self::Position) -> usize {
        let mut moves = Self::Moves::default();
        self.moves(pos, &mut moves);
        moves.as_slice().len()
    }

    /// The `i`-th move of `pos` in [`moves`](Game::moves) order, if there
    /// is one. The default generates the list; a game that can pick one
    /// move faster overrides it ([`Horizon`]'s children use it).
    fn nth_move(&self, pos: &Self::Position, i: usize) -> Option<Self::Move> {
        let mut moves = Self::Moves::default();
        self.moves(pos, &mut moves);
        moves.as_slice().get(i).copied()
    }

    /// The move's name for people (`d3`, `e2e4`, `pass`). The default is
    /// its `Debug` form.
    fn move_name(&self, pos: &Self::Position, mv: Self::Move) -> String {
        let _ = pos;
        format!("{mv:?}")
    }

    /// A small key identifying `mv` across positions (for Othello, the
    /// square played), for the history heuristic: moves with the same key
    /// are taken to be "the same move". Must be below
    /// [`Game::move_keys`]. The default, 0 for every move, makes history
    /// useless but harmless.
    fn move_key(&self, pos: &Self::Position, mv: Self::Move) -> usize {
        let _ = (pos, mv);
        0
    }

    /// One more than the largest [`Game::move_key`]; the size of a history
    /// table. The default, 1, suits the default `move_key`.
    fn move_keys(&self) -> usize {
        1
    }

    /// The largest number of moves any position can have, if the game knows
    /// it; memory-bounded searches of a [`Horizon`] use it for their budget
    /// rules.
    fn max_moves(&self) -> Option<usize> {
        None
    }

    /// An upper bound on the plies (passes included) left before the game
    /// ends from `pos`, on every line of play, if the game knows one. A
    /// search of `pos` to at least that depth sees only ends of the game,
    /// so its value is the game's exact value and the search may solve it
    /// without a horizon (no heuristic evaluation, table entries valid at
    /// any such depth, [`solve_end`](Game::solve_end)). A bound that is too
    /// small makes such searches wrong. The default, `None`, never lets a
    /// search assume the end is near.
    fn plies_left(&self, pos: &Self::Position) -> Option<u32> {
        let _ = pos;
        None
    }

    /// A hint for move ordering: searches that use hints try the moves of
    /// `pos` with higher hints first (after the transposition table's
    /// move). `child` is the position after `mv`, already computed. For
    /// example "fastest first": minus the number of replies `child` leaves
    /// the opponent. The default, 0, keeps the game's order.
    fn order_hint(&self, pos: &Self::Position, mv: Self::Move, child: &Self::Position) -> i32 {
        let _ = (pos, mv, child);
        0
    }

    /// A heuristic value of `pos` for the player to move, used only to
    /// order moves: the leaves of an enhanced engine's ordering searches
    /// (when its configuration asks for it) are scored by this rather than
    /// by [`evaluate`](Game::evaluate), so a game can order by a stronger
    /// (or cheaper) evaluation without changing any searched value. At the
    /// end of the game it should be the final score, as `evaluate` gives
    /// it. Must lie strictly between [`Value::NEG_INF`] and
    /// [`Value::INF`]. The default is [`evaluate`](Game::evaluate).
    fn order_evaluate(&self, pos: &Self::Position) -> Value {
        self.evaluate(pos)
    }

    /// [`order_evaluate`](Game::order_evaluate) of each of `children`,
    /// the positions after the moves of `pos` in their order, written into
    /// `out` (cleared first). The default evaluates each child; a game may
    /// share work between them (Othello reads its patterns once for `pos`
    /// and updates them for each child), with the same values.
    fn order_evaluate_children(
        &self,
        pos: &Self::Position,
        children: &[Self::Position],
        out: &mut Vec<Value>,
    ) {
        let _ = pos;
        out.clear();
        out.extend(children.iter().map(|c| self.order_evaluate(c)));
    }

    /// The game's own solver for the last plies. A search that searches
    /// `pos` to the end of the game (its depth is at least
    /// [`plies_left`](Game::plies_left)) asks this first; `None` lets the
    /// search go on as usual. `Some(g)` must be a fail-soft result for the
    /// window `(alpha, beta)`, `alpha < beta`, on the exact value `v` of
    /// `pos` for the player to move (the value every search to the end of
    /// the game returns): `g <= alpha` implies `v <= g`, `g >= beta`
    /// implies `v >= g`, and otherwise `g = v`. Every end of the game it
    /// evaluates is added to `counts.leaves`, every position it expands to
    /// `counts.interior`. The default does nothing.
    fn solve_end(
        &self,
        pos: &Self::Position,
        alpha: Value,
        beta: Value,
        counts: &mut Stats,
    ) -> Option<Value> {
        let _ = (pos, alpha, beta, counts);
        None
    }
}

/// Writes the named [`Game`] methods of a wrapper as calls to the same
/// methods of its field `$inner` (a name, or a tuple index; `*`: of the
/// game a reference points to, as `&G` does): a wrapper that
/// changes one method writes that one out and forwards the others, as
/// [`forward_tree!`](crate::forward_tree) does for [`Tree`](crate::Tree).
/// Methods not named keep their own body or the trait's default.
///
/// ```
/// use tree_core::{ArrayVec, Game, Value, forward_game};
///
/// /// Take one from a heap; whoever cannot move loses.
/// struct Down;
///
/// impl Game for Down {
///     type Position = u8;
///     type Move = ();
///     type Moves = ArrayVec<(), 1>;
///     fn moves(&self, heap: &u8, out: &mut ArrayVec<(), 1>) {
///         out.clear();
///         if *heap > 0 {
///             out.push(());
///         }
///     }
///     fn play(&self, heap: &u8, _: ()) -> u8 {
///         heap - 1
///     }
///     fn evaluate(&self, heap: &u8) -> Value {
///         Value::new(if heap % 2 == 0 { -1 } else { 1 }).unwrap()
///     }
///     fn hash(&self, heap: &u8) -> u64 {
///         u64::from(*heap)
///     }
/// }
///
/// /// A game whose positions all hash alike.
/// struct OneHash<G>(G);
///
/// impl<G: Game> Game for OneHash<G> {
///     type Position = G::Position;
///     type Move = G::Move;
///     type Moves = G::Moves;
///     forward_game!(0: moves, play, evaluate);
///     fn hash(&self, _: &G::Position) -> u64 {
///         0
///     }
/// }
///
/// assert_eq!(OneHash(Down).hash(&7), 0);
/// assert_eq!(OneHash(Down).play(&7, ()), 6);
/// assert_eq!(OneHash(Down).evaluate(&7), Down.evaluate(&7));
/// ```
#[macro_export]
macro_rules! forward_game {
    ($inner:tt: $($method:ident),+ $(,)?) => {
        $($crate::forward_game!(@$inner $method);)+
    };
    (@$inner:tt moves) => { $crate::forward_game!(@fn $inner moves(pos: &Self::Position, moves: &mut Self::Moves)); };
    (@$inner:tt play) => { $crate::forward_game!(@fn $inner play(pos: &Self::Position, mv: Self::Move) -> Self::Position); };
    (@$inner:tt evaluate) => { $crate::forward_game!(@fn $inner evaluate(pos: &Self::Position) -> $crate::Value); };
    (@$inner:tt hash) => { $crate::forward_game!(@fn $inner hash(pos: &Self::Position) -> u64); };
    (@$inner:tt num_moves) => { $crate::forward_game!(@fn $inner num_moves(pos: &Self::Position) -> usize); };
    (@$inner:tt nth_move) => { $crate::forward_game!(@fn $inner nth_move(pos: &Self::Position, i: usize) -> Option<Self::Move>); };
    (@$inner:tt move_name) => { $crate::forward_game!(@fn $inner move_name(pos: &Self::Position, mv: Self::Move) -> String); };
    (@$inner:tt move_key) => { $crate::forward_game!(@fn $inner move_key(pos: &Self::Position, mv: Self::Move) -> usize); };
    (@$inner:tt move_keys) => { $crate::forward_game!(@fn $inner move_keys() -> usize); };
    (@$inner:tt max_moves) => { $crate::forward_game!(@fn $inner max_moves() -> Option<usize>); };
    (@$inner:tt plies_left) => { $crate::forward_game!(@fn $inner plies_left(pos: &Self::Position) -> Option<u32>); };
    (@$inner:tt order_hint) => { $crate::forward_game!(@fn $inner order_hint(pos: &Self::Position, mv: Self::Move, child: &Self::Position) -> i32); };
    (@$inner:tt order_evaluate) => { $crate::forward_game!(@fn $inner order_evaluate(pos: &Self::Position) -> $crate::Value); };
    (@$inner:tt solve_end) => { $crate::forward_game!(@fn $inner solve_end(pos: &Self::Position, alpha: $crate::Value, beta: $crate::Value, counts: &mut $crate::Stats) -> Option<$crate::Value>); };
    (@fn * $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?) => {
        #[inline]
        fn $name(&self, $($arg: $ty),*) $(-> $ret)? {
            (**self).$name($($arg),*)
        }
    };
    (@fn $inner:tt $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?) => {
        #[inline]
        fn $name(&self, $($arg: $ty),*) $(-> $ret)? {
            self.$inner.$name($($arg),*)
        }
    };
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;
    type Move = G::Move;
    type Moves = G::Moves;

    forward_game!(*: moves, play, evaluate, hash, num_moves, nth_move, move_name, move_key);
    forward_game!(*: move_keys, max_moves, plies_left, order_hint, order_evaluate, solve_end);
}

/// A node of a [`Horizon`] tree: a position and its depth below the root.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HorizonNode<P> {
    /// The position.
    pub position: P,
    /// Plies from the root (0 at the root, a MAX node; odd depths are MIN).
    pub ply: u32,
}

/// A game searched from `root` to a fixed `depth`: the [`Tree`] whose
/// terminals are the positions `depth` plies down (or earlier ends of the
/// game), valued by the game's static evaluation from the root player's
/// (MAX's) point of view.
///
/// The root's player is MAX; with passes as moves, MAX is to move at even
/// depths, so a terminal's value is `evaluate` at even depths and its
/// negation at odd ones.
#[derive(Debug, Clone)]
pub struct Horizon<G: Game> {
    game: G,
    root: G::Position,
    depth: u32,
}

impl<G: Game> Horizon<G> {
    /// The tree of `game` from `root` to `depth` plies.
    pub fn new(game: G, root: G::Position, depth: u32) -> Horizon<G> {
        Horizon { game, root, depth }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The root position.
    pub fn root_position(&self) -> &G::Position {
        &self.root
    }

    /// The search depth in plies.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

impl<G: Game> Tree for Horizon<G> {
    type Node = HorizonNode<G::Position>;

    fn root(&self) -> Self::Node {
        HorizonNode {
            position: self.root.clone(),
            ply: 0,
        }
    }

    fn num_children(&self, node: &Self::Node) -> usize {
        if node.ply >= self.depth {
            0
        } else {
            self.game.num_moves(&node.position)
        }
    }

    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        let mv = self
            .game
            .nth_move(&node.position, i)
            .unwrap_or_else(|| panic!("child {i} of a position with fewer moves"));
        HorizonNode {
            position: self.game.play(&node.position, mv),
            ply: node.ply + 1,
        }
    }

    fn value(&self, node: &Self::Node) -> Value {
        let v = self.game.evaluate(&node.position);
        if node.ply % 2 == 0 { v } else { -v }
    }

    fn bounds(&self) -> Option<Bounds> {
        self.game.max_moves().map(|b| Bounds {
            branching: b.max(1),
            depth: self.depth as usize,
            uniform: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax;

    /// Take 1..=3 from a heap; the last to take wins.
    const TAKE3: crate::corpus::Take = crate::corpus::Take {
        most: 3,
        bounded: true,
        evaluate: |heap| Value::new(if heap == 0 { -100 } else { heap as i32 % 4 }).unwrap(),
    };

    #[test]
    fn horizon_alternates_players_and_solves_the_game() {
        // Heaps that are multiples of 4 are lost for the player to move.
        for heap in 1..=12u32 {
            let v = minimax(&Horizon::new(&TAKE3, heap, 20));
            let expected = if heap % 4 == 0 { -100 } else { 100 };
            assert_eq!(v, Value::new(expected).unwrap(), "heap {heap}");
        }
    }

    #[test]
    fn the_provided_methods_have_neutral_defaults() {
        // TAKE3 overrides only max_moves: the rest are the defaults.
        let g = TAKE3;
        assert_eq!(g.num_moves(&5), 3);
        assert_eq!(g.num_moves(&0), 0);
        assert_eq!(g.nth_move(&5, 2), Some(3));
        assert_eq!(g.nth_move(&2, 2), None);
        assert_eq!(g.move_name(&5, 2), "2");
        assert_eq!((g.move_key(&5, 1), g.move_keys()), (0, 1));
        assert_eq!(g.plies_left(&5), None);
        assert_eq!(g.order_hint(&5, 1, &4), 0);
        let mut counts = Stats::default();
        assert_eq!(
            g.solve_end(&1, Value::NEG_INF, Value::INF, &mut counts),
            None
        );
        assert_eq!(counts, Stats::default());
        // A reference forwards everything.
        let r = &g;
        assert_eq!((r.num_moves(&5), r.nth_move(&5, 0)), (3, Some(1)));
        assert_eq!(r.max_moves(), Some(3));
        let mut b: Vec<u32> = vec![9];
        r.moves(&2, &mut b);
        assert_eq!(MoveBuffer::as_slice(&b), &[1, 2]);
    }

    #[test]
    #[should_panic(expected = "child 3 of a position with fewer moves")]
    fn a_horizon_child_out_of_range_panics_with_a_message() {
        let t = Horizon::new(TAKE3, 5, 2);
        let _ = t.child(&t.root(), 3);
    }

    #[test]
    fn horizon_depth_zero_is_the_root_evaluation() {
        let t = Horizon::new(TAKE3, 7, 0);
        assert_eq!(t.num_children(&t.root()), 0);
        assert_eq!(minimax(&t), Value::new(3).unwrap());
        assert_eq!(t.bounds().unwrap().branching, 3);
    }

    #[test]
    fn odd_horizon_negates_the_evaluation() {
        // From heap 5 at depth 1: children heaps 4, 3, 2 evaluated for the
        // opponent (0, 3, 2); MAX picks the child worst for them: 0.
        assert_eq!(minimax(&Horizon::new(&TAKE3, 5, 1)), Value::new(0).unwrap());
    }
}

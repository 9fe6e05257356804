//! The [`Game`] trait: a real game's rules with a static evaluation, and
//! [`Horizon`], the [`Tree`] of a game searched to a fixed depth.
//!
//! The [`Tree`] trait describes a finished game tree: terminals have values,
//! interior nodes have none. A real game (Othello, chess) is searched to a
//! chosen depth with a static evaluation at the horizon, by iterative
//! deepening, with a transposition table keyed by a position hash and move
//! ordering that remembers good moves. [`Game`] gives those searches what
//! they need and nothing more: the moves of a position, the position after
//! a move, a static evaluation, a hash, and (optionally) a key per move for
//! the history heuristic. [`Horizon`] turns any game and position into a
//! [`Tree`] of a chosen depth, so every algorithm of the workspace runs on a
//! real game unchanged.
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
//!   searches to prefer certain wins).

use crate::{Bounds, Tree, Value};

/// The rules of a two-player zero-sum game, for searches with a horizon.
///
/// ```
/// use tree_core::{Game, Horizon, Value, minimax};
/// /// Nim with one heap: take 1 or 2; whoever cannot move loses.
/// struct Nim;
/// impl Game for Nim {
///     type Position = u8; // the heap
///     fn num_moves(&self, heap: &u8) -> usize { usize::from((*heap).min(2)) }
///     fn play(&self, heap: &u8, i: usize) -> u8 { heap - 1 - i as u8 }
///     fn evaluate(&self, heap: &u8) -> Value {
///         // the player to move with an empty heap has lost
///         Value::new(if *heap == 0 { -1 } else { 0 }).unwrap()
///     }
///     fn hash(&self, heap: &u8) -> u64 { u64::from(*heap) }
/// }
/// // Searched to the end (depth 10 > heap), a heap of 4 is a win for MAX.
/// assert_eq!(minimax(&Horizon::new(&Nim, 4, 10)), Value::new(1).unwrap());
/// // At depth 1 the search sees only heuristic zeros.
/// assert_eq!(minimax(&Horizon::new(&Nim, 4, 1)), Value::new(0).unwrap());
/// ```
pub trait Game {
    /// A position: the board and the player to move.
    type Position: Clone;

    /// How many moves the player to move has; 0 means the game is over. A
    /// forced pass counts as one move.
    fn num_moves(&self, pos: &Self::Position) -> usize;

    /// The position after the `i`-th move of `pos`, `0 <= i <
    /// num_moves(pos)`, in the game's own (generation) order.
    ///
    /// Implementations may panic if `i` is out of range.
    fn play(&self, pos: &Self::Position, i: usize) -> Self::Position;

    /// The static evaluation of `pos` from the point of view of the player
    /// to move: positive is good for them. At the end of the game, the final
    /// score. Must lie strictly between [`Value::NEG_INF`] and [`Value::INF`].
    fn evaluate(&self, pos: &Self::Position) -> Value;

    /// A hash of the position, including the player to move. Searches use
    /// it to key transposition tables and treat equal hashes as equal
    /// positions, so it should be a good 64-bit hash (e.g. Zobrist).
    fn hash(&self, pos: &Self::Position) -> u64;

    /// A small key identifying the `i`-th move of `pos` across positions (for
    /// Othello, the square played), for the history heuristic: moves with
    /// the same key are taken to be "the same move". Must be below
    /// [`Game::move_keys`]. The default is `i`, which makes history useless
    /// but harmless.
    fn move_key(&self, pos: &Self::Position, i: usize) -> usize {
        let _ = pos;
        i
    }

    /// One more than the largest [`Game::move_key`]; the size of a history
    /// table. The default, 256, suits the default `move_key`.
    fn move_keys(&self) -> usize {
        256
    }

    /// The largest number of moves any position can have, if the game knows
    /// it; memory-bounded searches of a [`Horizon`] use it for their budget
    /// rules.
    fn max_moves(&self) -> Option<usize> {
        None
    }
}

impl<G: Game + ?Sized> Game for &G {
    type Position = G::Position;

    fn num_moves(&self, pos: &G::Position) -> usize {
        (**self).num_moves(pos)
    }

    fn play(&self, pos: &G::Position, i: usize) -> G::Position {
        (**self).play(pos, i)
    }

    fn evaluate(&self, pos: &G::Position) -> Value {
        (**self).evaluate(pos)
    }

    fn hash(&self, pos: &G::Position) -> u64 {
        (**self).hash(pos)
    }

    fn move_key(&self, pos: &G::Position, i: usize) -> usize {
        (**self).move_key(pos, i)
    }

    fn move_keys(&self) -> usize {
        (**self).move_keys()
    }

    fn max_moves(&self) -> Option<usize> {
        (**self).max_moves()
    }
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
        HorizonNode {
            position: self.game.play(&node.position, i),
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

    /// Subtraction game: take 1..=3 from a heap; the last to take wins.
    struct Take3;
    impl Game for Take3 {
        type Position = u32;
        fn num_moves(&self, heap: &u32) -> usize {
            (*heap).min(3) as usize
        }
        fn play(&self, heap: &u32, i: usize) -> u32 {
            heap - 1 - i as u32
        }
        fn evaluate(&self, heap: &u32) -> Value {
            Value::new(if *heap == 0 { -100 } else { *heap as i32 % 4 }).unwrap()
        }
        fn hash(&self, heap: &u32) -> u64 {
            u64::from(*heap)
        }
        fn max_moves(&self) -> Option<usize> {
            Some(3)
        }
    }

    #[test]
    fn horizon_alternates_players_and_solves_the_game() {
        // Heaps that are multiples of 4 are lost for the player to move.
        for heap in 1..=12u32 {
            let v = minimax(&Horizon::new(&Take3, heap, 20));
            let expected = if heap % 4 == 0 { -100 } else { 100 };
            assert_eq!(v, Value::new(expected).unwrap(), "heap {heap}");
        }
    }

    #[test]
    fn horizon_depth_zero_is_the_root_evaluation() {
        let t = Horizon::new(Take3, 7, 0);
        assert_eq!(t.num_children(&t.root()), 0);
        assert_eq!(minimax(&t), Value::new(3).unwrap());
        assert_eq!(t.bounds().unwrap().branching, 3);
    }

    #[test]
    fn odd_horizon_negates_the_evaluation() {
        // From heap 5 at depth 1: children heaps 4, 3, 2 evaluated for the
        // opponent (0, 3, 2); MAX picks the child worst for them: 0.
        assert_eq!(minimax(&Horizon::new(&Take3, 5, 1)), Value::new(0).unwrap());
    }
}

//! What an enhanced search reports: [`EnhancedReport`] and its
//! [`IterationStats`].

use tree_core::{StopReason, Value};

use super::table::TableStats;
#[cfg(doc)]
use tree_core::Game;

/// One iteration of an enhanced search (the only one without iterative
/// deepening, or when the depth reaches the end of the game in exact-solve
/// mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IterationStats<M> {
    /// The depth searched.
    pub depth: u32,
    /// The minimax value at that depth.
    pub value: Value,
    /// The best root move at that depth.
    pub best_move: Option<M>,
    /// Whether the iteration solved the root to the end of the game
    /// (exact-solve mode).
    pub exact: bool,
    /// Static evaluations in this iteration.
    pub leaves: u64,
    /// Positions expanded in this iteration.
    pub interior: u64,
    /// Searches of the root in this iteration (MT calls, aspiration
    /// re-searches).
    pub passes: u32,
}

/// What an enhanced search found and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnhancedReport<M> {
    /// The minimax value of the root at the depth asked for, from the point
    /// of view of the player to move at the root (= MAX of the
    /// [`Horizon`](tree_core::Horizon) tree).
    pub value: Value,
    /// The best move: a move of the root whose position has the root's
    /// value; `None` at depth 0 or when the game is over.
    pub best_move: Option<M>,
    /// The best move's index in the root's [`Game::moves`] (as
    /// [`Horizon`](tree_core::Horizon) numbers the root's children).
    pub best_index: Option<usize>,
    /// The principal variation: the best move, then the best reply, and so
    /// on to the horizon or the end of the game: every prefix leads to a
    /// position whose value at the remaining depth is the root's (negated
    /// on the opponent's turn). Read from the table after the search, each
    /// move proven by the table's bounds or, where they do not decide, by
    /// a null-window search around the known value (not counted in
    /// `leaves` and `interior`; with a table it costs little, without one
    /// it re-searches). Empty without a best move.
    pub pv: Vec<M>,
    /// Static evaluations (horizon positions and ends of the game), over
    /// all iterations.
    pub leaves: u64,
    /// Positions expanded, over all iterations.
    pub interior: u64,
    /// Searches of the root, over all iterations.
    pub passes: u32,
    /// Each iteration's value and counts, shallowest first.
    pub per_iteration: Vec<IterationStats<M>>,
    /// What the table did, over all iterations.
    pub table: TableStats,
    /// The table's capacity in entries.
    pub table_entries: usize,
    /// The depth `value`, `best_move` and `pv` are for: the depth asked
    /// for, unless a limit stopped the search (see `stopped`).
    pub completed_depth: u32,
    /// Why the search stopped before the depth asked for
    /// ([`Enhanced::search_with_limits`](super::Enhanced::search_with_limits)): it then reports its last
    /// completed iteration, at `completed_depth`. `None` for a search that
    /// finished.
    pub stopped: Option<StopReason>,
}

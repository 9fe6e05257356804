//! Move ordering: the table's move, the previous iteration's root move, then
//! the game's hints, then the history heuristic, then generation order.

use std::cmp::Reverse;

use tree_core::Value;

use crate::SearchError;

/// The history heuristic's table (Schaeffer 1989): one score per
/// [`Game::move_key`](tree_core::Game::move_key), raised by
/// `2^min(depth, 32)` whenever a move is best at a node of remaining depth
/// `depth` (a cutoff or an exact value), so moves that were good in deep
/// searches, anywhere in the tree, are tried first elsewhere.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    scores: Vec<u64>,
}

impl History {
    /// Forgets every score and sizes the table for `keys` move keys
    /// (keeping the allocation where it suffices).
    ///
    /// # Errors
    /// [`SearchError::HistoryTooLarge`] if the system cannot give room for
    /// `keys` scores (a game declaring more move keys than memory holds).
    pub fn reset(&mut self, keys: usize) -> Result<(), SearchError> {
        self.scores.clear();
        self.scores
            .try_reserve_exact(keys)
            .map_err(|_| SearchError::HistoryTooLarge { keys })?;
        self.scores.resize(keys, 0);
        Ok(())
    }

    /// The score of a move key; keys out of range (a
    /// [`Game`](tree_core::Game) breaking its contract) score 0.
    #[inline]
    pub fn score(&self, key: usize) -> u64 {
        self.scores.get(key).copied().unwrap_or(0)
    }

    /// Credits the move key `key` for being best at remaining depth `depth`.
    #[inline]
    pub fn reward(&mut self, key: usize, depth: u32) {
        if let Some(s) = self.scores.get_mut(key) {
            *s = s.saturating_add(1 << depth.min(32));
        }
    }
}

/// One move waiting to be searched: its ordering keys and its index in the
/// position's move list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Scored {
    /// The value of a shallow search of the move (0 without one).
    pub shallow: Value,
    /// The game's hint (0 without hints).
    pub hint: i32,
    /// The history score (0 without history).
    pub history: u64,
    /// The move's index in generation order.
    pub index: u32,
}

/// Sorts the moves to search: higher shallow-search value first, then
/// higher hint, then higher history score, then generation order (so the
/// order is deterministic).
#[inline]
pub(crate) fn sort(moves: &mut [Scored]) {
    moves.sort_unstable_by_key(|m| {
        (
            Reverse(m.shallow),
            Reverse(m.hint),
            Reverse(m.history),
            m.index,
        )
    });
}

//! The hook a parallel search needs inside the enhanced engine: a
//! [`Splitter`] that searches the younger brothers of a node in parallel
//! once the eldest is searched ([`SplitJob`]).

use tree_core::{Game, Value};

use crate::SearchError;

/// A node whose first move is searched and whose other moves are to be
/// searched in parallel (young brothers wait).
#[derive(Debug)]
pub struct SplitJob<'a, G: Game + ?Sized> {
    /// The node's position.
    pub parent: &'a G::Position,
    /// The moves left, in the order the engine would search them: each
    /// move's index in the node's [`Game::moves`] and the move.
    pub moves: &'a [(usize, G::Move)],
    /// The node's remaining depth.
    pub depth: u32,
    /// Whether the node is searched to the end of the game (exact-solve
    /// mode).
    pub exact: bool,
    /// The node's distance from the root.
    pub ply: usize,
    /// The node's alpha after its first move (the best so far, or the
    /// window's lower end).
    pub alpha: Value,
    /// The node's beta: a move scoring at least this cuts the node off.
    pub beta: Value,
    /// Whether the node is searched by PVS (a null window first).
    pub pvs: bool,
    /// In a selective pass ([`ProbCut`](super::ProbCut)): its margin and
    /// its number, which the moves' searches take on (`None`: an exact or
    /// heuristic search).
    pub selective: Option<(u32, u32)>,
}

/// Searches the younger brothers of a node in parallel: the engine calls
/// [`split`](Splitter::split) at a node of remaining depth at least
/// [`min_depth`](Splitter::min_depth), not inside another split nor inside
/// an ordering search, once its first move is searched without a cutoff.
pub trait Splitter<G: Game + ?Sized> {
    /// The smallest remaining depth at which to split.
    fn min_depth(&self) -> u32;

    /// Searches every move of `job` and returns the largest value and its
    /// position in `job.moves`. Each move `k` is searched, by any thread,
    /// as a later move in a window `(a, job.beta)` with `a` at least
    /// `job.alpha` and at most the largest value found so far (a thread's
    /// [`Worker::search_move`](super::Worker::search_move), or `own(k, a)` on the calling thread's
    /// engine); the split may stop at the first value `>= job.beta`
    /// (a cutoff), which it then returns.
    ///
    /// # Errors
    /// The first error of any move's search.
    fn split(
        &self,
        job: &SplitJob<'_, G>,
        own: &mut dyn FnMut(usize, Value) -> Result<Value, SearchError>,
    ) -> Result<(Value, usize), SearchError>;
}

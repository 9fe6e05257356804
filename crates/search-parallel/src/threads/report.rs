//! What a multi-threaded search reports: [`ThreadReport`],
//! [`ThreadActivity`], [`ThreadCounts`].

use std::time::Duration;

#[cfg(doc)]
use tree_core::Tree;
use tree_core::{Dewey, Value};

use super::algorithm::ThreadAlgorithm;

/// What a multi-threaded search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadReport {
    /// The algorithm that ran.
    pub algorithm: ThreadAlgorithm,
    /// The root's minimax value (from MAX's side) clamped into the window.
    pub value: Value,
    /// The root's best move (0-based), as in `search_depthfirst::Report`:
    /// `None` for a terminal root and when the value is the window's lower
    /// end (the search failed low); the move that reached the window's
    /// upper end when it failed high.
    pub best: Option<usize>,
    /// The principal variation as far as the search knows it: `best`
    /// alone (empty without it). The threads do not collect lines (that
    /// would cost their alpha-beta a table update at every improvement);
    /// `search_depthfirst::Algorithm::AlphaBeta.search` gives the whole
    /// line and evaluates exactly the leaves of tree-splitting,
    /// pv-splitting and YBWC on one thread.
    pub pv: Dewey,
    /// Terminal evaluations summed over all threads, including those of
    /// searches that were later terminated or cancelled: calls of
    /// [`Tree::value`].
    pub leaves: u64,
    /// Interior expansions summed over all threads: calls of
    /// [`Tree::num_children`] that found children, what
    /// `tree_core::Counted` counts as interior (see [`ThreadCounts`]).
    pub interior: u64,
    /// Terminal evaluations per thread — per logical processor or worker,
    /// whichever OS thread ran its jobs. Tree-/pv-splitting: one entry per
    /// processor in preorder of the processor tree (0 = the root processor
    /// on the calling thread; slave `j` of a master `m` whose slaves head
    /// subtrees of `s` processors is `m + 1 + j*s`). Parallel staged SSS*:
    /// the master, then the K workers. YBWC: the K pool threads.
    pub per_thread: Vec<u64>,
    /// Jobs handed out: on the split-point engine (YBWC, tree- and
    /// pv-splitting on (1, K)), successors searched by a thread other than
    /// their node's owner (0 on one thread); on deeper processor trees,
    /// successors taken by slaves; for staged SSS*, horizon evaluations
    /// given to workers, whichever thread ran them.
    pub jobs: u64,
    /// What each thread did besides searching, for the searches run by the
    /// split-point engine (YBWC, and tree-splitting and pv-splitting on the
    /// processor tree (1, K)) on more than one thread: one entry per thread,
    /// the calling thread first. Empty otherwise.
    pub activity: Vec<ThreadActivity>,
}

/// What one thread of a search did besides searching: idle time,
/// hand-offs. Measured only when a thread changes state (a clock read per
/// hand-off or wait), never per node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ThreadActivity {
    /// Time spent idle: waiting for work, or (the owner of a split node)
    /// waiting for its helpers to finish, excluding time spent helping
    /// meanwhile.
    pub idle: Duration,
    /// Idle periods (waits).
    pub waits: u64,
    /// Split nodes this thread offered to an idle thread (bookings made).
    pub splits: u64,
    /// Other threads' split nodes this thread helped (bookings received).
    pub joins: u64,
    /// Time from the bookings this thread received to its starting on
    /// them, summed: the latency of a hand-off.
    pub handoff: Duration,
}

impl ThreadActivity {
    /// The sum over threads (each field saturating at its type's maximum).
    pub fn total(activity: &[ThreadActivity]) -> ThreadActivity {
        activity
            .iter()
            .fold(ThreadActivity::default(), |a, b| ThreadActivity {
                idle: a.idle.saturating_add(b.idle),
                waits: a.waits.saturating_add(b.waits),
                splits: a.splits.saturating_add(b.splits),
                joins: a.joins.saturating_add(b.joins),
                handoff: a.handoff.saturating_add(b.handoff),
            })
    }
}

impl ThreadReport {
    /// Campbell's search-overhead coefficient against a sequential count
    /// N(A(1), T): `leaves / sequential` (p. 34).
    pub fn overhead(&self, sequential: u64) -> f64 {
        self.leaves as f64 / sequential as f64
    }
}

/// What a multi-threaded search asked of the tree, over all threads: what
/// `tree_core::Counted` would count at the trait boundary, counted by the
/// threads themselves (a plain integer per thread, summed at the end) so
/// that no shared counter is touched per node.
///
/// `interior` counts every call of [`Tree::num_children`] that found
/// children, and the searches ask some nodes more than once: a split node
/// is asked by its master and again when it is split (tree- and
/// pv-splitting on processor trees deeper than one level, which also walk
/// the leftmost path once to find its length), a state by parallel staged
/// SSS\*'s master whenever it is made, expanded or looked ahead of. On the
/// split-point engine (YBWC, and tree- and pv-splitting on (1, K)) and on
/// one thread every interior node searched is asked once, as in
/// sequential alpha-beta.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ThreadCounts {
    /// Terminal evaluations: calls of [`Tree::value`].
    pub leaves: u64,
    /// Interior expansions: calls of [`Tree::num_children`] that found
    /// children.
    pub interior: u64,
}

/// The one-move line of `best` (empty if none or if a Dewey digit cannot
/// number it).
pub(crate) fn line_of(best: Option<usize>) -> Dewey {
    match best {
        Some(i) if i <= usize::from(u16::MAX) => Dewey::root().child(i),
        _ => Dewey::root(),
    }
}

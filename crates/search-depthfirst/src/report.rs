//! What [`Algorithm::search`](crate::Algorithm::search) is given and what
//! it returns: [`SearchConfig`] (window, limits) and [`Report`] (value,
//! best move, principal variation, leaves, time).

use std::time::Duration;

use tree_core::{Dewey, Limits, Value};

use crate::{Bound, Window};

/// How [`Algorithm::search`](crate::Algorithm::search) runs: the root
/// window and the [`Limits`]. The default is the full window and no limit.
///
/// ```
/// use std::time::Duration;
/// use search_depthfirst::{SearchConfig, Window};
/// use tree_core::{Limits, Value};
/// let config = SearchConfig::new()
///     .with_window(Window::new(Value::from_small(-5), Value::from_small(5)).unwrap())
///     .with_limits(Limits::none().with_time(Duration::from_millis(100)).with_max_leaves(1 << 20));
/// assert_eq!(config.limits.max_leaves, Some(1 << 20));
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct SearchConfig {
    /// The root window `(alpha, beta)`: only alpha-beta, fail-soft
    /// alpha-beta and Fig. 6's alpha-beta take one other than
    /// [`Window::FULL`] (see
    /// [`Algorithm::takes_window`](crate::Algorithm::takes_window)).
    pub window: Window,
    /// When to stop: a deadline, a leaf budget, a stop handle.
    pub limits: Limits,
    /// The MT drivers' transposition table, in bytes
    /// ([`TranspositionTable::with_bytes`](crate::TranspositionTable::with_bytes));
    /// `None` = sized for the tree
    /// ([`TranspositionTable::for_shape`](crate::TranspositionTable::for_shape)).
    /// The other algorithms keep no table and ignore it.
    pub table_bytes: Option<usize>,
    /// Keep the principal variation (default on). Off, the search records
    /// the root's best move alone (the report's `pv` is that move) and
    /// runs at the cost of the plain functions but for its leaf count: a
    /// line costs a row of a table written at every improvement inside the
    /// window, 5–16% of alpha-beta's time on the synthetic trees.
    pub lines: bool,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            window: Window::FULL,
            limits: Limits::none(),
            table_bytes: None,
            lines: true,
        }
    }
}

impl SearchConfig {
    /// The full window, no limit, lines kept.
    pub fn new() -> SearchConfig {
        SearchConfig::default()
    }

    /// This configuration keeping the principal variation or not (see
    /// [`SearchConfig::lines`]).
    #[must_use]
    pub fn with_lines(mut self, on: bool) -> SearchConfig {
        self.lines = on;
        self
    }

    /// This configuration with the root window `window`.
    #[must_use]
    pub fn with_window(mut self, window: Window) -> SearchConfig {
        self.window = window;
        self
    }

    /// This configuration with `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> SearchConfig {
        self.limits = limits;
        self
    }

    /// This configuration with an MT table of `bytes` bytes.
    #[must_use]
    pub fn with_table_bytes(mut self, bytes: usize) -> SearchConfig {
        self.table_bytes = Some(bytes);
        self
    }
}

/// What [`Algorithm::search`](crate::Algorithm::search) found.
///
/// Moves are 0-based child indices, as everywhere in the crate; print a
/// [`Dewey`] code to see them 1-based, as the papers number them.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// The value the algorithm returns: the minimax value with the full
    /// window; with another window what the algorithm's function returns
    /// for it (see `bound`).
    pub value: Value,
    /// What `value` says about the minimax value: always
    /// [`Bound::Exact`] with the full window.
    pub bound: Bound,
    /// The root's best move. `None` for a terminal root, after a search
    /// that failed low (every move is at most `value`, and none is known
    /// to reach it), and for the MT drivers, which do not report moves. After
    /// a search that failed high, the move that reached `value` (a
    /// refutation, not necessarily the best).
    pub best: Option<usize>,
    /// The principal variation, `best` first: every move in it leads to a
    /// position of the root's minimax value. Empty when `best` is `None`;
    /// only `best` when the value is a bound. Whole (down to a terminal) for
    /// minimax, negamax, SCOUT, alpha-beta and fail-soft alpha-beta; the
    /// others stop it where a re-search of a move ended exactly on its
    /// window's edge, which proves the move's value but not its line.
    /// Moves past a child index of 65,535 (which a Dewey digit cannot
    /// hold) are left out.
    pub pv: Dewey,
    /// Terminal evaluations, re-evaluations included (what
    /// [`tree_core::Counted`] counts).
    pub leaves: u64,
    /// Interior expansions: calls of `num_children` on an interior node
    /// (what [`tree_core::Counted`] counts).
    pub interior: u64,
    /// Time from the start of the search to its end.
    pub elapsed: Duration,
    /// The MT drivers: the transposition table's entries in use at the
    /// end, the most the search held ([`TranspositionTable::len`](crate::TranspositionTable::len));
    /// `None` for the algorithms without a table.
    pub table_entries: Option<usize>,
}

/// What a search asked of the tree, as [`tree_core::Counted`] counts it:
/// see [`Algorithm::search_counted`](crate::Algorithm::search_counted).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchCounts {
    /// Terminal evaluations (calls of `value`), re-evaluations included.
    pub leaves: u64,
    /// Interior expansions (calls of `num_children` on an interior node).
    pub interior: u64,
}

//! The error type of every search in this crate.

use std::fmt;

use tree_core::{MAX_DEPTH, Stopped, Value};

/// Why a search could not run or could not finish.
///
/// No search in this crate panics on any tree or argument; everything that
/// could make it misbehave is reported here instead.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SearchError {
    /// A window `(alpha, beta)` with `alpha >= beta`: it contains no value.
    EmptyWindow {
        /// The lower end asked for.
        alpha: Value,
        /// The upper end asked for.
        beta: Value,
    },
    /// The search reached a node deeper than [`tree_core::MAX_DEPTH`] (every
    /// search here recurses once per level).
    TooDeep {
        /// The depth of the node that could not be searched.
        depth: usize,
    },
    /// A terminal's static value was one of the sentinels ±∞, which the
    /// [`Tree`](tree_core::Tree) contract forbids; searching on would give a
    /// wrong answer.
    SentinelLeaf {
        /// The value the tree returned.
        value: Value,
        /// The depth of the terminal.
        depth: usize,
    },
    /// A node with more children than a [`Dewey`](tree_core::Dewey) digit
    /// can number (65,536); only the transposition-table searches, which key
    /// their table by Dewey code, need this limit.
    TooManyChildren {
        /// How many children the node has.
        children: usize,
    },
    /// The search reached one of its [`Limits`](tree_core::Limits) (a
    /// deadline, a leaf budget, a raised stop handle) before it knew the
    /// value: why, and the leaves evaluated so far.
    Stopped(Stopped),
    /// The algorithm cannot do what the configuration asks (a window for an
    /// algorithm that takes none, limits for one that cannot stop).
    Unsupported {
        /// The algorithm's name.
        algorithm: &'static str,
        /// What it cannot do.
        feature: &'static str,
    },
    /// A transposition table given fewer bytes than one bucket (and not 0,
    /// which means no table).
    TableTooSmall {
        /// The bytes given.
        bytes: usize,
        /// The smallest non-zero size.
        minimum: usize,
    },
    /// A transposition table larger than the memory the system gives.
    TableTooLarge {
        /// The bytes asked for.
        bytes: usize,
    },
    /// A history table (one score per [`Game::move_keys`](tree_core::Game::move_keys))
    /// larger than the memory the system gives.
    HistoryTooLarge {
        /// The move keys the game declares.
        keys: usize,
    },
}

impl fmt::Display for SearchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SearchError::EmptyWindow { alpha, beta } => write!(
                f,
                "empty search window ({alpha}, {beta}): alpha must be smaller than beta"
            ),
            SearchError::TooDeep { depth } => write!(
                f,
                "the tree has a node at depth {depth}, deeper than the supported maximum of {MAX_DEPTH}"
            ),
            SearchError::SentinelLeaf { value, depth } => write!(
                f,
                "a terminal at depth {depth} has the value {value}: leaf values must lie strictly between -inf and +inf"
            ),
            SearchError::TooManyChildren { children } => write!(
                f,
                "a node has {children} children; Dewey codes number at most 65,536 children per node"
            ),
            SearchError::Stopped(stopped) => stopped.fmt(f),
            SearchError::Unsupported { algorithm, feature } => {
                write!(f, "algorithm '{algorithm}' does not take {feature}")
            }
            SearchError::TableTooSmall { bytes, minimum } => write!(
                f,
                "a transposition table of {bytes} bytes is too small: it needs at least {minimum} bytes (one bucket), or 0 for no table"
            ),
            SearchError::TableTooLarge { bytes } => write!(
                f,
                "a transposition table of {bytes} bytes cannot be allocated: the system has not that much memory to give"
            ),
            SearchError::HistoryTooLarge { keys } => write!(
                f,
                "a history table for {keys} move keys cannot be allocated: the system has not that much memory to give"
            ),
        }
    }
}

impl std::error::Error for SearchError {}

impl From<Stopped> for SearchError {
    fn from(stopped: Stopped) -> SearchError {
        SearchError::Stopped(stopped)
    }
}

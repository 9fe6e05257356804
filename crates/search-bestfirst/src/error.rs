//! The error type of the best-first searches.

use std::fmt;

use search_depthfirst::SearchError;
use tree_core::{Stopped, Tree, Value};

/// Why a best-first search could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum BestFirstError {
    /// The memory budget is below what the algorithm needs on this tree.
    BudgetTooSmall {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The budget given, in OPEN entries.
        given: usize,
        /// The least budget that works, in OPEN entries.
        minimum: usize,
    },
    /// The budget could not be computed: the tree does not report its
    /// shape ([`Tree::bounds`](tree_core::Tree::bounds)) and no shape was given.
    UnknownShape {
        /// The algorithm's name.
        algorithm: &'static str,
    },
    /// The minimum OPEN size overflows (e.g. b^⌈d/2⌉ for a huge tree).
    TooLarge {
        /// The algorithm's name.
        algorithm: &'static str,
    },
    /// The memory for the search's OPEN could not be allocated: its budget
    /// (or, without one, what the tree can use) asks more than the machine
    /// gives. A smaller budget runs, for the searches that take one.
    OutOfMemory {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The OPEN entries the search made room for.
        entries: usize,
        /// The bytes it asked for.
        bytes: usize,
    },
    /// A parameter is out of range (e.g. a stage depth of 0).
    InvalidParameter {
        /// The parameter's name.
        name: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// A tree deeper than [`tree_core::MAX_DEPTH`], or a node with more
    /// children than a Dewey digit holds.
    TreeShape {
        /// What is wrong.
        message: String,
    },
    /// A terminal returned one of the ±∞ sentinels.
    SentinelLeaf {
        /// The value returned.
        value: Value,
    },
    /// An error from a depth-first search used inside a hybrid.
    DepthFirst(SearchError),
    /// A limit (a module `Config`'s `limits`, or
    /// [`Options::limits`](crate::Options::limits)) stopped the search
    /// before it knew the value: why, with the leaves evaluated and the time
    /// taken until then.
    Stopped(Stopped),
    /// An option of [`Options`](crate::Options) that the chosen algorithm
    /// does not take (it would be ignored).
    NotTaken {
        /// The algorithm's command-line name.
        algorithm: &'static str,
        /// The option's name (the field of [`Options`](crate::Options)).
        option: &'static str,
    },
}

impl fmt::Display for BestFirstError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BestFirstError::BudgetTooSmall {
                algorithm,
                given,
                minimum,
            } => write!(
                f,
                "{algorithm} needs at least {minimum} OPEN entries on this tree; the budget is {given}"
            ),
            BestFirstError::UnknownShape { algorithm } => write!(
                f,
                "{algorithm} needs the tree's branching and depth to size its OPEN list; \
                 the tree does not report them and none were given"
            ),
            BestFirstError::TooLarge { algorithm } => {
                write!(
                    f,
                    "{algorithm}: the OPEN list this tree needs does not fit in memory"
                )
            }
            BestFirstError::OutOfMemory {
                algorithm,
                entries,
                bytes,
            } => write!(
                f,
                "{algorithm}: cannot allocate room for {entries} OPEN entries ({bytes} bytes); \
                 a smaller memory budget would run"
            ),
            BestFirstError::InvalidParameter { name, message } => {
                write!(f, "invalid {name}: {message}")
            }
            BestFirstError::TreeShape { message } => f.write_str(message),
            BestFirstError::SentinelLeaf { value } => write!(
                f,
                "a terminal returned {value}; leaf values must lie strictly between -inf and +inf"
            ),
            BestFirstError::DepthFirst(e) => write!(f, "{e}"),
            BestFirstError::Stopped(s) => write!(f, "{s}"),
            BestFirstError::NotTaken { algorithm, option } => {
                write!(f, "{algorithm} does not take the option {option}")
            }
        }
    }
}

impl std::error::Error for BestFirstError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Display shows these errors' own messages: their sources are
            // the wrapped errors' (so that a chain prints each once).
            BestFirstError::DepthFirst(e) => e.source(),
            BestFirstError::Stopped(s) => s.source(),
            _ => None,
        }
    }
}

impl From<SearchError> for BestFirstError {
    fn from(e: SearchError) -> BestFirstError {
        BestFirstError::DepthFirst(e)
    }
}

/// A terminal's value, refusing the ±∞ sentinels.
#[inline]
pub(crate) fn terminal<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
) -> Result<Value, BestFirstError> {
    let v = tree.value(node);
    if v.is_infinite() {
        return Err(BestFirstError::SentinelLeaf { value: v });
    }
    Ok(v)
}

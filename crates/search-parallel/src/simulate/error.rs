//! [`ParallelError`]: why a simulation could not run, and the check of a
//! processor tree that makes the first two kinds.

use std::fmt;

use search_bestfirst::BestFirstError;
use search_depthfirst::SearchError;

use super::processors::ProcessorTree;

/// Why a simulation could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParallelError {
    /// A processor tree with `depth > 0` and `width == 0`: masters without
    /// slaves cannot search anything.
    ZeroWidth,
    /// A processor tree with more than [`ProcessorTree::MAX_PROCESSORS`]
    /// processors.
    TooManyProcessors {
        /// The processor tree asked for.
        processors: ProcessorTree,
    },
    /// A search on one of the processors failed.
    Search(SearchError),
    /// A best-first search on one of the processors failed.
    BestFirst(BestFirstError),
    /// The processor tree is too deep for the game tree under this
    /// algorithm: pv-splitting descends `depth` plies of principal variation
    /// and then tree-splits with all `depth` levels, so it needs 2·depth
    /// plies (Campbell p. 45: "the processor tree should not be deeper than
    /// the game tree"; p. 51: "PV cannot employ a depth 3 processor tree"
    /// on 4 plies); parallel staged SSS* gives each level a 2-ply stage and
    /// its terminal slaves at least one ply, so it needs 2·depth + 1 plies
    /// ("SSS cannot use either a depth 2 or 3 system").
    ProcessorTreeTooDeep {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The processor tree asked for.
        processors: ProcessorTree,
        /// The game tree's depth.
        tree_depth: usize,
        /// The plies the algorithm needs on this processor tree.
        needed: usize,
    },
    /// The algorithm needs the tree's depth (and, for SSS*, its branching)
    /// and the tree does not report its [`Bounds`](tree_core::Bounds).
    UnknownShape {
        /// The algorithm's name.
        algorithm: &'static str,
    },
}

impl fmt::Display for ParallelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParallelError::ZeroWidth => {
                write!(f, "a processor tree of depth > 0 needs width >= 1")
            }
            ParallelError::TooManyProcessors { processors } => write!(
                f,
                "processor tree {processors} has more than {} processors",
                ProcessorTree::MAX_PROCESSORS
            ),
            ParallelError::Search(e) => write!(f, "search failed: {e}"),
            ParallelError::BestFirst(e) => write!(f, "search failed: {e}"),
            ParallelError::ProcessorTreeTooDeep {
                algorithm,
                processors,
                tree_depth,
                needed,
            } => write!(
                f,
                "{algorithm} on processor tree {processors} needs a game tree of at least \
                 {needed} plies; this one has {tree_depth}"
            ),
            ParallelError::UnknownShape { algorithm } => write!(
                f,
                "{algorithm} needs the game tree's shape, and the tree does not report it"
            ),
        }
    }
}

impl std::error::Error for ParallelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParallelError::Search(e) => Some(e),
            ParallelError::BestFirst(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BestFirstError> for ParallelError {
    fn from(e: BestFirstError) -> ParallelError {
        ParallelError::BestFirst(e)
    }
}

impl From<SearchError> for ParallelError {
    fn from(e: SearchError) -> ParallelError {
        ParallelError::Search(e)
    }
}

/// The number of processors of a valid processor tree, or the error.
pub(super) fn check_processors(processors: ProcessorTree) -> Result<usize, ParallelError> {
    if processors.depth > 0 && processors.width == 0 {
        return Err(ParallelError::ZeroWidth);
    }
    let count = processors
        .processors()
        .ok_or(ParallelError::TooManyProcessors { processors })?;
    Ok(count as usize)
}

//! [`ThreadError`]: why a multi-threaded search could not run or finish.

use std::fmt;

use search_bestfirst::BestFirstError;
use search_depthfirst::SearchError;

use super::algorithm::ThreadAlgorithm;
#[cfg(doc)]
use super::config::{StageWorker, ThreadConfig};
#[cfg(doc)]
use tree_core::Tree;

/// Largest number of threads a search may start.
pub const MAX_THREADS: usize = 1024;

/// Why a multi-threaded search could not run or finish.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ThreadError {
    /// [`ThreadConfig::threads`] is 0 (or a processor tree of depth > 0 has
    /// width 0).
    ZeroThreads,
    /// More than [`MAX_THREADS`] threads were asked for.
    TooManyThreads {
        /// The threads the configuration needs.
        requested: u64,
    },
    /// A stage depth of 0 for parallel staged SSS*.
    ZeroStageDepth,
    /// A worker (or the master) panicked, typically in the user's
    /// [`Tree`] implementation; every other thread was stopped.
    WorkerPanicked {
        /// The panic message, if it was a string.
        message: String,
    },
    /// The operating system refused to start a thread.
    Spawn {
        /// What it said.
        message: String,
    },
    /// A sequential search on one of the threads failed (a tree deeper than
    /// [`tree_core::MAX_DEPTH`], a terminal valued ±∞).
    Search(SearchError),
    /// A best-first worker search failed (e.g. a tree whose shape is unknown
    /// given to [`StageWorker::Sss`]).
    BestFirst(BestFirstError),
    /// A name [`ThreadAlgorithm::from_str`](std::str::FromStr) does not know.
    UnknownAlgorithm {
        /// The name given.
        name: String,
    },
    /// The search reached one of [`ThreadConfig::limits`] before it knew
    /// the value: why, the leaves all threads had evaluated by then, and
    /// the time from the start.
    Stopped(tree_core::Stopped),
    /// A configuration the search cannot honour: a leaf budget with
    /// [`StageWorker::Sss`] workers, whose SSS* jobs cannot be stopped.
    Unsupported {
        /// What cannot be done.
        message: &'static str,
    },
}

impl fmt::Display for ThreadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThreadError::ZeroThreads => f.write_str("a parallel search needs at least one thread"),
            ThreadError::TooManyThreads { requested } => write!(
                f,
                "the configuration needs {requested} threads (one per processor, the \
                 masters of a processor tree included), more than the maximum of {MAX_THREADS}"
            ),
            ThreadError::ZeroStageDepth => {
                f.write_str("parallel staged SSS* needs a stage depth of at least 1")
            }
            ThreadError::WorkerPanicked { message } => {
                write!(f, "a search thread panicked: {message}")
            }
            ThreadError::Spawn { message } => write!(f, "could not start a thread: {message}"),
            ThreadError::Search(e) => write!(f, "search failed: {e}"),
            ThreadError::BestFirst(e) => write!(f, "worker search failed: {e}"),
            ThreadError::Stopped(stopped) => stopped.fmt(f),
            ThreadError::Unsupported { message } => f.write_str(message),
            ThreadError::UnknownAlgorithm { name } => {
                let names: Vec<&str> = ThreadAlgorithm::ALL.iter().map(|a| a.name()).collect();
                write!(
                    f,
                    "unknown parallel algorithm {name:?}; expected one of {}",
                    names.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for ThreadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ThreadError::Search(e) => Some(e),
            ThreadError::BestFirst(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SearchError> for ThreadError {
    fn from(e: SearchError) -> ThreadError {
        match e {
            SearchError::Stopped(stopped) => ThreadError::Stopped(stopped),
            e => ThreadError::Search(e),
        }
    }
}

impl From<BestFirstError> for ThreadError {
    fn from(e: BestFirstError) -> ThreadError {
        ThreadError::BestFirst(e)
    }
}

// Parsing a name (to the letter) is where `ThreadError::UnknownAlgorithm`
// comes from, so the parser lives beside the error (whose message lists the
// names).
tree_core::from_str_by_name!(exact ThreadAlgorithm, ThreadError, |s| ThreadError::UnknownAlgorithm {
    name: s.into()
});

/// Checks a thread count against [`MAX_THREADS`].
pub(crate) fn check_threads(requested: u64) -> Result<(), ThreadError> {
    if requested > MAX_THREADS as u64 {
        Err(ThreadError::TooManyThreads { requested })
    } else {
        Ok(())
    }
}

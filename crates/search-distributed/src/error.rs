//! [`DistError`]: why a distributed search could not run or finish.

use std::fmt;
use std::time::Duration;

use search_depthfirst::SearchError;
use search_parallel::ProcessorTree;

use crate::config::DistAlgorithm;

/// Why a distributed search could not run or finish.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum DistError {
    /// A processor tree of depth > 0 and width 0.
    ZeroWidth,
    /// A processor tree of more than `ProcessorTree::MAX_PROCESSORS`
    /// processors.
    TooManyProcessors {
        /// The processor tree asked for.
        processors: ProcessorTree,
    },
    /// The job has a different number of ranks than the processor tree has
    /// processors (one rank per processor).
    WrongRankCount {
        /// Ranks in the job.
        ranks: usize,
        /// The processor tree asked for.
        processors: ProcessorTree,
        /// Its processors, 1 + W + … + W^D.
        needed: u64,
    },
    /// A configuration value that cannot work (a zero poll interval, a
    /// timeout not longer than the heartbeat).
    BadConfig {
        /// What is wrong.
        message: String,
    },
    /// A name [`DistAlgorithm::from_str`](std::str::FromStr) does not know.
    UnknownAlgorithm {
        /// The name given.
        name: String,
    },
    /// The search on this rank failed (a terminal valued ±∞, a tree deeper
    /// than `tree_core::MAX_DEPTH`, a node with more than 65,536 children).
    Search(SearchError),
    /// Another rank's search failed; rank 0 reports it.
    Remote {
        /// The rank that failed.
        rank: usize,
        /// Its error.
        message: String,
        /// A rank that stopped answering, if that was the failure (then the
        /// job cannot end normally: see [`DistError::needs_abort`]).
        silent: Option<usize>,
    },
    /// A rank sent nothing for longer than the timeout when it had to: it
    /// has died, hangs, or is unreachable.
    Silent {
        /// The rank.
        rank: usize,
        /// How long it was waited for.
        waited: Duration,
        /// What it should have been doing.
        during: &'static str,
    },
    /// A rank could not take part: its tree could not be built.
    Refused {
        /// The rank.
        rank: usize,
        /// Why.
        reason: String,
    },
    /// A rank was started with different inputs (algorithm, processor tree,
    /// window, options or tree shape) than rank 0.
    Mismatch {
        /// The rank.
        rank: usize,
    },
    /// A job named a node this rank's tree does not have: the ranks do not
    /// search the same tree.
    BadPath {
        /// The node's Dewey code, 1-based.
        path: String,
    },
    /// A message that is not part of the protocol, or out of place.
    Protocol {
        /// What was wrong.
        message: String,
    },
    /// The transport failed.
    Transport {
        /// What it said.
        message: String,
    },
    /// Rank 0 abandoned the search because of an error it reports (on
    /// ranks other than 0).
    Aborted,
}

impl DistError {
    /// Whether some rank can no longer finish normally (it stopped
    /// answering), so the job must be ended with
    /// [`Transport::abort`](crate::Transport::abort) once the error is
    /// reported; finishing normally (`MPI_Finalize`) would wait for it
    /// forever.
    pub fn needs_abort(&self) -> bool {
        self.silent_rank().is_some()
    }

    /// The rank that stopped answering, if that is the error.
    pub fn silent_rank(&self) -> Option<usize> {
        match self {
            DistError::Silent { rank, .. } => Some(*rank),
            DistError::Remote { silent, .. } => *silent,
            _ => None,
        }
    }
}

impl fmt::Display for DistError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DistError::ZeroWidth => f.write_str("a processor tree of depth > 0 needs width >= 1"),
            DistError::TooManyProcessors { processors } => write!(
                f,
                "processor tree {processors} has more than {} processors",
                ProcessorTree::MAX_PROCESSORS
            ),
            DistError::WrongRankCount {
                ranks,
                processors,
                needed,
            } => write!(
                f,
                "the processor tree {processors} has {needed} processors, one per MPI rank, but \
                 the job has {ranks} rank{}: start it with `mpirun -np {needed}`",
                if *ranks == 1 { "" } else { "s" }
            ),
            DistError::BadConfig { message } => write!(f, "bad configuration: {message}"),
            DistError::UnknownAlgorithm { name } => {
                let names: Vec<&str> = DistAlgorithm::ALL.iter().map(|a| a.name()).collect();
                write!(
                    f,
                    "unknown distributed algorithm {name:?}; expected one of {}",
                    names.join(", ")
                )
            }
            DistError::Search(e) => write!(f, "search failed: {e}"),
            DistError::Remote { rank, message, .. } => write!(f, "rank {rank}: {message}"),
            DistError::Silent {
                rank,
                waited,
                during,
            } => write!(
                f,
                "rank {rank} sent nothing for {:.1} s while {during}: it has died, hangs or is \
                 unreachable",
                waited.as_secs_f64()
            ),
            DistError::Refused { rank, reason } => {
                write!(f, "rank {rank} cannot take part: {reason}")
            }
            DistError::Mismatch { rank } => write!(
                f,
                "rank {rank} was started with other inputs than rank 0 (algorithm, processor \
                 tree, window, options or tree shape differ): every rank must run the same \
                 command on the same tree"
            ),
            DistError::BadPath { path } => write!(
                f,
                "a job names node {path}, which this rank's tree does not have: the ranks do \
                 not search the same tree"
            ),
            DistError::Protocol { message } => write!(f, "protocol error: {message}"),
            DistError::Transport { message } => write!(f, "message passing failed: {message}"),
            DistError::Aborted => f.write_str("rank 0 abandoned the search (it reports why)"),
        }
    }
}

impl std::error::Error for DistError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Display shows the search's message: its source is the next.
            DistError::Search(e) => e.source(),
            _ => None,
        }
    }
}

impl From<SearchError> for DistError {
    fn from(e: SearchError) -> DistError {
        DistError::Search(e)
    }
}

// Parsing a name (to the letter) is where `DistError::UnknownAlgorithm`
// comes from, so the parser lives beside the error (whose message lists the
// names).
tree_core::from_str_by_name!(exact DistAlgorithm, DistError, |s| DistError::UnknownAlgorithm {
    name: s.into()
});

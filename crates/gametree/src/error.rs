//! [`Error`]: why a search could not run, over every engine crate's errors.

use std::fmt;

use search_bestfirst::BestFirstError;
use search_depthfirst::SearchError;
use search_parallel::threads::ThreadError;

#[cfg(feature = "mpi")]
use search_distributed::DistError;

use crate::algorithm::{names, takers};
use crate::{Algorithm, Setting};

/// Why a search could not run.
///
/// The engines' errors are wrapped as they are (`source()` returns the
/// engine's own source, and the message is the engine's), so that a chain
/// printed link by link says each thing once. A search stopped by a limit
/// is not an error: it returns a [`Report`](crate::Report) with
/// [`stopped`](crate::Report::stopped) set.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// A name that is no [`Algorithm`]'s.
    UnknownAlgorithm {
        /// The name given.
        name: String,
    },
    /// The configuration sets an option the algorithm does not take.
    NotTaken {
        /// The algorithm.
        algorithm: Algorithm,
        /// The option it does not take.
        setting: Setting,
    },
    /// An option's value is out of range.
    InvalidSetting {
        /// The option.
        setting: Setting,
        /// What is wrong with it.
        message: String,
    },
    /// An error of a depth-first search or an enhanced engine.
    DepthFirst(SearchError),
    /// An error of a best-first search (a budget below the minimum, which
    /// it states; a shape it needs and cannot know).
    BestFirst(BestFirstError),
    /// An error of a multi-threaded search (a worker that panicked).
    Threads(ThreadError),
    /// An error of a search on MPI ranks (feature `mpi`): a processor tree
    /// that is not the job's ranks, a rank that failed, refused or stopped
    /// answering (then see [`Error::needs_abort`]), the transport's.
    #[cfg(feature = "mpi")]
    Distributed(DistError),
}

#[cfg(feature = "mpi")]
impl Error {
    /// Whether the job of a search on MPI ranks must be ended with
    /// [`mpi::abort`](crate::mpi::abort) once the error is reported
    /// (feature `mpi`): a rank stopped answering, and ending normally would
    /// wait for it forever. Never for an error of a search in one process.
    pub fn needs_abort(&self) -> bool {
        matches!(self, Error::Distributed(e) if e.needs_abort())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownAlgorithm { name } => write!(
                f,
                "unknown algorithm '{name}' (known: {})",
                names(Algorithm::ALL.iter().copied())
            ),
            Error::NotTaken { algorithm, setting } => write!(
                f,
                "algorithm '{algorithm}' does not take {} (`{setting}`); the algorithms that do: {}",
                setting.description(),
                takers(*setting)
            ),
            Error::InvalidSetting { setting, message } => write!(f, "`{setting}` {message}"),
            Error::DepthFirst(e) => e.fmt(f),
            Error::BestFirst(e) => e.fmt(f),
            Error::Threads(e) => e.fmt(f),
            #[cfg(feature = "mpi")]
            Error::Distributed(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::DepthFirst(e) => e.source(),
            Error::BestFirst(e) => e.source(),
            Error::Threads(e) => e.source(),
            #[cfg(feature = "mpi")]
            Error::Distributed(e) => e.source(),
            _ => None,
        }
    }
}

// An algorithm from its command-line name: here, beside the error it
// gives (`Error::UnknownAlgorithm`).
tree_core::from_str_by_name!(Algorithm, Error, |s| Error::UnknownAlgorithm {
    name: s.to_owned()
});

/// `From` each engine's error, as its variant.
macro_rules! from_engines {
    ($($(#[$attr:meta])* $error:ty => $variant:ident,)+) => {
        $(
            $(#[$attr])*
            impl From<$error> for Error {
                fn from(e: $error) -> Error {
                    Error::$variant(e)
                }
            }
        )+
    };
}

from_engines! {
    SearchError => DepthFirst,
    BestFirstError => BestFirst,
    ThreadError => Threads,
    #[cfg(feature = "mpi")]
    DistError => Distributed,
}

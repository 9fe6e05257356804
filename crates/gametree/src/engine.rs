//! [`Engine`]: the engine crates' own enums, one of which runs each
//! [`Algorithm`](crate::Algorithm), with the names and descriptions the
//! engines give them.

use search_bestfirst::Algorithm as BestFirst;
use search_depthfirst::{Algorithm as DepthFirst, EnhancedAlgorithm};
use search_parallel::threads::ThreadAlgorithm;

#[cfg(feature = "mpi")]
use search_distributed::DistAlgorithm;

/// Which engine runs an [`Algorithm`](crate::Algorithm): the engine
/// crates' own enums.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    Depth(DepthFirst),
    Enhanced(EnhancedAlgorithm),
    Best(BestFirst),
    Thread(ThreadAlgorithm),
    #[cfg(feature = "mpi")]
    Dist(DistAlgorithm),
}

impl Engine {
    /// Whether it runs on MPI ranks (never without the feature `mpi`).
    pub(crate) const fn distributed(self) -> bool {
        #[cfg(feature = "mpi")]
        if let Engine::Dist(_) = self {
            return true;
        }
        false
    }

    /// The command-line name: the engine's own, but for the searches on
    /// MPI ranks, which the front door names `mpi-…` (their engine's names
    /// are those of the threaded searches).
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Engine::Depth(a) => a.name(),
            Engine::Enhanced(a) => a.name(),
            Engine::Best(a) => a.name(),
            Engine::Thread(a) => a.name(),
            #[cfg(feature = "mpi")]
            Engine::Dist(DistAlgorithm::TreeSplit) => "mpi-treesplit",
            #[cfg(feature = "mpi")]
            Engine::Dist(DistAlgorithm::PvSplit) => "mpi-pvsplit",
        }
    }

    /// One line: what it is and where it comes from.
    pub(crate) const fn description(self) -> &'static str {
        match self {
            Engine::Depth(a) => a.description(),
            Engine::Enhanced(a) => a.description(),
            Engine::Best(a) => a.description(),
            Engine::Thread(a) => a.description(),
            #[cfg(feature = "mpi")]
            Engine::Dist(DistAlgorithm::TreeSplit) => {
                "tree-splitting on MPI ranks, one per processor (Campbell 1981, Figs. 10-11)"
            }
            #[cfg(feature = "mpi")]
            Engine::Dist(DistAlgorithm::PvSplit) => {
                "pv-splitting on MPI ranks, one per processor (Campbell 1981, Fig. 12, type-2 rule p. 47)"
            }
        }
    }
}

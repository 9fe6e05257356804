//! [`ThreadAlgorithm`]: the multi-threaded searches by their command-line
//! names.

/// The multi-threaded searches of this module, by their command-line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThreadAlgorithm {
    /// `treesplit`: Campbell's tree-splitting (Fig. 10) with dynamic window
    /// updates (Fig. 11); see [`treesplit`](super::treesplit).
    TreeSplit,
    /// `pvsplit`: principal-variation splitting (Fig. 12), with the type-2
    /// optimisation of p. 47 unless [`ThreadConfig::type2`](super::ThreadConfig::type2) is off; see
    /// [`treesplit`](super::treesplit).
    PvSplit,
    /// `parallel-staged-sss`: staged SSS* whose master hands horizon nodes
    /// to worker threads (p. 49); see [`staged`](super::staged).
    ParallelStagedSss,
    /// `ybwc`: Young Brothers Wait (Feldmann et al.), the modern baseline;
    /// see [`ybwc`](super::ybwc).
    Ybwc,
}

impl ThreadAlgorithm {
    /// Every algorithm, in the order above.
    pub const ALL: [ThreadAlgorithm; 4] = [
        ThreadAlgorithm::TreeSplit,
        ThreadAlgorithm::PvSplit,
        ThreadAlgorithm::ParallelStagedSss,
        ThreadAlgorithm::Ybwc,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            ThreadAlgorithm::TreeSplit => "treesplit",
            ThreadAlgorithm::PvSplit => "pvsplit",
            ThreadAlgorithm::ParallelStagedSss => "parallel-staged-sss",
            ThreadAlgorithm::Ybwc => "ybwc",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            ThreadAlgorithm::TreeSplit => {
                "tree-splitting on K threads: a master hands successors to K slaves, dynamic window updates (Campbell 1981, Figs. 10-11)"
            }
            ThreadAlgorithm::PvSplit => {
                "pv-splitting on threads: leftmost path first, its siblings split among slaves, type-2 rule (Campbell 1981, Fig. 12, p. 47)"
            }
            ThreadAlgorithm::ParallelStagedSss => {
                "staged SSS* whose master hands horizon nodes to K alpha-beta workers (Campbell 1981, p. 49)"
            }
            ThreadAlgorithm::Ybwc => {
                "Young Brothers Wait: eldest brother first, the others in parallel on K threads (Feldmann et al. 1989)"
            }
        }
    }
}

tree_core::display_by_name!(ThreadAlgorithm);

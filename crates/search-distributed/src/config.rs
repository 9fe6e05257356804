//! What a distributed search is asked to do: [`DistAlgorithm`],
//! [`DistConfig`], [`PvReading`].

use std::time::Duration;

use search_depthfirst::Window;
use search_parallel::ProcessorTree;

/// The distributed searches, by their command-line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DistAlgorithm {
    /// `treesplit`: tree-splitting (Campbell 1981, Fig. 10) with the dynamic
    /// window update of Fig. 11 unless [`DistConfig::update`] is off.
    TreeSplit,
    /// `pvsplit`: pv-splitting (Fig. 12) with the type-2 rule of p. 47
    /// unless [`DistConfig::type2`] is off; [`DistConfig::pv`] says how
    /// far down the principal variation the root processor goes.
    PvSplit,
}

impl DistAlgorithm {
    /// Both algorithms.
    pub const ALL: [DistAlgorithm; 2] = [DistAlgorithm::TreeSplit, DistAlgorithm::PvSplit];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            DistAlgorithm::TreeSplit => "treesplit",
            DistAlgorithm::PvSplit => "pvsplit",
        }
    }
}

tree_core::display_by_name!(DistAlgorithm);

/// How far down the principal variation pv-splitting's root processor goes
/// before it tree-splits (Fig. 12's MAXDEPTH), and whether the node it
/// tree-splits there is typed. The thesis leaves both open; the workspace
/// has one reading in the threads and another in the simulator, and this
/// crate runs either.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PvReading {
    /// Fig. 12 as `search_parallel::threads` runs it (p. 45: "the
    /// processor tree should not be deeper than the game tree"): MAXDEPTH
    /// = (length of the leftmost path) − D, and the pv node there is a
    /// type-1 node, so its other successors are type-2 nodes to which the
    /// type-2 rule applies.
    #[default]
    Fig12,
    /// As Campbell simulated it (p. 52: "the simulations only carried out
    /// pvsplit at the root processor of the tree. Depth 1 processors ran
    /// regular tree-splitting") and as `search_parallel::simulate` runs
    /// `PvSplit`/`PvSplitType2`: MAXDEPTH = 1, the first root successor is
    /// tree-split untyped by the whole processor tree, the others are
    /// type-2 nodes for the slaves.
    Simulated,
}

/// How a distributed search runs. Every rank must be given the same
/// algorithm, processor tree, window, `update`, `type2`, `pv` and
/// `evaltime` (rank 0 checks a fingerprint of them); the timing fields may
/// differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistConfig {
    /// The processor tree (D, W): 1 + W + … + W^D ranks, rank r being
    /// processor r in preorder (rank 0 the root master).
    pub processors: ProcessorTree,
    /// The root window; the value is the root's clamped into it.
    pub window: Window,
    /// Fig. 11's dynamic window update: a master whose window narrows
    /// sends UPDATE to its running slaves (default on). Off, running
    /// slaves keep the window they were given, as in Campbell's
    /// simulations.
    pub update: bool,
    /// Pv-splitting's type-2 rule (p. 47), default on.
    pub type2: bool,
    /// How pv-splitting's root processor reads Fig. 12.
    pub pv: PvReading,
    /// A leaf processor's alpha-beta reads its messages (UPDATE,
    /// TERMINATE) every `poll` child visits (default 64): the latency of
    /// an update or a cutoff, in nodes.
    pub poll: u32,
    /// A busy slave tells its master it is alive at least this often
    /// (default 0.5 s).
    pub heartbeat: Duration,
    /// A master that hears nothing from a busy slave for this long (and
    /// rank 0, at start-up and at the end, from any rank) reports the rank
    /// as dead (default 10 s). Must exceed `heartbeat`, and the longest
    /// time one call of a `Tree` method takes.
    pub timeout: Duration,
    /// The longest a waiting rank sleeps between two looks at its messages
    /// (default 100 µs); zero spins (yielding), for one rank per core.
    pub idle_sleep: Duration,
    /// EVALTIME emulation, for comparing with Campbell's model (EVALTIME
    /// = 1 per terminal, messages and move generation free) and the
    /// simulator: the ranks keep a virtual clock, virtual time t being
    /// wall-clock time t × `evaltime` after rank 0 started the search; a
    /// job handed out at virtual time t makes its i-th evaluation at t + i
    /// (the rank sleeps until then, reading its messages), and a master
    /// consumes its slaves' answers in virtual-time order, ties to the
    /// lowest slave, after a grace period that lets every answer of the
    /// same instant arrive. As long as messages take less than the grace
    /// (a fraction of `evaltime`), the run makes the simulator's decisions;
    /// a rank that falls off the clock counts it in
    /// [`RankStats::late`](crate::RankStats::late). One host's clock: all
    /// ranks on one machine. `None` (default): evaluations take what they
    /// take and answers are consumed as they come.
    pub evaltime: Option<Duration>,
}

impl DistConfig {
    /// The processor tree `processors`, the full window, defaults
    /// elsewhere.
    pub const fn new(processors: ProcessorTree) -> DistConfig {
        DistConfig {
            processors,
            window: Window::FULL,
            update: true,
            type2: true,
            pv: PvReading::Fig12,
            poll: 64,
            heartbeat: Duration::from_millis(500),
            timeout: Duration::from_secs(10),
            idle_sleep: Duration::from_micros(100),
            evaltime: None,
        }
    }
}

//! [`Setting`]: the name of each option of a [`Config`](crate::Config),
//! to check them against the algorithm ([`Algorithm::takes`](crate::Algorithm::takes)).

/// One option of a [`Config`](crate::Config), named for error messages
/// and for [`Algorithm::takes`](crate::Algorithm::takes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Setting {
    /// [`Config::memory`](crate::Config::memory).
    Memory,
    /// [`Config::table_bytes`](crate::Config::table_bytes).
    TableBytes,
    /// [`Config::threads`](crate::Config::threads).
    Threads,
    /// [`Config::time_limit`](crate::Config::time_limit).
    TimeLimit,
    /// [`Config::max_leaves`](crate::Config::max_leaves).
    MaxLeaves,
    /// [`Config::cancel`](crate::Config::cancel).
    Cancel,
    /// [`Config::window`](crate::Config::window).
    Window,
    /// [`Config::tie_rule`](crate::Config::tie_rule).
    TieRule,
    /// [`Config::stage`](crate::Config::stage).
    Stage,
    /// [`Config::upper`](crate::Config::upper).
    Upper,
    /// [`Config::searchd`](crate::Config::searchd).
    Searchd,
    /// [`Config::mgame_tie`](crate::Config::mgame_tie).
    MgameTie,
    /// [`Config::alpha_floor`](crate::Config::alpha_floor).
    AlphaFloor,
    /// [`Config::odd_depth_leaf_search`](crate::Config::odd_depth_leaf_search).
    OddDepthLeafSearch,
    /// [`Config::shape`](crate::Config::shape).
    Shape,
    /// [`Config::processors`](crate::Config::processors).
    Processors,
    /// [`Config::type2`](crate::Config::type2).
    Type2,
    /// [`Config::stage_worker`](crate::Config::stage_worker).
    StageWorker,
    /// [`Config::split_plies`](crate::Config::split_plies).
    SplitPlies,
    /// [`Config::parallel`](crate::Config::parallel).
    Parallel,
    /// [`Config::trace`](crate::Config::trace).
    Trace,
    /// [`Config::enhancements`](crate::Config::enhancements).
    Enhancements,
    /// [`Config::pv`](crate::Config::pv).
    Pv,
    /// [`Config::rank_timeout`](crate::Config::rank_timeout) (feature `mpi`).
    #[cfg(feature = "mpi")]
    RankTimeout,
}

impl Setting {
    /// Every setting, in the order above.
    pub const ALL: &'static [Setting] = &[
        Setting::Memory,
        Setting::TableBytes,
        Setting::Threads,
        Setting::TimeLimit,
        Setting::MaxLeaves,
        Setting::Cancel,
        Setting::Window,
        Setting::TieRule,
        Setting::Stage,
        Setting::Upper,
        Setting::Searchd,
        Setting::MgameTie,
        Setting::AlphaFloor,
        Setting::OddDepthLeafSearch,
        Setting::Shape,
        Setting::Processors,
        Setting::Type2,
        Setting::StageWorker,
        Setting::SplitPlies,
        Setting::Parallel,
        Setting::Trace,
        Setting::Enhancements,
        Setting::Pv,
        #[cfg(feature = "mpi")]
        Setting::RankTimeout,
    ];

    /// The builder method's name (`memory`, `table_bytes`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Setting::Memory => "memory",
            Setting::TableBytes => "table_bytes",
            Setting::Threads => "threads",
            Setting::TimeLimit => "time_limit",
            Setting::MaxLeaves => "max_leaves",
            Setting::Cancel => "cancel",
            Setting::Window => "window",
            Setting::TieRule => "tie_rule",
            Setting::Stage => "stage",
            Setting::Upper => "upper",
            Setting::Searchd => "searchd",
            Setting::MgameTie => "mgame_tie",
            Setting::AlphaFloor => "alpha_floor",
            Setting::OddDepthLeafSearch => "odd_depth_leaf_search",
            Setting::Shape => "shape",
            Setting::Processors => "processors",
            Setting::Type2 => "type2",
            Setting::StageWorker => "stage_worker",
            Setting::SplitPlies => "split_plies",
            Setting::Parallel => "parallel",
            Setting::Trace => "trace",
            Setting::Enhancements => "enhancements",
            Setting::Pv => "pv",
            #[cfg(feature = "mpi")]
            Setting::RankTimeout => "rank_timeout",
        }
    }

    /// What it sets, in a few words.
    pub const fn description(self) -> &'static str {
        match self {
            Setting::Memory => "a memory budget in OPEN entries",
            Setting::TableBytes => "a transposition table size in bytes",
            Setting::Threads => "a thread count",
            Setting::TimeLimit => "a time limit",
            Setting::MaxLeaves => "a leaf budget",
            Setting::Cancel => "a stop handle",
            Setting::Window => "a search window",
            Setting::TieRule => "the tie rule of its SSS*",
            Setting::Stage => "a stage depth",
            Setting::Upper => "an aspiration upper bound",
            Setting::Searchd => "a slab height",
            Setting::MgameTie => "MGame's tie rule",
            Setting::AlphaFloor => "the alpha floor of QG1-3",
            Setting::OddDepthLeafSearch => "the odd-depth leaf search",
            Setting::Shape => "a tree shape to size OPEN from",
            Setting::Processors => "a processor tree",
            Setting::Type2 => "the type-2 rule",
            Setting::StageWorker => "a worker search",
            Setting::SplitPlies => "a split region",
            Setting::Parallel => "a parallel method",
            Setting::Trace => "an evaluation-order trace",
            Setting::Enhancements => "engine enhancements",
            Setting::Pv => "a switch for its principal variation",
            #[cfg(feature = "mpi")]
            Setting::RankTimeout => "a timeout for a silent MPI rank",
        }
    }
}

tree_core::display_by_name!(Setting);

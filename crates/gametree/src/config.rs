//! [`Config`]: how a search runs.

use std::time::{Duration, Instant};

use search_bestfirst::Variant;
use search_bestfirst::mgame::Tie as MgTie;
use search_depthfirst::{EnhancedConfig, Window};
use search_parallel::ProcessorTree;
use search_parallel::threads::{GameParallel, StageWorker};
use tree_core::{Bounds, Limits, StopHandle, Value};

use crate::{Algorithm, Error, Setting};

/// How a search runs: its budget, limits, threads, window and the
/// switches of the algorithms that have them.
///
/// Every option starts unset, which gives each algorithm what it needs on
/// the tree at hand: a best-first search its smallest budget (MemSSS\* and
/// MemDual\* their largest, where they are RecSSS\* and RecDual\*), an MT
/// driver a table sized from the tree's shape, a multi-threaded search the
/// machine's cores, an enhanced engine one thread and a 16 MiB table (for
/// a [`Game`](tree_core::Game); for a [`Tree`](tree_core::Tree), sized from
/// its shape), no limit, the full window. An option the chosen algorithm
/// does not take is an error naming both ([`Error::NotTaken`]); see
/// [`Algorithm::takes`].
///
/// ```
/// use std::time::Duration;
/// use gametree::{Algorithm, Config, Error, Setting};
/// let config = Config::default().memory(40).time_limit(Duration::from_secs(1));
/// assert_eq!(config.get_memory(), Some(40));
/// assert!(config.check(Algorithm::MemSss).is_ok());
/// match config.check(Algorithm::AlphaBeta) {
///     Err(Error::NotTaken { algorithm, setting }) => {
///         assert_eq!((algorithm, setting), (Algorithm::AlphaBeta, Setting::Memory))
///     }
///     other => panic!("{other:?}"),
/// }
/// ```
#[derive(Debug, Clone, Default)]
pub struct Config {
    memory: Option<usize>,
    table_bytes: Option<usize>,
    threads: Option<usize>,
    time_limit: Option<Duration>,
    max_leaves: Option<u64>,
    cancel: Option<StopHandle>,
    window: Option<Window>,
    tie_rule: Option<Variant>,
    stage: Option<usize>,
    upper: Option<Value>,
    searchd: Option<usize>,
    mgame_tie: Option<MgTie>,
    alpha_floor: Option<bool>,
    odd_depth_leaf_search: Option<bool>,
    shape: Option<Bounds>,
    processors: Option<ProcessorTree>,
    type2: Option<bool>,
    stage_worker: Option<StageWorker>,
    split_plies: Option<usize>,
    parallel: Option<GameParallel>,
    trace: bool,
    enhancements: Option<EnhancedConfig>,
    pv: Option<bool>,
    #[cfg(feature = "mpi")]
    rank_timeout: Option<Duration>,
}

/// Builders `$name(self, $arg) -> Config`, each setting the option of its
/// name to `Some($arg)`.
macro_rules! builders {
    ($($(#[$attr:meta])* $name:ident($arg:ident: $t:ty);)+) => {
        $(
            $(#[$attr])*
            #[must_use]
            pub fn $name(mut self, $arg: $t) -> Config {
                self.$name = Some($arg);
                self
            }
        )+
    };
}

impl Config {
    /// Every option unset: see [`Config`].
    pub fn new() -> Config {
        Config::default()
    }

    builders! {
        /// The memory budget M of a best-first search, in OPEN entries (the
        /// papers' unit). Below the algorithm's minimum on the tree it is an
        /// error that states the minimum ([`crate::minimum_memory`]).
        memory(entries: usize);
        /// The transposition table of an MT driver or an enhanced engine, in
        /// bytes.
        table_bytes(bytes: usize);
        /// The threads of a multi-threaded search, or of an enhanced engine
        /// searching over one shared table (at least 1).
        threads(threads: usize);
        /// Stop the search this long after it starts. A search that stops
        /// returns a [`Report`](crate::Report) with
        /// [`stopped`](crate::Report::stopped) set.
        time_limit(limit: Duration);
        /// Stop before the (n + 1)-th leaf evaluation (all threads together).
        max_leaves(leaves: u64);
        /// Stop when `flag` is raised (from another thread:
        /// [`StopHandle::stop`]).
        cancel(flag: StopHandle);
        /// The root window of alpha-beta, fail-soft alpha-beta, Fig. 6's
        /// alpha-beta, the multi-threaded searches and those on MPI ranks: the
        /// report's value is then a bound where it falls outside
        /// ([`Report::bound`](crate::Report::bound)).
        window(window: Window);
        /// The tie rule of the SSS\* inside aspiration SSS\*, Dual\*, staged
        /// SSS\* and the hybrids (default: Campbell's left-biased rule).
        tie_rule(rule: Variant);
        /// The stage depth of staged SSS\* and parallel staged SSS\* (at least
        /// 1; default 2, Campbell's).
        stage(plies: usize);
        /// The upper bound of aspiration SSS\* (default +∞).
        upper(bound: Value);
        /// MGame's slab height (even, at least 2; default 2: QuickGame).
        searchd(plies: usize);
        /// MGame's tie rule.
        mgame_tie(tie: MgTie);
        /// QG1–3: floor the lower bound passed down at the node's own alpha
        /// (not in the paper's pseudo-code; default off).
        alpha_floor(on: bool);
        /// RecSSS\*, RecDual\*, MemSSS\*, MemDual\*: search the lowest chooser
        /// level's terminal sons in place (default: off for RecSSS\* and
        /// RecDual\*, on for MemSSS\* and MemDual\*).
        odd_depth_leaf_search(on: bool);
        /// The shape a best-first search sizes its OPEN from, for a tree (or
        /// a game, [`Game::max_moves`](tree_core::Game::max_moves)) that does
        /// not report one.
        shape(bounds: Bounds);
        /// An explicit processor tree for tree-splitting and pv-splitting,
        /// instead of [`threads`](Config::threads) (which is the tree 1, K);
        /// on MPI ranks (feature `mpi`), one rank per processor (default: one
        /// master over the other ranks).
        processors(processors: ProcessorTree);
        /// Pv-splitting's type-2 rule (default on).
        type2(on: bool);
        /// The workers' search of parallel staged SSS\* (default alpha-beta).
        stage_worker(worker: StageWorker);
        /// The split region of tree-splitting, pv-splitting and YBWC on (1, K)
        /// (see `search_parallel::threads::ThreadConfig::split_plies`).
        split_plies(plies: usize);
        /// How an enhanced engine's threads share the work: YBWC (default) or
        /// Lazy SMP.
        parallel(method: GameParallel);
        /// An enhanced engine's switches: history, iterative deepening, table
        /// move, aspiration, first guess, hints, exact solving, endgame solver,
        /// ordering searches (its `table_bytes` is replaced by
        /// [`table_bytes`](Config::table_bytes) when that is set).
        enhancements(enhancements: EnhancedConfig);
        /// Whether a depth-first search (minimax, the alpha-beta family,
        /// SCOUT, aspiration) keeps its principal variation (default on). Off,
        /// it reports the best move alone, and runs at the plain recursion's
        /// cost: keeping the line writes a row of a table at every improvement
        /// inside the window, 5–16% of alpha-beta's time on the synthetic
        /// trees (twice minimax's). The MT drivers never keep one.
        pv(on: bool);
        /// How long a search on MPI ranks waits for a rank that has to answer
        /// before it reports the rank dead (default 10 s; feature `mpi`): see
        /// [`crate::mpi`]. It must exceed the longest call of a
        /// [`Tree`](tree_core::Tree) method.
        #[cfg(feature = "mpi")]
        rank_timeout(timeout: Duration);
    }

    /// Record the leaves in evaluation order
    /// ([`Report::trace`](crate::Report::trace)); not for the
    /// multi-threaded searches (their order depends on the scheduling) or
    /// the enhanced engines.
    #[must_use]
    pub fn trace(mut self, on: bool) -> Config {
        self.trace = on;
        self
    }

    /// The memory budget, if set.
    pub fn get_memory(&self) -> Option<usize> {
        self.memory
    }

    /// The table size, if set.
    pub fn get_table_bytes(&self) -> Option<usize> {
        self.table_bytes
    }

    /// The thread count, if set.
    pub fn get_threads(&self) -> Option<usize> {
        self.threads
    }

    /// The time limit, if set.
    pub fn get_time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The leaf budget, if set.
    pub fn get_max_leaves(&self) -> Option<u64> {
        self.max_leaves
    }

    /// The window, if set.
    pub fn get_window(&self) -> Option<Window> {
        self.window
    }

    /// Whether the evaluation order is traced.
    pub fn get_trace(&self) -> bool {
        self.trace
    }

    /// The settings that are set.
    pub fn settings(&self) -> Vec<Setting> {
        let set = [
            (Setting::Memory, self.memory.is_some()),
            (Setting::TableBytes, self.table_bytes.is_some()),
            (Setting::Threads, self.threads.is_some()),
            (Setting::TimeLimit, self.time_limit.is_some()),
            (Setting::MaxLeaves, self.max_leaves.is_some()),
            (Setting::Cancel, self.cancel.is_some()),
            (Setting::Window, self.window.is_some()),
            (Setting::TieRule, self.tie_rule.is_some()),
            (Setting::Stage, self.stage.is_some()),
            (Setting::Upper, self.upper.is_some()),
            (Setting::Searchd, self.searchd.is_some()),
            (Setting::MgameTie, self.mgame_tie.is_some()),
            (Setting::AlphaFloor, self.alpha_floor.is_some()),
            (
                Setting::OddDepthLeafSearch,
                self.odd_depth_leaf_search.is_some(),
            ),
            (Setting::Shape, self.shape.is_some()),
            (Setting::Processors, self.processors.is_some()),
            (Setting::Type2, self.type2.is_some()),
            (Setting::StageWorker, self.stage_worker.is_some()),
            (Setting::SplitPlies, self.split_plies.is_some()),
            (Setting::Parallel, self.parallel.is_some()),
            (Setting::Trace, self.trace),
            (Setting::Enhancements, self.enhancements.is_some()),
            (Setting::Pv, self.pv.is_some()),
            #[cfg(feature = "mpi")]
            (Setting::RankTimeout, self.rank_timeout.is_some()),
        ];
        set.into_iter().filter(|s| s.1).map(|s| s.0).collect()
    }

    /// Checks the options against `algorithm`: every option set is one it
    /// takes, and every value is in range.
    ///
    /// # Errors
    /// [`Error::NotTaken`] for an option the algorithm does not take;
    /// [`Error::InvalidSetting`] for a value out of range (0 threads, a
    /// stage depth of 0, a processor tree and a thread count together).
    pub fn check(&self, algorithm: Algorithm) -> Result<(), Error> {
        if let Some(setting) = self.settings().into_iter().find(|&s| !algorithm.takes(s)) {
            return Err(Error::NotTaken { algorithm, setting });
        }
        let invalid = |setting, message: &str| {
            Err(Error::InvalidSetting {
                setting,
                message: message.to_owned(),
            })
        };
        if self.threads == Some(0) {
            return invalid(Setting::Threads, "must be at least 1");
        }
        if self.stage == Some(0) {
            return invalid(Setting::Stage, "must be at least 1");
        }
        #[cfg(feature = "mpi")]
        if self.rank_timeout == Some(Duration::ZERO) {
            return invalid(Setting::RankTimeout, "must be positive");
        }
        if self.threads.is_some() && self.processors.is_some() {
            return invalid(
                Setting::Processors,
                "give a thread count or a processor tree, not both (K threads are the tree 1,K)",
            );
        }
        if self.parallel.is_some() && self.threads.is_none_or(|k| k < 2) {
            return invalid(
                Setting::Parallel,
                "a parallel method needs 2 threads or more",
            );
        }
        Ok(())
    }

    /// The limits, with a deadline counted from `start` (none where it
    /// lies past what the clock represents, as with `Duration::MAX`).
    pub(crate) fn limits(&self, start: Instant) -> Limits {
        let mut limits = Limits::none();
        if let Some(deadline) = self.time_limit.and_then(|t| start.checked_add(t)) {
            limits = limits.with_deadline(deadline);
        }
        if let Some(n) = self.max_leaves {
            limits = limits.with_max_leaves(n);
        }
        if let Some(stop) = &self.cancel {
            limits = limits.with_stop(stop.clone());
        }
        limits
    }

    /// The window searched with (the full one when unset).
    pub(crate) fn window_or_full(&self) -> Window {
        self.window.unwrap_or(Window::FULL)
    }

    /// The best-first options for `algorithm`: those it takes (the
    /// registry refuses the others; a search has checked them already,
    /// and the memory figures ignore them).
    pub(crate) fn bestfirst(
        &self,
        algorithm: Algorithm,
        limits: Limits,
    ) -> search_bestfirst::Options {
        let takes = |setting| algorithm.takes(setting);
        search_bestfirst::Options {
            memory: self.memory,
            upper: self.upper.filter(|_| takes(Setting::Upper)),
            stage: self.stage.filter(|_| takes(Setting::Stage)),
            variant: self.tie_rule.filter(|_| takes(Setting::TieRule)),
            shape: self.shape,
            alpha_floor: self.alpha_floor.filter(|_| takes(Setting::AlphaFloor)),
            searchd: self.searchd.filter(|_| takes(Setting::Searchd)),
            mgame_tie: self.mgame_tie.filter(|_| takes(Setting::MgameTie)),
            odd_depth_leaf_search: self
                .odd_depth_leaf_search
                .filter(|_| takes(Setting::OddDepthLeafSearch)),
            limits,
        }
    }

    /// The depth-first configuration.
    pub(crate) fn depthfirst(&self, limits: Limits) -> search_depthfirst::SearchConfig {
        let mut c = search_depthfirst::SearchConfig::new()
            .with_window(self.window_or_full())
            .with_limits(limits)
            .with_lines(self.pv.unwrap_or(true));
        if let Some(bytes) = self.table_bytes {
            c = c.with_table_bytes(bytes);
        }
        c
    }

    /// The configuration of a multi-threaded tree search.
    pub(crate) fn threads_config(&self, limits: Limits) -> search_parallel::threads::ThreadConfig {
        let mut c = search_parallel::threads::ThreadConfig::new(self.threads.unwrap_or_else(cores));
        if let Some(p) = self.processors {
            c.processors = Some(p);
            // W^D leaf processors (saturated: the engine refuses a tree
            // past its maximum with an error).
            let depth = u32::try_from(p.depth).unwrap_or(u32::MAX);
            c.threads = p.width.checked_pow(depth).unwrap_or(usize::MAX);
        }
        if let Some(t) = self.type2 {
            c.type2 = t;
        }
        if let Some(k) = self.stage {
            c.stage_depth = k;
        }
        if let Some(w) = self.stage_worker {
            c.stage_worker = w;
        }
        c.split_plies = self.split_plies.or(c.split_plies);
        c.window = self.window_or_full();
        c.limits = limits;
        c
    }

    /// The configuration of a search on `ranks` MPI ranks: the processor
    /// tree given, or one master over the other ranks, (1, `ranks` − 1)
    /// (one rank: the tree (0, 1), alpha-beta on rank 0); a busy rank's
    /// heartbeat at most a fifth of the timeout.
    #[cfg(feature = "mpi")]
    pub(crate) fn distributed(&self, ranks: usize) -> search_distributed::DistConfig {
        let processors = self.processors.unwrap_or(ProcessorTree {
            depth: usize::from(ranks > 1),
            width: ranks.saturating_sub(1).max(1),
        });
        let mut c = search_distributed::DistConfig::new(processors);
        c.window = self.window_or_full();
        if let Some(t) = self.type2 {
            c.type2 = t;
        }
        if let Some(t) = self.rank_timeout {
            c.timeout = t;
        }
        c.heartbeat = c.heartbeat.min(c.timeout / 5);
        c
    }

    /// An enhanced engine's settings, with `default_bytes` for its table
    /// unless one was given; `tree`: for a tree, whose interior nodes have
    /// no evaluation, without iterative deepening unless the settings ask
    /// for it (under a limit the engine would otherwise deepen through
    /// heuristic iterations that mean nothing on a tree).
    pub(crate) fn enhanced(&self, default_bytes: usize, tree: bool) -> EnhancedConfig {
        let base = self.enhancements.unwrap_or_else(|| {
            EnhancedConfig::default()
                .with_table_bytes(default_bytes)
                .with_iterative_deepening(!tree)
        });
        match self.table_bytes {
            Some(bytes) => base.with_table_bytes(bytes),
            None => base,
        }
    }

    /// The threads of an enhanced engine (1 unless set).
    pub(crate) fn enhanced_threads(&self) -> usize {
        self.threads.unwrap_or(1)
    }

    /// The parallel game search's settings.
    pub(crate) fn game_threads(&self) -> search_parallel::threads::GameThreadConfig {
        search_parallel::threads::GameThreadConfig {
            threads: self.enhanced_threads(),
            method: self.parallel.unwrap_or(GameParallel::Ybwc),
            ..search_parallel::threads::GameThreadConfig::default()
        }
    }
}

/// The machine's cores (1 if it cannot tell).
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

//! [`ThreadConfig`]: how a multi-threaded search is run.

use search_depthfirst::Window;
use tree_core::Limits;

use crate::ProcessorTree;
#[cfg(doc)]
use tree_core::Tree;

/// What the workers of parallel staged SSS* run on their horizon nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StageWorker {
    /// Fail-hard alpha-beta with the window (−∞, h) (from MAX's side), which
    /// returns min(h, value); it checks its job's cancel flag at every node.
    #[default]
    AlphaBeta,
    /// Aspiration SSS* (`search_bestfirst::sss::aspiration`) with upper bound
    /// h, left-most tie rule. It needs the tree's shape
    /// ([`Tree::bounds`]) and runs to completion once started.
    Sss,
}

/// How a multi-threaded search is run. Build one with
/// [`ThreadConfig::new`] and change fields as needed.
#[derive(Debug, Clone)]
pub struct ThreadConfig {
    /// Searching threads K (≥ 1). Tree-splitting and pv-splitting map it to
    /// the processor tree (1, K): a master, which only hands out work, and
    /// K slaves — slave 0 on the calling thread (the master only waits), the
    /// others on K − 1 pool threads; parallel staged SSS* to a master and K
    /// workers, worker 0 again on the calling thread; YBWC to the calling
    /// thread and K − 1 pool threads. With K = 1 every algorithm runs on
    /// the calling thread alone.
    pub threads: usize,
    /// An explicit processor tree (depth, width) for tree-splitting and
    /// pv-splitting, overriding `threads`: width^depth leaf slaves below
    /// 1 + width + … + width^(depth−1) masters, run by width^depth threads
    /// (the calling thread and a pool; each master's thread runs its first
    /// slave). Depth 0 is sequential alpha-beta on the calling thread.
    /// Ignored by the other algorithms.
    pub processors: Option<ProcessorTree>,
    /// Pv-splitting's type-2 optimisation (p. 47), default on: a master
    /// given a type-2 node does not split its successors (type 3) among its
    /// slaves but walks them one at a time and splits their successors
    /// (type 2 again). It acts at masters below the root processor, so only
    /// with processor trees of depth ≥ 2.
    pub type2: bool,
    /// Stage depth k of parallel staged SSS* (default 2, Campbell's): the
    /// master's SSS* covers the top k plies, workers search below.
    pub stage_depth: usize,
    /// The workers' search in parallel staged SSS*.
    pub stage_worker: StageWorker,
    /// The split region of the [`engine`](super::engine) (YBWC, and tree-splitting and
    /// pv-splitting on (1, K)): nodes shallower than this many plies are
    /// frames — split nodes, with the shared window read before every
    /// child; below them each thread runs sequential alpha-beta. `None`:
    /// if [`Tree::bounds`] knows the shape (b, d), the nodes whose full
    /// subtree has more than [`engine::LOWER_LEAVES`](super::engine::LOWER_LEAVES) terminals (d − 5 on
    /// (8, d) trees, d − 3 on (24, d) trees), below which alpha-beta reads
    /// nothing shared; else 6, below which alpha-beta reads the shared
    /// windows every [`WINDOW_POLL`](super::WINDOW_POLL) nodes.
    pub split_plies: Option<usize>,
    /// The root window; the report's value is the root's value clamped
    /// into it, as `search_depthfirst::alphabeta` returns.
    pub window: Window,
    /// When to stop (default: never): a deadline and a stop handle, which
    /// every thread honours, and a leaf budget for all threads together.
    /// A search that reaches one returns [`ThreadError::Stopped`](super::ThreadError::Stopped) with the
    /// leaves evaluated by then (see [Limits](super#limits)).
    pub limits: Limits,
}

impl ThreadConfig {
    /// `threads` searching threads, the full window, defaults elsewhere.
    pub const fn new(threads: usize) -> ThreadConfig {
        ThreadConfig {
            threads,
            processors: None,
            type2: true,
            stage_depth: 2,
            stage_worker: StageWorker::AlphaBeta,
            split_plies: None,
            window: Window::FULL,
            limits: Limits {
                deadline: None,
                max_leaves: None,
                stop: None,
            },
        }
    }
}

impl Default for ThreadConfig {
    /// As many threads as the host has cores.
    fn default() -> ThreadConfig {
        ThreadConfig::new(std::thread::available_parallelism().map_or(1, |n| n.get()))
    }
}

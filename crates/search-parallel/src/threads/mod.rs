//! Real multi-threaded searches: Campbell's tree-splitting (Fig. 10) with
//! dynamic window updates (Fig. 11), pv-splitting (Fig. 12) with the type-2
//! optimisation (p. 47), parallel staged SSS* (p. 49), and Young Brothers
//! Wait (YBWC) as a modern baseline.
//!
//! One entry point, [`search`], takes a [`ThreadAlgorithm`] and a
//! [`ThreadConfig`] and returns a [`ThreadReport`]: the value (always the
//! minimax value clamped into the configured window, exactly what
//! `search_depthfirst::alphabeta` returns on that window) and the terminal
//! evaluations, in total and per thread. Leaf counts vary from run to run
//! with more than one thread; values never do.
//!
//! | algorithm | module | threads | what the threads share |
//! |---|---|---|---|
//! | [`ThreadAlgorithm::TreeSplit`] | [`treesplit`]; on (1, K) [`engine`] | a processor tree of (depth, width), default (1, K): the calling thread and W^D − 1 pool threads | one `AtomicI32` per master ("its α"), read by the slaves' searches; a successor counter per split |
//! | [`ThreadAlgorithm::PvSplit`] | as tree-splitting | as tree-splitting | as tree-splitting |
//! | [`ThreadAlgorithm::ParallelStagedSss`] | [`staged`] | a master and K workers: the calling thread (master and worker 0) and K − 1 pool threads | nothing in the hot loop; a task per job, replies over a channel, a cancel flag per job |
//! | [`ThreadAlgorithm::Ybwc`] | [`ybwc`] on [`engine`] | the calling thread and K − 1 pool threads | one `AtomicI32` and a child counter per split node (frame) |
//!
//! # Threads kept between searches
//!
//! The threads come from rayon pools built on first use and kept (one per
//! size; sizes up to 16 threads for the life of the process, of larger
//! sizes the last one used), so a search starts no thread, and a job
//! hand-off is a shared counter or a booking of a spinning thread, not a
//! thread start or a wake-up. The tree is only borrowed: every job runs in
//! a rayon scope that ends before [`search`] returns. A thread waits for
//! another only when that one is already running in the same search (a
//! helper it booked, a worker that took its job), so searches from several
//! threads at once share the pools without deadlock; they only queue (see
//! `pool.rs`). With one thread, tree-splitting, pv-splitting, YBWC and
//! staged SSS* use no pool at all: the search runs on the calling thread,
//! the first three as plain alpha-beta.
//!
//! # Windows shared through atomics (Fig. 11)
//!
//! Campbell's UPDATE (Fig. 11) lets a master that finds a better α push it
//! into its slaves' running searches: each slave keeps `alpha[depth]`,
//! `beta[depth]` and the update is applied at every depth with alternating
//! signs. Here the same effect is had without interrupts: every master (and
//! every YBWC split node) owns a `Link` — an `AtomicI32` holding its current
//! best score `m` and a pointer to its own master's link — and a slave's
//! alpha-beta reads the chain of links above it when it starts and then
//! every [`WINDOW_POLL`] child visits, and before every child narrows its
//! own window with the last read (the link's effective window at an even
//! distance, its negation at an odd one). A link's effective window is
//! `(max(m, -β_parent), -α_parent)`, so an improvement anywhere reaches every
//! search below it within [`WINDOW_POLL`] nodes (a few microseconds on the
//! synthetic trees). The loads are `Relaxed`: each cell only ever grows, and
//! a stale read only means a wider window — it costs evaluations, never
//! exactness.
//!
//! The split-point [`engine`] (YBWC, and tree- and pv-splitting on (1, K)),
//! when the tree reports its shape, reads the chain at the nodes above the
//! small subtrees only — before every child of such a node — and searches
//! each subtree of at most [`engine::LOWER_LEAVES`] terminals with the
//! window read when it starts: a window update reaches a running search
//! within one such subtree (tens of microseconds), and a node below costs
//! what it costs in sequential alpha-beta.
//!
//! **Termination** (Fig. 10's `terminate()`) is the same mechanism: when a
//! master's `m` reaches its β, every window below it is empty, so every slave
//! returns at its next read. A separate stop flag, shared by all threads,
//! handles errors and panics: the first failure is recorded, the flag set,
//! and every thread unwinds at its next read.
//!
//! # Why the value is exact
//!
//! Say a result `r` is *correct for* the window `(a, b)` when
//! `clamp(r, a, b) = clamp(v, a, b)`, `v` the true (negamax) value — the
//! Knuth–Moore property of fail-hard alpha-beta; every `r` is correct for an
//! empty window. Correctness for a window implies correctness for every
//! window inside it. Each node here keeps `m ≥ a` (its window's lower end,
//! raised when the links raise it) and the invariant `clamp(m, a, b) =
//! clamp(max of its children so far, a, b)`; narrowing `(a, b)` keeps the
//! invariant (by the nesting property), a child result correct for the
//! child's window keeps it (Knuth and Moore's step), so the node's `m` is
//! correct for the window it last read, and a window that became empty
//! makes any answer correct. The window a consumer (a parent node or a
//! master) applies to a result is inside the window the child last read,
//! because both are intersections of the same monotone cells and the
//! consumer reads later (program order within a search, which shares one
//! cached read among all its nodes; the end of a rayon scope, or a
//! helper's release of a split node against its owner's acquire, across
//! threads; a slave's `fetch_max` into its master's cell acts on the
//! cell's current value, which lies inside any earlier read). A search's
//! cached read may be up to [`WINDOW_POLL`] nodes old: an older read of
//! monotone cells is a wider window, which the argument allows. The
//! root's window never changes, so its `m` is
//! correct for `(α, β)`: the clamped minimax value. With one thread nothing
//! narrows behind a search's back, and tree-splitting, pv-splitting (one
//! level of slaves) and YBWC evaluate exactly the terminals Fig. 4's
//! `alphabeta` does.
//!
//! # Limits
//!
//! [`ThreadConfig::limits`] (a deadline, a leaf budget, a stop handle)
//! holds for the whole search. Every thread takes leaves from the budget in
//! quotas of at most 1,024 (one atomic `compare_exchange` per quota, the
//! unused part given back when a job ends), so the threads together never
//! evaluate more leaves than the budget, and at every new quota it looks
//! at the clock, the stop handle and the search's stop flag: a thread
//! notices a deadline within 1,024 of its own evaluations (tens of
//! microseconds on the synthetic trees). The first to see a limit records
//! [`ThreadError::Stopped`] and raises the stop flag; the others return at
//! their next read of it, the scopes join, and [`search`] returns the error
//! with the leaves all threads evaluated and the time from the start —
//! never a value, since a stopped search's score is not the root's. Without
//! limits the plain alpha-beta below the split nodes reads nothing shared,
//! as before (the quota code is compiled out of it); the polled alpha-beta
//! and the staged master count quotas either way. Two delays remain: with
//! more threads than cores a stopped search returns once the operating
//! system has run every thread once more (they must leave before the
//! borrowed tree is released), and parallel staged SSS* with
//! [`StageWorker::Sss`] workers, whose SSS* jobs cannot be interrupted,
//! stops between jobs (the master looks at the clock every 64 of its
//! steps); it refuses a leaf budget ([`ThreadError::Unsupported`]).
//!
//! # The best move
//!
//! [`ThreadReport::best`] is recorded where a move *strictly* raises the
//! root's score: its search returned `t` above the root's α of that moment,
//! which is at least the α its window was read with, so `t` is the move's
//! value (or, at or above β, a refutation); the move of the greatest such
//! `t` has the root's value. The engine records it at the root frame (or
//! the root's loop, without frames), the general processor trees where the
//! root's slaves and pv-splitting's first move raise the root's link, and
//! parallel staged SSS* where the Γ operator's case 1 solves the root with
//! a MIN child's merit. The threads keep no lines below the root.
//!
//! # Panics and errors in user code
//!
//! Every job runs under `std::panic::catch_unwind`. A panic in a
//! [`Tree`] method — on a worker or on the calling thread — becomes
//! [`ThreadError::WorkerPanicked`]; the stop flag makes every other thread
//! return, the scopes join, and [`search`] returns the error. The default
//! panic hook still prints the panic message.

pub mod engine;
pub mod game;
mod pool;
pub mod staged;
pub mod treesplit;
pub mod ybwc;

use std::any::Any;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use search_bestfirst::BestFirstError;
use search_depthfirst::{SearchError, Window};
use tree_core::{Dewey, Limits, MAX_DEPTH, Meter, StopReason, Tree, Value};

use crate::ProcessorTree;

/// The multi-threaded searches of this module, by their command-line names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ThreadAlgorithm {
    /// `treesplit`: Campbell's tree-splitting (Fig. 10) with dynamic window
    /// updates (Fig. 11); see [`treesplit`].
    TreeSplit,
    /// `pvsplit`: principal-variation splitting (Fig. 12), with the type-2
    /// optimisation of p. 47 unless [`ThreadConfig::type2`] is off; see
    /// [`treesplit`].
    PvSplit,
    /// `parallel-staged-sss`: staged SSS* whose master hands horizon nodes
    /// to worker threads (p. 49); see [`staged`].
    ParallelStagedSss,
    /// `ybwc`: Young Brothers Wait (Feldmann et al.), the modern baseline;
    /// see [`ybwc`].
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

impl fmt::Display for ThreadAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ThreadAlgorithm {
    type Err = ThreadError;
    fn from_str(s: &str) -> Result<ThreadAlgorithm, ThreadError> {
        ThreadAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| ThreadError::UnknownAlgorithm { name: s.into() })
    }
}

/// What the workers of parallel staged SSS* run on their horizon nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum StageWorker {
    /// Fail-hard alpha-beta with the window (−∞, h) (from MAX's side), which
    /// returns min(h, value); it checks its job's cancel flag at every node.
    #[default]
    AlphaBeta,
    /// Aspiration SSS* (`search_bestfirst::sss_aspiration`) with upper bound
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
    /// The split region of the [`engine`] (YBWC, and tree-splitting and
    /// pv-splitting on (1, K)): nodes shallower than this many plies are
    /// frames — split nodes, with the shared window read before every
    /// child; below them each thread runs sequential alpha-beta. `None`:
    /// if [`Tree::bounds`] knows the shape (b, d), the nodes whose full
    /// subtree has more than [`engine::LOWER_LEAVES`] terminals (d − 5 on
    /// (8, d) trees, d − 3 on (24, d) trees), below which alpha-beta reads
    /// nothing shared; else 6, below which alpha-beta reads the shared
    /// windows every [`WINDOW_POLL`] nodes.
    pub split_plies: Option<usize>,
    /// The root window; the report's value is the root's value clamped
    /// into it, as `search_depthfirst::alphabeta` returns.
    pub window: Window,
    /// When to stop (default: never): a deadline and a stop handle, which
    /// every thread honours, and a leaf budget for all threads together.
    /// A search that reaches one returns [`ThreadError::Stopped`] with the
    /// leaves evaluated by then (see [Limits](self#limits)).
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

/// What a multi-threaded search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThreadReport {
    /// The algorithm that ran.
    pub algorithm: ThreadAlgorithm,
    /// The root's minimax value (from MAX's side) clamped into the window.
    pub value: Value,
    /// The root's best move (0-based), as in `search_depthfirst::Report`:
    /// `None` for a terminal root and when the value is the window's lower
    /// end (the search failed low); the move that reached the window's
    /// upper end when it failed high.
    pub best: Option<usize>,
    /// The principal variation as far as the search knows it: `best`
    /// alone (empty without it). The threads do not collect lines (that
    /// would cost their alpha-beta a table update at every improvement);
    /// `search_depthfirst::Algorithm::AlphaBeta.search` gives the whole
    /// line and evaluates exactly the leaves of tree-splitting,
    /// pv-splitting and YBWC on one thread.
    pub pv: Dewey,
    /// Terminal evaluations summed over all threads, including those of
    /// searches that were later terminated or cancelled: calls of
    /// [`Tree::value`].
    pub leaves: u64,
    /// Interior expansions summed over all threads: calls of
    /// [`Tree::num_children`] that found children, what
    /// `tree_core::Counted` counts as interior (see [`ThreadCounts`]).
    pub interior: u64,
    /// Terminal evaluations per thread — per logical processor or worker,
    /// whichever OS thread ran its jobs. Tree-/pv-splitting: one entry per
    /// processor in preorder of the processor tree (0 = the root processor
    /// on the calling thread; slave `j` of a master `m` whose slaves head
    /// subtrees of `s` processors is `m + 1 + j*s`). Parallel staged SSS*:
    /// the master, then the K workers. YBWC: the K pool threads.
    pub per_thread: Vec<u64>,
    /// Jobs handed out: on the split-point engine (YBWC, tree- and
    /// pv-splitting on (1, K)), successors searched by a thread other than
    /// their node's owner (0 on one thread); on deeper processor trees,
    /// successors taken by slaves; for staged SSS*, horizon evaluations
    /// given to workers, whichever thread ran them.
    pub jobs: u64,
    /// What each thread did besides searching, for the searches run by the
    /// split-point engine (YBWC, and tree-splitting and pv-splitting on the
    /// processor tree (1, K)) on more than one thread: one entry per thread,
    /// the calling thread first. Empty otherwise.
    pub activity: Vec<ThreadActivity>,
}

/// What one thread of a search did besides searching: idle time,
/// hand-offs. Measured only when a thread changes state (a clock read per
/// hand-off or wait), never per node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ThreadActivity {
    /// Time spent idle: waiting for work, or (the owner of a split node)
    /// waiting for its helpers to finish, excluding time spent helping
    /// meanwhile.
    pub idle: Duration,
    /// Idle periods (waits).
    pub waits: u64,
    /// Split nodes this thread offered to an idle thread (bookings made).
    pub splits: u64,
    /// Other threads' split nodes this thread helped (bookings received).
    pub joins: u64,
    /// Time from the bookings this thread received to its starting on
    /// them, summed: the latency of a hand-off.
    pub handoff: Duration,
}

impl ThreadActivity {
    /// The sum over threads.
    pub fn total(activity: &[ThreadActivity]) -> ThreadActivity {
        activity
            .iter()
            .fold(ThreadActivity::default(), |a, b| ThreadActivity {
                idle: a.idle + b.idle,
                waits: a.waits + b.waits,
                splits: a.splits + b.splits,
                joins: a.joins + b.joins,
                handoff: a.handoff + b.handoff,
            })
    }
}

impl ThreadReport {
    /// Campbell's search-overhead coefficient against a sequential count
    /// N(A(1), T): `leaves / sequential` (p. 34).
    pub fn overhead(&self, sequential: u64) -> f64 {
        self.leaves as f64 / sequential as f64
    }
}

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
    /// A name [`ThreadAlgorithm::from_str`] does not know.
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
                "the configuration needs {requested} threads, more than the maximum of {MAX_THREADS}"
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

/// What a multi-threaded search asked of the tree, over all threads: what
/// `tree_core::Counted` would count at the trait boundary, counted by the
/// threads themselves (a plain integer per thread, summed at the end) so
/// that no shared counter is touched per node.
///
/// `interior` counts every call of [`Tree::num_children`] that found
/// children, and the searches ask some nodes more than once: a split node
/// is asked by its master and again when it is split (tree- and
/// pv-splitting on processor trees deeper than one level, which also walk
/// the leftmost path once to find its length), a state by parallel staged
/// SSS\*'s master whenever it is made, expanded or looked ahead of. On the
/// split-point engine (YBWC, and tree- and pv-splitting on (1, K)) and on
/// one thread every interior node searched is asked once, as in
/// sequential alpha-beta.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ThreadCounts {
    /// Terminal evaluations: calls of [`Tree::value`].
    pub leaves: u64,
    /// Interior expansions: calls of [`Tree::num_children`] that found
    /// children.
    pub interior: u64,
}

/// Runs `algorithm` on `tree` with `config`.
///
/// ```
/// use search_parallel::threads::{ThreadAlgorithm, ThreadConfig, search};
/// use tree_core::{GenSpec, Generator, minimax};
/// let t = GenSpec::new(Generator::RANDOM, 4, 5, 1, 0).build().unwrap();
/// for algorithm in ThreadAlgorithm::ALL {
///     let r = search(algorithm, &t, ThreadConfig::new(2)).unwrap();
///     assert_eq!(r.value, minimax(&t));
///     assert_eq!(r.per_thread.iter().sum::<u64>(), r.leaves);
/// }
/// ```
///
/// # Errors
/// [`ThreadError::ZeroThreads`], [`ThreadError::TooManyThreads`],
/// [`ThreadError::ZeroStageDepth`] for bad configurations;
/// [`ThreadError::WorkerPanicked`] if a `Tree` method panics on any
/// thread; [`ThreadError::Search`] / [`ThreadError::BestFirst`] if a
/// thread's search fails; [`ThreadError::Spawn`] if threads cannot start.
pub fn search<T>(
    algorithm: ThreadAlgorithm,
    tree: &T,
    config: ThreadConfig,
) -> Result<ThreadReport, ThreadError>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    search_counted(algorithm, tree, config).0
}

/// [`search`], and what the search asked of the tree whether it finished
/// or not: a search stopped by a limit ([`ThreadError::Stopped`]) or by an
/// error reports its leaves and interior expansions up to the stop here
/// (on success they are the report's `leaves` and `interior`).
///
/// ```
/// use search_parallel::threads::{ThreadAlgorithm, ThreadConfig, ThreadError, search_counted};
/// use tree_core::{Counted, GenSpec, Generator, Limits};
/// let t = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
/// let (r, counts) = search_counted(ThreadAlgorithm::Ybwc, &t, ThreadConfig::new(1));
/// let c = Counted::new(&t);
/// search_depthfirst::alphabeta(&c, search_depthfirst::Window::FULL).unwrap();
/// assert_eq!((counts.leaves, counts.interior), (c.stats().leaves, c.stats().interior));
/// assert_eq!(r.unwrap().interior, counts.interior);
///
/// let mut config = ThreadConfig::new(2);
/// config.limits = Limits::none().with_max_leaves(100);
/// let (r, counts) = search_counted(ThreadAlgorithm::Ybwc, &t, config);
/// assert!(matches!(r, Err(ThreadError::Stopped(s)) if s.leaves == counts.leaves));
/// assert!(counts.leaves <= 100 && counts.interior > 0);
/// ```
pub fn search_counted<T>(
    algorithm: ThreadAlgorithm,
    tree: &T,
    config: ThreadConfig,
) -> (Result<ThreadReport, ThreadError>, ThreadCounts)
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    let mut counts = ThreadCounts::default();
    if config.threads == 0 {
        return (Err(ThreadError::ZeroThreads), counts);
    }
    let r = match algorithm {
        ThreadAlgorithm::TreeSplit => treesplit::run(tree, &config, false, &mut counts),
        ThreadAlgorithm::PvSplit => treesplit::run(tree, &config, true, &mut counts),
        ThreadAlgorithm::ParallelStagedSss => staged::run(tree, &config, &mut counts),
        ThreadAlgorithm::Ybwc => ybwc::run(tree, &config, &mut counts),
    };
    (r, counts)
}

/// Checks a thread count against [`MAX_THREADS`].
fn check_threads(requested: u64) -> Result<(), ThreadError> {
    if requested > MAX_THREADS as u64 {
        Err(ThreadError::TooManyThreads { requested })
    } else {
        Ok(())
    }
}

/// A job gave up because the search is stopping (an error elsewhere, a
/// limit, or its job was cancelled); the reason, if any, is in [`Shared`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// What every thread of one search shares: the stop flag, the first error,
/// the limits with the leaves handed out against the budget, and the
/// root's best move so far.
#[derive(Debug)]
pub(crate) struct Shared {
    stop: AtomicBool,
    error: Mutex<Option<ThreadError>>,
    deadline: Option<Instant>,
    handle: Option<tree_core::StopHandle>,
    /// The leaf budget (`u64::MAX`: none).
    max_leaves: u64,
    /// Leaves handed out in [`Quota`]s and not given back: never more
    /// than `max_leaves`.
    granted: AtomicU64,
    start: Instant,
    /// The root's best score and move so far (see [`Shared::note_root`]).
    best: Mutex<Option<(Value, usize)>>,
}

impl Default for Shared {
    fn default() -> Shared {
        Shared::new(&Limits::none())
    }
}

/// Leaves a thread may evaluate before it asks [`Shared`] for more (and
/// looks at the clock, the stop handle and the stop flag).
#[derive(Debug, Default)]
pub(crate) struct Quota(u64);

impl Shared {
    /// Leaves handed out at a time: between two looks at the clock, a
    /// thread evaluates at most this many.
    pub(crate) const BATCH: u64 = Meter::CHECK_EVERY;

    /// The shared state of a search under `limits`, started now.
    pub(crate) fn new(limits: &Limits) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            deadline: limits.deadline,
            handle: limits.stop.clone(),
            max_leaves: limits.max_leaves.unwrap_or(u64::MAX),
            granted: AtomicU64::new(0),
            start: Instant::now(),
            best: Mutex::new(None),
        }
    }

    /// Records `e` (if it is the first failure) and stops every thread.
    pub(crate) fn fail(&self, e: ThreadError) -> Stopped {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.stop.store(true, Relaxed);
        Stopped
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Stops the search for `reason` (its counts are filled in at the end,
    /// by [`Shared::finish`]).
    fn limit(&self, reason: StopReason) -> Stopped {
        self.fail(ThreadError::Stopped(tree_core::Stopped {
            reason,
            leaves: 0,
            elapsed: Duration::ZERO,
        }))
    }

    /// Checks the stop flag, the stop handle and the deadline.
    ///
    /// # Errors
    /// [`Stopped`] if the search is stopping or must stop now.
    pub(crate) fn check(&self) -> Result<(), Stopped> {
        if self.stopped() {
            return Err(Stopped);
        }
        if self.handle.as_ref().is_some_and(|h| h.is_stopped()) {
            return Err(self.limit(StopReason::Cancelled));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(self.limit(StopReason::Deadline));
        }
        Ok(())
    }

    /// Takes one leaf evaluation from `quota`, refilling it (and checking
    /// the limits) when it is empty.
    #[inline]
    pub(crate) fn leaf(&self, quota: &mut Quota) -> Result<(), Stopped> {
        if quota.0 == 0 {
            self.refill(quota)?;
        }
        quota.0 -= 1;
        Ok(())
    }

    /// Checks the limits and hands `quota` up to [`Shared::BATCH`] more
    /// leaves of the budget.
    #[cold]
    fn refill(&self, quota: &mut Quota) -> Result<(), Stopped> {
        self.check()?;
        if self.max_leaves == u64::MAX {
            quota.0 = Self::BATCH;
            return Ok(());
        }
        let mut granted = self.granted.load(Relaxed);
        loop {
            let left = self.max_leaves.saturating_sub(granted);
            if left == 0 {
                return Err(self.limit(StopReason::LeafLimit));
            }
            let grant = left.min(Self::BATCH);
            match self
                .granted
                .compare_exchange_weak(granted, granted + grant, Relaxed, Relaxed)
            {
                Ok(_) => {
                    quota.0 = grant;
                    return Ok(());
                }
                Err(now) => granted = now,
            }
        }
    }

    /// Gives the unused part of `quota` back to the budget.
    pub(crate) fn give_back(&self, quota: &mut Quota) {
        if self.max_leaves != u64::MAX && quota.0 > 0 {
            self.granted.fetch_sub(quota.0, Relaxed);
        }
        quota.0 = 0;
    }

    /// The root's move `i` raised the root's score to `t`, strictly: its
    /// search returned `t` with a window below `t`, so `t` is its value
    /// (or, at or above the root's β, a bound that refutes). The move of
    /// the greatest such `t` is the root's best.
    pub(crate) fn note_root(&self, t: Value, i: usize) {
        let mut best = self.best.lock().unwrap_or_else(|p| p.into_inner());
        if best.is_none_or(|(v, _)| t > v) {
            *best = Some((t, i));
        }
    }

    /// The root's best move, if any move raised its score.
    pub(crate) fn best(&self) -> Option<usize> {
        self.best
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .map(|(_, i)| i)
    }

    /// The error that stopped the search.
    fn take_error(&self) -> ThreadError {
        self.error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .unwrap_or_else(|| ThreadError::WorkerPanicked {
                message: "a search thread stopped without reporting why".into(),
            })
    }

    /// `result` of a whole search whose threads evaluated `leaves` in all:
    /// the value, or the recorded error (a stop with its counts).
    pub(crate) fn finish<R>(
        &self,
        result: Result<R, Stopped>,
        leaves: u64,
    ) -> Result<R, ThreadError> {
        match result {
            Ok(r) if !self.stopped() => Ok(r),
            _ => Err(match self.take_error() {
                ThreadError::Stopped(s) => ThreadError::Stopped(tree_core::Stopped {
                    leaves,
                    elapsed: self.start.elapsed(),
                    ..s
                }),
                e => e,
            }),
        }
    }
}

/// The one-move line of `best` (empty if none or if a Dewey digit cannot
/// number it).
fn line_of(best: Option<usize>) -> Dewey {
    match best {
        Some(i) if i <= usize::from(u16::MAX) => Dewey::root().child(i),
        _ => Dewey::root(),
    }
}

/// Runs `f`, turning a panic into [`ThreadError::WorkerPanicked`] recorded
/// in `shared` (which stops every other thread).
pub(crate) fn guarded<R>(
    shared: &Shared,
    f: impl FnOnce() -> Result<R, Stopped>,
) -> Result<R, Stopped> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => Err(shared.fail(ThreadError::WorkerPanicked {
            message: panic_message(payload.as_ref()),
        })),
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-string payload".into()
    }
}

/// A `Value` from the raw `i32` of an atomic cell (sentinels included).
fn from_raw(x: i32) -> Value {
    match Value::new(x) {
        Ok(v) => v,
        Err(_) if x > 0 => Value::INF,
        Err(_) => Value::NEG_INF,
    }
}

/// A master's (or a YBWC split node's) shared best score, and the chain to
/// its own master: the Fig. 11 window that slaves read.
#[derive(Debug)]
pub(crate) struct Link {
    /// The node's current best score m (negamax, side to move there).
    alpha: AtomicI32,
    /// The node's own upper bound (the root's β; +∞ elsewhere).
    beta: Value,
    /// The link one ply up, if any.
    parent: Option<Arc<Link>>,
}

impl Link {
    /// The root's link: the search window itself.
    pub(crate) fn root(window: Window) -> Arc<Link> {
        Arc::new(Link {
            alpha: AtomicI32::new(window.alpha().get()),
            beta: window.beta(),
            parent: None,
        })
    }

    /// The link of a child of `parent`'s node; its window comes from the
    /// chain until it improves its own score.
    pub(crate) fn child(parent: &Arc<Link>) -> Arc<Link> {
        Arc::new(Link {
            alpha: AtomicI32::new(Value::NEG_INF.get()),
            beta: Value::INF,
            parent: Some(Arc::clone(parent)),
        })
    }

    /// The node's current effective window (α, β): its own score and upper
    /// bound narrowed by the window of the node above, negated.
    pub(crate) fn window(&self) -> (Value, Value) {
        let own = from_raw(self.alpha.load(Relaxed));
        match &self.parent {
            None => (own, self.beta),
            Some(p) => {
                let (pa, pb) = p.window();
                (own.max(-pb), self.beta.min(-pa))
            }
        }
    }

    /// The window `r` plies below this link's node: the same at even
    /// distances, negated and swapped at odd ones (Fig. 11's UPDATE).
    pub(crate) fn window_at(&self, r: usize) -> (Value, Value) {
        let (a, b) = self.window();
        if r.is_multiple_of(2) {
            (a, b)
        } else {
            (-b, -a)
        }
    }

    /// Fig. 10's `if (t > α) α = t`, atomically; whether `t` was above
    /// the node's own score.
    pub(crate) fn raise(&self, t: Value) -> bool {
        self.alpha.fetch_max(t.get(), Relaxed) < t.get()
    }

    /// The node's score as Fig. 10 returns it: its effective α.
    pub(crate) fn score(&self) -> Value {
        self.window().0
    }

    /// Whether the window is empty: a cutoff here or above.
    pub(crate) fn closed(&self) -> bool {
        let (a, b) = self.window();
        a >= b
    }
}

/// How many child visits a running search makes between two reads of its
/// link chain and of the stop and cancel flags: the latency bound of a
/// window update (Fig. 11), a cutoff above (`terminate()`) or a stop. A
/// running search sees a change after at most this many more child visits,
/// so after at most `WINDOW_POLL + 1` more terminal evaluations; on the
/// synthetic trees that is about a microsecond. Smaller values react faster
/// and cost more reads of shared cells.
pub const WINDOW_POLL: u32 = 32;

/// Sequential fail-hard alpha-beta (Campbell Fig. 4) whose window is
/// narrowed by a [`Link`] chain (Fig. 11), with stop and cancel flags and a
/// leaf counter.
///
/// The chain and the flags are read when the search starts and then once
/// every [`WINDOW_POLL`] child visits (not before every child): each read is a
/// walk up the chain, and on the synthetic trees a node costs a few tens of
/// nanoseconds. The last read window is kept in `seen` and applied before
/// every child (negated at odd distances). A window update, a cutoff above
/// (`terminate()`) or a stop therefore reaches a running search after at
/// most `WINDOW_POLL` more child visits, so at most `WINDOW_POLL + 1` more terminal
/// evaluations. Exactness does not depend on the latency: `seen` is a
/// read of monotone cells, so successive reads only narrow, and a stale
/// window is a wider one (see the module docs).
pub(crate) struct Searcher<'a, T: ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    /// The job's cancel flag (parallel staged SSS*).
    pub(crate) cancel: Option<&'a AtomicBool>,
    /// The link whose window narrows this search, or `None` for a search
    /// whose window nothing else can change (one thread).
    link: Option<&'a Link>,
    /// The link's window at its own node, as last read.
    seen: (Value, Value),
    /// Child visits until the next read.
    countdown: u32,
    /// Terminal evaluations so far.
    pub(crate) leaves: u64,
    /// Interior expansions so far.
    pub(crate) interior: u64,
    /// Evaluations left before the next look at the limits.
    pub(crate) quota: Quota,
}

impl<T: ?Sized> Drop for Searcher<'_, T> {
    fn drop(&mut self) {
        self.shared.give_back(&mut self.quota);
    }
}

impl<'a, T: Tree + ?Sized> Searcher<'a, T> {
    /// A search narrowed by `link` (its root `r` plies below the link's
    /// node, as passed to [`Searcher::ab`]).
    pub(crate) fn new(tree: &'a T, shared: &'a Shared, link: &'a Link) -> Searcher<'a, T> {
        let mut s = Searcher::alone(tree, shared);
        s.link = Some(link);
        s
    }

    /// A search with no link: plain Fig. 4 on its own window, for a thread
    /// that searches alone (it still polls the stop flag).
    pub(crate) fn alone(tree: &'a T, shared: &'a Shared) -> Searcher<'a, T> {
        Searcher {
            tree,
            shared,
            cancel: None,
            link: None,
            seen: (Value::NEG_INF, Value::INF),
            countdown: 0,
            leaves: 0,
            interior: 0,
            quota: Quota::default(),
        }
    }

    /// The static value of terminal `node` at absolute `depth`, from the
    /// side to move (negamax), counted against the limits.
    pub(crate) fn leaf(&mut self, node: &T::Node, depth: usize) -> Result<Value, Stopped> {
        self.shared.leaf(&mut self.quota)?;
        self.leaves += 1;
        let v = self.tree.value(node);
        if v.is_infinite() {
            return Err(self
                .shared
                .fail(SearchError::SentinelLeaf { value: v, depth }.into()));
        }
        Ok(if depth.is_multiple_of(2) { v } else { -v })
    }

    /// The link's window `r` plies below its node, re-read (with the
    /// flags) every [`WINDOW_POLL`] calls.
    #[inline]
    fn window_at(&mut self, r: usize) -> Result<(Value, Value), Stopped> {
        if self.countdown == 0 {
            if self.shared.stopped() || self.cancel.is_some_and(|c| c.load(Relaxed)) {
                return Err(Stopped);
            }
            if let Some(link) = self.link {
                self.seen = link.window();
            }
            self.countdown = WINDOW_POLL;
        }
        self.countdown -= 1;
        let (a, b) = self.seen;
        Ok(if r.is_multiple_of(2) {
            (a, b)
        } else {
            (-b, -a)
        })
    }

    /// Fig. 4 at `node` (absolute `depth`, `r` plies below the link's
    /// node) with the local window (a, b), narrowed before every child by
    /// the link's window as last read. Returns a value correct for the
    /// last window applied (see the module docs).
    pub(crate) fn ab(
        &mut self,
        node: &T::Node,
        depth: usize,
        r: usize,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        let w = self.tree.num_children(node);
        if w == 0 {
            return self.leaf(node, depth);
        }
        self.interior += 1;
        if depth >= MAX_DEPTH {
            return Err(self
                .shared
                .fail(SearchError::TooDeep { depth: depth + 1 }.into()));
        }
        let mut m = a;
        for i in 0..w {
            let (ea, eb) = self.window_at(r)?;
            m = m.max(ea);
            let hi = b.min(eb);
            if m >= hi {
                return Ok(m); // cutoff, here or (window closed) above
            }
            let child = self.tree.child(node, i);
            let t = -self.ab(&child, depth + 1, r + 1, -hi, -m)?;
            if t > m {
                m = t;
            }
        }
        Ok(m)
    }
}

/// One zeroed counter per thread.
fn counters(n: usize) -> Vec<AtomicU64> {
    (0..n).map(|_| AtomicU64::new(0)).collect()
}

fn totals(counters: &[AtomicU64]) -> Vec<u64> {
    counters.iter().map(|c| c.load(Relaxed)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;
    use tree_core::{Bounds, GenSpec, Generator, HashTree, OrderedHashTree};

    /// Counts at the trait boundary, as `tree_core::Counted` does, for
    /// several threads at once; `bounds` hidden if `hide`.
    struct Boundary<T> {
        tree: T,
        hide: bool,
        leaves: AtomicU64,
        interior: AtomicU64,
    }

    impl<T> Boundary<T> {
        fn new(tree: T, hide: bool) -> Boundary<T> {
            Boundary {
                tree,
                hide,
                leaves: AtomicU64::new(0),
                interior: AtomicU64::new(0),
            }
        }

        fn take(&self) -> ThreadCounts {
            ThreadCounts {
                leaves: self.leaves.swap(0, Relaxed),
                interior: self.interior.swap(0, Relaxed),
            }
        }
    }

    impl<T: Tree> Tree for Boundary<T> {
        type Node = T::Node;
        fn root(&self) -> T::Node {
            self.tree.root()
        }
        fn num_children(&self, n: &T::Node) -> usize {
            let w = self.tree.num_children(n);
            if w > 0 {
                self.interior.fetch_add(1, Relaxed);
            }
            w
        }
        fn child(&self, n: &T::Node, i: usize) -> T::Node {
            self.tree.child(n, i)
        }
        fn value(&self, n: &T::Node) -> Value {
            self.leaves.fetch_add(1, Relaxed);
            self.tree.value(n)
        }
        fn bounds(&self) -> Option<Bounds> {
            if self.hide { None } else { self.tree.bounds() }
        }
    }

    /// Every configuration of interest on `tree`: what the threads count is
    /// what the trait boundary counts, finished or stopped.
    fn counts_match<T: Tree + Sync>(name: &str, tree: &Boundary<T>)
    where
        T::Node: Send + Sync,
    {
        let mut configs = Vec::new();
        for k in [1, 2, 3] {
            configs.push(ThreadConfig::new(k));
            let mut c = ThreadConfig::new(k);
            c.limits = Limits::none().with_max_leaves(60);
            configs.push(c);
            let mut c = ThreadConfig::new(k);
            c.split_plies = Some(2);
            configs.push(c);
        }
        for (depth, width) in [(2, 2), (0, 1)] {
            let mut c = ThreadConfig::new(1);
            c.processors = Some(ProcessorTree { depth, width });
            configs.push(c);
        }
        let mut sss = ThreadConfig::new(2);
        sss.stage_worker = StageWorker::Sss;
        configs.push(sss);
        for algorithm in ThreadAlgorithm::ALL {
            for config in &configs {
                let what = format!("{name}: {algorithm} {config:?}");
                tree.take();
                let (r, counts) = search_counted(algorithm, tree, config.clone());
                assert_eq!(counts, tree.take(), "{what}");
                match r {
                    Ok(r) => assert_eq!((r.leaves, r.interior), (counts.leaves, counts.interior)),
                    Err(ThreadError::Stopped(s)) => assert_eq!(s.leaves, counts.leaves, "{what}"),
                    // SSS* workers need the shape, and take no budget.
                    Err(ThreadError::BestFirst(_) | ThreadError::Unsupported { .. }) => {}
                    Err(e) => panic!("{what}: {e}"),
                }
            }
        }
    }

    #[test]
    fn the_threads_count_what_the_trait_boundary_counts() {
        for hide in [false, true] {
            for seed in 0..3 {
                let t = GenSpec::new(Generator::RANDOM, 4, 6, seed, 0)
                    .build()
                    .unwrap();
                counts_match("random (4,6)", &Boundary::new(t, hide));
            }
            counts_match(
                "hash (8,5)",
                &Boundary::new(HashTree::new(8, 5, 1).unwrap(), hide),
            );
            let strong = OrderedHashTree::strong(6, 6, 2).unwrap();
            counts_match("strong (6,6)", &Boundary::new(strong, hide));
        }
    }
}

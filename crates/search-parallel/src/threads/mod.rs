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

mod algorithm;
mod config;
pub mod engine;
mod error;
mod game;
mod link;
mod pool;
mod report;
mod searcher;
mod shared;
pub mod staged;
pub mod treesplit;
pub mod ybwc;

pub use algorithm::ThreadAlgorithm;
pub use config::{StageWorker, ThreadConfig};
pub use error::{MAX_THREADS, ThreadError};
pub use game::{
    GameParallel, GameSearch, GameThreadConfig, GameThreadReport, GameThreadStats, SharedGame,
    search_game, search_game_with_limits,
};
pub use report::{ThreadActivity, ThreadCounts, ThreadReport};
pub use searcher::WINDOW_POLL;

use tree_core::Tree;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ProcessorTree;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    use tree_core::{Bounds, GenSpec, Generator, HashTree, Limits, OrderedHashTree, Value};

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

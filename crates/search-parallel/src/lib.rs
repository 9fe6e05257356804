//! # search-parallel: parallel game-tree search
//!
//! Layer: depends on `tree-core`, and may use `search-depthfirst` and
//! `search-bestfirst` for the searches run on each thread.
//!
//! Real multi-threaded searches (tree-splitting with dynamic window
//! updates, pv-splitting, parallel staged SSS*, and YBWC as a modern
//! baseline) and a deterministic simulator of Campbell's processor trees
//! (thesis ch. 5).
//!
//! ## Quick start
//!
//! ```
//! use search_parallel::threads::{ThreadAlgorithm, ThreadConfig, search};
//! use search_parallel::{ProcessorTree, SimAlgorithm, simulate};
//! use tree_core::{GenSpec, Generator, minimax};
//!
//! let tree = GenSpec::new(Generator::PERFECT, 8, 4, 0, 0).build()?;
//! // Real threads: YBWC on two threads returns the minimax value.
//! let report = search(ThreadAlgorithm::Ybwc, &tree, ThreadConfig::new(2))?;
//! assert_eq!(report.value, minimax(&tree));
//! // Campbell's simulator: tree-splitting on one master with 4 slaves.
//! let sim = simulate(SimAlgorithm::TreeSplit, &tree, ProcessorTree { depth: 1, width: 4 })?;
//! assert_eq!(sim.value, report.value);
//! println!("{} EVALTIME units, {} evaluations", sim.elapsed, sim.total);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## Paths
//!
//! The simulator's items are at the crate root (its module is private).
//! The two other engines are public modules whose items are not
//! re-exported: [`threads`] (the real threads, with searches of a
//! [`Game`](tree_core::Game) and the split-point engine's tuning constants
//! in its submodules) and [`polled`] (the polled alpha-beta that threads and
//! message-passing ranks share). No item has two paths.
//!
//! ## What is here
//!
//! | item | source |
//! |---|---|
//! | [`simulate()`], [`SimAlgorithm`], [`ProcessorTree`], [`SimReport`] | Campbell 1981, ch. 4 Figs. 10-12, p. 49; ch. 5's cost model |
//! | [`simulate_treesplit`] | Fig. 10 (= `simulate(SimAlgorithm::TreeSplit, ..)`) |
//! | [`threads`]: [`threads::search`], [`threads::ThreadAlgorithm`], [`threads::ThreadConfig`], [`threads::ThreadReport`] | real threads: Campbell Figs. 10-12 and p. 49; YBWC (Feldmann et al. 1989) |
//! | [`polled`]: [`polled::alphabeta`] | Fig. 4 narrowed by Fig. 11's windows as they change: the threads' slaves and `search-distributed`'s leaf processors |
//!
//! The simulator ([`simulate()`]) runs Campbell's parallel algorithms on a
//! simulated processor tree of (depth, width): a master at the root of the
//! game tree hands work to its slaves, which are themselves masters one
//! level down until the leaf processors, which run a sequential search.
//! Time is EVALTIME = 1 unit per terminal evaluation; move generation and
//! messages are free. The simulator is a discrete-event loop over integer
//! times with fixed tie-breaks (lowest slave number first), so it is
//! deterministic and host-independent. It reports the elapsed simulated
//! time, the terminal evaluations of each processor and in total, and
//! Campbell's search-overhead coefficient S(A(k), T) = N(A(k), T) /
//! N(A(1), T) (p. 34). The algorithms: tree-splitting (Fig. 10) without and
//! with Fig. 11's dynamic window update, pv-splitting (Fig. 12) as
//! Campbell simulated it, with the type-2 optimisation of p. 47, and in
//! full generality, and parallel staged SSS* (p. 49). The rules, and every
//! choice the thesis leaves open, are in `docs/PARALLEL.md`. On a perfectly
//! ordered (8, 4) tree tree-splitting gives p. 41's 127, 190 and 568
//! terminals for 1, 3 and 9 processors (and 316 where the thesis prints 308
//! for 5: see the tests).
//!
//! The [`threads`] module runs the same algorithms on real threads: a
//! processor tree of masters and slaves over `std::thread::scope`, window
//! updates through shared atomics read at every node (no locks in the
//! search loop), terminate() as a closed window, worker panics returned as
//! [`threads::ThreadError::WorkerPanicked`]; YBWC on a rayon pool. Every search
//! returns the minimax value whatever the thread count; `docs/PARALLEL.md`
//! maps the model onto threads and, on paper, onto many machines.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod critical;
pub mod polled;
mod simulate;
pub mod threads;

pub use simulate::{
    ParallelError, ProcessorTree, SimAlgorithm, SimReport, UnknownSimAlgorithm, simulate,
    simulate_treesplit,
};

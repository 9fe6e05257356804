//! # search-parallel: parallel game-tree search
//!
//! Layer: depends on `tree-core`, and may use `search-depthfirst` and
//! `search-bestfirst` for the searches run on each thread.
//!
//! This crate will hold real multi-threaded searches (tree-splitting with
//! dynamic window updates, pv-splitting, parallel staged SSS*, and a modern
//! baseline) and a deterministic simulator of Campbell's processor trees
//! (thesis ch. 5).
//!
//! ## What is here
//!
//! | item | source |
//! |---|---|
//! | [`simulate_treesplit`], [`ProcessorTree`], [`SimReport`] | Campbell 1981, ch. 4 Fig. 10; ch. 5's cost model |
//! | [`threads`]: [`search`], [`ThreadAlgorithm`], [`ThreadConfig`], [`ThreadReport`] | real threads: Campbell Figs. 10-12 and p. 49; YBWC (Feldmann et al. 1989) |
//!
//! The [`simulate`] module runs tree-splitting on a simulated processor tree
//! of (depth, width): a master at the root of the game tree hands the root's
//! successors to its slaves, which are themselves masters one ply down until
//! the leaf processors, which run sequential fail-hard alpha-beta
//! (`search_depthfirst::alphabeta`). Time is EVALTIME = 1 unit per terminal
//! evaluation; move generation and messages are free. The simulator is a
//! discrete-event loop over integer times with a fixed tie-break (lowest
//! slave number first), so it is deterministic and host-independent. It
//! reports the elapsed simulated time, the terminal evaluations of each
//! processor and in total, and Campbell's search-overhead coefficient
//! S(A(k), T) = N(A(k), T) / N(A(1), T) (p. 34). On a perfectly ordered
//! (8, 4) tree it gives p. 41's 127, 190 and 568 terminals for 1, 3 and 9
//! processors (and 316 where the thesis prints 308 for 5: see the tests).
//!
//! Not yet here: the dynamic window update of Fig. 11, pv-splitting
//! (Fig. 12), parallel staged SSS*, real threads, and the reproduction of
//! Tables 8-10.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod simulate;
pub mod threads;

pub use simulate::{ParallelError, ProcessorTree, SimReport, simulate_treesplit};
pub use threads::{StageWorker, ThreadAlgorithm, ThreadConfig, ThreadError, ThreadReport, search};

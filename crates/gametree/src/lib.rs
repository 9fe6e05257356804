//! # gametree: game-tree search under memory constraints, through one call
//!
//! The front door of the workspace. Every search of every engine crate —
//! minimax and the alpha-beta family, the MT drivers, the enhanced game
//! engines, the SSS\* family under a memory budget (SSS\*, RecSSS\*,
//! IterSSS\*, MemSSS\*, MGame, QuickGame and QG1–3, the hybrids), the
//! multi-threaded searches, and with the feature `mpi` the searches on MPI
//! ranks (`mpi`) — is an [`Algorithm`], configured by one
//! [`Config`], run by one call, and described by one [`Report`]:
//!
//! * [`search`]`(algorithm, &tree, &config)` for any [`Tree`]: a finished
//!   game tree, synthetic or your own;
//! * [`search_game`]`(algorithm, &game, &position, depth, &config)` for any
//!   [`Game`]: a real game searched to a depth.
//!
//! Every algorithm runs through both: a tree is a game whose moves are
//! child indices, and a game searched to a depth is a tree. An option the
//! algorithm does not take is an error naming both ([`Error::NotTaken`]);
//! an unset option is what the algorithm needs on the tree at hand. A
//! search stopped by a limit is a report too ([`Report::stopped`]).
//!
//! ## Your own tree, a memory budget, a time limit
//!
//! ```
//! use std::time::Duration;
//! use gametree::{Algorithm, Config, Tree, Value, minimum_memory, search};
//!
//! /// One-heap Nim: take 1 or 2; whoever cannot move loses.
//! struct Nim(u8);
//! impl Tree for Nim {
//!     type Node = (u8, bool); // (heap, MAX to move)
//!     fn root(&self) -> Self::Node { (self.0, true) }
//!     fn num_children(&self, n: &Self::Node) -> usize { usize::from(n.0.min(2)) }
//!     fn child(&self, n: &Self::Node, i: usize) -> Self::Node { (n.0 - 1 - i as u8, !n.1) }
//!     fn value(&self, n: &Self::Node) -> Value { Value::from_small(if n.1 { -1 } else { 1 }) }
//!     fn bounds(&self) -> Option<gametree::Bounds> { Some(gametree::Bounds { branching: 2, depth: self.0.into(), uniform: false }) }
//! }
//!
//! let least = minimum_memory(Algorithm::MemSss, Nim(10).bounds().unwrap()).unwrap();
//! let config = Config::default().memory(least).time_limit(Duration::from_secs(5));
//! let report = search(Algorithm::MemSss, &Nim(10), &config)?;
//! assert_eq!((report.value.get(), report.best), (1, Some(0))); // take 1, leave 9
//! assert!(report.peak_memory <= Some(least));
//! # Ok::<(), gametree::Error>(())
//! ```
//!
//! ## An Othello endgame on two threads, under a time limit
//!
//! ```
//! use std::time::Duration;
//! use gametree::{Algorithm, Config, search_game};
//! use othello::{Othello, eval::WIN_SCALE, obf::ffo};
//!
//! let problem = &ffo()[0].problem; // FFO #1: 14 empty squares
//! let config = Config::default().threads(2).time_limit(Duration::from_secs(60));
//! let report = search_game(Algorithm::MtdfEnhanced, &Othello, &problem.position, 60, &config)?;
//! assert_eq!(Some(report.value.get() / WIN_SCALE), problem.best_score()); // +18 discs
//! println!("best {}, line of {} moves", report.best.unwrap(), report.pv.len());
//! # Ok::<(), gametree::Error>(())
//! ```
//!
//! ## What is here
//!
//! | item | what |
//! |---|---|
//! | [`Algorithm`], [`Family`] | every search by name (`gametree algos`), its family |
//! | [`Config`], [`Setting`] | budget, table, threads, limits, window, the algorithms' switches |
//! | [`search`], [`search_game`], [`Cache`] | the calls; a [`Cache`] keeps an engine's table between searches |
//! | [`Report`], [`Bound`], [`MemoryUnit`] | value, best move, line, leaves, interior, peak memory, time, stop |
//! | [`minimum_memory`], [`maximum_memory`] | the budget rule of every best-first search |
//! | [`Error`] | every engine's errors, and the configuration's |
//! | `mpi` (feature `mpi`) | the searches on MPI ranks: the world, a rank that cannot search, the per-rank report |
//!
//! The engines stay usable on their own (`search-depthfirst`,
//! `search-bestfirst`, `search-parallel`): this crate adds one dispatch per
//! search, never per node.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod adapt;
mod algorithm;
mod cache;
mod config;
mod count;
mod engine;
mod erased;
mod error;
mod memory;
#[cfg(feature = "mpi")]
pub mod mpi;
#[cfg(feature = "mpi")]
mod mpi_report;
mod report;
mod setting;

pub use algorithm::{Algorithm, Family, MemoryUnit};
pub use cache::{Cache, search, search_game};
pub use config::Config;
pub use error::Error;
pub use memory::{maximum_memory, maximum_memory_for, minimum_memory, minimum_memory_for};
pub use report::{Bound, Report};
pub use setting::Setting;

pub use search_bestfirst::Variant as TieRule;
pub use search_bestfirst::mgame::Tie as MgTie;
pub use search_depthfirst::{EnhancedConfig, HintEval, MAX_PROBCUT_PASSES, ProbCut, Window};
pub use search_parallel::ProcessorTree;
pub use search_parallel::threads::{GameParallel, StageWorker};
pub use tree_core::{Bounds, Dewey, Game, StopHandle, StopReason, Tree, Value};

/// The README's Rust examples, run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;

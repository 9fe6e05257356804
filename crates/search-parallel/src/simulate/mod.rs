//! A deterministic processor-tree simulator for Campbell's parallel
//! algorithms (thesis ch. 4, Figs. 10-12 and p. 49; the cost model of
//! ch. 5): tree-splitting with and without the dynamic window update,
//! pv-splitting, parallel staged SSS*. Entry point: [`simulate()`].
//!
//! Time is counted in EVALTIME units: each terminal evaluation takes one
//! unit, move generation and messages are free. Two engines: the job-replay
//! engine here (a slave's sequential search is run when it is handed out,
//! its evaluations time-stamped, and the master consumes completions in
//! time order, ties to the lowest slave; `pvsplit.rs`, `staged.rs`), exact
//! whenever running jobs learn nothing new; and the time-stepped engine of
//! `update.rs` for Fig. 11's window update, whose terminal processors run
//! alpha-beta as step machines. Nothing depends on the host: the same tree
//! and processor tree give the same [`SimReport`] everywhere. The rules,
//! rule by rule with what the thesis says, are in `docs/PARALLEL.md`.

mod api;
mod error;
mod processors;
mod pvsplit;
mod replay;
mod report;
mod staged;
mod update;

pub use api::{SimAlgorithm, UnknownSimAlgorithm, simulate, simulate_treesplit};
pub use error::ParallelError;
pub use processors::ProcessorTree;
pub use report::SimReport;

//! # search-bestfirst: the SSS* family under a memory budget
//!
//! Layer: depends on `tree-core`, and on `search-depthfirst` for the
//! hybrids and leaf searches; only the CLI, `xtask` and the benches depend on
//! it.
//!
//! Every algorithm here stores its OPEN list in storage allocated before
//! the search for the caller's budget M — one [`Open`] array, or for SSS\*,
//! its relatives and IterSSS\* the blocks of the AND/OR tree OPEN is the
//! frontier of — counted in entries as the papers count them (bytes are
//! reported too, see [`Memory`]). No search holds more entries than its
//! budget, and a budget below the algorithm's minimum on the given tree is
//! refused up front with [`BestFirstError::BudgetTooSmall`] stating that
//! minimum.
//! Every search reports its peak OPEN occupancy in its [`Outcome`].
//!
//! Counting of leaves and expansions is done by wrapping the tree in
//! [`tree_core::Counted`] or [`tree_core::Traced`], as for every search in
//! the workspace.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod algorithm;
mod blocks;
mod error;
mod hybrid;
pub mod itersss;
mod limited;
pub mod memsss;
pub mod mgame;
mod open;
mod quickgame;
pub mod recsss;
pub mod sss;

pub use algorithm::{Algorithm, Options, UnknownAlgorithm};
pub use error::BestFirstError;
pub use hybrid::{alphabeta_over_sss, sss_over_alphabeta, staged_minimum, staged_sss};
pub use itersss::{IterConfig, IterCounts, IterOpen, itersss, itersss_in, itersss_minimum};
pub use memsss::{
    Activation, MemConfig, MemEvent, MemEvents, MemShape, memdual, memdual_maximum,
    memdual_minimum, memdual_with_events, memsss, memsss_maximum, memsss_minimum,
    memsss_with_events,
};
pub use mgame::{MgConfig, MgTie, mgame, mgame_memory};
pub use open::{Memory, Open, Outcome};
pub use quickgame::{
    QgConfig, QgOpen, QgVariant, qg_minimum_memory, qg_search, qg1, qg2, qg3, quickgame,
};
pub use recsss::{RecConfig, recdual, recsss};
pub use sss::{
    Aspired, Entry, OpenTrace, SssConfig, Status, Variant, dual, format_open, minimum_memory, sss,
    sss_aspiration, sss_open_trace,
};

use tree_core::{Bounds, Tree};

/// The shape a memory-bounded search sizes its OPEN from: `given`, or else
/// what the tree reports.
///
/// # Errors
/// [`BestFirstError::UnknownShape`] if neither is known.
pub fn shape<T: Tree + ?Sized>(
    tree: &T,
    given: Option<Bounds>,
    algorithm: &'static str,
) -> Result<Bounds, BestFirstError> {
    given
        .or_else(|| tree.bounds())
        .ok_or(BestFirstError::UnknownShape { algorithm })
}

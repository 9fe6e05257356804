//! Enhanced searches for real games: the engine, its table, its drivers
//! and its workers. Documented at the crate root (## The enhanced
//! searches); every public item is re-exported there.

mod algorithm;
mod config;
mod iterate;
mod order;
mod report;
mod search;
mod sequential;
mod shared;
mod split;
mod table;
mod worker;

pub use algorithm::{EnhancedAlgorithm, UnknownEnhancedAlgorithm};
pub use config::{EnhancedConfig, HintEval, MAX_PROBCUT_PASSES, ProbCut};
pub use report::{EnhancedReport, IterationStats};
pub use sequential::Enhanced;
pub use shared::SharedTable;
pub use split::{SplitJob, Splitter};
pub use table::{GameTable, TableStats};
pub use worker::Worker;

//! A task farm over a [`Transport`](crate::Transport) ([`Farm`]): batches
//! of independent jobs spread over the ranks, results in job order on
//! every rank.

mod batch;
mod config;
mod error;
mod queue;
mod wire;

pub use self::batch::Farm;
pub use self::config::FarmConfig;
pub use self::error::FarmError;

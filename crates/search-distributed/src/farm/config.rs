//! [`FarmConfig`]: how a farm runs on one rank.

use std::time::Duration;

/// How a [`Farm`](super::Farm) runs on this rank. Ranks may differ in `threads`; the
/// timing fields should agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FarmConfig {
    /// Threads that compute jobs on this rank. At least one on every rank
    /// but rank 0, which may have none (then it only hands out jobs and
    /// gathers results) unless it is the only rank.
    pub threads: usize,
    /// A rank sends something to its peer (rank 0 to every rank, every
    /// rank to rank 0) at least this often during a batch (default 1 s).
    pub heartbeat: Duration,
    /// A peer silent for this long during a batch is reported dead
    /// (default 30 s). Must exceed `heartbeat`. It also bounds how far
    /// apart the ranks may arrive at a batch: the work between batches is
    /// not heard from.
    pub timeout: Duration,
    /// The longest a waiting rank sleeps between two looks at its
    /// messages (default 200 µs); results of its own threads wake it at
    /// once.
    pub idle_sleep: Duration,
}

impl FarmConfig {
    /// `threads` compute threads, the default timings.
    pub const fn new(threads: usize) -> FarmConfig {
        FarmConfig {
            threads,
            heartbeat: Duration::from_secs(1),
            timeout: Duration::from_secs(30),
            idle_sleep: Duration::from_micros(200),
        }
    }
}

//! Search limits: a deadline, a leaf budget and a stop handle, and the
//! [`Meter`] a search keeps to honour them.
//!
//! Every search of the workspace takes a [`Limits`] value in its
//! configuration (the default is no limit). The search owns a [`Meter`] and
//! calls [`Meter::leaf`] before each terminal evaluation; the meter counts,
//! and every [`Meter::CHECK_EVERY`] leaves (or at the leaf budget) it looks
//! at the clock and at the stop flag. When a limit is reached the search
//! unwinds with [`Stopped`], which carries the reason and the counts so far;
//! iterative searches instead return the last iteration they completed.
//!
//! Without limits, [`Meter::leaf`] is one increment and one comparison, so
//! the unlimited path costs next to nothing.
//!
//! ```
//! use std::time::Duration;
//! use tree_core::{Limits, Meter, StopHandle, StopReason};
//!
//! let mut meter = Meter::new(&Limits::default().with_max_leaves(3));
//! assert!(meter.leaf().is_ok() && meter.leaf().is_ok() && meter.leaf().is_ok());
//! let stopped = meter.leaf().unwrap_err();
//! assert_eq!((stopped.reason, stopped.leaves), (StopReason::LeafLimit, 3));
//!
//! let stop = StopHandle::new();
//! let mut meter = Meter::new(&Limits::default().with_stop(stop.clone()));
//! stop.stop();
//! assert_eq!(meter.check().unwrap_err().reason, StopReason::Cancelled);
//! # let _ = Duration::ZERO;
//! ```

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A flag another thread can raise to stop a running search.
///
/// Clones share the flag: give one to the search (in its [`Limits`]) and
/// keep one to call [`StopHandle::stop`].
#[derive(Debug, Clone, Default)]
pub struct StopHandle(Arc<AtomicBool>);

impl StopHandle {
    /// A new, lowered flag.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }

    /// Asks every search holding this handle to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`StopHandle::stop`] was called.
    #[inline]
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag again, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}

/// When a search must stop: a deadline, a number of leaf evaluations, a
/// stop handle. Any combination; the default has none.
#[derive(Debug, Clone, Default)]
pub struct Limits {
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Evaluate at most this many leaves (terminals).
    pub max_leaves: Option<u64>,
    /// Stop when this handle is raised.
    pub stop: Option<StopHandle>,
}

impl Limits {
    /// No limit at all.
    pub fn none() -> Limits {
        Limits::default()
    }

    /// These limits with a deadline `time` from now; a time too far ahead
    /// for the clock to represent (such as [`Duration::MAX`]) sets no
    /// deadline.
    pub fn with_time(self, time: Duration) -> Limits {
        match Instant::now().checked_add(time) {
            Some(deadline) => self.with_deadline(deadline),
            None => self,
        }
    }

    /// These limits with a deadline.
    pub fn with_deadline(mut self, deadline: Instant) -> Limits {
        self.deadline = Some(deadline);
        self
    }

    /// These limits with a leaf budget.
    pub fn with_max_leaves(mut self, leaves: u64) -> Limits {
        self.max_leaves = Some(leaves);
        self
    }

    /// These limits with a stop handle.
    pub fn with_stop(mut self, stop: StopHandle) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// Whether no limit is set.
    pub fn is_none(&self) -> bool {
        self.deadline.is_none() && self.max_leaves.is_none() && self.stop.is_none()
    }
}

/// Why a search stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StopReason {
    /// The deadline passed.
    Deadline,
    /// The leaf budget was spent.
    LeafLimit,
    /// The stop handle was raised.
    Cancelled,
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StopReason::Deadline => "the deadline passed",
            StopReason::LeafLimit => "the leaf limit was reached",
            StopReason::Cancelled => "it was cancelled",
        })
    }
}

/// A search that stopped at one of its [`Limits`] before it knew the value:
/// why, and what it had done by then.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stopped {
    /// Which limit stopped it.
    pub reason: StopReason,
    /// Leaves evaluated before it stopped.
    pub leaves: u64,
    /// Time from the start of the search.
    pub elapsed: Duration,
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "search stopped because {} after {} leaves in {:.3} s",
            self.reason,
            self.leaves,
            self.elapsed.as_secs_f64()
        )
    }
}

impl std::error::Error for Stopped {}

/// A search's running count of leaf evaluations against its [`Limits`].
#[derive(Debug, Clone)]
pub struct Meter {
    leaves: u64,
    /// The next count at which [`Meter::leaf`] takes the slow path.
    check_at: u64,
    max_leaves: u64,
    deadline: Option<Instant>,
    stop: Option<StopHandle>,
    start: Instant,
}

impl Meter {
    /// How many leaves pass between two looks at the clock and the flag.
    pub const CHECK_EVERY: u64 = 1024;

    /// A meter for one search under `limits`, started now.
    pub fn new(limits: &Limits) -> Meter {
        let mut m = Meter {
            leaves: 0,
            check_at: 0,
            max_leaves: limits.max_leaves.unwrap_or(u64::MAX),
            deadline: limits.deadline,
            stop: limits.stop.clone(),
            start: Instant::now(),
        };
        // With a deadline or a stop handle, the first leaf looks at them
        // (so a deadline already past stops a search before its first
        // evaluation, however small the tree); then every CHECK_EVERY.
        m.check_at = if m.deadline.is_some() || m.stop.is_some() {
            0
        } else {
            m.next_check()
        };
        m
    }

    /// A meter with no limit.
    pub fn unlimited() -> Meter {
        Meter::new(&Limits::default())
    }

    fn next_check(&self) -> u64 {
        let periodic = if self.deadline.is_some() || self.stop.is_some() {
            self.leaves.saturating_add(Self::CHECK_EVERY)
        } else {
            u64::MAX
        };
        periodic.min(self.max_leaves)
    }

    /// Counts one leaf evaluation about to happen.
    ///
    /// # Errors
    /// [`Stopped`] if a limit is reached: the leaf budget is spent (the
    /// leaf is then not counted), the deadline passed or the stop handle
    /// was raised.
    #[inline]
    pub fn leaf(&mut self) -> Result<(), Stopped> {
        if self.leaves >= self.check_at {
            self.slow()?;
        }
        self.leaves += 1;
        Ok(())
    }

    #[cold]
    fn slow(&mut self) -> Result<(), Stopped> {
        if self.leaves >= self.max_leaves {
            return Err(self.stopped(StopReason::LeafLimit));
        }
        self.check()?;
        self.check_at = self.next_check();
        Ok(())
    }

    /// Looks at the clock and the stop flag now (searches call it between
    /// iterations or at other natural points; [`Meter::leaf`] calls it
    /// periodically).
    ///
    /// # Errors
    /// [`Stopped`] if the deadline passed or the handle was raised.
    pub fn check(&self) -> Result<(), Stopped> {
        if self.stop.as_ref().is_some_and(StopHandle::is_stopped) {
            return Err(self.stopped(StopReason::Cancelled));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(self.stopped(StopReason::Deadline));
        }
        Ok(())
    }

    /// The [`Stopped`] report for `reason` at this point.
    pub fn stopped(&self, reason: StopReason) -> Stopped {
        Stopped {
            reason,
            leaves: self.leaves,
            elapsed: self.start.elapsed(),
        }
    }

    /// Leaves counted so far.
    pub fn leaves(&self) -> u64 {
        self.leaves
    }

    /// Time since the meter was made.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_never_stops() {
        let mut m = Meter::unlimited();
        for _ in 0..10_000 {
            m.leaf().unwrap();
        }
        assert_eq!(m.leaves(), 10_000);
        assert!(m.check().is_ok());
    }

    #[test]
    fn leaf_limit_is_exact() {
        for n in [0, 1, 1023, 1024, 1025, 5000] {
            let mut m = Meter::new(&Limits::none().with_max_leaves(n));
            let mut ok = 0;
            let err = loop {
                match m.leaf() {
                    Ok(()) => ok += 1,
                    Err(e) => break e,
                }
            };
            assert_eq!(ok, n);
            assert_eq!(err.reason, StopReason::LeafLimit);
            assert_eq!(err.leaves, n);
        }
    }

    #[test]
    fn a_past_deadline_stops_before_the_first_leaf() {
        let mut m = Meter::new(&Limits::none().with_deadline(Instant::now()));
        let mut n = 0;
        let err = loop {
            match m.leaf() {
                Ok(()) => n += 1,
                Err(e) => break e,
            }
        };
        assert_eq!(n, 0);
        assert_eq!(err.reason, StopReason::Deadline);
        assert!(err.to_string().contains("deadline"), "{err}");
    }

    #[test]
    fn the_handle_stops_a_search_and_resets() {
        let h = StopHandle::new();
        let mut m = Meter::new(&Limits::none().with_stop(h.clone()));
        for _ in 0..3000 {
            m.leaf().unwrap();
        }
        h.stop();
        let mut n = 0;
        while m.leaf().is_ok() {
            n += 1;
        }
        assert!(n <= Meter::CHECK_EVERY);
        h.reset();
        assert!(Meter::new(&Limits::none().with_stop(h)).check().is_ok());
    }
}

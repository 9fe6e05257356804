//! What every thread of one search shares ([`Shared`]: the stop flag, the
//! first error, the limits and the leaves handed out against the budget,
//! the root's best move), and the helpers that run a thread's part of a
//! search under it.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use tree_core::{Limits, Meter, StopReason, Value};

use super::error::ThreadError;

/// A job gave up because the search is stopping (an error elsewhere, a
/// limit, or its job was cancelled); the reason, if any, is in [`Shared`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// What every thread of one search shares: the stop flag, the first error,
/// the limits with the leaves handed out against the budget, and the
/// root's best move so far.
#[derive(Debug)]
pub(crate) struct Shared {
    stop: AtomicBool,
    error: Mutex<Option<ThreadError>>,
    deadline: Option<Instant>,
    handle: Option<tree_core::StopHandle>,
    /// The leaf budget (`u64::MAX`: none).
    max_leaves: u64,
    /// Leaves handed out in [`Quota`]s and not given back: never more
    /// than `max_leaves`.
    granted: AtomicU64,
    start: Instant,
    /// The root's best score and move so far (see [`Shared::note_root`]).
    best: Mutex<Option<(Value, usize)>>,
}

impl Default for Shared {
    fn default() -> Shared {
        Shared::new(&Limits::none())
    }
}

/// Leaves a thread may evaluate before it asks [`Shared`] for more (and
/// looks at the clock, the stop handle and the stop flag).
#[derive(Debug, Default)]
pub(crate) struct Quota(u64);

impl Shared {
    /// Leaves handed out at a time: between two looks at the clock, a
    /// thread evaluates at most this many.
    pub(crate) const BATCH: u64 = Meter::CHECK_EVERY;

    /// The shared state of a search under `limits`, started now.
    pub(crate) fn new(limits: &Limits) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            error: Mutex::new(None),
            deadline: limits.deadline,
            handle: limits.stop.clone(),
            max_leaves: limits.max_leaves.unwrap_or(u64::MAX),
            granted: AtomicU64::new(0),
            start: Instant::now(),
            best: Mutex::new(None),
        }
    }

    /// Records `e` (if it is the first failure) and stops every thread.
    pub(crate) fn fail(&self, e: ThreadError) -> Stopped {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if slot.is_none() {
            *slot = Some(e);
        }
        self.stop.store(true, Relaxed);
        Stopped
    }

    pub(crate) fn stopped(&self) -> bool {
        self.stop.load(Relaxed)
    }

    /// Stops the search for `reason` (its counts are filled in at the end,
    /// by [`Shared::finish`]).
    fn limit(&self, reason: StopReason) -> Stopped {
        self.fail(ThreadError::Stopped(tree_core::Stopped {
            reason,
            leaves: 0,
            elapsed: Duration::ZERO,
        }))
    }

    /// Checks the stop flag, the stop handle and the deadline.
    ///
    /// # Errors
    /// [`Stopped`] if the search is stopping or must stop now.
    pub(crate) fn check(&self) -> Result<(), Stopped> {
        if self.stopped() {
            return Err(Stopped);
        }
        if self.handle.as_ref().is_some_and(|h| h.is_stopped()) {
            return Err(self.limit(StopReason::Cancelled));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(self.limit(StopReason::Deadline));
        }
        Ok(())
    }

    /// Takes one leaf evaluation from `quota`, refilling it (and checking
    /// the limits) when it is empty.
    #[inline]
    pub(crate) fn leaf(&self, quota: &mut Quota) -> Result<(), Stopped> {
        if quota.0 == 0 {
            self.refill(quota)?;
        }
        quota.0 -= 1;
        Ok(())
    }

    /// Checks the limits and hands `quota` up to [`Shared::BATCH`] more
    /// leaves of the budget.
    #[cold]
    fn refill(&self, quota: &mut Quota) -> Result<(), Stopped> {
        self.check()?;
        if self.max_leaves == u64::MAX {
            quota.0 = Self::BATCH;
            return Ok(());
        }
        let mut granted = self.granted.load(Relaxed);
        loop {
            let left = self.max_leaves.saturating_sub(granted);
            if left == 0 {
                return Err(self.limit(StopReason::LeafLimit));
            }
            let grant = left.min(Self::BATCH);
            match self
                .granted
                .compare_exchange_weak(granted, granted + grant, Relaxed, Relaxed)
            {
                Ok(_) => {
                    quota.0 = grant;
                    return Ok(());
                }
                Err(now) => granted = now,
            }
        }
    }

    /// Gives the unused part of `quota` back to the budget.
    pub(crate) fn give_back(&self, quota: &mut Quota) {
        if self.max_leaves != u64::MAX && quota.0 > 0 {
            self.granted.fetch_sub(quota.0, Relaxed);
        }
        quota.0 = 0;
    }

    /// The root's move `i` raised the root's score to `t`, strictly: its
    /// search returned `t` with a window below `t`, so `t` is its value
    /// (or, at or above the root's β, a bound that refutes). The move of
    /// the greatest such `t` is the root's best.
    pub(crate) fn note_root(&self, t: Value, i: usize) {
        let mut best = self.best.lock().unwrap_or_else(|p| p.into_inner());
        if best.is_none_or(|(v, _)| t > v) {
            *best = Some((t, i));
        }
    }

    /// The root's best move, if any move raised its score.
    pub(crate) fn best(&self) -> Option<usize> {
        self.best
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .map(|(_, i)| i)
    }

    /// The error that stopped the search.
    fn take_error(&self) -> ThreadError {
        self.error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
            .unwrap_or_else(|| ThreadError::WorkerPanicked {
                message: "a search thread stopped without reporting why".into(),
            })
    }

    /// `result` of a whole search whose threads evaluated `leaves` in all:
    /// the value, or the recorded error (a stop with its counts).
    pub(crate) fn finish<R>(
        &self,
        result: Result<R, Stopped>,
        leaves: u64,
    ) -> Result<R, ThreadError> {
        match result {
            Ok(r) if !self.stopped() => Ok(r),
            _ => Err(match self.take_error() {
                ThreadError::Stopped(s) => ThreadError::Stopped(tree_core::Stopped {
                    leaves,
                    elapsed: self.start.elapsed(),
                    ..s
                }),
                e => e,
            }),
        }
    }
}

/// Runs `f`, turning a panic into [`ThreadError::WorkerPanicked`] recorded
/// in `shared` (which stops every other thread).
pub(crate) fn guarded<R>(
    shared: &Shared,
    f: impl FnOnce() -> Result<R, Stopped>,
) -> Result<R, Stopped> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => Err(shared.fail(ThreadError::WorkerPanicked {
            message: panic_message(payload.as_ref()),
        })),
    }
}

pub(crate) fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic with a non-string payload".into()
    }
}

/// One zeroed counter per thread.
pub(crate) fn counters(n: usize) -> Vec<AtomicU64> {
    (0..n).map(|_| AtomicU64::new(0)).collect()
}

pub(crate) fn totals(counters: &[AtomicU64]) -> Vec<u64> {
    counters.iter().map(|c| c.load(Relaxed)).collect()
}

//! The reproduction spread over ranks (`cargo xtask reproduce --mpi`).
//!
//! Every rank runs the same reproduction in lockstep: the same
//! experiments, the same job lists. While a farm is [`install`]ed on a
//! thread, [`jobs::run`](super::jobs::run) on that thread does not run its
//! jobs on rayon's threads but hands them to the farm
//! (`search_distributed::Farm`): rank 0 deals job indices out to whichever
//! rank has a free thread, each result comes back serialized (CBOR), and
//! every rank receives every result in job order — rank 0's own results
//! go through the same bytes — so every rank aggregates the same numbers
//! and reaches the next batch with the same job list. Only rank 0 shows
//! progress and writes documents.
//!
//! A job is sent as its index, so an experiment is sweepable when its
//! jobs go through [`jobs::run`](super::jobs::run) (as they must anyway),
//! its job list is a function of the [`Config`](super::Config) alone, and
//! its result type derives `Serialize` and `Deserialize`. Work done
//! outside `jobs::run` is repeated on every rank, not spread.

use std::any::type_name;
use std::cell::RefCell;
use std::fmt;
use std::hash::{DefaultHasher, Hash, Hasher};

use anyhow::{Context, Result};
use search_distributed::{Farm, FarmError, Transport};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::progress::Progress;

/// A farm over any transport (MPI ranks, or threads in tests).
pub type Ranks = Farm<Box<dyn Transport>>;

struct Sweep {
    farm: Ranks,
    /// The run's inputs, mixed into every batch's fingerprint.
    fingerprint: u64,
}

thread_local! {
    static SWEEP: RefCell<Option<Sweep>> = const { RefCell::new(None) };
}

/// From now on, [`jobs::run`](super::jobs::run) on this thread spreads its
/// jobs over `farm`'s ranks; `fingerprint` stands for the run's inputs
/// (rank 0 checks at every batch that all ranks have the same).
#[cfg_attr(not(any(feature = "mpi", test)), allow(dead_code))]
pub fn install(farm: Ranks, fingerprint: u64) {
    SWEEP.with(|s| *s.borrow_mut() = Some(Sweep { farm, fingerprint }));
}

/// Ends the sweep on this thread and returns its farm.
#[cfg_attr(not(any(feature = "mpi", test)), allow(dead_code))]
pub fn uninstall() -> Option<Ranks> {
    SWEEP.with(|s| s.borrow_mut().take().map(|s| s.farm))
}

/// `Some("K ranks × T threads")` during a sweep (T: this rank's compute
/// threads).
pub fn describe() -> Option<String> {
    SWEEP.with(|s| {
        s.borrow().as_ref().map(|s| {
            let (k, t) = (s.farm.size(), s.farm.config().threads);
            format!(
                "{k} rank{} × {t} thread{}",
                if k == 1 { "" } else { "s" },
                if t == 1 { "" } else { "s" }
            )
        })
    })
}

/// During a sweep, on rank 0: the jobs each rank has computed so far.
pub fn jobs_by_rank() -> Option<Vec<u64>> {
    SWEEP.with(|s| s.borrow().as_ref().map(|s| s.farm.jobs_by_rank().to_vec()))
}

/// A failure of a batch of a sweep, as an error of the reproduction: a
/// job's failure reads as it would in a single-process run.
#[derive(Debug)]
pub struct SweepError(pub FarmError);

impl fmt::Display for SweepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            FarmError::Job { message, .. } => f.write_str(message),
            FarmError::Dist(e) => write!(f, "the sweep over MPI ranks failed: {e}"),
        }
    }
}

impl std::error::Error for SweepError {}

/// The sweep's failure behind `e`, if that is what `e` is.
#[cfg_attr(not(any(feature = "mpi", test)), allow(dead_code))]
pub fn farm_error(e: &anyhow::Error) -> Option<&FarmError> {
    e.chain()
        .find_map(|c| c.downcast_ref::<SweepError>())
        .map(|s| &s.0)
}

/// Runs `work` on every job through the installed farm, results in job
/// order; `None` when no farm is installed on this thread.
pub(super) fn run<J, R>(
    jobs: &[J],
    progress: &Progress,
    work: &(impl Fn(&J) -> Result<R> + Sync),
) -> Option<Result<Vec<R>>>
where
    J: Sync,
    R: Serialize + DeserializeOwned,
{
    SWEEP.with(|s| {
        // Jobs run on the farm's threads, which have no sweep of their
        // own: this borrow is never taken twice.
        let mut s = s.borrow_mut();
        let sweep = s.as_mut()?;
        let mut h = DefaultHasher::new();
        (
            sweep.fingerprint,
            jobs.len(),
            type_name::<J>(),
            type_name::<R>(),
        )
            .hash(&mut h);
        let compute = |i: usize| -> Result<Vec<u8>, String> {
            let r = work(&jobs[i]).map_err(|e| format!("{e:#}"))?;
            encode(&r).map_err(|e| format!("{e:#}"))
        };
        let out = sweep
            .farm
            .run(jobs.len(), h.finish(), compute, |_| progress.inc(1));
        Some(match out {
            Ok(results) => results.iter().map(|b| decode(b)).collect(),
            Err(e) => Err(SweepError(e).into()),
        })
    })
}

/// A job's result on the wire.
pub fn encode<R: Serialize>(r: &R) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    ciborium::into_writer(r, &mut bytes).context("serializing a job's result")?;
    Ok(bytes)
}

/// A job's result from the wire.
pub fn decode<R: DeserializeOwned>(bytes: &[u8]) -> Result<R> {
    ciborium::from_reader(bytes).context("deserializing a job's result")
}

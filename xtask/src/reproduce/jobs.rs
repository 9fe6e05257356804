//! Independent jobs on rayon's threads, results in job order.
//!
//! An experiment is a list of jobs (one tree searched by every algorithm of
//! a cell, one Othello position searched by every algorithm at every depth,
//! …). Each job is a pure function of its description, so the results do
//! not depend on which thread ran it or when; [`run`] returns them in job
//! order and the experiment aggregates them in that order. That is also
//! what a distributed sweep needs: any worker may run any job. During a
//! sweep (`--mpi`) the jobs go to the ranks instead ([`super::sweep`]),
//! which is why results must be serializable.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::Result;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::progress::Progress;
use super::sweep;

/// Runs `work` on every job and returns the results in job order, or the
/// error of the first failing job (in job order; jobs not yet started are
/// skipped once one fails).
///
/// Every thread takes the next job in order as soon as it is free, so the
/// cores stay busy until the last job starts; each finished job advances
/// `progress` by one. During a sweep over ranks ([`sweep::install`]) the
/// jobs are spread over the ranks the same way, and every rank gets every
/// result (through its serialized form; a job's error as its text).
pub fn run<J, R>(
    jobs: &[J],
    progress: &Progress,
    work: impl Fn(&J) -> Result<R> + Sync,
) -> Result<Vec<R>>
where
    J: Sync,
    R: Send + Serialize + DeserializeOwned,
{
    if let Some(out) = sweep::run(jobs, progress, &work) {
        return out;
    }
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<R>>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    rayon::broadcast(|_| {
        while !failed.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(i) else {
                break;
            };
            let result = work(job);
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            progress.inc(1);
            // Each index is handed out once: no other thread touches slot i.
            *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(result);
        }
    });
    let mut out = Vec::with_capacity(jobs.len());
    let mut missing = false;
    for slot in slots {
        match slot.into_inner().unwrap_or_else(|e| e.into_inner()) {
            Some(Ok(r)) => out.push(r),
            Some(Err(e)) => return Err(e),
            None => missing = true,
        }
    }
    // A job is skipped only after another failed, and that error is
    // returned above.
    assert!(!missing, "a job was skipped although none failed");
    Ok(out)
}

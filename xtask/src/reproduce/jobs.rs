//! Independent jobs on rayon's threads, results in job order.
//!
//! An experiment is a list of jobs (one tree searched by every algorithm of
//! a cell, one Othello position searched by one algorithm at every depth,
//! …). Each job is a pure function of its description, so the results do
//! not depend on which thread ran it or when; [`run`] returns them in job
//! order and the experiment aggregates them in that order. That is also
//! what a distributed sweep needs: any worker may run any job.

use std::cmp::Reverse;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use anyhow::Result;

use super::progress::Progress;

/// Runs `work` on every job and returns the results in job order, or the
/// error of the first failing job (in job order; jobs not yet started are
/// skipped once one fails).
///
/// Jobs are taken costliest first (by `cost`, ties in job order), each
/// thread taking the next one as soon as it is free: a long job never
/// starts last and leaves the other cores idle. `cost` is also what each
/// job adds to `progress`.
pub fn run<J, R>(
    jobs: &[J],
    cost: impl Fn(&J) -> u64 + Sync,
    progress: &Progress,
    work: impl Fn(&J) -> Result<R> + Sync,
) -> Result<Vec<R>>
where
    J: Sync,
    R: Send,
{
    let costs: Vec<u64> = jobs.iter().map(cost).collect();
    let mut order: Vec<usize> = (0..jobs.len()).collect();
    order.sort_by_key(|&i| Reverse(costs[i]));
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Vec<Mutex<Option<Result<R>>>> = jobs.iter().map(|_| Mutex::new(None)).collect();
    rayon::broadcast(|_| {
        while !failed.load(Ordering::Relaxed) {
            let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            let result = work(&jobs[i]);
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            progress.inc(costs[i]);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproduce::progress::Mode;

    fn hidden() -> Progress {
        Progress::new(Mode::Hidden, "test", 0, 0)
    }

    #[test]
    fn results_come_back_in_job_order() {
        let jobs: Vec<u64> = (0..200).collect();
        // Costs in reverse of job order, so jobs run in the other order.
        let out = run(&jobs, |&j| j % 7, &hidden(), |&j| Ok(j * j)).unwrap();
        assert_eq!(out, jobs.iter().map(|j| j * j).collect::<Vec<_>>());
    }

    #[test]
    fn the_first_error_in_job_order_is_returned() {
        let jobs: Vec<u64> = (0..50).collect();
        let e = run(
            &jobs,
            |_| 1,
            &hidden(),
            |&j| {
                if j % 10 == 3 {
                    anyhow::bail!("job {j} failed")
                }
                Ok(j)
            },
        )
        .unwrap_err();
        // Equal costs: jobs are taken in job order, so job 3 is taken (and
        // finishes) before any other failing job, whichever thread is
        // faster, and its error is the one reported.
        assert_eq!(e.to_string(), "job 3 failed");
    }

    #[test]
    fn no_jobs_no_results() {
        let out: Vec<u8> = run(&[] as &[u8], |_| 1, &hidden(), |&j| Ok(j)).unwrap();
        assert!(out.is_empty());
    }
}

//! `reproduce::jobs`: results in job order, the first error in job order.

use xtask::reproduce::jobs::run;
use xtask::reproduce::progress::{Mode, Progress};

fn hidden() -> Progress {
    Progress::new(Mode::Hidden, "test", 0)
}

#[test]
fn results_come_back_in_job_order() {
    let jobs: Vec<u64> = (0..200).collect();
    // Uneven work, so threads finish jobs out of order.
    let out = run(&jobs, &hidden(), |&j| {
        let spin = (0..(j % 7) * 10_000).fold(0u64, |a, x| a ^ x.wrapping_mul(j));
        std::hint::black_box(spin);
        Ok(j * j)
    })
    .unwrap();
    assert_eq!(out, jobs.iter().map(|j| j * j).collect::<Vec<_>>());
}

#[test]
fn the_first_error_in_job_order_is_returned() {
    let jobs: Vec<u64> = (0..50).collect();
    let e = run(&jobs, &hidden(), |&j| {
        if j % 10 == 3 {
            anyhow::bail!("job {j} failed")
        }
        Ok(j)
    })
    .unwrap_err();
    // Jobs are taken in order, so job 3 is taken (and finishes) before
    // any other failing job, whichever thread is faster, and its error
    // is the one reported.
    assert_eq!(e.to_string(), "job 3 failed");
}

#[test]
fn no_jobs_no_results() {
    let out: Vec<u8> = run(&[] as &[u8], &hidden(), |&j| Ok(j)).unwrap();
    assert!(out.is_empty());
}

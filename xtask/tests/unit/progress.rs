//! `reproduce::progress`: processor time, durations, status lines.

use std::time::{Duration, Instant};

use xtask::reproduce::progress::{Lines, cpu_time, duration};

#[test]
fn cpu_time_grows_with_work() {
    let Some(before) = cpu_time() else {
        return; // not Linux
    };
    let mut x = 0u64;
    let start = Instant::now();
    while start.elapsed() < Duration::from_millis(300) {
        x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
    }
    let after = cpu_time().unwrap();
    // Busy for 300 ms of wall time: at least some of it on a processor,
    // however loaded the machine.
    assert!(after > before, "{before:?} then {after:?}");
}

#[test]
fn durations_read_well() {
    assert_eq!(duration(Duration::from_millis(1234)), "1.2 s");
    assert_eq!(duration(Duration::from_secs(245)), "4 min 05 s");
    assert_eq!(duration(Duration::from_secs(60)), "1 min 00 s");
}

#[test]
fn status_line_has_share_jobs_and_eta() {
    let mut l = Lines {
        label: "step".into(),
        jobs: 20,
        jobs_done: 5,
        started: Instant::now(),
        last_line: Instant::now(),
    };
    let ten = Duration::from_secs(10);
    // A quarter of the jobs in 10 s: 30 s to go.
    assert_eq!(
        l.status(ten),
        "  step: 5 of 20 jobs (25%), 10.0 s elapsed, ETA 30.0 s"
    );
    l.jobs_done = 0;
    assert!(l.status(ten).ends_with("ETA ?"));
}

//! `reproduce::config`: made-up durations.

use std::time::Duration;

use xtask::reproduce::config::fake_duration;

#[test]
fn fake_durations_differ() {
    let a: Vec<Duration> = (0..100).map(|_| fake_duration()).collect();
    let mut b = a.clone();
    b.sort();
    b.dedup();
    assert!(b.len() > 90);
    assert!(
        a.iter()
            .all(|d| d.as_nanos() >= 1_000 && d.as_nanos() < 1_000_000)
    );
}

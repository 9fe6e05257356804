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

/// `--counts-only` is a full run without timing: the default trees, no
/// clock, the committed documents' directory; it cannot be asked for with
/// `--quick` or `--write-docs`.
#[test]
fn counts_only_is_a_full_untimed_run() {
    use clap::Parser;
    use xtask::cli::{Cli, Command};
    let parse = |args: &[&str]| Cli::try_parse_from(["xtask", "reproduce"].iter().chain(args));
    let Command::Reproduce(args) = parse(&["--counts-only"]).unwrap().command else {
        panic!("not reproduce")
    };
    let plan = xtask::plan::plan(&args, xtask::reproduce::progress::Mode::Hidden).unwrap();
    assert!(!plan.cfg.timed());
    assert!(!plan.cfg.quick);
    assert_eq!(plan.cfg.trees, 100);
    assert!(
        plan.counts_dir.ends_with("docs/reproduction"),
        "{:?}",
        plan.counts_dir
    );
    for other in ["--quick", "--write-docs"] {
        assert!(parse(&["--counts-only", other]).is_err(), "{other}");
    }
}

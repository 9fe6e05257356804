//! The protocol on MPI processes (feature `mpi`): each test starts `mpirun`
//! on the `distributed-check` driver (the package's example
//! `examples/distributed_check.rs`, which the first test to need it builds
//! with cargo) and reads rank 0's JSON. Run by `scripts/test-mpi.sh`
//! (which skips when `mpirun` is missing); not part of `cargo test
//! --workspace`, which builds without the feature.
//!
//! Every `mpirun` runs under a deadline: a hang fails the test, and the
//! job is killed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value as Json;
use tree_core::corpus::mpirun::{self as job, open_mpi};

/// The `distributed-check` driver (built once per test run with the
/// feature, by [`job::example`]).
fn driver() -> PathBuf {
    job::example(env!("CARGO_MANIFEST_DIR"), "distributed-check")
}

/// `mpirun -np ranks [extra] distributed-check args…`, killed (and the test
/// failed) after `limit`.
fn mpirun(ranks: usize, extra: &[&str], args: &[&str], limit: Duration) -> Output {
    job::run(ranks, extra, driver(), args, limit)
}

/// Rank 0's JSON lines of a successful run.
fn json_lines(out: &Output) -> Vec<Json> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "status {:?}\nstdout: {stdout}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn corpus(ranks: usize, processors: &str) {
    let out = mpirun(
        ranks,
        &[],
        &["corpus", "--processors", processors],
        Duration::from_secs(600),
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1, "one JSON object from rank 0 only");
    let r = &lines[0];
    let trees = r["trees"].as_u64().unwrap();
    assert!(trees >= 500, "{trees} trees");
    assert_eq!(r["wrong"], 0, "{r}");
    let variants = r["variants"].as_object().unwrap();
    assert_eq!(variants.len(), 4);
    for (name, v) in variants {
        assert_eq!(v["searches"].as_u64(), Some(trees), "{name}");
        assert_eq!(v["wrong"], 0, "{name}");
        assert!(
            v["messages"]["assign"]["sent"].as_u64().unwrap() > 0,
            "{name}"
        );
        eprintln!(
            "{processors} {name}: {} searches, {} leaves (sequential {}), {} ASSIGN, {} UPDATE, \
             {} TERMINATE, {:.1} ms",
            v["searches"],
            v["leaves"],
            v["sequential"],
            v["messages"]["assign"]["sent"],
            v["messages"]["update"]["sent"],
            v["messages"]["terminate"]["sent"],
            v["elapsed_ms"].as_f64().unwrap()
        );
    }
}

#[test]
fn mpi_exact_on_the_corpus_with_processor_tree_1_2() {
    corpus(3, "1,2");
}

#[test]
fn mpi_exact_on_the_corpus_with_processor_tree_1_3() {
    corpus(4, "1,3");
}

#[test]
fn mpi_exact_on_the_corpus_with_processor_tree_2_2() {
    corpus(7, "2,2");
}

#[test]
fn mpi_terminate_stops_the_slaves() {
    // 100 µs per evaluation: the second successor's job alone would take
    // 14 s; the cutoff on the first stops it at once.
    for (ranks, processors, second) in [(3, "1,2", 2), (7, "2,2", 4)] {
        let out = mpirun(
            ranks,
            &[],
            &[
                "terminate",
                "--processors",
                processors,
                "--evaltime-us",
                "100",
            ],
            Duration::from_secs(120),
        );
        let r = &json_lines(&out)[0];
        assert_eq!(r["value"], 0);
        let per_rank: Vec<u64> = serde_json::from_value(r["per_rank"].clone()).unwrap();
        let terminated: Vec<u64> = serde_json::from_value(r["terminated"].clone()).unwrap();
        let after: Vec<u64> = serde_json::from_value(r["after_terminate"].clone()).unwrap();
        let full = r["full_job"].as_u64().unwrap();
        let cut: u64 = per_rank[second..].iter().sum();
        eprintln!("{processors}: {r}");
        assert!(cut < full / 10, "{cut} of {full}");
        assert_eq!(terminated[second], 1);
        assert!(after.iter().all(|&a| a <= 64), "{after:?}");
    }
}

#[test]
fn mpi_counts_equal_the_simulators_where_no_rank_was_late() {
    // Under EVALTIME emulation (3 ms) the protocol follows the simulator's
    // clock; wherever no rank fell off it, every rank evaluated exactly
    // the terminals the simulator gives its processor.
    let mut checked = 0;
    for (ranks, processors) in [(3, "1,2"), (7, "2,2")] {
        for ordering in ["opt", "rand"] {
            let out = mpirun(
                ranks,
                &[],
                &[
                    "compare",
                    "--processors",
                    processors,
                    "--ordering",
                    ordering,
                    "--width",
                    "6",
                    "--depth",
                    "4",
                    "--trees",
                    "3",
                    "--algo",
                    "ts,pv",
                    "--evaltime-us",
                    "3000",
                ],
                Duration::from_secs(600),
            );
            for r in json_lines(&out) {
                assert_eq!(r["right"], true, "{r}");
                let late: Vec<u64> = serde_json::from_value(r["late"].clone()).unwrap();
                if late.iter().all(|&l| l == 0) {
                    assert_eq!(r["mpi"], r["sim"], "{r}");
                    assert_eq!(r["virtual_elapsed"], r["sim_elapsed"], "{r}");
                    checked += 1;
                } else {
                    eprintln!("late, not compared: {r}");
                }
            }
        }
    }
    assert!(checked >= 4, "only {checked} searches kept to the clock");
}

#[test]
fn mpi_a_wrong_rank_count_is_an_error_on_rank_0() {
    for (ranks, processors, needed) in [(5, "2,2", 7), (2, "1,2", 3), (4, "1,2", 3)] {
        let out = mpirun(
            ranks,
            &[],
            &["corpus", "--processors", processors],
            Duration::from_secs(60),
        );
        assert!(!out.status.success());
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("distributed-check: error: the processor tree"),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("mpirun -np {needed}")), "{stderr}");
        // Rank 0 alone says so.
        assert_eq!(
            stderr.matches("distributed-check: error").count(),
            1,
            "{stderr}"
        );
    }
}

/// What became of a job after one of its ranks was signalled.
struct Aftermath {
    /// The job's exit status.
    success: bool,
    /// Rank 0's standard error.
    stderr: String,
    /// From the signal until rank 0's error line (if it came), or until the
    /// job ended.
    reported: Option<Duration>,
    ended: Duration,
}

/// Starts a slow search writing its ranks' pids into a fresh directory,
/// sends `signal` to rank `victim` once the search runs, and watches rank
/// 0's standard error for the error. A stopped rank is killed once the
/// error is in (or after 60 s), so that the job can end.
fn victim(tag: &str, extra: &[&str], victim: usize, signal: &str) -> Aftermath {
    let dir = std::env::temp_dir().join(format!("search-distributed-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut child = job::mpirun(3)
        .args(extra)
        .arg(driver())
        .args(["slow", "--processors", "1,2", "--timeout-ms", "2000"])
        .args(["--pid-dir", dir.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts");
    let (reader, rx) = job::watch_stderr(&mut child, |l| l.contains("distributed-check: error"));
    let start = Instant::now();
    while !all_pids(&dir) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the ranks did not start"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // Let the search get going.
    std::thread::sleep(Duration::from_millis(700));
    let pid = std::fs::read_to_string(dir.join(format!("rank-{victim}.pid"))).unwrap();
    let pid = pid.trim().to_string();
    let status = Command::new("kill").args([signal, &pid]).status().unwrap();
    assert!(status.success(), "kill {signal} {pid}");
    let acted = Instant::now();
    let reported = rx
        .recv_timeout(Duration::from_secs(60))
        .ok()
        .map(|t| t.duration_since(acted));
    // Rank 0's abort ends the job, the stopped rank included (the runtime
    // continues and kills it). Only if the job is still there after 30 s
    // is the stopped rank killed here: killing it at once would race the
    // abort with the runtime's own reaction to a dead rank.
    let ended_alone = wait_for(&mut child, Duration::from_secs(30), &dir);
    if ended_alone.is_none() {
        eprintln!("the job did not end 30 s after rank 0's error: killing rank {victim}");
        for sig in ["-CONT", "-KILL"] {
            let _ = Command::new("kill")
                .args([sig, &pid])
                .stderr(Stdio::null())
                .status();
        }
    }
    let out = match ended_alone {
        Some(ok) => ok,
        None => wait_status(&mut child, Duration::from_secs(90), &dir),
    };
    let ended = acted.elapsed();
    let _ = std::fs::remove_dir_all(&dir);
    Aftermath {
        success: out,
        stderr: reader.join().expect("reader"),
        reported,
        ended,
    }
}

/// How long `mpirun` may take to notice that every rank has exited before
/// the test ends it: Open MPI's runtime has been seen, rarely, to leave its
/// exited ranks unreaped (state Z) and never return. The ranks' own
/// behaviour is what the tests check; that hang is the runtime's.
const REAP_GRACE: Duration = Duration::from_secs(10);

/// Waits for the job until `limit`: `Some(success)` when `mpirun` ends, or
/// `Some(false)` when every rank has exited and `mpirun` has not returned
/// within [`REAP_GRACE`] (it is then killed); `None` if a rank still runs.
fn wait_for(child: &mut std::process::Child, limit: Duration, dir: &Path) -> Option<bool> {
    let start = Instant::now();
    let mut all_exited: Option<Instant> = None;
    while start.elapsed() <= limit {
        if let Some(s) = child.try_wait().expect("wait") {
            return Some(s.success());
        }
        if ranks_exited(dir) {
            let since = *all_exited.get_or_insert_with(Instant::now);
            if since.elapsed() > REAP_GRACE {
                eprintln!(
                    "every rank exited but mpirun did not return in {REAP_GRACE:?}: killing it"
                );
                let _ = child.kill();
                let _ = child.wait();
                return Some(false);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

/// The state letter of `rank`'s process (`R`, `S`, `T`, `Z`, …), or `None`
/// once it is gone.
fn rank_state(dir: &Path, rank: usize) -> Option<(String, char)> {
    let pid = std::fs::read_to_string(dir.join(format!("rank-{rank}.pid"))).ok()?;
    let pid = pid.trim().to_string();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let state = status
        .lines()
        .find_map(|l| l.strip_prefix("State:"))?
        .trim()
        .chars()
        .next()?;
    Some((pid, state))
}

/// Whether every rank has exited (gone, or a zombie waiting to be reaped).
fn ranks_exited(dir: &Path) -> bool {
    (0..3).all(|r| rank_state(dir, r).is_none_or(|(_, s)| s == 'Z' || s == 'X'))
}

/// Waits for the job as [`wait_for`] does until `limit`; on a hang, kills
/// `mpirun` and every rank whose pid is in `dir`, and fails saying which
/// ranks were still alive and in what state.
fn wait_status(child: &mut std::process::Child, limit: Duration, dir: &Path) -> bool {
    if let Some(ok) = wait_for(child, limit, dir) {
        return ok;
    }
    let states: Vec<String> = (0..3)
        .map(|r| match rank_state(dir, r) {
            Some((pid, state)) => {
                let _ = Command::new("kill")
                    .args(["-KILL", &pid])
                    .stderr(Stdio::null())
                    .status();
                format!("rank {r} (pid {pid}): {state}")
            }
            None => format!("rank {r}: gone"),
        })
        .collect();
    let _ = child.kill();
    let _ = child.wait();
    panic!(
        "the job with a dead rank hung (killed after {limit:?}); {}",
        states.join("; ")
    );
}

fn all_pids(dir: &Path) -> bool {
    (0..3).all(|r| dir.join(format!("rank-{r}.pid")).exists())
}

#[test]
fn mpi_a_killed_slave_is_reported_by_rank_0() {
    if !open_mpi() {
        eprintln!("skipped: needs Open MPI's --enable-recovery");
        return;
    }
    // --enable-recovery: the runtime does not end the job itself, so
    // rank 0's own deadline (2 s here) finds the dead rank. (Open MPI
    // 4.1's mpirun then exits with 0 after MPI_Abort: the error is on
    // rank 0's standard error.)
    let a = victim("recovery", &["--enable-recovery"], 2, "-KILL");
    assert!(
        a.stderr
            .contains("distributed-check: error: rank 2 sent nothing for"),
        "{}",
        a.stderr
    );
    assert!(a.stderr.contains("it has died, hangs or is unreachable"));
    assert!(a.reported.is_some_and(|t| t < Duration::from_secs(30)));
    assert!(a.ended < Duration::from_secs(60), "{:?}", a.ended);
}

#[test]
fn mpi_a_stopped_slave_is_reported_by_rank_0() {
    // A rank that hangs (here: stopped) is silent without dying: only the
    // protocol's deadline can notice.
    let a = victim("stopped", &[], 1, "-STOP");
    assert!(!a.success);
    assert!(
        a.stderr
            .contains("distributed-check: error: rank 1 sent nothing for"),
        "{}",
        a.stderr
    );
    assert!(
        a.reported.is_some_and(|t| t < Duration::from_secs(30)),
        "{:?}",
        a.reported
    );
}

#[test]
fn mpi_a_killed_slave_without_recovery_ends_the_job() {
    // Without --enable-recovery Open MPI ends the job as soon as a rank
    // dies (mpirun says which); it must end, not hang.
    let a = victim("killed", &[], 2, "-KILL");
    assert!(!a.success);
    assert!(
        a.stderr.contains("process rank 2") || a.stderr.contains("rank 2 sent nothing"),
        "{}",
        a.stderr
    );
    assert!(a.ended < Duration::from_secs(60), "{:?}", a.ended);
}

#[test]
fn mpi_ping_pong_latency() {
    let out = mpirun(
        2,
        &[],
        &["ping", "--rounds", "2000"],
        Duration::from_secs(60),
    );
    let r = &json_lines(&out)[0];
    let median = r["rtt_us"]["median"].as_f64().unwrap();
    eprintln!("{r}");
    assert!(median > 0.0);
}

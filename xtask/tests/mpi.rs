//! `cargo xtask reproduce --mpi` on MPI ranks (feature `mpi`): each test
//! starts the sweep as a user would, through xtask's own launcher (which,
//! built with the feature, starts `mpirun` on itself). Built and run only
//! by `scripts/test-mpi.sh` (`[[test]]` with `required-features`), which
//! skips when `mpirun` is missing; `cargo test --workspace` does not build
//! it.
//!
//! Every run has a deadline: a hang fails the test and its process group
//! (the launcher, `mpirun` and the ranks) is killed.

mod support;

use std::collections::BTreeMap;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use tree_core::corpus::mpirun::{self as job, Kill, kill_group};

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");

/// `xtask args…` in its own process group, with Open MPI's consent to run
/// as root (CI containers; ignored otherwise), outside any MPI job.
fn xtask(args: &[&str]) -> Command {
    let mut cmd = Command::new(XTASK);
    cmd.args(args)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env_remove("RAYON_NUM_THREADS")
        .process_group(0)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    support::outside_mpi(&mut cmd);
    cmd
}

fn run(args: &[&str], limit: Duration) -> (Output, Duration) {
    let start = Instant::now();
    let child = xtask(args).spawn().expect("xtask starts");
    let out = job::finish(child, limit, &format!("xtask {args:?}"), Kill::Group);
    let took = start.elapsed();
    assert!(
        out.status.success(),
        "xtask {args:?}: {:?}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    (out, took)
}

/// A fresh scratch directory for this test.
fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("xtask-mpi-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every file under `dir` (relative path → bytes).
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(root, &path, out);
            } else {
                let bytes = std::fs::read(&path).unwrap();
                out.insert(path.strip_prefix(root).unwrap().to_path_buf(), bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Whether a document is a times document (`NAME-time.md`, `.csv`, plots):
/// wall-clock numbers, different on every run.
fn timed(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.contains("-time."))
}

/// The check: a 2-rank quick sweep and a single-process quick run
/// write the same documents, byte for byte (times documents aside; a quick
/// run writes none). Both ranks must have computed jobs.
#[test]
fn mpi_a_2_rank_quick_sweep_writes_the_documents_of_one_process() {
    let base = scratch("same");
    let (swept, alone) = (base.join("ranks"), base.join("alone"));
    let limit = Duration::from_secs(900);
    let (out, t_swept) = run(
        &[
            "reproduce",
            "--mpi",
            "--ranks",
            "2",
            "--quick",
            "--out",
            swept.to_str().unwrap(),
        ],
        limit,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("MPI sweep of 2 ranks"), "{stderr}");
    let per_rank: Vec<u64> = stderr
        .lines()
        .find_map(|l| l.strip_prefix("jobs per rank: "))
        .unwrap_or_else(|| panic!("no jobs per rank in {stderr}"))
        .split(", ")
        .map(|r| r.split_once(": ").unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(per_rank.len(), 2, "{stderr}");
    assert!(
        per_rank.iter().all(|&n| n > 0),
        "a rank idled: {per_rank:?}"
    );
    let (_, t_alone) = run(
        &["reproduce", "--quick", "--out", alone.to_str().unwrap()],
        limit,
    );
    let counts = |dir: &Path| -> BTreeMap<PathBuf, Vec<u8>> {
        files(dir).into_iter().filter(|(p, _)| !timed(p)).collect()
    };
    let (a, b) = (counts(&swept), counts(&alone));
    let names = |m: &BTreeMap<PathBuf, Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b));
    // Every experiment's counts document, Markdown and CSV.
    assert!(a.len() >= 12, "{:?}", names(&a));
    for (path, bytes) in &a {
        assert!(bytes == &b[path], "{} differs", path.display());
    }
    eprintln!(
        "2-rank sweep {:.1} s, one process {:.1} s, {} identical documents, jobs per rank \
         {per_rank:?}",
        t_swept.as_secs_f64(),
        t_alone.as_secs_f64(),
        a.len()
    );
    let _ = std::fs::remove_dir_all(&base);
}

/// What became of a sweep after one of its ranks was signalled.
struct Aftermath {
    success: bool,
    /// The launcher's and the ranks' standard error.
    stderr: String,
    /// From the signal until rank 0's error line, if it came.
    reported: Option<Duration>,
    /// From the signal until the sweep ended.
    ended: Duration,
    /// The documents written.
    written: usize,
}

/// Starts a 2-rank sweep long enough to be caught running (rank timeout
/// 2 s), sends `signal` to rank 1 once the jobs run, and watches rank 0's
/// standard error for the error. A stopped rank is killed once the error
/// is in (or after 60 s), so that the job can end.
fn victim(tag: &str, signal: &str) -> Aftermath {
    let base = scratch(tag);
    let (pids, out) = (base.join("pids"), base.join("out"));
    std::fs::create_dir_all(&pids).unwrap();
    let mut child = xtask(&[
        "reproduce",
        "--mpi",
        "--ranks",
        "2",
        "--quick",
        "--only",
        "bhattacharya-bagchi96",
        "--trees",
        "40",
        "--rank-timeout",
        "2",
        "--pid-dir",
        pids.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ])
    .stdout(Stdio::null())
    .spawn()
    .expect("xtask starts");
    let (reader, rx) = job::watch_stderr(&mut child, |l| l.starts_with("reproduce: error"));
    let start = Instant::now();
    while !(0..2).all(|r| pids.join(format!("rank-{r}.pid")).exists()) {
        if start.elapsed() > Duration::from_secs(120) {
            kill_group(&child);
            panic!("the ranks did not start");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // Let the jobs get going (the experiment takes tens of seconds).
    std::thread::sleep(Duration::from_millis(1500));
    let pid = std::fs::read_to_string(pids.join("rank-1.pid")).unwrap();
    let pid = pid.trim().to_string();
    let status = Command::new("kill").args([signal, &pid]).status().unwrap();
    assert!(status.success(), "kill {signal} {pid}");
    let acted = Instant::now();
    let reported = rx
        .recv_timeout(Duration::from_secs(60))
        .ok()
        .map(|t| t.duration_since(acted));
    // A stopped process outlives its job until it is continued or killed.
    let _ = Command::new("kill")
        .args(["-KILL", &pid])
        .stderr(Stdio::null())
        .status();
    let deadline = Duration::from_secs(120);
    let success = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s.success();
        }
        if acted.elapsed() > deadline {
            kill_group(&child);
            panic!("the sweep with a signalled rank hung (killed after {deadline:?})");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let ended = acted.elapsed();
    let written = if out.exists() { files(&out).len() } else { 0 };
    let _ = std::fs::remove_dir_all(&base);
    Aftermath {
        success,
        stderr: reader.join().expect("reader"),
        reported,
        ended,
        written,
    }
}

/// A rank that hangs (here: stopped) is silent without dying, which only
/// the farm's deadline notices: rank 0 says which rank, ends the job, and
/// writes nothing.
#[test]
fn mpi_a_stopped_rank_is_reported_by_rank_0() {
    let a = victim("stopped", "-STOP");
    assert!(!a.success, "{}", a.stderr);
    let error = a
        .stderr
        .lines()
        .find(|l| l.starts_with("reproduce: error: "))
        .unwrap_or_else(|| panic!("rank 0 said nothing: {}", a.stderr));
    assert!(
        error.contains("the sweep over MPI ranks failed: rank 1 sent nothing for"),
        "{error}"
    );
    assert!(
        error.contains("it has died, hangs or is unreachable"),
        "{error}"
    );
    assert!(
        a.reported.is_some_and(|t| t < Duration::from_secs(30)),
        "{:?}",
        a.reported
    );
    assert_eq!(a.written, 0, "documents of a failed sweep");
    eprintln!(
        "stopped rank reported after {:?}, sweep ended after {:?}",
        a.reported, a.ended
    );
}

/// A rank that dies ends the sweep (Open MPI's runtime ends the job and
/// says which rank; otherwise rank 0's deadline does): a failure, no hang,
/// no documents.
#[test]
fn mpi_a_killed_rank_ends_the_sweep() {
    let a = victim("killed", "-KILL");
    assert!(!a.success, "{}", a.stderr);
    assert!(
        a.stderr.contains("rank 1"),
        "which rank died is not said: {}",
        a.stderr
    );
    assert!(a.ended < Duration::from_secs(60), "{:?}", a.ended);
    assert_eq!(a.written, 0, "documents of a failed sweep");
    eprintln!("killed rank: sweep ended after {:?}", a.ended);
}

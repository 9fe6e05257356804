//! Running a test's program under `mpirun`: what the MPI tests of the
//! workspace (search-distributed's, gametree's, gametree-cli's, xtask's)
//! share to start a job, wait for it under a deadline and watch its
//! standard error. Test support, as the rest of [`corpus`](crate::corpus).
//!
//! ```no_run
//! use std::process::Stdio;
//! use std::time::Duration;
//! use tree_core::corpus::mpirun::{Kill, example, finish, mpirun};
//!
//! // A package's example built with its feature `mpi`, run on 3 ranks.
//! let program = example(env!("CARGO_MANIFEST_DIR"), "distributed-check");
//! let child = mpirun(3)
//!     .arg(program)
//!     .stdout(Stdio::piped())
//!     .stderr(Stdio::piped())
//!     .spawn()
//!     .expect("mpirun starts");
//! let out = finish(child, Duration::from_secs(120), "mpirun -np 3", Kill::Child);
//! assert!(out.status.success());
//! ```

use std::ffi::OsStr;
use std::fmt::Debug;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::OnceLock;
use std::sync::mpsc::{self, Receiver};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The example `name` of the package whose manifest is in `manifest_dir`
/// (a test's `env!("CARGO_MANIFEST_DIR")`), built with its feature `mpi`
/// by `cargo build --example` (an example has no `CARGO_BIN_EXE_…` path):
/// cargo finds it up to date or rebuilds it, and names the executable in
/// its JSON messages. The same profile as the calling test's (release
/// when debug assertions are off); the target directory is cargo's
/// (`CARGO_TARGET_DIR` is inherited). Built once per test process and
/// example.
///
/// # Panics
/// If cargo does not run, the build fails (cargo's messages are on
/// standard error) or cargo names no executable.
pub fn example(manifest_dir: &str, name: &str) -> PathBuf {
    static BUILT: OnceLock<std::sync::Mutex<Vec<(String, PathBuf)>>> = OnceLock::new();
    let built = BUILT.get_or_init(Default::default);
    let mut built = built.lock().unwrap_or_else(|e| e.into_inner());
    let key = format!("{manifest_dir}/{name}");
    if let Some((_, path)) = built.iter().find(|(k, _)| *k == key) {
        return path.clone();
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let manifest = Path::new(manifest_dir).join("Cargo.toml");
    let mut cmd = Command::new(cargo);
    cmd.arg("build")
        .arg("--manifest-path")
        .arg(&manifest)
        .args(["--example", name, "--features", "mpi"])
        .args(["--message-format", "json-render-diagnostics"]);
    if !cfg!(debug_assertions) {
        cmd.arg("--release");
    }
    let out = cmd
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|e| panic!("cargo does not run ({e}), to build the {name} example"));
    assert!(
        out.status.success(),
        "building the {name} example failed (cargo's messages above)"
    );
    let path = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == name)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo names no {name} executable"));
    built.push((key, path.clone()));
    path
}

/// Whether `mpirun` is Open MPI (which needs `--oversubscribe` to start
/// more ranks than cores, and consent to run as root).
///
/// # Panics
/// If `mpirun` does not run, saying how to install it.
pub fn open_mpi() -> bool {
    static OPEN_MPI: OnceLock<bool> = OnceLock::new();
    *OPEN_MPI.get_or_init(|| {
        let out = Command::new("mpirun")
            .arg("--version")
            .output()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run mpirun ({e}): install an MPI implementation (Debian: apt-get \
                     install openmpi-bin libopenmpi-dev) or use scripts/test-mpi.sh, which skips \
                     the MPI tests without it"
                )
            });
        String::from_utf8_lossy(&out.stdout).contains("Open MPI")
    })
}

/// `mpirun -np ranks`, to which the caller adds `mpirun`'s other options,
/// the program and its arguments: with Open MPI, `--oversubscribe` (more
/// ranks than cores) and the consent to run as root (CI containers;
/// ignored otherwise).
///
/// # Panics
/// As [`open_mpi`].
pub fn mpirun(ranks: usize) -> Command {
    let mut cmd = Command::new("mpirun");
    if open_mpi() {
        cmd.arg("--oversubscribe")
            .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
            .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    }
    cmd.args(["-np", &ranks.to_string()]);
    cmd
}

/// Runs `mpirun -np ranks [extra] program args…`, its standard output and
/// error piped, and [`finish`]es it under `limit` (the child killed on a
/// hang, which fails the test, named by the command).
///
/// # Panics
/// As [`mpirun`] and [`finish`], or if `mpirun` does not start.
pub fn run<A: AsRef<OsStr> + Debug>(
    ranks: usize,
    extra: &[&str],
    program: impl AsRef<OsStr>,
    args: &[A],
    limit: Duration,
) -> Output {
    let child = mpirun(ranks)
        .args(extra)
        .arg(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mpirun starts");
    let what = format!("mpirun -np {ranks} {args:?}");
    finish(child, limit, &what, Kill::Child)
}

/// What [`finish`] kills when a child hangs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kill {
    /// The child alone (`mpirun`, which takes its ranks with it).
    Child,
    /// The child's process group (a child started with
    /// `process_group(0)`: a launcher, its `mpirun` and the ranks).
    Group,
}

/// Waits for `child` until `limit`, reading its piped standard output and
/// error meanwhile (a job's output may not fit in a pipe), and returns
/// them with its status; on a hang, kills `kill` and fails the test,
/// saying `what` hung and what it wrote on standard error.
///
/// # Panics
/// On a hang, or if waiting fails.
pub fn finish(mut child: Child, limit: Duration, what: &str, kill: Kill) -> Output {
    let stdout = child.stdout.take().map(read);
    let stderr = child.stderr.take().map(read);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break Some(status);
        }
        if start.elapsed() > limit {
            match kill {
                Kill::Child => {
                    let _ = child.kill();
                }
                Kill::Group => kill_group(&child),
            }
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text =
        |r: Option<JoinHandle<Vec<u8>>>| r.map_or_else(Vec::new, |r| r.join().expect("reader"));
    let (stdout, stderr) = (text(stdout), text(stderr));
    let Some(status) = status else {
        panic!(
            "{what} hung (killed after {limit:?}); stderr: {}",
            String::from_utf8_lossy(&stderr)
        );
    };
    Output {
        status,
        stdout,
        stderr,
    }
}

/// Reads `from` to its end on a thread.
fn read(mut from: impl Read + Send + 'static) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = from.read_to_end(&mut bytes);
        bytes
    })
}

/// Kills `child`'s process group (`kill -KILL -- -pid`): a child started
/// with `process_group(0)` and everything it started.
pub fn kill_group(child: &Child) {
    let _ = Command::new("kill")
        .args(["-KILL", "--", &format!("-{}", child.id())])
        .stderr(Stdio::null())
        .status();
}

/// Watches `child`'s piped standard error: a thread that reads it to the
/// end and returns it, and the instants at which a line `says` what is
/// watched for (an error line of rank 0, say) came in.
///
/// # Panics
/// If `child`'s standard error is not piped (or already taken).
pub fn watch_stderr(
    child: &mut Child,
    says: impl Fn(&str) -> bool + Send + 'static,
) -> (JoinHandle<String>, Receiver<Instant>) {
    let (tx, rx) = mpsc::channel();
    let stderr = child.stderr.take().expect("standard error piped");
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if says(&line) {
                let _ = tx.send(Instant::now());
            }
            all.push_str(&line);
            all.push('\n');
        }
        all
    });
    (reader, rx)
}

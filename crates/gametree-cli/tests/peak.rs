//! The peak resident memory of `gametree search`, for every algorithm,
//! against the figure `gametree search --help` states: a base, plus what
//! the report's peak memory line counts (OPEN entries, MT table entries,
//! an enhanced engine's table bytes) at a stated size each, plus a share
//! per thread. Each case runs the binary as a child and takes its peak
//! from the kernel (`wait4`'s `ru_maxrss`), on a tree chosen so that the
//! counted part is megabytes, not noise beside the base.
//!
//! A test binary of its own: Linux keeps a process's peak resident set
//! across `exec`, and a spawned child begins as a view of its parent's
//! memory, so each child's `ru_maxrss` is at least this process's peak
//! when it spawned the child. This binary stays at a few MiB, below the
//! base; the main test binary reaches 130 MiB.

#![cfg(target_os = "linux")]

use std::io::Read;
use std::process::{Command, Stdio};

use gametree::{Algorithm, Family, MemoryUnit};

/// What any search may take besides what its report counts: the binary,
/// its allocator and stacks, the generated tree's bookkeeping.
const BASE_MIB: u64 = 8;
/// Bytes per OPEN entry of a best-first search on a generated tree.
const OPEN_ENTRY_BYTES: u64 = 128;
/// Bytes per MT table entry in use (16-byte entries, allocated as the
/// search reaches them, doubling).
const MT_ENTRY_BYTES: u64 = 32;
/// Bytes per thread of a multi-threaded search (its stack and buffers).
const THREAD_MIB: u64 = 2;

/// The figures above, as `--help` and docs/INPUT.md state them.
fn figures() -> String {
    format!(
        "at most {BASE_MIB} MiB, plus {OPEN_ENTRY_BYTES} bytes per OPEN entry of a best-first \
         search, {MT_ENTRY_BYTES} bytes per MT table entry, an enhanced engine's table bytes and \
         {THREAD_MIB} MiB per thread"
    )
}

/// The help's sentence that states the figures above.
fn stated() -> String {
    format!(
        "Peak resident memory (tested for every algorithm): {} (the counts the report's peak \
         memory and threads lines give)",
        figures()
    )
}

/// A finished child: its exit code, standard output and error, and peak
/// resident set in KiB.
struct Measured {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    max_rss_kib: u64,
}

/// Runs `gametree` with `args` and takes its peak resident set from the
/// kernel when it is reaped (`wait4`; std's `Child` does not give it).
// `Child` is reaped by `wait4` below, not by its own `wait`.
#[allow(unsafe_code, clippy::zombie_processes)]
fn measured(args: &[&str]) -> Measured {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs");
    let mut err_pipe = child.stderr.take().expect("piped");
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = err_pipe.read_to_string(&mut s);
        s
    });
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut stdout)
        .expect("standard output is text");
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain data, all zeros a valid value; `wait4`
    // writes the status and usage of the child `pid`, which this process
    // started and has not reaped (std's `Child` is never waited on here).
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(reaped, pid, "wait4 reaps the child");
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    Measured {
        code,
        stdout,
        stderr: err.join().expect("the reader thread ends"),
        max_rss_kib: u64::try_from(usage.ru_maxrss).expect("a size"),
    }
}

/// Runs `args` with `--json`, and checks the peak against the figure for
/// what its report counts. Returns the bytes that count stands for.
fn check(algorithm: Algorithm, args: &[&str]) -> u64 {
    let mut all = vec!["search", "--algo", algorithm.name(), "--json"];
    all.extend_from_slice(args);
    let m = measured(&all);
    assert_eq!(m.code, Some(0), "gametree {all:?}: {}", m.stderr);
    let json: serde_json::Value = serde_json::from_str(&m.stdout).expect("one JSON report");
    let peak = json["peak_memory"].as_u64().unwrap_or(0);
    let threads = json["threads"].as_u64().expect("threads");
    let counted = match algorithm.memory_unit() {
        Some(MemoryUnit::OpenEntries) => OPEN_ENTRY_BYTES * peak,
        Some(MemoryUnit::TableEntries) => MT_ENTRY_BYTES * peak,
        Some(MemoryUnit::TableBytes) => peak,
        Some(other) => panic!("{algorithm}: a unit this test does not know: {other}"),
        None => 0,
    };
    let per_thread = if threads > 1 {
        THREAD_MIB * 1024 * 1024 * threads
    } else {
        0
    };
    let bound_kib = (BASE_MIB * 1024 * 1024 + counted + per_thread).div_ceil(1024);
    assert!(
        m.max_rss_kib <= bound_kib,
        "{algorithm} {args:?}: peak resident {} KiB, more than the stated {bound_kib} KiB \
         ({peak} {}, {threads} threads)",
        m.max_rss_kib,
        algorithm.memory_unit().map_or("", |u| u.name()),
    );
    if std::env::var_os("GAMETREE_PEAK_VERBOSE").is_some() {
        eprintln!("{algorithm} {args:?}: {} of {bound_kib} KiB", m.max_rss_kib);
    }
    counted
}

/// A case whose counted part is this many bytes or more measures the
/// figure per unit, not only the base.
const MEASURABLE: u64 = 3 << 20;

/// The algorithms of `family`.
fn family(f: Family) -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(move |a| a.family() == f)
}

#[test]
fn the_help_states_the_figures_this_test_checks() {
    let out = Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(["search", "--help"])
        .output()
        .expect("the gametree binary runs");
    let help = String::from_utf8(out.stdout).expect("text");
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(&stated()),
        "`gametree search --help` should say: {}",
        stated()
    );
    let doc = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/INPUT.md");
    let doc = std::fs::read_to_string(doc).expect("docs/INPUT.md");
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        doc.contains(&figures()),
        "docs/INPUT.md should say: {}",
        figures()
    );
}

#[test]
fn depth_first_searches_and_mt_tables_stay_within_the_stated_peak() {
    for a in family(Family::DepthFirst) {
        // The MT drivers on (16,6) fill about a million table entries.
        let shape = if a.memory_unit().is_some() {
            "16 6"
        } else {
            "16 5"
        };
        let (b, d) = shape.split_once(' ').expect("two numbers");
        let counted = check(a, &["--gen", "random", "--b", b, "--d", d, "--seed", "3"]);
        if a.memory_unit().is_some() {
            assert!(counted >= MEASURABLE, "{a}: {counted} bytes of table");
        }
    }
}

#[test]
fn enhanced_engines_stay_within_the_stated_peak() {
    for a in family(Family::Enhanced) {
        for threads in ["1", "2"] {
            let counted = check(
                a,
                &[
                    "--gen",
                    "random",
                    "--b",
                    "12",
                    "--d",
                    "6",
                    "--seed",
                    "3",
                    "--threads",
                    threads,
                    "--table-bytes",
                    "33554432",
                ],
            );
            assert!(counted >= MEASURABLE, "{a}: {counted} bytes of table");
        }
    }
}

#[test]
fn best_first_searches_stay_within_the_stated_peak() {
    // The searches that keep a whole solution tree in OPEN hold up to
    // 32^3 = 32,768 entries on (32,6), megabytes, so that the figure per
    // entry is measured; so does IterSSS* with a budget of 30,000. The
    // rest keep a few dozen entries whatever the width: (16,6) is enough.
    let full = [
        Algorithm::SssLeft,
        Algorithm::Sss,
        Algorithm::SssAspiration,
        Algorithm::Dual,
        Algorithm::RecSss,
        Algorithm::MemSss,
        Algorithm::IterSss,
    ];
    for a in family(Family::BestFirst) {
        let b = if full.contains(&a) { "32" } else { "16" };
        let mut args = vec!["--gen", "random", "--b", b, "--d", "6", "--seed", "3"];
        if a == Algorithm::IterSss {
            args.extend(["--memory", "30000"]);
        }
        let counted = check(a, &args);
        if full.contains(&a) {
            assert!(counted >= MEASURABLE, "{a}: {counted} bytes of OPEN");
        }
    }
}

#[test]
fn threaded_searches_stay_within_the_stated_peak() {
    for a in family(Family::Threads) {
        check(
            a,
            &["--gen", "random", "--b", "16", "--d", "6", "--seed", "3"],
        );
    }
}

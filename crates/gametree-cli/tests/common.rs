//! Running the binary, and files for it to read.

use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The command line `line` split at spaces.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The command line `line` split at spaces, then `more` as they are (paths
/// and values, which may hold spaces).
pub fn cmd<'a>(line: &'a str, more: &[&'a str]) -> Vec<&'a str> {
    let mut args = words(line);
    args.extend_from_slice(more);
    args
}

/// Runs `gametree` with `args` and no standard input.
pub fn gametree<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the gametree binary runs")
}

/// Starts `gametree` with `args`, its standard streams piped.
pub fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the gametree binary runs")
}

/// Runs `gametree` with `input` on standard input.
pub fn gametree_stdin(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = spawn(args);
    let mut stdin = child.stdin.take().expect("piped");
    // The binary may exit before reading everything; ignore a broken pipe.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("gametree finishes")
}

/// Standard output of a successful run.
pub fn ok<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> String {
    let out = gametree(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "gametree {:?} failed: {stderr}",
        args.iter()
            .map(|a| a.as_ref().to_owned())
            .collect::<Vec<_>>()
    );
    assert!(stderr.is_empty(), "stderr: {stderr}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The one JSON object a successful `--json` run prints.
pub fn json<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    let out = ok(args);
    assert_eq!(out.lines().count(), 1, "one line of JSON: {out}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("valid JSON");
    assert!(v.is_object(), "{v}");
    v
}

/// The one error line of a run that must fail with exit status 1.
pub fn error<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> String {
    let out = gametree(args);
    check_error(&out)
}

/// Checks `out` is a failure reported as one `gametree: error:` line.
pub fn check_error(out: &Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout on error");
    assert_eq!(stderr.lines().count(), 1, "exactly one line: {stderr}");
    assert!(stderr.starts_with("gametree: error: "), "{stderr}");
    assert!(stderr.ends_with('\n'));
    assert!(!stderr.contains("panicked"), "{stderr}");
    // An error chain prints each message once: no "…: X: X", as when a
    // wrapper shows its source's message and returns it as its source too.
    let message = stderr.trim_end();
    for (i, _) in message.match_indices(": ") {
        let (before, after) = (&message[..i], &message[i + 2..]);
        assert!(
            after.len() < 8 || !before.ends_with(after),
            "a message repeated: {stderr}"
        );
    }
    stderr
}

/// A worked-example tree shipped with tree-core.
pub fn data(name: &str) -> String {
    format!("{}/../tree-core/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh file holding `bytes`, under this test binary's own temporary
/// directory, named uniquely per process and call.
pub fn temp_file(tag: &str, bytes: &[u8]) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gametree-tests");
    std::fs::create_dir_all(&dir).expect("temporary directory");
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{tag}-{}-{n}", std::process::id()));
    std::fs::write(&path, bytes).expect("temporary file");
    path
}

/// The names `gametree algos` lists, in order.
pub fn algorithm_names() -> Vec<String> {
    ok(&["algos"])
        .lines()
        .map(|l| l.split_whitespace().next().expect("a name").to_owned())
        .collect()
}

/// `v` without the keys that change from run to run or with the tree's
/// path: `seconds` and `tree`.
pub fn stable(v: &serde_json::Value) -> serde_json::Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("seconds");
        o.remove("tree");
    }
    v
}

/// The keys of a JSON object, sorted.
pub fn keys(v: &serde_json::Value) -> Vec<&str> {
    let mut k: Vec<&str> = v
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    k.sort_unstable();
    k
}

/// The keys of every tree search's JSON: the library's report's, and the
/// command line's `schema` and `tree`.
pub const REPORT_KEYS: [&str; 19] = [
    "schema",
    "tree",
    "algorithm",
    "value",
    "bound",
    "best",
    "pv",
    "pv_complete",
    "leaves",
    "interior",
    "distinct_leaves",
    "peak_memory",
    "memory_unit",
    "memory_budget",
    "seconds",
    "stopped",
    "depth",
    "threads",
    "per_thread",
];

/// [`REPORT_KEYS`] and `extra`, sorted.
pub fn report_keys<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut k: Vec<&str> = REPORT_KEYS
        .iter()
        .copied()
        .chain(extra.iter().copied())
        .collect();
    k.sort_unstable();
    k
}

/// The strings of the JSON array `v` (a trace, a line of moves).
pub fn strings(v: &serde_json::Value) -> Vec<&str> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|m| m.as_str().expect("a string"))
        .collect()
}

/// The best move of a report (0-based) and its line (0-based moves), read
/// from the 1-based strings of the JSON.
pub fn moves(v: &serde_json::Value) -> (Option<usize>, tree_core::Dewey) {
    let index = |m: &serde_json::Value| m.as_str().expect("a move").parse::<usize>().unwrap() - 1;
    let best = (!v["best"].is_null()).then(|| index(&v["best"]));
    let mut pv = tree_core::Dewey::root();
    for m in v["pv"].as_array().expect("a line") {
        pv.push(index(m));
    }
    (best, pv)
}

/// The JSON object of one line of `--json` output, made [`stable`].
pub fn stable_line(line: &str) -> serde_json::Value {
    stable(&serde_json::from_str(line).expect("valid JSON"))
}

/// Asserts that `text` contains `part`, showing `text` if not.
#[track_caller]
pub fn has(text: &str, part: &str) {
    assert!(text.contains(part), "{part:?} not in:\n{text}");
}

/// Asserts that `text` ends with `end`, showing `text` if not.
#[track_caller]
pub fn ends(text: &str, end: &str) {
    assert!(text.ends_with(end), "{end:?} does not end:\n{text}");
}

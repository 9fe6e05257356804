//! Hostile input, every subcommand: each case runs the binary under an
//! address-space limit of 4 GB (`ulimit -v` in the child's shell; some
//! cases lower it to a small multiple of their file) and a hang detector
//! (the child is killed after [`HANG`]: a run that long is a hang here,
//! not a slow machine), and asserts the exit status, the one error line
//! and what the output says.
//!
//! The first group are the rows of the hostile-input report this file
//! answers (a memory budget of `u64::MAX`, tables that cannot be had, a
//! 128 MiB tree file, an uncapped trace, negative counts, thread counts,
//! limits of 0, byte-order marks and bytes that are not UTF-8); the others
//! go through every subcommand and flag with zero, negative, huge and
//! non-numeric values, and files that are empty, binary, truncated, CRLF,
//! with a byte-order mark or one line that is not UTF-8.

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use othello::Position;

use crate::common::temp_file;

/// The address-space limit every case runs under, in KiB (`ulimit -v`).
const LIMIT_KIB: u64 = 4_000_000;
/// A run longer than this is a hang.
const HANG: Duration = Duration::from_secs(120);
/// `u64::MAX`, the largest count the options read.
const MAX: &str = "18446744073709551615";

/// What a case must do.
#[derive(Clone, Copy, Debug)]
enum Expect {
    /// Exit 0; standard output holds the text; standard error holds no
    /// error (progress lines are allowed).
    Succeeds(&'static str),
    /// Exit 1 with exactly one `gametree: error:` line holding the text,
    /// nothing on standard output.
    Fails(&'static str),
    /// Exit 1, standard error's lines all `gametree: …` (skipped lines),
    /// the last one `gametree: error: …`; one of them holds the text.
    Partial(&'static str),
    /// Exit 2 (clap's usage error) with the text on standard error.
    Usage(&'static str),
}

/// One hostile run: its arguments, a file to read on standard input (if
/// any), its own address-space limit (if lower), and what it must do.
struct Case {
    args: Vec<String>,
    limit_kib: u64,
    expect: Expect,
}

fn case(args: &str, expect: Expect) -> Case {
    Case {
        args: args.split_whitespace().map(expand).collect(),
        limit_kib: LIMIT_KIB,
        expect,
    }
}

/// `{MAX}` is `u64::MAX`; `@NAME` the path of the fixture file NAME.
fn expand(word: &str) -> String {
    if let Some(name) = word.strip_prefix('@') {
        return fixture(name).to_string_lossy().into_owned();
    }
    word.replace("{MAX}", MAX)
}

/// Deterministic bytes (SplitMix64: `tree_core::mix64` of a counter), `n`
/// of them.
fn bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    let mut out = Vec::with_capacity(n + 8);
    while out.len() < n {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        out.extend_from_slice(&tree_core::mix64(x).to_le_bytes());
    }
    out.truncate(n);
    out
}

fn ffo_text(lines: usize) -> String {
    let path = format!(
        "{}/../othello/data/ffo/fforum-1-19.obf",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).expect("the FFO file");
    text.lines().take(lines).map(|l| format!("{l}\n")).collect()
}

/// FFO #1 after four moves (the first legal one each time): 10 empty
/// squares, small enough for the best-first engines.
fn ten_empties() -> String {
    let first = ffo_text(1);
    let board: String = first.split(';').next().unwrap().to_owned();
    let mut p: Position = board.parse().expect("FFO #1");
    for _ in 0..4 {
        p = p.play_nth(0);
    }
    format!("{p}\n")
}

/// The contents of the fixture file `name`.
fn fixture_bytes(name: &str) -> Vec<u8> {
    let start = "---------------------------OX------XO--------------------------- X\n";
    match name {
        "empty" => Vec::new(),
        "garbage" => bytes(300, 7),
        "campbell-27" => bytes(1 << 27, 27),
        "campbell-short" => bytes(1000, 3),
        "tree" => b"[[3, 5], [2, 9], [-4, 7]]\n".to_vec(),
        "tree-bom" => b"\xEF\xBB\xBF[[3, 5], [2, 9]]\n".to_vec(),
        "tree-crlf" => b"[[3, 5],\r\n [2, 9]]\r\n".to_vec(),
        "tree-not-utf8" => b"[[3, 5],\n [2, \xFF9]]\n".to_vec(),
        "tree-truncated" => b"[[3, 5], [2, 9".to_vec(),
        "tree-deep" => {
            let mut t = "[".repeat(100_000);
            t.push('1');
            t.push_str(&"]".repeat(100_000));
            t.into_bytes()
        }
        "tree-huge-leaf" => b"[1, 99999999999999999999]".to_vec(),
        "obf-empty" => Vec::new(),
        "obf-garbage" => bytes(500, 11),
        "obf-bom" => [b"\xEF\xBB\xBF".as_slice(), ffo_text(1).as_bytes()].concat(),
        "obf-crlf" => ffo_text(2).replace('\n', "\r\n").into_bytes(),
        "obf-not-utf8" => {
            let two = ffo_text(2);
            let (a, b) = two.split_once('\n').unwrap();
            [a.as_bytes(), b"\nab\xFF\xFEcd\n", b.as_bytes()].concat()
        }
        "obf-truncated" => ffo_text(1).as_bytes()[..60].to_vec(),
        "obf-start" => start.as_bytes().to_vec(),
        "obf-ten" => ten_empties().into_bytes(),
        "obf-bad-score" => ffo_text(1)
            .replace("G8:+18", "G8:+99999999999")
            .into_bytes(),
        other => panic!("no fixture {other}"),
    }
}

/// The fixture file `name`, written once per test process.
fn fixture(name: &str) -> PathBuf {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static MADE: OnceLock<Mutex<HashMap<String, PathBuf>>> = OnceLock::new();
    let mut made = MADE.get_or_init(Default::default).lock().unwrap();
    made.entry(name.to_owned())
        .or_insert_with(|| temp_file(name, &fixture_bytes(name)))
        .clone()
}

/// Runs `gametree` with `args` under `limit_kib` of address space, killed
/// after [`HANG`].
fn run(args: &[String], limit_kib: u64) -> (Output, Duration) {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg(format!("ulimit -v {limit_kib} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_gametree"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let start = Instant::now();
    let child = cmd.spawn().expect("sh runs");
    let pid = child.id();
    let done = Arc::new(AtomicBool::new(false));
    let watchdog = {
        let done = Arc::clone(&done);
        std::thread::spawn(move || {
            while start.elapsed() < HANG {
                if done.load(Ordering::Relaxed) {
                    return false;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
            true
        })
    };
    let out = child.wait_with_output().expect("the child finishes");
    done.store(true, Ordering::Relaxed);
    let killed = watchdog.join().unwrap();
    assert!(!killed, "gametree {args:?} hung: killed after {HANG:?}");
    (out, start.elapsed())
}

/// Runs every case and reports every one that fails, not just the first.
fn check_all(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        let (out, took) = run(&c.args, c.limit_kib);
        if let Err(why) = judge(&out, c.expect) {
            failures.push(format!(
                "gametree {}\n  {why}\n  status {:?} after {took:?}\n  stdout: {}\n  stderr: {}",
                c.args.join(" "),
                out.status.code(),
                String::from_utf8_lossy(&out.stdout)
                    .chars()
                    .take(400)
                    .collect::<String>(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn judge(out: &Output, expect: Expect) -> Result<(), String> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    if stderr.contains("panicked") || stderr.contains("memory allocation of") {
        return Err("a panic or an abort".into());
    }
    let lines: Vec<&str> = stderr.lines().collect();
    match expect {
        Expect::Succeeds(text) => {
            if code != Some(0) {
                return Err("expected success".into());
            }
            if lines.iter().any(|l| l.contains("error")) {
                return Err("an error on standard error".into());
            }
            if !stdout.contains(text) {
                return Err(format!("standard output lacks {text:?}"));
            }
        }
        Expect::Fails(text) => {
            if code != Some(1) || !stdout.is_empty() {
                return Err("expected exit 1 and nothing on standard output".into());
            }
            if lines.len() != 1 || !lines[0].starts_with("gametree: error: ") {
                return Err("expected one `gametree: error:` line".into());
            }
            if !lines[0].contains(text) {
                return Err(format!("the error lacks {text:?}"));
            }
        }
        Expect::Partial(text) => {
            if code != Some(1) {
                return Err("expected exit 1".into());
            }
            let last = lines.last().copied().unwrap_or("");
            if !last.starts_with("gametree: error: ")
                || lines.iter().any(|l| !l.starts_with("gametree: "))
            {
                return Err("expected `gametree:` lines ending in an error".into());
            }
            if !stderr.contains(text) {
                return Err(format!("standard error lacks {text:?}"));
            }
        }
        Expect::Usage(text) => {
            if code != Some(2) || !stdout.is_empty() {
                return Err("expected a usage error (exit 2)".into());
            }
            if !stderr.contains(text) {
                return Err(format!("the usage error lacks {text:?}"));
            }
        }
    }
    Ok(())
}

use Expect::{Fails, Partial, Succeeds, Usage};

/// The rows of the report, as they stand now.
#[test]
fn the_reported_rows() {
    let mut cases = Vec::new();
    // A budget of u64::MAX is capped at what the tree can use.
    for algo in [
        "sss",
        "dual",
        "sss-stockman",
        "sss-left",
        "sss-aspiration",
        "staged-sss",
        "sab",
        "abs",
        "sa2",
        "sa4",
        "as2",
        "as4",
    ] {
        cases.push(case(
            &format!("search --algo {algo} --gen random --b 4 --d 6 --memory {{MAX}}"),
            Succeeds("--memory 18446744073709551615 is more than this tree can use"),
        ));
    }
    cases.extend([
        case(
            "search --algo sss --gen random --b 4 --d 6 --memory 1000000000",
            Succeeds("value       "),
        ),
        case(
            "othello --match sss,alphabeta --games 1 --depth 2 --memory {MAX}",
            Succeeds("sss "),
        ),
        case(
            "solve @obf-ten --algo sss --memory {MAX}",
            Succeeds("1 positions solved by sss"),
        ),
        case(
            "solve @obf-bom --table-bytes {MAX}",
            Fails("a transposition table of 18446744073709551615 bytes cannot be allocated"),
        ),
        case(
            "solve @obf-bom --table-bytes 1099511627776",
            Fails("cannot be allocated"),
        ),
        // No more than a small multiple of the file: 4.0 times measured.
        Case {
            limit_kib: 1_000_000,
            ..case(
                "search --algo alphabeta --tree @campbell-27 --b 2 --d 27",
                Succeeds("value       "),
            )
        },
        case(
            "search --algo minimax --gen random --b 4 --d 16 --trace",
            Succeeds("stopped     leaf-limit"),
        ),
        case(
            "search --algo alphabeta --gen random --b -1 --d 3",
            Usage("a negative number"),
        ),
        case(
            "search --algo alphabeta --gen random --b 2 --d 3 --seed -1",
            Usage("a negative number"),
        ),
        case(
            "search --algo alphabeta --gen random --b 2 --d 3 --time-ms -5",
            Usage("a negative number"),
        ),
        case(
            "search --algo treesplit --gen random --b 2 --d 3 --threads 1024",
            Fails("the masters of a processor tree included"),
        ),
        case(
            "othello --match pvs-enh,mtdf-enh --threads 2 --time-ms 0 --games 1",
            Partial("has no move"),
        ),
        case(
            "solve @obf-start --max-leaves 100000",
            Succeeds("1 stopped by a limit"),
        ),
        case(
            "solve @obf-start --time-ms 100",
            Succeeds("1 stopped by a limit"),
        ),
        case("solve @obf-bom", Succeeds("1 agree")),
        case(
            "solve @obf-not-utf8",
            Partial("skipped line 2: not UTF-8 text"),
        ),
    ]);
    for algo in ["alphabeta", "sss", "memsss", "recsss", "staged-sss", "dual"] {
        cases.push(case(
            &format!("search --algo {algo} --gen random --b 3 --d 4 --time-ms 0"),
            Succeeds("leaves      0\n"),
        ));
    }
    check_all(&cases);
}

#[test]
fn search_options_at_their_edges() {
    check_all(&[
        case(
            "search --algo alphabeta --gen random --b 0 --d 3",
            Fails("b = 0"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 0",
            Succeeds("leaves      1"),
        ),
        case(
            "search --algo alphabeta --gen random --b {MAX} --d 2",
            Fails("overflows"),
        ),
        case(
            "search --algo alphabeta --gen random --b 2 --d {MAX}",
            Fails("exceeds the supported maximum"),
        ),
        case(
            "search --algo alphabeta --gen random --b 99999999999999999999999 --d 2",
            Usage("too large"),
        ),
        case(
            "search --algo alphabeta --gen random --b abc --d 2",
            Usage("abc"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3.5 --d 2",
            Usage("3.5"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --seed {MAX} --index {MAX}",
            Succeeds("value       "),
        ),
        case(
            "search --algo sss --gen random --b 3 --d 3 --memory 0",
            Fails("needs at least 9 OPEN entries"),
        ),
        case(
            "search --algo sss --gen random --b 3 --d 3 --memory -3",
            Usage("a negative number"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --alpha nan",
            Usage("nan"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --alpha inf --beta -inf",
            Fails("empty search window"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --alpha 5 --beta 5",
            Fails("empty search window"),
        ),
        case(
            "search --algo memsss --gen random --b 3 --d 3 --upper {MAX}",
            Usage("out of range"),
        ),
        case(
            "search --algo alphabeta --gen campbell-fmb:2.5 --b 3 --d 3",
            Fails("parameter must lie in (0, 1]"),
        ),
        case(
            "search --algo alphabeta --gen campbell-fmb:nan --b 3 --d 3",
            Fails("parameter must lie in (0, 1]"),
        ),
        case(
            "search --algo alphabeta --gen bogus --b 3 --d 3",
            Fails("bad generator 'bogus'"),
        ),
        case(
            "search --algo mt-sss --gen random --b 3 --d 3 --table-bytes {MAX}",
            Succeeds("value       "),
        ),
        case(
            "search --algo mtdf --gen random --b 3 --d 3 --table-bytes 0",
            Succeeds("value       "),
        ),
        case(
            "search --algo ybwc --gen random --b 3 --d 3 --threads 0",
            Fails("--threads: must be at least 1"),
        ),
        case(
            "search --algo ybwc --gen random --b 3 --d 3 --threads {MAX}",
            Fails("more than the maximum of 1024"),
        ),
        case(
            "search --algo treesplit --gen random --b 3 --d 3 --processors 99999,99999",
            Fails("more than 1048576 processors"),
        ),
        case(
            "search --algo treesplit --gen random --b 3 --d 3 --processors abc",
            Fails("bad --processors 'abc'"),
        ),
        case(
            "search --algo treesplit --gen random --b 3 --d 3 --processors 1,{MAX}",
            Fails("processors"),
        ),
        case(
            "search --algo staged-sss --gen random --b 3 --d 3 --stage 0",
            Fails("--stage: must be at least 1"),
        ),
        case(
            "search --algo staged-sss --gen random --b 3 --d 3 --stage {MAX}",
            Succeeds("value       "),
        ),
        case(
            "search --algo sab --gen random --b 3 --d 3 --searchd {MAX}",
            Fails("takes no --searchd"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --max-leaves 0",
            Succeeds("stopped     leaf-limit"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --max-leaves {MAX}",
            Succeeds("value       "),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --time-ms {MAX}",
            Succeeds("value       "),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --trace --max-leaves {MAX}",
            Fails("at most 4194304 leaves"),
        ),
        case(
            "search --algo alphabeta --gen random --b 3 --d 3 --mpi-timeout 0",
            Fails("--mpi-timeout is for --mpi searches"),
        ),
        case(
            "search --algo nope --gen random --b 3 --d 3",
            Fails("unknown algorithm 'nope'"),
        ),
        case("search --gen random --b 3 --d 3", Usage("--algo")),
    ]);
}

#[test]
fn tree_files_that_are_not_trees() {
    check_all(&[
        case("search --algo alphabeta --tree @empty", Fails("empty")),
        case("search --algo alphabeta --tree @garbage", Fails("tree")),
        case(
            "search --algo alphabeta --tree @tree",
            Succeeds("value       3"),
        ),
        case(
            "search --algo alphabeta --tree @tree-bom",
            Succeeds("value       3"),
        ),
        case(
            "search --algo alphabeta --tree @tree-crlf",
            Succeeds("value       3"),
        ),
        case(
            "search --algo alphabeta --tree @tree-not-utf8",
            Fails("line 2, column 6: not UTF-8 text (byte 0xFF)"),
        ),
        case(
            "search --algo alphabeta --tree @tree-truncated",
            Fails("line 1"),
        ),
        case("search --algo alphabeta --tree @tree-deep", Fails("deep")),
        case(
            "search --algo alphabeta --tree @tree-huge-leaf",
            Fails("out of range"),
        ),
        case(
            "search --algo alphabeta --tree @campbell-short --b 2 --d 12",
            Fails("bytes"),
        ),
        case(
            "search --algo alphabeta --tree @campbell-short --b {MAX} --d {MAX}",
            Fails("exceeds the supported maximum"),
        ),
        case(
            "search --algo alphabeta --tree /nonexistent/tree.txt",
            Fails("cannot read tree file '/nonexistent/tree.txt'"),
        ),
        case("search --algo alphabeta --tree /", Fails("Is a directory")),
        case(
            "search --algo alphabeta --tree @tree --gen random",
            Fails("--tree"),
        ),
    ]);
}

#[test]
fn simulate_options_at_their_edges() {
    check_all(&[
        case(
            "simulate --algo treesplit --processors 1000000,1000000 --gen random --b 3 --d 3",
            Fails("more than 1048576 processors"),
        ),
        case(
            "simulate --algo alphabeta --processors 1,2 --gen random --b 3 --d 3",
            Fails("unknown simulated algorithm"),
        ),
        case(
            "simulate --algo pvsplit --processors 1,2 --gen random --b 0 --d 0",
            Fails("needs a game tree of at least 2 plies"),
        ),
        case(
            "simulate --algo pvsplit --processors 1,2 --gen random --b {MAX} --d {MAX}",
            Fails("exceeds the supported maximum"),
        ),
        case(
            "simulate --algo pvsplit --gen random --b 3 --d 3",
            Usage("--processors"),
        ),
        case(
            "simulate --algo pvsplit --processors -1,2 --gen random --b 3 --d 3",
            Fails("--processors"),
        ),
        case(
            "simulate --algo treesplit --processors 1,3 --tree @garbage",
            Fails("tree"),
        ),
    ]);
}

#[test]
fn othello_options_at_their_edges() {
    check_all(&[
        case(
            "othello --depth 0",
            Fails("--depth must be between 1 and 64"),
        ),
        case(
            "othello --depth 4294967295",
            Fails("--depth must be between 1 and 64"),
        ),
        case("othello --depth {MAX}", Usage("too large")),
        case("othello --color purple", Fails("not a colour")),
        case(
            "othello --position garbage",
            Fails("--position is not a position"),
        ),
        case(
            "othello --position ---------------------------OX------XO--------------------------",
            Fails("not 63"),
        ),
        case(
            "othello --position XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
            Succeeds("black wins"),
        ),
        case(
            "othello --match alphabeta",
            Fails("--match takes two algorithm names"),
        ),
        case(
            "othello --match nope,alphabeta",
            Fails("unknown algorithm 'nope'"),
        ),
        case(
            "othello --match alphabeta,mtdf --games 0",
            Fails("--games must be at least 1"),
        ),
        case(
            "othello --match alphabeta,mtdf --games {MAX} --depth 1",
            Usage("too large"),
        ),
        case(
            "othello --threads 0 --algo ybwc",
            Fails("must be at least 1"),
        ),
        case(
            "othello --parallel bogus",
            Fails("unknown --parallel method"),
        ),
        case(
            "othello --match sss,alphabeta --games 1 --depth 2 --memory 0",
            Fails("OPEN"),
        ),
        case(
            "othello --match ab-enh,pvs-enh --games 1 --depth 2 --max-leaves 0",
            Partial("has no move"),
        ),
        case(
            "othello --match ab-enh,mtdf-enh --games 1 --depth 64 --max-leaves 2000",
            Succeeds("ab-enh"),
        ),
    ]);
}

#[test]
fn obf_files_and_solve_options_at_their_edges() {
    check_all(&[
        case("solve @obf-empty", Fails("no position")),
        case("solve @obf-garbage", Partial("not UTF-8 text")),
        case("solve @obf-crlf", Succeeds("2 agree")),
        case(
            "solve @obf-truncated",
            Partial("skipped line 1: a position is 64 board characters"),
        ),
        case("solve @obf-bad-score", Partial("skipped line 1")),
        case(
            "solve /nonexistent.obf",
            Fails("cannot read /nonexistent.obf"),
        ),
        case("solve /", Fails("Is a directory")),
        case(
            "solve @obf-bom --time-ms 0",
            Succeeds("1 stopped by a limit"),
        ),
        case(
            "solve @obf-bom --max-leaves 0",
            Succeeds("1 stopped by a limit"),
        ),
        case("solve @obf-bom --table-bytes 0", Succeeds("1 agree")),
        case(
            "solve @obf-bom --algo nope",
            Fails("unknown algorithm 'nope'"),
        ),
        case("solve @obf-start --algo sss", Partial("empty squares")),
        case("solve @obf-bom --time-ms -1", Usage("a negative number")),
        case("solve", Usage("FILE")),
        case("algos --bogus", Usage("unexpected argument '--bogus'")),
    ]);
}

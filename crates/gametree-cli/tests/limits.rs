//! `--time-ms` and `--max-leaves`: a search stopped by a limit is a report
//! (`stopped`, the leaves so far, the value unknown) and exit status 0; a
//! limit that is not reached changes nothing; a search longer than a
//! second prints a progress line on standard error.

use serde_json::{Value as Json, json};

use crate::common::{cmd, data, gametree, has, json, ok, stable_line, words};

/// A generated tree no search finishes in seconds.
const HUGE: [&str; 8] = ["--gen", "random", "--b", "8", "--d", "16", "--seed", "5"];

/// `gametree search --json --algo algo` on `tree` with `extra`.
fn search(algo: &str, tree: &[&str], extra: &[&str]) -> Json {
    let mut args = vec!["search", "--json", "--algo", algo];
    args.extend_from_slice(tree);
    args.extend_from_slice(extra);
    json(&args)
}

/// The report of a stopped search: why it stopped, its leaves and seconds.
fn stopped(v: &Json) -> (&str, u64, f64) {
    assert_eq!(v["bound"], "unknown", "{v}");
    assert_eq!(v["best"], Json::Null, "{v}");
    assert_eq!(v["pv"], json!([]), "{v}");
    (
        v["stopped"].as_str().expect("stopped"),
        v["leaves"].as_u64().unwrap(),
        v["seconds"].as_f64().unwrap(),
    )
}

#[test]
fn a_leaf_budget_stops_with_the_counts_so_far() {
    for (algo, threads) in [
        ("alphabeta", None),
        ("scout", None),
        ("aspiration", None),
        ("mt-sss", None),
        ("mtdf", None),
        ("ybwc", Some("2")),
        ("treesplit", Some("3")),
        ("parallel-staged-sss", Some("2")),
    ] {
        let mut extra = vec!["--max-leaves", "5000"];
        if let Some(k) = threads {
            extra.extend(["--threads", k]);
        }
        let v = search(algo, &HUGE, &extra);
        let (reason, leaves, _) = stopped(&v);
        assert_eq!(reason, "leaf-limit", "{algo}");
        if threads.is_none() {
            assert_eq!(leaves, 5000, "{algo}: exactly the budget");
        } else {
            assert!(leaves <= 5000, "{algo}: {v}");
        }
    }
}

/// A generated tree the best-first searches do not finish in seconds, with
/// an OPEN list that fits (SSS*: 5^8 states).
const BIG: [&str; 8] = ["--gen", "random", "--b", "5", "--d", "16", "--seed", "5"];

#[test]
fn best_first_searches_stop_at_their_limits() {
    for algo in words("sss dual staged-sss sa4 as4 recsss memdual itersss mgame qg2") {
        let v = search(algo, &BIG, &["--max-leaves", "5000"]);
        let (reason, leaves, _) = stopped(&v);
        assert_eq!(reason, "leaf-limit", "{algo}");
        assert_eq!(leaves, 5000, "{algo}: exactly the budget");
        let v = search(algo, &BIG, &["--time-ms", "50"]);
        assert_eq!(stopped(&v).0, "deadline", "{algo}");
    }
}

/// The enhanced engines solve a tree at once, with no iteration to fall
/// back on: stopped, they too report the value unknown.
#[test]
fn enhanced_engines_stop_at_their_limits() {
    for algo in ["ab-enh", "mtdf-enh"] {
        let v = search(algo, &HUGE, &["--max-leaves", "5000"]);
        assert_eq!(stopped(&v).0, "leaf-limit", "{algo}");
        let v = search(algo, &HUGE, &["--time-ms", "50", "--threads", "2"]);
        assert_eq!(stopped(&v).0, "deadline", "{algo}");
    }
}

#[test]
fn limits_not_reached_change_nothing() {
    let table1 = data("table1.tree");
    // The enhanced engines too: a tree is solved without iterative
    // deepening, limited or not.
    for algo in [
        "ab-enh",
        "mtdf-enh",
        "alphabeta",
        "palphabeta",
        "mt-dual",
        "ybwc",
        "sss",
        "memsss",
        "mgame",
    ] {
        let plain = ok(&["search", "--algo", algo, "--tree", &table1, "--json"]);
        let limited = ok(&[
            "search",
            "--algo",
            algo,
            "--tree",
            &table1,
            "--json",
            "--time-ms",
            "60000",
            "--max-leaves",
            "1000",
        ]);
        assert_eq!(stable_line(&plain), stable_line(&limited), "{algo}");
    }
    // Alpha-beta needs 14 leaves on this tree: 14 are enough, 13 not.
    let table1 = ["--tree", table1.as_str()];
    let v = search("alphabeta", &table1, &["--max-leaves", "14"]);
    assert_eq!((&v["value"], &v["stopped"]), (&json!(2), &Json::Null));
    let v = search("alphabeta", &table1, &["--max-leaves", "13"]);
    assert_eq!(stopped(&v), ("leaf-limit", 13, stopped(&v).2));
}

/// A deadline stops a search after it, with leaves to show (how soon after
/// depends on the machine's load, so no upper bound is checked here).
#[test]
fn a_deadline_stops_the_search() {
    for (algo, extra) in [
        ("alphabeta", &[][..]),
        ("ybwc", &["--threads", "2"]),
        ("sss", &[]),
        ("sss-stockman", &[]),
        ("quickgame", &[]),
        ("itersss", &[]),
    ] {
        let mut all = vec!["--time-ms", "200"];
        all.extend_from_slice(extra);
        let v = search(algo, &HUGE, &all);
        let (reason, leaves, seconds) = stopped(&v);
        assert_eq!(reason, "deadline", "{algo}");
        assert!(leaves > 0 && seconds >= 0.2, "{algo}: {v}");
    }
}

#[test]
fn a_stopped_search_in_text() {
    let mut args = vec!["search", "--algo", "alphabeta", "--max-leaves", "5000"];
    args.extend_from_slice(&HUGE);
    let out = ok(&args);
    for line in [
        "value       unknown",
        "best        unknown",
        "pv          unknown",
        "leaves      5000",
        "stopped     leaf-limit",
    ] {
        assert!(out.lines().any(|l| l == line), "{line}: {out}");
    }
}

#[test]
fn a_long_search_prints_progress_once_a_second() {
    let mut args = vec!["search", "--algo", "alphabeta", "--time-ms", "2500"];
    args.extend_from_slice(&HUGE);
    let out = gametree(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    has(&stdout, "\nstopped     deadline, after 2.");
    let lines: Vec<&str> = stderr.lines().collect();
    // Not a terminal: one line per second (at 1 s and 2 s).
    assert_eq!(lines.len(), 2, "{stderr}");
    for line in &lines {
        assert!(line.starts_with("gametree: searching, "), "{stderr}");
        assert!(line.contains(" leaves ("), "{stderr}");
    }
    assert!(lines[0].contains(", 1 s, "), "{stderr}");
}

#[test]
fn a_count_that_is_not_a_number_is_a_usage_error() {
    // Not a number: clap's usage error, naming the option.
    for (algo, file, flag, value) in [
        ("alphabeta", "table1.tree", "--time-ms", "soon"),
        ("ybwc", "pi.tree", "--threads", "two"),
    ] {
        let out = gametree(&["search", "--algo", algo, "--tree", &data(file), flag, value]);
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(flag),
            "{flag}"
        );
    }
}

#[test]
fn moves_in_text() {
    let table1 = data("table1.tree");
    let text = |algo: &str| ok(&["search", "--algo", algo, "--tree", &table1]);
    for algo in ["alphabeta", "scout", "ab-enh"] {
        let out = text(algo);
        has(&out, "\nbest        2\npv          2222\n");
    }
    // The MT drivers and the best-first searches know the best move, not
    // the line.
    for algo in [
        "mt-sss", "sss", "dual", "recsss", "memsss", "itersss", "mgame", "qg1", "abs",
    ] {
        let out = text(algo);
        assert!(
            out.contains(
                "\nbest        2\npv          2 (partial: the algorithm knows only the first move)\n"
            ),
            "{algo}: {out}"
        );
    }
    let leaf = crate::common::temp_file("leaf", b"7");
    let out = ok(&cmd(
        "search --algo alphabeta --tree",
        &[leaf.to_str().unwrap()],
    ));
    has(&out, "\nbest        none\npv          none\n");
}

#[test]
fn a_deadline_already_past_stops_every_sequential_search_before_its_first_leaf() {
    // A tree of 256 leaves, fewer than the leaves between two looks at the
    // clock: the deadline is looked at before the first one.
    let small = ["--gen", "random", "--b", "4", "--d", "4"];
    for algo in words("alphabeta sss dual staged-sss recsss memsss itersss qg1 mgame mt-sss") {
        let v = search(algo, &small, &["--time-ms", "0"]);
        let (why, leaves, _) = stopped(&v);
        assert_eq!((why, leaves), ("deadline", 0), "{algo}: {v}");
    }
}

#[test]
fn a_negative_count_is_a_usage_error_that_says_what_is_allowed() {
    let tree = "search --algo alphabeta --gen random";
    for (flag, args) in [
        ("--b", cmd(tree, &["--b", "-1", "--d", "2"])),
        (
            "--seed",
            cmd(tree, &["--b", "2", "--d", "2", "--seed", "-1"]),
        ),
        (
            "--time-ms",
            cmd(tree, &["--b", "2", "--d", "2", "--time-ms", "-1"]),
        ),
        (
            "--max-leaves",
            cmd(tree, &["--b", "2", "--d", "2", "--max-leaves", "-1"]),
        ),
    ] {
        let out = gametree(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(&format!("invalid value '-1' for '{flag}"))
                && stderr.contains("a negative number")
                && stderr.contains("from 0 to 18446744073709551615"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn a_trace_is_capped_by_a_leaf_limit() {
    let table1 = data("table1.tree");
    let out = gametree(&cmd(
        "search --algo alphabeta --trace --max-leaves 99999999 --tree",
        &[&table1],
    ));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    has(
        &stderr,
        "--trace keeps every leaf evaluation in memory: at most 4194304 leaves",
    );
    // Below the cap the trace is whole: table 1's 14 evaluations.
    let v = json(&cmd(
        "search --json --algo alphabeta --trace --max-leaves 100 --tree",
        &[&table1],
    ));
    assert_eq!(v["trace"].as_array().map(Vec::len), Some(14), "{v}");
    assert_eq!(v["stopped"], Json::Null, "{v}");
}

#[test]
fn an_open_list_the_machine_cannot_give_is_an_error_line() {
    // SSS* sized by the tree: 32^6 + 1 OPEN entries, over 100 GB. Only
    // where the system refuses what it cannot give (overcommit mode 1
    // grants it, and the search would then fill the machine).
    if !tree_core::corpus::refuses_impossible_allocations() {
        return;
    }
    for algo in ["sss", "dual", "recsss", "memsss"] {
        let out = gametree(&cmd(
            "search --gen random --b 32 --d 12 --algo",
            &[algo, "--max-leaves", "1000"],
        ));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{algo}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{algo}: {stderr}");
        assert!(
            stderr.starts_with("gametree: error: ")
                && stderr.contains("cannot allocate room for")
                && stderr.contains("a smaller memory budget would run"),
            "{algo}: {stderr}"
        );
    }
}

//! `gametree solve`: the FFO problems solved and checked against their
//! files, JSON, every scored move, bad lines skipped with their line
//! numbers, wrong scores flagged, best-first engines on small positions,
//! and argument errors.

use std::process::Output;

use crate::common::{ends, error, gametree, has, json, ok, strings, temp_file};

fn ffo_file(name: &str) -> String {
    format!("{}/../othello/data/ffo/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The first `n` lines of an FFO file.
fn ffo_lines(name: &str, n: usize) -> String {
    let text = std::fs::read_to_string(ffo_file(name)).unwrap();
    text.lines().take(n).map(|l| format!("{l}\n")).collect()
}

/// A run that solved what it could and then failed with one error line.
fn partial(out: &Output) -> (String, String) {
    let stdout = String::from_utf8(out.stdout.clone()).unwrap();
    let stderr = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let last = stderr.lines().last().unwrap();
    assert!(last.starts_with("gametree: error: "), "{stderr}");
    (stdout, stderr)
}

/// The file's line numbers of the positions whose value agrees with the
/// file (the rows of the text output that end in `ok`).
fn agreeing_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| l.ends_with(" ok"))
        .filter_map(|l| l.split_whitespace().next())
        .collect()
}

fn is_square(s: &str) -> bool {
    let b = s.as_bytes();
    s == "pass" || (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
}

#[test]
fn ffo_1_to_19_agree_with_the_file() {
    let out = ok(&["solve", &ffo_file("fforum-1-19.obf")]);
    let lines: Vec<&str> = out.lines().collect();
    // A header, 19 positions, a summary.
    assert_eq!(lines.len(), 21, "{out}");
    for l in &lines[1..20] {
        ends(l, " ok");
        let best = l.split_whitespace().nth(4).unwrap();
        assert!(is_square(best), "{l}");
    }
    assert!(
        lines[20].contains("19 positions solved by mtdf-enh")
            && lines[20].contains("19 agree with the file, 0 differ"),
        "{}",
        lines[20]
    );
}

#[test]
fn json_names_moves_and_the_principal_variation() {
    let file = temp_file("ffo5.obf", ffo_lines("fforum-1-19.obf", 5).as_bytes());
    for algo in ["ab-enh", "pvs-enh", "mtdf-enh", "mtsss-enh", "mtdual-enh"] {
        let v = json(&[
            "solve",
            file.to_str().unwrap(),
            "--algo",
            algo,
            "--table-bytes",
            "1048576",
            "--json",
        ]);
        assert_eq!(v["schema"], 2);
        assert_eq!(v["algorithm"], algo);
        assert_eq!(v["agree"], 5);
        assert_eq!(v["disagree"], 0);
        let positions = v["positions"].as_array().unwrap();
        assert_eq!(positions.len(), 5);
        for p in positions {
            assert_eq!(p["value"], p["file_score"], "{p}");
            assert_eq!(p["agrees"], true);
            assert_eq!(p["empties"], 14);
            let pv = strings(&p["pv"]);
            assert!(pv.len() >= 14, "{p}");
            assert!(pv.iter().all(|m| is_square(m)), "{p}");
            assert_eq!(p["best"], pv[0]);
            assert!(p["nodes"].as_u64().unwrap() > p["leaves"].as_u64().unwrap());
        }
        // #5 is one of the problems where the empty squares go to the
        // winner: 32, not the 31 of a disc count.
        assert_eq!(positions[4]["value"], 32);
    }
}

#[test]
fn selective_passes_run_at_22_empty_squares_and_change_no_score() {
    // FFO #41 and #42 (22 empty squares): the default runs ProbCut's
    // selective passes first, `--no-probcut` does not; the scores agree.
    let text: String = ffo_lines("fforum-40-59.obf", 3)
        .lines()
        .skip(1)
        .map(|l| format!("{l}\n"))
        .collect();
    let file = temp_file("ffo41-42.obf", text.as_bytes());
    let run = |extra: &[&str]| {
        let mut args = vec!["solve", file.to_str().unwrap(), "--json"];
        args.extend_from_slice(extra);
        json(&args)
    };
    let (with, without) = (run(&[]), run(&["--no-probcut"]));
    for v in [&with, &without] {
        assert_eq!(v["agree"], 2, "{v}");
        assert_eq!(v["disagree"], 0, "{v}");
    }
    let nodes = |v: &serde_json::Value| -> Vec<u64> {
        v["positions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                assert_eq!(p["empties"], 22, "{p}");
                p["nodes"].as_u64().unwrap()
            })
            .collect()
    };
    let (a, b) = (nodes(&with), nodes(&without));
    assert!(a.iter().zip(&b).all(|(x, y)| x != y), "{a:?} {b:?}");
}

#[test]
fn every_scored_move_is_solved_with_moves() {
    let file = temp_file("ffo20.obf", ffo_lines("fforum-20-39.obf", 2).as_bytes());
    let v = json(&["solve", file.to_str().unwrap(), "--moves", "--json"]);
    let positions = v["positions"].as_array().unwrap();
    assert_eq!(positions.len(), 2);
    let moves: Vec<_> = positions
        .iter()
        .flat_map(|p| p["moves"].as_array().unwrap().clone())
        .collect();
    // #20: H5 G6 F6 H6; #21: G5 G2 G4 G6.
    assert_eq!(moves.len(), 8);
    for m in &moves {
        assert_eq!(m["agrees"], true, "{m}");
        assert_eq!(m["value"], m["file_score"]);
    }
    assert_eq!(moves[1]["move"], "g6");
    assert_eq!(moves[1]["value"], -2);
    let text = ok(&["solve", file.to_str().unwrap(), "--moves"]);
    assert_eq!(text.lines().filter(|l| l.contains(" move ")).count(), 8);
}

#[test]
fn bad_lines_are_skipped_with_their_line_numbers() {
    let good = ffo_lines("fforum-1-19.obf", 2);
    let mut lines: Vec<&str> = good.lines().collect();
    lines.insert(1, "XXXX this is not a position");
    lines.push("");
    lines.push("% a comment");
    let bad_move = lines[0].replacen("G8:+18", "A1:+18", 1);
    lines.push(&bad_move);
    let text = lines.join("\n");
    let file = temp_file("bad.obf", text.as_bytes());
    let (stdout, stderr) = partial(&gametree(&["solve", file.to_str().unwrap()]));
    has(&stderr, "skipped line 2: ");
    has(&stderr, "skipped line 6: a1 is not a legal move");
    has(&stderr, "2 line(s) skipped");
    // The good lines were solved.
    assert_eq!(agreeing_lines(&stdout), ["1", "3"], "{stdout}");
}

#[test]
fn a_wrong_score_is_flagged() {
    let line = ffo_lines("fforum-1-19.obf", 1).replacen("G8:+18", "G8:+20", 1);
    let file = temp_file("wrong.obf", line.as_bytes());
    let (stdout, stderr) = partial(&gametree(&["solve", file.to_str().unwrap()]));
    has(&stdout, "+20 DIFFERS");
    has(&stderr, "1 position(s) differ");
}

#[test]
fn best_first_engines_solve_small_positions() {
    let file = temp_file("ffo20-22.obf", ffo_lines("fforum-20-39.obf", 1).as_bytes());
    for (algo, memory) in [
        ("sss", None),
        ("recsss", None),
        ("memsss", Some("40")),
        ("alphabeta", None),
        ("mt-sss", None),
        ("ybwc", None),
    ] {
        let mut args = vec!["solve", file.to_str().unwrap(), "--algo", algo, "--json"];
        if let Some(m) = memory {
            args.extend(["--memory", m]);
        }
        let v = json(&args);
        assert_eq!(v["schema"], 2);
        let p = &v["positions"][0];
        assert_eq!(p["value"], 6, "{algo}");
        assert_eq!(p["best"], "h5", "{algo}");
    }
    // Too many empty squares for OPEN: skipped, with the reason.
    let big = temp_file("ffo21.obf", ffo_lines("fforum-20-39.obf", 2).as_bytes());
    let (stdout, stderr) = partial(&gametree(&[
        "solve",
        big.to_str().unwrap(),
        "--algo",
        "sss",
    ]));
    has(&stderr, "line 2: 15 empty squares");
    assert_eq!(stdout.lines().filter(|l| l.ends_with(" ok")).count(), 1);
}

#[test]
fn an_empty_file_solves_nothing() {
    let file = temp_file("empty.obf", b"% nothing here\n\n");
    let out = ok(&["solve", file.to_str().unwrap()]);
    has(&out, "0 positions solved");
}

#[test]
fn arguments_that_do_not_combine_are_errors() {
    let f = ffo_file("fforum-1-19.obf");
    let cases: [(&[&str], &str); 5] = [
        (
            &["solve", &f, "--memory", "10"],
            "algorithm 'mtdf-enh' takes no --memory",
        ),
        (
            &["solve", &f, "--algo", "sss", "--table-bytes", "1000"],
            "algorithm 'sss' takes no --table-bytes",
        ),
        (&["solve", &f, "--algo", "nope"], "unknown algorithm 'nope'"),
        (&["solve", &f, "--table-bytes", "10"], "too small"),
        (
            &["solve", "/no/such/file.obf"],
            "cannot read /no/such/file.obf",
        ),
    ];
    for (args, want) in cases {
        let e = error(args);
        assert!(e.contains(want), "{args:?}: {e}");
    }
    let e = error(&["solve", &f, "--algo", "alphabeta", "--memory", "5"]);
    has(&e, "algorithm 'alphabeta' takes no --memory");
}

#[test]
fn a_limit_stops_each_position_and_the_next_one_starts() {
    // FFO #20-#39 in 20,000 leaves each: the 6-empty first line finishes,
    // the others stop; each is reported, in order, and the run succeeds.
    let file = ffo_file("fforum-20-39.obf");
    let v = json(&["solve", &file, "--max-leaves", "20000", "--json"]);
    let positions = v["positions"].as_array().expect("positions");
    assert_eq!(positions.len(), 20, "{v}");
    assert_eq!(positions[0]["agrees"], true, "{v}");
    assert_eq!(positions[0]["stopped"], serde_json::Value::Null, "{v}");
    for p in &positions[1..] {
        assert_eq!(p["stopped"], "leaf-limit", "{p}");
        assert_eq!(p["value"], serde_json::Value::Null, "{p}");
        assert_eq!(p["agrees"], serde_json::Value::Null, "{p}");
        assert!(p["leaves"].as_u64().unwrap() <= 20_000, "{p}");
    }
    assert_eq!(
        (v["agree"].as_u64(), v["stopped"].as_u64()),
        (Some(1), Some(19))
    );
    let text = ok(&["solve", &file, "--max-leaves", "20000"]);
    has(&text, "stopped (leaf-limit)");
    has(
        &text,
        "1 agree with the file, 0 differ, 19 stopped by a limit",
    );
}

#[test]
fn a_byte_order_mark_is_dropped_and_a_line_that_is_not_utf8_is_skipped() {
    let good = ffo_lines("fforum-1-19.obf", 2);
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    let mut lines = good.lines();
    bytes.extend_from_slice(lines.next().unwrap().as_bytes());
    bytes.extend_from_slice(b"\nXX\xFF not text\n");
    bytes.extend_from_slice(lines.next().unwrap().as_bytes());
    bytes.push(b'\n');
    let file = temp_file("utf8.obf", &bytes);
    let (stdout, stderr) = partial(&gametree(&["solve", file.to_str().unwrap()]));
    has(
        &stderr,
        "skipped line 2: not UTF-8 text (byte 0xFF at column 3)",
    );
    has(&stderr, "1 line(s) skipped");
    assert_eq!(agreeing_lines(&stdout), ["1", "3"], "{stdout}");
}

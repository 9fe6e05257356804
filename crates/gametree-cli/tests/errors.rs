//! Every kind of bad input: exit status 1 and one line `gametree: error: …`
//! naming the problem (clap's own usage errors: status 2).

use gametree::{Algorithm, Setting};

use crate::common::{cmd, data, error, gametree, has, temp_file, words};

fn table1() -> String {
    data("table1.tree")
}

fn search(extra: &[&str]) -> String {
    let mut args = vec!["search"];
    args.extend_from_slice(extra);
    error(&args)
}

#[test]
fn unknown_algorithm_lists_the_known_ones() {
    let e = search(&["--algo", "sss*", "--tree", &table1()]);
    has(&e, "unknown algorithm 'sss*'");
    for a in Algorithm::ALL {
        has(&e, a.name());
    }
}

#[test]
fn unreadable_file() {
    let e = search(&["--algo", "alphabeta", "--tree", "/no/such/file.tree"]);
    has(&e, "cannot read tree file '/no/such/file.tree'");
    let dir = std::env!("CARGO_TARGET_TMPDIR");
    let e = search(&["--algo", "alphabeta", "--tree", dir]);
    has(&e, "cannot read");
}

#[test]
fn malformed_tree_text_with_position() {
    let f = temp_file("malformed", b"# comment\n[1,\n [2,x]]\n");
    let e = search(&["--algo", "alphabeta", "--tree", f.to_str().unwrap()]);
    has(&e, "line 3, column 5");
    has(&e, "byte 18");
    has(&e, "expected an integer or '['");

    for (text, what) in [
        ("[1,2", "expected ',' or ']'"),
        ("[]", "empty list"),
        ("[1] 2", "after the tree"),
        ("", "end of input"),
        ("[1,2147483647]", "out of range"),
    ] {
        let f = temp_file("malformed", text.as_bytes());
        let e = search(&["--algo", "alphabeta", "--tree", f.to_str().unwrap()]);
        assert!(e.contains(what), "{text}: {e}");
        assert!(e.contains("line 1, column"), "{text}: {e}");
    }
}

#[test]
fn empty_window() {
    for (a, b) in [("3", "3"), ("5", "2"), ("inf", "inf"), ("-inf", "-inf")] {
        let e = search(&cmd(
            "--algo alphabeta --tree",
            &[&table1(), "--alpha", a, "--beta", b],
        ));
        has(&e, "alpha must be smaller than beta");
    }
}

/// An option the algorithm does not take: the library's check, the
/// command line's flag, and the algorithms that do take it.
fn not_taken(e: &str, algorithm: Algorithm, flag: &str, setting: Setting) {
    assert!(
        e.contains(&format!(
            "algorithm '{algorithm}' takes no {flag} ({}); the algorithms that do: ",
            setting.description()
        )),
        "{e}"
    );
    for a in setting.algorithms() {
        has(e, a.name());
    }
}

#[test]
fn window_for_an_algorithm_without_one() {
    let tree = table1();
    for &a in Algorithm::ALL {
        if a.takes(Setting::Window) {
            continue;
        }
        for window in [["--alpha", "1"], ["--beta", "4"]] {
            let mut args = vec!["--algo", a.name(), "--tree", &tree];
            args.extend_from_slice(&window);
            not_taken(&search(&args), a, "--alpha/--beta", Setting::Window);
        }
    }
}

#[test]
fn memory_for_an_algorithm_without_an_open_list() {
    let mut refused = 0;
    for &a in Algorithm::ALL {
        if a.takes_memory() {
            continue;
        }
        let e = search(&["--algo", a.name(), "--tree", &table1(), "--memory", "9"]);
        not_taken(&e, a, "--memory", Setting::Memory);
        refused += 1;
    }
    assert_eq!(refused, 21, "depth-first, enhanced, multi-threaded");
}

#[test]
fn campbell_file_needs_both_b_and_d() {
    let f = temp_file("campbell-shape", &[1, 2, 3, 4]);
    let f = f.to_str().unwrap();
    let e = search(&["--algo", "alphabeta", "--tree", f, "--b", "2"]);
    assert!(
        e.contains("missing --d") && e.contains("--b and --d"),
        "{e}"
    );
    let e = search(&["--algo", "alphabeta", "--tree", f, "--d", "2"]);
    assert!(
        e.contains("missing --b") && e.contains("--b and --d"),
        "{e}"
    );
}

#[test]
fn binary_file_without_shape_asks_for_b_and_d() {
    // Control bytes, and bytes that are not UTF-8.
    for bytes in [
        &[0u8, 5, 7, 1, 2, 3, 4, 5][..],
        &[200, 255, 3, 91],
        &[b'[', 1, b']'],
    ] {
        let f = temp_file("binary", bytes);
        let e = search(&["--algo", "alphabeta", "--tree", f.to_str().unwrap()]);
        has(&e, "looks binary");
        has(&e, "give --b and --d");
        has(&e, "Campbell tree file");
    }
}

#[test]
fn campbell_file_of_the_wrong_size() {
    let f = temp_file("campbell-size", &[1, 2, 3, 4, 5]);
    let f = f.to_str().unwrap();
    let e = search(&["--algo", "alphabeta", "--tree", f, "--b", "2", "--d", "3"]);
    assert!(e.contains("truncated") && e.contains("8 bytes"), "{e}");
    let e = search(&["--algo", "alphabeta", "--tree", f, "--b", "2", "--d", "2"]);
    has(&e, "oversized");
    let e = search(&["--algo", "alphabeta", "--tree", f, "--b", "0", "--d", "2"]);
    has(&e, "b = 0");
    let e = search(&["--algo", "alphabeta", "--tree", f, "--b", "10", "--d", "40"]);
    has(&e, "overflows");
}

#[test]
fn tree_and_gen_both_or_neither() {
    let e = search(&cmd(
        "--algo alphabeta --tree",
        &[&table1(), "--gen", "random", "--b", "2", "--d", "2"],
    ));
    has(&e, "not both");
    let e = search(&["--algo", "alphabeta"]);
    has(&e, "no tree");
    let e = search(&["--algo", "alphabeta", "--b", "2", "--d", "2"]);
    has(&e, "no tree");
}

#[test]
fn generator_errors() {
    let g = |extra: &[&str]| {
        let mut args = vec!["--algo", "alphabeta"];
        args.extend_from_slice(extra);
        search(&args)
    };
    let e = g(&["--gen", "random", "--b", "0", "--d", "3"]);
    has(&e, "b = 0");
    let e = g(&["--gen", "strong", "--b", "10", "--d", "20"]);
    has(&e, "overflows");
    let e = g(&["--gen", "random", "--b", "2", "--d", "257"]);
    has(&e, "depth 257");
    let e = g(&["--gen", "random", "--b", "70000", "--d", "1"]);
    has(&e, "65,535");
    let e = g(&["--gen", "sss", "--b", "2", "--d", "2"]);
    assert!(
        e.contains("unknown generator") && e.contains("campbell-random"),
        "{e}"
    );
    let e = g(&["--gen", "campbell-fmb:1.5", "--b", "2", "--d", "2"]);
    assert!(e.contains("(0, 1]"), "{e}");
    let e = g(&["--gen", "random", "--b", "2"]);
    has(&e, "--b B and --d D");
    let e = g(&["--gen", "random", "--d", "2"]);
    has(&e, "--b B and --d D");
    let e = g(&["--tree", &table1(), "--seed", "3"]);
    has(&e, "--seed and --index");
    let e = g(&["--tree", &table1(), "--index", "3"]);
    has(&e, "--seed and --index");
}

#[test]
fn usage_errors_keep_clap_format() {
    for args in [
        &["search", "--tree", "x"][..],
        &["search", "--algo", "alphabeta", "--b", "two", "--tree", "x"],
        &words("search --algo alphabeta --alpha nine --tree x"),
        &words("search --algo alphabeta --alpha 99999999999 --tree x"),
        &words("search --algo alphabeta --memory -1 --tree x"),
        &["frobnicate"],
        &[],
    ] {
        let out = gametree(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.is_empty());
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn best_first_budgets_and_parameters() {
    let pi = data("pi.tree");
    // SSS* on the (3,4) pi tree needs 3^2 = 9 OPEN entries.
    let e = search(&["--algo", "sss", "--tree", &pi, "--memory", "8"]);
    assert!(e.contains("at least 9") && e.contains("budget is 8"), "{e}");
    let sss = Algorithm::Sss;
    let e = search(&["--algo", "sss", "--tree", &pi, "--upper", "3"]);
    not_taken(&e, sss, "--upper", Setting::Upper);
    let e = search(&["--algo", "staged-sss", "--tree", &pi, "--stage", "0"]);
    has(&e, "invalid --stage: must be at least 1");
    let e = search(&["--algo", "sss", "--tree", &pi, "--stage", "2"]);
    not_taken(&e, sss, "--stage", Setting::Stage);
    let e = search(&["--algo", "mgame", "--tree", &pi, "--searchd", "3"]);
    assert!(e.contains("searchd") && e.contains("even"), "{e}");
    let e = search(&["--algo", "sss", "--tree", &pi, "--searchd", "4"]);
    not_taken(&e, sss, "--searchd", Setting::Searchd);
    let e = search(&["--algo", "sss", "--tree", &pi, "--alpha", "1"]);
    not_taken(&e, sss, "--alpha/--beta", Setting::Window);
    let e = search(&cmd(
        "--algo alphabeta --tree",
        &[&pi, "--table-bytes", "4096"],
    ));
    not_taken(
        &e,
        Algorithm::AlphaBeta,
        "--table-bytes",
        Setting::TableBytes,
    );
    let e = search(&["--algo", "ab-enh", "--tree", &pi, "--trace"]);
    not_taken(&e, Algorithm::AlphaBetaEnhanced, "--trace", Setting::Trace);
    let e = search(&["--algo", "unknown", "--tree", &pi]);
    for a in Algorithm::ALL {
        has(&e, a.name());
    }
}

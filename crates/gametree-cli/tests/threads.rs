//! `gametree search` with the multi-threaded algorithms: the minimax value
//! whatever the thread count, the keys they add, and every way to ask for
//! one wrongly. Leaf counts vary from run to run with more than one thread,
//! so only their consistency is checked, never a number.

use gametree::{Algorithm, Family, Setting};
use serde_json::Value as Json;
use tree_core::{ExplicitTree, GenSpec, Generator, Value, corpus};

use crate::common::{cmd, data, error, has, json, keys, moves, ok, report_keys, temp_file};

/// The multi-threaded algorithms.
fn threaded() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Threads)
}

/// The arguments that pick a tree, for every tree the tests search.
fn trees() -> Vec<Vec<String>> {
    let mut trees: Vec<Vec<String>> = ["table1.tree", "pi.tree", "stockman.tree"]
        .iter()
        .map(|f| vec!["--tree".into(), data(f)])
        .collect();
    let nonuniform = temp_file("nonuniform", b"[1,[2,[3,4,5]],[[6,-1],7],8,[[9]]]");
    trees.push(vec!["--tree".into(), nonuniform.to_str().unwrap().into()]);
    for generated in [
        "--gen random --b 4 --d 5 --seed 3",
        "--gen strong --b 3 --d 6 --seed 7",
        "--gen perfect --b 8 --d 4",
    ] {
        trees.push(generated.split(' ').map(String::from).collect());
    }
    trees
}

/// `gametree search --json` with `args`.
fn search_json(args: &[&str]) -> Json {
    let mut all = vec!["search", "--json"];
    all.extend_from_slice(args);
    json(&all)
}

/// The minimax value of the tree the arguments `tree` choose.
fn minimax_of(tree: &[&str]) -> Json {
    search_json(&[&["--algo", "minimax"], tree].concat())["value"].clone()
}

/// What every threaded report must satisfy.
fn check_counts(v: &Json, threads: u64) {
    let leaves = v["leaves"].as_u64().unwrap();
    let per_thread: u64 = v["per_thread"]
        .as_array()
        .expect("per_thread")
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(per_thread, leaves, "{v}");
    assert!(leaves >= 1, "{v}");
    // Which leaves the threads evaluate depends on their scheduling: no
    // trace, no distinct count.
    assert_eq!(v["distinct_leaves"], Json::Null, "{v}");
    assert!(v["interior"].as_u64().unwrap() >= 1, "{v}");
    assert_eq!(v["peak_memory"], Json::Null, "{v}");
    assert_eq!(v["threads"], threads, "{v}");
}

#[test]
fn every_thread_algorithm_gives_the_minimax_value() {
    for tree in trees() {
        let tree: Vec<&str> = tree.iter().map(String::as_str).collect();
        let mut args = vec!["--algo", "minimax"];
        args.extend_from_slice(&tree);
        let minimax = search_json(&args)["value"].clone();
        for a in threaded() {
            for threads in ["1", "2", "8"] {
                let mut args = vec!["--algo", a.name(), "--threads", threads];
                args.extend_from_slice(&tree);
                let v = search_json(&args);
                assert_eq!(
                    v["value"], minimax,
                    "{a} with {threads} threads on {tree:?}"
                );
                assert_eq!(v["algorithm"], a.name());
                check_counts(&v, threads.parse().unwrap());
                check_best(&tree, &v);
            }
        }
    }
}

/// The reported best move (and one-move line) of a threaded search on the
/// tree `args` pick: what the oracle accepts.
fn check_best(args: &[&str], v: &Json) {
    let value = Value::new(v["value"].as_i64().unwrap()).unwrap();
    let (best, pv) = moves(v);
    assert_eq!(
        v["pv_complete"], false,
        "the threads know the best move alone"
    );
    let arg = |name: &str| {
        let k = args.iter().position(|a| *a == name)?;
        args.get(k + 1).copied()
    };
    let check = |r: Result<(), String>| r.unwrap_or_else(|e| panic!("{args:?}: {e} in {v}"));
    if let Some(file) = arg("--tree") {
        let tree = ExplicitTree::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
        check(corpus::check_line(&tree, value, best, &pv, false));
    } else {
        let number = |name: &str| arg(name).map_or(0, |x| x.parse::<u64>().unwrap());
        let spec = GenSpec::new(
            arg("--gen").unwrap().parse::<Generator>().unwrap(),
            number("--b") as usize,
            number("--d") as usize,
            number("--seed"),
            0,
        );
        check(corpus::check_line(
            &spec.build().unwrap(),
            value,
            best,
            &pv,
            false,
        ));
    }
}

#[test]
fn one_thread_splitting_counts_what_alphabeta_counts() {
    // With one thread, tree- and pv-splitting and YBWC evaluate exactly
    // alpha-beta's leaves (docs/PARALLEL.md).
    let tree = ["--gen", "random", "--b", "4", "--d", "5", "--seed", "3"];
    let mut args = vec!["--algo", "alphabeta"];
    args.extend_from_slice(&tree);
    let alphabeta = search_json(&args);
    for a in ["treesplit", "pvsplit", "ybwc"] {
        let mut args = vec!["--algo", a, "--threads", "1"];
        args.extend_from_slice(&tree);
        let v = search_json(&args);
        assert_eq!(v["leaves"], alphabeta["leaves"], "{a}");
    }
}

#[test]
fn json_keys() {
    let table1 = data("table1.tree");
    let splitting = search_json(&["--algo", "treesplit", "--threads", "2", "--tree", &table1]);
    assert_eq!(
        keys(&splitting),
        report_keys(&["processor_tree", "processors"])
    );
    assert_eq!(
        splitting["processor_tree"],
        serde_json::json!({"depth": 1, "width": 2})
    );
    assert_eq!(splitting["processors"], 3);
    // One entry per processor: the master and its two slaves.
    assert_eq!(splitting["per_thread"].as_array().unwrap().len(), 3);

    for a in ["ybwc", "parallel-staged-sss"] {
        let v = search_json(&["--algo", a, "--threads", "2", "--tree", &table1]);
        assert_eq!(keys(&v), report_keys(&[]), "{a}");
    }
    let windowed = search_json(&cmd(
        "--algo ybwc --threads 2 --tree",
        &[&table1, "--alpha", "3"],
    ));
    assert!(keys(&windowed).contains(&"window"));
    assert_eq!(windowed["bound"], "upper"); // table1 is worth 2
}

#[test]
fn default_thread_count_is_the_available_parallelism() {
    let v = search_json(&["--algo", "ybwc", "--tree", &data("pi.tree")]);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(v["threads"], cores);
    let help = ok(&["search", "--help"]);
    has(&help, "available_parallelism");
}

#[test]
fn explicit_processor_trees() {
    let tree = ["--gen", "strong", "--b", "4", "--d", "6", "--seed", "2"];
    let minimax = minimax_of(&tree);
    for a in ["treesplit", "pvsplit"] {
        for (processors, threads, count) in [("0,3", 1, 1), ("1,3", 3, 4), ("2,2", 4, 7)] {
            for type2 in [false, true] {
                if type2 && a != "pvsplit" {
                    continue;
                }
                let mut args = vec!["--algo", a, "--processors", processors];
                args.extend_from_slice(&tree);
                if type2 {
                    args.push("--no-type2");
                }
                let v = search_json(&args);
                assert_eq!(v["value"], minimax, "{a} on {processors}");
                assert_eq!(v["processors"], count, "{a} on {processors}");
                assert_eq!(v["per_thread"].as_array().unwrap().len(), count);
                check_counts(&v, threads);
            }
        }
    }
}

#[test]
fn windows_classify_like_alphabeta() {
    let pi = data("pi.tree");
    for (alpha, beta) in [("3", "9"), ("-inf", "1"), ("0", "+inf"), ("1", "3")] {
        let reference = search_json(&cmd(
            "--algo alphabeta --tree",
            &[&pi, "--alpha", alpha, "--beta", beta],
        ));
        for a in threaded() {
            let v = search_json(&[
                "--algo",
                a.name(),
                "--threads",
                "2",
                "--tree",
                &pi,
                "--alpha",
                alpha,
                "--beta",
                beta,
            ]);
            assert_eq!(v["window"], reference["window"], "{a}");
            assert_eq!(v["value"], reference["value"], "{a} ({alpha}, {beta})");
            assert_eq!(v["bound"], reference["bound"], "{a} ({alpha}, {beta})");
        }
    }
}

#[test]
fn stage_depth_of_parallel_staged_sss() {
    let tree = ["--gen", "random", "--b", "3", "--d", "6", "--seed", "5"];
    let minimax = minimax_of(&tree);
    for stage in ["1", "2", "3", "6", "9"] {
        let mut args = vec![
            "--algo",
            "parallel-staged-sss",
            "--threads",
            "2",
            "--stage",
            stage,
        ];
        args.extend_from_slice(&tree);
        assert_eq!(search_json(&args)["value"], minimax, "--stage {stage}");
    }
}

#[test]
fn text_output() {
    let out = ok(&cmd(
        "search --algo pvsplit --processors 1,2 --tree",
        &[&data("table1.tree")],
    ));
    let labels: Vec<&str> = out.lines().map(|l| l[..12].trim_end()).collect();
    assert_eq!(
        labels,
        [
            "algorithm",
            "tree",
            "value",
            "best",
            "pv",
            "leaves",
            "interior",
            "peak memory",
            "threads",
            "processors",
            "per thread",
        ],
        "{out}"
    );
    has(&out, "\nvalue       2\n");
    has(&out, "\nprocessors  (1, 2): 3 processors\n");
    has(&out, "\npeak memory n/a\n");
    has(
        &out,
        "\npv          2 (partial: the algorithm knows only the first move)\n",
    );
}

// ---- errors -------------------------------------------------------------

fn search_error(args: &[&str]) -> String {
    let mut all = vec!["search"];
    all.extend_from_slice(args);
    error(&all)
}

/// An option the algorithm does not take, as the library refuses it.
fn not_taken(e: &str, algorithm: &str, flag: &str, setting: Setting) {
    assert!(
        e.contains(&format!(
            "algorithm '{algorithm}' takes no {flag} ({}); the algorithms that do: ",
            setting.description()
        )),
        "{e}"
    );
}

#[test]
fn zero_threads() {
    let e = search_error(&cmd("--algo ybwc --threads 0 --tree", &[&data("pi.tree")]));
    has(&e, "invalid --threads: must be at least 1");
}

#[test]
fn threads_for_a_sequential_algorithm() {
    let pi = data("pi.tree");
    for (algo, option, flag, setting) in [
        (
            "alphabeta",
            ["--threads", "2"],
            "--threads",
            Setting::Threads,
        ),
        ("sss", ["--threads", "1"], "--threads", Setting::Threads),
        (
            "minimax",
            ["--processors", "1,2"],
            "--processors",
            Setting::Processors,
        ),
    ] {
        let e = search_error(&["--algo", algo, "--tree", &pi, option[0], option[1]]);
        not_taken(&e, algo, flag, setting);
        for a in setting.algorithms() {
            has(&e, a.name());
        }
    }
    let e = search_error(&["--algo", "alphabeta", "--tree", &pi, "--no-type2"]);
    not_taken(&e, "alphabeta", "--no-type2", Setting::Type2);
}

#[test]
fn sequential_options_with_a_thread_algorithm() {
    let pi = data("pi.tree");
    for a in threaded() {
        let name = a.name();
        let e = search_error(&["--algo", name, "--tree", &pi, "--memory", "9"]);
        not_taken(&e, name, "--memory", Setting::Memory);
        let e = search_error(&["--algo", name, "--tree", &pi, "--trace"]);
        not_taken(&e, name, "--trace", Setting::Trace);
        let e = search_error(&["--algo", name, "--tree", &pi, "--upper", "3"]);
        not_taken(&e, name, "--upper", Setting::Upper);
        let e = search_error(&["--algo", name, "--tree", &pi, "--searchd", "2"]);
        not_taken(&e, name, "--searchd", Setting::Searchd);
    }
}

#[test]
fn options_for_the_wrong_thread_algorithm() {
    let pi = data("pi.tree");
    for a in ["ybwc", "parallel-staged-sss"] {
        let e = search_error(&["--algo", a, "--tree", &pi, "--processors", "1,2"]);
        not_taken(&e, a, "--processors", Setting::Processors);
    }
    for a in ["treesplit", "ybwc", "parallel-staged-sss"] {
        let e = search_error(&["--algo", a, "--tree", &pi, "--no-type2"]);
        not_taken(&e, a, "--no-type2", Setting::Type2);
    }
    for a in ["treesplit", "pvsplit", "ybwc"] {
        let e = search_error(&["--algo", a, "--tree", &pi, "--stage", "2"]);
        not_taken(&e, a, "--stage", Setting::Stage);
    }
    let e = search_error(&cmd(
        "--algo parallel-staged-sss --tree",
        &[&pi, "--stage", "0"],
    ));
    has(&e, "invalid --stage: must be at least 1");
    let e = search_error(&cmd(
        "--algo treesplit --tree",
        &[&pi, "--threads", "2", "--processors", "1,2"],
    ));
    has(
        &e,
        "invalid --processors: give a thread count or a processor tree, not both",
    );
}

#[test]
fn bad_processor_trees() {
    let pi = data("pi.tree");
    for bad in [
        "", "4", "1,", ",2", "1,2,3", "-1,2", "one,two", "1;2", "1.5,2",
    ] {
        let e = search_error(&["--algo", "treesplit", "--tree", &pi, "--processors", bad]);
        has(&e, &format!("bad --processors '{bad}'"));
        has(&e, "expected DEPTH,WIDTH");
    }
    let e = search_error(&["--algo", "pvsplit", "--tree", &pi, "--processors", "2,0"]);
    has(&e, "needs width >= 1");
    let e = search_error(&["--algo", "pvsplit", "--tree", &pi, "--processors", "40,2"]);
    has(&e, "has more than 1048576 processors");
    // More threads than the library starts.
    let e = search_error(&["--algo", "ybwc", "--tree", &pi, "--threads", "5000"]);
    has(&e, "more than the maximum of 1024");
}

// A thread count that is not a number: limits.rs's usage-error test.

#[test]
fn the_tree_source_errors_are_shared() {
    let e = search_error(&["--algo", "ybwc"]);
    has(&e, "no tree: give --tree FILE or --gen KIND");
    let e = search_error(&["--algo", "ybwc", "--gen", "random", "--b", "3"]);
    has(&e, "missing --b or --d");
}

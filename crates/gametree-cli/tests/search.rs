//! What a search prints, on the papers' worked examples, generated trees and
//! Campbell tree files, checked against the library run directly.

use gametree::{Algorithm, Config, Family, Setting};
use search_depthfirst::{Algorithm as DepthFirst, SearchConfig, Window, alphabeta};
use serde_json::{Value as Json, json};
use tree_core::corpus::check_line;
use tree_core::worked::{PI, STOCKMAN, TABLE1, TABLE2};
use tree_core::{ExplicitTree, Traced, Tree, Value, minimax};

use crate::common::{
    algorithm_names, cmd, data, gametree_stdin, has, json, keys, moves, ok, report_keys, stable,
    stable_line, strings, temp_file, words,
};

fn order(v: &Json) -> Vec<&str> {
    strings(&v["trace"])
}

fn explicit(name: &str) -> ExplicitTree {
    ExplicitTree::parse(&std::fs::read_to_string(data(name)).unwrap()).unwrap()
}

#[test]
fn alphabeta_on_table1() {
    let v = json(&cmd(
        "search --algo alphabeta --tree",
        &[&data("table1.tree"), "--json", "--trace"],
    ));
    assert_eq!(keys(&v), report_keys(&["trace"]));
    assert_eq!(v["schema"], 2);
    assert_eq!(
        v["tree"],
        json!({ "source": "file", "path": data("table1.tree") })
    );
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    assert_eq!(v["algorithm"], "alphabeta");
    assert_eq!(v["value"], 2);
    assert_eq!(v["bound"], "exact");
    assert_eq!(v["leaves"], 14);
    assert_eq!(v["distinct_leaves"], 14);
    assert_eq!(v["peak_memory"], Json::Null);
    assert_eq!(v["stopped"], Json::Null);
    assert_eq!(v["threads"], 1);

    // The same search through the library.
    let tree = explicit("table1.tree");
    let traced = Traced::new(&tree);
    assert_eq!(alphabeta(&traced, Window::FULL).unwrap().get(), 2);
    assert_eq!(v["interior"], traced.stats().interior);
    let expected: Vec<String> = traced.order().iter().map(ToString::to_string).collect();
    assert_eq!(order(&v), expected);
    assert_eq!(order(&v).len(), 14);
    assert_eq!(order(&v)[..4], ["1111", "1112", "1121", "1211"]);
    // The best move and line: the engine's, 1-based, and the oracle's.
    let r = DepthFirst::AlphaBeta
        .search(&tree, &SearchConfig::new())
        .unwrap();
    assert_eq!(v["best"], (r.best.unwrap() + 1).to_string());
    assert_eq!(v["pv"], json!(["2", "2", "2", "2"]));
    assert_eq!(v["pv_complete"], true);
    assert_eq!(moves(&v), (r.best, r.pv.clone()));
    assert_eq!(r.pv.depth(), 4);
    check_line(&tree, r.value, r.best, &r.pv, true).unwrap();
}

#[test]
fn no_order_without_trace() {
    let v = json(&cmd(
        "search --algo alphabeta --tree",
        &[&data("table1.tree"), "--json"],
    ));
    assert_eq!(keys(&v), report_keys(&[]));
    assert_eq!(v["distinct_leaves"], Json::Null, "counted with --trace");
}

#[test]
fn the_papers_counts() {
    // (example, alpha-beta leaves): Bhattacharya 1995's Tables 1 and 2,
    // Knuth and Moore's pi tree, Stockman's tree, at the values they state.
    for (example, leaves) in [(TABLE1, 14), (TABLE2, 7), (PI, 31), (STOCKMAN, 3)] {
        let file = data(&format!("{}.tree", example.name));
        let v = json(&cmd("search --algo alphabeta --tree", &[&file, "--json"]));
        assert_eq!(v["value"], example.stated_value.unwrap(), "{file}");
        assert_eq!(v["leaves"], leaves, "{file}");
    }
}

#[test]
fn stockman_order() {
    let v = json(&cmd(
        "search --algo alphabeta --tree",
        &[&data("stockman.tree"), "--trace", "--json"],
    ));
    assert_eq!(order(&v), ["11", "1211", "1212"]);
    assert_eq!(v["value"], 4);
}

#[test]
fn every_algorithm_on_every_worked_example() {
    let listed = algorithm_names();
    let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    assert_eq!(listed, names);
    for file in [
        "table1.tree",
        "table2.tree",
        "pi.tree",
        "stockman.tree",
        "fig1-reconstruction.tree",
    ] {
        let value = minimax(&explicit(file)).get();
        if file == "table1.tree" {
            assert_eq!(value, 2);
        }
        for &a in Algorithm::ALL {
            let name = a.name();
            // The multi-threaded searches and the enhanced engines take no
            // --trace (threads.rs checks the former).
            let traced = a.takes(Setting::Trace);
            let path = data(file);
            let mut args = vec!["search", "--algo", name, "--tree", &path, "--json"];
            if traced {
                args.push("--trace");
            }
            let v = json(&args);
            assert_eq!(v["value"], value, "{name} on {file}");
            assert_eq!(v["bound"], "exact", "{name} on {file}");
            assert_eq!(v["algorithm"], name);
            let unit = match a.family() {
                Family::BestFirst => {
                    assert!(
                        v["peak_memory"].as_u64().unwrap() >= 1,
                        "{name}: best-first has an OPEN"
                    );
                    json!("open-entries")
                }
                Family::Enhanced => json!("table-bytes"),
                _ if a.takes(Setting::TableBytes) => json!("table-entries"),
                _ => {
                    assert_eq!(v["peak_memory"], Json::Null, "{name}: a stack only");
                    Json::Null
                }
            };
            assert_eq!(v["memory_unit"], unit, "{name} on {file}");
            if traced {
                let leaves = v["leaves"].as_u64().unwrap();
                let distinct = v["distinct_leaves"].as_u64().unwrap();
                assert_eq!(order(&v).len() as u64, leaves, "{name} on {file}");
                assert!(distinct <= leaves);
                let mut codes = order(&v);
                codes.sort_unstable();
                codes.dedup();
                assert_eq!(codes.len() as u64, distinct);
            }
            check_moves(&explicit(file), &v, &format!("{name} on {file}"));
        }
    }
}

/// The `best` and `pv` of a report: 1-based, the line starting with the
/// best move, and what the oracle accepts (a line down to a terminal when
/// the report says it is complete, as it is for minimax, alpha-beta,
/// fail-soft alpha-beta, SCOUT and the enhanced engines).
fn check_moves(tree: &ExplicitTree, v: &Json, what: &str) {
    let name = v["algorithm"].as_str().unwrap();
    let value = Value::new(v["value"].as_i64().unwrap()).unwrap();
    let (best, pv) = moves(v);
    assert!(best.is_some(), "{what}: every worked example has moves");
    assert_eq!(pv.digits().first().map(|&d| usize::from(d)), best, "{what}");
    let whole = v["pv_complete"].as_bool().unwrap();
    if matches!(name, "alphabeta" | "falphabeta" | "scout" | "minimax") || name.ends_with("-enh") {
        assert!(whole, "{what}: the whole line");
    }
    check_line(tree, value, best, &pv, whole).unwrap_or_else(|e| panic!("{what}: {e}"));
}

#[test]
fn algos_lists_names_and_descriptions() {
    let out = ok(&["algos"]);
    assert_eq!(out.lines().count(), Algorithm::ALL.len());
    for (line, a) in out.lines().zip(Algorithm::ALL) {
        let (name, description) = line.split_once("  ").expect("name  description");
        assert_eq!(name.trim(), a.name());
        assert_eq!(description.trim(), a.description(), "{line}");
    }
    // The enhanced engines are there.
    for name in ["ab-enh", "pvs-enh", "mtdf-enh", "mtsss-enh", "mtdual-enh"] {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{name} "))),
            "{out}"
        );
    }
    // The descriptions start in one column.
    let columns: Vec<usize> = out
        .lines()
        .zip(Algorithm::ALL)
        .map(|(l, a)| l.find(a.description()).unwrap())
        .collect();
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{out}");
}

#[test]
fn text_output_is_aligned() {
    let out = ok(&cmd(
        "search --algo alphabeta --tree",
        &[&data("table1.tree"), "--trace"],
    ));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "algorithm   alphabeta");
    assert!(lines.contains(&"value       2"), "{out}");
    assert!(lines.contains(&"leaves      14 (14 distinct)"), "{out}");
    assert!(lines.contains(&"peak memory n/a"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("interior    ")), "{out}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("trace       1111 1112 1121 1211 ")),
        "{out}"
    );
    for l in &lines {
        if !l.starts_with("tree") {
            assert!(l.len() <= 80, "{l}");
        }
        assert_eq!(l.chars().nth(11), Some(' '), "value column: {l}");
        assert_ne!(l.chars().nth(12), Some(' '), "value column: {l}");
    }
    assert!(lines.contains(&"best        2"), "{out}");
    assert!(lines.contains(&"pv          2222"), "{out}");
    // All 14 codes of the trace, wrapped or not.
    let order = &out[out.find("trace").unwrap()..];
    let codes = order
        .split_whitespace()
        .filter(|w| w.len() == 4 && w.chars().all(|c| c == '1' || c == '2'))
        .count();
    assert_eq!(codes, 14);
}

#[test]
fn windows() {
    let table1 = data("table1.tree");
    let run = |algo: &str, alpha: &str, beta: &str| {
        json(&[
            "search", "--algo", algo, "--tree", &table1, "--alpha", alpha, "--beta", beta, "--json",
        ])
    };
    // Fail low, fail high, succeed: fail-hard answers are clamped.
    let v = run("alphabeta", "3", "9");
    assert_eq!(
        (v["value"].clone(), v["bound"].clone()),
        (json!(3), json!("upper"))
    );
    assert_eq!(v["window"], json!({ "alpha": 3, "beta": 9 }));
    let v = run("alphabeta", "-5", "1");
    assert_eq!(
        (v["value"].clone(), v["bound"].clone()),
        (json!(1), json!("lower"))
    );
    let v = run("alphabeta", "0", "5");
    assert_eq!(
        (v["value"].clone(), v["bound"].clone()),
        (json!(2), json!("exact"))
    );
    assert_eq!(keys(&v), report_keys(&["window"]));
    // Fail-soft: a bound at least as tight.
    let v = run("falphabeta", "3", "9");
    assert_eq!(v["bound"], "upper");
    assert!(v["value"].as_i64().unwrap() <= 3);
    assert!(v["value"].as_i64().unwrap() >= 2);
    // Either end may be infinite ("-inf", "inf" in JSON, as the library
    // writes values), or left out.
    let v = run("falphabeta", "-inf", "+inf");
    assert_eq!(
        (v["value"].clone(), v["bound"].clone()),
        (json!(2), json!("exact"))
    );
    assert_eq!(v["window"], json!({ "alpha": "-inf", "beta": "inf" }));
    let v = json(&cmd(
        "search --algo alphabeta --tree",
        &[&table1, "--alpha", "1", "--json"],
    ));
    assert_eq!(v["window"], json!({ "alpha": 1, "beta": "inf" }));
    assert_eq!(v["value"], 2);
    // lalphabeta as printed: its answer is consistent with the value 2.
    for (a, b) in [("-inf", "inf"), ("0", "5"), ("3", "9"), ("-5", "1")] {
        let v = run("lalphabeta", a, b);
        let x = v["value"].as_i64().unwrap();
        match v["bound"].as_str().unwrap() {
            "exact" => assert_eq!(x, 2),
            "lower" => assert!(x <= 2),
            "upper" => assert!(x >= 2),
            other => panic!("bound {other}"),
        }
    }
}

#[test]
fn window_in_text() {
    let out = ok(&cmd(
        "search --algo falphabeta --tree",
        &[&data("table1.tree"), "--alpha", "3", "--beta", "9"],
    ));
    has(&out, "window      (3, 9)\n");
    has(&out, "bound       upper");
}

#[test]
fn generated_trees_are_deterministic() {
    let args = |seed: &str, index: &str| {
        vec![
            "search",
            "--algo",
            "alphabeta",
            "--gen",
            "random",
            "--b",
            "3",
            "--d",
            "5",
            "--seed",
            seed,
            "--index",
            index,
            "--trace",
            "--json",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>()
    };
    let a = stable_line(&ok(&args("1", "0")));
    assert_eq!(a, stable_line(&ok(&args("1", "0"))));
    assert_ne!(
        a,
        stable_line(&ok(&args("1", "1"))),
        "another index, another tree"
    );
    assert_ne!(
        a,
        stable_line(&ok(&args("2", "0"))),
        "another seed, another tree"
    );
    // --seed and --index default to 0.
    let defaults = ok(&words(
        "search --algo alphabeta --gen random --b 3 --d 5 --trace --json",
    ));
    assert_eq!(stable_line(&defaults), stable_line(&ok(&args("0", "0"))));
    // The value is the library's.
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 3, 5, 1, 0)
        .build()
        .unwrap();
    let v: Json = serde_json::from_str(&ok(&args("1", "0"))).unwrap();
    assert_eq!(v["value"], minimax(&tree).get());
    assert_eq!(
        v["tree"],
        json!({ "source": "generator", "generator": "random", "b": 3, "d": 5, "seed": 1, "index": 0 })
    );
}

#[test]
fn every_generator_name() {
    for kind in [
        "random",
        "random:-5..5",
        "campbell-random",
        "campbell-fmb:0.8",
        "campbell-geo:0.5",
        "campbell-perfect",
        "topdown-random",
        "strong",
        "korf",
        "perfect",
    ] {
        let generator: tree_core::Generator = kind.parse().unwrap();
        let tree = tree_core::GenSpec::new(generator, 3, 4, 9, 2)
            .build()
            .unwrap();
        let v = json(&[
            "search", "--algo", "scout", "--gen", kind, "--b", "3", "--d", "4", "--seed", "9",
            "--index", "2", "--json",
        ]);
        assert_eq!(v["value"], minimax(&tree).get(), "{kind}");
    }
}

#[test]
fn wide_trees_print_codes_with_separators() {
    let v = json(&[
        "search", "--algo", "minimax", "--gen", "random", "--b", "11", "--d", "2", "--trace",
        "--json",
    ]);
    let codes = order(&v);
    assert_eq!(codes.len(), 121);
    assert_eq!(codes[0], "1.1");
    assert_eq!(codes[120], "11.11");
    assert!(codes.iter().all(|c| c.contains('.')));
}

#[test]
fn campbell_file_round_trip() {
    let leaves = [3, 17, 0, 255, 42, 42, 9, 128];
    let tree = ExplicitTree::uniform(2, 3, &leaves).unwrap();
    let mut bytes = Vec::new();
    tree.write_campbell(&mut bytes).unwrap();
    assert_eq!(bytes.len(), 8);
    let file = temp_file("campbell", &bytes);
    let file = file.to_str().unwrap();
    let v = json(&cmd(
        "search --algo alphabeta --tree",
        &[file, "--b", "2", "--d", "3", "--trace", "--json"],
    ));
    assert_eq!(v["value"], minimax(&tree).get());
    let traced = Traced::new(&tree);
    alphabeta(&traced, Window::FULL).unwrap();
    let expected: Vec<String> = traced.order().iter().map(ToString::to_string).collect();
    assert_eq!(order(&v), expected);
    assert_eq!(v["leaves"], traced.stats().leaves);

    // The same tree as text gives the same search.
    let text = temp_file("campbell-as-text", tree.to_string().as_bytes());
    let w = json(&cmd(
        "search --algo alphabeta --tree",
        &[text.to_str().unwrap(), "--trace", "--json"],
    ));
    assert_eq!(stable(&v), stable(&w));
    assert_eq!(
        v["tree"],
        json!({ "source": "campbell", "path": file, "b": 2, "d": 3 })
    );
}

#[test]
fn standard_input() {
    let out = gametree_stdin(
        &[
            "search", "--algo", "mtdf", "--tree", "-", "--json", "--trace",
        ],
        b"# Stockman\n[[4,[[5,5],[5,5]]]]\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 4);
    let out = gametree_stdin(
        &words("search --algo alphabeta --tree - --b 2 --d 1 --json"),
        &[7, 9],
    );
    let v: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], 9);
}

#[test]
fn terminal_root_and_non_uniform_trees() {
    let root = temp_file("root", b"-7\n");
    let v = json(&cmd(
        "search --algo scout --tree",
        &[root.to_str().unwrap(), "--trace", "--json"],
    ));
    assert_eq!(v["value"], -7);
    assert_eq!(v["leaves"], 1);
    assert_eq!(v["interior"], 0);
    assert_eq!(order(&v).len(), 1);

    // Non-uniform, wider than 9 somewhere: every code separated.
    let wide = "[1,[2,3,4,5,6,7,8,9,10,11,12],[-3]]";
    let file = temp_file("wide", wide.as_bytes());
    let tree = ExplicitTree::parse(wide).unwrap();
    assert_eq!(tree.bounds().unwrap().branching, 11);
    let v = json(&cmd(
        "search --algo minimax --tree",
        &[file.to_str().unwrap(), "--trace", "--json"],
    ));
    assert_eq!(v["value"], minimax(&tree).get());
    let codes = order(&v);
    assert_eq!(codes[0], "1");
    assert_eq!(codes[1], "2.1");
    assert_eq!(codes.last(), Some(&"3.1"));
}

#[test]
fn best_first_reports_peak_memory() {
    let pi = data("pi.tree");
    let v = json(&[
        "search", "--algo", "sss", "--tree", &pi, "--memory", "50", "--json",
    ]);
    assert_eq!(v["value"], 2);
    assert_eq!(v["memory_unit"], "open-entries");
    let peak = v["peak_memory"].as_u64().unwrap();
    assert!(
        (1..=9).contains(&peak),
        "SSS* never holds more than 3^2 entries: {peak}"
    );
    let v = json(&cmd(
        "search --algo sss-aspiration --tree",
        &[&pi, "--upper", "1", "--json"],
    ));
    assert_eq!(v["value"], 2, "a failed-high aspiration search re-searches");
    let v = json(&cmd(
        "search --algo staged-sss --tree",
        &[&pi, "--stage", "1", "--json"],
    ));
    assert_eq!(v["value"], 2);
    let stockman = data("stockman.tree");
    let v = json(&cmd(
        "search --algo sss-stockman --tree",
        &[&stockman, "--trace", "--json"],
    ));
    assert_eq!(order(&v), ["11", "1221", "1211", "1222", "1212"]);
}

/// The JSON *is* the library's report: `gametree::search` run directly
/// serialises to the same keys and values, once its moves are 1-based
/// strings and its trace Dewey codes, and the command line adds `schema`
/// and `tree`.
#[test]
fn the_json_is_the_librarys_report() {
    let tree = explicit("pi.tree");
    for (name, extra) in [
        ("alphabeta", &["--trace"][..]),
        ("memsss", &["--trace", "--memory", "9"]),
        ("mt-sss", &[]),
        ("mtdf-enh", &[]),
        ("ybwc", &["--threads", "1"]),
    ] {
        let algorithm: Algorithm = name.parse().unwrap();
        let mut config = Config::default();
        if extra.contains(&"--trace") {
            config = config.trace(true);
        }
        if extra.contains(&"--memory") {
            config = config.memory(9);
        }
        if extra.contains(&"--threads") {
            config = config.threads(1);
        }
        let mut r = gametree::search(algorithm, &tree, &config).unwrap();
        let trace: Option<Vec<String>> = r
            .trace
            .take()
            .map(|codes| codes.iter().map(ToString::to_string).collect());
        let mut library = serde_json::to_value(r.map_moves(|i| (i + 1).to_string())).unwrap();
        if let Some(codes) = trace {
            library["trace"] = json!(codes);
        }
        let path = data("pi.tree");
        let mut args = vec!["search", "--algo", name, "--tree", &path, "--json"];
        args.extend_from_slice(extra);
        let mut cli = json(&args);
        assert_eq!(cli["schema"], 2);
        for v in [&mut cli, &mut library] {
            let o = v.as_object_mut().unwrap();
            for key in ["seconds", "schema", "tree"] {
                o.remove(key);
            }
        }
        assert_eq!(cli, library, "{name}");
    }
}

/// One numbering: the best move and the line are 1-based in text and
/// JSON alike, and a line that stops short of a terminal says so.
#[test]
fn moves_are_numbered_from_one_and_partial_lines_say_so() {
    let table1 = data("table1.tree");
    let v = json(&["search", "--algo", "sss", "--tree", &table1, "--json"]);
    assert_eq!((&v["best"], &v["pv"]), (&json!("2"), &json!(["2"])));
    assert_eq!(v["pv_complete"], false);
    let out = ok(&["search", "--algo", "sss", "--tree", &table1]);
    has(
        &out,
        "\nbest        2\npv          2 (partial: the algorithm knows only the first move)\n",
    );
    let v = json(&["search", "--algo", "scout", "--tree", &table1, "--json"]);
    assert_eq!(v["best"], "2");
    assert_eq!(v["pv"], json!(["2", "2", "2", "2"]));
    assert_eq!(v["pv_complete"], true);
    // More than 9 children: the text separates the moves.
    let wide = [
        "search", "--algo", "minimax", "--gen", "random", "--b", "11", "--d", "2",
    ];
    let v = json(&[&wide[..], &["--json"]].concat());
    let pv = strings(&v["pv"]);
    assert_eq!(pv.len(), 2);
    assert_eq!(v["best"], pv[0]);
    let out = ok(&wide);
    assert!(
        out.contains(&format!(
            "\nbest        {}\npv          {}\n",
            pv[0],
            pv.join(".")
        )),
        "{out}"
    );
}

/// The enhanced engines search a tree as a game, on one thread or
/// several.
#[test]
fn enhanced_engines_search_trees() {
    let spec = ["--gen", "random", "--b", "4", "--d", "6", "--seed", "3"];
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 4, 6, 3, 0)
        .build()
        .unwrap();
    for name in ["ab-enh", "pvs-enh", "mtdf-enh", "mtsss-enh", "mtdual-enh"] {
        for threads in ["1", "2"] {
            let mut args = vec!["search", "--algo", name, "--threads", threads, "--json"];
            args.extend_from_slice(&spec);
            let v = json(&args);
            assert_eq!(v["value"], minimax(&tree).get(), "{name} on {threads}");
            assert_eq!(v["threads"], threads.parse::<u64>().unwrap());
            assert_eq!(v["pv_complete"], true, "{name}");
            let (best, pv) = moves(&v);
            let value = Value::new(v["value"].as_i64().unwrap()).unwrap();
            check_line(&tree, value, best, &pv, true).unwrap();
        }
    }
}

//! `gametree search --mpi`. Built without the `mpi` feature (the default,
//! `cargo test --workspace`), `--mpi` must say how to get it; with it
//! (`scripts/test-mpi.sh`), the searches run under `mpirun`.

#[cfg(not(feature = "mpi"))]
mod without {
    use crate::common::{cmd, data, error, has};

    #[test]
    fn mpi_options_without_the_feature_are_errors() {
        for (line, says) in [
            (
                "search --algo treesplit --mpi --processors 1,2 --tree",
                &["built without MPI", "--features mpi"][..],
            ),
            (
                "search --algo treesplit --mpi-timeout 3 --tree",
                &["--mpi-timeout is for --mpi searches"][..],
            ),
        ] {
            let e = error(&cmd(line, &[&data("table1.tree")]));
            for s in says {
                has(&e, s);
            }
        }
    }
}

#[cfg(feature = "mpi")]
mod with {
    use std::process::Output;
    use std::time::Duration;

    use serde_json::Value as Json;
    use tree_core::corpus::mpirun as job;
    use tree_core::{ExplicitTree, GenSpec, Generator, Tree, Value, corpus, minimax};

    use crate::common::{cmd, data, has, words};

    /// `mpirun -np ranks gametree args…`, failed after two minutes.
    fn mpirun(ranks: usize, args: &[&str]) -> Output {
        let program = env!("CARGO_BIN_EXE_gametree");
        job::run(ranks, &[], program, args, Duration::from_secs(120))
    }

    fn json(ranks: usize, args: &[&str]) -> Json {
        let out = mpirun(ranks, args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{args:?}: {stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Rank 0 prints one line; the others nothing.
        assert_eq!(stdout.lines().count(), 1, "{stdout}");
        serde_json::from_str(&stdout).expect("JSON")
    }

    /// Rank 0's one error line.
    fn error(ranks: usize, args: &[&str]) -> String {
        let out = mpirun(ranks, args);
        assert!(!out.status.success());
        assert!(out.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        let ours: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("gametree: error: "))
            .collect();
        assert_eq!(ours.len(), 1, "{stderr}");
        ours[0].to_string()
    }

    /// The JSON's best move and line (the best move alone) are what the
    /// minimax oracle allows on `tree`.
    fn best_is_right<T: Tree>(tree: &T, v: &Json) {
        let best: usize = v["best"].as_str().expect("a best move").parse().unwrap();
        assert_eq!(v["pv"], serde_json::json!([v["best"]]), "{v}");
        assert_eq!(v["pv_complete"], false, "{v}");
        assert_eq!(v["schema"], 2, "{v}");
        let value = Value::new(v["value"].as_i64().unwrap() as i32).unwrap();
        if let Err(e) = corpus::check_best(tree, value, Some(best - 1)) {
            panic!("{e}: {v}");
        }
    }

    #[test]
    fn mpi_searches_report_the_value_and_every_rank() {
        let table1 = data("table1.tree");
        let tree: ExplicitTree = std::fs::read_to_string(&table1).unwrap().parse().unwrap();
        for (algo, ranks, processors) in [
            ("treesplit", 3, "1,2"),
            ("pvsplit", 4, "1,3"),
            ("treesplit", 7, "2,2"),
            ("pvsplit", 7, "2,2"),
        ] {
            let v = json(
                ranks,
                &[
                    "search",
                    "--algo",
                    algo,
                    "--mpi",
                    "--processors",
                    processors,
                    "--tree",
                    &table1,
                    "--json",
                ],
            );
            // The front door's name of the search on MPI ranks.
            assert_eq!(v["algorithm"], format!("mpi-{algo}"));
            assert_eq!(v["threads"], ranks);
            assert_eq!(v["value"], 2);
            best_is_right(&tree, &v);
            assert_eq!(v["processors"], ranks);
            let per_rank = v["per_thread"].as_array().unwrap();
            assert_eq!(per_rank.len(), ranks);
            let sum: u64 = per_rank.iter().map(|x| x.as_u64().unwrap()).sum();
            assert_eq!(v["leaves"].as_u64(), Some(sum));
            assert_eq!(v["distinct_leaves"], Json::Null);
            assert_eq!(v["mpi"]["ranks"], ranks);
            assert_eq!(v["mpi"]["per_rank"].as_array().unwrap().len(), ranks);
            let assigns = v["mpi"]["messages"]
                .as_array()
                .unwrap()
                .iter()
                .find(|k| k["kind"] == "assign")
                .unwrap()["sent"]
                .clone();
            let jobs: u64 = v["mpi"]["per_rank"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["jobs"].as_u64().unwrap())
                .sum();
            assert_eq!(assigns, jobs);
        }
    }

    #[test]
    fn mpi_generated_trees_and_windows() {
        for (g, b, d, seed) in [
            ("random", 5, 6, 1),
            ("strong", 4, 7, 2),
            ("perfect", 8, 4, 0),
        ] {
            let generator: Generator = g.parse().unwrap();
            let t = GenSpec::new(generator, b, d, seed, 0).build().unwrap();
            let want = minimax(&t).get();
            let (b, d, seed) = (b.to_string(), d.to_string(), seed.to_string());
            for algo in ["treesplit", "pvsplit"] {
                let v = json(
                    7,
                    &[
                        "search",
                        "--algo",
                        algo,
                        "--mpi",
                        "--processors",
                        "2,2",
                        "--gen",
                        g,
                        "--b",
                        &b,
                        "--d",
                        &d,
                        "--seed",
                        &seed,
                        "--json",
                    ],
                );
                assert_eq!(v["value"], want, "{algo} {g}");
                best_is_right(&t, &v);
            }
        }
        // A window: the fail-hard value and its bound.
        let t: ExplicitTree = std::fs::read_to_string(data("pi.tree"))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(minimax(&t).get(), 2);
        let v = json(
            3,
            &cmd(
                "search --algo pvsplit --mpi --processors 1,2 --tree",
                &[&data("pi.tree"), "--alpha", "3", "--beta", "9", "--json"],
            ),
        );
        assert_eq!(v["value"], 3);
        assert_eq!(v["bound"], "upper");
        // Failed low: no move rose above α.
        assert_eq!(v["best"], Json::Null);
    }

    #[test]
    fn mpi_text_output_names_the_ranks() {
        let out = mpirun(
            3,
            &cmd(
                "search --algo treesplit --mpi --processors 1,2 --tree",
                &[&data("table1.tree")],
            ),
        );
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        has(&text, "value       2");
        has(&text, "MPI ranks   3");
        has(&text, "messages    ");
    }

    #[test]
    fn mpi_bad_input_is_one_error_on_rank_0() {
        let table1 = data("table1.tree");
        let base = ["search", "--mpi", "--tree", &table1];
        let cases: [(usize, &[&str], &str); 6] = [
            (
                5,
                &["--algo", "pvsplit", "--processors", "2,2"],
                "has 7 processors, one per MPI rank, but the job has 5 ranks: start it with `mpirun -np 7`",
            ),
            (
                3,
                &["--algo", "alphabeta", "--processors", "1,2"],
                "--mpi runs treesplit and pvsplit",
            ),
            (
                3,
                &["--algo", "treesplit"],
                "--mpi needs --processors DEPTH,WIDTH",
            ),
            (
                3,
                &words("--algo treesplit --processors 1,2 --threads 2"),
                "--threads",
            ),
            (
                3,
                &["--algo", "treesplit", "--processors", "1,2", "--no-type2"],
                "algorithm 'mpi-treesplit' takes no --no-type2",
            ),
            (
                3,
                &words("--algo treesplit --processors 1,2 --mpi-timeout 0"),
                "--mpi-timeout must be",
            ),
        ];
        for (ranks, extra, message) in cases {
            let mut args = base.to_vec();
            args.extend_from_slice(extra);
            let e = error(ranks, &args);
            assert!(e.contains(message), "{args:?}: {e}");
        }
        let e = error(
            3,
            &words("search --mpi --algo treesplit --processors 1,2 --tree /nonexistent/x.tree"),
        );
        has(&e, "cannot read tree file '/nonexistent/x.tree'");
    }
}

//! No input makes gametree panic: garbage files, near-trees, random
//! argument lists. A run either succeeds with the minimax value or fails
//! with exit status 1 (one `gametree: error:` line) or 2 (clap usage).

use std::process::Output;

use proptest::prelude::*;
use tree_core::{ExplicitTree, minimax};

use crate::common::{algorithm_names, check_error, gametree, temp_file};

/// Success with one JSON object, or a proper error.
fn never_panics(out: &Output) -> Result<(), TestCaseError> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    prop_assert!(!stderr.contains("panicked"), "{}", stderr);
    match out.status.code() {
        Some(0) => {
            prop_assert!(stderr.is_empty(), "{}", stderr);
            prop_assert!(!out.stdout.is_empty());
        }
        Some(1) => {
            check_error(out);
        }
        Some(2) => prop_assert!(!stderr.is_empty()),
        other => prop_assert!(false, "exit status {:?}: {}", other, stderr),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn garbage_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let f = temp_file("garbage", &bytes);
        let out = gametree(&["search", "--algo", "alphabeta", "--tree", f.to_str().unwrap(), "--json"]);
        never_panics(&out)?;
    }

    #[test]
    fn garbage_campbell_files(
        bytes in proptest::collection::vec(any::<u8>(), 0..40),
        b in 0usize..4,
        d in 0usize..5,
    ) {
        let f = temp_file("garbage-campbell", &bytes);
        let (b, d) = (b.to_string(), d.to_string());
        let out = gametree(&[
            "search", "--algo", "scout", "--tree", f.to_str().unwrap(), "--b", &b, "--d", &d,
        ]);
        never_panics(&out)?;
    }

    #[test]
    fn near_trees(text in "[\\[\\],0-9 +\\-#\n\t]{0,60}") {
        let f = temp_file("near-tree", text.as_bytes());
        let out = gametree(&["search", "--algo", "mt-sss", "--tree", f.to_str().unwrap(), "--json"]);
        never_panics(&out)?;
        // Success exactly when the library parses it, with its value.
        match ExplicitTree::parse(&text) {
            Ok(t) => {
                prop_assert!(out.status.success());
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                prop_assert_eq!(&v["value"], &serde_json::json!(minimax(&t).get()));
            }
            Err(_) => prop_assert_eq!(out.status.code(), Some(1)),
        }
    }

    #[test]
    fn random_argument_lists(args in proptest::collection::vec(
        prop::sample::select(vec![
            "search", "algos", "--algo", "alphabeta", "lalphabeta", "mtdf", "scout", "nope",
            "--tree", "--gen", "random", "strong", "korf", "campbell-fmb:0.5", "bogus",
            "--b", "--d", "0", "1", "2", "3", "300", "-1", "--seed", "--index",
            "--memory", "--alpha", "--beta", "inf", "-inf", "--trace", "--json", "-",
            "TABLE1", "--help", "",
        ]),
        0..12,
    )) {
        let table1 = crate::common::data("table1.tree");
        let args: Vec<&str> = args
            .iter()
            .map(|&a| if a == "TABLE1" { table1.as_str() } else { a })
            .collect();
        let out = gametree(&args);
        never_panics(&out)?;
    }
}

/// Every algorithm, on random uniform trees written as text, returns the
/// library's minimax value.
#[test]
fn every_algorithm_matches_the_oracle() {
    let names = algorithm_names();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 8,
        ..ProptestConfig::default()
    });
    let leaves = (1usize..4, 1usize..4).prop_flat_map(|(b, d)| {
        (
            Just(b),
            Just(d),
            proptest::collection::vec(-50i64..50, b.pow(d as u32)),
        )
    });
    runner
        .run(&leaves, |(b, d, leaves)| {
            let tree = ExplicitTree::uniform(b, d, &leaves).unwrap();
            let f = temp_file("oracle", tree.to_string().as_bytes());
            for name in &names {
                let out = gametree(&[
                    "search",
                    "--algo",
                    name,
                    "--tree",
                    f.to_str().unwrap(),
                    "--json",
                ]);
                prop_assert!(out.status.success());
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                prop_assert_eq!(
                    &v["value"],
                    &serde_json::json!(minimax(&tree).get()),
                    "{}",
                    name
                );
            }
            Ok(())
        })
        .unwrap();
}

//! `fuzz`: every parser survives a short run from its seed corpus, and the
//! harness catches a parser that panics or breaks a promise.

use xtask::fuzz::{Budget, TARGETS, Target, corpus, run, target};
use xtask::paths::workspace_root;

/// Mutated inputs per target in `cargo test` (`cargo xtask fuzz` runs
/// 100,000 by default).
const CASES: u64 = 20_000;

#[test]
fn every_parser_survives_a_short_run() {
    let root = workspace_root();
    for t in TARGETS {
        let inputs = corpus(&root, t).unwrap();
        let outcome = run(t, &inputs, 1, Budget::Cases(CASES), |_| {});
        assert!(
            outcome.failure.is_none(),
            "{}: {:?}",
            t.name,
            outcome.failure
        );
        assert_eq!(outcome.tried, CASES + inputs.len() as u64, "{}", t.name);
        // The mutations reach both sides: inputs that parse, and others.
        assert!(
            outcome.parsed > CASES / 1000 && outcome.parsed < outcome.tried,
            "{}: {} of {} parsed",
            t.name,
            outcome.parsed,
            outcome.tried
        );
    }
}

#[test]
fn the_harness_catches_panics_and_broken_promises() {
    fn panics_on_nested_brackets(bytes: &[u8]) -> Result<bool, String> {
        assert!(!bytes.windows(2).any(|w| w == b"]]"), "two brackets");
        Ok(true)
    }
    fn breaks_a_promise_on_a_minus(bytes: &[u8]) -> Result<bool, String> {
        match bytes.contains(&b'-') {
            true => Err("a minus".into()),
            false => Ok(true),
        }
    }
    let seeds = vec![b"[1, 2]".to_vec()];
    for (check, why) in [
        (
            panics_on_nested_brackets as fn(&[u8]) -> _,
            "panicked: two brackets",
        ),
        (breaks_a_promise_on_a_minus, "a minus"),
    ] {
        let t = Target {
            name: "test",
            what: "a parser with a bug",
            check,
        };
        let outcome = run(&t, &seeds, 7, Budget::Cases(1_000_000), |_| {});
        let f = outcome.failure.expect("the bug is found");
        assert_eq!(f.why, why);
        assert_eq!(f.case + 1, outcome.tried);
        assert!(why.starts_with("panicked") || (t.check)(&f.input).is_err());
    }
}

#[test]
fn targets_are_named_and_have_a_corpus() {
    let root = workspace_root();
    for t in TARGETS {
        assert!(std::ptr::eq(target(t.name).unwrap(), t));
        assert!(corpus(&root, t).unwrap().len() >= 3, "{}", t.name);
    }
    let e = target("nope").unwrap_err().to_string();
    assert!(
        e.contains("unknown fuzz target 'nope'") && e.contains("tree-text"),
        "{e}"
    );
}

//! `reproduce`: the committed quick reproduction, times kept out of the
//! counts documents, unknown experiments.

use std::path::Path;

use xtask::paths::workspace_root;
use xtask::reproduce::config::{Config, Timings};
use xtask::reproduce::doc::{Doc, files};
use xtask::reproduce::progress::Mode;
use xtask::reproduce::{output_dir, run};

/// The files of `docs` that differ from those in `dir`.
fn stale(docs: &[Doc], dir: &Path) -> Vec<String> {
    docs.iter()
        .flat_map(files)
        .filter(|(file, want)| std::fs::read_to_string(dir.join(file)).unwrap_or_default() != *want)
        .map(|(file, _)| file)
        .collect()
}

/// The committed quick reproduction must be what the code produces now.
#[test]
fn quick_reproduction_is_up_to_date() {
    let out = crate::quick_run();
    assert!(out.times.is_empty(), "an untimed run wrote times");
    let dir = output_dir(&workspace_root(), true);
    let stale = stale(&out.counts, &dir);
    assert!(
        stale.is_empty(),
        "docs/reproduction/quick is stale ({}): run `cargo xtask reproduce --quick` and commit",
        stale.join(", ")
    );
}

/// Timing a run changes its times documents only, never its counts
/// documents: made-up times (different on every call) in two runs, one
/// tree per cell to keep it short.
#[test]
fn times_never_reach_counts_documents() {
    let timed = Config {
        timings: Timings::Fake,
        ..Config::new(true, Some(1), false)
    };
    let plain = crate::one_tree_run();
    let (a, b) = (run(&timed, None).unwrap(), run(&timed, None).unwrap());
    assert_eq!(
        a.counts, plain.counts,
        "times leaked into a counts document"
    );
    assert_eq!(
        b.counts, plain.counts,
        "times leaked into a counts document"
    );
    let names: Vec<&str> = a.times.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "campbell-tables-1-7-time",
            "bhattacharya95-table3-time",
            "bhattacharya-bagchi96-time",
            "leaf-cost-time",
            "othello-002-time",
            "othello-ffo-time",
            "claims-time"
        ]
    );
    for (x, y) in a.times.iter().zip(&b.times) {
        assert_ne!(x.csv, y.csv, "{} shows no times", x.name);
        let csv = x.csv.as_deref().unwrap_or_default();
        assert!(!csv.contains("NaN") && !csv.contains("inf"), "{csv}");
    }
}

#[test]
fn unknown_experiment_is_an_error() {
    let cfg = Config::new(true, None, Mode::Hidden);
    let e = run(&cfg, Some("no-such-thing")).unwrap_err().to_string();
    assert!(e.contains("known:"), "{e}");
}

/// A document is written whole or not at all: over an old file the new
/// one replaces it in one step, and a write that fails leaves the old file
/// and no temporary one.
#[test]
fn documents_are_replaced_whole() {
    use xtask::reproduce::doc::write_atomic;
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("atomic-writes");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("table.md");
    write_atomic(&path, b"old").unwrap();
    write_atomic(&path, b"new, and longer").unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), b"new, and longer");
    // A target that cannot be replaced (a directory in the way): an error
    // naming it, the directory untouched, no temporary file left.
    let blocked = dir.join("blocked.md");
    std::fs::create_dir_all(blocked.join("inside")).unwrap();
    let e = write_atomic(&blocked, b"x").unwrap_err();
    assert!(format!("{e:#}").contains("blocked.md"), "{e:#}");
    assert!(blocked.join("inside").is_dir());
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

/// The numbers in `text`: runs of digits, with thousands commas and one
/// decimal point, as written (`14,978`, `0.402`, `1235.9`).
fn numbers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let joins = (c == ',' || c == '.')
            && !cur.is_empty()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_ascii_digit() || joins {
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Every figure of four or more digits written with thousands commas in
/// the reproduction's prose (`docs/reproduction/README.md`) appears in the
/// generated documents beside it — as written, or as a generated decimal
/// that rounds to it — so that no count in the prose is one the current
/// run does not produce.
#[test]
fn the_reproduction_prose_quotes_only_generated_counts() {
    let dir = output_dir(&workspace_root(), false);
    let mut generated = std::collections::HashSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let ext = path.extension().map(|e| e.to_string_lossy().to_string());
        if name == "README.md" || !matches!(ext.as_deref(), Some("md" | "csv")) {
            continue;
        }
        let mut text = std::fs::read_to_string(&path).unwrap();
        if ext.as_deref() == Some("csv") {
            // A CSV's commas separate fields; its numbers have none.
            text = text.replace(',', " ");
        }
        for n in numbers(&text) {
            let plain = n.replace(',', "");
            if let Ok(x) = plain.parse::<f64>() {
                generated.insert(format!("{}", x.round() as i64));
            }
            generated.insert(plain);
        }
    }
    let prose = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let missing: Vec<String> = numbers(&prose)
        .into_iter()
        .filter(|n| n.contains(',') && !n.contains('.'))
        .filter(|n| !generated.contains(&n.replace(',', "")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/reproduction/README.md quotes counts no generated document has: {missing:?}"
    );
}

//! `reproduce::worked`: the papers' rows, and the document's snapshot.

use tree_core::worked;
use xtask::reproduce::config::Config;
use xtask::reproduce::worked::{STATED, run, shown, trace};

/// The papers' alpha-beta rows, checked from the code (not from the doc).
#[test]
fn rows_match_the_papers_where_we_say_they_do() {
    for s in STATED {
        let ex = worked::by_name(s.example).unwrap();
        let tree = ex.tree();
        let tr = trace(s.algorithm, &tree).unwrap();
        let ours = shown(ex.name, &tree, &tr);
        assert_eq!(
            ours == s.row,
            s.agrees,
            "{} on {}: ours {ours}, the paper {}",
            s.algorithm.name(),
            s.example,
            s.row
        );
    }
}

#[test]
fn worked_examples_snapshot() {
    let doc = run(&Config::new(true, None, false)).unwrap();
    insta::assert_snapshot!(doc.markdown);
}

//! `claims`: the claims document gathers every judged claim of the run's
//! documents — tables with a verdict column, tables judged per column, and
//! a sentence — and nothing else.

use xtask::reproduce::claims::{document, gather};
use xtask::reproduce::doc::Doc;

fn doc(name: &str, markdown: &str) -> Doc {
    Doc::new(name, markdown.to_owned(), String::new())
}

#[test]
fn every_form_of_judged_claim_is_gathered() {
    let counts = doc(
        "bhattacharya-bagchi96",
        "# Title\n\n## Table 1\n\n| algorithm | count |\n|:--|--:|\n| AB | 5 |\n\n\
         ### The paper's claims\n\n| claim | numbers | verdict |\n|:--|--:|--:|\n\
         | A beats B | 3 of 4 | holds |\n| C beats D | 0.4 of D's | fails |\n\n\
         ## Observations\n\n|  | claim | verdict | cells where it fails |\n|:--|--:|--:|--:|\n\
         | (d) | no pruned terminal | fails (holds in 2 of 16 cells) | (6,6) random |\n",
    );
    let claims = gather(&counts);
    let rows: Vec<(&str, &str, &str, bool)> = claims
        .iter()
        .map(|c| {
            (
                c.section.as_str(),
                c.claim.as_str(),
                c.numbers.as_str(),
                c.holds,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("The paper's claims", "A beats B", "3 of 4", true),
            ("The paper's claims", "C beats D", "0.4 of D's", false),
            (
                "Observations",
                "(d) no pruned terminal",
                "cells where it fails: (6,6) random; holds in 2 of 16 cells",
                false
            ),
        ]
    );
    assert!(
        claims
            .iter()
            .all(|c| c.paper == "Bhattacharya & Bagchi 1996")
    );

    let per_cost = doc(
        "leaf-cost-time",
        "## Claims at every cost\n\n| claim | 0 ns | 1 µs |\n|:--|--:|--:|\n\
         | fast | 1.1x (fails) | 2.1x (holds) |\n",
    );
    let c = gather(&per_cost);
    assert_eq!(c.len(), 2);
    assert_eq!((c[0].claim.as_str(), c[0].holds), ("fast (at 0 ns)", false));
    assert_eq!((c[1].numbers.as_str(), c[1].holds), ("2.1x", true));

    let sentence = doc(
        "campbell-aspiration",
        "## Aspiration, p. 29\n\n**The claim fails** (read as: …): identical on 60 of 100.\n",
    );
    let c = gather(&sentence);
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].paper, "Campbell 1981");
    assert!(!c[0].holds && c[0].numbers.contains("60 of 100"));

    let all = document("claims", &[counts, per_cost, sentence]);
    assert!(
        all.markdown
            .contains("| Bhattacharya & Bagchi 1996 | 5 | 2 | 3 |")
    );
    assert!(all.markdown.contains("| Campbell 1981 | 1 | 0 | 1 |"));
    assert_eq!(all.csv.unwrap().lines().count(), 1 + 3 + 2 + 1);
}

/// A leaf-cost cell judged `within noise` (its interval straddles the
/// claim's line) is gathered as such, with the paper's condition column
/// beside it left alone, and counted in a column of its own.
#[test]
fn claims_within_noise_are_gathered_as_such() {
    let per_cost = doc(
        "leaf-cost-time",
        "## Claims at every cost\n\n| claim | the paper's condition | 0 ns | 1 µs |\n\
         |:--|--:|--:|--:|\n\
         | fast | Table 1: negligible (the 0 ns column) | 1.6x, s.e. 0.3 (within noise) | \
         2.1x, s.e. 0.1 (holds) |\n",
    );
    let c = gather(&per_cost);
    let rows: Vec<(&str, &str, &str)> = c
        .iter()
        .map(|c| (c.claim.as_str(), c.numbers.as_str(), c.verdict()))
        .collect();
    assert_eq!(
        rows,
        [
            ("fast (at 0 ns)", "1.6x, s.e. 0.3", "within noise"),
            ("fast (at 1 µs)", "2.1x, s.e. 0.1", "holds"),
        ]
    );
    let all = document("claims-time", &[per_cost]);
    assert!(
        all.markdown
            .contains("| paper | claims | hold | fail | within noise |")
    );
    assert!(
        all.markdown
            .contains("| Bhattacharya & Bagchi 1996 | 2 | 1 | 0 | 1 |")
    );
    assert!(all.csv.unwrap().contains(",within noise\n"));
}

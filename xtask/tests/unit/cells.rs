//! `cells`: every published count cell beside ours, each cell outside 10%
//! classed by what was tested on it; and the committed full document is
//! the one the committed tables give.

use xtask::paths::workspace_root;
use xtask::reproduce::cells::{Cell, document, gather};
use xtask::reproduce::doc::Doc;
use xtask::reproduce::qg_readings::CLOSEST;

fn doc(name: &str, csv: &str) -> Doc {
    Doc::new(name, String::new(), csv.to_owned())
}

/// Three Campbell cells and one Bhattacharya & Bagchi cell, with readings
/// for two of them.
fn docs() -> Vec<Doc> {
    vec![
        doc(
            "campbell-tables-1-7",
            "table,width,depth,algorithm,ordering,paper,ours,stderr,trees\n\
             1,8,2,AB,rand,100.0,105.00,1.00,100\n\
             1,8,2,SC,rand,100.0,115.00,10.00,100\n\
             1,8,2,SSS,rand,100.0,130.00,1.00,100\n",
        ),
        doc(
            "bhattacharya-bagchi96",
            "table,b,d,ordering,algorithm,param,paper_count,count,stderr\n\
             1,5,10,random,MemSSS*,26,1000,1300.0,10.0\n\
             2,4,10,iid,Alpha-Beta,,2000,2000.0,0.0\n",
        ),
        doc(
            "bhattacharya95-table3",
            "b,d,ordering,algorithm,paper_count,count,stderr,paper_worse,worse\n\
             6,6,random,QG3,5000,6000.0,10.0,,\n",
        ),
        Doc::new(
            "qg-readings",
            format!(
                "# QG\n\n{CLOSEST}\n\nText.\n\n\
                 | cell | paper | default | closest | combination | within 10% |\n\
                 |:--|--:|--:|--:|--:|--:|\n\
                 | (6,6) random QG3 | 5,000 | 6,000.0 | 5,400.5 | `x=y` | yes |\n\n## Next\n"
            ),
            "left,class,default,cells_within_10pct,cells\nA,a,true,0,1\nB,b,false,1,1\n".to_owned(),
        ),
        doc(
            "hypotheses",
            "guess,reading,default,kind,name,paper,ours,fits\n\
             g,other,false,cell,Table 1 SSS rand,100.0,109.0,true\n\
             g,base,true,cell,Table 1 SSS rand,100.0,130.0,false\n\
             h,other,false,cell,\"(5,10) random MemSSS* 26\",1000.0,1250.0,false\n\
             h,other,false,statistic,\"(5,10) random MemSSS* 26\",1.0,1.0,true\n",
        ),
    ]
}

#[test]
fn cells_outside_10_percent_are_classed_by_what_was_tested() {
    let cells = gather(&docs());
    let by_name = |n: &str| cells.iter().find(|c| c.name == n).unwrap();
    assert_eq!(cells.len(), 6);
    let qg = by_name("(6,6) random QG3");
    assert_eq!(
        qg.tested,
        [("QG readings: closest combination `x=y`".to_owned(), 5400.5)]
    );
    assert_eq!(qg.class(), "a tested reading fits");
    assert!(by_name("Table 1 AB rand").fits());
    // 15 / (√2 · 10) ≈ 1.06.
    let sc = by_name("Table 1 SC rand");
    assert!((sc.z() - 15.0 / (2f64.sqrt() * 10.0)).abs() < 1e-12);
    assert_eq!(sc.class(), "sampling noise");
    let sss = by_name("Table 1 SSS rand");
    assert_eq!(sss.tested, [("g: other".to_owned(), 109.0)]);
    assert_eq!(sss.class(), "a tested reading fits");
    let mem = by_name("(5,10) random MemSSS* 26");
    assert_eq!(
        mem.tested.len(),
        1,
        "statistics and defaults are not readings"
    );
    assert_eq!(mem.class(), "no tested reading fits");
    let iid = by_name("(4,10) iid Alpha-Beta");
    assert!(iid.fits() && iid.z() == 0.0);
    let lone = Cell {
        tested: Vec::new(),
        stderr: 0.0,
        ..mem.clone()
    };
    assert_eq!(lone.class(), "untested");
    assert!(lone.z().is_infinite());
}

#[test]
fn the_document_counts_every_table_and_the_target() {
    let d = document("cells", &docs());
    assert!(
        d.markdown
            .contains("| Campbell 1981, Table 1 | 3 | 1 | 33.3% | 1 | 1 | 0 | 0 |"),
        "{}",
        d.markdown
    );
    assert!(
        d.markdown
            .contains("| **all** | 6 | 2 | 33.3% | 1 | 2 | 1 | 0 |")
    );
    assert!(d.markdown.contains("(6 of 6): not met, 4 cells short"));
    assert!(
        d.markdown.contains(
            "the default readings put 0 within 10%, and the best of the 2 combinations 1"
        )
    );
    let csv = d.csv.unwrap();
    assert_eq!(csv.lines().count(), 7);
    assert!(csv.contains(
        "Table 1 SSS rand,100.00,130.00,1.00,false,21.21,a tested reading fits,g: other=109.00"
    ));
}

/// The committed full-run document is the one the committed tables of the
/// same run give (and so is the quick one: `quick_reproduction_is_up_to_date`).
#[test]
fn committed_cells_document_matches_the_committed_tables() {
    let dir = workspace_root().join("docs/reproduction");
    let read = |name: &str| {
        let file = |ext: &str| std::fs::read_to_string(dir.join(format!("{name}.{ext}"))).unwrap();
        Doc::new(name, file("md"), file("csv"))
    };
    let docs: Vec<Doc> = [
        "campbell-tables-1-7",
        "campbell-tables-8-10",
        "bhattacharya95-table3",
        "bhattacharya-bagchi96",
        "hypotheses",
        "qg-readings",
    ]
    .map(read)
    .into();
    let d = document("cells", &docs);
    let committed = |ext: &str| std::fs::read_to_string(dir.join(format!("cells.{ext}"))).unwrap();
    assert_eq!(
        d.markdown,
        committed("md"),
        "cells.md is stale: run `cargo xtask reproduce`"
    );
    assert_eq!(d.csv.unwrap(), committed("csv"), "cells.csv is stale");
}

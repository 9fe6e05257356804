//! `reproduce::qg_readings`: the quick form of the enumerator of QG
//! readings — every combination present, each with its class, the
//! Knuth–Moore counts of the printed and the literal-Remark-2 readings,
//! claim (d) with the floor, and the verdict.

use search_bestfirst::quickgame::Readings;
use xtask::reproduce::qg_readings::NAME;

#[test]
fn quick_form_lists_every_combination_with_its_evidence() {
    // The quick reproduction's document (the experiment's quick form).
    let doc = crate::quick_run()
        .counts
        .iter()
        .find(|d| d.name == NAME)
        .expect("the quick reproduction runs the QG readings");
    let csv = doc.csv.as_deref().unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let col = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), Readings::all().len());
    let codes: Vec<String> = Readings::all().iter().map(Readings::code).collect();
    let listed: Vec<String> = rows.iter().map(|r| r[col("code")].to_string()).collect();
    assert_eq!(
        listed, codes,
        "every combination once, in the order of Readings::all()"
    );
    let row = |r: Readings| {
        rows.iter()
            .find(|x| x[col("code")] == r.code())
            .unwrap()
            .clone()
    };
    let km = |x: &csv::StringRecord| {
        [col("km_qg1"), col("km_qg2"), col("km_qg3")].map(|c| x[c].parse::<usize>().unwrap())
    };
    // The pseudo-code as printed (the default) gives 30/30/30 on the
    // Knuth-Moore tree; Remark 2 read literally the paper's 32/32/30.
    let printed = row(Readings::PRINTED);
    assert_eq!(km(&printed), [30, 30, 30]);
    assert_eq!(km(&row(Readings::KNUTH_MOORE)), [32, 32, 30]);
    assert_eq!(&printed[col("default")], "true");
    assert_eq!(
        rows.iter().filter(|r| &r[col("default")] == "true").count(),
        1
    );
    // With the floor, QG3 examines no terminal Alpha-Beta prunes, on the
    // quick trees and on the trees with ties; as printed it does.
    let floored = row(Readings::FLOORED);
    assert_eq!(&floored[col("qg3_trees_beyond_ab")], "0");
    assert_eq!(&floored[col("qg3_tie_trees_beyond_ab")], "0");
    assert_ne!(&printed[col("qg3_trees_beyond_ab")], "0");
    assert_eq!(&printed[col("qg3_tie_trees_beyond_ab")], "75");
    assert!(doc.markdown.contains("**Verdict.**"));
    assert!(
        doc.markdown
            .contains("the default is chosen on the full run")
    );
}

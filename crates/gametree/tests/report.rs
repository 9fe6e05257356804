//! The report as JSON: what `gametree search --json` prints.

use gametree::{Algorithm, Config, search};
use tree_core::{ExplicitTree, Value};

#[test]
fn the_report_serializes() {
    let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap();
    let r = search(Algorithm::AlphaBeta, &t, &Config::default().trace(true)).unwrap();
    assert_eq!(
        (r.value, r.best, r.pv.clone()),
        (Value::from_small(5), Some(1), vec![1, 0])
    );
    let json: serde_json::Value = serde_json::to_value(&r).unwrap();
    assert_eq!(json["algorithm"], "alphabeta");
    assert_eq!(json["value"], 5);
    assert_eq!(json["bound"], "exact");
    assert_eq!(json["best"], 1);
    assert_eq!(json["pv"], serde_json::json!([1, 0]));
    assert_eq!(json["pv_complete"], true);
    assert_eq!(json["leaves"], 4);
    assert_eq!(json["stopped"], serde_json::Value::Null);
    assert_eq!(
        json["trace"],
        serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]])
    );
    let r = search(Algorithm::Sss, &t, &Config::default()).unwrap();
    let json: serde_json::Value = serde_json::to_value(&r).unwrap();
    assert_eq!(json["memory_unit"], "open-entries");
    assert!(json["peak_memory"].as_u64().unwrap() >= 1);
    assert!(json.get("trace").is_none());
}

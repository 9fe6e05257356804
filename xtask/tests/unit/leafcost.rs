//! `reproduce::leafcost`: break-even costs, the claims' verdicts and where
//! they are read from, and the times document on made-up times.

use xtask::reproduce::config::{Config, Timings};
use xtask::reproduce::leafcost::cells::{COSTS_NS, Measured, Role, cells};
use xtask::reproduce::leafcost::claims::{break_even, claims_at, model_break_even};
use xtask::reproduce::leafcost::run;
use xtask::reproduce::time_claim::TimeClaim;

#[test]
fn break_even_interpolates_linearly_in_the_cost() {
    let costs = [0.0, 100.0, 1_000.0, 10_000.0];
    // Slower by 10 at 0 and 100, faster by 80 at 1000: crosses at 200.
    assert_eq!(
        break_even(&costs, &[10.0, 10.0, -80.0, -900.0]),
        Some(200.0)
    );
    assert_eq!(break_even(&costs, &[-1.0, 5.0, 5.0, 5.0]), Some(0.0));
    assert_eq!(break_even(&costs, &[1.0, 2.0, 3.0, 4.0]), None);
    assert_eq!(model_break_even(3.0, 1.0, 10.0, 30.0), Some(0.1));
    assert_eq!(model_break_even(0.5, 1.0, 40.0, 30.0), Some(0.0));
    assert_eq!(model_break_even(3.0, 1.0, 40.0, 30.0), None);
}

/// The claims' verdicts on made-up times.
#[test]
fn claims_on_made_up_times() {
    let c = TimeClaim::full_memory(5, 10, 2.0, 1.0);
    assert!(c.holds && c.ratio == 2.0, "{c:?}");
    assert!(!TimeClaim::full_memory(5, 10, 1.4, 1.0).holds);
    assert!(TimeClaim::memsss_296(1.0, 0.9).holds);
    assert!(!TimeClaim::memsss_296(1.0, 1.0).holds);
    assert!(TimeClaim::memdual(9, 8, 1.0, 0.5).holds);
    assert!(!TimeClaim::memdual(9, 8, 1.0, 1.5).holds);
    assert!(TimeClaim::memsss_vs_itersss(1365, 1.0, 2.7).holds);
    assert!(!TimeClaim::memsss_vs_itersss(1365, 1.0, 1.1).holds);
    assert!(!TimeClaim::memsss_vs_itersss(1365, 1.0, 4.0).holds);
}

/// Each cell's claims are found by role: on made-up times in which the
/// best-first rows take half Alpha-Beta's time, the claims of the quick
/// cells are judged on exactly those times.
#[test]
fn claims_are_read_from_the_right_rows() {
    let cfg = Config::new(true, None, false);
    let measured: Vec<Measured> = cells(&cfg)
        .unwrap()
        .into_iter()
        .map(|cell| {
            let n = cell.rows.len();
            // AB 4 s; IterSSS* 3 s; every other row 2 s.
            let t: Vec<f64> = cell
                .rows
                .iter()
                .map(|r| match r.role {
                    Role::AlphaBeta => 4.0,
                    Role::IterMax => 3.0,
                    _ => 2.0,
                })
                .collect();
            Measured {
                cell,
                trees: 1,
                leaves: vec![1.0; n],
                time: vec![t; COSTS_NS.len()],
            }
        })
        .collect();
    let claims = claims_at(&measured, 0);
    let ratios: Vec<(String, f64, bool)> = claims
        .iter()
        .map(|c| (c.claim.clone(), c.ratio, c.holds))
        .collect();
    assert_eq!(
        ratios,
        [
            (TimeClaim::full_memory(4, 6, 1.0, 1.0).claim, 2.0, true),
            (TimeClaim::memdual(4, 6, 1.0, 1.0).claim, 0.5, true),
            (
                TimeClaim::memsss_vs_itersss(1 + 4 + 16 + 64, 1.0, 1.0).claim,
                1.5,
                false
            ),
        ]
    );
}

/// Made-up times give a times document with every section, numbers
/// that are numbers, and a claims row per claim.
#[test]
fn fake_times_fill_the_times_document() {
    let cfg = Config {
        timings: Timings::Fake,
        ..Config::new(true, Some(1), false)
    };
    let out = run(&cfg).unwrap();
    let times = out.times.expect("timed");
    for section in [
        "## Calibration",
        "## Time relative to Alpha-Beta, all cells",
        "## Break-even leaf cost",
        "## The paper's claims about time, at every leaf cost",
        "### (4,6) strong",
    ] {
        assert!(times.markdown.contains(section), "{section} missing");
    }
    assert!(!times.markdown.contains("NaN") && !times.markdown.contains("inf"));
    // Three claims (one per quick cell), each judged at four costs.
    let judged =
        times.markdown.matches(" (holds)").count() + times.markdown.matches(" (fails)").count();
    assert_eq!(judged, 3 * COSTS_NS.len());
    let untimed = run(&Config::new(true, Some(1), false)).unwrap();
    assert_eq!(untimed.counts, out.counts);
}

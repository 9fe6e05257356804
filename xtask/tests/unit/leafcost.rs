//! `reproduce::leafcost`: break-even costs, the claims' verdicts and where
//! they are read from, and the times document on made-up times.

use xtask::reproduce::config::{Config, Timings};
use xtask::reproduce::leafcost::cells::{COSTS_NS, Measured, Role, cells};
use xtask::reproduce::leafcost::claims::{
    COSTLY, TABLE_1, TABLE_2, break_even, claims_at, model_break_even,
};
use xtask::reproduce::leafcost::run;
use xtask::reproduce::leafcost::stats::{Ratio, mean_se, ratio_of_totals};
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
/// cells are judged on exactly those times, with their standard errors
/// (zero: every tree alike) and the paper's conditions.
#[test]
fn claims_are_read_from_the_right_rows() {
    let cfg = Config::new(true, None, false);
    let trees = 3;
    let measured: Vec<Measured> = cells(&cfg)
        .unwrap()
        .into_iter()
        .map(|cell| {
            let n = cell.rows.len();
            // AB 4 s; MemSSS* at least M 5 s; IterSSS* 3 s; every other row 2 s.
            let t: Vec<f64> = cell
                .rows
                .iter()
                .map(|r| match r.role {
                    Role::AlphaBeta => 4.0,
                    Role::MemMin => 5.0,
                    Role::IterMax => 3.0,
                    _ => 2.0,
                })
                .collect();
            Measured {
                cell,
                leaves: vec![vec![1; n]; trees],
                time: vec![vec![t; trees]; COSTS_NS.len()],
            }
        })
        .collect();
    let claims = claims_at(&measured, 0);
    let ratios: Vec<(String, f64, bool, &str)> = claims
        .iter()
        .map(|c| {
            assert_eq!(c.se, Some(0.0), "{c:?}");
            (
                c.claim.claim.clone(),
                c.claim.ratio,
                c.claim.holds,
                c.condition,
            )
        })
        .collect();
    let costly = |which| TimeClaim::large_evaluation_time(which, "Table 1's cells", 1.0, 1.0).claim;
    assert_eq!(
        ratios,
        [
            (
                TimeClaim::full_memory(4, 6, 1.0, 1.0).claim,
                2.0,
                true,
                TABLE_1
            ),
            (TimeClaim::memdual(4, 6, 1.0, 1.0).claim, 0.5, true, TABLE_1),
            (
                TimeClaim::memsss_vs_itersss(1 + 4 + 16 + 64, 1.0, 1.0).claim,
                1.5,
                false,
                TABLE_2
            ),
            (costly("least M"), 1.25, false, COSTLY),
            (costly("full M"), 0.5, true, COSTLY),
        ]
    );
}

/// The verdict against the interval ratio ± 2 s.e.: holds when all of it
/// is on the claim's side of the line, fails when none of it is, within
/// noise when it straddles the line.
#[test]
fn verdicts_take_the_standard_error_into_account() {
    let fast = TimeClaim::full_memory(5, 10, 2.0, 1.0); // speed 2, line 1.5
    assert_eq!(fast.verdict_within(None), "holds");
    assert_eq!(fast.verdict_within(Some(0.2)), "holds");
    assert_eq!(fast.verdict_within(Some(0.3)), "within noise");
    let slow = TimeClaim::full_memory(5, 10, 1.2, 1.0);
    assert_eq!(slow.verdict_within(Some(0.1)), "fails");
    assert_eq!(slow.verdict_within(Some(0.2)), "within noise");
    let below = TimeClaim::memsss_296(1.0, 0.9); // time 0.9, line 1
    assert_eq!(below.verdict_within(Some(0.04)), "holds");
    assert_eq!(below.verdict_within(Some(0.06)), "within noise");
    assert_eq!(
        TimeClaim::memsss_296(1.0, 1.2).verdict_within(Some(0.05)),
        "fails"
    );
    let range = TimeClaim::memsss_vs_itersss(1365, 1.0, 2.7); // 2 to 3.5
    assert_eq!(range.verdict_within(Some(0.1)), "holds");
    assert_eq!(range.verdict_within(Some(0.5)), "within noise");
    let under = TimeClaim::memsss_vs_itersss(1365, 1.0, 1.2);
    assert_eq!(under.verdict_within(Some(0.1)), "fails");
    assert_eq!(under.verdict_within(Some(2.0)), "within noise");
}

/// The standard errors: of a mean, and of a ratio of totals by the delta
/// method, one cell and several.
#[test]
fn standard_errors_of_means_and_ratios() {
    let (mean, se) = mean_se(&[1.0, 2.0, 3.0, 4.0]);
    assert_eq!(mean, 2.5);
    // s² = 5/3, s.e. = √(5/12).
    assert!((se.unwrap() - (5.0f64 / 12.0).sqrt()).abs() < 1e-12);
    assert_eq!(mean_se(&[7.0]), (7.0, None));
    // x = 2y exactly: ratio 2, no spread.
    let exact = ratio_of_totals(&[vec![(2.0, 1.0), (6.0, 3.0)]]);
    assert_eq!(
        exact,
        Ratio {
            value: 2.0,
            se: Some(0.0)
        }
    );
    // One cell: R = 6/6 = 1, e = x − y = (1, −1), s(e) = √2, ȳ = 3, n = 2.
    let one = ratio_of_totals(&[vec![(3.0, 2.0), (3.0, 4.0)]]);
    assert_eq!(one.value, 1.0);
    assert!((one.se.unwrap() - 2f64.sqrt() / (3.0 * 2f64.sqrt())).abs() < 1e-12);
    // Two cells: each stratum's residual variance, over the grand total.
    let two = ratio_of_totals(&[
        vec![(3.0, 2.0), (3.0, 4.0)],
        vec![(10.0, 10.0), (10.0, 10.0)],
    ]);
    assert_eq!(two.value, 1.0);
    assert!((two.se.unwrap() - (2.0f64 * 2.0).sqrt() / 26.0).abs() < 1e-12);
    assert_eq!(ratio_of_totals(&[vec![(1.0, 1.0)]]).se, None);
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
    // Five claims (one per quick cell, two for costly leaves), each judged
    // at four costs.
    let judged = [" (holds)", " (fails)", " (within noise)"]
        .iter()
        .map(|v| times.markdown.matches(v).count())
        .sum::<usize>();
    assert_eq!(judged, 5 * COSTS_NS.len());
    let untimed = run(&Config::new(true, Some(1), false)).unwrap();
    assert_eq!(untimed.counts, out.counts);
}

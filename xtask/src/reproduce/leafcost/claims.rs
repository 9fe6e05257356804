//! The paper's claims about time judged on the leaf-cost experiment's
//! measurements, each with the standard error of its ratio and the
//! condition under which the paper makes it, and the leaf costs at which an
//! algorithm breaks even with Alpha-Beta.

use super::cells::{Kind, Measured, Role};
use super::stats::{Ratio, ratio_of_totals};
use crate::reproduce::render::num;
use crate::reproduce::time_claim::TimeClaim;

/// The condition of the claims on Table 1 (Bhattacharya & Bagchi 1996,
/// §4): leaves that cost nothing to evaluate.
pub const TABLE_1: &str = "Table 1: \"the time spent to evaluate a terminal is negligible\"; \
     the times \"include the time to generate the tree in a specified order\" (the 0 ns column)";
/// The condition of the claims on Table 2: a leaf's score drawn when it is
/// evaluated, no evaluation cost stated.
pub const TABLE_2: &str = "Table 2: a terminal's score \"computed directly from the pair \
     (Dewey code, run number) using srandom() and random()\"; no other evaluation cost stated";
/// The condition of the paper's prediction for costly leaves.
pub const COSTLY: &str = "not measured in the paper: \"in actual game playing situations the \
     computation time would be large\" (the 1 µs and 10 µs columns)";

/// A claim judged on the trees of the experiment: the claim on the total
/// times, the standard error of its ratio, and the paper's condition.
#[derive(Debug, Clone, PartialEq)]
pub struct Judged {
    /// The claim judged on the total times over the trees.
    pub claim: TimeClaim,
    /// The standard error of the claim's ratio (`None` from one tree).
    pub se: Option<f64>,
    /// The condition under which the paper makes the claim.
    pub condition: &'static str,
}

impl Judged {
    /// `holds`, `fails` or `within noise` ([`TimeClaim::verdict_within`]).
    pub fn verdict(&self) -> &'static str {
        self.claim.verdict_within(self.se)
    }

    /// The numbers, the standard error and the verdict, as a table cell.
    pub fn cell(&self) -> String {
        match self.se {
            Some(se) => format!("{}, s.e. {se:.2} ({})", self.claim.numbers, self.verdict()),
            None => format!("{} ({})", self.claim.numbers, self.verdict()),
        }
    }
}

/// The claims about time of every cell, at cost `c`, then the paper's
/// prediction for costly leaves over the cells of Table 1.
pub fn claims_at(measured: &[Measured], c: usize) -> Vec<Judged> {
    let mut out = Vec::new();
    let judged = |claim: TimeClaim, r: Ratio, condition| Judged {
        se: r.se,
        claim,
        condition,
    };
    for m in measured {
        let cell = &m.cell;
        let t = |k| m.total_time(c, k);
        let find = |role| cell.find(role);
        // Ratio of row k's time over row j's, with its standard error.
        let r = |k, j| ratio_of_totals(&[m.time_pairs(c, k, j)]);
        match cell.kind {
            Kind::Random => {
                if let Some(full) = find(Role::MemMax) {
                    let claim = TimeClaim::full_memory(cell.b, cell.d, t(0), t(full));
                    out.push(judged(claim, r(0, full), TABLE_1));
                }
            }
            Kind::Strong => {
                if let Some(k) = find(Role::Mem296) {
                    out.push(judged(TimeClaim::memsss_296(t(0), t(k)), r(k, 0), TABLE_1));
                }
                if cell.d % 2 == 0
                    && let Some(k) = find(Role::MemDual)
                {
                    let claim = TimeClaim::memdual(cell.b, cell.d, t(0), t(k));
                    out.push(judged(claim, r(k, 0), TABLE_1));
                }
            }
            Kind::Iid => {
                if let (Some(mem), Some(iter)) = (find(Role::MemMax), find(Role::IterMax)) {
                    let budget = cell.rows[mem].param.expect("a budget");
                    let claim = TimeClaim::memsss_vs_itersss(budget, t(mem), t(iter));
                    out.push(judged(claim, r(iter, mem), TABLE_2));
                }
            }
        }
    }
    let table_1: Vec<&Measured> = measured
        .iter()
        .filter(|m| m.cell.kind != Kind::Iid)
        .collect();
    if !table_1.is_empty() {
        for (role, which) in [(Role::MemMin, "least M"), (Role::MemMax, "full M")] {
            let strata: Vec<Vec<(f64, f64)>> = table_1
                .iter()
                .filter_map(|m| m.cell.find(role).map(|k| m.time_pairs(c, k, 0)))
                .collect();
            let (t, ab) = strata
                .iter()
                .flatten()
                .fold((0.0, 0.0), |(t, ab), &(x, y)| (t + x, ab + y));
            let claim = TimeClaim::large_evaluation_time(which, "Table 1's cells", ab, t);
            out.push(judged(claim, ratio_of_totals(&strata), COSTLY));
        }
    }
    out
}

/// Where `algorithm`'s time crosses Alpha-Beta's between two measured
/// costs, times interpolated linearly in the cost (time is linear in it if
/// the per-leaf cost adds and nothing else changes): `diff[c]` = its time
/// less AB's at `costs[c]`. `None` when it never crosses from above.
pub fn break_even(costs: &[f64], diff: &[f64]) -> Option<f64> {
    if diff.first().is_some_and(|&d| d <= 0.0) {
        return Some(0.0);
    }
    costs.windows(2).zip(diff.windows(2)).find_map(|(c, d)| {
        (d[0] > 0.0 && d[1] <= 0.0).then(|| c[0] + (c[1] - c[0]) * d[0] / (d[0] - d[1]))
    })
}

/// The break-even cost the model predicts from the 0 ns times and the leaf
/// counts alone: (T − T_AB) / (L_AB − L) per leaf, when fewer leaves.
pub fn model_break_even(t: f64, t_ab: f64, leaves: f64, leaves_ab: f64) -> Option<f64> {
    if t <= t_ab {
        Some(0.0)
    } else if leaves < leaves_ab {
        Some((t - t_ab) / (leaves_ab - leaves))
    } else {
        None
    }
}

/// A break-even cost in words.
pub fn ns_label(x: Option<f64>, none: &str) -> String {
    match x {
        Some(0.0) => "at 0 ns already".into(),
        Some(x) if x >= 1_000.0 => format!("{} µs", num(x / 1_000.0, 1)),
        Some(x) if x < 10.0 => format!("{} ns", num(x, 1)),
        Some(x) => format!("{} ns", num(x, 0)),
        None => none.into(),
    }
}

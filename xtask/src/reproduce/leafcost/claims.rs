//! The paper's claims about time judged on the leaf-cost experiment's
//! measurements, and the leaf costs at which an algorithm breaks even with
//! Alpha-Beta.

use super::cells::{Kind, Measured, Role};
use crate::reproduce::render::num;
use crate::reproduce::time_claim::TimeClaim;

/// The claims about time of every cell, at cost `c`.
pub fn claims_at(measured: &[Measured], c: usize) -> Vec<TimeClaim> {
    let mut out = Vec::new();
    for m in measured {
        let (cell, t) = (&m.cell, &m.time[c]);
        let row = |role| cell.find(role).map(|k| t[k]);
        match cell.kind {
            Kind::Random => {
                if let Some(full) = row(Role::MemMax) {
                    out.push(TimeClaim::full_memory(cell.b, cell.d, t[0], full));
                }
            }
            Kind::Strong => {
                if let Some(x) = row(Role::Mem296) {
                    out.push(TimeClaim::memsss_296(t[0], x));
                }
                if cell.d % 2 == 0
                    && let Some(x) = row(Role::MemDual)
                {
                    out.push(TimeClaim::memdual(cell.b, cell.d, t[0], x));
                }
            }
            Kind::Iid => {
                if let (Some(k), Some(mem), Some(iter)) = (
                    cell.find(Role::MemMax),
                    row(Role::MemMax),
                    row(Role::IterMax),
                ) {
                    let m = cell.rows[k].param.expect("a budget");
                    out.push(TimeClaim::memsss_vs_itersss(m, mem, iter));
                }
            }
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

//! The papers' claims about time against the cost of a leaf.
//!
//! Bhattacharya & Bagchi 1996 (*Searching Game Trees Under Memory
//! Constraints*, §4) say the best-first searches save time because they
//! evaluate fewer leaves. Whether they do depends on what a leaf costs
//! against what a search spends per node on its own bookkeeping. This
//! experiment runs a representative set of searches on the trees of the
//! paper's claims about time (the first trees of each cell of
//! `bhattacharya-bagchi96`, same seeds) with a stated extra cost per
//! evaluated leaf — 0, 100 ns, 1 µs, 10 µs, spun by
//! [`tree_core::LeafCost`] with iterations calibrated once per run — and
//! judges the claims ([`TimeClaim`](super::time_claim::TimeClaim)) at every
//! cost, each with the standard error of its ratio over the trees and the
//! condition under which the paper makes it.
//!
//! Its own experiment rather than a section of `bhattacharya-bagchi96`:
//! it runs on fewer trees (20 a cell; the 10 µs column costs 10 s per
//! million leaves), so
//! its leaf counts are not that experiment's 100-tree means, and it can be
//! run alone (`--only leaf-cost`) without the 30 000 searches of the tables.
//!
//! The counts document has the leaf counts (which do not depend on the
//! cost); the times document the calibration, time relative to alpha-beta
//! at every cost, the claims at every cost, the break-even costs and a plot.

pub mod calibration;
pub mod cells;
pub mod claims;
pub mod stats;

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Result, bail};
use tree_core::{GenSpec, LeafCost};

use super::config::Config;
use super::doc::{Doc, Output};
use super::jobs;
use super::render::{LogXChart, csv, md_table, num, times_intro, times_link};
use calibration::{Calibration, MIN_BLOCK, calibrate, calibration_tree, leaf_nodes, per_call};
use cells::{COSTS_NS, Cell, Measured, Role, Row, cells, cost_label, csv_key, param, role_label};
use claims::{break_even, claims_at, model_break_even, ns_label};
use stats::{Ratio, ratio_of_totals};

const NAME: &str = "leaf-cost";

/// Trees per cell in a full run (`--trees` can only lower it): enough for
/// a standard error on every ratio. The 10 µs column of one round of the
/// nine cells is about 5.5 M leaves, 55 s of processor time, so a timed
/// run takes about 20 minutes of processor time for that column alone.
const TREES: usize = 20;
/// Trees per cell with `--quick`.
const QUICK_TREES: usize = 2;
/// Every row on one tree: leaves, and when timed the processor time of a
/// run at each cost (`times[cost][row]`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct TreeRun {
    leaves: Vec<u64>,
    times: Vec<Vec<Duration>>,
}

/// Runs every row of `cell` on its tree `index`: once plain (leaves,
/// values checked against Alpha-Beta's), then through [`LeafCost`] at every
/// cost when timed (once, at one step, when not), each run checked to
/// evaluate the same number of leaves and return the same value. A timed
/// run is a block of runs of at least [`MIN_BLOCK`] ([`per_call`]); at each
/// cost the rows run in turn.
pub fn run_tree(cfg: &Config, cell: &Cell, index: usize, cal: &Calibration) -> Result<TreeRun> {
    let tree = GenSpec {
        index: index as u64,
        ..cell.spec
    }
    .build()?;
    let mut leaves = Vec::with_capacity(cell.rows.len());
    let mut values = Vec::with_capacity(cell.rows.len());
    for r in &cell.rows {
        let report = r.search(&tree)?;
        let v = report.value;
        if let Some(&want) = values.first()
            && v != want
        {
            bail!(
                "{} returned {v} on tree {index} of {}, Alpha-Beta {want}",
                r.name(),
                cell.label()
            );
        }
        values.push(v);
        leaves.push(report.leaves);
    }
    let check = |k: usize, iterations: u64| -> Result<()> {
        let wrapped = LeafCost::new(&tree, iterations);
        let report = cell.rows[k].search(&wrapped)?;
        let (v, n) = (report.value, report.leaves);
        if v != values[k] || n != leaves[k] || wrapped.spun() != n * iterations {
            bail!(
                "{} through the leaf-cost wrapper ({iterations} steps) on tree {index} of {}: \
                 value {v}, {n} leaves; plain: {}, {}",
                cell.rows[k].name(),
                cell.label(),
                values[k],
                leaves[k]
            );
        }
        Ok(())
    };
    let mut times = Vec::new();
    if cfg.timed() {
        for &iterations in &cal.iterations {
            let at_cost = (0..cell.rows.len())
                .map(|k| per_call(cfg, || check(k, iterations)))
                .collect::<Result<Vec<Duration>>>()?;
            times.push(at_cost);
        }
    } else {
        for k in 0..cell.rows.len() {
            check(k, 1)?;
        }
    }
    Ok(TreeRun { leaves, times })
}

/// Runs the experiment.
pub fn run(cfg: &Config) -> Result<Output> {
    let cells = cells(cfg)?;
    let trees = cfg
        .trees
        .min(if cfg.quick { QUICK_TREES } else { TREES })
        .max(1);
    let cal = if cfg.timed() {
        calibrate(cfg)?
    } else {
        Calibration {
            steps_per_ns: 0.0,
            iterations: vec![1; COSTS_NS.len()],
            achieved_ns: vec![0.0; COSTS_NS.len()],
        }
    };
    // Round-robin over the cells, as `measure::run_batches` does.
    let jobs_list: Vec<(usize, usize)> = (0..trees)
        .flat_map(|t| (0..cells.len()).map(move |c| (c, t)))
        .collect();
    let bar = cfg.bar("leaf cost", jobs_list.len() as u64);
    let runs = jobs::run(&jobs_list, &bar, |&(c, t)| {
        run_tree(cfg, &cells[c], t, &cal)
    })?;
    bar.finish_and_clear();
    let measured: Vec<Measured> = cells
        .into_iter()
        .enumerate()
        .map(|(c, cell)| {
            let mine: Vec<&TreeRun> = jobs_list
                .iter()
                .zip(&runs)
                .filter(|((cc, _), _)| *cc == c)
                .map(|(_, r)| r)
                .collect();
            let leaves = mine.iter().map(|r| r.leaves.clone()).collect();
            let time = if cfg.timed() {
                (0..COSTS_NS.len())
                    .map(|cost| {
                        mine.iter()
                            .map(|r| r.times[cost].iter().map(Duration::as_secs_f64).collect())
                            .collect()
                    })
                    .collect()
            } else {
                Vec::new()
            };
            Measured { cell, leaves, time }
        })
        .collect();
    let counts = counts_doc(cfg, &measured);
    let times = if cfg.timed() {
        Some(times_doc(cfg, &cal, &measured)?)
    } else {
        None
    };
    Ok(Output { counts, times })
}

/// A standard error with `decimals` decimals, or a dash when there is none.
fn se_label(se: Option<f64>, decimals: usize) -> String {
    se.map_or("–".into(), |x| num(x, decimals))
}

/// A ratio with its standard error: `0.88 ± 0.03`.
fn ratio_label(r: Ratio, decimals: usize) -> String {
    match r.se {
        Some(se) => format!("{:.*} ± {:.*}", decimals, r.value, decimals, se),
        None => format!("{:.*}", decimals, r.value),
    }
}

/// How the standard errors are computed, for both documents.
const SE_RULE: &str = "Standard errors (s.e.) are over the trees of a cell: of a mean, s / √n; \
     of a ratio, that of the ratio of the two totals (mean over mean, tree by tree paired) by \
     the delta method, s(x − R·y) / (ȳ·√n) for R = Σx / Σy; over several cells, each cell's \
     trees are a stratum, Var(R) ≈ Σ n·s²(x − R·y) / (Σy)².";

fn counts_doc(cfg: &Config, measured: &[Measured]) -> Doc {
    let mut md = String::new();
    writeln!(
        md,
        "# Leaf cost: the claims about time against the cost of a leaf\n\n\
         Generated by `cargo xtask reproduce`{}. Bhattacharya & Bagchi (1996, §4) say the \
         best-first searches save time because they evaluate fewer leaves; their Table 1 \
         times are measured where \"the time spent to evaluate a terminal is negligible\", \
         and they predict that \"in actual game playing situations the computation time would \
         be large, and Alpha-Beta would run slower than MemSSS* because it would examine many \
         more terminal nodes\". This experiment \
         times the same searches on the same trees with an extra cost per evaluated leaf of \
         {} ns (`tree_core::LeafCost`, calibrated once per run). The leaves a search \
         evaluates do not depend on that cost: they are below. Each cell is {} trees, with \
         the seeds of `bhattacharya-bagchi96` (for its shapes, its first trees); every \
         value equals Alpha-Beta's, and every run through the cost wrapper evaluated the \
         same number of leaves and returned the same value as the plain run. MemSSS* at \
         its least and full M (odd-depth variant on odd d), IterSSS* at full memory \
         (M ≥ b^⌈d/2⌉), MGame at searchd 4, MT-SSS* and MT-DUAL* over their table; MTD(f) \
         is left out (its leaves depend on how near its first guess, 0, lies to the \
         generator's values). {SE_RULE}{}\n",
        if cfg.quick { " --quick" } else { "" },
        COSTS_NS.map(|c| c.to_string()).join(", "),
        measured.first().map_or(0, Measured::trees),
        times_link(cfg, NAME),
    )
    .unwrap();
    let mut csv_rows = Vec::new();
    for m in measured {
        writeln!(md, "## {}\n", m.cell.label()).unwrap();
        let rows: Vec<Vec<String>> = m
            .cell
            .rows
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let (mean, se) = m.mean_leaves(k);
                let ratio = m.leaves_ratio(k);
                let mut line = csv_key(m, r);
                line.extend([
                    format!("{mean:.1}"),
                    se.map_or(String::new(), |x| format!("{x:.1}")),
                    format!("{:.4}", ratio.value),
                    ratio.se.map_or(String::new(), |x| format!("{x:.4}")),
                ]);
                csv_rows.push(line);
                vec![
                    r.label.to_string(),
                    param(r),
                    num(mean, 0),
                    se_label(se, 0),
                    format!("{:.3}", ratio.value),
                    se_label(ratio.se, 3),
                ]
            })
            .collect();
        md.push_str(&md_table(
            &[
                "algorithm",
                "M / searchd",
                "mean leaves",
                "s.e.",
                "leaves / AB",
                "s.e.",
            ],
            &rows,
        ));
        md.push('\n');
    }
    Doc::new(
        NAME,
        md,
        csv(
            &[
                "cell",
                "algorithm",
                "param",
                "mean_leaves",
                "se_mean_leaves",
                "leaves_ratio_to_ab",
                "se_leaves_ratio",
            ],
            &csv_rows,
        ),
    )
}

fn times_doc(cfg: &Config, cal: &Calibration, measured: &[Measured]) -> Result<Doc> {
    let costs: Vec<f64> = COSTS_NS.iter().map(|&c| c as f64).collect();
    let cost_headers: Vec<String> = COSTS_NS.iter().map(|&c| cost_label(c)).collect();
    let mut md = String::new();
    let trees = measured.first().map_or(0, Measured::trees);
    writeln!(
        md,
        "# Leaf cost: times\n\n{}\n\nEvery search runs through `tree_core::LeafCost`, which spins \
         a fixed number of dependent multiply-rotate-xor steps per evaluated leaf, at 0 ns, \
         100 ns, 1 µs and 10 µs per leaf. Times are **processor time** of the searching \
         thread (`/proc/thread-self/schedstat`), not wall time: on a shared machine a thread \
         waits for a core, and that is not the search's cost. That clock advances at \
         scheduler ticks, so each (tree, algorithm, cost) is timed as a block of repeated \
         runs of at least {} ms, over its runs; at each cost the algorithms of a tree run \
         in turn. Counts: [{NAME}.md]({NAME}.md).\n\n{SE_RULE} The s.e. of a time ratio \
         holds both the spread of the ratio from tree to tree and the error of the clock.\n",
        times_intro(&format!("{trees} trees per cell")),
        MIN_BLOCK.as_millis(),
    )?;
    writeln!(
        md,
        "## Calibration\n\nThe spin ran at {:.3} steps per ns of processor time (2^20 steps, \
         repeated for at least {} ms). The cost achieved per leaf is measured apart from any \
         search: the {} leaves of a (4,5) tree evaluated through the wrapper, less the same \
         without it.\n",
        cal.steps_per_ns,
        MIN_BLOCK.as_millis(),
        leaf_nodes(&calibration_tree()).len()
    )?;
    let cal_rows: Vec<Vec<String>> = (0..COSTS_NS.len())
        .map(|c| {
            vec![
                cost_headers[c].clone(),
                cal.iterations[c].to_string(),
                format!("{:.1}", cal.achieved_ns[c]),
            ]
        })
        .collect();
    md.push_str(&md_table(
        &["target per leaf", "steps", "achieved ns per leaf"],
        &cal_rows,
    ));
    md.push('\n');

    // Totals over the cells, per role (rows every cell has).
    let roles: Vec<(Role, &Row)> = measured[0]
        .cell
        .rows
        .iter()
        .filter(|r| measured.iter().all(|m| m.cell.find(r.role).is_some()))
        .map(|r| (r.role, r))
        .collect();
    let total = |role: Role, c: usize| -> f64 {
        measured
            .iter()
            .map(|m| m.total_time(c, m.cell.find(role).expect("every cell")))
            .sum()
    };
    let total_leaves = |role: Role| -> f64 {
        measured
            .iter()
            .flat_map(|m| m.leaf_pairs(m.cell.find(role).expect("every cell"), 0))
            .map(|(x, _)| x)
            .sum()
    };
    // A role's time (or leaves) over Alpha-Beta's, all cells, with its s.e.
    let pooled = |role: Role, c: Option<usize>| -> Ratio {
        let strata: Vec<Vec<(f64, f64)>> = measured
            .iter()
            .map(|m| {
                let k = m.cell.find(role).expect("every cell");
                match c {
                    Some(c) => m.time_pairs(c, k, 0),
                    None => m.leaf_pairs(k, 0),
                }
            })
            .collect();
        ratio_of_totals(&strata)
    };
    let mut headers = vec!["algorithm", "leaves / AB"];
    headers.extend(cost_headers.iter().map(String::as_str));
    let summary: Vec<Vec<String>> = roles
        .iter()
        .map(|&(role, r)| {
            let mut v = vec![role_label(r), ratio_label(pooled(role, None), 3)];
            v.extend((0..COSTS_NS.len()).map(|c| ratio_label(pooled(role, Some(c)), 2)));
            v
        })
        .collect();
    writeln!(
        md,
        "## Time relative to Alpha-Beta, all cells\n\nTotal time over the {} cells ({}) \
         relative to Alpha-Beta's total at the same leaf cost, ± its s.e.; below 1 is \
         faster. The larger random cells weigh most; the cells one by one are further \
         down.\n",
        measured.len(),
        measured
            .iter()
            .map(|m| m.cell.label())
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    md.push_str(&md_table(&headers, &summary));
    md.push('\n');

    // Break-even costs.
    let be_rows: Vec<Vec<String>> = roles
        .iter()
        .skip(1)
        .map(|&(role, r)| {
            let diff: Vec<f64> = (0..COSTS_NS.len())
                .map(|c| total(role, c) - total(Role::AlphaBeta, c))
                .collect();
            let fewer = total_leaves(role) < total_leaves(Role::AlphaBeta);
            let measured_be = break_even(&costs, &diff);
            let model = model_break_even(
                total(role, 0),
                total(Role::AlphaBeta, 0),
                total_leaves(role),
                total_leaves(Role::AlphaBeta),
            )
            .map(|x| x * 1e9);
            vec![
                role_label(r),
                ns_label(
                    measured_be,
                    if fewer {
                        "above 10 µs"
                    } else {
                        "never (no fewer leaves)"
                    },
                ),
                ns_label(model, "never (no fewer leaves)"),
            ]
        })
        .collect();
    writeln!(
        md,
        "## Break-even leaf cost\n\nThe leaf cost from which an algorithm takes no more time \
         than Alpha-Beta over all cells: *measured*, where its total time crosses AB's \
         between two measured costs (times interpolated linearly in the cost); *model*, \
         from the 0 ns times and the leaf counts alone, (T − T_AB) / (L_AB − L). Both are \
         on the axis of target costs; the calibration above gives the cost achieved at \
         each.\n"
    )?;
    md.push_str(&md_table(&["algorithm", "measured", "model"], &be_rows));
    md.push('\n');

    // The claims at every cost.
    let per_cost: Vec<Vec<claims::Judged>> = (0..COSTS_NS.len())
        .map(|c| claims_at(measured, c))
        .collect();
    let claim_rows: Vec<Vec<String>> = (0..per_cost[0].len())
        .map(|i| {
            let mut v = vec![
                per_cost[0][i].claim.claim.clone(),
                per_cost[0][i].condition.to_string(),
            ];
            v.extend(per_cost.iter().map(|cs| cs[i].cell()));
            v
        })
        .collect();
    let mut ch = vec!["claim", "the paper's condition"];
    ch.extend(cost_headers.iter().map(String::as_str));
    writeln!(
        md,
        "## The paper's claims about time, at every leaf cost\n\nThe claims of \
         `bhattacharya-bagchi96-time`, judged on the total times over these trees, each \
         beside the condition under which the paper makes it: its Table 1 times are for \
         leaves that cost nothing to evaluate, so there the 0 ns column is the paper's \
         setting and the others ask whether the claim survives a costlier leaf; the last \
         two rows are the paper's prediction for costly leaves, which it did not measure. \
         A claim's ratio (speed or time relative to the other search) is shown with its \
         s.e. The verdict: **holds** when the whole interval ratio ± 2 s.e. lies on the \
         claim's side of its line (above 1.5 for \"about twice as fast\", below 1 for \
         \"faster than\" or \"slower than\", 2 to 3.5 for \"2.5 to 3 times\"), **fails** when \
         none of it does, **within noise** when it straddles the line (with one tree per \
         cell there is no s.e., and the ratio alone decides).\n"
    )?;
    md.push_str(&md_table(&ch, &claim_rows));
    md.push('\n');

    // Cell by cell.
    writeln!(
        md,
        "## Cell by cell: time relative to Alpha-Beta\n\nEach row's total time over the \
         cell's trees relative to Alpha-Beta's, ± its s.e.; the CSV has each row's total \
         seconds.\n"
    )?;
    let mut csv_rows = Vec::new();
    let mut cell_headers = vec!["algorithm", "M / searchd", "leaves / AB"];
    cell_headers.extend(cost_headers.iter().map(String::as_str));
    for m in measured {
        writeln!(md, "### {}\n", m.cell.label())?;
        let rows: Vec<Vec<String>> = m
            .cell
            .rows
            .iter()
            .enumerate()
            .map(|(k, r)| {
                let mut v = vec![
                    r.label.to_string(),
                    param(r),
                    ratio_label(m.leaves_ratio(k), 3),
                ];
                for (c, cost) in COSTS_NS.iter().enumerate() {
                    let ratio = m.ratio(c, k);
                    v.push(ratio_label(ratio, 2));
                    let mut line = csv_key(m, r);
                    line.extend([
                        cost.to_string(),
                        cal.iterations[c].to_string(),
                        format!("{:.1}", m.mean_leaves(k).0),
                        format!("{:.4}", m.total_time(c, k)),
                        format!("{:.3}", ratio.value),
                        ratio.se.map_or(String::new(), |x| format!("{x:.3}")),
                    ]);
                    csv_rows.push(line);
                }
                v
            })
            .collect();
        md.push_str(&md_table(&cell_headers, &rows));
        md.push('\n');
    }

    // The plot: time / AB against the leaf cost, 0 drawn at 10 ns.
    let x = |c: u64| if c == 0 { 10.0 } else { c as f64 };
    let series: Vec<(String, Vec<(f64, f64)>)> = roles
        .iter()
        .skip(1)
        .map(|&(role, r)| {
            (
                role_label(r),
                (0..COSTS_NS.len())
                    .map(|c| (x(COSTS_NS[c]), total(role, c) / total(Role::AlphaBeta, c)))
                    .collect(),
            )
        })
        .collect();
    let svg = LogXChart {
        caption: "Time relative to Alpha-Beta against the cost of a leaf (all cells)",
        x_desc: "extra cost per leaf, ns (log scale; 0 drawn at 10)",
        y_desc: "time / Alpha-Beta's time (log scale)",
        series: &series,
        reference: Some(("Alpha-Beta", 1.0)),
        x_label: &|x| {
            if *x <= 10.0 {
                "0".into()
            } else {
                format!("{x:.0}")
            }
        },
        legend: plotters::prelude::SeriesLabelPosition::UpperRight,
        log_y: true,
    }
    .svg()?;
    let plot = format!("{NAME}-time.svg");
    writeln!(
        md,
        "![time relative to Alpha-Beta against leaf cost]({plot})"
    )?;
    Ok(Doc::new(
        format!("{NAME}-time"),
        md,
        csv(
            &[
                "cell",
                "algorithm",
                "param",
                "cost_ns",
                "steps",
                "mean_leaves",
                "seconds",
                "time_ratio_to_ab",
                "se_time_ratio",
            ],
            &csv_rows,
        ),
    )
    .with_plot(cfg, plot, svg))
}

//! Srivastava 2019, §IV: enhanced alpha-beta against SSS\* on Othello positions.
//!
//! The 50 committed positions of the `othello` crate (20 seeded random plies
//! from the start, see `crates/othello/data/positions.txt`) are searched to
//! depths 1–8 (1–4 with `--quick`, on the first 5 positions) by
//!
//! * the enhanced searches of `search_depthfirst::Enhanced` — alpha-beta,
//!   NegaScout/PVS with an aspiration window, MTD(f), MT-SSS\* and
//!   MT-DUAL\* — each with iterative deepening 1..d, a 16 MiB transposition
//!   table and the history heuristic (the table is cleared before every
//!   search, so no search profits from another's), run on the engine
//!   itself, whose report has each iteration's leaves;
//! * plain alpha-beta (generation order, no table) as the baseline;
//! * plain SSS\* (left-most), RecSSS\* and MemSSS\*(M) at three budgets,
//!   with OPEN sized for a branching bound of [`BRANCHING`] (a node with
//!   more moves would be a clear error, never a wrong value);
//!
//! these two through the front door (`gametree::search_game`, which
//! searches the game's tree to the depth, `tree_core::Horizon`).
//!
//! Every value is checked: against `minimax` up to depth [`MINIMAX_UP_TO`],
//! and against plain alpha-beta above it. Leaves are static evaluations
//! (horizon positions and game ends); the enhanced searches report both the
//! whole iterative deepening and its last iteration.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use gametree::{Algorithm, Config as Settings, minimum_memory_for};
use othello::{Othello, Position};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig};
use serde::{Deserialize, Serialize};
use tree_core::{Bounds, Horizon, minimax};

use super::config::Config;
use super::doc::{Doc, Output};
use super::jobs;
use super::render::{csv, md_table, num, times_intro, times_link};

const NAME: &str = "othello-002";

/// The branching bound OPEN is sized for (the most legal moves known in a
/// reachable Othello position is 33).
pub const BRANCHING: usize = 33;
/// Depths up to which every value is checked against plain minimax.
pub const MINIMAX_UP_TO: u32 = 5;
/// PVS's aspiration half-width: half a corner of the evaluation.
const ASPIRATION: u32 = 50;
/// MemSSS* budgets besides its minimum.
const MEM_BUDGETS: [usize; 2] = [1_000, 10_000];

/// One searcher of the experiment.
#[derive(Debug, Clone, Copy)]
enum Searcher {
    /// An enhanced engine, with PVS's aspiration window or without, run
    /// on the engine itself: the counts document gives the leaves of its
    /// last iteration, which only the engine's own report has.
    Enhanced(EnhancedAlgorithm, bool),
    /// A search through the front door (`gametree::search_game`), with a
    /// MemSSS\* budget: at least `Some(m)`, raised to the smallest budget
    /// on the shape.
    Plain(Algorithm, Option<usize>),
}

#[derive(Debug, Clone)]
struct Row {
    label: String,
    searcher: Searcher,
}

fn rows() -> Vec<Row> {
    let mut rows = vec![
        Row {
            label: "AB+ (enhanced alpha-beta)".into(),
            searcher: Searcher::Enhanced(EnhancedAlgorithm::AlphaBeta, false),
        },
        Row {
            label: "PVS+ (aspiration NegaScout)".into(),
            searcher: Searcher::Enhanced(EnhancedAlgorithm::Pvs, true),
        },
        Row {
            label: "MTD(f)+".into(),
            searcher: Searcher::Enhanced(EnhancedAlgorithm::Mtdf, false),
        },
        Row {
            label: "MT-SSS*+".into(),
            searcher: Searcher::Enhanced(EnhancedAlgorithm::MtSss, false),
        },
        Row {
            label: "MT-DUAL*+".into(),
            searcher: Searcher::Enhanced(EnhancedAlgorithm::MtDual, false),
        },
        Row {
            label: "AB (plain)".into(),
            searcher: Searcher::Plain(Algorithm::AlphaBeta, None),
        },
        Row {
            label: "SSS* (plain)".into(),
            searcher: Searcher::Plain(Algorithm::Sss, None),
        },
        Row {
            label: "RecSSS*".into(),
            searcher: Searcher::Plain(Algorithm::RecSss, None),
        },
        Row {
            label: "MemSSS*(min)".into(),
            searcher: Searcher::Plain(Algorithm::MemSss, Some(0)),
        },
    ];
    for m in MEM_BUDGETS {
        rows.push(Row {
            label: format!("MemSSS*({m})"),
            searcher: Searcher::Plain(Algorithm::MemSss, Some(m)),
        });
    }
    rows
}

/// What one searcher did on one position at one depth.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
struct Cell {
    value: i32,
    /// Leaves of the whole search (all iterations for the enhanced ones).
    leaves: u64,
    /// Leaves of the last iteration (= `leaves` for the others).
    last: u64,
    interior: u64,
    time: Duration,
}

fn table_config(aspiration: bool) -> EnhancedConfig {
    // The paper's enhancements only: no game hints (fastest first).
    let c = EnhancedConfig::default().with_hints(false);
    if aspiration {
        c.with_aspiration(Some(ASPIRATION))
    } else {
        c
    }
}

/// The shape OPEN is sized for at `depth`.
fn shape(depth: u32) -> Bounds {
    Bounds {
        branching: BRANCHING,
        depth: depth as usize,
        uniform: false,
    }
}

/// MemSSS*(min): the least budget of MemSSS* on this shape without the
/// odd-depth leaf search, `1 + b·⌈d/2⌉` (MemSSS* runs with it, as by
/// default, and would take `1 + b·⌊d/2⌋` on odd depths: the tables keep
/// the budget they were made with).
fn mem_minimum(depth: u32) -> Result<usize> {
    let plain = Settings::default().odd_depth_leaf_search(false);
    minimum_memory_for(Algorithm::MemSss, shape(depth), &plain)
        .with_context(|| format!("no MemSSS* budget at depth {depth}"))
}

fn search(
    cfg: &Config,
    searcher: Searcher,
    pos: &Position,
    depth: u32,
    engine: Option<&mut Enhanced>,
) -> Result<Cell> {
    match (searcher, engine) {
        (Searcher::Enhanced(alg, _), Some(engine)) => {
            engine.clear();
            let (r, time) = cfg.time(|| engine.search(alg, &Othello, pos, depth));
            let r = r?;
            let last = r.per_iteration.last().map_or(r.leaves, |it| it.leaves);
            Ok(Cell {
                value: r.value.get(),
                leaves: r.leaves,
                last,
                interior: r.interior,
                time,
            })
        }
        (Searcher::Enhanced(..), None) => bail!("an enhanced search without an engine"),
        (Searcher::Plain(alg, memory), _) => {
            let mut settings = Settings::default();
            if alg.takes_memory() {
                settings = settings.shape(shape(depth));
            }
            if let Some(m) = memory {
                settings = settings.memory(m.max(mem_minimum(depth)?));
            }
            let (r, time) =
                cfg.time(|| gametree::search_game(alg, &Othello, pos, depth, &settings));
            let r = r?;
            Ok(Cell {
                value: r.value.get(),
                leaves: r.leaves,
                last: r.leaves,
                interior: r.interior,
                time,
            })
        }
    }
}

/// Every row at every depth on one position, depth by depth so that the
/// rows' times at a depth are measured close together (a shared machine's
/// load drifts); values checked against minimax up to [`MINIMAX_UP_TO`]
/// and against the first row's. An enhanced row keeps one engine for all
/// depths, its table cleared before each search.
fn position_cells(
    cfg: &Config,
    rows: &[Row],
    pos: &Position,
    depths: u32,
) -> Result<Vec<Vec<Cell>>> {
    let mut engines: Vec<Option<Enhanced>> = rows
        .iter()
        .map(|r| match r.searcher {
            Searcher::Enhanced(_, aspiration) => Enhanced::new(table_config(aspiration)).map(Some),
            _ => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    let mut out = vec![Vec::with_capacity(depths as usize); rows.len()];
    for depth in 1..=depths {
        let oracle =
            (depth <= MINIMAX_UP_TO).then(|| minimax(&Horizon::new(Othello, *pos, depth)).get());
        let mut first: Option<i32> = None;
        for (k, row) in rows.iter().enumerate() {
            let cell = search(cfg, row.searcher, pos, depth, engines[k].as_mut())?;
            if let Some(w) = oracle.or(first)
                && w != cell.value
            {
                bail!(
                    "{} returned {} at depth {depth} on {pos:?}; expected {w}",
                    row.label,
                    cell.value
                );
            }
            first.get_or_insert(cell.value);
            out[k].push(cell);
        }
    }
    Ok(out)
}

pub fn run(cfg: &Config) -> Result<Output> {
    let mut positions = othello::experiment_positions();
    let depths: u32 = if cfg.quick { 4 } else { 8 };
    // All 50 (5 with --quick); `--trees N` takes the first N.
    positions.truncate(cfg.trees.min(if cfg.quick { 5 } else { positions.len() }));
    let rows = rows();
    // One job per position.
    let progress = cfg.bar("Othello positions", positions.len() as u64);
    let per_position: Vec<Vec<Vec<Cell>>> = jobs::run(&positions, &progress, |p| {
        position_cells(cfg, &rows, p, depths)
    })?;
    progress.finish_and_clear();

    let n = positions.len() as f64;
    let d = depths as usize;
    // sums[row][depth-1]
    let sum = |f: &dyn Fn(&Cell) -> f64| -> Vec<Vec<f64>> {
        (0..rows.len())
            .map(|k| {
                (0..d)
                    .map(|t| per_position.iter().map(|p| f(&p[k][t])).sum::<f64>())
                    .collect()
            })
            .collect()
    };
    let leaves = sum(&|c| c.leaves as f64);
    let last = sum(&|c| c.last as f64);
    let interior = sum(&|c| c.interior as f64);
    let time = sum(&|c| c.time.as_secs_f64());

    let mut md = String::new();
    writeln!(
        md,
        "# Othello: enhanced alpha-beta against SSS* (Srivastava 2019, §IV)\n\n\
         {} positions (`crates/othello/data/positions.txt`: 20 seeded random plies from the \
         start), depths 1–{depths}. Enhanced searches (`+`): iterative deepening 1..d, a \
         16 MiB transposition table cleared before each search, table move first, history \
         heuristic; PVS+ with an aspiration window of ±{ASPIRATION} around the previous \
         iteration's value; MTD(f)+ from the previous iteration's value. Plain searches \
         through `Horizon` in generation order (ascending squares). OPEN of SSS*/RecSSS*/\
         MemSSS* sized for branching {BRANCHING}; MemSSS*(min) = 1 + {BRANCHING}·⌈d/2⌉. \
         Every value agrees with minimax (depths ≤ {MINIMAX_UP_TO}) or with plain alpha-beta.{}\n",
        positions.len(),
        times_link(cfg, NAME),
    )?;
    let depth_headers: Vec<String> = (1..=depths).map(|t| format!("d={t}")).collect();
    let mut headers: Vec<&str> = vec!["algorithm"];
    headers.extend(depth_headers.iter().map(String::as_str));

    let mean_rows = |m: &[Vec<f64>]| -> Vec<Vec<String>> {
        rows.iter()
            .enumerate()
            .map(|(k, r)| {
                let mut v = vec![r.label.clone()];
                v.extend(m[k].iter().map(|x| num(x / n, 0)));
                v
            })
            .collect()
    };
    writeln!(
        md,
        "## Leaves per position (mean; enhanced: all iterations)\n\n{}",
        md_table(&headers, &mean_rows(&leaves))
    )?;
    let enhanced: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r.searcher, Searcher::Enhanced(..)))
        .map(|(k, _)| k)
        .collect();
    let last_rows: Vec<Vec<String>> = enhanced
        .iter()
        .map(|&k| {
            let mut v = vec![rows[k].label.clone()];
            v.extend(last[k].iter().map(|x| num(x / n, 0)));
            v
        })
        .collect();
    writeln!(
        md,
        "## Leaves of the last iteration only (mean)\n\n{}",
        md_table(&headers, &last_rows)
    )?;
    let ratio_rows: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let mut v = vec![r.label.clone()];
            v.extend((0..d).map(|t| num(leaves[k][t] / leaves[0][t], 2)));
            v
        })
        .collect();
    writeln!(
        md,
        "## Leaves relative to AB+\n\n{}",
        md_table(&headers, &ratio_rows)
    )?;
    writeln!(
        md,
        "## Interior nodes per position (mean)\n\n{}",
        md_table(&headers, &mean_rows(&interior))
    )?;
    // The paper's observations, computed.
    let find = |label: &str| {
        rows.iter()
            .position(|r| r.label.starts_with(label))
            .unwrap()
    };
    let (ab, pvs, mtdf, mtsss) = (find("AB+"), find("PVS+"), find("MTD(f)+"), find("MT-SSS*+"));
    writeln!(md, "## The claims, measured\n")?;
    let sss_vs_ab: Vec<String> = (0..d)
        .map(|t| format!("d={}: {}", t + 1, num(leaves[mtsss][t] / leaves[ab][t], 2)))
        .collect();
    writeln!(
        md,
        "* Srivastava 2019: enhanced SSS* and enhanced alpha-beta examine about as many leaves. \
         MT-SSS*+ / AB+ leaves: {}.",
        sss_vs_ab.join(", ")
    )?;
    let mtdf_vs_pvs: Vec<String> = (0..d)
        .map(|t| {
            let pct = 100.0 * (1.0 - leaves[mtdf][t] / leaves[pvs][t]);
            format!("d={}: {}%", t + 1, num(pct, 1))
        })
        .collect();
    writeln!(
        md,
        "* Plaat et al.: MTD(f) needs 5–10% fewer leaves than aspiration NegaScout. \
         Leaves MTD(f)+ saves over PVS+ (negative = more): {}.",
        mtdf_vs_pvs.join(", ")
    )?;
    let growth: Vec<String> = (1..d)
        .map(|t| {
            format!(
                "{}→{}: ×{}",
                t,
                t + 1,
                num(last[ab][t] / last[ab][t - 1], 2)
            )
        })
        .collect();
    writeln!(
        md,
        "* Srivastava 2019 (after Schaeffer): an extra ply to an odd depth costs more than one to an \
         even depth. Growth of AB+'s last-iteration leaves: {}.",
        growth.join(", ")
    )?;
    writeln!(
        md,
        "\nThe plot `othello-leaves.svg` shows the mean leaves per depth (log scale) as \
         Srivastava 2019, Fig. 6 does for enhanced alpha-beta and SSS*."
    )?;

    let mut csv_rows = Vec::new();
    for (k, r) in rows.iter().enumerate() {
        for t in 0..d {
            csv_rows.push(vec![
                r.label.clone(),
                (t + 1).to_string(),
                num(leaves[k][t] / n, 1).replace(',', ""),
                num(last[k][t] / n, 1).replace(',', ""),
                num(interior[k][t] / n, 1).replace(',', ""),
            ]);
        }
    }
    let csv_text = csv(
        &[
            "algorithm",
            "depth",
            "mean_leaves",
            "mean_last_iteration_leaves",
            "mean_interior",
        ],
        &csv_rows,
    );
    let plot_rows: Vec<usize> = [
        ab,
        pvs,
        mtdf,
        mtsss,
        find("AB (plain)"),
        find("SSS* (plain)"),
    ]
    .to_vec();
    let series: Vec<(String, Vec<f64>)> = plot_rows
        .iter()
        .map(|&k| {
            (
                rows[k].label.clone(),
                leaves[k].iter().map(|x| x / n).collect(),
            )
        })
        .collect();
    let svg = plot(&series, depths)?;
    let counts = Doc::new(NAME, md, csv_text).with_plot(cfg, "othello-leaves.svg", svg);
    let times = if cfg.timed() {
        Some(times_doc(&rows, &time, positions.len())?)
    } else {
        None
    };
    Ok(Output { counts, times })
}

/// Total time per row and depth relative to AB+'s (`time[row][depth - 1]`).
fn times_doc(rows: &[Row], time: &[Vec<f64>], positions: usize) -> Result<Doc> {
    let depths = time[0].len();
    let depth_headers: Vec<String> = (1..=depths).map(|t| format!("d={t}")).collect();
    let mut headers: Vec<&str> = vec!["algorithm"];
    headers.extend(depth_headers.iter().map(String::as_str));
    let ratio = |k: usize, t: usize| time[k][t] / time[0][t];
    let table: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let mut v = vec![r.label.clone()];
            v.extend((0..depths).map(|t| num(ratio(k, t), 2)));
            v
        })
        .collect();
    let mut md = String::new();
    writeln!(
        md,
        "# Othello: times\n\n{}\n\nTotal time over the {positions} positions relative to \
         AB+'s at the same depth, same run. Counts: [{NAME}.md]({NAME}.md).\n\n\
         ## Time relative to AB+ (same run)\n\n{}",
        times_intro(&format!("{positions} positions")),
        md_table(&headers, &table)
    )?;
    let csv_rows: Vec<Vec<String>> = rows
        .iter()
        .enumerate()
        .flat_map(|(k, r)| {
            (0..depths).map(move |t| {
                vec![
                    r.label.clone(),
                    (t + 1).to_string(),
                    format!("{:.3}", ratio(k, t)),
                    format!("{:.3}", time[k][t]),
                ]
            })
        })
        .collect();
    Ok(Doc::new(
        format!("{NAME}-time"),
        md,
        csv(
            &["algorithm", "depth", "time_vs_ab_enhanced", "seconds"],
            &csv_rows,
        ),
    ))
}

/// Mean leaves against depth, log scale, one line per searcher.
fn plot(series: &[(String, Vec<f64>)], depths: u32) -> Result<String> {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 440)).into_drawing_area();
        root.fill(&WHITE)?;
        let ymax = series
            .iter()
            .flat_map(|s| s.1.iter().copied())
            .fold(1.0, f64::max)
            * 2.0;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Othello, 50 positions: mean leaves per search by depth",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d(0.5f64..depths as f64 + 0.5, (1.0f64..ymax).log_scale())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(depths as usize)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .x_desc("search depth (plies)")
            .y_desc("mean leaves (log scale)")
            .draw()?;
        let colours = [BLUE, RED, GREEN, MAGENTA, BLACK, CYAN];
        for (i, (label, ys)) in series.iter().enumerate() {
            let c = colours[i % colours.len()];
            let pts: Vec<(f64, f64)> = ys
                .iter()
                .enumerate()
                .map(|(t, &y)| ((t + 1) as f64, y.max(1.0)))
                .collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), &c))?
                .label(label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
            chart.draw_series(pts.iter().map(|p| Circle::new(*p, 3, c.filled())))?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

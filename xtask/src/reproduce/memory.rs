//! Bhattacharya & Bagchi (AAAI-96, `000_*`), Tables 1 and 2: Alpha-Beta,
//! MemSSS* at the paper's budgets, MGame and IterSSS*, with the paper's
//! claims checked and plots of terminal count and time against M.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Result;
use search_bestfirst::{Algorithm as B, Options};
use search_depthfirst::Algorithm;
use serde::Deserialize;
use tree_core::{GenSpec, Generator};

use super::measure::{self, BestFirst, Oracle, Runner, TreeResult};
use super::render::{csv, md_table, num};
use super::{Config, Doc};

#[derive(Debug, Deserialize)]
struct T1Row {
    b: usize,
    d: usize,
    algorithm: String,
    memory_or_searchd: Option<usize>,
    random_count: f64,
    random_time: f64,
    strong_count: f64,
    strong_time: f64,
}

#[derive(Debug, Deserialize)]
struct T2Row {
    b: usize,
    d: usize,
    algorithm: String,
    memory: Option<usize>,
    count: f64,
    time: f64,
}

/// One published number: (count, seconds).
type Cell = (f64, f64);

/// A row of one of our tables: an algorithm at one budget.
struct Row {
    algorithm: &'static str,
    /// M for MemSSS*/IterSSS*, searchd for MGame.
    param: Option<usize>,
    runner: std::sync::Arc<dyn Runner + Send + Sync>,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn row(algorithm: &'static str, param: Option<usize>, a: B, opts: Options) -> Row {
    let label = match param {
        Some(p) => leak(format!("{algorithm} {p}")),
        None => algorithm,
    };
    Row {
        algorithm,
        param,
        runner: std::sync::Arc::new(BestFirst(label, a, opts)),
    }
}

fn alphabeta() -> Row {
    Row {
        algorithm: "Alpha-Beta",
        param: None,
        runner: std::sync::Arc::new(("Alpha-Beta", Algorithm::AlphaBeta)),
    }
}

/// The memory column of a (b, d) block of a published table.
fn budgets<'a>(rows: impl Iterator<Item = (&'a str, Option<usize>)>) -> Vec<usize> {
    rows.filter(|(a, _)| *a == "MemSSS*")
        .filter_map(|(_, m)| m)
        .collect()
}

struct Measured {
    b: usize,
    d: usize,
    ordering: &'static str,
    rows: Vec<Row>,
    results: Vec<TreeResult>,
}

impl Measured {
    fn mean(&self, k: usize) -> f64 {
        measure::leaves(&self.results, k).mean
    }
    fn time(&self, k: usize) -> f64 {
        measure::total_time(&self.results, k).as_secs_f64()
    }
    fn find(&self, algorithm: &str, param: Option<usize>) -> Option<usize> {
        self.rows
            .iter()
            .position(|r| r.algorithm == algorithm && r.param == param)
    }
}

fn run_cell(
    cfg: &Config,
    g: Generator,
    (b, d): (usize, usize),
    seed: u64,
    ordering: &'static str,
    rows: Vec<Row>,
    bar: &indicatif::ProgressBar,
) -> Result<Measured> {
    let spec = GenSpec::new(g, b, d, seed, 0);
    let runners: Vec<&dyn Runner> = rows
        .iter()
        .map(|r| r.runner.as_ref() as &dyn Runner)
        .collect();
    // Leaf sets (for "never examines a leaf AB prunes") on a subset of trees:
    // they cost a Dewey code per generated node.
    let checked = cfg.trees.min(if cfg.quick { cfg.trees } else { 10 });
    let labels: Vec<&str> = runners.iter().map(|r| r.label()).collect();
    let mut results =
        measure::run_trees(spec, checked, &runners, Oracle::FirstRunner, &labels, bar)?;
    if cfg.trees > checked {
        let rest_spec = GenSpec { index: 0, ..spec };
        let rest = measure::run_trees_from(
            rest_spec,
            checked..cfg.trees,
            &runners,
            Oracle::FirstRunner,
            &[],
            bar,
        )?;
        results.extend(rest);
    }
    Ok(Measured {
        b,
        d,
        ordering,
        rows,
        results,
    })
}

pub fn run(cfg: &Config) -> Result<Doc> {
    let mut md = String::new();
    let mut csv_rows = Vec::new();
    let mut extra = Vec::new();
    table1(cfg, &mut md, &mut csv_rows, &mut extra)?;
    table2(cfg, &mut md, &mut csv_rows)?;
    let csv = csv(
        &[
            "table",
            "b",
            "d",
            "ordering",
            "algorithm",
            "param",
            "paper_count",
            "count",
            "stderr",
            "time_ratio_to_ab",
        ],
        &csv_rows,
    );
    Ok(Doc {
        name: "bhattacharya-bagchi96".into(),
        markdown: md,
        csv: Some(csv),
        extra,
    })
}

fn table1(
    cfg: &Config,
    md: &mut String,
    csv_rows: &mut Vec<Vec<String>>,
    extra: &mut Vec<(String, String)>,
) -> Result<()> {
    let text = include_str!("../../data/published/bb96_table1.csv");
    let paper: Vec<T1Row> = csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()?;
    let shapes: Vec<(usize, usize)> = if cfg.quick {
        vec![(10, 7)]
    } else {
        vec![(5, 10), (6, 9), (9, 8), (10, 7)]
    };
    let mut published: HashMap<(usize, usize, String, Option<usize>, &str), Cell> = HashMap::new();
    for r in &paper {
        published.insert(
            (r.b, r.d, r.algorithm.clone(), r.memory_or_searchd, "random"),
            (r.random_count, r.random_time),
        );
        published.insert(
            (r.b, r.d, r.algorithm.clone(), r.memory_or_searchd, "strong"),
            (r.strong_count, r.strong_time),
        );
    }
    let bar = cfg.bar(
        "Bhattacharya & Bagchi Table 1",
        (shapes.len() * 2 * cfg.trees) as u64,
    );
    let mut measured = Vec::new();
    for &(b, d) in &shapes {
        let ms = budgets(
            paper
                .iter()
                .filter(|r| r.b == b && r.d == d)
                .map(|r| (r.algorithm.as_str(), r.memory_or_searchd)),
        );
        for (ordering, g) in [
            ("random", Generator::TOPDOWN_RANDOM),
            ("strong", Generator::STRONG),
        ] {
            let mut rows = vec![alphabeta()];
            for &m in &ms {
                rows.push(row(
                    "MemSSS*",
                    Some(m),
                    B::MemSss,
                    Options {
                        memory: Some(m),
                        ..Options::default()
                    },
                ));
            }
            rows.push(row(
                "MGame",
                Some(2),
                B::MGame,
                Options {
                    searchd: 2,
                    ..Options::default()
                },
            ));
            let searchd = d + d % 2; // even, >= d: one local search, RecSSS*
            rows.push(row(
                "MGame",
                Some(searchd),
                B::MGame,
                Options {
                    searchd,
                    ..Options::default()
                },
            ));
            // MemDual* at its maximum (= RecDual*): the paper's conjecture (§4 ii).
            rows.push(row("MemDual*", None, B::MemDual, Options::default()));
            measured.push(run_cell(
                cfg,
                g,
                (b, d),
                1996_0000 + (b * 100 + d) as u64,
                ordering,
                rows,
                &bar,
            )?);
        }
    }
    bar.finish_and_clear();

    writeln!(
        md,
        "# Bhattacharya & Bagchi (AAAI-96): MemSSS* under a fixed budget\n"
    )
    .unwrap();
    writeln!(
        md,
        "Generated by `cargo xtask reproduce`{}. {} trees per cell (the paper: 100); every algorithm \
         searches the same trees and every value is checked against Alpha-Beta's. Counts are mean \
         terminals examined (± our standard error); *time/AB* is total time relative to Alpha-Beta \
         on the same trees in the same run (the paper's from its seconds: the OCR'd columns are \
         random count, random time, strong count, strong time, SPEC §9). MemSSS* runs with the \
         paper's budgets M, with the odd-depth variant (terminals kept out of OPEN) on odd d as in \
         the paper; MGame runs at searchd = 2 (= QuickGame) and at the \
         least even searchd ≥ d (= RecSSS*; the paper prints no numbers for it).\n",
        if cfg.quick { " --quick" } else { "" },
        cfg.trees
    )
    .unwrap();
    writeln!(
        md,
        "## Table 1: top-down trees (random: uniform best child; strong: Marsland et al. 1987)\n"
    )
    .unwrap();
    for m in &measured {
        let headers: Vec<&str> = if cfg.quick {
            vec![
                "algorithm",
                "M / searchd",
                "paper count",
                "our count",
                "ratio",
            ]
        } else {
            vec![
                "algorithm",
                "M / searchd",
                "paper count",
                "our count",
                "ratio",
                "paper time/AB",
                "our time/AB",
            ]
        };
        writeln!(md, "### ({},{}) {}\n", m.b, m.d, m.ordering).unwrap();
        let ab_paper = published
            .get(&(m.b, m.d, "Alpha-Beta".to_string(), None, m.ordering))
            .copied();
        let mut rows = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = published
                .get(&(m.b, m.d, r.algorithm.to_string(), r.param, m.ordering))
                .copied();
            let s = measure::leaves(&m.results, k);
            let mut line = vec![
                r.algorithm.to_string(),
                r.param.map_or("–".into(), |p| p.to_string()),
                p.map_or("–".into(), |p| num(p.0, 0)),
                format!("{} ± {}", num(s.mean, 0), num(s.stderr, 0)),
                p.map_or("–".into(), |p| format!("{:.3}", s.mean / p.0)),
            ];
            let ratio = m.time(k) / m.time(0);
            if !cfg.quick {
                line.push(match (p, ab_paper) {
                    (Some(p), Some(a)) if a.1 > 0.0 => format!("{:.2}", p.1 / a.1),
                    _ => "–".into(),
                });
                line.push(format!("{ratio:.2}"));
            }
            rows.push(line);
            csv_rows.push(vec![
                "1".into(),
                m.b.to_string(),
                m.d.to_string(),
                m.ordering.into(),
                r.algorithm.into(),
                r.param.map_or(String::new(), |p| p.to_string()),
                p.map_or(String::new(), |p| p.0.to_string()),
                format!("{:.2}", s.mean),
                format!("{:.2}", s.stderr),
                if cfg.quick {
                    String::new()
                } else {
                    format!("{ratio:.3}")
                },
            ]);
        }
        md.push_str(&md_table(&headers, &rows));
        md.push('\n');
    }
    claims1(md, &measured, cfg);
    if !cfg.quick {
        for m in &measured {
            let name = format!("bb96-{}x{}-{}.svg", m.b, m.d, m.ordering);
            extra.push((name.clone(), plot(m)?));
            let time_name = format!("bb96-{}x{}-{}-time.svg", m.b, m.d, m.ordering);
            extra.push((time_name.clone(), plot_time(m)?));
            writeln!(
                md,
                "![({},{}) {}: terminals]({name}) ![({},{}) {}: time]({time_name})\n",
                m.b, m.d, m.ordering, m.b, m.d, m.ordering
            )
            .unwrap();
        }
    }
    Ok(())
}

fn claims1(md: &mut String, measured: &[Measured], cfg: &Config) {
    writeln!(md, "### The paper's claims, on our runs\n").unwrap();
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mems = |m: &Measured| -> Vec<usize> {
        m.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.algorithm == "MemSSS*")
            .map(|(k, _)| k)
            .collect()
    };
    // 1. Never a leaf AB prunes (on the trees whose leaf sets were recorded).
    let mut trees = 0;
    let mut held = 0;
    for m in measured {
        let with_sets = m
            .results
            .iter()
            .take_while(|t| t.runs[0].leaf_set.is_some())
            .count();
        let sub = &m.results[..with_sets];
        for k in mems(m) {
            trees += with_sets;
            held += measure::dominations(sub, k, 0);
        }
    }
    rows.push(vec![
        "MemSSS* never examines a terminal Alpha-Beta prunes (every M)".into(),
        format!("{held} of {trees} (tree, M) runs"),
        if held == trees { "holds" } else { "fails" }.into(),
    ]);
    // 2. Leaf count falls with M.
    let falling: Vec<String> = measured
        .iter()
        .filter(|m| mems(m).windows(2).any(|w| m.mean(w[1]) > m.mean(w[0])))
        .map(|m| format!("({},{}) {}", m.b, m.d, m.ordering))
        .collect();
    rows.push(vec![
        "MemSSS*'s mean terminal count falls as M grows".into(),
        format!(
            "{} of {} cells",
            measured.len() - falling.len(),
            measured.len()
        ),
        if falling.is_empty() {
            "holds".into()
        } else {
            format!("fails in {}", falling.join(", "))
        },
    ]);
    // 3. Full memory, random trees: about a third of AB's leaves, about twice as fast.
    for m in measured.iter().filter(|m| m.ordering == "random") {
        let full = *mems(m).last().expect("six budgets");
        let leaves = m.mean(full) / m.mean(0);
        let speed = m.time(0) / m.time(full);
        rows.push(vec![
            format!(
                "({},{}) random, full memory: about 1/3 of AB's terminals{}",
                m.b,
                m.d,
                if cfg.quick { "" } else { ", about 2x as fast" }
            ),
            if cfg.quick {
                format!("{leaves:.2} of AB's terminals")
            } else {
                format!("{leaves:.2} of AB's terminals, {speed:.2}x AB's speed")
            },
            if leaves < 0.45 && (cfg.quick || speed > 1.5) {
                "holds"
            } else {
                "fails"
            }
            .into(),
        ]);
    }
    // 4. (6,9) strong, M = 296: beats AB in terminals and time.
    if let Some(m) = measured
        .iter()
        .find(|m| (m.b, m.d, m.ordering) == (6, 9, "strong"))
    {
        if let Some(k) = m.find("MemSSS*", Some(296)) {
            let (l, t) = (m.mean(k) / m.mean(0), m.time(k) / m.time(0));
            rows.push(vec![
                "(6,9) strong, M = 296: MemSSS* beats Alpha-Beta in terminals and time".into(),
                format!("terminals {l:.3} of AB's, time {t:.2} of AB's"),
                if l < 1.0 && t < 1.0 { "holds" } else { "fails" }.into(),
            ]);
        }
    }
    // The conjecture: MemDual* beats Alpha-Beta on strong trees of even depth.
    for m in measured
        .iter()
        .filter(|m| m.ordering == "strong" && m.d % 2 == 0)
    {
        if let Some(k) = m.find("MemDual*", None) {
            let (l, t) = (m.mean(k) / m.mean(0), m.time(k) / m.time(0));
            rows.push(vec![
                format!(
                    "({},{}) strong: MemDual* (full memory) beats Alpha-Beta (conjecture, §4)",
                    m.b, m.d
                ),
                if cfg.quick {
                    format!("terminals {l:.3} of AB's")
                } else {
                    format!("terminals {l:.3} of AB's, time {t:.2} of AB's")
                },
                if l < 1.0 && (cfg.quick || t < 1.0) {
                    "holds"
                } else {
                    "fails"
                }
                .into(),
            ]);
        }
    }
    // 5. Random trees: QuickGame beats MemSSS* at minimum M.
    for m in measured.iter().filter(|m| m.ordering == "random") {
        let min = mems(m)[0];
        let q = m.find("MGame", Some(2)).expect("QuickGame row");
        rows.push(vec![
            format!(
                "({},{}) random: QuickGame examines fewer terminals than MemSSS* at minimum M",
                m.b, m.d
            ),
            format!("{} against {}", num(m.mean(q), 0), num(m.mean(min), 0)),
            if m.mean(q) < m.mean(min) {
                "holds"
            } else {
                "fails"
            }
            .into(),
        ]);
    }
    md.push_str(&md_table(&["claim", "numbers", "verdict"], &rows));
    md.push('\n');
}

fn table2(cfg: &Config, md: &mut String, csv_rows: &mut Vec<Vec<String>>) -> Result<()> {
    let text = include_str!("../../data/published/bb96_table2.csv");
    let paper: Vec<T2Row> = csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .collect::<Result<_, _>>()?;
    let shapes: Vec<(usize, usize)> = if cfg.quick {
        vec![(4, 10)]
    } else {
        vec![(4, 10), (6, 8)]
    };
    let bar = cfg.bar(
        "Bhattacharya & Bagchi Table 2",
        (shapes.len() * cfg.trees) as u64,
    );
    writeln!(
        md,
        "## Table 2: MemSSS* and IterSSS* on trees of i.i.d. leaves\n\nIterSSS* runs at the same M \
         as MemSSS* (the paper shares the column). Leaf values uniform in \
         0..=10^9 (the paper: `random()` seeded from (Dewey code, run number)), so ties are rare.\n"
    )
    .unwrap();
    for (b, d) in shapes {
        let ms = budgets(
            paper
                .iter()
                .filter(|r| r.b == b && r.d == d)
                .map(|r| (r.algorithm.as_str(), r.memory)),
        );
        let mut rows = vec![alphabeta()];
        for &m in &ms {
            rows.push(row(
                "MemSSS*",
                Some(m),
                B::MemSss,
                Options {
                    memory: Some(m),
                    ..Options::default()
                },
            ));
        }
        for &m in &ms {
            rows.push(row(
                "IterSSS*",
                Some(m),
                B::IterSss,
                Options {
                    memory: Some(m),
                    ..Options::default()
                },
            ));
        }
        let g = Generator::Random {
            lo: 0,
            hi: 1_000_000_000,
        };
        let m = run_cell(
            cfg,
            g,
            (b, d),
            1996_1000 + (b * 100 + d) as u64,
            "random",
            rows,
            &bar,
        )?;
        writeln!(md, "### ({b},{d})\n").unwrap();
        let ab_paper = paper
            .iter()
            .find(|r| r.b == b && r.d == d && r.algorithm == "Alpha-Beta");
        let mut table = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = paper.iter().find(|p| {
                p.b == b && p.d == d && p.algorithm == r.algorithm && p.memory == r.param
            });
            let s = measure::leaves(&m.results, k);
            let ratio = m.time(k) / m.time(0);
            let mut line = vec![
                r.algorithm.to_string(),
                r.param.map_or("–".into(), |p| p.to_string()),
                p.map_or("–".into(), |p| num(p.count, 0)),
                format!("{} ± {}", num(s.mean, 0), num(s.stderr, 0)),
                p.map_or("–".into(), |p| format!("{:.3}", s.mean / p.count)),
            ];
            if !cfg.quick {
                line.push(match (p, ab_paper) {
                    (Some(p), Some(a)) => format!("{:.2}", p.time / a.time),
                    _ => "–".into(),
                });
                line.push(format!("{ratio:.2}"));
            }
            table.push(line);
            csv_rows.push(vec![
                "2".into(),
                b.to_string(),
                d.to_string(),
                "random".into(),
                r.algorithm.into(),
                r.param.map_or(String::new(), |p| p.to_string()),
                p.map_or(String::new(), |p| p.count.to_string()),
                format!("{:.2}", s.mean),
                format!("{:.2}", s.stderr),
                if cfg.quick {
                    String::new()
                } else {
                    format!("{ratio:.3}")
                },
            ]);
        }
        let headers: Vec<&str> = if cfg.quick {
            vec!["algorithm", "M", "paper count", "our count", "ratio"]
        } else {
            vec![
                "algorithm",
                "M",
                "paper count",
                "our count",
                "ratio",
                "paper time/AB",
                "our time/AB",
            ]
        };
        md.push_str(&md_table(&headers, &table));
        md.push('\n');
        // The paper's claims about the two.
        let (first, last) = (ms[0], ms[ms.len() - 1]);
        let mem = |x| m.find("MemSSS*", Some(x)).expect("row");
        let iter = |x| m.find("IterSSS*", Some(x)).expect("row");
        let fewer = ms
            .iter()
            .filter(|&&x| m.mean(iter(x)) <= m.mean(mem(x)))
            .count();
        let mut claims = vec![vec![
            "for the same M, IterSSS* typically examines fewer terminals than MemSSS*".to_string(),
            format!("at {fewer} of {} budgets", ms.len()),
            if 2 * fewer > ms.len() {
                "holds"
            } else {
                "fails"
            }
            .to_string(),
        ]];
        let dominated: usize = ms
            .iter()
            .map(|&x| {
                let with_sets = m
                    .results
                    .iter()
                    .take_while(|t| t.runs[0].leaf_set.is_some())
                    .count();
                measure::dominations(&m.results[..with_sets], iter(x), 0)
            })
            .sum();
        let with_sets = m
            .results
            .iter()
            .take_while(|t| t.runs[0].leaf_set.is_some())
            .count();
        claims.push(vec![
            "IterSSS* never examines a terminal Alpha-Beta prunes".into(),
            format!("{dominated} of {} (tree, M) runs", with_sets * ms.len()),
            if dominated == with_sets * ms.len() {
                "holds"
            } else {
                "fails"
            }
            .into(),
        ]);
        if !cfg.quick {
            let speed = m.time(iter(last)) / m.time(mem(last));
            let at_min = m.time(iter(first)) / m.time(mem(first));
            claims.push(vec![
                format!("at maximum M ({last}) MemSSS* is 2.5-3 times as fast as IterSSS*"),
                format!("{speed:.2} times (at minimum M: {at_min:.2})"),
                if (2.0..=3.5).contains(&speed) {
                    "holds"
                } else {
                    "fails"
                }
                .into(),
            ]);
        }
        md.push_str(&md_table(&["claim", "numbers", "verdict"], &claims));
        md.push('\n');
    }
    bar.finish_and_clear();
    Ok(())
}

/// MemSSS*'s (budget, row) pairs of a cell, in budget order.
fn budget_rows(m: &Measured) -> Vec<(f64, usize)> {
    m.rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.algorithm == "MemSSS*")
        .map(|(k, r)| (r.param.expect("budget") as f64, k))
        .collect()
}

/// Terminals examined against M (log scale), each point labelled with its
/// time relative to Alpha-Beta's.
fn plot(m: &Measured) -> Result<String> {
    let rows = budget_rows(m);
    let points: Vec<(f64, f64)> = rows.iter().map(|&(x, k)| (x, m.mean(k))).collect();
    let labels: Vec<String> = rows
        .iter()
        .map(|&(_, k)| format!("{:.2}x", m.time(k) / m.time(0)))
        .collect();
    chart_against_m(
        &format!(
            "MemSSS* on ({},{}) {} trees: terminals against M",
            m.b, m.d, m.ordering
        ),
        "mean terminals examined",
        &points,
        m.mean(0),
        Some((&labels, "labels: time / Alpha-Beta's")),
    )
}

/// MemSSS*'s time relative to Alpha-Beta's (same trees, same run) against M.
fn plot_time(m: &Measured) -> Result<String> {
    let points: Vec<(f64, f64)> = budget_rows(m)
        .iter()
        .map(|&(x, k)| (x, m.time(k) / m.time(0)))
        .collect();
    chart_against_m(
        &format!(
            "MemSSS* on ({},{}) {} trees: time against M",
            m.b, m.d, m.ordering
        ),
        "time / Alpha-Beta's time",
        &points,
        1.0,
        None,
    )
}

/// A line of `points` against M on a log axis, with Alpha-Beta's level as a
/// horizontal reference line and optional text labels on the points.
fn chart_against_m(
    caption: &str,
    y_desc: &str,
    points: &[(f64, f64)],
    alpha_beta: f64,
    labels: Option<(&[String], &str)>,
) -> Result<String> {
    use plotters::prelude::*;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 420)).into_drawing_area();
        root.fill(&WHITE)?;
        let (x0, x1) = (points[0].0 * 0.8, points[points.len() - 1].0 * 1.25);
        let ymax = points.iter().map(|p| p.1).fold(alpha_beta, f64::max) * 1.15;
        let mut chart = ChartBuilder::on(&root)
            .caption(caption, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(70)
            .build_cartesian_2d((x0..x1).log_scale(), 0.0..ymax)?;
        let precise = ymax < 10.0;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(8)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| {
                if precise {
                    format!("{y:.1}")
                } else {
                    format!("{y:.0}")
                }
            })
            .x_desc("M (OPEN entries, log scale)")
            .y_desc(y_desc)
            .draw()?;
        chart
            .draw_series(LineSeries::new(points.iter().copied(), &BLUE))?
            .label("MemSSS*")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], BLUE));
        chart.draw_series(points.iter().map(|p| Circle::new(*p, 3, BLUE.filled())))?;
        chart
            .draw_series(LineSeries::new([(x0, alpha_beta), (x1, alpha_beta)], &RED))?
            .label("Alpha-Beta")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
        if let Some((texts, legend)) = labels {
            chart
                .draw_series(points.iter().zip(texts).map(|(p, t)| {
                    Text::new(
                        t.clone(),
                        (p.0, p.1 + ymax * 0.03),
                        ("sans-serif", 11).into_font(),
                    )
                }))?
                .label(legend)
                .legend(|(x, y)| PathElement::new(vec![(x, y)], BLACK));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::LowerLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()?;
        root.present()?;
    }
    Ok(svg)
}

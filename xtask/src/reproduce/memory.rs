//! Bhattacharya & Bagchi 1996, Tables 1 and 2: Alpha-Beta,
//! MemSSS* at the paper's budgets, MGame and IterSSS*, with the paper's
//! claims checked and plots of terminal count and time against M.

use std::collections::HashMap;
use std::fmt::Write as _;

use anyhow::Result;
use gametree::{Algorithm, Config as Settings};
use serde::Deserialize;
use tree_core::{GenSpec, Generator};

use super::config::Config;
use super::doc::{Doc, Output};
use super::measure::{self, Batch, Oracle, Runner, TreeResult};
use super::render::{LogXChart, csv, md_table, num, times_intro, times_link};
use super::time_claim::TimeClaim;

const NAME: &str = "bhattacharya-bagchi96";

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
    runner: Runner,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn row(algorithm: &'static str, param: Option<usize>, a: Algorithm, settings: Settings) -> Row {
    let label = match param {
        Some(p) => leak(format!("{algorithm} {p}")),
        None => algorithm,
    };
    Row {
        algorithm,
        param,
        runner: Runner::with(label, a, settings),
    }
}

fn alphabeta() -> Row {
    Row {
        algorithm: "Alpha-Beta",
        param: None,
        runner: Runner::new("Alpha-Beta", Algorithm::AlphaBeta),
    }
}

/// The memory column of a (b, d) block of a published table.
fn budgets<'a>(rows: impl Iterator<Item = (&'a str, Option<usize>)>) -> Vec<usize> {
    rows.filter(|(a, _)| *a == "MemSSS*")
        .filter_map(|(_, m)| m)
        .collect()
}

struct Measured {
    table: u8,
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

/// A cell to measure: `rows` on trees of `generator` (b, d) seeded `seed`.
struct Plan {
    table: u8,
    b: usize,
    d: usize,
    generator: Generator,
    seed: u64,
    ordering: &'static str,
    rows: Vec<Row>,
}

impl Plan {
    /// Rows whose leaf sets are compared with Alpha-Beta's (row 0): MemSSS*
    /// in Table 1, IterSSS* in Table 2.
    fn compared(&self) -> Vec<(usize, usize)> {
        let alg = if self.table == 1 {
            "MemSSS*"
        } else {
            "IterSSS*"
        };
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, r)| r.algorithm == alg)
            .map(|(k, _)| (k, 0))
            .collect()
    }
}

/// Every cell of both tables in one list of jobs, so the two cores stay
/// busy to the end; the results in plan order.
fn measure_all(cfg: &Config, plans: Vec<Plan>) -> Result<Vec<Measured>> {
    // Leaf sets (for "never examines a leaf AB prunes") on the first 10 trees
    // of each cell (all with --quick), as the committed tables have it.
    measure_checked(cfg, plans, if cfg.quick { cfg.trees } else { 10 })
}

/// [`measure_all`] with the leaf sets compared on the first `checked`
/// trees of each cell.
fn measure_checked(cfg: &Config, plans: Vec<Plan>, checked: usize) -> Result<Vec<Measured>> {
    let batches: Vec<Batch<'_>> = plans
        .iter()
        .map(|p| {
            let spec = GenSpec::new(p.generator, p.b, p.d, p.seed, 0);
            let runners: Vec<&Runner> = p.rows.iter().map(|r| &r.runner).collect();
            Batch::new(spec, cfg.trees, runners, Oracle::FirstRunner)
                .with_subsets(p.compared(), checked)
        })
        .collect();
    let results = measure::run_batches(cfg, "Bhattacharya & Bagchi 1996", &batches)?;
    drop(batches);
    Ok(plans
        .into_iter()
        .zip(results)
        .map(|(p, results)| Measured {
            table: p.table,
            b: p.b,
            d: p.d,
            ordering: p.ordering,
            rows: p.rows,
            results,
        })
        .collect())
}

pub fn run(cfg: &Config) -> Result<Output> {
    let t1: Vec<T1Row> =
        csv::Reader::from_reader(include_str!("../../data/published/bb96_table1.csv").as_bytes())
            .deserialize()
            .collect::<Result<_, _>>()?;
    let t2: Vec<T2Row> =
        csv::Reader::from_reader(include_str!("../../data/published/bb96_table2.csv").as_bytes())
            .deserialize()
            .collect::<Result<_, _>>()?;
    let mut plans = plans1(
        cfg,
        &t1,
        [
            ("random", Generator::TOPDOWN_RANDOM),
            ("strong", Generator::STRONG),
        ],
        true,
    );
    plans.extend(plans2(cfg, &t2));
    let measured = measure_all(cfg, plans)?;
    let (m1, m2): (Vec<Measured>, Vec<Measured>) = measured.into_iter().partition(|m| m.table == 1);
    let published = published1(&t1);

    let mut md = String::new();
    let mut csv_rows = Vec::new();
    let mut extra = Vec::new();
    table1(cfg, &published, &m1, &mut md, &mut csv_rows, &mut extra)?;
    table2(cfg, &t2, &m2, &mut md, &mut csv_rows);
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
        ],
        &csv_rows,
    );
    let counts = Doc {
        name: NAME.into(),
        markdown: md,
        csv: Some(csv),
        extra,
    };
    let times = if cfg.timed() {
        Some(times_doc(cfg, &published, &t2, &m1, &m2)?)
    } else {
        None
    };
    Ok(Output { counts, times })
}

/// Table 1's published cells: (b, d, algorithm, M or searchd, ordering) →
/// (count, seconds).
type Published1 = HashMap<(usize, usize, String, Option<usize>, &'static str), Cell>;

fn published1(paper: &[T1Row]) -> Published1 {
    let mut published = HashMap::new();
    for r in paper {
        published.insert(
            (r.b, r.d, r.algorithm.clone(), r.memory_or_searchd, "random"),
            (r.random_count, r.random_time),
        );
        published.insert(
            (r.b, r.d, r.algorithm.clone(), r.memory_or_searchd, "strong"),
            (r.strong_count, r.strong_time),
        );
    }
    published
}

/// One published cell of Table 1 under a reading of the generator.
#[derive(Debug, Clone)]
pub struct Table1Cell {
    pub b: usize,
    pub d: usize,
    pub ordering: &'static str,
    /// `Alpha-Beta`, `MemSSS*` or `MGame`.
    pub algorithm: &'static str,
    /// M for MemSSS*, searchd for MGame.
    pub param: Option<usize>,
    pub paper: f64,
    pub ours: measure::Summary,
}

/// The published cells of Table 1 (Alpha-Beta, MemSSS* at the paper's
/// budgets, QuickGame) on trees of `generators` (ordering name, generator),
/// on the shapes `keep` accepts, with the paper's seeds: the default
/// generators give the counts of [`run`].
pub fn table1_cells(
    cfg: &Config,
    generators: &[(&'static str, Generator)],
    keep: impl Fn(usize, usize) -> bool,
) -> Result<Vec<Table1Cell>> {
    let t1: Vec<T1Row> =
        csv::Reader::from_reader(include_str!("../../data/published/bb96_table1.csv").as_bytes())
            .deserialize()
            .collect::<Result<_, _>>()?;
    let published = published1(&t1);
    let plans: Vec<Plan> = generators
        .iter()
        .flat_map(|&g| plans1(cfg, &t1, [g], false))
        .filter(|p| keep(p.b, p.d))
        .collect();
    let mut cells = Vec::new();
    for m in measure_checked(cfg, plans, 0)? {
        for (k, r) in m.rows.iter().enumerate() {
            let key = (m.b, m.d, r.algorithm.to_string(), r.param, m.ordering);
            if let Some(&(paper, _)) = published.get(&key) {
                cells.push(Table1Cell {
                    b: m.b,
                    d: m.d,
                    ordering: m.ordering,
                    algorithm: r.algorithm,
                    param: r.param,
                    paper,
                    ours: measure::leaves(&m.results, k),
                });
            }
        }
    }
    Ok(cells)
}

/// Table 1's cells: Alpha-Beta, MemSSS* at the paper's budgets, MGame at
/// searchd 2 and (with `all`) d, and (with `all`) MemDual*, on the trees of
/// `generators` (ordering name, generator).
fn plans1<const N: usize>(
    cfg: &Config,
    paper: &[T1Row],
    generators: [(&'static str, Generator); N],
    all: bool,
) -> Vec<Plan> {
    let shapes: Vec<(usize, usize)> = if cfg.quick {
        vec![(10, 7)]
    } else {
        vec![(5, 10), (6, 9), (9, 8), (10, 7)]
    };
    let mut plans = Vec::new();
    for &(b, d) in &shapes {
        let ms = budgets(
            paper
                .iter()
                .filter(|r| r.b == b && r.d == d)
                .map(|r| (r.algorithm.as_str(), r.memory_or_searchd)),
        );
        for (ordering, g) in generators {
            let mut rows = vec![alphabeta()];
            for &m in &ms {
                rows.push(row(
                    "MemSSS*",
                    Some(m),
                    Algorithm::MemSss,
                    Settings::default().memory(m),
                ));
            }
            rows.push(row(
                "MGame",
                Some(2),
                Algorithm::MGame,
                Settings::default().searchd(2),
            ));
            if all {
                let searchd = d + d % 2; // even, >= d: one local search, RecSSS*
                rows.push(row(
                    "MGame",
                    Some(searchd),
                    Algorithm::MGame,
                    Settings::default().searchd(searchd),
                ));
                // MemDual* at its maximum (= RecDual*): the paper's conjecture (§4 ii).
                rows.push(row(
                    "MemDual*",
                    None,
                    Algorithm::MemDual,
                    Settings::default(),
                ));
            }
            plans.push(Plan {
                table: 1,
                b,
                d,
                generator: g,
                seed: 1996_0000 + (b * 100 + d) as u64,
                ordering,
                rows,
            });
        }
    }
    plans
}

/// Table 2's cells: Alpha-Beta, MemSSS* and IterSSS* at the paper's
/// budgets on trees of i.i.d. leaves.
fn plans2(cfg: &Config, paper: &[T2Row]) -> Vec<Plan> {
    let shapes: Vec<(usize, usize)> = if cfg.quick {
        vec![(4, 10)]
    } else {
        vec![(4, 10), (6, 8)]
    };
    let mut plans = Vec::new();
    for (b, d) in shapes {
        let ms = budgets(
            paper
                .iter()
                .filter(|r| r.b == b && r.d == d)
                .map(|r| (r.algorithm.as_str(), r.memory)),
        );
        let mut rows = vec![alphabeta()];
        for (name, alg) in [
            ("MemSSS*", Algorithm::MemSss),
            ("IterSSS*", Algorithm::IterSss),
        ] {
            for &m in &ms {
                rows.push(row(name, Some(m), alg, Settings::default().memory(m)));
            }
        }
        plans.push(Plan {
            table: 2,
            b,
            d,
            generator: Generator::Random {
                lo: 0,
                hi: 1_000_000_000,
            },
            seed: 1996_1000 + (b * 100 + d) as u64,
            ordering: "random",
            rows,
        });
    }
    plans
}

fn table1(
    cfg: &Config,
    published: &Published1,
    measured: &[Measured],
    md: &mut String,
    csv_rows: &mut Vec<Vec<String>>,
    extra: &mut Vec<(String, String)>,
) -> Result<()> {
    writeln!(
        md,
        "# Bhattacharya & Bagchi (AAAI-96): MemSSS* under a fixed budget\n"
    )
    .unwrap();
    writeln!(
        md,
        "Generated by `cargo xtask reproduce`{}. {} trees per cell (the paper: 100); every algorithm \
         searches the same trees and every value is checked against Alpha-Beta's. Counts are mean \
         terminals examined (± our standard error). MemSSS* runs with the \
         paper's budgets M, with the odd-depth variant (terminals kept out of OPEN) on odd d as in \
         the paper; MGame runs at searchd = 2 (= QuickGame) and at the \
         least even searchd ≥ d (= RecSSS*; the paper prints no numbers for it).{}\n",
        if cfg.quick { " --quick" } else { "" },
        cfg.trees,
        times_link(cfg, NAME),
    )
    .unwrap();
    writeln!(
        md,
        "## Table 1: top-down trees (random: uniform best child; strong: Marsland et al. 1987)\n"
    )
    .unwrap();
    for m in measured {
        writeln!(md, "### ({},{}) {}\n", m.b, m.d, m.ordering).unwrap();
        let mut rows = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = published
                .get(&(m.b, m.d, r.algorithm.to_string(), r.param, m.ordering))
                .copied();
            let s = measure::leaves(&m.results, k);
            rows.push(vec![
                r.algorithm.to_string(),
                r.param.map_or("–".into(), |p| p.to_string()),
                p.map_or("–".into(), |p| num(p.0, 0)),
                format!("{} ± {}", num(s.mean, 0), num(s.stderr, 0)),
                p.map_or("–".into(), |p| format!("{:.3}", s.mean / p.0)),
            ]);
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
            ]);
        }
        md.push_str(&md_table(
            &[
                "algorithm",
                "M / searchd",
                "paper count",
                "our count",
                "ratio",
            ],
            &rows,
        ));
        md.push('\n');
    }
    claims1(md, measured);
    if !cfg.quick {
        for m in measured {
            let name = format!("bb96-{}x{}-{}.svg", m.b, m.d, m.ordering);
            extra.push((name.clone(), plot(m)?));
            writeln!(
                md,
                "![({},{}) {}: terminals]({name})\n",
                m.b, m.d, m.ordering
            )
            .unwrap();
        }
    }
    Ok(())
}

/// The rows of MemSSS* in a cell, in budget order.
fn mems(m: &Measured) -> Vec<usize> {
    m.rows
        .iter()
        .enumerate()
        .filter(|(_, r)| r.algorithm == "MemSSS*")
        .map(|(k, _)| k)
        .collect()
}

/// The paper's claims about terminal counts in Table 1.
fn claims1(md: &mut String, measured: &[Measured]) {
    writeln!(md, "### The paper's claims, on our runs\n").unwrap();
    let mut rows: Vec<Vec<String>> = Vec::new();
    // 1. Never a leaf AB prunes (on the trees whose leaf sets were compared).
    let mut trees = 0;
    let mut held = 0;
    for m in measured {
        for k in mems(m) {
            let (h, checked) = measure::dominations(&m.results, k, 0);
            trees += checked;
            held += h;
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
    // 3. Full memory, random trees: about a third of AB's leaves (and about
    // twice as fast: in the times document).
    for m in measured.iter().filter(|m| m.ordering == "random") {
        let full = *mems(m).last().expect("six budgets");
        let leaves = m.mean(full) / m.mean(0);
        rows.push(vec![
            format!(
                "({},{}) random, full memory: about 1/3 of AB's terminals",
                m.b, m.d,
            ),
            format!("{leaves:.2} of AB's terminals"),
            if leaves < 0.45 { "holds" } else { "fails" }.into(),
        ]);
    }
    // 4. (6,9) strong, M = 296: beats AB in terminals (and time).
    if let Some((m, k)) = memsss_296(measured) {
        let l = m.mean(k) / m.mean(0);
        rows.push(vec![
            "(6,9) strong, M = 296: MemSSS* examines fewer terminals than Alpha-Beta".into(),
            format!("terminals {l:.3} of AB's"),
            if l < 1.0 { "holds" } else { "fails" }.into(),
        ]);
    }
    // The conjecture: MemDual* beats Alpha-Beta on strong trees of even
    // depth (in terminals here; in time in the times document).
    for (m, k) in memdual_even_strong(measured) {
        let l = m.mean(k) / m.mean(0);
        rows.push(vec![
            format!(
                "({},{}) strong: MemDual* (full memory) beats Alpha-Beta (conjecture, §4)",
                m.b, m.d
            ),
            format!("terminals {l:.3} of AB's"),
            if l < 1.0 { "holds" } else { "fails" }.into(),
        ]);
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

/// The (6,9) strong cell and its MemSSS* row at M = 296, of the paper's
/// "beats Alpha-Beta in terminals and time" (full runs only).
fn memsss_296(measured: &[Measured]) -> Option<(&Measured, usize)> {
    let m = measured
        .iter()
        .find(|m| (m.b, m.d, m.ordering) == (6, 9, "strong"))?;
    Some((m, m.find("MemSSS*", Some(296))?))
}

/// The strong cells of even depth and their MemDual* row: the paper's
/// conjecture (§4) that MemDual* beats Alpha-Beta there.
fn memdual_even_strong(measured: &[Measured]) -> Vec<(&Measured, usize)> {
    measured
        .iter()
        .filter(|m| m.ordering == "strong" && m.d % 2 == 0)
        .filter_map(|m| Some((m, m.find("MemDual*", None)?)))
        .collect()
}

/// The published Table 2 row of `algorithm` at `memory` on (b, d).
fn paper2<'a>(
    paper: &'a [T2Row],
    (b, d): (usize, usize),
    algorithm: &str,
    memory: Option<usize>,
) -> Option<&'a T2Row> {
    paper
        .iter()
        .find(|p| p.b == b && p.d == d && p.algorithm == algorithm && p.memory == memory)
}

/// MemSSS*'s and IterSSS*'s budgets in a Table 2 cell, and their rows.
struct Budgets2 {
    ms: Vec<usize>,
    mem: Vec<usize>,
    iter: Vec<usize>,
}

fn budgets2(m: &Measured) -> Budgets2 {
    let ms: Vec<usize> = mems(m)
        .iter()
        .map(|&k| m.rows[k].param.expect("budget"))
        .collect();
    let find = |alg, x| m.find(alg, Some(x)).expect("row");
    Budgets2 {
        mem: ms.iter().map(|&x| find("MemSSS*", x)).collect(),
        iter: ms.iter().map(|&x| find("IterSSS*", x)).collect(),
        ms,
    }
}

fn table2(
    _cfg: &Config,
    paper: &[T2Row],
    measured: &[Measured],
    md: &mut String,
    csv_rows: &mut Vec<Vec<String>>,
) {
    writeln!(
        md,
        "## Table 2: MemSSS* and IterSSS* on trees of i.i.d. leaves\n\nIterSSS* runs at the same M \
         as MemSSS* (the paper shares the column). Leaf values uniform in \
         0..=10^9 (the paper: `random()` seeded from (Dewey code, run number)), so ties are rare.\n"
    )
    .unwrap();
    for m in measured {
        let (b, d) = (m.b, m.d);
        writeln!(md, "### ({b},{d})\n").unwrap();
        let mut table = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = paper2(paper, (b, d), r.algorithm, r.param);
            let s = measure::leaves(&m.results, k);
            table.push(vec![
                r.algorithm.to_string(),
                r.param.map_or("–".into(), |p| p.to_string()),
                p.map_or("–".into(), |p| num(p.count, 0)),
                format!("{} ± {}", num(s.mean, 0), num(s.stderr, 0)),
                p.map_or("–".into(), |p| format!("{:.3}", s.mean / p.count)),
            ]);
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
            ]);
        }
        md.push_str(&md_table(
            &["algorithm", "M", "paper count", "our count", "ratio"],
            &table,
        ));
        md.push('\n');
        // The paper's claims about the two.
        let Budgets2 { ms, mem, iter } = budgets2(m);
        let fewer = (0..ms.len())
            .filter(|&i| m.mean(iter[i]) <= m.mean(mem[i]))
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
        let (dominated, runs) = iter.iter().fold((0, 0), |(h, n), &k| {
            let (held, checked) = measure::dominations(&m.results, k, 0);
            (h + held, n + checked)
        });
        claims.push(vec![
            "IterSSS* never examines a terminal Alpha-Beta prunes".into(),
            format!("{dominated} of {runs} (tree, M) runs"),
            if dominated == runs { "holds" } else { "fails" }.into(),
        ]);
        md.push_str(&md_table(&["claim", "numbers", "verdict"], &claims));
        md.push('\n');
    }
}

/// The times document: time relative to Alpha-Beta in every cell of both
/// tables beside the paper's, the claims about time, and plots of MemSSS*'s
/// time against M.
fn times_doc(
    cfg: &Config,
    published: &Published1,
    paper2_rows: &[T2Row],
    m1: &[Measured],
    m2: &[Measured],
) -> Result<Doc> {
    let mut md = String::new();
    let mut csv_rows = Vec::new();
    let mut extra = Vec::new();
    writeln!(
        md,
        "# Bhattacharya & Bagchi (AAAI-96): times\n\n{}\n\n*time/AB*: total time over the cell \
         relative to Alpha-Beta on the same trees in the same run; the paper's from its seconds \
         (Table 1's OCR'd columns are random count, random time, strong count, strong time). \
         Counts: [{NAME}.md]({NAME}.md).\n",
        times_intro(&format!("{} trees per cell", cfg.trees))
    )?;
    writeln!(md, "## Table 1: top-down trees\n")?;
    let headers = ["algorithm", "M / searchd", "paper time/AB", "our time/AB"];
    for m in m1 {
        writeln!(md, "### ({},{}) {}\n", m.b, m.d, m.ordering)?;
        let ab_paper = published
            .get(&(m.b, m.d, "Alpha-Beta".to_string(), None, m.ordering))
            .copied();
        let mut rows = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = published
                .get(&(m.b, m.d, r.algorithm.to_string(), r.param, m.ordering))
                .copied();
            let paper_ratio = match (p, ab_paper) {
                (Some(p), Some(a)) if a.1 > 0.0 => Some(p.1 / a.1),
                _ => None,
            };
            rows.push(time_row(r, paper_ratio, k, &mut csv_rows, m));
        }
        md.push_str(&md_table(&headers, &rows));
        md.push('\n');
    }
    writeln!(md, "### The paper's claims about time, on our runs\n")?;
    let mut claims: Vec<Vec<String>> = Vec::new();
    for m in m1.iter().filter(|m| m.ordering == "random") {
        let full = *mems(m).last().expect("six budgets");
        claims.push(TimeClaim::full_memory(m.b, m.d, m.time(0), m.time(full)).row());
    }
    for m in m1.iter().filter(|m| m.ordering == "random" && m.d % 2 == 1) {
        let least = mems(m)[0];
        let budget = m.rows[least].param.expect("budget");
        claims.push(TimeClaim::odd_depth_minimum(m.b, m.d, budget, m.time(0), m.time(least)).row());
    }
    for m in m1.iter().filter(|m| m.ordering == "random") {
        if let Some(k) = m.find("MGame", Some(2)) {
            claims.push(TimeClaim::quickgame(m.b, m.d, m.time(0), m.time(k)).row());
        }
    }
    if let Some((m, k)) = memsss_296(m1) {
        claims.push(TimeClaim::memsss_296(m.time(0), m.time(k)).row());
    }
    for (m, k) in memdual_even_strong(m1) {
        claims.push(TimeClaim::memdual(m.b, m.d, m.time(0), m.time(k)).row());
    }
    md.push_str(&md_table(&TimeClaim::HEADERS, &claims));
    md.push('\n');
    if !cfg.quick {
        for m in m1 {
            let name = format!("bb96-{}x{}-{}-time.svg", m.b, m.d, m.ordering);
            extra.push((name.clone(), plot_time(m)?));
            writeln!(md, "![({},{}) {}: time]({name})\n", m.b, m.d, m.ordering)?;
        }
    }
    writeln!(
        md,
        "## Table 2: MemSSS* and IterSSS* on trees of i.i.d. leaves\n"
    )?;
    for m in m2 {
        writeln!(md, "### ({},{})\n", m.b, m.d)?;
        let ab_paper = paper2(paper2_rows, (m.b, m.d), "Alpha-Beta", None);
        let mut rows = Vec::new();
        for (k, r) in m.rows.iter().enumerate() {
            let p = paper2(paper2_rows, (m.b, m.d), r.algorithm, r.param);
            let paper_ratio = match (p, ab_paper) {
                (Some(p), Some(a)) => Some(p.time / a.time),
                _ => None,
            };
            rows.push(time_row(r, paper_ratio, k, &mut csv_rows, m));
        }
        md.push_str(&md_table(
            &["algorithm", "M", "paper time/AB", "our time/AB"],
            &rows,
        ));
        md.push('\n');
        let Budgets2 { ms, mem, iter } = budgets2(m);
        let last = ms.len() - 1;
        let at_min = m.time(iter[0]) / m.time(mem[0]);
        let mut claim =
            TimeClaim::memsss_vs_itersss(ms[last], m.time(mem[last]), m.time(iter[last]));
        write!(claim.numbers, " (at minimum M: {at_min:.2})")?;
        let (ab, first) = (m.time(0), 0);
        let claims = [
            claim,
            TimeClaim::memsss_minimum(ms[first], ab, m.time(mem[first])),
            TimeClaim::as_memory_grows(
                (m.time(mem[first]), m.time(mem[last])),
                (m.time(iter[first]), m.time(iter[last])),
            ),
            TimeClaim::memsss_maximum(ms[last], ab, m.time(mem[last])),
        ];
        let rows: Vec<Vec<String>> = claims.iter().map(TimeClaim::row).collect();
        md.push_str(&md_table(&TimeClaim::HEADERS, &rows));
        md.push('\n');
    }
    let csv = csv(
        &[
            "table",
            "b",
            "d",
            "ordering",
            "algorithm",
            "param",
            "paper_time_ratio_to_ab",
            "time_ratio_to_ab",
            "seconds",
        ],
        &csv_rows,
    );
    Ok(Doc {
        name: format!("{NAME}-time"),
        markdown: md,
        csv: Some(csv),
        extra,
    })
}

/// The Markdown row of row `k` of `m` in a times table; pushes its CSV row.
fn time_row(
    r: &Row,
    paper_ratio: Option<f64>,
    k: usize,
    csv_rows: &mut Vec<Vec<String>>,
    m: &Measured,
) -> Vec<String> {
    let ours = m.time(k) / m.time(0);
    csv_rows.push(vec![
        m.table.to_string(),
        m.b.to_string(),
        m.d.to_string(),
        m.ordering.into(),
        r.algorithm.into(),
        r.param.map_or(String::new(), |p| p.to_string()),
        paper_ratio.map_or(String::new(), |x| format!("{x:.3}")),
        format!("{ours:.3}"),
        format!("{:.3}", m.time(k)),
    ]);
    vec![
        r.algorithm.to_string(),
        r.param.map_or("–".into(), |p| p.to_string()),
        paper_ratio.map_or("–".into(), |x| format!("{x:.2}")),
        format!("{ours:.2}"),
    ]
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

/// Terminals examined against M (log scale).
fn plot(m: &Measured) -> Result<String> {
    let points: Vec<(f64, f64)> = budget_rows(m)
        .iter()
        .map(|&(x, k)| (x, m.mean(k)))
        .collect();
    chart_against_m(
        &format!(
            "MemSSS* on ({},{}) {} trees: terminals against M",
            m.b, m.d, m.ordering
        ),
        "mean terminals examined",
        &points,
        m.mean(0),
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
    )
}

/// A line of `points` against M on a log axis, with Alpha-Beta's level as a
/// horizontal reference line.
fn chart_against_m(
    caption: &str,
    y_desc: &str,
    points: &[(f64, f64)],
    alpha_beta: f64,
) -> Result<String> {
    LogXChart {
        caption,
        x_desc: "M (OPEN entries, log scale)",
        y_desc,
        series: &[("MemSSS*".to_string(), points.to_vec())],
        reference: Some(("Alpha-Beta", alpha_beta)),
        x_label: &|x| format!("{x:.0}"),
        legend: plotters::prelude::SeriesLabelPosition::LowerLeft,
        log_y: false,
    }
    .svg()
}

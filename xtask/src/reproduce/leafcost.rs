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
//! judges the claims ([`TimeClaim`]) at every cost.
//!
//! Its own experiment rather than a section of `bhattacharya-bagchi96`:
//! it runs on few trees (the 10 µs column costs 10 s per million leaves), so
//! its leaf counts are not that experiment's 100-tree means, and it can be
//! run alone (`--only leaf-cost`) without the 30 000 searches of the tables.
//!
//! The counts document has the leaf counts (which do not depend on the
//! cost); the times document the calibration, time relative to alpha-beta
//! at every cost, the claims at every cost, the break-even costs and a plot.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use gametree::{Algorithm, Config as Settings, Report, maximum_memory, minimum_memory};
use tree_core::{Bounds, GenSpec, Generator, LeafCost, Tree, spin};

use super::jobs;
use super::memory::TimeClaim;
use super::render::{LogXChart, csv, md_table, num, times_intro, times_link};
use super::{Config, Doc, Output, Timings};

const NAME: &str = "leaf-cost";

/// The extra cost per evaluated leaf, in nanoseconds.
pub const COSTS_NS: [u64; 4] = [0, 100, 1_000, 10_000];
/// Trees per cell in a full run (`--trees` can only lower it): the 10 µs
/// column of one round of the nine cells is about 5.5 M leaves, 55 s of
/// processor time.
const TREES: usize = 2;
/// Trees per cell with `--quick`.
const QUICK_TREES: usize = 2;
/// The least processor time of a timed block of runs: the thread's CPU
/// time advances at scheduler ticks (4 ms here), so a block of this length
/// is read to within 8%, and a row's total over the trees of a cell better
/// (the errors have mean zero).
const MIN_BLOCK: Duration = Duration::from_millis(50);

/// The processor time of one call of `f`: `f` run in blocks of growing
/// size (one call, then as many as the last block says will take
/// [`MIN_BLOCK`], at most 16 times more) until a block takes
/// [`MIN_BLOCK`]; that block's time over its calls (the first error of `f` is returned). Processor time, not wall
/// time: on a shared machine a thread waits for a core, and that is not
/// the search's cost. Untimed and made-up timings: one call.
fn per_call(cfg: &Config, mut f: impl FnMut() -> Result<()>) -> Result<Duration> {
    if cfg.timings != Timings::Wall {
        let (r, t) = cfg.time(&mut f);
        return r.map(|()| t);
    }
    let mut calls = 1u32;
    loop {
        let (r, t) = cfg.cpu_time(|| (0..calls).try_for_each(|_| f()));
        r?;
        if t >= MIN_BLOCK || calls >= 1 << 16 {
            return Ok(t / calls);
        }
        // A block read as 0 ran between two ticks: grow it 16-fold.
        let more = MIN_BLOCK.as_nanos().div_ceil(t.as_nanos().max(1)) as u32;
        calls *= more.clamp(2, 16);
    }
}

/// What a row is, for the claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    AlphaBeta,
    MemMin,
    MemMax,
    Mem296,
    RecSss,
    MemDual,
    IterMax,
    Sss,
    QuickGame,
    MGame,
    MtSss,
    MtDual,
}

/// An algorithm of a cell.
#[derive(Debug, Clone)]
struct Row {
    role: Role,
    label: &'static str,
    /// M, or MGame's searchd.
    param: Option<usize>,
    algorithm: Algorithm,
    settings: Settings,
}

impl Row {
    /// Searches `tree` through the front door.
    fn search<T>(&self, tree: &T) -> Result<Report>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        gametree::search(self.algorithm, tree, &self.settings).with_context(|| self.name())
    }

    /// The label with its parameter: `MemSSS* 296`.
    fn name(&self) -> String {
        match self.param {
            Some(p) => format!("{} {p}", self.label),
            None => self.label.to_string(),
        }
    }
}

/// Which table of the paper a cell is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Table 1, top-down random trees.
    Random,
    /// Table 1, top-down strong trees.
    Strong,
    /// Table 2, i.i.d. leaves.
    Iid,
}

/// One cell: a shape, a generator, and the rows run on its trees.
#[derive(Debug, Clone)]
struct Cell {
    kind: Kind,
    b: usize,
    d: usize,
    spec: GenSpec,
    rows: Vec<Row>,
}

impl Cell {
    fn label(&self) -> String {
        let kind = match self.kind {
            Kind::Random => "random",
            Kind::Strong => "strong",
            Kind::Iid => "i.i.d.",
        };
        format!("({},{}) {kind}", self.b, self.d)
    }

    fn find(&self, role: Role) -> Option<usize> {
        self.rows.iter().position(|r| r.role == role)
    }
}

/// The cells: those of the paper's claims about time (quick: one small
/// cell of each kind).
fn cells(cfg: &Config) -> Result<Vec<Cell>> {
    let shapes: Vec<(Kind, usize, usize)> = if cfg.quick {
        vec![
            (Kind::Random, 4, 6),
            (Kind::Strong, 4, 6),
            (Kind::Iid, 4, 6),
        ]
    } else {
        vec![
            (Kind::Random, 5, 10),
            (Kind::Random, 6, 9),
            (Kind::Random, 9, 8),
            (Kind::Random, 10, 7),
            (Kind::Strong, 5, 10),
            (Kind::Strong, 6, 9),
            (Kind::Strong, 9, 8),
            (Kind::Iid, 4, 10),
            (Kind::Iid, 6, 8),
        ]
    };
    shapes
        .into_iter()
        .map(|(kind, b, d)| {
            // The seeds of `bhattacharya-bagchi96`: the same trees.
            let (generator, seed) = match kind {
                Kind::Random => (Generator::TOPDOWN_RANDOM, 1996_0000),
                Kind::Strong => (Generator::STRONG, 1996_0000),
                Kind::Iid => (
                    Generator::Random {
                        lo: 0,
                        hi: 1_000_000_000,
                    },
                    1996_1000,
                ),
            };
            let spec = GenSpec::new(generator, b, d, seed + (b * 100 + d) as u64, 0);
            Ok(Cell {
                kind,
                b,
                d,
                spec,
                rows: rows(kind, b, d)?,
            })
        })
        .collect()
}

/// The algorithms of a cell. Alpha-Beta is the baseline; MemSSS* at its
/// least and full M (its two ends: most revisits, fewest leaves) and at
/// 296 where a claim names it; RecSSS* (MemSSS*'s leaves at full memory
/// without its budget bookkeeping); MemDual* (the conjecture); IterSSS* at
/// full memory and SSS* (the same leaves as RecSSS*, other OPENs);
/// QuickGame and MGame at searchd 4 (the memory-light family); MT-SSS* and
/// MT-DUAL* (SSS*'s and Dual*'s leaves by repeated null-window alpha-beta
/// over a table). Left out: MTD(f), whose leaves depend on how close its
/// first guess (0) happens to be to the generator's values; the other
/// depth-first searches, which only add leaves to Alpha-Beta's.
fn rows(kind: Kind, b: usize, d: usize) -> Result<Vec<Row>> {
    let shape = Bounds::uniform(b, d);
    // MemSSS*'s budget rule with its default odd-depth leaf search: the
    // odd-depth variant on odd depths, as in the paper.
    let budget = |f: fn(Algorithm, Bounds) -> Option<usize>, a| {
        f(a, shape).with_context(|| format!("{a} has no budget on a ({b},{d}) tree"))
    };
    let (min, max) = (
        budget(minimum_memory, Algorithm::MemSss)?,
        budget(maximum_memory, Algorithm::MemSss)?,
    );
    // IterSSS* is SSS* from M = b^⌈d/2⌉ (its maximum) on.
    let iter_max = max.max(budget(maximum_memory, Algorithm::IterSss)?);
    let row = |role, label, param, algorithm, settings| Row {
        role,
        label,
        param,
        algorithm,
        settings,
    };
    let plain = Settings::default;
    let memory = |m| Settings::default().memory(m);
    let mut rows = vec![
        row(
            Role::AlphaBeta,
            "Alpha-Beta",
            None,
            Algorithm::AlphaBeta,
            plain(),
        ),
        row(
            Role::MemMin,
            "MemSSS*",
            Some(min),
            Algorithm::MemSss,
            memory(min),
        ),
        row(
            Role::MemMax,
            "MemSSS*",
            Some(max),
            Algorithm::MemSss,
            memory(max),
        ),
    ];
    if kind == Kind::Strong && (b, d) == (6, 9) {
        rows.push(row(
            Role::Mem296,
            "MemSSS*",
            Some(296),
            Algorithm::MemSss,
            memory(296),
        ));
    }
    rows.extend([
        row(Role::RecSss, "RecSSS*", None, Algorithm::RecSss, plain()),
        row(Role::MemDual, "MemDual*", None, Algorithm::MemDual, plain()),
        row(
            Role::IterMax,
            "IterSSS*",
            Some(iter_max),
            Algorithm::IterSss,
            memory(iter_max),
        ),
        row(Role::Sss, "SSS*", None, Algorithm::Sss, plain()),
        row(
            Role::QuickGame,
            "QuickGame",
            None,
            Algorithm::QuickGame,
            plain(),
        ),
        row(
            Role::MGame,
            "MGame",
            Some(4),
            Algorithm::MGame,
            plain().searchd(4),
        ),
        row(Role::MtSss, "MT-SSS*", None, Algorithm::MtSss, plain()),
        row(Role::MtDual, "MT-DUAL*", None, Algorithm::MtDual, plain()),
    ]);
    Ok(rows)
}

/// What the spin costs on this machine: steps per nanosecond, and per
/// target cost the iterations and the cost per leaf achieved, measured
/// apart from any search.
#[derive(Debug, Clone)]
struct Calibration {
    steps_per_ns: f64,
    iterations: Vec<u64>,
    achieved_ns: Vec<f64>,
}

/// The tree whose leaves the calibration evaluates.
fn calibration_tree() -> tree_core::GeneratedTree {
    GenSpec::new(Generator::TOPDOWN_RANDOM, 4, 5, 1, 0)
        .build()
        .expect("a valid spec")
}

/// Calibrates the spin once, in processor time ([`per_call`]): its rate
/// over 2^20 steps, then the cost per leaf achieved at each target, the
/// leaves of a small tree evaluated through the wrapper less the same
/// without it. Made-up timings (tests) get a fixed rate of one step per
/// µs, so that their "10 µs" leaves cost ten steps.
fn calibrate(cfg: &Config) -> Result<Calibration> {
    const STEPS: u64 = 1 << 20;
    let steps_per_ns = match cfg.timings {
        Timings::Wall => {
            let t = per_call(cfg, || {
                spin(STEPS, 1);
                Ok(())
            })?;
            STEPS as f64 / t.as_nanos().max(1) as f64
        }
        Timings::Off | Timings::Fake => 0.001,
    };
    let iterations: Vec<u64> = COSTS_NS
        .iter()
        .map(|&c| (c as f64 * steps_per_ns).round() as u64)
        .collect();
    let tree = calibration_tree();
    let leaves = leaf_nodes(&tree);
    let per_leaf = |iterations: u64| -> Result<f64> {
        let costly = LeafCost::new(&tree, iterations);
        let t = per_call(cfg, || {
            for l in &leaves {
                std::hint::black_box(costly.value(l));
            }
            Ok(())
        })?;
        Ok(t.as_nanos() as f64 / leaves.len() as f64)
    };
    let base = per_leaf(0)?;
    let achieved_ns = iterations
        .iter()
        .map(|&i| Ok(if i == 0 { 0.0 } else { per_leaf(i)? - base }))
        .collect::<Result<_>>()?;
    Ok(Calibration {
        steps_per_ns,
        iterations,
        achieved_ns,
    })
}

/// Every terminal of `tree`, left to right.
fn leaf_nodes<T: Tree>(tree: &T) -> Vec<T::Node> {
    let mut out = Vec::new();
    let mut stack = vec![tree.root()];
    while let Some(n) = stack.pop() {
        let k = tree.num_children(&n);
        if k == 0 {
            out.push(n);
        } else {
            stack.extend((0..k).rev().map(|i| tree.child(&n, i)));
        }
    }
    out
}

/// Every row on one tree: leaves, and when timed the processor time of a
/// run at each cost (`times[cost][row]`).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct TreeRun {
    leaves: Vec<u64>,
    times: Vec<Vec<Duration>>,
}

/// Runs every row of `cell` on its tree `index`: once plain (leaves,
/// values checked against Alpha-Beta's), then through [`LeafCost`] at every
/// cost when timed (once, at one step, when not), each run checked to
/// evaluate the same number of leaves and return the same value. A timed
/// run is a block of runs of at least [`MIN_BLOCK`] ([`per_call`]); at each
/// cost the rows run in turn.
fn run_tree(cfg: &Config, cell: &Cell, index: usize, cal: &Calibration) -> Result<TreeRun> {
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

/// A cell's results: mean leaves and, when timed, total time per cost and
/// row (`time[cost][row]`, seconds).
struct Measured {
    cell: Cell,
    trees: usize,
    leaves: Vec<f64>,
    time: Vec<Vec<f64>>,
}

impl Measured {
    /// Time of row `k` relative to Alpha-Beta's at cost `c`.
    fn ratio(&self, c: usize, k: usize) -> f64 {
        self.time[c][k] / self.time[c][0]
    }
}

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
            let n = cell.rows.len();
            let leaves = (0..n)
                .map(|k| mine.iter().map(|r| r.leaves[k] as f64).sum::<f64>() / trees as f64)
                .collect();
            let time = if cfg.timed() {
                (0..COSTS_NS.len())
                    .map(|cost| {
                        (0..n)
                            .map(|k| mine.iter().map(|r| r.times[cost][k].as_secs_f64()).sum())
                            .collect()
                    })
                    .collect()
            } else {
                Vec::new()
            };
            Measured {
                cell,
                trees,
                leaves,
                time,
            }
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

/// A row's name where cells differ in its parameter.
fn role_label(r: &Row) -> String {
    match r.role {
        Role::MemMin => "MemSSS* (least M)".into(),
        Role::MemMax => "MemSSS* (full M)".into(),
        Role::IterMax => "IterSSS* (full M)".into(),
        _ => r.name(),
    }
}

/// The first CSV columns of row `r` of a cell: cell, algorithm, parameter.
fn csv_key(m: &Measured, r: &Row) -> Vec<String> {
    vec![
        m.cell.label(),
        r.label.to_string(),
        r.param.map_or(String::new(), |p| p.to_string()),
    ]
}

fn param(r: &Row) -> String {
    r.param.map_or("–".into(), |p| p.to_string())
}

fn counts_doc(cfg: &Config, measured: &[Measured]) -> Doc {
    let mut md = String::new();
    writeln!(
        md,
        "# Leaf cost: the claims about time against the cost of a leaf\n\n\
         Generated by `cargo xtask reproduce`{}. Bhattacharya & Bagchi (1996, §4) say the \
         best-first searches save time because they evaluate fewer leaves; this experiment \
         times the same searches on the same trees with an extra cost per evaluated leaf of \
         {} ns (`tree_core::LeafCost`, calibrated once per run). The leaves a search \
         evaluates do not depend on that cost: they are below. Each cell is {} trees, with \
         the seeds of `bhattacharya-bagchi96` (for its shapes, its first trees); every \
         value equals Alpha-Beta's, and every run through the cost wrapper evaluated the \
         same number of leaves and returned the same value as the plain run. MemSSS* at \
         its least and full M (odd-depth variant on odd d), IterSSS* at full memory \
         (M ≥ b^⌈d/2⌉), MGame at searchd 4, MT-SSS* and MT-DUAL* over their table; MTD(f) \
         is left out (its leaves depend on how near its first guess, 0, lies to the \
         generator's values).{}\n",
        if cfg.quick { " --quick" } else { "" },
        COSTS_NS.map(|c| c.to_string()).join(", "),
        measured.first().map_or(0, |m| m.trees),
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
                let mut line = csv_key(m, r);
                line.push(format!("{:.1}", m.leaves[k]));
                csv_rows.push(line);
                vec![
                    r.label.to_string(),
                    param(r),
                    num(m.leaves[k], 0),
                    format!("{:.3}", m.leaves[k] / m.leaves[0]),
                ]
            })
            .collect();
        md.push_str(&md_table(
            &["algorithm", "M / searchd", "mean leaves", "leaves / AB"],
            &rows,
        ));
        md.push('\n');
    }
    Doc {
        name: NAME.into(),
        markdown: md,
        csv: Some(csv(
            &["cell", "algorithm", "param", "mean_leaves"],
            &csv_rows,
        )),
        extra: Vec::new(),
    }
}

/// `0 ns`, `100 ns`, `1 µs`, `10 µs`.
fn cost_label(ns: u64) -> String {
    if ns >= 1_000 {
        format!("{} µs", ns / 1_000)
    } else {
        format!("{ns} ns")
    }
}

/// The claims about time of every cell, at cost `c`.
fn claims_at(measured: &[Measured], c: usize) -> Vec<TimeClaim> {
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
fn break_even(costs: &[f64], diff: &[f64]) -> Option<f64> {
    if diff.first().is_some_and(|&d| d <= 0.0) {
        return Some(0.0);
    }
    costs.windows(2).zip(diff.windows(2)).find_map(|(c, d)| {
        (d[0] > 0.0 && d[1] <= 0.0).then(|| c[0] + (c[1] - c[0]) * d[0] / (d[0] - d[1]))
    })
}

/// The break-even cost the model predicts from the 0 ns times and the leaf
/// counts alone: (T − T_AB) / (L_AB − L) per leaf, when fewer leaves.
fn model_break_even(t: f64, t_ab: f64, leaves: f64, leaves_ab: f64) -> Option<f64> {
    if t <= t_ab {
        Some(0.0)
    } else if leaves < leaves_ab {
        Some((t - t_ab) / (leaves_ab - leaves))
    } else {
        None
    }
}

/// A break-even cost in words.
fn ns_label(x: Option<f64>, none: &str) -> String {
    match x {
        Some(0.0) => "at 0 ns already".into(),
        Some(x) if x >= 1_000.0 => format!("{} µs", num(x / 1_000.0, 1)),
        Some(x) if x < 10.0 => format!("{} ns", num(x, 1)),
        Some(x) => format!("{} ns", num(x, 0)),
        None => none.into(),
    }
}

fn times_doc(cfg: &Config, cal: &Calibration, measured: &[Measured]) -> Result<Doc> {
    let costs: Vec<f64> = COSTS_NS.iter().map(|&c| c as f64).collect();
    let cost_headers: Vec<String> = COSTS_NS.iter().map(|&c| cost_label(c)).collect();
    let mut md = String::new();
    let trees = measured.first().map_or(0, |m| m.trees);
    writeln!(
        md,
        "# Leaf cost: times\n\n{}\n\nEvery search runs through `tree_core::LeafCost`, which spins \
         a fixed number of dependent multiply-rotate-xor steps per evaluated leaf, at 0 ns, \
         100 ns, 1 µs and 10 µs per leaf. Times are **processor time** of the searching \
         thread (`/proc/thread-self/schedstat`), not wall time: on a shared machine a thread \
         waits for a core, and that is not the search's cost. That clock advances at \
         scheduler ticks, so each (tree, algorithm, cost) is timed as a block of repeated \
         runs of at least {} ms, over its runs; at each cost the algorithms of a tree run \
         in turn. Counts: [{NAME}.md]({NAME}.md).\n",
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
            .map(|m| m.time[c][m.cell.find(role).expect("every cell")])
            .sum()
    };
    let total_leaves = |role: Role| -> f64 {
        measured
            .iter()
            .map(|m| m.leaves[m.cell.find(role).expect("every cell")] * m.trees as f64)
            .sum()
    };
    let mut headers = vec!["algorithm", "leaves / AB"];
    headers.extend(cost_headers.iter().map(String::as_str));
    let summary: Vec<Vec<String>> = roles
        .iter()
        .map(|&(role, r)| {
            let mut v = vec![
                role_label(r),
                format!("{:.3}", total_leaves(role) / total_leaves(Role::AlphaBeta)),
            ];
            v.extend(
                (0..COSTS_NS.len())
                    .map(|c| format!("{:.2}", total(role, c) / total(Role::AlphaBeta, c))),
            );
            v
        })
        .collect();
    writeln!(
        md,
        "## Time relative to Alpha-Beta, all cells\n\nTotal time over the {} cells ({}) \
         relative to Alpha-Beta's total at the same leaf cost; below 1 is faster. The \
         larger random cells weigh most; the cells one by one are further down.\n",
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
    let per_cost: Vec<Vec<TimeClaim>> = (0..COSTS_NS.len())
        .map(|c| claims_at(measured, c))
        .collect();
    let claim_rows: Vec<Vec<String>> = (0..per_cost[0].len())
        .map(|i| {
            let mut v = vec![per_cost[0][i].claim.clone()];
            v.extend(
                per_cost
                    .iter()
                    .map(|cs| format!("{} ({})", cs[i].numbers, cs[i].verdict())),
            );
            v
        })
        .collect();
    let mut ch = vec!["claim"];
    ch.extend(cost_headers.iter().map(String::as_str));
    writeln!(
        md,
        "## The paper's claims about time, at every leaf cost\n\nThe claims of \
         `bhattacharya-bagchi96-time`, judged the same way on these trees.\n"
    )?;
    md.push_str(&md_table(&ch, &claim_rows));
    md.push('\n');

    // Cell by cell.
    writeln!(md, "## Cell by cell: time relative to Alpha-Beta\n")?;
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
                    format!("{:.3}", m.leaves[k] / m.leaves[0]),
                ];
                for (c, cost) in COSTS_NS.iter().enumerate() {
                    v.push(format!("{:.2}", m.ratio(c, k)));
                    let mut line = csv_key(m, r);
                    line.extend([
                        cost.to_string(),
                        cal.iterations[c].to_string(),
                        format!("{:.1}", m.leaves[k]),
                        format!("{:.4}", m.time[c][k]),
                        format!("{:.3}", m.ratio(c, k)),
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
    Ok(Doc {
        name: format!("{NAME}-time"),
        markdown: md,
        csv: Some(csv(
            &[
                "cell",
                "algorithm",
                "param",
                "cost_ns",
                "steps",
                "mean_leaves",
                "seconds",
                "time_ratio_to_ab",
            ],
            &csv_rows,
        )),
        extra: if cfg.quick {
            Vec::new()
        } else {
            vec![(plot, svg)]
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

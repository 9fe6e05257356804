//! The leaf-cost experiment's cells: the shapes and trees of the paper's
//! claims about time, the algorithms run on them, and what was measured.

use anyhow::{Context, Result};
use gametree::{Algorithm, Config as Settings, Report, maximum_memory, minimum_memory};
use tree_core::{Bounds, GenSpec, Generator, Tree};

use super::stats::{Ratio, mean_se, ratio_of_totals};
use crate::reproduce::config::Config;

/// The extra cost per evaluated leaf, in nanoseconds.
pub const COSTS_NS: [u64; 4] = [0, 100, 1_000, 10_000];

/// What a row is, for the claims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
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
pub struct Row {
    pub role: Role,
    pub label: &'static str,
    /// M, or MGame's searchd.
    pub param: Option<usize>,
    pub algorithm: Algorithm,
    pub settings: Settings,
}

impl Row {
    /// Searches `tree` through the front door.
    pub fn search<T>(&self, tree: &T) -> Result<Report>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        gametree::search(self.algorithm, tree, &self.settings).with_context(|| self.name())
    }

    /// The label with its parameter: `MemSSS* 296`.
    pub fn name(&self) -> String {
        match self.param {
            Some(p) => format!("{} {p}", self.label),
            None => self.label.to_string(),
        }
    }
}

/// Which table of the paper a cell is from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Table 1, top-down random trees.
    Random,
    /// Table 1, top-down strong trees.
    Strong,
    /// Table 2, i.i.d. leaves.
    Iid,
}

/// One cell: a shape, a generator, and the rows run on its trees.
#[derive(Debug, Clone)]
pub struct Cell {
    pub kind: Kind,
    pub b: usize,
    pub d: usize,
    pub spec: GenSpec,
    pub rows: Vec<Row>,
}

impl Cell {
    pub fn label(&self) -> String {
        let kind = match self.kind {
            Kind::Random => "random",
            Kind::Strong => "strong",
            Kind::Iid => "i.i.d.",
        };
        format!("({},{}) {kind}", self.b, self.d)
    }

    pub fn find(&self, role: Role) -> Option<usize> {
        self.rows.iter().position(|r| r.role == role)
    }
}

/// The cells: those of the paper's claims about time (quick: one small
/// cell of each kind).
pub fn cells(cfg: &Config) -> Result<Vec<Cell>> {
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
pub fn rows(kind: Kind, b: usize, d: usize) -> Result<Vec<Row>> {
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

/// A cell's results, tree by tree: the leaves of every row
/// (`leaves[tree][row]`) and, when timed, the processor time of one run of
/// every row at every cost (`time[cost][tree][row]`, seconds).
#[derive(Debug)]
pub struct Measured {
    pub cell: Cell,
    pub leaves: Vec<Vec<u64>>,
    pub time: Vec<Vec<Vec<f64>>>,
}

impl Measured {
    /// The trees of the cell.
    pub fn trees(&self) -> usize {
        self.leaves.len()
    }

    /// Row `k`'s mean leaves over the trees, and its standard error.
    pub fn mean_leaves(&self, k: usize) -> (f64, Option<f64>) {
        let xs: Vec<f64> = self.leaves.iter().map(|t| t[k] as f64).collect();
        mean_se(&xs)
    }

    /// Row `k`'s leaves and row `base`'s, tree by tree.
    pub fn leaf_pairs(&self, k: usize, base: usize) -> Vec<(f64, f64)> {
        self.leaves
            .iter()
            .map(|t| (t[k] as f64, t[base] as f64))
            .collect()
    }

    /// Row `k`'s time and row `base`'s at cost `c`, tree by tree.
    pub fn time_pairs(&self, c: usize, k: usize, base: usize) -> Vec<(f64, f64)> {
        self.time[c].iter().map(|t| (t[k], t[base])).collect()
    }

    /// Row `k`'s total time over the trees at cost `c`.
    pub fn total_time(&self, c: usize, k: usize) -> f64 {
        self.time[c].iter().map(|t| t[k]).sum()
    }

    /// Row `k`'s mean leaves over Alpha-Beta's, with its standard error.
    pub fn leaves_ratio(&self, k: usize) -> Ratio {
        ratio_of_totals(&[self.leaf_pairs(k, 0)])
    }

    /// Row `k`'s time over Alpha-Beta's at cost `c` (the ratio of their
    /// totals), with its standard error.
    pub fn ratio(&self, c: usize, k: usize) -> Ratio {
        ratio_of_totals(&[self.time_pairs(c, k, 0)])
    }
}

/// A row's name where cells differ in its parameter.
pub fn role_label(r: &Row) -> String {
    match r.role {
        Role::MemMin => "MemSSS* (least M)".into(),
        Role::MemMax => "MemSSS* (full M)".into(),
        Role::IterMax => "IterSSS* (full M)".into(),
        _ => r.name(),
    }
}

/// The first CSV columns of row `r` of a cell: cell, algorithm, parameter.
pub fn csv_key(m: &Measured, r: &Row) -> Vec<String> {
    vec![
        m.cell.label(),
        r.label.to_string(),
        r.param.map_or(String::new(), |p| p.to_string()),
    ]
}

/// A row's parameter, or a dash.
pub fn param(r: &Row) -> String {
    r.param.map_or("–".into(), |p| p.to_string())
}

/// `0 ns`, `100 ns`, `1 µs`, `10 µs`.
pub fn cost_label(ns: u64) -> String {
    if ns >= 1_000 {
        format!("{} µs", ns / 1_000)
    } else {
        format!("{ns} ns")
    }
}

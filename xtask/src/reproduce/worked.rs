//! The papers' worked examples (`tree_core::worked`): evaluation orders and counts on
//! the small trees the papers print, beside what the papers state.

use std::fmt::Write as _;

use anyhow::{Result, bail};
use gametree::{Algorithm, Config as Settings, Family};
use tree_core::{Dewey, ExplicitTree, Tree, minimax, worked};

use super::config::Config;
use super::doc::Doc;
use super::render::md_table;

/// Every algorithm that searches a tree as the papers do: the depth-first
/// family, then the best-first family (the enhanced engines are games'
/// searches, the multi-threaded ones have no fixed evaluation order).
pub fn algorithms() -> Vec<Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| matches!(a.family(), Family::DepthFirst | Family::BestFirst))
        .collect()
}

/// What a paper prints for an algorithm on an example.
#[derive(Debug)]
pub struct Stated {
    /// The worked example's name.
    pub example: &'static str,
    /// The algorithm.
    pub algorithm: Algorithm,
    /// The row as the paper prints it (evaluation rank per leaf, or codes).
    pub row: &'static str,
    /// Where the paper prints it.
    pub source: &'static str,
    /// Whether our run agrees with the paper (a known, documented
    /// discrepancy otherwise).
    pub agrees: bool,
}

/// The rows the papers print, and whether ours agree.
pub const STATED: &[Stated] = &[
    Stated {
        example: "table1",
        algorithm: Algorithm::AlphaBeta,
        row: "1 2 3 - 4 5 6 7 8 9 10 11 12 - 13 14",
        source: "Bhattacharya 1995, Table 1",
        agrees: true,
    },
    Stated {
        example: "table2",
        algorithm: Algorithm::AlphaBeta,
        row: "1 2 3 - 4 5 - - 6 - 7 - - - - -",
        source: "Bhattacharya 1995, Table 2",
        agrees: true,
    },
    Stated {
        example: "pi",
        algorithm: Algorithm::AlphaBeta,
        row: "31 leaves",
        source: "Bhattacharya 1995, §2",
        agrees: true,
    },
    Stated {
        example: "stockman",
        algorithm: Algorithm::AlphaBeta,
        row: "c g h",
        source: "Campbell App. 3",
        agrees: true,
    },
    Stated {
        example: "stockman",
        algorithm: Algorithm::SssStockman,
        row: "c i g j h",
        source: "Campbell Fig. 20",
        agrees: true,
    },
    Stated {
        example: "stockman",
        algorithm: Algorithm::SssLeft,
        row: "c g h",
        source: "Campbell App. 3, Table 12",
        agrees: true,
    },
    Stated {
        example: "table1",
        algorithm: Algorithm::QuickGame,
        row: "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9",
        source: "Bhattacharya 1995, Table 1",
        agrees: true,
    },
    Stated {
        example: "table1",
        algorithm: Algorithm::Qg1,
        row: "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9",
        source: "Bhattacharya 1995, Table 1",
        agrees: true,
    },
    Stated {
        example: "table1",
        algorithm: Algorithm::Qg2,
        row: "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9",
        source: "Bhattacharya 1995, Table 1",
        agrees: true,
    },
    Stated {
        example: "table1",
        algorithm: Algorithm::Qg3,
        row: "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9",
        source: "Bhattacharya 1995, Table 1",
        agrees: true,
    },
    Stated {
        example: "table2",
        algorithm: Algorithm::QuickGame,
        row: "1 3 2 - 8 9 - - 4 7 5 6 - - - -",
        source: "Bhattacharya 1995, Table 2",
        agrees: true,
    },
    Stated {
        example: "table2",
        algorithm: Algorithm::Qg1,
        row: "1 3 2 - 6 7 - - 4 - 5 - - - - -",
        source: "Bhattacharya 1995, Table 2",
        agrees: true,
    },
    Stated {
        example: "table2",
        algorithm: Algorithm::Qg2,
        row: "1 3 2 - 6 7 - - 4 - 5 - - - - -",
        source: "Bhattacharya 1995, Table 2",
        agrees: true,
    },
    Stated {
        example: "table2",
        algorithm: Algorithm::Qg3,
        row: "1 3 2 - 6 7 - - 4 - 5 - - - - -",
        source: "Bhattacharya 1995, Table 2",
        agrees: true,
    },
    Stated {
        example: "pi",
        algorithm: Algorithm::QuickGame,
        row: "33 leaves",
        source: "Bhattacharya 1995, §2",
        agrees: true,
    },
    Stated {
        example: "pi",
        algorithm: Algorithm::Qg1,
        row: "32 leaves",
        source: "Bhattacharya 1995, §3",
        agrees: false,
    },
    Stated {
        example: "pi",
        algorithm: Algorithm::Qg2,
        row: "32 leaves",
        source: "Bhattacharya 1995, §3",
        agrees: false,
    },
    Stated {
        example: "pi",
        algorithm: Algorithm::Qg3,
        row: "30 leaves",
        source: "Bhattacharya 1995, §3",
        agrees: true,
    },
];

/// Stockman's tree names its leaves by letters (Campbell Fig. 19).
fn stockman_letter(d: &Dewey) -> &'static str {
    match d.to_string().as_str() {
        "11" => "c",
        "1211" => "g",
        "1212" => "h",
        "1221" => "i",
        "1222" => "j",
        _ => "?",
    }
}

/// One algorithm on one example.
#[derive(Debug)]
pub struct Trace {
    pub value: i32,
    pub leaves: u64,
    pub distinct: u64,
    pub order: Vec<Dewey>,
}

/// Runs `alg` on `tree`, its evaluation order traced.
pub fn trace(alg: Algorithm, tree: &ExplicitTree) -> Result<Trace> {
    let report = gametree::search(alg, tree, &Settings::default().trace(true))?;
    let (Some(distinct), Some(order)) = (report.distinct_leaves, report.trace) else {
        bail!("{alg} traced nothing");
    };
    Ok(Trace {
        value: report.value.get(),
        leaves: report.leaves,
        distinct,
        order,
    })
}

/// The paper's layout for a uniform tree: each leaf's first evaluation rank,
/// left to right, `-` where it was not evaluated.
pub fn rank_row(order: &[Dewey], b: usize, d: usize) -> String {
    let n = b.pow(d as u32);
    let mut rank = vec![None; n];
    for (k, code) in order.iter().enumerate() {
        let slot = &mut rank[code.rank(b)];
        if slot.is_none() {
            *slot = Some(k + 1);
        }
    }
    rank.iter()
        .map(|r| r.map_or("-".to_string(), |k| k.to_string()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The figure layout: `x` for an evaluated leaf, `.` otherwise.
pub fn x_row(order: &[Dewey], b: usize, d: usize) -> String {
    let mut row = vec!['.'; b.pow(d as u32)];
    for code in order {
        row[code.rank(b)] = 'x';
    }
    row.into_iter().collect()
}

/// How a trace is shown for `example`.
pub fn shown(example: &str, tree: &ExplicitTree, tr: &Trace) -> String {
    let bounds = tree.bounds().expect("explicit trees know their shape");
    match example {
        "stockman" => tr
            .order
            .iter()
            .map(stockman_letter)
            .collect::<Vec<_>>()
            .join(" "),
        "fig1-reconstruction" => format!("`{}`", x_row(&tr.order, bounds.branching, bounds.depth)),
        _ if bounds.uniform && bounds.branching.pow(bounds.depth as u32) <= 16 => {
            rank_row(&tr.order, bounds.branching, bounds.depth)
        }
        _ => format!("{} leaves", tr.leaves),
    }
}

pub fn run(_cfg: &Config) -> Result<Doc> {
    let mut md = String::new();
    writeln!(md, "# Worked examples\n").unwrap();
    writeln!(
        md,
        "Generated by `cargo xtask reproduce`. Every algorithm on every worked-example tree of \
         the papers (files under `crates/tree-core/data/`). For uniform trees of at most 16 leaves a \
         row gives each leaf's evaluation rank left to right (`-`: not evaluated), as the papers \
         print it; Stockman's tree uses Campbell's letters; Fig. 1's tree is shown as `x`/`.` per \
         leaf. Counts include revisits; *distinct* counts each leaf once.\n"
    )
    .unwrap();
    let mut rows_csv = Vec::new();
    for ex in worked::ALL {
        let tree = ex.tree();
        let b = tree.bounds().expect("explicit");
        writeln!(md, "## {} — {}\n", ex.name, ex.source).unwrap();
        if ex.reconstruction {
            writeln!(
                md,
                "**A reconstruction**, not the published tree (see `tree_core::worked`).\n"
            )
            .unwrap();
        }
        writeln!(
            md,
            "Shape: b = {}, d = {}{}; minimax value {}{}.\n",
            b.branching,
            b.depth,
            if b.uniform {
                ", uniform"
            } else {
                ", non-uniform"
            },
            minimax(&tree),
            ex.stated_value
                .map_or(String::new(), |v| format!(" (stated: {v})"))
        )
        .unwrap();
        let mut rows = Vec::new();
        for alg in algorithms() {
            let tr = trace(alg, &tree)?;
            let stated = STATED
                .iter()
                .find(|s| s.example == ex.name && s.algorithm == alg)
                .map_or(String::new(), |s| {
                    let note = if s.agrees {
                        ""
                    } else {
                        "; we differ, see the QuickGame docs"
                    };
                    format!("{} ({}{note})", s.row, s.source)
                });
            let ours = shown(ex.name, &tree, &tr);
            rows.push(vec![
                alg.name().to_string(),
                tr.value.to_string(),
                tr.leaves.to_string(),
                tr.distinct.to_string(),
                ours.clone(),
                stated,
            ]);
            rows_csv.push(vec![
                ex.name.to_string(),
                alg.name().to_string(),
                tr.value.to_string(),
                tr.leaves.to_string(),
                tr.distinct.to_string(),
                tr.order
                    .iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            ]);
        }
        md.push_str(&md_table(
            &[
                "algorithm",
                "value",
                "leaves",
                "distinct",
                "evaluation",
                "paper",
            ],
            &rows,
        ));
        md.push('\n');
    }
    let csv = super::render::csv(
        &[
            "example",
            "algorithm",
            "value",
            "leaves",
            "distinct",
            "order",
        ],
        &rows_csv,
    );
    Ok(Doc::new("worked-examples", md, csv))
}

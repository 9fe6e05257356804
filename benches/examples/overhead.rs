//! What each search costs per node examined, beside alpha-beta, on the same
//! cheap trees in one process.
//!
//! Every algorithm of the best-first family (and the MT drivers) runs on the
//! same [`HashTree`]s as alpha-beta, through the front door
//! (`gametree::search`); nodes examined = leaf evaluations + interior
//! expansions, from the front door's report of one run (values checked
//! against alpha-beta's). Timing runs the same calls: rounds are
//! interleaved (every algorithm once per round, the order rotating), and
//! the best round of each algorithm is kept, so a noisy machine slows
//! everyone alike. Prints one Markdown table per shape: time per node and
//! per leaf, and both as ratios to alpha-beta's.
//!
//! ```text
//! cargo run --release -p benches --example overhead -- [--shapes 8x7,4x10] \
//!     [--rounds 5] [--nodes 300000] [--only recsss,memsss] [--csv | --matrix]
//! ```
//!
//! The searches are [`benches::overhead::searches`]: `recsss+leaf`,
//! `memsss+store@…` and the like are the non-default setting of the
//! odd-depth leaf search, where it changes anything.

use std::hint::black_box;
use std::time::{Duration, Instant};

use benches::overhead::{count, mt_table_bytes, searches};
use gametree::{Algorithm, Config};
use tree_core::{Bounds, HashTree};

struct Row {
    name: String,
    leaves: u64,
    nodes: u64,
    best: Duration,
}

fn main() {
    let mut shapes: Vec<(usize, usize)> = vec![
        (2, 15),
        (2, 16),
        (3, 11),
        (4, 8),
        (4, 9),
        (4, 10),
        (8, 5),
        (8, 6),
        (8, 7),
        (16, 4),
        (16, 5),
        (24, 5),
        (32, 3),
        (32, 4),
    ];
    let mut rounds = 5;
    let mut target_nodes: u64 = 300_000;
    let mut only: Vec<String> = Vec::new();
    let mut csv = false;
    let mut matrix = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--shapes" => {
                shapes = value()
                    .split(',')
                    .map(|s| {
                        let (b, d) = s.split_once('x').expect("shape as BxD");
                        (b.parse().expect("b"), d.parse().expect("d"))
                    })
                    .collect();
            }
            "--rounds" => rounds = value().parse().expect("rounds"),
            "--nodes" => target_nodes = value().parse().expect("nodes"),
            "--only" => only = value().split(',').map(String::from).collect(),
            "--csv" => csv = true,
            "--matrix" => matrix = true,
            other => panic!("unknown argument {other}"),
        }
    }
    if csv {
        println!("b,d,trees,algorithm,leaves,nodes,ns_per_node,ratio_node,ns_per_leaf,ratio_leaf");
    }
    // (search without its budget, shape, ratio per node) for `--matrix`.
    let mut cells: Vec<(String, String, f64)> = Vec::new();
    for &(b, d) in &shapes {
        let bounds = Bounds::uniform(b, d);
        // Enough trees that alpha-beta examines about `target_nodes` nodes.
        let probe = HashTree::new(b, d, 0).expect("shape");
        let r = gametree::search(Algorithm::AlphaBeta, &probe, &Config::default()).expect("search");
        let per_tree = (r.leaves + r.interior).max(1);
        let n = target_nodes.div_ceil(per_tree).clamp(1, 1000);
        let trees: Vec<HashTree> = (0..n)
            .map(|i| HashTree::new(b, d, i).expect("shape"))
            .collect();
        let mt_bytes = if only.is_empty() || only.iter().any(|o| o.starts_with("mt")) {
            mt_table_bytes(&trees)
        } else {
            0
        };
        let list = searches(bounds, &only, mt_bytes);
        let mut rows: Vec<Row> = list
            .iter()
            .map(|s| {
                let (leaves, nodes) = count(s, &trees);
                Row {
                    name: s.name.clone(),
                    leaves,
                    nodes,
                    best: Duration::MAX,
                }
            })
            .collect();
        for round in 0..rounds {
            for k in 0..list.len() {
                let i = (k + round) % list.len();
                let start = Instant::now();
                for t in &trees {
                    black_box(list[i].run(t));
                }
                rows[i].best = rows[i].best.min(start.elapsed());
            }
        }
        let ns = |r: &Row, per: u64| r.best.as_nanos() as f64 / per.max(1) as f64;
        let (ab_node, ab_leaf) = (ns(&rows[0], rows[0].nodes), ns(&rows[0], rows[0].leaves));
        for r in &rows {
            let name = match r.name.split_once('=') {
                Some((n, _)) => n.to_string(),
                None => r.name.clone(),
            };
            cells.push((name, format!("({b},{d})"), ns(r, r.nodes) / ab_node));
        }
        if matrix {
            continue;
        }
        if !csv {
            println!(
                "\n({b},{d}), {n} trees, best of {rounds} interleaved rounds\n\n\
                 | search | leaves/tree | nodes/tree | ns/node | × alpha-beta | ns/leaf | × alpha-beta |\n\
                 |---|---:|---:|---:|---:|---:|---:|"
            );
        }
        for r in &rows {
            let (pn, pl) = (ns(r, r.nodes), ns(r, r.leaves));
            if csv {
                println!(
                    "{b},{d},{n},{},{},{},{pn:.2},{:.3},{pl:.2},{:.3}",
                    r.name,
                    r.leaves,
                    r.nodes,
                    pn / ab_node,
                    pl / ab_leaf
                );
            } else {
                println!(
                    "| {} | {:.0} | {:.0} | {pn:.1} | {:.2} | {pl:.1} | {:.2} |",
                    r.name,
                    r.leaves as f64 / n as f64,
                    r.nodes as f64 / n as f64,
                    pn / ab_node,
                    pl / ab_leaf
                );
            }
        }
    }
    if matrix {
        print_matrix(&shapes, &cells, rounds);
    }
}

/// One Markdown table: a row per search, a column per shape, time per node
/// as a ratio to alpha-beta's.
fn print_matrix(shapes: &[(usize, usize)], cells: &[(String, String, f64)], rounds: usize) {
    let columns: Vec<String> = shapes.iter().map(|(b, d)| format!("({b},{d})")).collect();
    println!(
        "Time per node examined ÷ alpha-beta's, best of {rounds} interleaved rounds\n\n\
         | search | {} |\n|---|{}",
        columns.join(" | "),
        "---:|".repeat(columns.len())
    );
    let mut names: Vec<&str> = Vec::new();
    for (name, _, _) in cells {
        if name != "alphabeta" && !names.contains(&name.as_str()) {
            names.push(name);
        }
    }
    for name in names {
        let row: Vec<String> = columns
            .iter()
            .map(|c| {
                cells
                    .iter()
                    .find(|(n, s, _)| n == name && s == c)
                    .map_or("–".to_string(), |(_, _, r)| format!("{r:.2}"))
            })
            .collect();
        println!("| {name} | {} |", row.join(" | "));
    }
}

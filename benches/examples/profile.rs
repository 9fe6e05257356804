//! One search on many [`HashTree`]s, nothing else: a target for `perf
//! record` or `valgrind --tool=callgrind` when working on one algorithm's
//! cost per node (the `overhead` example compares them all with alpha-beta).
//! The search runs through the front door (`gametree::search`), as every
//! measurement of the workspace does: its profile includes the counting
//! at the trait boundary.
//!
//! ```text
//! cargo build --release -p benches --example profile
//! valgrind --tool=callgrind target/release/examples/profile recsss 8x7 3
//! perf record -e cpu-clock -g target/release/examples/profile memsss@min 2x16 16 20
//! ```
//!
//! Arguments: the search (`alphabeta`, `recsss`, `recsss+leaf`, `recdual`,
//! `recdual+leaf`, `memsss@min|mid|max|M`, `memdual@…`, either with `+store`
//! for the odd-depth leaf search off, `itersss@min|mid|max|M`, `mgame/N`,
//! `quickgame`, `qg1`, `qg2`, `qg3`, the last three with `+floor`,
//! `mt-sss`, `mt-dual`, `mtdf`: the MT drivers with a table sized as the
//! `overhead` example sizes it, or any other algorithm's name: `sss`,
//! `dual`, `staged-sss`, `abs`, `sa4`, …), the shape `BxD`, the number of
//! trees (default 10) and of passes over them (default 1). Prints the
//! leaves and interior nodes examined per pass, from the front door's
//! report.

use std::hint::black_box;

use benches::overhead::{budget, mt_table_bytes};
use gametree::{Algorithm, Config};
use tree_core::{Bounds, HashTree};

/// The algorithm `spec` names and its settings, on trees of shape `bounds`
/// (the MT drivers' table sized for `trees`).
fn parse(spec: &str, bounds: Bounds, trees: &[HashTree]) -> Result<(Algorithm, Config), String> {
    let (name, flag) = spec.split_once('+').unwrap_or((spec, ""));
    let (base, at) = match name.split_once(['@', '/']) {
        Some((base, at)) => (base, Some(at)),
        None => (name, None),
    };
    let a: Algorithm = base.parse().map_err(|e: gametree::Error| e.to_string())?;
    let mut config = match flag {
        "" => Config::default(),
        "leaf" => Config::default().odd_depth_leaf_search(true),
        "store" => Config::default().odd_depth_leaf_search(false),
        "floor" => Config::default().alpha_floor(true),
        other => return Err(format!("unknown setting +{other} (leaf, store, floor)")),
    };
    if let Some(at) = at {
        config = match a {
            Algorithm::MGame => {
                config.searchd(at.parse().map_err(|_| format!("mgame/{at}: a number"))?)
            }
            _ => {
                let m = budget(a, bounds, &config, at)?;
                config.memory(m)
            }
        };
    }
    if matches!(a, Algorithm::MtSss | Algorithm::MtDual | Algorithm::Mtdf) {
        config = config.table_bytes(mt_table_bytes(trees));
    }
    config.check(a).map_err(|e| e.to_string())?;
    Ok((a, config))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("recsss", String::as_str);
    let (b, d) = args
        .get(1)
        .map_or("8x7", String::as_str)
        .split_once('x')
        .expect("shape as BxD");
    let (b, d): (usize, usize) = (b.parse().expect("b"), d.parse().expect("d"));
    let n: u64 = args.get(2).map_or(10, |s| s.parse().expect("trees"));
    let passes: usize = args.get(3).map_or(1, |s| s.parse().expect("passes"));
    let bounds = Bounds::uniform(b, d);
    let trees: Vec<HashTree> = (0..n).map(|i| HashTree::new(b, d, i).unwrap()).collect();
    let (a, config) = parse(spec, bounds, &trees).unwrap_or_else(|e| {
        eprintln!("profile: {e}");
        std::process::exit(2);
    });
    let (mut leaves, mut interior) = (0, 0);
    for t in &trees {
        let r = gametree::search(a, t, &config).expect("search");
        let ab = gametree::search(Algorithm::AlphaBeta, t, &Config::default()).expect("search");
        assert_eq!(r.value, ab.value);
        leaves += r.leaves;
        interior += r.interior;
    }
    for _ in 0..passes {
        for t in &trees {
            black_box(gametree::search(a, t, &config).expect("search"));
        }
    }
    println!("{spec} on {n} ({b},{d}) trees: {leaves} leaves, {interior} interior per pass");
}

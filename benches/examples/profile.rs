//! One search on many [`HashTree`]s, nothing else: a target for `perf
//! record` or `valgrind --tool=callgrind` when working on one algorithm's
//! cost per node (the `overhead` example compares them all with alpha-beta).
//!
//! ```text
//! cargo build --release -p benches --example profile
//! valgrind --tool=callgrind target/release/examples/profile recsss 8x7 3
//! perf record -e cpu-clock -g target/release/examples/profile memsss@min 2x16 16 20
//! ```
//!
//! Arguments: the search (`alphabeta`, `recsss`, `recsss+leaf`, `recdual`,
//! `recdual+leaf`, `memsss@min|mid|max`, `memdual@…`, either with `+store`
//! for the odd-depth leaf search off, `itersss@min|mid|max|M`, `mgame/N`,
//! `quickgame`, `qg1`, `qg2`, `qg3`, the last three with `+floor`,
//! `mt-sss`, `mt-dual`, `mtdf`: the MT drivers with one table reused from
//! tree to tree, sized as the `overhead` example sizes it, or any other
//! registry name: `sss`, `dual`, `staged-sss`, `abs`, `sa4`, …), the shape
//! `BxD`, the number of trees (default 10) and of passes over them
//! (default 1). Prints the leaves and interior nodes examined per pass,
//! from a [`Counted`] pass.

use std::hint::black_box;

use benches::overhead::mt_table_bytes;
use search_bestfirst::{
    BestFirstError, IterConfig, MemConfig, MgConfig, QgConfig, QgOpen, QgVariant, RecConfig,
    itersss, itersss_minimum, memdual, memdual_maximum, memdual_minimum, memsss, memsss_maximum,
    memsss_minimum, mgame, minimum_memory, qg_search, recdual, recsss,
};
use search_depthfirst::{
    MTDF_FIRST_GUESS, TranspositionTable, Window, alphabeta, mt_dual, mt_sss, mtdf,
};
use tree_core::{Bounds, Counted, HashTree, Tree, Value};

fn run<T: Tree>(spec: &str, bounds: Bounds, tree: &T, tt: &mut TranspositionTable) -> Value {
    let (name, flag) = spec.split_once('+').unwrap_or((spec, ""));
    type Size = fn(Bounds, bool) -> Result<usize, BestFirstError>;
    let mem = |min: Size, max: Size, at: &str| {
        let leaf = flag != "store";
        let (lo, hi): (usize, usize) = (min(bounds, leaf).unwrap(), max(bounds, leaf).unwrap());
        let m = match at {
            "min" => lo,
            "mid" => lo + (hi - lo) / 2,
            "max" => hi,
            other => other.parse().expect("memsss@min|mid|max|M"),
        };
        MemConfig {
            memory: Some(m),
            shape: None,
            odd_depth_leaf_search: leaf,
        }
    };
    let rec = RecConfig {
        shape: None,
        odd_depth_leaf_search: flag == "leaf",
    };
    let qg = |v| {
        let cfg = QgConfig::default().with_alpha_floor(flag == "floor");
        qg_search(tree, v, &cfg, &mut QgOpen::new()).unwrap().value
    };
    match name.split_once(['@', '/']) {
        Some(("memsss", at)) => {
            memsss(tree, &mem(memsss_minimum, memsss_maximum, at))
                .unwrap()
                .value
        }
        Some(("memdual", at)) => {
            memdual(tree, &mem(memdual_minimum, memdual_maximum, at))
                .unwrap()
                .value
        }
        Some(("itersss", at)) => {
            let lo = itersss_minimum(bounds).unwrap();
            let hi = minimum_memory(bounds, false).unwrap().max(lo);
            let m = match at {
                "min" => lo,
                "mid" => lo + (hi - lo) / 2,
                "max" => hi,
                other => other.parse().expect("itersss@min|mid|max|M"),
            };
            let cfg = IterConfig {
                memory: Some(m),
                shape: None,
            };
            itersss(tree, &cfg).unwrap().value
        }
        Some(("mgame", n)) => {
            mgame(tree, &MgConfig::new(n.parse().expect("mgame/N")))
                .unwrap()
                .value
        }
        _ => match name {
            "alphabeta" => alphabeta(tree, Window::FULL).unwrap(),
            "recsss" => recsss(tree, &rec).unwrap().value,
            "recdual" => recdual(tree, &rec).unwrap().value,
            "quickgame" => qg(QgVariant::QuickGame),
            "qg1" => qg(QgVariant::Qg1),
            "qg2" => qg(QgVariant::Qg2),
            "qg3" => qg(QgVariant::Qg3),
            "mt-sss" => mt_sss(tree, tt).unwrap().value,
            "mt-dual" => mt_dual(tree, tt).unwrap().value,
            "mtdf" => mtdf(tree, tt, MTDF_FIRST_GUESS).unwrap().value,
            // Any other registry search (`sss`, `dual`, `staged-sss`, `abs`,
            // `sa4`, …) with the registry's defaults.
            other => {
                other
                    .parse::<search_bestfirst::Algorithm>()
                    .unwrap_or_else(|_| panic!("unknown search {other}"))
                    .run(tree, &search_bestfirst::Options::default())
                    .unwrap()
                    .value
            }
        },
    }
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
    let mut tt = TranspositionTable::with_bytes(if spec.starts_with("mt") {
        mt_table_bytes(&trees)
    } else {
        0
    })
    .unwrap();
    let (mut leaves, mut interior) = (0, 0);
    for t in &trees {
        let c = Counted::new(t);
        assert_eq!(
            run(spec, bounds, &c, &mut tt),
            alphabeta(t, Window::FULL).unwrap()
        );
        leaves += c.stats().leaves;
        interior += c.stats().interior;
    }
    for _ in 0..passes {
        for t in &trees {
            black_box(run(spec, bounds, t, &mut tt));
        }
    }
    println!("{spec} on {n} ({b},{d}) trees: {leaves} leaves, {interior} interior per pass");
}

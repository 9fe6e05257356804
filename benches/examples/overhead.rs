//! What each search costs per node examined, beside alpha-beta, on the same
//! cheap trees in one process.
//!
//! Every algorithm of the best-first family (and the MT drivers) runs on the
//! same [`HashTree`]s as alpha-beta; nodes examined = leaf evaluations +
//! interior expansions, counted once by [`Counted`] (values checked against
//! alpha-beta's). Timing runs the uncounted tree: rounds are interleaved
//! (every algorithm once per round, the order rotating), and the best round
//! of each algorithm is kept, so a noisy machine slows everyone alike.
//! Prints one Markdown table per shape: time per node and per leaf, and
//! both as ratios to alpha-beta's.
//!
//! ```text
//! cargo run --release -p benches --example overhead -- [--shapes 8x7,4x10] \
//!     [--rounds 5] [--nodes 300000] [--only recsss,memsss] [--csv]
//! ```

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use search_bestfirst::{
    Algorithm, Options, itersss_minimum, memdual_maximum, memdual_minimum, memsss_maximum,
    memsss_minimum, minimum_memory,
};
use search_depthfirst::{
    Algorithm as DfAlgorithm, MTDF_FIRST_GUESS, TranspositionTable, Window, alphabeta, mt_dual,
    mt_sss, mtdf,
};
use tree_core::{Bounds, Counted, HashTree, Tree, Value};

/// How to run one search on a tree.
type Runner = Box<dyn Fn(&dyn DynTree) -> Value>;

/// One search of the table: a name and how to run it on a tree.
struct Search {
    name: String,
    run: Runner,
}

/// The trees, as one object type so that searches can be boxed closures.
trait DynTree {
    fn hash(&self) -> &HashTree;
    fn counted(&self) -> Option<&Counted<&HashTree>>;
}

struct Plain<'a>(&'a HashTree);
impl DynTree for Plain<'_> {
    fn hash(&self) -> &HashTree {
        self.0
    }
    fn counted(&self) -> Option<&Counted<&HashTree>> {
        None
    }
}

struct WithCounts<'a>(&'a HashTree, Counted<&'a HashTree>);
impl DynTree for WithCounts<'_> {
    fn hash(&self) -> &HashTree {
        self.0
    }
    fn counted(&self) -> Option<&Counted<&HashTree>> {
        Some(&self.1)
    }
}

/// Runs `f` on the counted tree if there is one, else on the plain tree.
macro_rules! on {
    ($t:expr, |$x:ident| $body:expr) => {
        match $t.counted() {
            Some($x) => $body,
            None => {
                let $x = $t.hash();
                $body
            }
        }
    };
}

fn bestfirst(a: Algorithm, memory: Option<usize>, name: String) -> Search {
    let opts = Options {
        memory,
        ..Options::default()
    };
    Search {
        name,
        run: Box::new(move |t| on!(t, |x| a.run(x, &opts).expect("search").value)),
    }
}

/// The value of the MT driver `a` on `tree` with the table `tt`.
fn mt_driver<T: Tree>(a: DfAlgorithm, tree: &T, tt: &mut TranspositionTable) -> Value {
    match a {
        DfAlgorithm::MtSss => mt_sss(tree, tt),
        DfAlgorithm::MtDual => mt_dual(tree, tt),
        _ => mtdf(tree, tt, MTDF_FIRST_GUESS),
    }
    .expect("search")
    .value
}

/// The MT drivers' table for `trees`: the smallest power of two of entries
/// that holds every node any driver stores on any of them without
/// replacing one (at most three quarters full), so that they evaluate the
/// same leaves as with unlimited memory, and no more than that.
fn mt_table_bytes(trees: &[HashTree]) -> usize {
    let mut most = 0;
    for t in trees {
        let mut roomy = TranspositionTable::for_shape(t.bounds());
        for a in [DfAlgorithm::MtSss, DfAlgorithm::MtDual, DfAlgorithm::Mtdf] {
            mt_driver(a, t, &mut roomy);
            most = most.max(roomy.len());
        }
    }
    (most * 4).div_ceil(3).next_power_of_two() * TranspositionTable::ENTRY_BYTES
}

fn searches(bounds: Bounds, only: &[String], mt_bytes: usize) -> Vec<Search> {
    let mut s = vec![Search {
        name: "alphabeta".into(),
        run: Box::new(|t| on!(t, |x| alphabeta(x, Window::FULL).expect("search"))),
    }];
    for a in [
        Algorithm::RecSss,
        Algorithm::RecDual,
        Algorithm::QuickGame,
        Algorithm::Qg1,
        Algorithm::Qg2,
        Algorithm::Qg3,
    ] {
        s.push(bestfirst(a, None, a.name().into()));
    }
    let mid = |lo: usize, hi: usize| lo + (hi - lo) / 2;
    let mem = [
        (
            Algorithm::MemSss,
            memsss_minimum(bounds, true).ok(),
            memsss_maximum(bounds, true).ok(),
        ),
        (
            Algorithm::MemDual,
            memdual_minimum(bounds, true).ok(),
            memdual_maximum(bounds, true).ok(),
        ),
    ];
    for (a, lo, hi) in mem {
        if let (Some(lo), Some(hi)) = (lo, hi) {
            for (tag, m) in [("min", lo), ("mid", mid(lo, hi)), ("max", hi)] {
                s.push(bestfirst(a, Some(m), format!("{}@{tag}={m}", a.name())));
            }
        }
    }
    for searchd in [4, 6] {
        if searchd < bounds.depth {
            let opts = Options {
                searchd,
                ..Options::default()
            };
            s.push(Search {
                name: format!("mgame/{searchd}"),
                run: Box::new(move |t| {
                    on!(t, |x| Algorithm::MGame.run(x, &opts).expect("search").value)
                }),
            });
        }
    }
    if let (Ok(lo), Ok(hi)) = (itersss_minimum(bounds), minimum_memory(bounds, false)) {
        let hi = hi.max(lo);
        for (tag, m) in [("min", lo), ("mid", mid(lo, hi)), ("max", hi)] {
            s.push(bestfirst(
                Algorithm::IterSss,
                Some(m),
                format!("itersss@{tag}={m}"),
            ));
        }
    }
    for a in [
        Algorithm::SssStockman,
        Algorithm::SssLeft,
        Algorithm::Sss,
        Algorithm::Dual,
        Algorithm::StagedSss,
        Algorithm::Sab,
        Algorithm::Abs,
        Algorithm::Sa4,
        Algorithm::As4,
    ] {
        s.push(bestfirst(a, None, a.name().into()));
    }
    // The MT drivers reuse one table per driver (scratch space, as the
    // crate's API intends; the drivers clear it in constant time) of
    // `mt_bytes` (see `mt_table_bytes`).
    for a in [DfAlgorithm::MtSss, DfAlgorithm::MtDual, DfAlgorithm::Mtdf] {
        let tt = RefCell::new(TranspositionTable::with_bytes(mt_bytes).expect("table"));
        s.push(Search {
            name: a.name().into(),
            run: Box::new(move |t| {
                let tt = &mut *tt.borrow_mut();
                on!(t, |x| mt_driver(a, x, tt))
            }),
        });
    }
    s.retain(|x| {
        x.name == "alphabeta"
            || only.is_empty()
            || only
                .iter()
                .any(|o| x.name == *o || x.name.starts_with(&format!("{o}@")))
    });
    s
}

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
            other => panic!("unknown argument {other}"),
        }
    }
    if csv {
        println!("b,d,trees,algorithm,leaves,nodes,ns_per_node,ratio_node,ns_per_leaf,ratio_leaf");
    }
    for (b, d) in shapes {
        let bounds = Bounds::uniform(b, d);
        // Enough trees that alpha-beta examines about `target_nodes` nodes.
        let probe = HashTree::new(b, d, 0).expect("shape");
        let c = Counted::new(&probe);
        alphabeta(&c, Window::FULL).expect("search");
        let per_tree = (c.stats().leaves + c.stats().interior).max(1);
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
                let (mut leaves, mut nodes) = (0, 0);
                for t in &trees {
                    let w = WithCounts(t, Counted::new(t));
                    let v = (s.run)(&w);
                    let truth = alphabeta(t, Window::FULL).expect("search");
                    assert_eq!(v, truth, "{} on ({b},{d})", s.name);
                    let st = w.1.stats();
                    leaves += st.leaves;
                    nodes += st.leaves + st.interior;
                }
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
                    black_box((list[i].run)(&Plain(t)));
                }
                rows[i].best = rows[i].best.min(start.elapsed());
            }
        }
        let ns = |r: &Row, per: u64| r.best.as_nanos() as f64 / per.max(1) as f64;
        let (ab_node, ab_leaf) = (ns(&rows[0], rows[0].nodes), ns(&rows[0], rows[0].leaves));
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
}

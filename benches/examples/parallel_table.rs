//! The speed-up and search-overhead table of `docs/PARALLEL.md`: sequential
//! alpha-beta on one thread against each threaded search on K threads, on
//! the same cheap trees, with the processor-tree simulator's prediction for
//! the same trees beside it.
//!
//! One process, interleaved rounds (every search once per round, the order
//! rotating), best round of each kept, so a busy machine slows everyone
//! alike; the load average is printed before and after, and a speed-up
//! measured while other processes compete for the cores means little.
//! Values are checked against alpha-beta's before anything is timed.
//!
//! Before the table, the machine's ceiling: K independent alpha-beta
//! searches of the same trees at once on K threads against one (2.00 on
//! two idle cores; less when the cores are shared or slow down together).
//!
//! Columns: `1 thr ÷ α-β` is the search on one thread against alpha-beta's
//! time (the parallel code's own cost; it should be 1.00); `speed-up` is
//! alpha-beta's best time over the search's best time on K threads;
//! `overhead` is the search's leaves on K threads (mean over the rounds)
//! over alpha-beta's; `sim speed-up` / `sim overhead` are
//! `search_parallel::simulate` on the processor tree (1, K) (EVALTIME = 1
//! per terminal, communication free): tree-splitting with Fig. 11's window
//! update, pv-splitting as Campbell simulated it (pvsplit at the root
//! processor); the simulator has no YBWC.
//!
//! Every timed search runs through the front door (`gametree::search`,
//! which counts leaves at the trait boundary, a striped atomic counter for
//! the threaded searches); the leaves are its. The threads' activity (idle
//! time, hand-offs) is in the engine's report only: after the timed
//! rounds, each threaded search on K threads runs once more per round on
//! every tree on the engine itself (`search_parallel::threads::search`),
//! and the activity columns are those runs'.
//!
//! ```text
//! cargo run --release -p benches --example parallel_table -- \
//!     [--sets random-8x9,random-24x5,strong-8x12,strong-24x7,othello-9] \
//!     [--trees 3] [--rounds 7] [--threads 2] [--algos ybwc,treesplit,pvsplit] [--no-sim]
//! ```

use std::hint::black_box;
use std::time::{Duration, Instant};

use gametree::{Algorithm, Config, Family};
use othello::Othello;
use search_parallel::threads::{ThreadActivity, ThreadAlgorithm, ThreadConfig};
use search_parallel::{ProcessorTree, SimAlgorithm, simulate};
use tree_core::{HashTree, Horizon, OrderedHashTree, Tree, Value};

struct Options {
    trees: u64,
    rounds: usize,
    threads: usize,
    algos: Vec<Algorithm>,
    sim: bool,
}

/// One timed search: a name and the searches' leaves over the set.
struct Entry {
    label: String,
    algorithm: Algorithm,
    threads: usize,
    config: Config,
    best: Duration,
    leaves: u64,
    runs: u64,
    /// Summed over the engine's own runs (trees × rounds).
    activity: ThreadActivity,
    /// Wall time summed over the engine's own runs.
    wall: Duration,
    searches: u64,
}

impl Entry {
    fn new(label: String, algorithm: Algorithm, threads: usize) -> Entry {
        let config = match algorithm.family() {
            Family::Threads => Config::default().threads(threads),
            _ => Config::default(),
        };
        Entry {
            label,
            algorithm,
            threads,
            config,
            best: Duration::MAX,
            leaves: 0,
            runs: 0,
            activity: ThreadActivity::default(),
            wall: Duration::ZERO,
            searches: 0,
        }
    }

    /// K independent alpha-beta searches at once, the machine's ceiling.
    fn is_ceiling(&self) -> bool {
        self.algorithm == Algorithm::AlphaBeta && self.threads > 1
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// One search of `t` through the front door: its value and leaves.
fn run_one<T>(e: &Entry, t: &T) -> (Value, u64)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let r = gametree::search(e.algorithm, t, &e.config).expect("search runs");
    (r.value, r.leaves)
}

/// The timed rounds; `partners(true)` starts the partner threads of the
/// ceiling entry on the trees, `partners(false)` waits for them.
fn measure_rounds<T>(entries: &mut [Entry], trees: &[T], o: &Options, partners: impl Fn(bool))
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    for round in 0..o.rounds {
        let n = entries.len();
        for k in 0..n {
            let e = &mut entries[(k + round) % n];
            let ceiling = e.is_ceiling();
            let start = Instant::now();
            if ceiling {
                partners(true);
            }
            let mut leaves = 0;
            for t in trees {
                let (v, l) = run_one(e, t);
                black_box(v);
                leaves += l;
            }
            if ceiling {
                partners(false);
            }
            e.best = e.best.min(start.elapsed());
            e.leaves += leaves;
            e.runs += 1;
        }
    }
}

/// The threads' activity of each threaded entry on K threads: its search
/// run on the engine itself, once per round on every tree.
fn measure_activity<T>(entries: &mut [Entry], trees: &[T], o: &Options)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    for e in entries
        .iter_mut()
        .filter(|e| e.algorithm.family() == Family::Threads && e.threads == o.threads)
    {
        let engine: ThreadAlgorithm = e.algorithm.name().parse().expect("a threaded search");
        let mut activity = vec![e.activity];
        for _ in 0..o.rounds {
            for t in trees {
                let start = Instant::now();
                let r = search_parallel::threads::search(engine, t, ThreadConfig::new(e.threads))
                    .expect("search runs");
                e.wall += start.elapsed();
                e.searches += 1;
                activity.push(ThreadActivity::total(&r.activity));
            }
        }
        e.activity = ThreadActivity::total(&activity);
    }
}

fn measure<T>(name: &str, trees: &[T], o: &Options)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let start_load = load();
    // Alpha-beta's value and leaves: the reference.
    let mut entries = vec![
        Entry::new("alpha-beta".into(), Algorithm::AlphaBeta, 1),
        Entry::new(
            format!("{} independent alpha-beta searches", o.threads),
            Algorithm::AlphaBeta,
            o.threads,
        ),
    ];
    let mut ab_leaves = 0;
    let values: Vec<Value> = trees
        .iter()
        .map(|t| {
            let (v, leaves) = run_one(&entries[0], t);
            ab_leaves += leaves;
            v
        })
        .collect();
    for &a in &o.algos {
        for k in [1, o.threads] {
            entries.push(Entry::new(format!("{a}/{k}"), a, k));
        }
    }
    // Values first (this also builds the pools the timed runs use).
    for e in &entries {
        for (t, v) in trees.iter().zip(&values) {
            assert_eq!(run_one(e, t).0, *v, "{} on {name}", e.label);
        }
    }
    // The machine's ceiling: K − 1 kept partner threads search every tree
    // by alpha-beta while this thread does too.
    let (go, partners_done) = (
        std::sync::mpsc::channel::<()>(),
        std::sync::mpsc::channel::<()>(),
    );
    let (go_tx, go_rx) = go;
    let go_rx = std::sync::Mutex::new(go_rx);
    let (done_tx, done_rx) = partners_done;
    let partner = Entry::new("alpha-beta".into(), Algorithm::AlphaBeta, 1);
    let partner = &partner;
    std::thread::scope(|s| {
        for _ in 1..o.threads {
            let (go_rx, done_tx) = (&go_rx, done_tx.clone());
            s.spawn(move || {
                loop {
                    let next = go_rx.lock().expect("not poisoned").recv();
                    if next.is_err() {
                        break;
                    }
                    for t in trees {
                        black_box(run_one(partner, t));
                    }
                    done_tx.send(()).expect("the main thread waits");
                }
            });
        }
        let partners = |start: bool| {
            for _ in 1..o.threads {
                if start {
                    go_tx.send(()).expect("partners run");
                } else {
                    done_rx.recv().expect("partners run");
                }
            }
        };
        measure_rounds(&mut entries, trees, o, partners);
        drop(go_tx);
    });
    measure_activity(&mut entries, trees, o);
    let end_load = load();
    let sims: Vec<Option<(f64, f64)>> = [SimAlgorithm::TreeSplitUpdate, SimAlgorithm::PvSplit]
        .into_iter()
        .map(|a| {
            if !o.sim {
                return None;
            }
            let p = ProcessorTree {
                depth: 1,
                width: o.threads,
            };
            let (mut seq, mut elapsed, mut total) = (0, 0, 0);
            for (t, v) in trees.iter().zip(&values) {
                let r = simulate(a, t, p).ok()?;
                assert_eq!(r.value, *v, "simulated {a} on {name}");
                seq += r.sequential;
                elapsed += r.elapsed;
                total += r.total;
            }
            Some((seq as f64 / elapsed as f64, total as f64 / seq as f64))
        })
        .collect();
    let ab = entries[0].best.as_secs_f64();
    let ceiling = o.threads as f64 * ab / entries[1].best.as_secs_f64();
    println!(
        "\n{name}: {} trees, alpha-beta {} leaves per tree, {:.2} ms per tree; \
         best of {} interleaved rounds; load average {start_load} before, {end_load} after\n",
        trees.len(),
        ab_leaves / trees.len() as u64,
        ab * 1e3 / trees.len() as f64,
        o.rounds
    );
    println!(
        "machine ceiling: {k} independent alpha-beta searches at once do {ceiling:.2}× the work \
         of one in the same time\n",
        k = o.threads
    );
    println!(
        "| search | 1 thr ÷ α-β | speed-up ({k} thr) | overhead ({k} thr) | sim speed-up | sim overhead | idle ({k} thr) | hand-offs per search | µs per hand-off |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|",
        k = o.threads
    );
    for &a in &o.algos {
        let one = entries
            .iter()
            .find(|e| e.algorithm == a && e.threads == 1)
            .expect("entry");
        let many = entries
            .iter()
            .find(|e| e.algorithm == a && e.threads == o.threads)
            .expect("entry");
        let sim = match a {
            Algorithm::TreeSplit => sims[0],
            Algorithm::PvSplit => sims[1],
            _ => None,
        };
        let (ss, so) = sim.map_or(("—".into(), "—".into()), |(s, v)| {
            (format!("{s:.2}"), format!("{v:.3}"))
        });
        let act = many.activity;
        let splits = act.joins.max(1) as f64;
        println!(
            "| {a} | {:.2} | {:.2} | {:.3} | {ss} | {so} | {:.1}% | {:.1} | {:.1} |",
            one.best.as_secs_f64() / ab,
            ab / many.best.as_secs_f64(),
            many.leaves as f64 / many.runs as f64 / ab_leaves as f64,
            100.0 * act.idle.as_secs_f64() / (o.threads as f64 * many.wall.as_secs_f64()),
            act.joins as f64 / many.searches as f64,
            act.handoff.as_secs_f64() * 1e6 / splits,
        );
    }
}

fn main() {
    let mut o = Options {
        trees: 3,
        rounds: 7,
        threads: 2,
        algos: vec![Algorithm::Ybwc, Algorithm::TreeSplit, Algorithm::PvSplit],
        sim: true,
    };
    let mut sets: Vec<String> = [
        "random-8x9",
        "random-24x5",
        "strong-8x12",
        "strong-24x7",
        "othello-9",
    ]
    .map(String::from)
    .to_vec();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| panic!("{a} needs a value"));
        match a.as_str() {
            "--sets" => sets = value().split(',').map(String::from).collect(),
            "--trees" => o.trees = value().parse().expect("trees"),
            "--rounds" => o.rounds = value().parse().expect("rounds"),
            "--threads" => o.threads = value().parse().expect("threads"),
            "--algos" => {
                o.algos = value()
                    .split(',')
                    .map(|s| s.parse().expect("algorithm"))
                    .collect();
                if let Some(a) = o.algos.iter().find(|a| a.family() != Family::Threads) {
                    panic!("{a} is not a multi-threaded search (treesplit, pvsplit, ybwc, ...)");
                }
            }
            "--no-sim" => o.sim = false,
            other => panic!("unknown argument {other}"),
        }
    }
    for set in &sets {
        let shape = |s: &str| -> (usize, usize) {
            let (b, d) = s.split_once('x').expect("shape as BxD");
            (b.parse().expect("b"), d.parse().expect("d"))
        };
        if let Some(s) = set.strip_prefix("random-") {
            let (b, d) = shape(s);
            let trees: Vec<HashTree> = (0..o.trees)
                .map(|i| HashTree::new(b, d, i).expect("shape"))
                .collect();
            measure(&format!("random ({b},{d}) HashTree"), &trees, &o);
        } else if let Some(s) = set.strip_prefix("strong-") {
            let (b, d) = shape(s);
            let trees: Vec<OrderedHashTree> = (0..o.trees)
                .map(|i| OrderedHashTree::strong(b, d, i).expect("shape"))
                .collect();
            measure(&format!("strong ({b},{d}) OrderedHashTree"), &trees, &o);
        } else if let Some(s) = set.strip_prefix("othello-") {
            let depth: u32 = s.parse().expect("depth");
            let positions = othello::experiment_positions();
            let trees: Vec<Horizon<Othello>> = (0..o.trees as usize)
                .map(|k| Horizon::new(Othello, positions[k], depth))
                .collect();
            measure(&format!("Othello depth {depth}"), &trees, &o);
        } else {
            panic!("unknown set {set}");
        }
    }
}

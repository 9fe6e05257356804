//! A small driver for profiling the multi-threaded searches with `perf` or
//! `valgrind`: runs one algorithm (or `alphabeta`) on the trees of one shape
//! over and over, through the front door (`gametree::search`, which counts
//! leaves at the trait boundary), and prints the mean time per round.
//!
//! Shapes: `random-24x4`, `strong-24x4`, `random-8x6` (the bench's
//! generated trees, ten each), `hash-BxD` ([`HashTree`]s),
//! `ordered-BxD` (strongly ordered [`OrderedHashTree`]s), `othello-D`
//! (the first experiment positions searched to depth D); the fifth
//! argument is the number of trees of the last three (default 3). With
//! `VERBOSE` set, each tree's search is also run once on the engine itself
//! (`search_parallel::threads::search`), whose report has the jobs and
//! each thread's activity.
//!
//! ```text
//! cargo build --profile bench -p benches --example threads_profile
//! perf record -g target/release/examples/threads_profile treesplit hash-8x9 2 20
//! valgrind --tool=callgrind target/release/examples/threads_profile ybwc hash-8x9 1 1
//! ```

use std::hint::black_box;
use std::time::Instant;

use gametree::{Algorithm, Config, Family};
use othello::Othello;
use search_parallel::threads::{ThreadAlgorithm, ThreadConfig};
use tree_core::{GenSpec, GeneratedTree, Generator, HashTree, Horizon, OrderedHashTree, Tree};

fn run<T>(algorithm: &str, threads: usize, reps: u32, shape: &str, trees: &[T])
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let a: Algorithm = algorithm.parse().expect("algorithm");
    let config = match a.family() {
        Family::Threads => Config::default().threads(threads),
        _ => Config::default(),
    };
    let once = |t: &T| gametree::search(a, t, &config).expect("runs");
    for t in trees {
        let ab = gametree::search(Algorithm::AlphaBeta, t, &Config::default()).expect("runs");
        assert_eq!(once(t).value, ab.value);
    }
    if std::env::var_os("VERBOSE").is_some() && a.family() == Family::Threads {
        let engine: ThreadAlgorithm = algorithm.parse().expect("algorithm");
        for t in trees {
            let start = Instant::now();
            let r = search_parallel::threads::search(engine, t, ThreadConfig::new(threads))
                .expect("runs");
            println!(
                "{:?} leaves {:?} jobs {}",
                start.elapsed(),
                r.per_thread,
                r.jobs
            );
            for x in &r.activity {
                println!("   {x:?}");
            }
        }
    }
    let start = Instant::now();
    for _ in 0..reps {
        for t in trees {
            black_box(once(t));
        }
    }
    let per = start.elapsed().as_secs_f64() / f64::from(reps);
    println!(
        "{algorithm} {shape} {threads}: {:.3} ms per {} trees",
        per * 1e3,
        trees.len()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let algorithm = args.get(1).map_or("treesplit", String::as_str);
    let shape = args.get(2).map_or("random-24x4", String::as_str);
    let threads: usize = args.get(3).map_or(1, |s| s.parse().expect("threads"));
    let reps: u32 = args.get(4).map_or(100, |s| s.parse().expect("repetitions"));
    let n: u64 = args.get(5).map_or(3, |s| s.parse().expect("trees"));
    let bxd = |s: &str| -> (usize, usize) {
        let (b, d) = s.split_once('x').expect("shape as BxD");
        (b.parse().expect("b"), d.parse().expect("d"))
    };
    if let Some(s) = shape.strip_prefix("hash-") {
        let (b, d) = bxd(s);
        let trees: Vec<HashTree> = (0..n)
            .map(|i| HashTree::new(b, d, i).expect("shape"))
            .collect();
        return run(algorithm, threads, reps, shape, &trees);
    }
    if let Some(s) = shape.strip_prefix("ordered-") {
        let (b, d) = bxd(s);
        let trees: Vec<OrderedHashTree> = (0..n)
            .map(|i| OrderedHashTree::strong(b, d, i).expect("shape"))
            .collect();
        return run(algorithm, threads, reps, shape, &trees);
    }
    if let Some(s) = shape.strip_prefix("othello-") {
        let depth: u32 = s.parse().expect("depth");
        let positions = othello::experiment_positions();
        let trees: Vec<Horizon<Othello>> = (0..n as usize)
            .map(|k| Horizon::new(Othello, positions[k], depth))
            .collect();
        return run(algorithm, threads, reps, shape, &trees);
    }
    let (g, b, d) = match shape {
        "random-24x4" => (Generator::RANDOM, 24, 4),
        "strong-24x4" => (Generator::STRONG, 24, 4),
        "random-8x6" => (Generator::RANDOM, 8, 6),
        other => panic!("unknown shape {other}"),
    };
    let trees: Vec<GeneratedTree> = (0..10)
        .map(|i| GenSpec::new(g, b, d, 1981, i).build().expect("valid spec"))
        .collect();
    run(algorithm, threads, reps, shape, &trees);
}

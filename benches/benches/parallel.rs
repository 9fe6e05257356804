//! The multi-threaded searches (`search_parallel::threads`) on 1 and 2
//! threads, on 10 random and 10 strongly ordered (24, 4) trees (the shape
//! of Campbell's Tables 8–10) and 10 random (8, 6) trees; then sequential
//! alpha-beta against tree-splitting, pv-splitting and YBWC on 2 threads
//! on the trees of the speed-up table of `docs/PARALLEL.md` — cheap
//! implicit trees (`HashTree`, `OrderedHashTree`: a node costs a few
//! nanoseconds, so the searches' own costs show) and Othello positions
//! (`Horizon` over `othello::Othello`) — with every value checked against
//! alpha-beta's before timing (`cheap-*` groups; the
//! table itself comes from `benches/examples/parallel_table.rs`, which
//! interleaves the runs).
//!
//! Before timing, every search's value on every tree is checked against
//! minimax, and tree-splitting, pv-splitting and YBWC on one thread must
//! evaluate exactly alpha-beta's leaves. A printout gives, per algorithm, the leaves on 1
//! and 2 threads (the mean of a few runs: with 2 threads the count varies),
//! the search overhead leaves(2)/leaves(1) (Campbell's S(A(k), T), p. 34,
//! against the same algorithm on one thread) and a rough wall-clock
//! speed-up; criterion then times 1 and 2 threads. The host is shared, so
//! speed-ups are only indicative. The searches keep their worker threads
//! between calls, so the checks above also start the pools the timed runs
//! use.
//!
//! `parallel-othello-enhanced`: the enhanced PVS engine on Othello
//! experiment positions at depth 7 (iterative deepening, a 4 MiB table
//! cleared before each search) on one thread and on two by Lazy SMP and
//! by YBWC, every depth's value (1 to 7) asserted equal to the one-thread
//! engine's.
//!
//! Every search runs through the front door (`gametree::search`,
//! `gametree::Cache`): counted at the trait boundary (a striped atomic
//! counter for the threaded searches), so the leaves are the front door's.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::{Algorithm, Cache, Config, Family, GameParallel, StageWorker, search};
use othello::Othello;
use tree_core::{
    GenSpec, GeneratedTree, Generator, HashTree, Horizon, OrderedHashTree, Tree, minimax,
};

const TREES: u64 = 10;
/// Runs averaged for the leaf counts and the rough speed-up.
const RUNS: u32 = 5;

fn trees(g: Generator, b: usize, d: usize) -> Vec<GeneratedTree> {
    (0..TREES)
        .map(|i| GenSpec::new(g, b, d, 1981, i).build().expect("valid spec"))
        .collect()
}

/// The multi-threaded tree searches.
fn threaded() -> Vec<Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Threads)
        .collect()
}

/// Leaves over all trees for one run, after checking every value.
fn checked_leaves(algorithm: Algorithm, ts: &[GeneratedTree], config: &Config) -> u64 {
    ts.iter()
        .map(|t| {
            let r = search(algorithm, t, config).expect("search runs");
            assert_eq!(r.value, minimax(t), "{algorithm} on {:?}", t.spec());
            assert_eq!(r.per_thread.iter().sum::<u64>(), r.leaves);
            r.leaves
        })
        .sum()
}

fn seconds(algorithm: Algorithm, ts: &[GeneratedTree], config: &Config) -> f64 {
    let start = Instant::now();
    for _ in 0..RUNS {
        for t in ts {
            black_box(search(algorithm, t, config).expect("search runs"));
        }
    }
    start.elapsed().as_secs_f64()
}

fn parallel(c: &mut Criterion) {
    let shapes = [
        ("random-24x4", Generator::RANDOM, 24, 4),
        ("strong-24x4", Generator::STRONG, 24, 4),
        ("random-8x6", Generator::RANDOM, 8, 6),
    ];
    // Sequential alpha-beta, the threads' reference: the value and the
    // best move, as the threads report (no line kept).
    let plain = Config::default().pv(false);
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d);
        let ab: u64 = ts
            .iter()
            .map(|t| {
                let r = search(Algorithm::AlphaBeta, t, &plain).unwrap();
                assert_eq!(r.value, minimax(t));
                r.leaves
            })
            .sum();
        for algorithm in TARGET {
            assert_eq!(
                checked_leaves(algorithm, &ts, &Config::default().threads(1)),
                ab,
                "{name}: {algorithm} on one thread is alpha-beta"
            );
        }
        eprintln!("{name}: {TREES} trees, sequential alpha-beta {ab} leaves");
        eprintln!(
            "  {:<20} {:>10} {:>10} {:>9} {:>9}",
            "algorithm", "leaves(1)", "leaves(2)", "overhead", "speed-up"
        );
        let threads = |k: usize| Config::default().threads(k);
        let sss_workers = |k: usize| threads(k).stage_worker(StageWorker::Sss);
        let rows = threaded()
            .into_iter()
            .map(|a| (a, a.name(), &threads as &dyn Fn(usize) -> Config))
            .chain([(
                Algorithm::ParallelStagedSss,
                "  (sss workers)",
                &sss_workers as &dyn Fn(usize) -> Config,
            )]);
        for (algorithm, label, config) in rows {
            let one: u64 = (0..RUNS)
                .map(|_| checked_leaves(algorithm, &ts, &config(1)))
                .sum();
            let two: u64 = (0..RUNS)
                .map(|_| checked_leaves(algorithm, &ts, &config(2)))
                .sum();
            let (one, two) = (one / u64::from(RUNS), two / u64::from(RUNS));
            let speedup = seconds(algorithm, &ts, &config(1)) / seconds(algorithm, &ts, &config(2));
            eprintln!(
                "  {:<20} {:>10} {:>10} {:>9.3} {:>9.2}",
                label,
                one,
                two,
                two as f64 / one as f64,
                speedup
            );
        }

        let mut group = c.benchmark_group(format!("parallel-{name}"));
        group.sample_size(10);
        group.warm_up_time(std::time::Duration::from_millis(500));
        group.measurement_time(std::time::Duration::from_secs(2));
        group.bench_function("alphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(search(Algorithm::AlphaBeta, t, &plain).unwrap());
                }
            })
        });
        for algorithm in threaded() {
            for k in [1, 2] {
                let config = threads(k);
                group.bench_function(format!("{}/{k}", algorithm.name()), |bench| {
                    bench.iter(|| {
                        for t in &ts {
                            black_box(search(algorithm, t, &config).unwrap());
                        }
                    })
                });
            }
        }
        group.finish();
    }
}

/// The searches of the speed-up target on two threads.
const TARGET: [Algorithm; 3] = [Algorithm::TreeSplit, Algorithm::PvSplit, Algorithm::Ybwc];

/// Alpha-beta on one thread and the target searches on two, on `trees`,
/// values checked first.
fn cheap_group<T>(c: &mut Criterion, name: &str, trees: &[T], seconds: u64)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    // Sequential alpha-beta, the threads' reference: the value and the
    // best move, as the threads report (no line kept).
    let plain = Config::default().pv(false);
    let values: Vec<_> = trees
        .iter()
        .map(|t| search(Algorithm::AlphaBeta, t, &plain).unwrap().value)
        .collect();
    for a in TARGET {
        for k in [1, 2] {
            for (t, v) in trees.iter().zip(&values) {
                assert_eq!(
                    search(a, t, &Config::default().threads(k)).unwrap().value,
                    *v,
                    "{a} {k} on {name}"
                );
            }
        }
    }
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(seconds));
    group.bench_function("alphabeta", |bench| {
        bench.iter(|| {
            for t in trees {
                black_box(search(Algorithm::AlphaBeta, t, &plain).unwrap());
            }
        })
    });
    let two = Config::default().threads(2);
    for a in TARGET {
        group.bench_function(format!("{}/2", a.name()), |bench| {
            bench.iter(|| {
                for t in trees {
                    black_box(search(a, t, &two).unwrap());
                }
            })
        });
    }
    group.finish();
}

fn cheap(c: &mut Criterion) {
    for (b, d, n) in [(8, 9, 2), (24, 5, 3)] {
        let trees: Vec<HashTree> = (0..n).map(|i| HashTree::new(b, d, i).unwrap()).collect();
        cheap_group(c, &format!("cheap-random-{b}x{d}"), &trees, 3);
    }
    for (b, d, n) in [(8, 12, 2), (24, 7, 3)] {
        let trees: Vec<OrderedHashTree> = (0..n)
            .map(|i| OrderedHashTree::strong(b, d, i).unwrap())
            .collect();
        cheap_group(c, &format!("cheap-strong-{b}x{d}"), &trees, 3);
    }
    let positions = othello::experiment_positions();
    let trees: Vec<Horizon<Othello>> = (0..2)
        .map(|k| Horizon::new(Othello, positions[k], 9))
        .collect();
    cheap_group(c, "cheap-othello-depth-9", &trees, 8);
}

/// The enhanced engines on Othello positions: one thread, Lazy SMP and
/// YBWC on two, values checked first.
fn othello_enhanced(c: &mut Criterion) {
    const DEPTH: u32 = 7;
    let positions: Vec<_> = othello::experiment_positions()
        .into_iter()
        .step_by(10)
        .collect();
    let algorithm = Algorithm::PvsEnhanced;
    let table = Config::default().table_bytes(4 << 20);
    let runs = [
        ("pvs-enh/1", table.clone()),
        (
            "pvs-enh/lazy-smp/2",
            table.clone().threads(2).parallel(GameParallel::LazySmp),
        ),
        (
            "pvs-enh/ybwc/2",
            table.clone().threads(2).parallel(GameParallel::Ybwc),
        ),
    ];
    let mut cache = Cache::new();
    for pos in &positions {
        for depth in 1..=DEPTH {
            let mut solve = |config: &Config| {
                cache.clear();
                let r = cache.search_game(algorithm, &Othello, pos, depth, config);
                r.unwrap().value
            };
            let one = solve(&table);
            for (name, config) in &runs {
                assert_eq!(solve(config), one, "{name} on {pos} at depth {depth}");
            }
        }
    }
    let mut group = c.benchmark_group("parallel-othello-enhanced");
    group.sample_size(10);
    group.warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(4));
    for (name, config) in &runs {
        group.bench_function(*name, |bench| {
            bench.iter(|| {
                for pos in &positions {
                    cache.clear();
                    let r = cache.search_game(algorithm, &Othello, pos, DEPTH, config);
                    black_box(r.unwrap());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, parallel, cheap, othello_enhanced);
criterion_main!(benches);

//! The best-first family against alpha-beta on the same trees, every
//! search through the front door (`gametree::search`). Before timing,
//! every value is checked against minimax, and the left-biased and
//! left-most SSS* are checked to evaluate no more leaves than alpha-beta
//! (they dominate it). Throughput is in leaves evaluated per second, so the
//! time per leaf of each algorithm can be compared with alpha-beta's.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::{Algorithm, Config};
use support::{bench_trees, checked_leaves, trees};
use tree_core::{Generator, minimax};

const TREES: u64 = 10;

fn bestfirst(c: &mut Criterion) {
    let shapes = [
        ("random-8x4", Generator::RANDOM, 8, 4),
        ("random-4x8", Generator::RANDOM, 4, 8),
        ("strong-8x6", Generator::STRONG, 8, 6),
    ];
    let algorithms = [
        Algorithm::SssStockman,
        Algorithm::SssLeft,
        Algorithm::Sss,
        Algorithm::Dual,
        Algorithm::StagedSss,
        Algorithm::Sab,
        Algorithm::Abs,
        Algorithm::QuickGame,
        Algorithm::Qg1,
        Algorithm::Qg2,
        Algorithm::Qg3,
    ];
    let plain = Config::default();
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d, 7, TREES);
        let truth: Vec<_> = ts.iter().map(minimax).collect();
        let ab = checked_leaves(&ts, &truth, Algorithm::AlphaBeta);
        let mut group = c.benchmark_group(format!("bestfirst-{name}"));
        group.sample_size(10);
        let ab_search = (Algorithm::AlphaBeta, &plain);
        bench_trees(&mut group, "alphabeta", ab, ab_search, &ts);
        for a in algorithms {
            let leaves = checked_leaves(&ts, &truth, a);
            if matches!(a, Algorithm::SssLeft | Algorithm::Sss) {
                assert!(leaves <= ab, "{a} dominates alpha-beta: {leaves} > {ab}");
            }
            eprintln!("{name}: {a} {leaves} leaves, alpha-beta {ab}");
            bench_trees(&mut group, a.name(), leaves, (a, &plain), &ts);
        }
        group.finish();
    }
}

criterion_group!(benches, bestfirst);
criterion_main!(benches);

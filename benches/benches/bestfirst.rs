//! The best-first family against alpha-beta on the same trees, every
//! search through the front door (`gametree::search`). Before timing,
//! every value is checked against minimax, and the left-biased and
//! left-most SSS* are checked to evaluate no more leaves than alpha-beta
//! (they dominate it). Throughput is in leaves evaluated per second, so the
//! time per leaf of each algorithm can be compared with alpha-beta's.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::{Algorithm, Config, search};
use std::hint::black_box;
use tree_core::{GenSpec, GeneratedTree, Generator, minimax};

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
        let ts: Vec<GeneratedTree> = (0..TREES)
            .map(|i| GenSpec::new(g, b, d, 7, i).build().expect("valid spec"))
            .collect();
        let truth: Vec<_> = ts.iter().map(minimax).collect();
        // Leaves over all trees, after checking every value.
        let checked_leaves = |a: Algorithm| -> u64 {
            ts.iter()
                .zip(&truth)
                .map(|(t, v)| {
                    let r = search(a, t, &plain).expect("search");
                    assert_eq!(r.value, *v, "{a}");
                    r.leaves
                })
                .sum()
        };
        let ab = checked_leaves(Algorithm::AlphaBeta);
        let mut group = c.benchmark_group(format!("bestfirst-{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(ab));
        group.bench_function("alphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(search(Algorithm::AlphaBeta, t, &plain).unwrap());
                }
            })
        });
        for a in algorithms {
            let leaves = checked_leaves(a);
            if matches!(a, Algorithm::SssLeft | Algorithm::Sss) {
                assert!(leaves <= ab, "{a} dominates alpha-beta: {leaves} > {ab}");
            }
            eprintln!("{name}: {a} {leaves} leaves, alpha-beta {ab}");
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(a.name(), |bench| {
                bench.iter(|| {
                    for t in &ts {
                        black_box(search(a, t, &plain).unwrap());
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bestfirst);
criterion_main!(benches);

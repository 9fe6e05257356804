//! The best-first family against alpha-beta on the same trees. Before
//! timing, every value is checked against minimax, and the left-biased and
//! left-most SSS* are checked to evaluate no more leaves than alpha-beta
//! (they dominate it). Throughput is in leaves evaluated per second, so the
//! time per leaf of each algorithm can be compared with alpha-beta's.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use search_bestfirst::{Algorithm, Options};
use search_depthfirst::{Window, alphabeta};
use std::hint::black_box;
use tree_core::{Counted, GenSpec, GeneratedTree, Generator, minimax};

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
    for (name, g, b, d) in shapes {
        let ts: Vec<GeneratedTree> = (0..TREES)
            .map(|i| GenSpec::new(g, b, d, 7, i).build().expect("valid spec"))
            .collect();
        let truth: Vec<_> = ts.iter().map(minimax).collect();
        let ab: u64 = ts
            .iter()
            .zip(&truth)
            .map(|(t, v)| {
                let c = Counted::new(t);
                assert_eq!(alphabeta(&c, Window::FULL).unwrap(), *v);
                c.stats().leaves
            })
            .sum();
        let mut group = c.benchmark_group(format!("bestfirst-{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(ab));
        group.bench_function("alphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(alphabeta(t, Window::FULL).unwrap());
                }
            })
        });
        for a in algorithms {
            let leaves: u64 = ts
                .iter()
                .zip(&truth)
                .map(|(t, v)| {
                    let c = Counted::new(t);
                    assert_eq!(a.run(&c, &Options::default()).unwrap().value, *v, "{a}");
                    c.stats().leaves
                })
                .sum();
            if matches!(a, Algorithm::SssLeft | Algorithm::Sss) {
                assert!(leaves <= ab, "{a} dominates alpha-beta: {leaves} > {ab}");
            }
            eprintln!("{name}: {a} {leaves} leaves, alpha-beta {ab}");
            group.throughput(Throughput::Elements(leaves));
            group.bench_function(a.name(), |bench| {
                bench.iter(|| {
                    for t in &ts {
                        black_box(a.run(t, &Options::default()).unwrap());
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bestfirst);
criterion_main!(benches);

//! Alpha-beta and palphabeta on random (8,6) and strong (10,7) trees,
//! through the front door (`gametree::search`). Before timing, every
//! search's value is checked against minimax and alpha-beta's leaf count
//! against fail-soft alpha-beta's (which must evaluate the same leaves);
//! throughput is in leaves evaluated per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::{Algorithm, Config, search};
use std::hint::black_box;
use tree_core::{GenSpec, GeneratedTree, Generator, minimax};

const TREES: u64 = 10;

fn trees(g: Generator, b: usize, d: usize) -> Vec<GeneratedTree> {
    (0..TREES)
        .map(|i| GenSpec::new(g, b, d, 2026, i).build().expect("valid spec"))
        .collect()
}

/// Leaves evaluated by `algorithm` over all trees, after checking its
/// values.
fn checked_leaves(trees: &[GeneratedTree], algorithm: Algorithm) -> u64 {
    trees
        .iter()
        .map(|t| {
            let r = search(algorithm, t, &Config::default()).expect("search");
            assert_eq!(r.value, minimax(t), "{algorithm} on {:?}", t.spec());
            r.leaves
        })
        .sum()
}

fn depthfirst(c: &mut Criterion) {
    let shapes = [
        ("random-8x6", Generator::RANDOM, 8, 6),
        ("strong-10x7", Generator::STRONG, 10, 7),
    ];
    let plain = Config::default();
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d);
        let ab = checked_leaves(&ts, Algorithm::AlphaBeta);
        let fab = checked_leaves(&ts, Algorithm::FAlphaBeta);
        assert_eq!(
            ab, fab,
            "{name}: alphabeta and falphabeta evaluate the same leaves"
        );
        let pab = checked_leaves(&ts, Algorithm::PAlphaBeta);
        eprintln!("{name}: {TREES} trees, alphabeta {ab} leaves, palphabeta {pab} leaves");

        let mut group = c.benchmark_group(format!("depthfirst-{name}"));
        group.sample_size(20);
        for (a, leaves) in [(Algorithm::AlphaBeta, ab), (Algorithm::PAlphaBeta, pab)] {
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

criterion_group!(benches, depthfirst);
criterion_main!(benches);

//! Alpha-beta and palphabeta on random (8,6) and strong (10,7) trees.
//! Before timing, every search's value is checked against minimax and
//! alpha-beta's leaf count against fail-soft alpha-beta's (which must
//! evaluate the same leaves); throughput is in leaves evaluated per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use search_depthfirst::{Window, alphabeta, falphabeta, palphabeta};
use std::hint::black_box;
use tree_core::{Counted, GenSpec, GeneratedTree, Generator, minimax};

const TREES: u64 = 10;

fn trees(g: Generator, b: usize, d: usize) -> Vec<GeneratedTree> {
    (0..TREES)
        .map(|i| GenSpec::new(g, b, d, 2026, i).build().expect("valid spec"))
        .collect()
}

/// Leaves evaluated by `search` over all trees, after checking its values.
fn checked_leaves(
    trees: &[GeneratedTree],
    search: impl Fn(&Counted<&GeneratedTree>) -> tree_core::Value,
) -> u64 {
    trees
        .iter()
        .map(|t| {
            let c = Counted::new(t);
            assert_eq!(search(&c), minimax(t), "{:?}", t.spec());
            c.stats().leaves
        })
        .sum()
}

fn depthfirst(c: &mut Criterion) {
    let shapes = [
        ("random-8x6", Generator::RANDOM, 8, 6),
        ("strong-10x7", Generator::STRONG, 10, 7),
    ];
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d);
        let ab = checked_leaves(&ts, |t| alphabeta(t, Window::FULL).unwrap());
        let fab = checked_leaves(&ts, |t| falphabeta(t, Window::FULL).unwrap());
        assert_eq!(
            ab, fab,
            "{name}: alphabeta and falphabeta evaluate the same leaves"
        );
        let pab = checked_leaves(&ts, |t| palphabeta(t).unwrap());
        eprintln!("{name}: {TREES} trees, alphabeta {ab} leaves, palphabeta {pab} leaves");

        let mut group = c.benchmark_group(format!("depthfirst-{name}"));
        group.sample_size(20);
        group.throughput(Throughput::Elements(ab));
        group.bench_function("alphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(alphabeta(t, Window::FULL).unwrap());
                }
            })
        });
        group.throughput(Throughput::Elements(pab));
        group.bench_function("palphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(palphabeta(t).unwrap());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, depthfirst);
criterion_main!(benches);

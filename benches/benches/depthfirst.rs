//! Alpha-beta and palphabeta on random (8,6) and strong (10,7) trees,
//! through the front door (`gametree::search`). Before timing, every
//! search's value is checked against minimax and alpha-beta's leaf count
//! against fail-soft alpha-beta's (which must evaluate the same leaves);
//! throughput is in leaves evaluated per second.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::{Algorithm, Config};
use support::{bench_trees, checked_leaves, trees};
use tree_core::{Generator, minimax};

const TREES: u64 = 10;

fn depthfirst(c: &mut Criterion) {
    let shapes = [
        ("random-8x6", Generator::RANDOM, 8, 6),
        ("strong-10x7", Generator::STRONG, 10, 7),
    ];
    let plain = Config::default();
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d, 2026, TREES);
        let truth: Vec<_> = ts.iter().map(minimax).collect();
        let ab = checked_leaves(&ts, &truth, Algorithm::AlphaBeta);
        let fab = checked_leaves(&ts, &truth, Algorithm::FAlphaBeta);
        assert_eq!(
            ab, fab,
            "{name}: alphabeta and falphabeta evaluate the same leaves"
        );
        let pab = checked_leaves(&ts, &truth, Algorithm::PAlphaBeta);
        eprintln!("{name}: {TREES} trees, alphabeta {ab} leaves, palphabeta {pab} leaves");

        let mut group = c.benchmark_group(format!("depthfirst-{name}"));
        group.sample_size(20);
        for (a, leaves) in [(Algorithm::AlphaBeta, ab), (Algorithm::PAlphaBeta, pab)] {
            bench_trees(&mut group, a.name(), leaves, (a, &plain), &ts);
        }
        group.finish();
    }
}

criterion_group!(benches, depthfirst);
criterion_main!(benches);

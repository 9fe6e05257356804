//! The enhanced searches (iterative deepening, transposition table, history
//! heuristic) on a synthetic game with transpositions, `Lattice` with 8
//! move kinds, at depth 7 from 10 positions. Before timing, every search's
//! value is checked against minimax on the `Horizon` tree, its best move
//! against its child's value, and its leaf count against the plain search's
//! (the enhancements must save leaves); throughput is in leaves evaluated
//! per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use search_depthfirst::testgames::{Lattice, LatticePosition, horizon_value};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig};
use std::hint::black_box;
use tree_core::Game;

const DEPTH: u32 = 7;

fn roots(g: &Lattice) -> Vec<LatticePosition> {
    let mut out = vec![LatticePosition::START];
    let n0 = g.num_moves(&LatticePosition::START);
    for i in 0..9 {
        let m0 = g.nth_move(&LatticePosition::START, i % n0).expect("a move");
        let p = g.play(&LatticePosition::START, m0);
        let n1 = g.num_moves(&p);
        out.push(match g.nth_move(&p, (i / n0) % n1.max(1)) {
            Some(m1) => g.play(&p, m1),
            None => p,
        });
    }
    out
}

/// Leaves over all roots, after checking values and best moves.
fn checked_leaves(
    g: &Lattice,
    roots: &[LatticePosition],
    a: EnhancedAlgorithm,
    c: EnhancedConfig,
) -> u64 {
    let mut e = Enhanced::new(c).expect("valid config");
    roots
        .iter()
        .map(|root| {
            e.clear();
            let r = e.search(a, g, root, DEPTH).expect("search");
            let v = horizon_value(g, root, DEPTH);
            assert_eq!(r.value, v, "{a}");
            let m = r.best_move.expect("the game goes on");
            assert_eq!(
                -horizon_value(g, &g.play(root, m), DEPTH - 1),
                v,
                "{a}: best move"
            );
            r.leaves
        })
        .sum()
}

fn enhanced(c: &mut Criterion) {
    let g = Lattice::new(22, 8, 30);
    let roots = roots(&g);
    // 256 KiB: room for every position of these searches, cheap to clear.
    let config = EnhancedConfig::default().with_table_bytes(1 << 18);
    let mut group = c.benchmark_group(format!("enhanced-lattice8-d{DEPTH}"));
    group.sample_size(10);
    for &a in EnhancedAlgorithm::ALL {
        let leaves = checked_leaves(&g, &roots, a, config);
        let plain_table = EnhancedConfig::plain().with_table_bytes(1 << 18);
        let plain = checked_leaves(
            &g,
            &roots,
            EnhancedAlgorithm::AlphaBeta,
            EnhancedConfig::plain(),
        );
        let table_only = checked_leaves(&g, &roots, a, plain_table);
        assert!(
            leaves < plain,
            "{a}: {leaves} leaves, plain alpha-beta {plain}"
        );
        eprintln!(
            "{a}: {leaves} leaves enhanced, {table_only} with the table only, plain alpha-beta {plain}"
        );
        let mut e = Enhanced::new(config).expect("valid config");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(a.name(), |bench| {
            bench.iter(|| {
                for root in &roots {
                    e.clear();
                    black_box(e.search(a, &g, root, DEPTH).expect("search"));
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, enhanced);
criterion_main!(benches);

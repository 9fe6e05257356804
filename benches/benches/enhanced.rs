//! The enhanced searches (iterative deepening, transposition table, history
//! heuristic) on a synthetic game with transpositions, `Lattice` with 8
//! move kinds, at depth 7 from 10 positions, through the front door
//! (`gametree::Cache`, its table cleared before each search). Before
//! timing, every search's value is checked against minimax on the
//! `Horizon` tree, its best move against its child's value, and its leaf
//! count against the plain search's (the enhancements must save leaves);
//! throughput is in leaves evaluated per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::{Algorithm, Cache, Config, EnhancedConfig, Family};
use search_depthfirst::testgames::{Lattice, LatticePosition, horizon_value};
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
fn checked_leaves(g: &Lattice, roots: &[LatticePosition], a: Algorithm, config: &Config) -> u64 {
    let mut cache = Cache::new();
    roots
        .iter()
        .map(|root| {
            cache.clear();
            let r = cache
                .search_game(a, g, root, DEPTH, config)
                .expect("search");
            let v = horizon_value(g, root, DEPTH);
            assert_eq!(r.value, v, "{a}");
            let m = r.best.expect("the game goes on");
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
    let config = Config::default().table_bytes(1 << 18);
    let plain = Config::default().enhancements(EnhancedConfig::plain());
    let plain_table = plain.clone().table_bytes(1 << 18);
    let mut group = c.benchmark_group(format!("enhanced-lattice8-d{DEPTH}"));
    group.sample_size(10);
    let engines = Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Enhanced);
    for a in engines {
        let leaves = checked_leaves(&g, &roots, a, &config);
        let plain = checked_leaves(&g, &roots, Algorithm::AlphaBetaEnhanced, &plain);
        let table_only = checked_leaves(&g, &roots, a, &plain_table);
        assert!(
            leaves < plain,
            "{a}: {leaves} leaves, plain alpha-beta {plain}"
        );
        eprintln!(
            "{a}: {leaves} leaves enhanced, {table_only} with the table only, plain alpha-beta {plain}"
        );
        let mut cache = Cache::new();
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(a.name(), |bench| {
            bench.iter(|| {
                for root in &roots {
                    cache.clear();
                    black_box(
                        cache
                            .search_game(a, &g, root, DEPTH, &config)
                            .expect("search"),
                    );
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, enhanced);
criterion_main!(benches);

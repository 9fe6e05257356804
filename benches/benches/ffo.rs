//! The FFO endgame problems #1–#19 (14–16 empty squares) solved exactly by
//! the enhanced engines, one thread: the whole set per iteration, a 1 MiB
//! table cleared before each problem (the clearing, about 2% of the time,
//! is timed with the searches; 1 MiB costs no more nodes than 16 MiB here,
//! see `docs/reproduction/othello-ffo.md`). Before timing, every engine's
//! value on every problem is checked against the file's score; throughput
//! is in problems solved per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use othello::{Othello, Position};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig};
use std::hint::black_box;
use tree_core::Game;

/// Solves every problem once; the total leaves.
fn solve_all(e: &mut Enhanced, a: EnhancedAlgorithm, problems: &[(Position, i32)]) -> u64 {
    let mut leaves = 0;
    for (pos, _) in problems {
        e.clear();
        let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
        leaves += black_box(e.search(a, &Othello, pos, depth).expect("search")).leaves;
    }
    leaves
}

fn ffo(c: &mut Criterion) {
    let problems: Vec<(Position, i32)> = othello::ffo()
        .into_iter()
        .take(19)
        .map(|p| {
            let score = p.problem.best_score().expect("scored");
            (p.problem.position, score * othello::eval::WIN_SCALE)
        })
        .collect();
    let mut group = c.benchmark_group("ffo-1-19");
    group.sample_size(10);
    group.throughput(Throughput::Elements(problems.len() as u64));
    for &a in EnhancedAlgorithm::ALL {
        let config = EnhancedConfig::default().with_table_bytes(1 << 20);
        let mut e = Enhanced::new(config).expect("a valid config");
        for (k, (pos, want)) in problems.iter().enumerate() {
            e.clear();
            let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
            let r = e.search(a, &Othello, pos, depth).expect("search");
            assert_eq!(r.value.get(), *want, "{a} on FFO #{}", k + 1);
        }
        group.bench_function(a.name(), |b| b.iter(|| solve_all(&mut e, a, &problems)));
    }
    group.finish();
}

criterion_group!(benches, ffo);
criterion_main!(benches);

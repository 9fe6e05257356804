//! The FFO endgame problems #1–#19 (14–16 empty squares) solved exactly by
//! the enhanced engines, one thread, through the front door
//! (`gametree::Cache`): the whole set per iteration, a 1 MiB table cleared
//! before each problem (the clearing, about 2% of the time, is timed with
//! the searches; 1 MiB costs no more nodes than 16 MiB here, see
//! `docs/reproduction/othello-ffo.md`). Before timing, every engine's
//! value on every problem is checked against the file's score; throughput
//! is in problems solved per second.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::{Algorithm, Cache, Config, Family};
use othello::{Othello, Position};
use std::hint::black_box;
use tree_core::Game;

/// Solves every problem once; the total leaves.
fn solve_all(
    cache: &mut Cache,
    a: Algorithm,
    config: &Config,
    problems: &[(Position, i32)],
) -> u64 {
    let mut leaves = 0;
    for (pos, _) in problems {
        cache.clear();
        let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
        let r = cache.search_game(a, &Othello, pos, depth, config);
        leaves += black_box(r.expect("search")).leaves;
    }
    leaves
}

fn ffo(c: &mut Criterion) {
    let problems: Vec<(Position, i32)> = othello::obf::ffo()
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
    let config = Config::default().table_bytes(1 << 20);
    let engines = Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Enhanced);
    for a in engines {
        let mut cache = Cache::new();
        for (k, (pos, want)) in problems.iter().enumerate() {
            cache.clear();
            let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
            let r = cache
                .search_game(a, &Othello, pos, depth, &config)
                .expect("search");
            assert_eq!(r.value.get(), *want, "{a} on FFO #{}", k + 1);
        }
        group.bench_function(a.name(), |b| {
            b.iter(|| solve_all(&mut cache, a, &config, &problems))
        });
    }
    group.finish();
}

criterion_group!(benches, ffo);
criterion_main!(benches);

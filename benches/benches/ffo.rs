//! The FFO endgame problems #1–#19 (14–16 empty squares) solved exactly by
//! the enhanced engines, and #20–#29 by MTD(f) and PVS (a 16 MiB table),
//! one thread, through the front door (`gametree::Cache`): the whole set
//! per iteration, a 1 MiB table (#1–#19) cleared before each problem (the clearing, about 2% of the time, is timed with
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

/// One group: `numbers`' problems solved by `engines` with a table of
/// `table_bytes`, each engine's values checked first.
fn group(
    c: &mut Criterion,
    numbers: std::ops::RangeInclusive<usize>,
    engines: &[Algorithm],
    table_bytes: usize,
) {
    let name = format!("ffo-{}-{}", numbers.start(), numbers.end());
    let problems: Vec<(usize, Position, i32)> = othello::obf::ffo_problems(numbers)
        .into_iter()
        .map(|p| {
            let score = p.problem.best_score().expect("scored");
            (
                p.number,
                p.problem.position,
                score * othello::eval::WIN_SCALE,
            )
        })
        .collect();
    let positions: Vec<(Position, i32)> = problems.iter().map(|&(_, p, v)| (p, v)).collect();
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.throughput(Throughput::Elements(problems.len() as u64));
    let config = Config::default().table_bytes(table_bytes);
    for &a in engines {
        let mut cache = Cache::new();
        for (number, pos, want) in &problems {
            cache.clear();
            let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
            let r = cache
                .search_game(a, &Othello, pos, depth, &config)
                .expect("search");
            assert_eq!(r.value.get(), *want, "{a} on FFO #{number}");
        }
        group.bench_function(a.name(), |b| {
            b.iter(|| solve_all(&mut cache, a, &config, &positions))
        });
    }
    group.finish();
}

/// #1–#19 by every enhanced engine with 1 MiB; #20–#29 (6–20 empty
/// squares, about a second a set) by MTD(f) and PVS with 16 MiB.
fn ffo(c: &mut Criterion) {
    let enhanced: Vec<Algorithm> = Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Enhanced)
        .collect();
    group(c, 1..=19, &enhanced, 1 << 20);
    group(
        c,
        20..=29,
        &[Algorithm::MtdfEnhanced, Algorithm::PvsEnhanced],
        16 << 20,
    );
}

criterion_group!(benches, ffo);
criterion_main!(benches);

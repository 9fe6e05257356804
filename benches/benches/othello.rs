//! Othello: perft from the initial position (move generation speed) and
//! alpha-beta to depth 6 from three experiment positions, through the
//! front door (`gametree::search_game`). Before timing, perft's counts are
//! checked against the known values, and each search's value against
//! minimax and its leaf count against the recorded one; throughput is in
//! perft leaves (move paths) or search leaves per second. The trained
//! evaluation is timed on the positions 3 plies from the experiment
//! positions, folded (`pattern::evaluate`, what the searches call) and as
//! the weights read (`Weights::evaluate`), after a check that both give the
//! same value everywhere; throughput in evaluations per second. The
//! children of the positions up to 2 plies from them are evaluated from
//! their parent (`pattern::evaluate_children`, what the hint evaluation
//! calls) and one by one, after the same check.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gametree::{Algorithm, Config, search_game};
use othello::{Othello, Position, pattern, perft};
use std::hint::black_box;
use tree_core::{Horizon, minimax};

/// perft(d) from the start for the depths timed.
const PERFT: [(u32, u64); 2] = [(6, 8_200), (8, 390_216)];

/// Experiment positions searched, with alpha-beta's leaves at depth 6.
const SEARCHES: [(usize, u64); 3] = [(0, 16_191), (1, 18_007), (2, 56_864)];

const DEPTH: u32 = 6;

fn othello(c: &mut Criterion) {
    let start = Position::initial();
    let mut group = c.benchmark_group("othello-perft");
    group.sample_size(20);
    for (d, n) in PERFT {
        assert_eq!(perft(&start, d), n, "perft({d})");
        group.throughput(Throughput::Elements(n));
        group.bench_function(format!("perft-{d}"), |b| {
            b.iter(|| black_box(perft(black_box(&start), d)))
        });
    }
    group.finish();

    let positions = othello::experiment_positions();
    let mut group = c.benchmark_group("othello-alphabeta");
    group.sample_size(20);
    let (ab, plain) = (Algorithm::AlphaBeta, Config::default());
    for (k, leaves) in SEARCHES {
        let pos = &positions[k];
        let r = search_game(ab, &Othello, pos, DEPTH, &plain).expect("searchable");
        let tree = Horizon::new(Othello, *pos, DEPTH);
        assert_eq!(r.value, minimax(&tree), "position {k}");
        assert_eq!(r.leaves, leaves, "position {k}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("depth-{DEPTH}-position-{k}"), |b| {
            b.iter(|| black_box(search_game(ab, &Othello, pos, DEPTH, &plain).expect("searchable")))
        });
    }
    group.finish();

    // Every position 3 plies from the experiment positions.
    let mut evals = Vec::new();
    let mut parents: Vec<Position> = positions.to_vec();
    let mut frontier: Vec<Position> = positions.to_vec();
    for ply in 0..3 {
        if ply > 0 {
            parents.extend_from_slice(&frontier);
        }
        frontier = frontier
            .iter()
            .flat_map(|p| (0..p.num_moves()).map(move |i| p.play_nth(i)))
            .collect();
        evals.extend_from_slice(&frontier);
    }
    let weights = pattern::weights();
    for p in &evals {
        assert_eq!(pattern::evaluate(p), weights.evaluate(p), "{p:?}");
    }
    let mut group = c.benchmark_group("othello-evaluation");
    group.sample_size(20);
    group.throughput(Throughput::Elements(evals.len() as u64));
    group.bench_function("folded", |b| {
        b.iter(|| {
            evals
                .iter()
                .map(|p| pattern::evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    group.bench_function("weights", |b| {
        b.iter(|| {
            evals
                .iter()
                .map(|p| weights.evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    group.finish();

    // The children of every position up to 2 plies from the experiment
    // positions: evaluated together from their parent, and one by one.
    let families: Vec<(Position, Vec<Position>)> = parents
        .iter()
        .map(|p| (*p, (0..p.num_moves()).map(|i| p.play_nth(i)).collect()))
        .collect();
    let children: usize = families.iter().map(|f| f.1.len()).sum();
    let mut values = Vec::new();
    for (parent, kids) in &families {
        values.clear();
        pattern::evaluate_children(parent, kids, |v| values.push(v));
        let alone: Vec<i32> = kids.iter().map(pattern::evaluate).collect();
        assert_eq!(values, alone, "{parent:?}");
    }
    let mut group = c.benchmark_group("othello-evaluation-children");
    group.sample_size(20);
    group.throughput(Throughput::Elements(children as u64));
    group.bench_function("from-parent", |b| {
        b.iter(|| {
            let mut s = 0i32;
            for (parent, kids) in &families {
                pattern::evaluate_children(black_box(parent), black_box(kids), |v| s += v);
            }
            s
        })
    });
    group.bench_function("one-by-one", |b| {
        b.iter(|| {
            families
                .iter()
                .flat_map(|f| &f.1)
                .map(|p| pattern::evaluate(black_box(p)))
                .sum::<i32>()
        })
    });
    group.finish();
}

criterion_group!(benches, othello);
criterion_main!(benches);

//! What the tree benchmarks (`depthfirst`, `bestfirst`, `memory`) share:
//! their trees, the leaves a search evaluates over them after its values
//! are checked, and the timing of one search over all of them.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use gametree::{Algorithm, Config, search};
use tree_core::{GenSpec, GeneratedTree, Generator, Value};

/// The trees of a benchmark: `count` generated trees of one shape, the
/// experiment `seed`'s trees 0, 1, ….
pub fn trees(g: Generator, b: usize, d: usize, seed: u64, count: u64) -> Vec<GeneratedTree> {
    (0..count)
        .map(|i| GenSpec::new(g, b, d, seed, i).build().expect("valid spec"))
        .collect()
}

/// Leaves evaluated by `algorithm` over all `trees` (with the default
/// configuration), after checking each value against `values` (the
/// trees' minimax values, in order).
#[allow(dead_code)] // `memory` checks its own way
pub fn checked_leaves(trees: &[GeneratedTree], values: &[Value], algorithm: Algorithm) -> u64 {
    trees
        .iter()
        .zip(values)
        .map(|(t, v)| {
            let r = search(algorithm, t, &Config::default()).expect("search");
            assert_eq!(r.value, *v, "{algorithm} on {:?}", t.spec());
            r.leaves
        })
        .sum()
}

/// Times `algorithm` with `config` searching every tree of `trees`, as
/// `id` in `group`, its throughput `leaves` (the leaves one pass over the
/// trees evaluates).
pub fn bench_trees(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    leaves: u64,
    (algorithm, config): (Algorithm, &Config),
    trees: &[GeneratedTree],
) {
    group.throughput(Throughput::Elements(leaves));
    group.bench_function(id, |bench| {
        bench.iter(|| {
            for t in trees {
                black_box(search(algorithm, t, config).unwrap());
            }
        })
    });
}

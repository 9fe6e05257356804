//! Generator throughput: leaf values per second on a full walk of a
//! (10,7)-sized tree, for every generator. The floor under every search's
//! speed: no search visits leaves faster than the tree produces them.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use tree_core::{BestChild, GenSpec, GeneratedTree, Generator, Tree};

/// Visits every node; returns (leaves, sum of leaf values).
fn walk(t: &GeneratedTree, n: &<GeneratedTree as Tree>::Node) -> (u64, i64) {
    let k = t.num_children(n);
    if k == 0 {
        return (1, i64::from(t.value(n).get()));
    }
    (0..k).fold((0, 0), |(c, s), i| {
        let (c2, s2) = walk(t, &t.child(n, i));
        (c + c2, s + s2)
    })
}

fn generators(c: &mut Criterion) {
    let (b, d) = (10, 7);
    let leaves = 10u64.pow(7);
    let mut group = c.benchmark_group("generator-walk-10x7");
    group.sample_size(10);
    group.throughput(Throughput::Elements(leaves));
    let gens = [
        ("random", Generator::RANDOM),
        ("campbell-random", Generator::campbell(BestChild::Uniform)),
        (
            "campbell-geo:0.8",
            Generator::campbell(BestChild::Geometric(0.8)),
        ),
        ("topdown-random", Generator::TOPDOWN_RANDOM),
        ("strong", Generator::STRONG),
        ("korf", Generator::KORF),
        ("perfect", Generator::PERFECT),
    ];
    for (name, g) in gens {
        let t = GenSpec::new(g, b, d, 1, 0).build().expect("valid spec");
        // The walk must see every leaf: check before timing.
        assert_eq!(walk(&t, &t.root()).0, leaves, "{name}");
        group.bench_function(name, |bench| bench.iter(|| black_box(walk(&t, &t.root()))));
    }
    group.finish();
}

criterion_group!(benches, generators);
criterion_main!(benches);

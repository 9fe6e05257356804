//! The memory-bounded family against alpha-beta on the same trees:
//! MemSSS* at its minimum, a middle and its maximum budget, RecSSS*,
//! MemDual*, QuickGame and IterSSS* at its minimum. Before timing, every value is checked against alpha-beta's and
//! MemSSS*'s leaf count against alpha-beta's (it never examines a leaf
//! alpha-beta prunes, so it can never examine more). Throughput is in
//! leaves per second; the time ratios to alpha-beta are the result.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use search_bestfirst::{Algorithm, Options, memsss_maximum, memsss_minimum};
use search_depthfirst::{Window, alphabeta};
use std::hint::black_box;
use tree_core::{Counted, GenSpec, GeneratedTree, Generator, Tree};

const TREES: u64 = 10;

fn memory(c: &mut Criterion) {
    let shapes = [
        ("random-6x8", Generator::TOPDOWN_RANDOM, 6, 8),
        ("strong-10x7", Generator::STRONG, 10, 7),
    ];
    for (name, g, b, d) in shapes {
        let ts: Vec<GeneratedTree> = (0..TREES)
            .map(|i| GenSpec::new(g, b, d, 3, i).build().expect("valid spec"))
            .collect();
        let bounds = ts[0].bounds().expect("generated trees know their shape");
        let (lo, hi) = (
            memsss_minimum(bounds, true).expect("fits"),
            memsss_maximum(bounds, true).expect("fits"),
        );
        let mid = ((lo as f64) * (hi as f64)).sqrt() as usize;
        let ab: Vec<(tree_core::Value, u64)> = ts
            .iter()
            .map(|t| {
                let c = Counted::new(t);
                (alphabeta(&c, Window::FULL).unwrap(), c.stats().leaves)
            })
            .collect();
        let ab_total: u64 = ab.iter().map(|x| x.1).sum();
        let mut group = c.benchmark_group(format!("memory-{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(ab_total));
        group.bench_function("alphabeta", |bench| {
            bench.iter(|| {
                for t in &ts {
                    black_box(alphabeta(t, Window::FULL).unwrap());
                }
            })
        });
        let runs = [
            (format!("memsss-min-{lo}"), Algorithm::MemSss, Some(lo)),
            (format!("memsss-mid-{mid}"), Algorithm::MemSss, Some(mid)),
            (format!("memsss-max-{hi}"), Algorithm::MemSss, Some(hi)),
            ("recsss".to_string(), Algorithm::RecSss, None),
            ("memdual-max".to_string(), Algorithm::MemDual, None),
            ("quickgame".to_string(), Algorithm::QuickGame, None),
            ("itersss-min".to_string(), Algorithm::IterSss, None),
        ];
        for (label, a, memory) in runs {
            let opts = Options {
                memory,
                ..Options::default()
            };
            let mut total = 0;
            for (t, (v, ab_leaves)) in ts.iter().zip(&ab) {
                let c = Counted::new(t);
                let out = a.run(&c, &opts).unwrap();
                assert_eq!(out.value, *v, "{label}");
                assert!(out.memory.peak <= out.memory.capacity, "{label}");
                if matches!(a, Algorithm::MemSss | Algorithm::IterSss) {
                    assert!(
                        c.stats().leaves <= *ab_leaves,
                        "{label} examined more than alpha-beta"
                    );
                }
                total += c.stats().leaves;
            }
            eprintln!("{name}: {label} {total} leaves, alpha-beta {ab_total}");
            group.throughput(Throughput::Elements(total));
            group.bench_function(&label, |bench| {
                bench.iter(|| {
                    for t in &ts {
                        black_box(a.run(t, &opts).unwrap());
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, memory);
criterion_main!(benches);

//! The memory-bounded family against alpha-beta on the same trees, through
//! the front door (`gametree::search`): MemSSS* at its minimum, a middle
//! and its maximum budget, RecSSS*, MemDual*, QuickGame and IterSSS* at
//! its minimum. Before timing, every value is checked against
//! alpha-beta's, every peak of OPEN against the budget, and MemSSS*'s
//! and IterSSS*'s leaf counts against alpha-beta's (they never examine a
//! leaf alpha-beta prunes, so they can never examine more). Throughput is
//! in leaves per second; the time ratios to alpha-beta are the result.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use gametree::{Algorithm, Config, maximum_memory, minimum_memory, search};
use support::{bench_trees, trees};
use tree_core::{Generator, Tree};

const TREES: u64 = 10;

fn memory(c: &mut Criterion) {
    let shapes = [
        ("random-6x8", Generator::TOPDOWN_RANDOM, 6, 8),
        ("strong-10x7", Generator::STRONG, 10, 7),
    ];
    let plain = Config::default();
    for (name, g, b, d) in shapes {
        let ts = trees(g, b, d, 3, TREES);
        let bounds = ts[0].bounds().expect("generated trees know their shape");
        // MemSSS*'s budgets with its odd-depth leaf search (its default).
        let (lo, hi) = (
            minimum_memory(Algorithm::MemSss, bounds).expect("fits"),
            maximum_memory(Algorithm::MemSss, bounds).expect("fits"),
        );
        let mid = ((lo as f64) * (hi as f64)).sqrt() as usize;
        let ab: Vec<(tree_core::Value, u64)> = ts
            .iter()
            .map(|t| {
                let r = search(Algorithm::AlphaBeta, t, &plain).unwrap();
                (r.value, r.leaves)
            })
            .collect();
        let ab_total: u64 = ab.iter().map(|x| x.1).sum();
        let mut group = c.benchmark_group(format!("memory-{name}"));
        group.sample_size(10);
        let ab_search = (Algorithm::AlphaBeta, &plain);
        bench_trees(&mut group, "alphabeta", ab_total, ab_search, &ts);
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
            let config = match memory {
                Some(m) => Config::default().memory(m),
                None => Config::default(),
            };
            // The budget searched with: an unset one is the algorithm's
            // least, MemSSS*'s and MemDual*'s greatest.
            let budget = memory
                .or_else(|| match a {
                    Algorithm::MemSss | Algorithm::MemDual => maximum_memory(a, bounds),
                    _ => minimum_memory(a, bounds),
                })
                .expect("a budget");
            let mut total = 0;
            for (t, (v, ab_leaves)) in ts.iter().zip(&ab) {
                let r = search(a, t, &config).unwrap();
                assert_eq!(r.value, *v, "{label}");
                assert!(r.peak_memory.expect("OPEN's peak") <= budget, "{label}");
                if matches!(a, Algorithm::MemSss | Algorithm::IterSss) {
                    assert!(
                        r.leaves <= *ab_leaves,
                        "{label} examined more than alpha-beta"
                    );
                }
                total += r.leaves;
            }
            eprintln!("{name}: {label} {total} leaves, alpha-beta {ab_total}");
            bench_trees(&mut group, &label, total, (a, &config), &ts);
        }
        group.finish();
    }
}

criterion_group!(benches, memory);
criterion_main!(benches);

//! The block engine against the reference implementation (`reference`)
//! at every budget, on the corpus.

use tree_core::{Bounds, GenSpec, Generator, Traced, Tree, corpus};

use super::config::{Config, Counts, least};
use super::{Cache, reference, search_in};
use crate::error::BestFirstError;
use crate::open::Outcome;
use crate::sss::full_size as minimum_memory;

/// What a search shows: result, counts, leaves in order, expansions.
type Seen = (
    Result<Outcome, BestFirstError>,
    Counts,
    Vec<tree_core::Dewey>,
    u64,
);

/// The block engine and the reference at every budget from the minimum
/// to b^⌈d/2⌉ (a spread of them on larger trees), and with a shape too
/// small for the tree.
fn check_same<T: Tree>(tree: &T, what: &str) -> usize {
    let bounds = tree.bounds().unwrap();
    let lo = least(bounds).unwrap();
    let hi = minimum_memory(bounds, false).unwrap().max(lo);
    let ms: Vec<usize> = if hi - lo <= 40 {
        (lo..=hi).collect()
    } else {
        let points = [lo, lo + 1, lo + 2, (lo + hi) / 2, hi - 1];
        tree_core::corpus::budget_spread(lo, hi, &points, 5, 4)
    };
    let mut shapes = vec![None];
    if bounds.depth > 0 {
        shapes.push(Some(Bounds::uniform(
            bounds.branching.max(1),
            bounds.depth - 1,
        )));
    }
    let mut open = Cache::new();
    let mut n = 0;
    for shape in shapes {
        let b = shape.unwrap_or(bounds);
        let (lo, hi) = (least(b).unwrap(), minimum_memory(b, false).unwrap().max(1));
        for &m in ms.iter().filter(|&&m| m >= lo && m < hi) {
            let cfg = Config {
                memory: Some(m),
                shape,
                ..Config::default()
            };
            let new: Seen = {
                let t = Traced::new(tree);
                let r = search_in(&t, &cfg, &mut open);
                (r, open.counts(), t.order(), t.stats().interior)
            };
            let old: Seen = {
                let t = Traced::new(tree);
                let (r, c) = reference::run(&t, b.branching, b.depth, m, true);
                (r, c, t.order(), t.stats().interior)
            };
            let strip = |s: &Seen| {
                (
                    s.0.clone()
                        .map(|o| (o.value, o.memory.peak, o.memory.capacity)),
                    s.1,
                    s.2.clone(),
                    s.3,
                )
            };
            assert_eq!(
                strip(&new),
                strip(&old),
                "M = {m}, shape {shape:?} on {what}"
            );
            n += 1;
        }
    }
    n
}

#[test]
fn blocks_behave_as_the_reference_on_random_trees() {
    let mut runs = 0;
    for (text, tree) in corpus::random_trees(0x17e, 2_000) {
        runs += check_same(&tree, &text);
    }
    assert!(runs > 5_000, "{runs}");
}

#[test]
fn blocks_behave_as_the_reference_on_generated_trees() {
    let mut runs = 0;
    for tree in corpus::generated_trees(6) {
        runs += check_same(&tree, &format!("{:?}", tree.spec()));
    }
    for (g, b, d, n) in [
        (Generator::RANDOM, 3, 5, 6),
        (Generator::Random { lo: 0, hi: 3 }, 3, 5, 6),
        (Generator::RANDOM, 2, 8, 6),
        (Generator::STRONG, 3, 6, 3),
        (Generator::RANDOM, 4, 5, 3),
    ] {
        for seed in 0..n {
            let tree = GenSpec::new(g, b, d, seed, seed).build().unwrap();
            runs += check_same(&tree, &format!("{:?}", tree.spec()));
        }
    }
    assert!(runs > 2_000, "{runs}");
}

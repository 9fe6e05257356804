//! Shared helpers: a seeded generator for windows, the corpus of
//! `tree_core::corpus`, and leaf-set helpers.

use std::collections::BTreeSet;

use search_depthfirst::{TranspositionTable, mt_sss};
use tree_core::{Dewey, Traced, Tree};

/// SplitMix64: a tiny seeded generator, so the tests need no extra crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        tree_core::mix64(self.0)
    }

    /// Uniform in `0..n`, `n > 0`.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }
}

pub use tree_core::corpus::value as v;

pub use tree_core::corpus::{generated_trees, random_trees};

/// The terminals MT-SSS* evaluates, as a set of Dewey codes: kept so that
/// MT-SSS* and `search-bestfirst`'s SSS* can be compared leaf for leaf
/// (Plaat et al. 1996 prove the sets equal).
pub fn mt_sss_evaluated_leaves<T: Tree>(tree: &T) -> BTreeSet<Dewey> {
    let traced = Traced::new(tree);
    mt_sss(&traced, &mut TranspositionTable::new()).unwrap();
    traced.order().into_iter().collect()
}

/// The terminals any search evaluates, as a set.
pub fn evaluated_leaves<T: Tree>(tree: &T, search: impl Fn(&Traced<&T>)) -> BTreeSet<Dewey> {
    let traced = Traced::new(tree);
    search(&traced);
    traced.order().into_iter().collect()
}

//! Shared helpers: a seeded generator, random non-uniform trees, the
//! generated-tree corpus, and leaf-set helpers.

use std::collections::BTreeSet;

use search_depthfirst::{TranspositionTable, mt_sss};
use tree_core::{
    BestChild, Dewey, ExplicitTree, GenSpec, GeneratedTree, Generator, Traced, Tree, Value,
};

/// SplitMix64: a tiny seeded generator, so the tests need no extra crate.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
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

pub fn v(x: i64) -> Value {
    Value::new(x).unwrap()
}

/// How the leaf values of a random tree are drawn.
#[derive(Debug, Clone, Copy)]
pub enum Leaves {
    /// 0..=2: many ties.
    Tiny,
    /// -9..=9.
    Small,
    /// The extremes of the leaf range and a few values near 0.
    Extreme,
    /// Anywhere in the leaf range.
    Wide,
}

impl Leaves {
    pub const ALL: [Leaves; 4] = [Leaves::Tiny, Leaves::Small, Leaves::Extreme, Leaves::Wide];

    fn draw(self, rng: &mut Rng) -> i64 {
        let (lo, hi) = (i64::from(Value::MIN_LEAF), i64::from(Value::MAX_LEAF));
        match self {
            Leaves::Tiny => rng.range(0, 2),
            Leaves::Small => rng.range(-9, 9),
            Leaves::Extreme => [lo, lo + 1, -1, 0, 1, hi - 1, hi][rng.below(7) as usize],
            Leaves::Wide => rng.range(lo, hi),
        }
    }
}

/// A random non-uniform tree in the nested text form: branching 1 to 6,
/// terminals at mixed depths (the root itself now and then), at most about
/// `budget` nodes and depth `max_depth`.
pub fn random_text(rng: &mut Rng, leaves: Leaves, max_depth: usize, budget: usize) -> String {
    let mut out = String::new();
    let mut budget = budget as i64;
    fn node(
        rng: &mut Rng,
        leaves: Leaves,
        depth: usize,
        max_depth: usize,
        budget: &mut i64,
        out: &mut String,
    ) {
        *budget -= 1;
        // The root is terminal 3% of the time; deeper nodes more often.
        let p_terminal = if depth == 0 { 3 } else { 10 + 8 * depth as u64 };
        if depth >= max_depth || *budget <= 0 || rng.below(100) < p_terminal {
            out.push_str(&leaves.draw(rng).to_string());
            return;
        }
        // One child a third of the time, else 2..=6.
        let k = if rng.below(3) == 0 {
            1
        } else {
            rng.range(2, 6) as usize
        };
        out.push('[');
        for i in 0..k {
            if i > 0 {
                out.push(',');
            }
            node(rng, leaves, depth + 1, max_depth, budget, out);
        }
        out.push(']');
    }
    node(rng, leaves, 0, max_depth, &mut budget, &mut out);
    out
}

/// `n` random non-uniform trees from `seed`, cycling through the leaf kinds.
pub fn random_trees(seed: u64, n: usize) -> impl Iterator<Item = (String, ExplicitTree)> {
    let mut rng = Rng::new(seed);
    (0..n).map(move |k| {
        let leaves = Leaves::ALL[k % Leaves::ALL.len()];
        let max_depth = rng.range(0, 7) as usize;
        let text = random_text(&mut rng, leaves, max_depth, 120);
        let tree = ExplicitTree::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        (text, tree)
    })
}

/// One generator of every kind, with a few orderings, ties and sentinel-free
/// extremes.
pub const GENERATORS: &[Generator] = &[
    Generator::RANDOM,
    Generator::Random { lo: 0, hi: 2 },
    Generator::Random {
        lo: Value::MIN_LEAF,
        hi: Value::MAX_LEAF,
    },
    Generator::Campbell(BestChild::Uniform),
    Generator::Campbell(BestChild::FirstMoveBest(0.5)),
    Generator::Campbell(BestChild::Geometric(0.8)),
    Generator::Campbell(BestChild::First),
    Generator::TOPDOWN_RANDOM,
    Generator::STRONG,
    Generator::KORF,
    Generator::PERFECT,
];

/// Small uniform shapes, terminal root and single-child chains included.
pub const SHAPES: &[(usize, usize)] = &[
    (0, 0),
    (1, 1),
    (1, 4),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 2),
    (3, 3),
    (3, 4),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 3),
    (6, 2),
];

/// Every generator on every shape, `per_cell` seeds each.
pub fn generated_trees(per_cell: u64) -> impl Iterator<Item = GeneratedTree> {
    GENERATORS.iter().flat_map(move |&g| {
        SHAPES.iter().flat_map(move |&(b, d)| {
            (0..per_cell)
                .map(move |seed| GenSpec::new(g, b, d, seed, seed * 7 + 1).build().unwrap())
        })
    })
}

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

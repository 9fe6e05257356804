//! Generated trees: lazy, deterministic, never materialised (the design
//! is documented on [`GeneratedTree`]).

use std::fmt;
use std::str::FromStr;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::{SplitMix64, Xoshiro256PlusPlus};

use crate::explicit::uniform_leaves;
use crate::{Bounds, Tree, TreeError, Value};

/// Which child of a node is its best child.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BestChild {
    /// Uniform over the children: random ordering.
    Uniform,
    /// Child 1 with probability `p`, otherwise uniform over all `b` children,
    /// so child 1 is best with probability `p + (1 − p)/b`: one reading of
    /// Campbell's "first-move-best p", which the thesis does not define
    /// (`docs/TREES.md`).
    FirstMoveBest(f64),
    /// Child 1 with probability `p`, otherwise uniform over children 2..b,
    /// so child 1 is best with probability exactly `p`: the reading of
    /// Campbell's "p first-move-best" his text supports (p. 22) and the
    /// reproduction uses.
    FirstMoveExactly(f64),
    /// Child `i` (1-based) with probability ∝ `p (1 − p)^(i − 1)`, truncated
    /// to the width and renormalised (Campbell's "geometric p").
    Geometric(f64),
    /// Marsland et al. 1987 strong ordering: child 1 with probability 0.7,
    /// the rest of the leftmost quarter with 0.2 shared equally, the others
    /// with 0.1 shared equally; where the quarter is child 1 alone, child 1
    /// has 0.9. Which children form "the leftmost 25% of the sons" is the
    /// [`Quarter`] reading. For b = 8 every reading gives the vector
    /// (0.7, 0.2, 0.0167, …, 0.0167), as Bhattacharya & Bagchi 1996, §4
    /// gives it.
    Marsland(Quarter),
    /// Always child 1: perfect ordering.
    First,
}

/// Which sons are "the leftmost 25% of the sons" of Marsland et al. 1987's
/// strong ordering for a width `b` (Bhattacharya & Bagchi 1996, §4, give
/// only b = 8, where every reading takes sons 1 and 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Quarter {
    /// ⌈b/4⌉ sons, at least 2 (capped at b): son 2 always shares the 0.2.
    /// For b = 5, 6, 9, 10: 2, 2, 3, 3 sons.
    #[default]
    CeilAtLeastTwo,
    /// ⌊b/4⌋ sons, at least 1: no son beyond 25% of the width. For
    /// b = 5, 6, 9, 10: 1, 1, 2, 2 sons.
    Floor,
    /// b/4 rounded to the nearest son (halves up), at least 1. For
    /// b = 5, 6, 9, 10: 1, 2, 2, 3 sons.
    Nearest,
}

impl Quarter {
    /// Every reading, the default first.
    pub const ALL: [Quarter; 3] = [Quarter::CeilAtLeastTwo, Quarter::Floor, Quarter::Nearest];

    /// How many leftmost sons of `b` form the quarter.
    pub fn sons(self, b: usize) -> usize {
        let q = match self {
            Quarter::CeilAtLeastTwo => b.div_ceil(4).max(2),
            Quarter::Floor => (b / 4).max(1),
            Quarter::Nearest => (b / 4 + usize::from(b % 4 >= 2)).max(1),
        };
        q.min(b)
    }

    /// A short name: `ceil2`, `floor`, `nearest`.
    pub fn name(self) -> &'static str {
        match self {
            Quarter::CeilAtLeastTwo => "ceil2",
            Quarter::Floor => "floor",
            Quarter::Nearest => "nearest",
        }
    }
}

/// Campbell's root score `S`: his `gen` (thesis App. 2) says it "can be
/// either a fixed value or chosen randomly".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootScore {
    /// Uniform in 1..=127, a new draw for every tree.
    Random,
    /// The same score for every tree, 0..=127 (Campbell's aspiration
    /// experiment, p. 29, sets it to 64).
    Fixed(i32),
}

impl RootScore {
    /// The score of Campbell's aspiration experiment (p. 29): 64.
    pub const ASPIRATION: RootScore = RootScore::Fixed(64);
    /// The reading the reproduction uses: 64, on the thesis's standard
    /// deviations (pp. 28–29; `docs/reproduction/hypotheses.md`).
    pub const DEFAULT: RootScore = RootScore::ASPIRATION;
}

impl Default for RootScore {
    fn default() -> RootScore {
        RootScore::DEFAULT
    }
}

impl fmt::Display for RootScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RootScore::Random => f.write_str("random"),
            RootScore::Fixed(s) => write!(f, "{s}"),
        }
    }
}

/// How much worse than the best child a top-down tree's other children
/// are (Bhattacharya & Bagchi 1996, §4, do not say): a gap drawn uniformly
/// from a range, with or without 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Gap {
    /// `1..=spread`: every other child strictly worse, the best child unique.
    #[default]
    Strict,
    /// `0..=spread`: other children may tie with the best.
    Ties,
}

impl Gap {
    /// The smallest gap.
    pub fn least(self) -> i32 {
        match self {
            Gap::Strict => 1,
            Gap::Ties => 0,
        }
    }
}

impl BestChild {
    /// Marsland et al. 1987's strong ordering with the default reading of
    /// its leftmost quarter.
    pub const MARSLAND: BestChild = BestChild::Marsland(Quarter::CeilAtLeastTwo);

    /// The probability that child `i` (0-based) of a node with `b` children
    /// is chosen as best: 0 for a child that does not exist (`i >= b`).
    pub fn probability(self, i: usize, b: usize) -> f64 {
        if i >= b {
            return 0.0;
        }
        if b == 1 {
            return 1.0;
        }
        let rest = (b - 1) as f64;
        match self {
            BestChild::Uniform => 1.0 / b as f64,
            BestChild::FirstMoveBest(p) => {
                let uniform = (1.0 - p) / b as f64;
                if i == 0 { p + uniform } else { uniform }
            }
            BestChild::FirstMoveExactly(p) => {
                if i == 0 {
                    p
                } else {
                    (1.0 - p) / rest
                }
            }
            BestChild::Geometric(p) => {
                // Exponents beyond `i32` (no generated tree has such a
                // node) take `powf`, so that every `b` gives a distribution.
                let pow = |n: usize| {
                    i32::try_from(n)
                        .map_or_else(|_| (1.0 - p).powf(n as f64), |n| (1.0 - p).powi(n))
                };
                let total = 1.0 - pow(b);
                p * pow(i) / total
            }
            BestChild::Marsland(q) => {
                let quarter = q.sons(b);
                if i == 0 {
                    if quarter == 1 { 0.9 } else { 0.7 }
                } else if quarter == 1 {
                    0.1 / rest
                } else if quarter == b {
                    0.3 / rest
                } else if i < quarter {
                    0.2 / (quarter - 1) as f64
                } else {
                    0.1 / (b - quarter) as f64
                }
            }
            BestChild::First => {
                if i == 0 {
                    1.0
                } else {
                    0.0
                }
            }
        }
    }

    /// Draws a best child among `b` from a uniform 64-bit number.
    fn draw(self, r: u64, b: usize) -> usize {
        match self {
            BestChild::Uniform => below(r, b as u64) as usize,
            BestChild::First => 0,
            _ => {
                let u = unit(r);
                let mut acc = 0.0;
                for i in 0..b - 1 {
                    acc += self.probability(i, b);
                    if u < acc {
                        return i;
                    }
                }
                b - 1
            }
        }
    }

    fn check(self) -> Result<(), TreeError> {
        match self {
            BestChild::FirstMoveBest(p)
            | BestChild::FirstMoveExactly(p)
            | BestChild::Geometric(p)
                if !(p > 0.0 && p <= 1.0) =>
            {
                Err(TreeError::Parse {
                    position: 0,
                    message: format!("ordering parameter p = {p} must lie in (0, 1]"),
                })
            }
            _ => Ok(()),
        }
    }
}

/// A tree generator: how leaf values come about.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Generator {
    /// I.i.d. leaf values uniform in `lo..=hi`.
    Random {
        /// Smallest leaf value.
        lo: i32,
        /// Largest leaf value.
        hi: i32,
    },
    /// Campbell's `gen` (thesis App. 2) with the given best-child choice
    /// and root score. Leaf values lie in 0..=127 from MAX's point of view.
    Campbell(BestChild, RootScore),
    /// Top-down trees (Bhattacharya & Bagchi 1996, §4): non-best children are worse for the
    /// parent's player by a uniform amount in `gap.least()..=spread`. The root's value is 0.
    TopDown {
        /// Best-child distribution.
        best: BestChild,
        /// Largest gap between a best and a non-best child.
        spread: i32,
        /// Whether the gap may be 0.
        gap: Gap,
    },
    /// Korf/Fuller edge-sum trees (Bhattacharya 1995, §4): edge costs uniform in
    /// `-max_edge..=max_edge`.
    EdgeSum {
        /// Largest absolute edge cost.
        max_edge: i32,
    },
    /// Perfectly ordered trees: top-down with the first child always best and
    /// the others worse by `1..=spread`.
    Perfect {
        /// Largest gap between the best and another child.
        spread: i32,
    },
}

impl Generator {
    /// I.i.d. random leaves in 0..=9,999.
    pub const RANDOM: Generator = Generator::Random { lo: 0, hi: 9_999 };
    /// Bhattacharya & Bagchi 1996's random trees: top-down, uniform best child.
    pub const TOPDOWN_RANDOM: Generator = Generator::TopDown {
        best: BestChild::Uniform,
        spread: 100,
        gap: Gap::Strict,
    };
    /// Bhattacharya & Bagchi 1996's strong trees: top-down, Marsland's best-child distribution.
    pub const STRONG: Generator = Generator::TopDown {
        best: BestChild::MARSLAND,
        spread: 100,
        gap: Gap::Strict,
    };
    /// Bhattacharya 1995's strong trees: Korf/Fuller edge sums.
    pub const KORF: Generator = Generator::EdgeSum { max_edge: 1_000 };
    /// Perfectly ordered trees.
    pub const PERFECT: Generator = Generator::Perfect { spread: 100 };

    /// Campbell's `gen` with best-child choice `best` and the default root
    /// score ([`RootScore::DEFAULT`]).
    pub const fn campbell(best: BestChild) -> Generator {
        Generator::Campbell(best, RootScore::DEFAULT)
    }

    fn tag(&self) -> u64 {
        match self {
            Generator::Random { .. } => 1,
            Generator::Campbell(..) => 2,
            Generator::TopDown { .. } => 3,
            Generator::EdgeSum { .. } => 4,
            Generator::Perfect { .. } => 5,
        }
    }

    /// The short names accepted by [`FromStr`] (`NAME` or `NAME:P`).
    pub const NAMES: &'static [&'static str] = &[
        "random",
        "random:LO..HI",
        "campbell-random",
        "campbell-fmb:P",
        "campbell-fmbx:P",
        "campbell-geo:P",
        "campbell-perfect",
        "campbell-…@random",
        "campbell-…@S",
        "topdown-random",
        "strong",
        "korf",
        "perfect",
    ];
}

impl fmt::Display for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Generator::Random { lo: 0, hi: 9_999 } => f.write_str("random"),
            Generator::Random { lo, hi } => write!(f, "random:{lo}..{hi}"),
            Generator::Campbell(best, root) => {
                match best {
                    BestChild::Uniform => f.write_str("campbell-random")?,
                    BestChild::FirstMoveBest(p) => write!(f, "campbell-fmb:{p}")?,
                    BestChild::FirstMoveExactly(p) => write!(f, "campbell-fmbx:{p}")?,
                    BestChild::Geometric(p) => write!(f, "campbell-geo:{p}")?,
                    BestChild::First => f.write_str("campbell-perfect")?,
                    BestChild::Marsland(Quarter::CeilAtLeastTwo) => {
                        f.write_str("campbell-marsland")?
                    }
                    BestChild::Marsland(q) => write!(f, "campbell-marsland-{}", q.name())?,
                }
                if root != RootScore::DEFAULT {
                    write!(f, "@{root}")?;
                }
                Ok(())
            }
            g if g == Generator::TOPDOWN_RANDOM => f.write_str("topdown-random"),
            g if g == Generator::STRONG => f.write_str("strong"),
            g if g == Generator::KORF => f.write_str("korf"),
            g if g == Generator::PERFECT => f.write_str("perfect"),
            g => write!(f, "{g:?}"),
        }
    }
}

/// An unknown generator name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratorParseError(pub String);

impl fmt::Display for GeneratorParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (known: {})", self.0, Generator::NAMES.join(", "))
    }
}

impl std::error::Error for GeneratorParseError {}

impl FromStr for Generator {
    type Err = GeneratorParseError;
    fn from_str(s: &str) -> Result<Generator, GeneratorParseError> {
        let bad = |why: &str| GeneratorParseError(format!("bad generator '{s}': {why}"));
        if let Some((rest, root)) = s.split_once('@') {
            let root = match root {
                "random" => RootScore::Random,
                n => match n.parse::<i32>() {
                    Ok(v) if (0..=127).contains(&v) => RootScore::Fixed(v),
                    _ => return Err(bad("root score must be 'random' or 0..=127")),
                },
            };
            return match rest.parse::<Generator>() {
                Ok(Generator::Campbell(best, _)) => Ok(Generator::Campbell(best, root)),
                Ok(_) => Err(bad("only Campbell's generator takes a root score (@S)")),
                Err(e) => Err(e),
            };
        }
        let (name, arg) = match s.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (s, None),
        };
        let prob = || -> Result<f64, GeneratorParseError> {
            let a = arg.ok_or_else(|| bad("needs a parameter, e.g. :0.8"))?;
            let p: f64 = a.parse().map_err(|_| bad("parameter is not a number"))?;
            if p > 0.0 && p <= 1.0 {
                Ok(p)
            } else {
                Err(bad("parameter must lie in (0, 1]"))
            }
        };
        let no_arg = |g: Generator| match arg {
            None => Ok(g),
            Some(_) => Err(bad("takes no parameter")),
        };
        match name {
            "random" => match arg {
                None => Ok(Generator::RANDOM),
                Some(a) => {
                    let (lo, hi) = a
                        .split_once("..")
                        .ok_or_else(|| bad("range must be LO..HI"))?;
                    let lo: i32 = lo.parse().map_err(|_| bad("LO is not an integer"))?;
                    let hi: i32 = hi.parse().map_err(|_| bad("HI is not an integer"))?;
                    let ok = lo <= hi && Value::new(lo).is_ok() && Value::new(hi).is_ok();
                    if ok {
                        Ok(Generator::Random { lo, hi })
                    } else {
                        Err(bad("need LO <= HI, both leaf values"))
                    }
                }
            },
            "campbell-random" => no_arg(Generator::campbell(BestChild::Uniform)),
            "campbell-fmb" => Ok(Generator::campbell(BestChild::FirstMoveBest(prob()?))),
            "campbell-fmbx" => Ok(Generator::campbell(BestChild::FirstMoveExactly(prob()?))),
            "campbell-geo" => Ok(Generator::campbell(BestChild::Geometric(prob()?))),
            "campbell-perfect" => no_arg(Generator::campbell(BestChild::First)),
            "topdown-random" => no_arg(Generator::TOPDOWN_RANDOM),
            "strong" | "marsland" => no_arg(Generator::STRONG),
            "korf" | "edge-sum" => no_arg(Generator::KORF),
            "perfect" => no_arg(Generator::PERFECT),
            _ => Err(bad("unknown generator")),
        }
    }
}

/// Everything that determines a generated tree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GenSpec {
    /// The generator.
    pub generator: Generator,
    /// Branching degree.
    pub b: usize,
    /// Depth.
    pub d: usize,
    /// Seed of the experiment.
    pub seed: u64,
    /// Index of the tree within the experiment (0, 1, 2, …).
    pub index: u64,
}

impl GenSpec {
    /// A spec for tree `index` of an experiment seeded with `seed`.
    pub fn new(generator: Generator, b: usize, d: usize, seed: u64, index: u64) -> GenSpec {
        GenSpec {
            generator,
            b,
            d,
            seed,
            index,
        }
    }

    /// Builds the (lazy) tree.
    ///
    /// # Errors
    /// As [`GeneratedTree::new`].
    pub fn build(self) -> Result<GeneratedTree, TreeError> {
        GeneratedTree::new(self)
    }
}

/// A node of a [`GeneratedTree`]: 16 bytes of generator state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GenNode {
    key: u64,
    /// Generator-specific: Campbell's negamax score, the top-down or
    /// edge-sum value from MAX's point of view.
    value: i32,
    depth: u16,
    /// The best child's index (Campbell, top-down, perfect).
    best: u16,
}

impl GenNode {
    /// The depth of this node (the root is 0).
    pub fn depth(&self) -> usize {
        usize::from(self.depth)
    }
}

/// A lazily generated uniform (b, d) tree.
///
/// A [`GeneratedTree`] is a pure function of its [`GenSpec`] — generator,
/// branching `b`, depth `d`, seed and tree index — and of the Dewey path of a
/// node. Every node carries a 64-bit key; the key of child `i` is a hash of
/// the parent's key and `i`, and everything random about a node is drawn
/// from a `Xoshiro256PlusPlus` seeded with its own key. So any node can be
/// produced in O(1) (O(b) for sorted edge-sum levels) without generating its
/// brothers' subtrees, the same tree comes out in any visiting order, on any
/// platform and thread, and a (10,7) or (9,8) tree costs no memory.
///
/// The generators (see `docs/TREES.md` for the readings of the papers):
///
/// * [`Generator::Random`]: i.i.d. leaf values, uniform in a range
///   (Bhattacharya 1995 random trees, Bhattacharya & Bagchi 1996, Table 2).
/// * [`Generator::Campbell`]: Campbell's `gen` (thesis App. 2, Fig. 14) in
///   the negamax framework, with a best-child distribution ([`BestChild`]).
/// * [`Generator::TopDown`]: Bhattacharya & Bagchi 1996, §4: a node's value passes to one child
///   drawn from a best-child distribution; the other children get values
///   strictly worse for the parent's player. Uniform gives its *random*
///   trees, [`BestChild::MARSLAND`] its *strong* trees.
/// * [`Generator::EdgeSum`]: Korf/Fuller trees (Bhattacharya 1995, §4): random edge
///   costs, node value = sum from the root, children sorted by static value
///   at every level whose children are not terminals.
/// * [`Generator::Perfect`]: perfectly ordered (Campbell p. 44): the first
///   child of every node is its unique best child.
///
/// ```
/// use tree_core::{GenSpec, Generator, Tree, minimax};
/// let t = GenSpec::new(Generator::STRONG, 3, 4, 7, 0).build().unwrap();
/// let again = GenSpec::new(Generator::STRONG, 3, 4, 7, 0).build().unwrap();
/// assert_eq!(minimax(&t), minimax(&again));
/// // The top-down root value is 0 by construction.
/// assert_eq!(minimax(&t).get(), 0);
/// ```
#[derive(Debug, Clone)]
pub struct GeneratedTree {
    spec: GenSpec,
    root: GenNode,
}

/// SplitMix64's output for one input: the hash that derives keys.
#[inline]
fn mix(x: u64) -> u64 {
    SplitMix64::seed_from_u64(x).next_u64()
}

#[inline]
fn child_key(key: u64, i: usize) -> u64 {
    mix(key ^ (i as u64 + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

/// A uniform draw from `0..n` (Lemire's multiply-shift).
#[inline]
fn below(r: u64, n: u64) -> u64 {
    ((u128::from(r) * u128::from(n)) >> 64) as u64
}

/// A uniform draw from `[0, 1)`.
#[inline]
fn unit(r: u64) -> f64 {
    (r >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// A uniform draw from `lo..=hi`.
#[inline]
fn between(r: u64, lo: i32, hi: i32) -> i32 {
    let span = (i64::from(hi) - i64::from(lo) + 1) as u64;
    (i64::from(lo) + below(r, span) as i64) as i32
}

impl GeneratedTree {
    /// The tree `spec` describes.
    ///
    /// # Errors
    /// `b = 0` with `d > 0`, `b > 65,535`, `b^d` overflowing 64 bits, a depth
    /// above [`MAX_DEPTH`](crate::MAX_DEPTH), an ordering parameter outside
    /// (0, 1], an empty random range, or a spread/edge range that could push
    /// values out of the leaf range at this depth.
    pub fn new(spec: GenSpec) -> Result<GeneratedTree, TreeError> {
        let GenSpec {
            generator, b, d, ..
        } = spec;
        uniform_leaves(b, d)?;
        let bad = |message: String| TreeError::Parse {
            position: 0,
            message,
        };
        let spread_ok = |s: i32| s >= 1 && i64::from(s) * (d as i64) <= i64::from(Value::MAX_LEAF);
        match generator {
            Generator::Random { lo, hi } => {
                if lo > hi || Value::new(lo).is_err() || Value::new(hi).is_err() {
                    return Err(bad(format!(
                        "random leaf range {lo}..={hi} is empty or out of range"
                    )));
                }
            }
            Generator::Campbell(best, root) => {
                best.check()?;
                if let RootScore::Fixed(s) = root
                    && !(0..=127).contains(&s)
                {
                    return Err(bad(format!(
                        "Campbell's root score {s} must lie in 0..=127"
                    )));
                }
            }
            Generator::TopDown { best, spread, .. } => {
                best.check()?;
                if !spread_ok(spread) {
                    return Err(bad(format!(
                        "spread {spread} must be >= 1 and spread * d must fit a leaf value"
                    )));
                }
            }
            Generator::Perfect { spread } => {
                if !spread_ok(spread) {
                    return Err(bad(format!(
                        "spread {spread} must be >= 1 and spread * d must fit a leaf value"
                    )));
                }
            }
            Generator::EdgeSum { max_edge } => {
                if !(0..=i32::MAX / 2).contains(&max_edge) || !spread_ok(max_edge.max(1)) {
                    return Err(bad(format!(
                        "edge range {max_edge} must be >= 0 and d * max_edge must fit a leaf value"
                    )));
                }
            }
        }
        let key =
            mix(mix(mix(spec.seed) ^ generator.tag())
                ^ spec.index.wrapping_mul(0xA24B_AED4_963E_E407));
        let mut tree = GeneratedTree {
            spec,
            root: GenNode {
                key,
                value: 0,
                depth: 0,
                best: 0,
            },
        };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(key);
        let first = rng.next_u64();
        let second = rng.next_u64();
        tree.root.value = match generator {
            // Campbell: "S can be either a fixed value or chosen randomly".
            // The draw is made either way, so that the two readings share
            // every other random number.
            Generator::Campbell(_, RootScore::Random) => between(first, 1, 127),
            Generator::Campbell(_, RootScore::Fixed(s)) => s,
            _ => 0,
        };
        tree.root.best = tree.draw_best(second, 0) as u16;
        Ok(tree)
    }

    /// The value the generator gives `node`, from MAX's point of view: for
    /// Campbell, top-down and perfect trees the node's minimax value (the
    /// generators build it in), for edge-sum trees its static value (the sum
    /// of the edges from the root), for i.i.d. random trees the leaf value at
    /// terminals and `None` above them.
    pub fn node_value(&self, node: &GenNode) -> Option<Value> {
        match self.spec.generator {
            Generator::Random { .. } if usize::from(node.depth) < self.spec.d => None,
            _ => Some(self.value(node)),
        }
    }

    /// The index of the root's best child (0-based; 0 for generators
    /// without one).
    pub fn root_best(&self) -> usize {
        usize::from(self.root.best)
    }

    /// The spec this tree was built from.
    pub fn spec(&self) -> &GenSpec {
        &self.spec
    }

    fn draw_best(&self, r: u64, depth: usize) -> usize {
        if depth >= self.spec.d {
            return 0;
        }
        match self.spec.generator {
            Generator::Campbell(best, _) | Generator::TopDown { best, .. } => {
                best.draw(r, self.spec.b)
            }
            _ => 0,
        }
    }

    /// Edge-sum: the edge costs into the first `n` children (original,
    /// unsorted order) of a node whose children get sorted, drawn in sequence
    /// from the parent's generator.
    fn edges(&self, parent: &GenNode, n: usize, max_edge: i32) -> smallvec::SmallVec<[i32; 32]> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(parent.key);
        (0..n)
            .map(|_| between(rng.next_u64(), -max_edge, max_edge))
            .collect()
    }

    /// Edge-sum: the original index of the child at sorted position `i`.
    /// Children of MAX are sorted by decreasing static value, of MIN by
    /// increasing; ties keep the original order.
    fn sorted_index(&self, edges: &[i32], max: bool, i: usize) -> usize {
        let mut order: smallvec::SmallVec<[u16; 32]> = (0..edges.len() as u16).collect();
        if max {
            order.sort_by_key(|&j| std::cmp::Reverse(edges[usize::from(j)]));
        } else {
            order.sort_by_key(|&j| edges[usize::from(j)]);
        }
        usize::from(order[i])
    }
}

impl Tree for GeneratedTree {
    type Node = GenNode;

    fn root(&self) -> GenNode {
        self.root
    }

    #[inline]
    fn num_children(&self, node: &GenNode) -> usize {
        if usize::from(node.depth) < self.spec.d {
            self.spec.b
        } else {
            0
        }
    }

    fn child(&self, node: &GenNode, i: usize) -> GenNode {
        assert!(i < self.num_children(node), "child {i} out of range");
        let depth = usize::from(node.depth) + 1;
        let interior = depth < self.spec.d;
        // Everything random about a node comes from its own generator:
        // draw 1 is the value its parent gives it, draw 2 its best child.
        let draws = |key: u64| {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(key);
            (rng.next_u64(), rng.next_u64())
        };
        let (key, value, best) = match self.spec.generator {
            Generator::Random { .. } => (child_key(node.key, i), 0, 0),
            Generator::Campbell(..) => {
                let key = child_key(node.key, i);
                let (r1, r2) = draws(key);
                let s = node.value;
                let v = if i == usize::from(node.best) {
                    s
                } else if node.depth.is_multiple_of(2) {
                    // value[i] = rand() % score; with score 0 only 0 is <= score.
                    if s > 0 { below(r1, s as u64) as i32 } else { 0 }
                } else {
                    // value[i] = score - rand() % (128 + score).
                    s - below(r1, (128 + s) as u64) as i32
                };
                (key, -v, self.draw_best(r2, depth))
            }
            Generator::TopDown { spread, .. } | Generator::Perfect { spread } => {
                let least = match self.spec.generator {
                    Generator::TopDown { gap, .. } => gap.least(),
                    _ => 1,
                };
                let key = child_key(node.key, i);
                let (r1, r2) = draws(key);
                let v = if i == usize::from(node.best) {
                    node.value
                } else {
                    let gap = between(r1, least, spread);
                    if node.depth.is_multiple_of(2) {
                        node.value - gap
                    } else {
                        node.value + gap
                    }
                };
                (key, v, self.draw_best(r2, depth))
            }
            Generator::EdgeSum { max_edge } => {
                // Sort only where the children are not terminals.
                let (j, e) = if interior {
                    let edges = self.edges(node, self.spec.b, max_edge);
                    let j = self.sorted_index(&edges, node.depth.is_multiple_of(2), i);
                    (j, edges[j])
                } else {
                    // Unsorted last level: one draw from the child's own generator.
                    let r = Xoshiro256PlusPlus::seed_from_u64(child_key(node.key, i)).next_u64();
                    (i, between(r, -max_edge, max_edge))
                };
                (child_key(node.key, j), node.value + e, 0)
            }
        };
        GenNode {
            key,
            value,
            depth: depth as u16,
            best: best as u16,
        }
    }

    fn value(&self, node: &GenNode) -> Value {
        let v = match self.spec.generator {
            Generator::Random { lo, hi } => between(
                Xoshiro256PlusPlus::seed_from_u64(node.key).next_u64(),
                lo,
                hi,
            ),
            // Campbell's score is from the side to move; MAX moves at even depths.
            Generator::Campbell(..) if node.depth % 2 == 1 => -node.value,
            _ => node.value,
        };
        Value::saturating(v.into())
    }

    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds::uniform(self.spec.b, self.spec.d))
    }
}

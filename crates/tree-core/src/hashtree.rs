//! [`HashTree`]: the cheapest tree there is, for measuring a search's own
//! cost.
//!
//! A node is its path hash and its depth (16 bytes, `Copy`); the `i`-th
//! child's hash is one SplitMix64 finaliser of the parent's hash and `i`,
//! and a terminal's value is that hash reduced to a range. No generator
//! state, no draws, no branches on a generator kind: producing a node costs
//! a handful of instructions, so a benchmark on a `HashTree` measures what a
//! search spends per node on its own bookkeeping — the case that matters
//! when a real game's nodes are cheap (bitboards) and the case where
//! overheads show most.
//!
//! Leaf values are i.i.d. uniform in `lo..=hi` (default `0..=999`, so ties
//! occur), independent of the visiting order and the thread, like every
//! generated tree of this crate.

use crate::explicit::uniform_leaves;
use crate::{BestChild, Bounds, Tree, TreeError, Value};

/// A node of a [`HashTree`]: the hash of its path and its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HashNode {
    /// The hash of the node's path from the root.
    pub key: u64,
    /// Plies from the root.
    pub depth: u32,
}

/// A uniform (b, d) tree with i.i.d. leaf values from a hash of the path.
///
/// ```
/// use tree_core::{HashTree, Tree, minimax};
/// let t = HashTree::new(4, 6, 1).unwrap();
/// assert_eq!(minimax(&t), minimax(&HashTree::new(4, 6, 1).unwrap()));
/// let leaf = (0..6).fold(t.root(), |n, _| t.child(&n, 3));
/// assert_eq!(t.num_children(&leaf), 0);
/// assert!((0..=999).contains(&t.value(&leaf).get()));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashTree {
    b: usize,
    d: u32,
    root: u64,
    lo: i32,
    span: u64,
}

/// SplitMix64's finaliser (Steele, Lea & Flood 2014): a bijection of
/// `u64` that mixes every input bit into every output bit. The hash behind
/// [`HashTree`], and a mixer for games' position hashes.
///
/// ```
/// assert_eq!(tree_core::mix64(0), 0);
/// assert_ne!(tree_core::mix64(1), tree_core::mix64(2));
/// ```
#[inline(always)]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// SplitMix64's output for the state `z`: the golden-ratio increment,
/// then [`mix64`].
#[inline(always)]
fn mix(z: u64) -> u64 {
    mix64(z.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// The key of child `i` (of `children`) of the node of key `key`: both
/// trees derive a node from its parent's key the same way.
#[inline(always)]
fn child_key(key: u64, i: usize, children: usize) -> u64 {
    debug_assert!(i < children, "child {i} out of range");
    mix(key ^ (i as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93))
}

impl HashTree {
    /// The (b, d) tree of `seed`, leaf values in `0..=999`.
    ///
    /// # Errors
    /// As [`HashTree::with_range`].
    pub fn new(b: usize, d: usize, seed: u64) -> Result<HashTree, TreeError> {
        HashTree::with_range(b, d, seed, 0, 999)
    }

    /// The (b, d) tree of `seed`, leaf values uniform in `lo..=hi`.
    ///
    /// # Errors
    /// [`TreeError::TooLarge`] for `b^d` overflowing 64 bits, a depth above
    /// [`MAX_DEPTH`](crate::MAX_DEPTH) or `b` above 65,535;
    /// [`TreeError::Parse`] for an empty range or one that reaches ±∞.
    pub fn with_range(
        b: usize,
        d: usize,
        seed: u64,
        lo: i32,
        hi: i32,
    ) -> Result<HashTree, TreeError> {
        uniform_leaves(b, d)?;
        if lo > hi || Value::new(lo).is_err() || Value::new(hi).is_err() {
            return Err(TreeError::Parse {
                position: 0,
                message: format!("random leaf range {lo}..={hi} is empty or out of range"),
            });
        }
        Ok(HashTree {
            b,
            d: d as u32,
            root: mix(seed ^ 0x5851_F42D_4C95_7F2D),
            lo,
            span: (i64::from(hi) - i64::from(lo) + 1) as u64,
        })
    }
}

impl Tree for HashTree {
    type Node = HashNode;

    #[inline]
    fn root(&self) -> HashNode {
        HashNode {
            key: self.root,
            depth: 0,
        }
    }

    #[inline]
    fn num_children(&self, node: &HashNode) -> usize {
        if node.depth < self.d { self.b } else { 0 }
    }

    #[inline]
    fn child(&self, node: &HashNode, i: usize) -> HashNode {
        HashNode {
            key: child_key(node.key, i, self.num_children(node)),
            depth: node.depth + 1,
        }
    }

    #[inline]
    fn value(&self, node: &HashNode) -> Value {
        let r = ((u128::from(node.key) * u128::from(self.span)) >> 64) as i64;
        Value::saturating(i64::from(self.lo) + r)
    }

    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds::uniform(self.b, self.d as usize))
    }
}

/// A node of an [`OrderedHashTree`]: its path hash, its minimax value
/// (MAX's view), its depth and which of its children is best.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OrderedNode {
    /// The hash of the node's path from the root.
    pub key: u64,
    /// The node's minimax value from MAX's point of view (built in, top
    /// down).
    pub value: i32,
    /// Plies from the root.
    pub depth: u16,
    /// The index of the child that carries the node's value.
    pub best: u16,
}

/// A uniform (b, d) tree built top down with a chosen move ordering, as
/// cheap per node as [`HashTree`].
///
/// The same construction as the crate's top-down generated trees
/// ([`Generator::TopDown`](crate::Generator::TopDown), Bhattacharya &
/// Bagchi 1996, §4): the root's value is 0; a node passes its value to one
/// child, drawn from a [`BestChild`] distribution (for
/// [`OrderedHashTree::strong`] Marsland's strong ordering: the first child
/// with probability 0.7, the rest of the leftmost quarter with 0.2, the
/// others with 0.1); every other child is worse for the node's player by a
/// gap uniform in `1..=spread`. So every node's minimax value is known, and
/// the ordering of the children is what the distribution says. A child
/// costs one SplitMix64 finaliser of the parent's hash and a short search
/// of a table of cumulative probabilities; nothing else is drawn. Not the
/// same trees as the generated ones (different draws), the same
/// distribution.
///
/// ```
/// use tree_core::{OrderedHashTree, Tree, Value, minimax};
/// let t = OrderedHashTree::strong(4, 6, 1).unwrap();
/// assert_eq!(minimax(&t), Value::new(0).unwrap(), "the root's value is built in");
/// let leaf = (0..6).fold(t.root(), |n, _| t.child(&n, 3));
/// assert_eq!(t.num_children(&leaf), 0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct OrderedHashTree {
    b: usize,
    d: u16,
    root: OrderedNode,
    spread: u64,
    /// cumulative[i] = P(best child ≤ i) scaled to 2^32 (the last is 2^32).
    cumulative: Vec<u64>,
}

impl OrderedHashTree {
    /// Largest gap between a best and a non-best child of
    /// [`OrderedHashTree::strong`] trees (the generated strong trees' 100).
    pub const SPREAD: i32 = 100;

    /// The strongly ordered (b, d) tree of `seed`: Marsland's best-child
    /// distribution, gaps in `1..=100`, as [`Generator::STRONG`](crate::Generator::STRONG).
    ///
    /// # Errors
    /// As [`OrderedHashTree::new`].
    pub fn strong(b: usize, d: usize, seed: u64) -> Result<OrderedHashTree, TreeError> {
        OrderedHashTree::new(b, d, seed, BestChild::MARSLAND, Self::SPREAD)
    }

    /// The (b, d) tree of `seed` whose best children follow `best`, other
    /// children worse by a gap uniform in `1..=spread`.
    ///
    /// # Errors
    /// [`TreeError::TooLarge`] as for [`HashTree::new`], or a depth above
    /// 65,535; [`TreeError::Parse`] for a bad ordering parameter, a spread
    /// below 1 or one whose sum over `d` plies leaves the leaf range.
    pub fn new(
        b: usize,
        d: usize,
        seed: u64,
        best: BestChild,
        spread: i32,
    ) -> Result<OrderedHashTree, TreeError> {
        HashTree::new(b, d, seed)?;
        let bad = |message: String| TreeError::Parse {
            position: 0,
            message,
        };
        if let BestChild::FirstMoveBest(p)
        | BestChild::FirstMoveExactly(p)
        | BestChild::Geometric(p) = best
            && !(p > 0.0 && p <= 1.0)
        {
            return Err(bad(format!(
                "ordering parameter p = {p} must lie in (0, 1]"
            )));
        }
        if spread < 1 || i64::from(spread) * d as i64 > i64::from(Value::MAX_LEAF) {
            return Err(bad(format!(
                "spread {spread} must be >= 1 and spread * d must fit a leaf value"
            )));
        }
        let mut acc = 0.0;
        let mut cumulative: Vec<u64> = (0..b)
            .map(|i| {
                acc += best.probability(i, b);
                (acc * 4_294_967_296.0).round() as u64
            })
            .collect();
        if let Some(last) = cumulative.last_mut() {
            *last = 1 << 32;
        }
        let mut tree = OrderedHashTree {
            b,
            d: d as u16,
            root: OrderedNode {
                key: mix(seed ^ 0x2545_F491_4F6C_DD1D),
                value: 0,
                depth: 0,
                best: 0,
            },
            spread: spread as u64,
            cumulative,
        };
        tree.root.best = tree.draw_best(tree.root.key, 0);
        Ok(tree)
    }

    /// The best child of a node of hash `key` at `depth`, from the low 32
    /// bits of the hash.
    #[inline]
    fn draw_best(&self, key: u64, depth: u16) -> u16 {
        if depth >= self.d {
            return 0;
        }
        let r = key & 0xFFFF_FFFF;
        self.cumulative.partition_point(|&c| c <= r).min(self.b - 1) as u16
    }
}

impl Tree for OrderedHashTree {
    type Node = OrderedNode;

    #[inline]
    fn root(&self) -> OrderedNode {
        self.root
    }

    #[inline]
    fn num_children(&self, node: &OrderedNode) -> usize {
        if node.depth < self.d { self.b } else { 0 }
    }

    #[inline]
    fn child(&self, node: &OrderedNode, i: usize) -> OrderedNode {
        let key = child_key(node.key, i, self.num_children(node));
        let value = if i == usize::from(node.best) {
            node.value
        } else {
            // The gap from the high 32 bits; the child's best from the low.
            let gap = 1 + (((key >> 32) * self.spread) >> 32) as i32;
            if node.depth.is_multiple_of(2) {
                node.value - gap
            } else {
                node.value + gap
            }
        };
        let depth = node.depth + 1;
        OrderedNode {
            key,
            value,
            depth,
            best: self.draw_best(key, depth),
        }
    }

    #[inline]
    fn value(&self, node: &OrderedNode) -> Value {
        Value::saturating(i64::from(node.value))
    }

    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds::uniform(self.b, usize::from(self.d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax;

    #[test]
    fn children_differ_and_values_cover_the_range() {
        let t = HashTree::with_range(3, 4, 9, -2, 2).unwrap();
        let r = t.root();
        let kids: Vec<_> = (0..3).map(|i| t.child(&r, i).key).collect();
        assert!(kids[0] != kids[1] && kids[1] != kids[2] && kids[0] != kids[2]);
        let mut seen = [false; 5];
        let mut stack = vec![r];
        while let Some(n) = stack.pop() {
            if t.num_children(&n) == 0 {
                seen[(t.value(&n).get() + 2) as usize] = true;
            } else {
                stack.extend((0..3).map(|i| t.child(&n, i)));
            }
        }
        assert_eq!(seen, [true; 5]);
        assert_ne!(
            minimax(&HashTree::new(4, 5, 1).unwrap()),
            Value::NEG_INF,
            "a finite value"
        );
    }

    /// Every node's built-in value is its minimax value, and the best
    /// child is the first about as often as Marsland's 0.7 says.
    #[test]
    fn ordered_trees_carry_their_minimax_values() {
        for (b, d, seed) in [(2, 6, 0), (3, 5, 1), (5, 4, 2), (8, 3, 3), (1, 4, 4)] {
            let t = OrderedHashTree::strong(b, d, seed).unwrap();
            let mut stack = vec![t.root()];
            while let Some(n) = stack.pop() {
                let max = n.depth % 2 == 0;
                assert_eq!(
                    crate::minimax_at(&t, &n, max).get(),
                    n.value,
                    "({b},{d}) seed {seed} at {n:?}"
                );
                stack.extend((0..t.num_children(&n)).map(|i| t.child(&n, i)));
            }
        }
        let t = OrderedHashTree::strong(8, 5, 7).unwrap();
        let (mut first, mut all) = (0u32, 0u32);
        let mut stack = vec![t.root()];
        while let Some(n) = stack.pop() {
            if t.num_children(&n) > 0 {
                all += 1;
                first += u32::from(n.best == 0);
                stack.extend((0..8).map(|i| t.child(&n, i)));
            }
        }
        let share = f64::from(first) / f64::from(all);
        assert!((0.67..0.73).contains(&share), "first child best {share}");
        let perfect = OrderedHashTree::new(3, 4, 0, BestChild::First, 5).unwrap();
        assert_eq!(minimax(&perfect), Value::new(0).unwrap());
        assert!(OrderedHashTree::new(3, 4, 0, BestChild::Geometric(0.0), 5).is_err());
        assert!(OrderedHashTree::new(3, 4, 0, BestChild::MARSLAND, 0).is_err());
        assert!(OrderedHashTree::new(3, 4, 0, BestChild::MARSLAND, i32::MAX).is_err());
        assert!(OrderedHashTree::strong(2, 70, 0).is_err());
    }

    #[test]
    fn bad_shapes_and_ranges_are_errors() {
        assert!(HashTree::new(2, 70, 0).is_err());
        assert!(HashTree::new(70_000, 1, 0).is_err());
        assert!(HashTree::with_range(2, 2, 0, 5, 4).is_err());
        assert!(HashTree::with_range(2, 2, 0, i32::MIN, 0).is_err());
        assert!(HashTree::new(0, 0, 0).is_ok(), "a terminal root");
    }
}

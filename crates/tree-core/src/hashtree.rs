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

use crate::error::leaf_count;
use crate::explicit::MAX_BRANCHING;
use crate::{Bounds, Tree, TreeError, Value};

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

/// SplitMix64's finaliser.
#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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
        leaf_count(b, d)?;
        if b > MAX_BRANCHING {
            return Err(TreeError::TooLarge {
                branching: b,
                depth: d,
                limit: "more than 65,535 children per node",
            });
        }
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
        debug_assert!(i < self.num_children(node), "child {i} out of range");
        HashNode {
            key: mix(node.key ^ (i as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)),
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

    #[test]
    fn bad_shapes_and_ranges_are_errors() {
        assert!(HashTree::new(2, 70, 0).is_err());
        assert!(HashTree::new(70_000, 1, 0).is_err());
        assert!(HashTree::with_range(2, 2, 0, 5, 4).is_err());
        assert!(HashTree::with_range(2, 2, 0, i32::MIN, 0).is_err());
        assert!(HashTree::new(0, 0, 0).is_ok(), "a terminal root");
    }
}

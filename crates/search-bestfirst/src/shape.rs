//! The shape a search sizes its OPEN from, and what follows from it.
//!
//! Every search here allocates its OPEN before it starts, for a budget
//! computed from the tree's [`Bounds`] (its maximum branching b and depth
//! d): [`shape`] finds them (given, or as the tree reports them),
//! [`check_bounds`] refuses the shapes no block layout can address, and
//! [`MemShape`] holds the memory functions minmem and maxmem of
//! Bhattacharya & Bagchi 1996, §3, which size RecSSS\*'s, MemSSS\*'s and
//! their duals' OPEN (MGame's regions are sums of the same geometric series,
//! [`geometric`]). This module depends on nothing but the error type, so
//! that every engine can size its OPEN through it.

use tree_core::{Bounds, MAX_DEPTH, Tree};

use crate::error::BestFirstError;

/// The most OPEN entries a block-structured search can address: its
/// positions are `u32`, `u32::MAX` meaning "no entry".
pub(crate) const MAX_ENTRIES: usize = u32::MAX as usize;

/// `S(m)` for every `m` up to the deepest tree's ⌈d/2⌉ (see
/// [`geometric_sums`]).
pub(crate) type Sums = [usize; MAX_DEPTH / 2 + 2];

/// The shape a memory-bounded search sizes its OPEN from: `given`, or else
/// what the tree reports.
///
/// # Errors
/// [`BestFirstError::UnknownShape`] if neither is known.
pub(crate) fn shape<T: Tree + ?Sized>(
    tree: &T,
    given: Option<Bounds>,
    algorithm: &'static str,
) -> Result<Bounds, BestFirstError> {
    given
        .or_else(|| tree.bounds())
        .ok_or(BestFirstError::UnknownShape { algorithm })
}

/// The checks every OPEN-sizing search makes on a shape before it starts.
pub(crate) fn check_bounds(bounds: Bounds) -> Result<(), BestFirstError> {
    if bounds.depth > MAX_DEPTH {
        return Err(BestFirstError::TreeShape {
            message: format!(
                "the tree is {} deep; at most {} is supported",
                bounds.depth, MAX_DEPTH
            ),
        });
    }
    if bounds.branching > usize::from(u16::MAX) {
        return Err(BestFirstError::TreeShape {
            message: format!(
                "branching {} is above the supported {}",
                bounds.branching,
                u16::MAX
            ),
        });
    }
    Ok(())
}

/// The checks of a search whose least budget is a multiple of ⌈d/2⌉
/// (QuickGame's frames, IterSSS\*'s reservation): a depth it supports, and
/// a branching of at least 1 if the tree has interior nodes.
pub(crate) fn check_levels(algorithm: &'static str, bounds: Bounds) -> Result<(), BestFirstError> {
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    if d > MAX_DEPTH {
        return Err(BestFirstError::TreeShape {
            message: format!("{algorithm}: depth {d} exceeds the supported maximum of {MAX_DEPTH}"),
        });
    }
    if b == 0 && d > 0 {
        return Err(BestFirstError::InvalidParameter {
            name: "bounds",
            message: format!("branching 0 with depth {d}: a tree with interior nodes has b >= 1"),
        });
    }
    Ok(())
}

/// `S(m) = b + b² + … + b^m` (0 for m = 0), `None` on overflow: the entries
/// below a MAX node that stores m levels of blocks of b entries.
pub(crate) fn geometric(b: usize, m: usize) -> Option<usize> {
    // b ≤ 1 never overflows: answer at once (a loop over m = usize::MAX / 2
    // levels would not end); for b ≥ 2 the loop overflows within 64 steps.
    if b <= 1 {
        return Some(b * m);
    }
    let (mut sum, mut power) = (0usize, 1usize);
    for _ in 0..m {
        power = power.checked_mul(b)?;
        sum = sum.checked_add(power)?;
    }
    Some(sum)
}

/// [`geometric`]`(b, m)` for every `m` a tree can need, saturating, so that
/// region sizes are looked up rather than recomputed.
pub(crate) fn geometric_sums(b: usize) -> Sums {
    let mut sums = [0usize; MAX_DEPTH / 2 + 2];
    let mut power = 1usize;
    for m in 1..sums.len() {
        power = power.saturating_mul(b);
        sums[m] = sums[m - 1].saturating_add(power);
    }
    sums
}

/// The memory functions of MemSSS\* and MemDual\* for one tree shape (see
/// the [`memsss` module docs](mod@crate::memsss)): the minmem and maxmem of Bhattacharya & Bagchi 1996, §3, with d lowered
/// to d − 1 on odd depths when the lowest level is searched in place.
///
/// ```
/// use search_bestfirst::memsss::MemShape;
/// use tree_core::Bounds;
/// let s = MemShape::sss(Bounds::uniform(2, 6), true);
/// assert_eq!((s.minmem(2), s.maxmem(2)), (4, Some(6)));
/// assert_eq!((s.minimum(), s.maximum()), (7, Some(15)));
/// // Bhattacharya & Bagchi 1996, Table 1, (6,9): odd depth, terminals kept out of OPEN.
/// let s = MemShape::sss(Bounds::uniform(6, 9), true);
/// assert_eq!((s.minimum(), s.maximum()), (25, Some(1_555)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemShape {
    b: usize,
    depth: usize,
    leaf_level: usize,
    root_width: usize,
}

impl MemShape {
    /// [`MemShape::dual`] if `dual`, else [`MemShape::sss`].
    pub fn of(bounds: Bounds, dual: bool, odd_depth_leaf_search: bool) -> MemShape {
        if dual {
            MemShape::dual(bounds, odd_depth_leaf_search)
        } else {
            MemShape::sss(bounds, odd_depth_leaf_search)
        }
    }

    /// The shape MemSSS\* and RecSSS\* size their OPEN from: b and d from
    /// `bounds` (b at least 1), the lowest MAX level searched in place on odd
    /// d if `odd_depth_leaf_search`.
    pub fn sss(bounds: Bounds, odd_depth_leaf_search: bool) -> MemShape {
        let b = bounds.branching.max(1);
        MemShape::new(b, bounds.depth, odd_depth_leaf_search, b)
    }

    /// The shape MemDual\* and RecDual\* size their OPEN from: the dual tree
    /// of depth d + 1 under a virtual root with one son; the lowest MIN
    /// level is searched in place on even d if `odd_depth_leaf_search`.
    pub fn dual(bounds: Bounds, odd_depth_leaf_search: bool) -> MemShape {
        let b = bounds.branching.max(1);
        MemShape::new(b, bounds.depth.saturating_add(1), odd_depth_leaf_search, 1)
    }

    fn new(b: usize, depth: usize, leaf_search: bool, root_width: usize) -> MemShape {
        let leaf_level = if leaf_search && depth % 2 == 1 {
            depth - 1
        } else {
            depth
        };
        MemShape {
            b,
            depth,
            leaf_level,
            root_width,
        }
    }

    /// The branching degree b.
    pub fn branching(&self) -> usize {
        self.b
    }

    /// The depth of the searched tree (d + 1 for the dual's virtual root).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The depth from which MAX nodes search their sons in place instead of
    /// storing blocks: d, or d − 1 with the odd-depth variant on odd d.
    pub fn leaf_level(&self) -> usize {
        self.leaf_level
    }

    /// ⌈(d − t)/2⌉: how many levels of blocks a MAX node at depth t stores.
    pub fn levels(&self, t: usize) -> usize {
        if t < self.leaf_level {
            (self.leaf_level - t).div_ceil(2)
        } else {
            0
        }
    }

    /// minmem(t) = b·⌈(d − t)/2⌉: the least memory below a MAX node at depth
    /// t with which MemSSS\* runs.
    pub fn minmem(&self, t: usize) -> usize {
        self.b.saturating_mul(self.levels(t))
    }

    /// maxmem(t) = b + b² + … + b^⌈(d−t)/2⌉: the memory below a MAX node at
    /// depth t with which MemSSS\* is RecSSS\*; `None` if it overflows.
    pub fn maxmem(&self, t: usize) -> Option<usize> {
        geometric(self.b, self.levels(t))
    }

    /// [`MemShape::maxmem`], saturating.
    pub(crate) fn maxmem_saturating(&self, t: usize) -> usize {
        self.maxmem(t).unwrap_or(usize::MAX)
    }

    /// maxmem by ⌈(d − t)/2⌉ (the index [`MemShape::levels`] gives), for
    /// every depth, saturating: looked up rather than recomputed.
    pub(crate) fn maxmem_table(&self) -> Sums {
        geometric_sums(self.b)
    }

    /// The least budget M: the root's entry, its block and minmem below the
    /// first grandson (1 + minmem(0) for MemSSS\*).
    pub fn minimum(&self) -> usize {
        if self.leaf_level == 0 {
            1
        } else {
            1usize
                .saturating_add(self.root_width)
                .saturating_add(self.minmem(2))
        }
    }

    /// The budget at which MemSSS\* is RecSSS\* (1 + maxmem(0) for
    /// MemSSS\*), the size of RecSSS\*'s OPEN; `None` if it overflows.
    pub fn maximum(&self) -> Option<usize> {
        if self.leaf_level == 0 {
            return Some(1);
        }
        let below = self.root_width.checked_mul(self.maxmem(2)?)?;
        1usize.checked_add(self.root_width)?.checked_add(below)
    }

    /// [`MemShape::maximum`], as an OPEN size that fits the positions.
    pub(crate) fn maximum_checked(&self, algorithm: &'static str) -> Result<usize, BestFirstError> {
        self.maximum()
            .filter(|&m| m <= MAX_ENTRIES)
            .ok_or(BestFirstError::TooLarge { algorithm })
    }
}

//! [`Tally`]: what a search asks of the tree, counted by the engine
//! itself.
//!
//! `tree_core::Counted` counts at the trait boundary: every call of
//! `value` (a leaf evaluation) and every call of `num_children` that finds
//! children (an interior expansion). A caller that wants those counts can
//! wrap the tree, but a view whose counters sit behind a shared reference
//! costs the engines more than the increments: through it, the tree's own
//! fields are reached through a loaded address that a counter's store
//! might change, so the engines reload them where they would hoist them
//! out of their loops over a node's sons (`docs/OVERHEAD.md`, *Through
//! the front door*). RecSSS\* and MemSSS\* therefore count for themselves,
//! in a field of the search they carry as `&mut` anyway: [`Counts`] when
//! asked ([`Algorithm::run_counted`](crate::Algorithm::run_counted)),
//! `()` otherwise, whose methods are empty, so that the plain search is
//! the code it was.
//!
//! Where nearly all the evaluations happen, in the loops over a node's
//! terminal sons (the leaf search of the lowest chooser level, a last
//! level), even an increment per son costs: the counter's store cannot
//! move past the call of `value` (which may unwind), and one more live
//! value spills one of the tree's. So a leaf search counts all its sons
//! before the loop and takes back, when it ends early, the ones left
//! (which the loop counts down anyway), and a last level, which walks its
//! block by index, counts `i + 1` when it ends at son `i`: no count per
//! son. The counts are the same.

use tree_core::{Tree, Value};

use search_depthfirst::SearchCounts;

use crate::error::{BestFirstError, terminal};

/// A counter of leaf evaluations and interior expansions (see the
/// [module docs](self)): `()` counts nothing, [`Counts`] counts both.
pub(crate) trait Tally {
    /// One call of `value`.
    fn leaf(&mut self);
    /// `n` calls of `value` (a loop's, counted once before or after it).
    fn leaves(&mut self, n: usize);
    /// `n` calls of `value` counted by [`Tally::leaves`] that were not
    /// made (the loop ended early).
    fn unleaves(&mut self, n: usize);
    /// One call of `num_children` that found children.
    fn interior(&mut self);
}

impl Tally for () {
    #[inline(always)]
    fn leaf(&mut self) {}
    #[inline(always)]
    fn leaves(&mut self, _: usize) {}
    #[inline(always)]
    fn unleaves(&mut self, _: usize) {}
    #[inline(always)]
    fn interior(&mut self) {}
}

/// Both counts, as plain integers.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Counts {
    pub(crate) leaves: u64,
    pub(crate) interior: u64,
}

impl Tally for Counts {
    #[inline(always)]
    fn leaf(&mut self) {
        self.leaves += 1;
    }
    #[inline(always)]
    fn leaves(&mut self, n: usize) {
        self.leaves += n as u64;
    }
    #[inline(always)]
    fn unleaves(&mut self, n: usize) {
        self.leaves -= n as u64;
    }
    #[inline(always)]
    fn interior(&mut self) {
        self.interior += 1;
    }
}

/// A search's result and what it asked of the tree: `counted` counts a
/// primal search in the [`Counts`] it is given; a `dual` search (whose dual
/// view has a virtual root) runs `plain`, its counts `None`.
pub(crate) fn unless_dual<R>(
    dual: bool,
    plain: impl FnOnce() -> R,
    counted: impl FnOnce(&mut Counts) -> R,
) -> (R, Option<Counts>) {
    if dual {
        return (plain(), None);
    }
    let mut counts = Counts::default();
    let result = counted(&mut counts);
    (result, Some(counts))
}

impl From<Counts> for SearchCounts {
    fn from(c: Counts) -> SearchCounts {
        SearchCounts {
            leaves: c.leaves,
            interior: c.interior,
        }
    }
}

/// `tree.num_children(node)`, an interior expansion counted if it finds
/// children.
#[inline(always)]
pub(crate) fn children<T: Tree + ?Sized, K: Tally>(tree: &T, k: &mut K, node: &T::Node) -> usize {
    let w = tree.num_children(node);
    if w != 0 {
        k.interior();
    }
    w
}

/// [`terminal`], the evaluation counted.
#[inline(always)]
pub(crate) fn leaf<T: Tree + ?Sized, K: Tally>(
    tree: &T,
    k: &mut K,
    node: &T::Node,
) -> Result<Value, BestFirstError> {
    k.leaf();
    terminal(tree, node)
}

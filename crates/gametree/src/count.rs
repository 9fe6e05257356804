//! [`Counts`]: the front door's counts of a sequential search at the trait
//! boundary (what `tree_core::Counted` counts, less what no report shows).
//! The multi-threaded searches count for themselves, per thread
//! (`search_parallel::threads::ThreadCounts`).

use std::cell::Cell;

use tree_core::{Bounds, Tree, Value};

/// A tree that counts interior expansions (calls of `num_children` on an
/// interior node) and leaf evaluations (calls of `value`), as
/// `tree_core::Counted` does, and nothing else: not the nodes generated,
/// which no report shows. A search that counts for itself (the
/// depth-first engines) runs on the tree as it is.
#[derive(Debug)]
pub(crate) struct Counts<'t, T: ?Sized> {
    tree: &'t T,
    leaves: Cell<u64>,
    interior: Cell<u64>,
}

impl<'t, T: Tree + ?Sized> Counts<'t, T> {
    /// Wraps `tree` with zeroed counts.
    pub(crate) fn new(tree: &'t T) -> Counts<'t, T> {
        Counts {
            tree,
            leaves: Cell::new(0),
            interior: Cell::new(0),
        }
    }

    /// Leaf evaluations and interior expansions so far.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (self.leaves.get(), self.interior.get())
    }
}

impl<T: Tree + ?Sized> Tree for Counts<'_, T> {
    type Node = T::Node;
    #[inline]
    fn root(&self) -> T::Node {
        self.tree.root()
    }
    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        let n = self.tree.num_children(node);
        if n > 0 {
            self.interior.set(self.interior.get() + 1);
        }
        n
    }
    #[inline]
    fn child(&self, node: &T::Node, i: usize) -> T::Node {
        self.tree.child(node, i)
    }
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        self.leaves.set(self.leaves.get() + 1);
        self.tree.value(node)
    }
    fn bounds(&self) -> Option<Bounds> {
        self.tree.bounds()
    }
}

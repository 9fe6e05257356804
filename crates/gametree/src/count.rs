//! The front door's counts at the trait boundary: [`Counts`] for a
//! sequential search (what `tree_core::Counted` counts, less what is not
//! reported), [`SyncCounted`] for a tree searched by several threads at
//! once.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use tree_core::{Bounds, Tree, Value};

/// A tree that counts interior expansions (calls of `num_children` on an
/// interior node) and, if `LEAVES`, leaf evaluations (calls of `value`),
/// as `tree_core::Counted` does, and nothing else: not the nodes
/// generated, which no report shows. A search that counts its own leaf
/// evaluations (the depth-first engines count every one against their
/// limits) runs with `LEAVES` off, so that a leaf is counted once.
#[derive(Debug)]
pub(crate) struct Counts<'t, T: ?Sized, const LEAVES: bool> {
    tree: &'t T,
    leaves: Cell<u64>,
    interior: Cell<u64>,
}

impl<'t, T: Tree + ?Sized, const LEAVES: bool> Counts<'t, T, LEAVES> {
    /// Wraps `tree` with zeroed counts.
    pub(crate) fn new(tree: &'t T) -> Counts<'t, T, LEAVES> {
        Counts {
            tree,
            leaves: Cell::new(0),
            interior: Cell::new(0),
        }
    }

    /// Leaf evaluations (0 unless `LEAVES`) and interior expansions so far.
    pub(crate) fn counts(&self) -> (u64, u64) {
        (self.leaves.get(), self.interior.get())
    }
}

impl<T: Tree + ?Sized, const LEAVES: bool> Tree for Counts<'_, T, LEAVES> {
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
        if LEAVES {
            self.leaves.set(self.leaves.get() + 1);
        }
        self.tree.value(node)
    }
    fn bounds(&self) -> Option<Bounds> {
        self.tree.bounds()
    }
}

/// Counter stripes: each thread adds to its own cache line (most of the
/// time), so that counting does not make the threads fight over one.
const STRIPES: usize = 16;

/// One thread's counters, alone on its cache lines.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Stripe {
    leaves: AtomicU64,
    interior: AtomicU64,
}

thread_local! {
    /// This thread's stripe (`usize::MAX` until it first counts).
    static STRIPE: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The next stripe handed to a thread.
static NEXT_STRIPE: AtomicUsize = AtomicUsize::new(0);

/// The calling thread's stripe.
#[inline]
fn stripe() -> usize {
    STRIPE.with(|s| {
        let i = s.get();
        if i != usize::MAX {
            return i;
        }
        let i = NEXT_STRIPE.fetch_add(1, Relaxed) % STRIPES;
        s.set(i);
        i
    })
}

/// A `Sync` tree that counts leaf evaluations (calls of `value`) and
/// interior expansions (calls of `num_children` on an interior node), as
/// `tree_core::Counted` does for one thread. The threaded algorithms ask
/// some nodes' width more than once (a master, then the slave it hands
/// the node to), so `interior` can exceed the interior nodes.
#[derive(Debug)]
pub(crate) struct SyncCounted<'t, T: ?Sized> {
    tree: &'t T,
    stripes: Box<[Stripe; STRIPES]>,
}

impl<'t, T: Tree + ?Sized> SyncCounted<'t, T> {
    /// Wraps `tree` with zeroed counts.
    pub(crate) fn new(tree: &'t T) -> SyncCounted<'t, T> {
        SyncCounted {
            tree,
            stripes: Box::default(),
        }
    }

    /// Leaf evaluations and interior expansions so far.
    pub(crate) fn counts(&self) -> (u64, u64) {
        self.stripes.iter().fold((0, 0), |(l, i), s| {
            (l + s.leaves.load(Relaxed), i + s.interior.load(Relaxed))
        })
    }
}

impl<T: Tree + ?Sized> Tree for SyncCounted<'_, T> {
    type Node = T::Node;
    #[inline]
    fn root(&self) -> T::Node {
        self.tree.root()
    }
    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        let n = self.tree.num_children(node);
        if n > 0 {
            self.stripes[stripe()].interior.fetch_add(1, Relaxed);
        }
        n
    }
    #[inline]
    fn child(&self, node: &T::Node, i: usize) -> T::Node {
        self.tree.child(node, i)
    }
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        self.stripes[stripe()].leaves.fetch_add(1, Relaxed);
        self.tree.value(node)
    }
    fn bounds(&self) -> Option<Bounds> {
        self.tree.bounds()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::{ExplicitTree, minimax};

    #[test]
    fn counts_as_counted_does() {
        let t = ExplicitTree::uniform(3, 3, &(0..27).collect::<Vec<i64>>()).unwrap();
        let c = SyncCounted::new(&t);
        minimax(&c);
        let plain = tree_core::Counted::new(&t);
        minimax(&plain);
        let s = plain.stats();
        assert_eq!(c.counts(), (s.leaves, s.interior));
        assert_eq!(c.counts(), (27, 13));
    }
}

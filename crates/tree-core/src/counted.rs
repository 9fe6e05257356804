//! Counting and tracing wrappers: any search run through them is measured at
//! the trait boundary, so no algorithm counts for itself.

use std::cell::{Cell, RefCell};

use crate::{Bounds, Dewey, Tree, Value};

/// What a search cost, as seen through [`Counted`] or [`Traced`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Terminal evaluations, revisits included (calls of [`Tree::value`]).
    pub leaves: u64,
    /// Interior expansions: calls of [`Tree::num_children`] on an interior
    /// node. Searches ask once per expansion, so this counts expansions;
    /// regenerating a stored path (with `child` alone) does not count.
    pub interior: u64,
    /// Nodes generated (calls of [`Tree::child`]).
    pub generated: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.leaves += o.leaves;
        self.interior += o.interior;
        self.generated += o.generated;
    }
}

#[derive(Debug, Default)]
struct Counters {
    leaves: Cell<u64>,
    interior: Cell<u64>,
    generated: Cell<u64>,
}

impl Counters {
    #[inline]
    fn on_child(&self) {
        self.generated.set(self.generated.get() + 1);
    }
    #[inline]
    fn on_num_children(&self, n: usize) -> usize {
        if n > 0 {
            self.interior.set(self.interior.get() + 1);
        }
        n
    }
    #[inline]
    fn on_value(&self) {
        self.leaves.set(self.leaves.get() + 1);
    }
    fn stats(&self) -> Stats {
        Stats {
            leaves: self.leaves.get(),
            interior: self.interior.get(),
            generated: self.generated.get(),
        }
    }
    fn reset(&self) {
        self.leaves.set(0);
        self.interior.set(0);
        self.generated.set(0);
    }
}

/// A tree that counts leaf evaluations, expansions and generated nodes.
///
/// Zero-cost apart from three counter increments; nodes are the inner
/// tree's. Not `Sync`: a parallel search wraps the shared tree once per
/// thread and adds the [`Stats`].
///
/// ```
/// use tree_core::{Counted, ExplicitTree, minimax};
/// let t = ExplicitTree::uniform(2, 2, &[1, 2, 3, 4]).unwrap();
/// let c = Counted::new(&t);
/// minimax(&c);
/// assert_eq!(c.stats().leaves, 4);
/// assert_eq!(c.stats().interior, 3);
/// ```
#[derive(Debug)]
pub struct Counted<T> {
    tree: T,
    counters: Counters,
}

impl<T: Tree> Counted<T> {
    /// Wraps `tree` with zeroed counters.
    pub fn new(tree: T) -> Counted<T> {
        Counted {
            tree,
            counters: Counters::default(),
        }
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.counters.stats()
    }

    /// Zeroes the counters.
    pub fn reset(&self) {
        self.counters.reset();
    }

    /// The wrapped tree.
    pub fn inner(&self) -> &T {
        &self.tree
    }
}

impl<T: Tree> Tree for Counted<T> {
    type Node = T::Node;
    crate::forward_tree!(tree: root, bounds);
    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        self.counters.on_num_children(self.tree.num_children(node))
    }
    #[inline]
    fn child(&self, node: &T::Node, i: usize) -> T::Node {
        self.counters.on_child();
        self.tree.child(node, i)
    }
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        self.counters.on_value();
        self.tree.value(node)
    }
}

/// A node of a [`Traced`] tree: the inner node and its Dewey code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TracedNode<N> {
    /// The inner tree's node.
    pub node: N,
    /// Its path from the root.
    pub dewey: Dewey,
}

/// A tree that counts like [`Counted`] and also records the Dewey code of
/// every terminal evaluated, in order — the papers' evaluation orders, and
/// distinct-leaf counts for algorithms that revisit.
///
/// Costs a Dewey code per generated node; use [`Counted`] for timing.
///
/// # Panics
/// On a node with more than [`MAX_BRANCHING`](crate::MAX_BRANCHING)
/// children, whose index does not fit a Dewey digit; no tree of this crate
/// has one.
///
/// ```
/// use tree_core::{Traced, ExplicitTree, minimax};
/// let t = ExplicitTree::uniform(2, 1, &[1, 2]).unwrap();
/// let tr = Traced::new(&t);
/// minimax(&tr);
/// let order: Vec<String> = tr.order().iter().map(|d| d.to_string()).collect();
/// assert_eq!(order, ["1", "2"]);
/// assert_eq!(tr.distinct_leaves(), 2);
/// ```
#[derive(Debug)]
pub struct Traced<T> {
    tree: T,
    counters: Counters,
    order: RefCell<Vec<Dewey>>,
}

impl<T: Tree> Traced<T> {
    /// Wraps `tree` with zeroed counters and an empty trace.
    pub fn new(tree: T) -> Traced<T> {
        Traced {
            tree,
            counters: Counters::default(),
            order: RefCell::new(Vec::new()),
        }
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.counters.stats()
    }

    /// The Dewey codes of the terminals evaluated, in evaluation order.
    pub fn order(&self) -> Vec<Dewey> {
        self.order.borrow().clone()
    }

    /// How many different terminals were evaluated.
    pub fn distinct_leaves(&self) -> u64 {
        let mut o = self.order.borrow().clone();
        o.sort_unstable();
        o.dedup();
        o.len() as u64
    }

    /// Zeroes the counters and clears the trace.
    pub fn reset(&self) {
        self.counters.reset();
        self.order.borrow_mut().clear();
    }

    /// The wrapped tree.
    pub fn inner(&self) -> &T {
        &self.tree
    }
}

impl<T: Tree> Tree for Traced<T> {
    type Node = TracedNode<T::Node>;
    fn root(&self) -> Self::Node {
        TracedNode {
            node: self.tree.root(),
            dewey: Dewey::root(),
        }
    }
    fn num_children(&self, node: &Self::Node) -> usize {
        self.counters
            .on_num_children(self.tree.num_children(&node.node))
    }
    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        self.counters.on_child();
        TracedNode {
            node: self.tree.child(&node.node, i),
            dewey: node.dewey.child(i),
        }
    }
    fn value(&self, node: &Self::Node) -> Value {
        self.counters.on_value();
        self.order.borrow_mut().push(node.dewey.clone());
        self.tree.value(&node.node)
    }
    fn bounds(&self) -> Option<Bounds> {
        self.tree.bounds()
    }
}

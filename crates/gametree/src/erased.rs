//! [`Erased`]: a tree behind one concrete type, for the traced searches.
//!
//! Every search through the front door is compiled for the caller's tree
//! type (or the counted view of it, [`Counts`](crate::count::Counts), for
//! the best-first engines), once per type, in the caller's crate. A traced search wraps the tree again
//! (`tree_core::Traced`, a Dewey code per node), which would compile every
//! sequential engine a second time for each tree type. Traced searches are
//! for evaluation orders, not for timing, so they run on this view
//! instead: nodes behind `Rc<dyn …>`, the engines compiled for it once, in
//! this crate. The tree sees the same calls in the same order; only their
//! cost differs (an allocation and a virtual call per node).

use std::fmt;
use std::rc::Rc;

use tree_core::{Bounds, Tree, Value};

/// A node of some tree, with the tree it belongs to.
pub(crate) trait DynNode<'a> {
    /// As [`Tree::num_children`].
    fn num_children(&self) -> usize;
    /// As [`Tree::child`].
    fn child(&self, i: usize) -> Rc<dyn DynNode<'a> + 'a>;
    /// As [`Tree::value`].
    fn value(&self) -> Value;
}

/// A node of `T`, beside `T`.
struct Held<'a, T: Tree + ?Sized> {
    tree: &'a T,
    node: T::Node,
}

impl<'a, T: Tree + ?Sized> DynNode<'a> for Held<'a, T> {
    fn num_children(&self) -> usize {
        self.tree.num_children(&self.node)
    }

    fn child(&self, i: usize) -> Rc<dyn DynNode<'a> + 'a> {
        Rc::new(Held {
            tree: self.tree,
            node: self.tree.child(&self.node, i),
        })
    }

    fn value(&self) -> Value {
        self.tree.value(&self.node)
    }
}

/// Any tree, seen through one type: its nodes are `Rc<dyn DynNode>`.
pub(crate) struct Erased<'a> {
    root: Rc<dyn DynNode<'a> + 'a>,
    bounds: Option<Bounds>,
}

impl fmt::Debug for Erased<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Erased")
            .field("bounds", &self.bounds)
            .finish_non_exhaustive()
    }
}

impl<'a> Erased<'a> {
    /// `tree` behind the erased view (its root made once, here).
    pub(crate) fn new<T: Tree + ?Sized>(tree: &'a T) -> Erased<'a> {
        Erased {
            root: Rc::new(Held {
                tree,
                node: tree.root(),
            }),
            bounds: tree.bounds(),
        }
    }
}

impl<'a> Tree for Erased<'a> {
    type Node = Rc<dyn DynNode<'a> + 'a>;

    fn root(&self) -> Self::Node {
        Rc::clone(&self.root)
    }

    fn num_children(&self, node: &Self::Node) -> usize {
        node.num_children()
    }

    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        node.child(i)
    }

    fn value(&self, node: &Self::Node) -> Value {
        node.value()
    }

    fn bounds(&self) -> Option<Bounds> {
        self.bounds
    }
}

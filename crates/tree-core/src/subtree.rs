//! A subtree seen as a tree of its own.

use crate::{Tree, Value};

/// The subtree of `tree` rooted at `root`, as a tree whose root is MAX.
///
/// A search that is handed a node deep in a tree (a hybrid's frontier, a
/// parallel slave's job) runs on this view. When the side to move at `root`
/// is MIN, set `negate`: values are negated, so a MAX-rooted search of the
/// view returns the negation of the subtree's minimax value. Sentinels are
/// passed through unchanged.
///
/// ```
/// use tree_core::{ExplicitTree, Subtree, Tree, minimax, minimax_at};
/// let t: ExplicitTree = "[[3,5],[2,9]]".parse().unwrap();
/// let min_node = t.child(&t.root(), 0);
/// let view = Subtree::new(&t, min_node, true);
/// assert_eq!(-minimax(&view), minimax_at(&t, &min_node, false)); // min(3, 5) = 3
/// ```
#[derive(Debug, Clone)]
pub struct Subtree<'a, T: Tree + ?Sized> {
    tree: &'a T,
    root: T::Node,
    negate: bool,
}

impl<'a, T: Tree + ?Sized> Subtree<'a, T> {
    /// The subtree of `tree` at `root`, values negated iff `negate`.
    pub fn new(tree: &'a T, root: T::Node, negate: bool) -> Subtree<'a, T> {
        Subtree { tree, root, negate }
    }
}

impl<T: Tree + ?Sized> Tree for Subtree<'_, T> {
    type Node = T::Node;
    #[inline]
    fn root(&self) -> T::Node {
        self.root.clone()
    }
    crate::forward_tree!(tree: num_children, child);
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        let v = self.tree.value(node);
        if self.negate && !v.is_infinite() {
            -v
        } else {
            v
        }
    }
}

//! The [`Tree`] trait: what every search sees of a game.

use crate::Value;

/// The deepest tree supported anywhere in the workspace (searches recurse
/// once per level).
pub const MAX_DEPTH: usize = 256;

/// A game tree rooted at a MAX node, seen one node at a time.
///
/// Four required methods: the root, the number of children (0 = terminal),
/// the `i`-th child (0-based, left to right) and the static value of a
/// terminal from MAX's point of view. MAX and MIN alternate by depth, so a
/// game with passes models a pass as a node with one child.
///
/// Nodes are values of an associated type: a position for a real game, a few
/// words of generator state for a synthetic tree, an index for an explicit
/// tree. Best-first searches store them in their OPEN arrays, so they should
/// be small and cheap to clone; nothing requires them to know their own
/// depth or Dewey code (searches track both). Parallel searches additionally
/// require `Self: Sync` and `Self::Node: Send`; every tree in this crate
/// satisfies both.
///
/// ```
/// use tree_core::{Tree, Value, minimax};
/// /// Nim with one heap: take 1 or 2; whoever cannot move loses.
/// struct Nim(u8);
/// impl Tree for Nim {
///     type Node = (u8, bool); // (heap, MAX to move)
///     fn root(&self) -> (u8, bool) { (self.0, true) }
///     fn num_children(&self, n: &(u8, bool)) -> usize { usize::from(n.0.min(2)) }
///     fn child(&self, n: &(u8, bool), i: usize) -> (u8, bool) { (n.0 - 1 - i as u8, !n.1) }
///     fn value(&self, n: &(u8, bool)) -> Value {
///         Value::new(if n.1 { -1 } else { 1 }).unwrap()
///     }
/// }
/// assert_eq!(minimax(&Nim(4)), Value::new(1).unwrap());
/// assert_eq!(minimax(&Nim(3)), Value::new(-1).unwrap());
/// ```
pub trait Tree {
    /// A node (position) of the tree. The searches pass only nodes that the
    /// tree gave them ([`Tree::root`], [`Tree::child`]); an implementation
    /// may panic on any other value (a node of another tree, a made-up
    /// index), as [`ExplicitTree`](crate::ExplicitTree) does.
    type Node: Clone;

    /// The root, a MAX node at depth 0.
    fn root(&self) -> Self::Node;

    /// How many children `node` has; 0 means `node` is terminal.
    fn num_children(&self, node: &Self::Node) -> usize;

    /// The `i`-th child of `node`, `0 <= i < num_children(node)`, left to right.
    ///
    /// Implementations may panic if `i` is out of range.
    fn child(&self, node: &Self::Node, i: usize) -> Self::Node;

    /// The static value of the terminal `node`, from MAX's point of view.
    ///
    /// Only called on terminals. Must lie strictly between
    /// [`Value::NEG_INF`] and [`Value::INF`].
    fn value(&self, node: &Self::Node) -> Value;

    /// The shape, where the tree knows it: maximum branching and depth.
    /// Memory-bounded searches use it to compute their budgets; trees that
    /// return `None` must be given those bounds by the caller.
    fn bounds(&self) -> Option<Bounds> {
        None
    }
}

/// The shape of a tree: its maximum branching degree `b` and its depth `d`
/// (the length of the longest root-to-terminal path). For a uniform tree these
/// are the papers' (b, d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bounds {
    /// Maximum number of children of any node.
    pub branching: usize,
    /// Length of the longest path from the root.
    pub depth: usize,
    /// Whether every interior node has exactly `branching` children and every
    /// terminal is at depth `depth`.
    pub uniform: bool,
}

impl Bounds {
    /// The bounds of a uniform (b, d) tree.
    pub const fn uniform(branching: usize, depth: usize) -> Bounds {
        Bounds {
            branching,
            depth,
            uniform: true,
        }
    }
}

impl<T: Tree + ?Sized> Tree for &T {
    type Node = T::Node;
    #[inline]
    fn root(&self) -> T::Node {
        (**self).root()
    }
    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        (**self).num_children(node)
    }
    #[inline]
    fn child(&self, node: &T::Node, i: usize) -> T::Node {
        (**self).child(node, i)
    }
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        (**self).value(node)
    }
    fn bounds(&self) -> Option<Bounds> {
        (**self).bounds()
    }
}

/// Writes out, inside an `impl Tree for Wrapper`, the [`Tree`] methods
/// named, each forwarding to the tree in the wrapper's field `$inner`
/// (whose node type is the wrapper's), `#[inline]`: a wrapper that counts,
/// meters or records one method writes that one out and forwards the
/// others. Methods not named keep their own body (or `bounds`, its
/// default: unknown).
///
/// ```
/// use tree_core::{ExplicitTree, Tree, Value, forward_tree, minimax};
///
/// /// A tree whose every terminal is worth one more.
/// struct PlusOne<T> {
///     tree: T,
/// }
///
/// impl<T: Tree> Tree for PlusOne<T> {
///     type Node = T::Node;
///     forward_tree!(tree: root, num_children, child, bounds);
///     fn value(&self, node: &T::Node) -> Value {
///         Value::new(self.tree.value(node).get() + 1).expect("small values")
///     }
/// }
///
/// let tree = ExplicitTree::parse("[[3, 5], [2, 9]]")?;
/// assert_eq!(minimax(&PlusOne { tree }).get(), 4);
/// # Ok::<(), tree_core::TreeError>(())
/// ```
#[macro_export]
macro_rules! forward_tree {
    ($inner:ident: $($method:ident),+ $(,)?) => {
        $($crate::forward_tree!(@$inner $method);)+
    };
    (@$inner:ident root) => {
        #[inline]
        fn root(&self) -> Self::Node {
            self.$inner.root()
        }
    };
    (@$inner:ident num_children) => {
        #[inline]
        fn num_children(&self, node: &Self::Node) -> usize {
            self.$inner.num_children(node)
        }
    };
    (@$inner:ident child) => {
        #[inline]
        fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
            self.$inner.child(node, i)
        }
    };
    (@$inner:ident value) => {
        #[inline]
        fn value(&self, node: &Self::Node) -> $crate::Value {
            self.$inner.value(node)
        }
    };
    (@$inner:ident bounds) => {
        #[inline]
        fn bounds(&self) -> ::core::option::Option<$crate::Bounds> {
            self.$inner.bounds()
        }
    };
}

/// Plain minimax over the whole tree: the oracle every algorithm is checked
/// against. Visits every node, left to right; iterative, so no tree depth
/// can overflow the stack.
pub fn minimax<T: Tree + ?Sized>(tree: &T) -> Value {
    minimax_at(tree, &tree.root(), true)
}

/// Plain minimax of the subtree at `node`, where `max` says whether `node`
/// is a MAX node.
pub fn minimax_at<T: Tree + ?Sized>(tree: &T, node: &T::Node, max: bool) -> Value {
    struct Frame<N> {
        node: N,
        max: bool,
        children: usize,
        next: usize,
        best: Value,
    }
    let open = |node: T::Node, max: bool| Frame {
        children: tree.num_children(&node),
        node,
        max,
        next: 0,
        best: if max { Value::NEG_INF } else { Value::INF },
    };
    let mut stack = vec![open(node.clone(), max)];
    loop {
        let top = stack.last_mut().expect("the root frame is popped last");
        let done = if top.children == 0 {
            Some(tree.value(&top.node))
        } else if top.next == top.children {
            Some(top.best)
        } else {
            let child = tree.child(&top.node, top.next);
            top.next += 1;
            let max = !top.max;
            stack.push(open(child, max));
            None
        };
        if let Some(v) = done {
            stack.pop();
            match stack.last_mut() {
                None => return v,
                Some(parent) => {
                    parent.best = if parent.max {
                        parent.best.max(v)
                    } else {
                        parent.best.min(v)
                    };
                }
            }
        }
    }
}

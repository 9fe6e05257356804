//! A test tree shared by the in-process tests and the `distributed-check`
//! driver (which includes this file): a root with two successors, a
//! terminal and a generated subtree — and a reminder that any `Tree`
//! travels by Dewey code.

use tree_core::{GenNode, GenSpec, GeneratedTree, Generator, Tree, Value};

/// A root with two successors: a terminal worth `first` to MAX, and a
/// random (b, d) subtree (a MIN node).
#[derive(Debug)]
pub struct TwoWay {
    first: Value,
    sub: GeneratedTree,
}

/// A node of [`TwoWay`].
#[derive(Debug, Clone)]
pub enum TwoWayNode {
    Root,
    First,
    Sub(GenNode),
}

impl TwoWay {
    /// The tree whose first successor is worth `first` and whose second is
    /// a random (b, d) tree (seed 7).
    pub fn new(first: i32, b: usize, d: usize) -> TwoWay {
        TwoWay {
            first: Value::new(first).expect("a leaf value"),
            sub: GenSpec::new(Generator::RANDOM, b, d, 7, 0)
                .build()
                .expect("a valid spec"),
        }
    }
}

impl Tree for TwoWay {
    type Node = TwoWayNode;
    fn root(&self) -> TwoWayNode {
        TwoWayNode::Root
    }
    fn num_children(&self, n: &TwoWayNode) -> usize {
        match n {
            TwoWayNode::Root => 2,
            TwoWayNode::First => 0,
            TwoWayNode::Sub(g) => self.sub.num_children(g),
        }
    }
    fn child(&self, n: &TwoWayNode, i: usize) -> TwoWayNode {
        match (n, i) {
            (TwoWayNode::Root, 0) => TwoWayNode::First,
            (TwoWayNode::Root, _) => TwoWayNode::Sub(self.sub.root()),
            (TwoWayNode::Sub(g), i) => TwoWayNode::Sub(self.sub.child(g, i)),
            (TwoWayNode::First, _) => TwoWayNode::First,
        }
    }
    fn value(&self, n: &TwoWayNode) -> Value {
        match n {
            // The subtree's root is a MIN node here: its values are MAX's.
            TwoWayNode::Sub(g) => -self.sub.value(g),
            _ => self.first,
        }
    }
}

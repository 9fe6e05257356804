//! Full-width search: minimax and negamax (Campbell, Figs. 1 and 2).

use tree_core::{Tree, Value};

use crate::SearchError;
use crate::control::{Control, Plain};
use crate::window::{expand, static_max, static_negamax};

/// Minimax (Campbell 1981, p. 5, Fig. 1): the value of the root, visiting
/// every node. MAX nodes (even depth) take the maximum of their children,
/// MIN nodes the minimum.
///
/// Unlike the oracle [`tree_core::minimax`], it checks depth and leaf values.
///
/// # Errors
/// [`SearchError::TooDeep`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`], [`SearchError::SentinelLeaf`] for a terminal
/// valued ±∞.
pub fn minimax<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    minimax_at(tree, &tree.root(), 0, &mut Plain)
}

/// Fig. 1 at node `p` of depth `depth`.
pub(crate) fn minimax_at<T: Tree + ?Sized, C: Control>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    let w = tree.num_children(p);
    if w == 0 {
        ctl.leaf(depth)?;
        return static_max(tree, p, depth);
    }
    expand(depth)?;
    let max_to_move = depth.is_multiple_of(2);
    let mut m = if max_to_move {
        Value::NEG_INF
    } else {
        Value::INF
    };
    for i in 0..w {
        let t = minimax_at(tree, &tree.child(p, i), depth + 1, ctl)?;
        if (max_to_move && t > m) || (!max_to_move && t < m) {
            m = t;
            ctl.improve(depth, i);
        }
    }
    Ok(m)
}

/// Negamax (Campbell 1981, p. 6, Fig. 2): minimax with one operator, every
/// node taking the maximum of its children's negated values; terminals are
/// scored from the side to move. Visits every node; the root is MAX, so the
/// result is the minimax value from MAX's point of view.
///
/// # Errors
/// As [`minimax`].
pub fn negamax<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    negamax_at(tree, &tree.root(), 0, &mut Plain)
}

/// Fig. 2 at node `p` of depth `depth`.
pub(crate) fn negamax_at<T: Tree + ?Sized, C: Control>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    let w = tree.num_children(p);
    if w == 0 {
        ctl.leaf(depth)?;
        return static_negamax(tree, p, depth);
    }
    expand(depth)?;
    let mut m = Value::NEG_INF;
    for i in 0..w {
        let t = -negamax_at(tree, &tree.child(p, i), depth + 1, ctl)?;
        if t > m {
            m = t;
            ctl.improve(depth, i);
        }
    }
    Ok(m)
}

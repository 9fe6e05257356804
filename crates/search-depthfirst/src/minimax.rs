//! Full-width search: minimax and negamax (Campbell, Figs. 1 and 2).

use tree_core::{Tree, Value};

use crate::SearchError;
use crate::control::{Control, Plain, open};
use crate::window::{static_max, static_negamax};

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
    full_at::<_, _, MINIMAX>(tree, &tree.root(), 0, &mut Plain)
}

/// [`full_at`] as Fig. 1, minimax.
pub(crate) const MINIMAX: bool = false;
/// [`full_at`] as Fig. 2, negamax.
pub(crate) const NEGAMAX: bool = true;

/// Fig. 1 ([`MINIMAX`]) or Fig. 2 ([`NEGAMAX`]) at node `p` of depth
/// `depth`: Fig. 2 is Fig. 1 with every node a MAX node over its children's
/// negated values, and terminals scored from the side to move.
pub(crate) fn full_at<T: Tree + ?Sized, C: Control, const NEGA: bool>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    let Some(w) = open(tree, p, depth, ctl)? else {
        return if NEGA {
            static_negamax(tree, p, depth)
        } else {
            static_max(tree, p, depth)
        };
    };
    let max_to_move = NEGA || depth.is_multiple_of(2);
    let mut m = if max_to_move {
        Value::NEG_INF
    } else {
        Value::INF
    };
    for i in 0..w {
        let t = full_at::<T, C, NEGA>(tree, &tree.child(p, i), depth + 1, ctl)?;
        let t = if NEGA { -t } else { t };
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
    full_at::<_, _, NEGAMAX>(tree, &tree.root(), 0, &mut Plain)
}

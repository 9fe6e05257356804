//! The dual view RecDual\* and MemDual\* search (see the [`recsss` module
//! docs](mod@crate::recsss)): T's leaves negated under a virtual MAX root
//! whose only son is T's root, so that RecSSS\*'s and MemSSS\*'s code, which
//! needs a chooser at its root, searches Dual\*'s solution trees; and what
//! the two searches need to report through it (the real root's best move,
//! a sentinel as the tree gave it).

use tree_core::{Tree, Value};

use crate::error::BestFirstError;

/// A tree seen from MIN's side with a virtual MAX root above its root:
/// RecDual\* and MemDual\* run RecSSS\*/MemSSS\* on it (see the [module docs](self)).
/// Node `None` is the virtual root.
pub(crate) struct DualView<'a, T: ?Sized> {
    pub tree: &'a T,
}

impl<T: Tree + ?Sized> Tree for DualView<'_, T> {
    type Node = Option<T::Node>;
    fn root(&self) -> Option<T::Node> {
        None
    }
    fn num_children(&self, n: &Option<T::Node>) -> usize {
        match n {
            None => 1,
            Some(n) => self.tree.num_children(n),
        }
    }
    fn child(&self, n: &Option<T::Node>, i: usize) -> Option<T::Node> {
        match n {
            None => Some(self.tree.root()),
            Some(n) => Some(self.tree.child(n, i)),
        }
    }
    fn value(&self, n: &Option<T::Node>) -> Value {
        // The virtual root has a son, so it is never evaluated.
        n.as_ref().map_or(Value::NEG_INF, |n| -self.tree.value(n))
    }
}

/// The root's best move in RecDual\* and MemDual\* after one search of the
/// virtual root, which ends as soon as the merit of its one son, the real
/// root, falls (or the real root is solved): `before` and `after` are that
/// merit, `solved`, `expanded`, `index` the son's entry afterwards (its
/// current grandson, a child of the real root), `best` the move so far.
///
/// The real root's children are searched one after the other, as an OR
/// node's are in SSS\*: the best is the last one below which the merit
/// fell (solved below the merit it started with, its value is that merit,
/// see `sss::Run::root_move`). When the merit fell in this search, that
/// child is the entry's grandson if it is still being searched (expanded)
/// or was the last one (solved), else the one before it (solved, it gave
/// way to its right brother, fresh).
pub(crate) fn dual_root_move(
    before: Value,
    after: Value,
    solved: bool,
    expanded: bool,
    index: u16,
    terminal: bool,
    best: Option<usize>,
) -> Option<usize> {
    if terminal || after >= before {
        return best;
    }
    if solved || expanded {
        Some(usize::from(index))
    } else {
        Some(usize::from(index) - 1)
    }
}

/// A sentinel reported through the dual view, as the tree returned it.
pub(crate) fn undo_negation(e: BestFirstError) -> BestFirstError {
    match e {
        BestFirstError::SentinelLeaf { value } => BestFirstError::SentinelLeaf { value: -value },
        e => e,
    }
}

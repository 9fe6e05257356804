//! Search limits for the best-first searches: the tree seen through a
//! [`Meter`].
//!
//! The best-first engines are many (the Γ operator, the block recursions of
//! RecSSS\*, MemSSS\* and MGame, QuickGame's frames, IterSSS\*'s engine,
//! the hybrids' alpha-beta), and each evaluates terminals in several
//! places. Rather than thread a control through every one of them, a
//! limited search runs the *same generic code* on [`Limited`], a view of
//! the tree that counts every terminal evaluation on a [`Meter`] before
//! passing it through. When the meter stops (the leaf budget is spent, the
//! deadline passed, the stop handle was raised, as [`Meter::leaf`]
//! decides: the clock and the flag every [`Meter::CHECK_EVERY`] leaves, the
//! budget exactly), the view remembers why and from then on shows every
//! node as a terminal of value +∞ without asking the tree. Every engine
//! refuses a sentinel leaf ([`BestFirstError::SentinelLeaf`]) the moment
//! it evaluates one, so the search unwinds at once through its error path,
//! without a single further evaluation of the real tree and without
//! working through the states it holds (an OPEN of hundreds of thousands of
//! states took SSS\* a quarter of a second to "evaluate" at value 0). The
//! error is then thrown away and [`BestFirstError::Stopped`] returned with
//! the counts at the stop.
//!
//! A search without limits runs on the tree itself, so the unlimited path
//! is the code it was, instruction for instruction.
//!
//! None of these searches has an exact answer before it ends (IterSSS\*'s
//! and MGame's passes, staged SSS\*'s stages and the aspiration re-search
//! only bound the value until the last one completes), so a stopped search
//! never returns a value.

use std::cell::{Cell, RefCell};

use tree_core::{Limits, Meter, Stopped, Tree, Value};

use crate::error::BestFirstError;

/// `tree` under a [`Meter`]: see the [module docs](self).
pub(crate) struct Limited<'a, T: ?Sized> {
    tree: &'a T,
    meter: RefCell<Meter>,
    stopped: Cell<Option<Stopped>>,
}

impl<'a, T: Tree + ?Sized> Limited<'a, T> {
    /// `tree` under `limits`, the meter started now.
    pub(crate) fn new(tree: &'a T, limits: &Limits) -> Limited<'a, T> {
        Limited {
            tree,
            meter: RefCell::new(Meter::new(limits)),
            stopped: Cell::new(None),
        }
    }

    /// The search's result on this view: [`BestFirstError::Stopped`] if a
    /// limit stopped it (whatever it returned), else its result.
    pub(crate) fn finish<R>(&self, result: Result<R, BestFirstError>) -> Result<R, BestFirstError> {
        match self.stopped.get() {
            Some(s) => Err(BestFirstError::Stopped(s)),
            None => result,
        }
    }
}

impl<T: Tree + ?Sized> Tree for Limited<'_, T> {
    type Node = T::Node;

    tree_core::forward_tree!(tree: root, child, bounds);

    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        if self.stopped.get().is_some() {
            0
        } else {
            self.tree.num_children(node)
        }
    }

    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        if self.stopped.get().is_some() {
            return Value::INF;
        }
        match self.meter.borrow_mut().leaf() {
            Ok(()) => self.tree.value(node),
            Err(s) => {
                self.stopped.set(Some(s));
                Value::INF
            }
        }
    }
}

/// `$body` with `$t` bound to `$tree` when `$limits` is none (the plain
/// code, instruction for instruction), or to a [`Limited`] view of it
/// otherwise, whose stop replaces the result: how every module's `search`
/// honours its `Config::limits`. `$body` must not return early (no `?`):
/// its result has to reach [`Limited::finish`].
macro_rules! metered {
    ($tree:expr, $limits:expr, |$t:ident| $body:expr) => {{
        let limits: &tree_core::Limits = $limits;
        if limits.is_none() {
            let $t = $tree;
            $body
        } else {
            let view = $crate::limited::Limited::new($tree, limits);
            let result = {
                let $t = &view;
                $body
            };
            view.finish(result)
        }
    }};
}

pub(crate) use metered;

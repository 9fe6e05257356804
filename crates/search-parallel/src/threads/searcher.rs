//! [`Searcher`]: a thread's polled alpha-beta ([`crate::polled`]),
//! narrowed by a [`Link`] chain and stopped by the search's flags.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use search_depthfirst::SearchError;
use tree_core::{Tree, Value};

use super::link::Link;
use super::shared::{Quota, Shared, Stopped};
use crate::polled::{self, PolledSearch};

/// How many child visits a running search makes between two reads of its
/// link chain and of the stop and cancel flags: the latency bound of a
/// window update (Fig. 11), a cutoff above (`terminate()`) or a stop. A
/// running search sees a change after at most this many more child visits,
/// so after at most `WINDOW_POLL + 1` more terminal evaluations; on the
/// synthetic trees that is about a microsecond. Smaller values react faster
/// and cost more reads of shared cells.
pub const WINDOW_POLL: u32 = 32;

/// Sequential fail-hard alpha-beta (Campbell Fig. 4) whose window is
/// narrowed by a [`Link`] chain (Fig. 11), with stop and cancel flags and a
/// leaf counter.
///
/// The chain and the flags are read when the search starts and then once
/// every [`WINDOW_POLL`] child visits (not before every child): each read is a
/// walk up the chain, and on the synthetic trees a node costs a few tens of
/// nanoseconds. The last read window is kept in `seen` and applied before
/// every child (negated at odd distances). A window update, a cutoff above
/// (`terminate()`) or a stop therefore reaches a running search after at
/// most `WINDOW_POLL` more child visits, so at most `WINDOW_POLL + 1` more terminal
/// evaluations. Exactness does not depend on the latency: `seen` is a
/// read of monotone cells, so successive reads only narrow, and a stale
/// window is a wider one (see the [module docs](super)).
pub(crate) struct Searcher<'a, T: ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    /// The job's cancel flag (parallel staged SSS*).
    pub(crate) cancel: Option<&'a AtomicBool>,
    /// The link whose window narrows this search, or `None` for a search
    /// whose window nothing else can change (one thread).
    link: Option<&'a Link>,
    /// The link's window at its own node, as last read.
    seen: (Value, Value),
    /// Child visits until the next read.
    countdown: u32,
    /// Terminal evaluations so far.
    pub(crate) leaves: u64,
    /// Interior expansions so far.
    pub(crate) interior: u64,
    /// Evaluations left before the next look at the limits.
    pub(crate) quota: Quota,
}

impl<T: ?Sized> Drop for Searcher<'_, T> {
    fn drop(&mut self) {
        self.shared.give_back(&mut self.quota);
    }
}

impl<'a, T: Tree + ?Sized> Searcher<'a, T> {
    /// A search narrowed by `link` (its root `r` plies below the link's
    /// node, as passed to [`Searcher::ab`]).
    pub(crate) fn new(tree: &'a T, shared: &'a Shared, link: &'a Link) -> Searcher<'a, T> {
        let mut s = Searcher::alone(tree, shared);
        s.link = Some(link);
        s
    }

    /// A search with no link: plain Fig. 4 on its own window, for a thread
    /// that searches alone (it still polls the stop flag).
    pub(crate) fn alone(tree: &'a T, shared: &'a Shared) -> Searcher<'a, T> {
        Searcher {
            tree,
            shared,
            cancel: None,
            link: None,
            seen: (Value::NEG_INF, Value::INF),
            countdown: 0,
            leaves: 0,
            interior: 0,
            quota: Quota::default(),
        }
    }

    /// The static value of terminal `node` at absolute `depth`, from the
    /// side to move (negamax), counted against the limits.
    pub(crate) fn leaf(&mut self, node: &T::Node, depth: usize) -> Result<Value, Stopped> {
        polled::leaf(self, node, depth)
    }

    /// Fig. 4 at `node` (absolute `depth`, `r` plies below the link's
    /// node) with the local window (a, b), narrowed before every child by
    /// the link's window as last read: [`polled::alphabeta`]. Returns a
    /// value correct for the last window applied (see the [module
    /// docs](super)).
    pub(crate) fn ab(
        &mut self,
        node: &T::Node,
        depth: usize,
        r: usize,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        polled::alphabeta(self, node, depth, r, a, b)
    }
}

impl<T: Tree + ?Sized> PolledSearch for Searcher<'_, T> {
    type Node = T::Node;
    type Stop = Stopped;

    #[inline]
    fn children(&mut self, node: &T::Node) -> usize {
        self.tree.num_children(node)
    }

    #[inline]
    fn expanded(&mut self) {
        self.interior += 1;
    }

    #[inline]
    fn child(&mut self, node: &T::Node, i: usize) -> T::Node {
        self.tree.child(node, i)
    }

    #[inline]
    fn evaluate(&mut self, node: &T::Node) -> Result<Value, Stopped> {
        self.shared.leaf(&mut self.quota)?;
        self.leaves += 1;
        Ok(self.tree.value(node))
    }

    fn fail(&mut self, e: SearchError) -> Stopped {
        self.shared.fail(e.into())
    }

    /// The link's window at its node, re-read (with the flags) every
    /// [`WINDOW_POLL`] calls.
    #[inline]
    fn window(&mut self) -> Result<(Value, Value), Stopped> {
        if self.countdown == 0 {
            if self.shared.stopped() || self.cancel.is_some_and(|c| c.load(Relaxed)) {
                return Err(Stopped);
            }
            if let Some(link) = self.link {
                self.seen = link.window();
            }
            self.countdown = WINDOW_POLL;
        }
        self.countdown -= 1;
        Ok(self.seen)
    }
}

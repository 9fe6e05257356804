//! The polled alpha-beta: fail-hard alpha-beta (Campbell 1981, Fig. 4)
//! whose window something else may narrow while it runs (Fig. 11's
//! UPDATE), written once for every search that runs one.
//!
//! A slave's search in Campbell's processor tree keeps `alpha[depth]` and
//! `beta[depth]` arrays, and its master's UPDATE rewrites them at every
//! depth with alternating signs. Here the job keeps one window at its own
//! root, as last read from wherever updates come from, and [`alphabeta`]
//! applies it before every child: the same window at an even distance `r`
//! below the job's root, negated and swapped at an odd one. Reading is the
//! caller's business ([`PolledSearch::window`]): a thread of
//! `search_parallel::threads` walks its chain of links every
//! [`WINDOW_POLL`](crate::threads::WINDOW_POLL) calls, a leaf processor of
//! `search-distributed` reads its messages every `poll` calls. An empty
//! window (a cutoff above, Fig. 10's `terminate()`) makes every node
//! return at once, and a stop is an error the hooks return.
//!
//! Exactness does not depend on when the window is read: reads of a
//! window that only narrows give nested windows, a stale one is a wider
//! one, and a fail-hard result is correct for the last window it applied
//! (the argument is in the [`threads`](crate::threads) module docs).
//!
//! ```
//! use search_parallel::polled::{PolledSearch, alphabeta};
//! use search_depthfirst::SearchError;
//! use tree_core::{GenSpec, Generator, Tree, Value, minimax};
//!
//! /// A search whose window never changes: plain Fig. 4.
//! struct Alone<'a, T> {
//!     tree: &'a T,
//!     leaves: u64,
//! }
//!
//! impl<T: Tree> PolledSearch for Alone<'_, T> {
//!     type Node = T::Node;
//!     type Stop = SearchError;
//!     fn children(&mut self, node: &T::Node) -> usize {
//!         self.tree.num_children(node)
//!     }
//!     fn expanded(&mut self) {}
//!     fn child(&mut self, node: &T::Node, i: usize) -> T::Node {
//!         self.tree.child(node, i)
//!     }
//!     fn evaluate(&mut self, node: &T::Node) -> Result<Value, SearchError> {
//!         self.leaves += 1;
//!         Ok(self.tree.value(node))
//!     }
//!     fn fail(&mut self, e: SearchError) -> SearchError {
//!         e
//!     }
//!     fn window(&mut self) -> Result<(Value, Value), SearchError> {
//!         Ok((Value::NEG_INF, Value::INF))
//!     }
//! }
//!
//! let tree = GenSpec::new(Generator::RANDOM, 4, 5, 1, 0).build()?;
//! let mut search = Alone { tree: &tree, leaves: 0 };
//! let v = alphabeta(&mut search, &tree.root(), 0, 0, Value::NEG_INF, Value::INF)?;
//! assert_eq!(v, minimax(&tree)); // depth 0: MAX's side
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use search_depthfirst::SearchError;
use tree_core::{MAX_DEPTH, Value};

/// What [`alphabeta`] asks of the search that runs it: the tree, counted
/// as the search counts it, the job's window as last read, and what a
/// failure becomes. Every hook is called where the search of Fig. 4 would
/// call the tree, in the same order, so the counts are the search's.
pub trait PolledSearch {
    /// A node of the tree searched.
    type Node;
    /// Why a search gave up: a stop (a limit, a cutoff the job was told of,
    /// an abandoned search) or a failure recorded by [`PolledSearch::fail`].
    type Stop;

    /// The number of children of `node` (0: a terminal), as
    /// `Tree::num_children`.
    fn children(&mut self, node: &Self::Node) -> usize;

    /// Called once per interior node, after [`PolledSearch::children`]
    /// found children: an interior expansion, for searches that count
    /// them here rather than in `children`.
    fn expanded(&mut self);

    /// Child `i` of `node`, as `Tree::child`.
    fn child(&mut self, node: &Self::Node, i: usize) -> Self::Node;

    /// The static value of terminal `node` from MAX's side, as
    /// `Tree::value`, counted (and against the search's limits).
    ///
    /// # Errors
    /// The search's stop, if it must stop before evaluating.
    fn evaluate(&mut self, node: &Self::Node) -> Result<Value, Self::Stop>;

    /// What the search makes of a failure of the search itself (a tree
    /// too deep, a terminal valued ±∞).
    fn fail(&mut self, e: SearchError) -> Self::Stop;

    /// The job's window at its own root, as last read: called before
    /// every child, so this is where a search polls (a countdown to its
    /// next read of what may narrow it).
    ///
    /// # Errors
    /// The search's stop, if it must stop (its stop flag, a cancelled or
    /// terminated job).
    fn window(&mut self) -> Result<(Value, Value), Self::Stop>;

    /// Child `i` of a node at absolute `depth` has just raised the node's
    /// score. Nothing by default; a search that records the root's best
    /// move does it here.
    #[inline]
    fn raised(&mut self, depth: usize, i: usize) {
        let _ = (depth, i);
    }
}

/// The value of terminal `node` at absolute `depth` from the side to move
/// (negamax): [`PolledSearch::evaluate`], refused if it is ±∞.
///
/// # Errors
/// The search's stop, or [`SearchError::SentinelLeaf`] through
/// [`PolledSearch::fail`].
#[inline]
pub fn leaf<S: PolledSearch + ?Sized>(
    search: &mut S,
    node: &S::Node,
    depth: usize,
) -> Result<Value, S::Stop> {
    let v = search.evaluate(node)?;
    if v.is_infinite() {
        return Err(search.fail(SearchError::SentinelLeaf { value: v, depth }));
    }
    Ok(if depth.is_multiple_of(2) { v } else { -v })
}

/// Fig. 4 at `node` (absolute `depth`, `r` plies below the job's root)
/// with the local window (a, b), narrowed before every child by the job's
/// window as last read ([`PolledSearch::window`]: the same at even
/// distances, negated and swapped at odd ones, as Fig. 11's UPDATE
/// rewrites `alpha[]` and `beta[]`). Returns a value correct for the last
/// window applied: with a window that never changes, exactly what
/// `search_depthfirst::alphabeta` returns, after the same evaluations.
///
/// # Errors
/// The search's stop; [`SearchError::TooDeep`] below
/// [`tree_core::MAX_DEPTH`] and [`SearchError::SentinelLeaf`], through
/// [`PolledSearch::fail`].
pub fn alphabeta<S: PolledSearch + ?Sized>(
    search: &mut S,
    node: &S::Node,
    depth: usize,
    r: usize,
    a: Value,
    b: Value,
) -> Result<Value, S::Stop> {
    let w = search.children(node);
    if w == 0 {
        return leaf(search, node, depth);
    }
    search.expanded();
    if depth >= MAX_DEPTH {
        return Err(search.fail(SearchError::TooDeep {
            depth: depth.saturating_add(1),
        }));
    }
    let mut m = a;
    for i in 0..w {
        let (ja, jb) = search.window()?;
        let (ea, eb) = if r.is_multiple_of(2) {
            (ja, jb)
        } else {
            (-jb, -ja)
        };
        m = m.max(ea);
        let hi = b.min(eb);
        if m >= hi {
            return Ok(m); // cutoff, here or (window closed) above
        }
        let child = search.child(node, i);
        let t = -alphabeta(search, &child, depth + 1, r + 1, -hi, -m)?;
        if t > m {
            m = t;
            search.raised(depth, i);
        }
    }
    Ok(m)
}

//! What a search does besides searching: count leaves against its limits
//! and keep the principal variation.
//!
//! Every recursion of the crate is generic over a [`Control`]. The
//! figure-faithful functions ([`alphabeta`](crate::alphabeta) and the rest)
//! run with [`Plain`], whose methods are empty and inline, so their code is
//! what it was before limits and lines existed; [`Algorithm::search`]
//! (crate::Algorithm::search) runs the same recursions with [`Reporting`],
//! which counts leaves against the limits ([`Leaves`]) and keeps a table of
//! lines.
//!
//! # Lines (the principal variation)
//!
//! When child `i` *improves* a node's score (the `t > m` of the figures)
//! to a value strictly inside the node's window, the node's line becomes
//! `i` followed by the child's line, which the child's search has just
//! left in the table one level down: the child's value was then strictly
//! inside the child's window too, so the child is exact. A node whose
//! search returns its exact value (inside its window) got that value from
//! the last child that improved it, so by induction its line is a
//! principal variation: every step goes to a child of the same minimax
//! value. The line of a node that fails high or low is never read, except
//! at the root: a root that fails high keeps the move that refuted
//! ([`Control::only`]), one that fails low nothing. A move whose value is
//! known but whose search ended on its window's edge (a re-search that
//! failed high by exactly its bound) is recorded alone.
//!
//! A terminal's line is empty. Rather than emptying a row of the table at
//! every terminal, the table remembers the depth of the last terminal
//! evaluated: when child `i` of a node at depth `d` improves it and that
//! depth is `d + 1`, the child was that terminal (an interior child's
//! search ends below `d + 1`, and every search of an interior node
//! evaluates a terminal through the same control: its first child is
//! always searched with it), and the node's line is `i` alone; otherwise
//! the child's line is the row at `d + 1`, which the child's own
//! improvement wrote.
//!
//! So the cost per terminal is one store, per cutoff nothing, per null
//! window nothing (a null-window node never improves without a cutoff),
//! and per improvement a row of the table written: two words when the
//! child is a terminal, the child's line copied otherwise. The table is
//! one flat array of rows, one per depth, allocated once per search for
//! the tree's depth (and grown if a tree deeper than it says, or of unknown
//! depth, needs more).
//!
//! # Leaves against the limits
//!
//! [`Leaves`] counts down to the next look at the limits (a leaf budget's
//! end, or every [`Meter::CHECK_EVERY`] leaves when there is a deadline or
//! a stop handle), so a terminal costs a decrement and a test: what a
//! [`Meter`] does, with one comparison less.

use std::time::Duration;

use tree_core::{Dewey, Limits, MAX_DEPTH, Meter, StopReason, Stopped, Tree};

use crate::SearchError;
use crate::window::expand;

/// The hooks a search calls: before a terminal evaluation, and when a
/// child improves a node.
pub(crate) trait Control {
    /// Before the evaluation of a terminal at `depth` (whose line is
    /// empty).
    fn leaf(&mut self, depth: usize) -> Result<(), SearchError>;

    /// An interior node is expanded (its `num_children` was not 0): what
    /// `tree_core::Counted` counts as an interior expansion. (Default:
    /// not counted.)
    #[inline(always)]
    fn interior(&mut self) {}

    /// Whether the control keeps the lines of nodes below the root (a
    /// recursion may skip [`Control::improve`] below the root when not).
    const LINES: bool = false;

    /// Child `i` of the node at `depth` improved it to an exact value: the
    /// node's line is `i` followed by the child's. (Default: no lines.)
    #[inline(always)]
    fn improve(&mut self, _depth: usize, _i: usize) {}

    /// The node at `depth` has the value of child `i`, whose line is not
    /// known: the node's line is `i` alone.
    #[inline(always)]
    fn only(&mut self, _depth: usize, _i: usize) {}

    /// The first move of the root's line, if any.
    #[inline(always)]
    fn first_move(&self) -> Option<usize> {
        None
    }

    /// The control for a search whose answer only decides whether to
    /// search again (SCOUT's tests, PVS's minimal windows): it counts
    /// leaves against the same limits and keeps no lines, so that it does
    /// not overwrite lines in the table for nothing.
    type Counting<'c>: Control
    where
        Self: 'c;

    /// See [`Control::Counting`].
    fn counting(&mut self) -> Self::Counting<'_>;
}

/// Opens node `p` at `depth`, as every recursion of the alpha-beta family
/// does first: a terminal is announced to the control
/// ([`Control::leaf`]) and gives `None`, for the caller to score; an
/// interior node is checked for depth ([`expand`]) and gives its number of
/// children.
#[inline(always)]
pub(crate) fn open<T: Tree + ?Sized, C: Control>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    ctl: &mut C,
) -> Result<Option<usize>, SearchError> {
    let w = tree.num_children(p);
    if w == 0 {
        ctl.leaf(depth)?;
        return Ok(None);
    }
    ctl.interior();
    expand(depth)?;
    Ok(Some(w))
}

/// What a root search left in the table about the root's line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RootLine {
    /// The root's line in the table is a principal variation.
    Whole,
    /// Only this first move is known (none: not even that).
    Best(Option<usize>),
}

/// No limits, no lines: every hook is empty and compiles away.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Plain;

impl Control for Plain {
    #[inline(always)]
    fn leaf(&mut self, _depth: usize) -> Result<(), SearchError> {
        Ok(())
    }

    /// Itself: the minimal-window searches of the plain functions are the
    /// same code as the plain alpha-beta.
    type Counting<'c> = Plain;

    #[inline(always)]
    fn counting(&mut self) -> Plain {
        Plain
    }
}

/// Counts leaves against a reporting control's limits and keeps no lines
/// (see [`Control::Counting`]).
pub(crate) struct Counting<'c, const M: bool>(&'c mut Leaves<M>);

impl<const M: bool> Control for Counting<'_, M> {
    #[inline(always)]
    fn leaf(&mut self, _depth: usize) -> Result<(), SearchError> {
        self.0.leaf().map_err(SearchError::Stopped)
    }

    #[inline(always)]
    fn interior(&mut self) {
        self.0.interior();
    }

    type Counting<'d>
        = Counting<'d, M>
    where
        Self: 'd;

    fn counting(&mut self) -> Counting<'_, M> {
        Counting(&mut *self.0)
    }
}

/// Leaf evaluations counted against [`Limits`]: the count and the checks
/// of a [`Meter`] (which keeps the clock and the stop handle), as a
/// countdown to the next check; and the interior expansions, counted
/// beside them (no limit looks at those).
///
/// `M` (metered) is false for a search without limits
/// ([`Limits::is_none`]): the countdown then never reaches a check, so a
/// leaf costs a decrement alone, with no test and no branch.
#[derive(Debug)]
pub(crate) struct Leaves<const M: bool> {
    /// Interior expansions so far.
    interior: u64,
    /// Evaluations left before the next check.
    left: u64,
    /// The count at which the next check happens (`left` is 0).
    check_at: u64,
    /// The leaf budget (`u64::MAX`: none).
    max_leaves: u64,
    /// Whether there is a deadline or a stop handle to look at.
    periodic: bool,
    meter: Meter,
}

impl<const M: bool> Leaves<M> {
    /// No leaf yet, under `limits` (none if not `M`), started now.
    pub(crate) fn new(limits: &Limits) -> Leaves<M> {
        debug_assert!(M || limits.is_none(), "an unmetered count with limits");
        let mut l = Leaves {
            interior: 0,
            left: 0,
            check_at: 0,
            max_leaves: limits.max_leaves.unwrap_or(u64::MAX),
            periodic: limits.deadline.is_some() || limits.stop.is_some(),
            meter: Meter::new(limits),
        };
        l.check_at = l.next_check(0);
        l.left = l.check_at;
        l
    }

    /// The count at which to check next after `leaves` (as
    /// [`Meter`]: every [`Meter::CHECK_EVERY`] leaves if there is
    /// something to look at, and at the budget's end).
    fn next_check(&self, leaves: u64) -> u64 {
        let periodic = if self.periodic {
            leaves.saturating_add(Meter::CHECK_EVERY)
        } else {
            u64::MAX
        };
        periodic.min(self.max_leaves)
    }

    /// Counts one leaf evaluation about to happen.
    ///
    /// # Errors
    /// As [`Meter::leaf`]: the budget is spent (the leaf is then not
    /// counted), the deadline passed, the stop handle was raised.
    #[inline(always)]
    pub(crate) fn leaf(&mut self) -> Result<(), Stopped> {
        if !M {
            // No limits: `left` starts at `u64::MAX`, which no search
            // counts down to 0.
            self.left = self.left.wrapping_sub(1);
            return Ok(());
        }
        let (left, none) = self.left.overflowing_sub(1);
        self.left = left;
        if none {
            return self.slow();
        }
        Ok(())
    }

    /// [`Leaves::leaf`] at a check (`left` has just wrapped from 0).
    #[cold]
    #[inline(never)]
    fn slow(&mut self) -> Result<(), Stopped> {
        self.left = 0;
        let leaves = self.check_at;
        if leaves >= self.max_leaves {
            return Err(self.stopped(StopReason::LeafLimit));
        }
        self.check()?;
        self.check_at = self.next_check(leaves);
        // The budget is not spent, so the next check is later.
        self.left = self.check_at - leaves - 1;
        Ok(())
    }

    /// Looks at the clock and the stop handle now.
    ///
    /// # Errors
    /// [`Stopped`] if the deadline passed or the handle was raised.
    pub(crate) fn check(&self) -> Result<(), Stopped> {
        self.meter.check().map_err(|s| self.stopped(s.reason))
    }

    fn stopped(&self, reason: StopReason) -> Stopped {
        Stopped {
            leaves: self.count(),
            ..self.meter.stopped(reason)
        }
    }

    /// Leaves counted so far.
    pub(crate) fn count(&self) -> u64 {
        self.check_at - self.left
    }

    /// Counts one interior expansion.
    #[inline(always)]
    pub(crate) fn interior(&mut self) {
        self.interior += 1;
    }

    /// Interior expansions counted so far.
    pub(crate) fn interior_count(&self) -> u64 {
        self.interior
    }

    /// Both counts so far.
    pub(crate) fn counts(&self) -> crate::SearchCounts {
        crate::SearchCounts {
            leaves: self.count(),
            interior: self.interior,
        }
    }

    /// Time since the count started.
    pub(crate) fn elapsed(&self) -> Duration {
        self.meter.elapsed()
    }
}

/// The principal variations of the nodes on the current path, one row
/// per depth (see [Lines](self#lines-the-principal-variation)).
#[derive(Debug)]
struct Lines {
    /// Row `d` at `d * stride`: the length of the line of the node last
    /// searched at depth `d`, then its moves. Rows not yet written are
    /// empty (all zero).
    cells: Vec<usize>,
    /// Cells per row: the most moves a row holds, plus one. The table has
    /// `stride - 1` rows, so a row has room for the line of a node at any
    /// of its depths.
    stride: usize,
    /// The rows to allocate at first: the tree's depth, if known.
    hint: usize,
    /// The depth of the last terminal evaluated.
    last_leaf: usize,
}

impl Lines {
    fn new(hint: usize) -> Lines {
        Lines {
            cells: Vec::new(),
            stride: 1,
            hint,
            last_leaf: usize::MAX,
        }
    }

    /// The rows the table has.
    fn rows(&self) -> usize {
        self.stride - 1
    }

    /// Room for rows `0..=depth` at least: the hint, or twice what there
    /// is, rows copied to their new places.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, depth: usize) {
        let rows = (2 * self.rows())
            .min(MAX_DEPTH + 1)
            .max(self.hint)
            .max(depth + 1);
        let stride = rows + 1;
        let mut cells = vec![0; rows * stride];
        for d in 0..self.rows() {
            let old = &self.cells[d * self.stride..][..self.stride];
            let n = old[0];
            cells[d * stride..][..=n].copy_from_slice(&old[..=n]);
        }
        self.cells = cells;
        self.stride = stride;
    }

    /// The first two cells of row `depth`, the table grown to have it.
    #[inline(always)]
    fn head(&mut self, depth: usize) -> &mut [usize] {
        let at = depth * self.stride;
        if self.cells.len() < at + 2 {
            // Also for a row past the end: its `at` is at least the
            // table's length.
            self.grow(depth);
            return &mut self.cells[depth * self.stride..][..2];
        }
        &mut self.cells[at..at + 2]
    }

    /// Row `depth` becomes `i` alone.
    #[inline(always)]
    fn only(&mut self, depth: usize, i: usize) {
        let row = self.head(depth);
        row[0] = 1;
        row[1] = i;
    }

    /// Row `depth` becomes `i` and the line of its child, the node last
    /// searched at `depth + 1`.
    #[inline(always)]
    fn improve(&mut self, depth: usize, i: usize) {
        if self.last_leaf == depth + 1 {
            self.only(depth, i);
        } else {
            self.extend(depth, i);
        }
    }

    /// [`Lines::improve`] for an interior child: row `depth + 1` copied.
    #[inline(never)]
    fn extend(&mut self, depth: usize, i: usize) {
        self.head(depth + 1);
        let s = self.stride;
        let (upper, lower) = self.cells.split_at_mut((depth + 1) * s);
        let child = &lower[..s];
        let row = &mut upper[depth * s..];
        let n = child[0];
        row[0] = n + 1;
        row[1] = i;
        row[2..n + 2].copy_from_slice(&child[1..=n]);
    }

    /// The moves of row 0: the root's line.
    fn root(&self) -> &[usize] {
        match self.cells.first() {
            Some(&n) => &self.cells[1..=n],
            None => &[],
        }
    }
}

/// Limits counted by [`Leaves`], and a table of lines.
#[derive(Debug)]
pub(crate) struct Reporting<const M: bool> {
    pub(crate) leaves: Leaves<M>,
    lines: Lines,
}

impl<const M: bool> Reporting<M> {
    /// A search under `limits` of a tree of depth `depth` (if known: the
    /// table's first size).
    pub(crate) fn new(limits: &Limits, depth: Option<usize>) -> Reporting<M> {
        Reporting {
            leaves: Leaves::new(limits),
            lines: Lines::new(depth.unwrap_or(16).clamp(1, MAX_DEPTH + 1)),
        }
    }

    /// The root's line as a Dewey code, cut before the first move that a
    /// Dewey digit cannot number (a child index above 65,535).
    pub(crate) fn root_line(&self) -> Dewey {
        let mut d = Dewey::root();
        for &i in self.lines.root() {
            if i > usize::from(u16::MAX) {
                break;
            }
            d.push(i);
        }
        d
    }
}

impl<const M: bool> Control for Reporting<M> {
    const LINES: bool = true;

    #[inline(always)]
    fn leaf(&mut self, depth: usize) -> Result<(), SearchError> {
        self.lines.last_leaf = depth;
        self.leaves.leaf().map_err(SearchError::Stopped)
    }

    #[inline(always)]
    fn interior(&mut self) {
        self.leaves.interior();
    }

    #[inline(always)]
    fn improve(&mut self, depth: usize, i: usize) {
        self.lines.improve(depth, i);
    }

    #[inline(always)]
    fn only(&mut self, depth: usize, i: usize) {
        self.lines.only(depth, i);
    }

    fn first_move(&self) -> Option<usize> {
        self.lines.root().first().copied()
    }

    type Counting<'c> = Counting<'c, M>;

    fn counting(&mut self) -> Counting<'_, M> {
        Counting(&mut self.leaves)
    }
}

/// What [`Algorithm::search`](crate::Algorithm::search) asks of its
/// control besides the hooks: the leaf count and the root's line.
pub(crate) trait Report<const M: bool>: Control {
    /// The leaves counted against the limits.
    fn leaves(&mut self) -> &mut Leaves<M>;
    /// The root's line as far as the control keeps it.
    fn root_line(&self) -> Dewey;
}

impl<const M: bool> Report<M> for Reporting<M> {
    fn leaves(&mut self) -> &mut Leaves<M> {
        &mut self.leaves
    }
    fn root_line(&self) -> Dewey {
        Reporting::root_line(self)
    }
}

/// Limits counted by [`Leaves`], and the root's best move alone: what a
/// search that keeps no principal variation
/// ([`SearchConfig::lines`](crate::SearchConfig::lines) off) records. An
/// improvement costs a comparison with depth 0, so the recursions run at
/// the plain functions' cost but for the leaf count.
#[derive(Debug)]
pub(crate) struct RootOnly<const M: bool> {
    pub(crate) leaves: Leaves<M>,
    /// The move that last improved the root (`[0]`), and the one that last
    /// improved some other node (`[1]`, never read): written whatever the
    /// depth, so that an improvement costs a store and no branch (a test
    /// of the depth would split every loop in two).
    improved: [usize; 2],
}

impl<const M: bool> RootOnly<M> {
    pub(crate) fn new(limits: &Limits) -> RootOnly<M> {
        RootOnly {
            leaves: Leaves::new(limits),
            improved: [usize::MAX; 2],
        }
    }

    #[inline(always)]
    fn record(&mut self, depth: usize, i: usize) {
        if depth == 0 {
            self.improved[0] = i;
        }
    }
}

impl<const M: bool> Control for RootOnly<M> {
    #[inline(always)]
    fn leaf(&mut self, _depth: usize) -> Result<(), SearchError> {
        self.leaves.leaf().map_err(SearchError::Stopped)
    }

    #[inline(always)]
    fn interior(&mut self) {
        self.leaves.interior();
    }

    #[inline(always)]
    fn improve(&mut self, depth: usize, i: usize) {
        self.record(depth, i);
    }

    #[inline(always)]
    fn only(&mut self, depth: usize, i: usize) {
        self.record(depth, i);
    }

    fn first_move(&self) -> Option<usize> {
        Some(self.improved[0]).filter(|&i| i != usize::MAX)
    }

    type Counting<'c> = Counting<'c, M>;

    fn counting(&mut self) -> Counting<'_, M> {
        Counting(&mut self.leaves)
    }
}

impl<const M: bool> Report<M> for RootOnly<M> {
    fn leaves(&mut self) -> &mut Leaves<M> {
        &mut self.leaves
    }
    fn root_line(&self) -> Dewey {
        let mut d = Dewey::root();
        if let Some(i) = self.first_move().filter(|&i| i <= usize::from(u16::MAX)) {
            d.push(i);
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, SearchConfig};
    use tree_core::HashTree;

    /// [`Leaves`] counts and stops as a [`Meter`] does.
    #[test]
    fn leaves_count_and_stop_as_a_meter_does() {
        for n in [0, 1, 2, 1023, 1024, 1025, 5000] {
            for limits in [
                Limits::none().with_max_leaves(n),
                Limits::none()
                    .with_max_leaves(n)
                    .with_stop(tree_core::StopHandle::new()),
            ] {
                let (mut l, mut m) = (Leaves::<true>::new(&limits), Meter::new(&limits));
                for k in 0..=n {
                    let (a, b) = (l.leaf(), m.leaf());
                    assert_eq!(a.is_ok(), b.is_ok(), "budget {n}, leaf {k}");
                    assert_eq!(l.count(), m.leaves(), "budget {n}, leaf {k}");
                    if let (Err(a), Err(b)) = (a, b) {
                        assert_eq!((a.reason, a.leaves), (b.reason, b.leaves));
                        assert_eq!((a.reason, a.leaves), (StopReason::LeafLimit, n));
                    }
                }
            }
        }
        let mut l = Leaves::<true>::new(&Limits::none());
        let mut u = Leaves::<false>::new(&Limits::none());
        for _ in 0..10_000 {
            l.leaf().unwrap();
            u.leaf().unwrap();
        }
        assert_eq!(l.count(), 10_000);
        assert_eq!(u.count(), 10_000);
    }

    /// The table grows for trees deeper than it was made for (or of
    /// unknown depth) and reports what a table of the right size does.
    #[test]
    fn lines_grow_for_deeper_trees() {
        let config = SearchConfig::new();
        for seed in 0..4 {
            let known = HashTree::new(2, 22, seed).unwrap();
            // A tree that does not say how deep it is.
            let unknown = tree_core::corpus::Hooked::shapeless(HashTree::new(2, 22, seed).unwrap());
            for &a in Algorithm::ALL.iter().filter(|a| !a.uses_table()) {
                if matches!(a, Algorithm::Minimax | Algorithm::Negamax) && seed > 0 {
                    continue;
                }
                let r = a.search(&known, &config).unwrap();
                assert_eq!(a.search(&unknown, &config).unwrap().pv, r.pv, "{a}");
                assert!(r.pv.depth() > 16, "{a}: {}", r.pv);
            }
        }
    }

    #[test]
    fn rows_keep_their_lines_when_the_table_grows() {
        let mut lines = Lines::new(2);
        lines.only(1, 7);
        lines.last_leaf = 5;
        lines.improve(0, 3);
        assert_eq!(lines.root(), [3, 7]);
        // Row 9 is past the table: it grows, rows 0 and 1 move.
        lines.only(9, 4);
        assert_eq!(lines.root(), [3, 7]);
        lines.last_leaf = 9;
        lines.improve(8, 2);
        lines.last_leaf = 0;
        for d in (0..8).rev() {
            lines.improve(d, d);
        }
        assert_eq!(lines.root(), [0, 1, 2, 3, 4, 5, 6, 7, 2]);
    }
}

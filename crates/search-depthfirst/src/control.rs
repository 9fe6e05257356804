//! What a search does besides searching: count leaves against its limits
//! and keep the principal variation.
//!
//! Every recursion of the crate is generic over a [`Control`]. The
//! figure-faithful functions ([`alphabeta`](crate::alphabeta) and the rest)
//! run with [`Plain`], whose methods are empty and inline, so their code is
//! what it was before limits and lines existed; [`Algorithm::search`]
//! (crate::Algorithm::search) runs the same recursions with [`Reporting`],
//! which keeps a [`tree_core::Meter`] and a triangular table of lines.
//!
//! # Lines (the principal variation)
//!
//! A terminal empties its line. When child `i` *improves* a node's score
//! (the `t > m` of the figures) to a value strictly inside the node's
//! window, the node's line becomes `i` followed by the child's line, which
//! the child's search has just left in the table one level down: the
//! child's value was then strictly inside the child's window too, so the
//! child is exact. A node whose search returns its exact value (inside its
//! window) got that value from the last child that improved it, so by
//! induction its line is a principal variation: every step goes to a child
//! of the same minimax value. The line of a node that fails high or low is
//! never read, except at the root: a root that fails high keeps the move
//! that refuted ([`Control::only`]), one that fails low nothing. A move
//! whose value is known but whose search ended on its window's edge (a
//! re-search that failed high by exactly its bound) is recorded alone.
//!
//! So lines are copied only at nodes of exact value, which in alpha-beta
//! are few (the principal variation and the nodes that replaced it): the
//! cost per node is nothing, per terminal a store, per cutoff nothing.

use tree_core::{Dewey, Limits, Meter};

use crate::SearchError;

/// The hooks a search calls: before a terminal evaluation, and when a
/// child improves a node.
pub(crate) trait Control {
    /// Before the evaluation of a terminal at `depth` (whose line is
    /// empty).
    fn leaf(&mut self, depth: usize) -> Result<(), SearchError>;

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

/// Counts leaves against a [`Reporting`]'s limits and keeps no lines (see
/// [`Control::Counting`]).
pub(crate) struct Counting<'c>(&'c mut Reporting);

impl Control for Counting<'_> {
    #[inline(always)]
    fn leaf(&mut self, _depth: usize) -> Result<(), SearchError> {
        self.0.meter.leaf().map_err(SearchError::Stopped)
    }

    type Counting<'d>
        = Counting<'d>
    where
        Self: 'd;

    fn counting(&mut self) -> Counting<'_> {
        Counting(&mut *self.0)
    }
}

/// A [`Meter`] for the limits and a triangular table of lines.
#[derive(Debug)]
pub(crate) struct Reporting {
    pub(crate) meter: Meter,
    /// `lines[d]`: the line of the node last searched at depth `d`; missing
    /// entries are empty.
    lines: Vec<Vec<usize>>,
}

impl Reporting {
    pub(crate) fn new(limits: &Limits) -> Reporting {
        Reporting {
            meter: Meter::new(limits),
            lines: Vec::new(),
        }
    }

    /// The root's line as a Dewey code, cut before the first move that a
    /// Dewey digit cannot number (a child index above 65,535).
    pub(crate) fn root_line(&self) -> Dewey {
        let mut d = Dewey::root();
        for &i in self.lines.first().map_or(&[][..], Vec::as_slice) {
            if i > usize::from(u16::MAX) {
                break;
            }
            d.push(i);
        }
        d
    }
}

impl Control for Reporting {
    #[inline]
    fn leaf(&mut self, depth: usize) -> Result<(), SearchError> {
        if let Some(line) = self.lines.get_mut(depth) {
            line.clear();
        }
        self.meter.leaf().map_err(SearchError::Stopped)
    }

    #[inline(never)]
    fn improve(&mut self, depth: usize, i: usize) {
        if self.lines.len() < depth + 2 {
            self.lines.resize_with(depth + 2, Vec::new);
        }
        let (head, tail) = self.lines.split_at_mut(depth + 1);
        let line = &mut head[depth];
        line.clear();
        line.push(i);
        line.extend_from_slice(&tail[0]);
    }

    #[inline(never)]
    fn only(&mut self, depth: usize, i: usize) {
        if self.lines.len() < depth + 1 {
            self.lines.resize_with(depth + 1, Vec::new);
        }
        let line = &mut self.lines[depth];
        line.clear();
        line.push(i);
    }

    fn first_move(&self) -> Option<usize> {
        self.lines.first().and_then(|l| l.first().copied())
    }

    type Counting<'c> = Counting<'c>;

    fn counting(&mut self) -> Counting<'_> {
        Counting(self)
    }
}

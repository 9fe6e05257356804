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
//! Every node, on entry, empties its line; when child `i` *improves* the
//! node's score (the `t > m` of the figures), the node's line becomes `i`
//! followed by the child's line, which the child's search has just left in
//! the table one level down. A node whose search returns its exact value
//! (inside its window) got that value from the last child that improved
//! it, searched with a window that held its value too, so by induction its
//! line is a principal variation: every step goes to a child of the same
//! minimax value. A node that fails high or low may leave any line; the
//! callers keep the first move of a root that failed high (the move that
//! refuted) and nothing of one that failed low.

use tree_core::{Dewey, Limits, Meter};

use crate::SearchError;

/// The hooks a search calls: before a terminal evaluation, on entering a
/// node, when a child improves a node.
pub(crate) trait Control {
    /// Before each terminal evaluation.
    fn leaf(&mut self) -> Result<(), SearchError>;

    /// A node at `depth` is entered: its line is empty.
    fn enter(&mut self, depth: usize);

    /// Child `i` of the node at `depth` improved it: the node's line is `i`
    /// followed by the child's.
    fn improve(&mut self, depth: usize, i: usize);

    /// The first move of the root's line, if any.
    fn first_move(&self) -> Option<usize>;

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
    fn leaf(&mut self) -> Result<(), SearchError> {
        Ok(())
    }

    #[inline(always)]
    fn enter(&mut self, _depth: usize) {}

    #[inline(always)]
    fn improve(&mut self, _depth: usize, _i: usize) {}

    #[inline(always)]
    fn first_move(&self) -> Option<usize> {
        None
    }

    /// Itself: the minimal-window searches of the plain functions are the
    /// same code as the plain alpha-beta.
    type Counting<'c> = Plain;

    #[inline(always)]
    fn counting(&mut self) -> Plain {
        Plain
    }
}

/// Forwards the leaf count to `C` and keeps no lines (see
/// [`Control::Counting`]).
pub(crate) struct Counting<'c, C>(&'c mut C);

impl<C: Control> Control for Counting<'_, C> {
    #[inline(always)]
    fn leaf(&mut self) -> Result<(), SearchError> {
        self.0.leaf()
    }

    #[inline(always)]
    fn enter(&mut self, _depth: usize) {}

    #[inline(always)]
    fn improve(&mut self, _depth: usize, _i: usize) {}

    #[inline(always)]
    fn first_move(&self) -> Option<usize> {
        None
    }

    type Counting<'d>
        = Counting<'d, C>
    where
        Self: 'd;

    fn counting(&mut self) -> Counting<'_, C> {
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
    fn leaf(&mut self) -> Result<(), SearchError> {
        self.meter.leaf().map_err(SearchError::Stopped)
    }

    #[inline]
    fn enter(&mut self, depth: usize) {
        if let Some(line) = self.lines.get_mut(depth) {
            line.clear();
        }
    }

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

    fn first_move(&self) -> Option<usize> {
        self.lines.first().and_then(|l| l.first().copied())
    }

    type Counting<'c> = Counting<'c, Reporting>;

    fn counting(&mut self) -> Counting<'_, Reporting> {
        Counting(self)
    }
}

//! OPEN as the thesis prints it: the states (n, s, h) front first
//! ([`Entry`], [`Status`]), one line per Γ step ([`OpenTrace`],
//! [`format_open`]), as an [`Observer`] sees them.

use tree_core::{Dewey, Value};

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not yet solved.
    Live,
    /// Solved: h is the value of the best solution tree below.
    Solved,
}

/// One OPEN state (n, s, h), as an OPEN trace shows it: the node, its code
/// relative to the search's root, its status and merit.
#[derive(Debug, Clone)]
pub struct Entry<N> {
    pub(super) node: N,
    pub(super) dewey: Dewey,
    pub(super) status: Status,
    pub(super) h: Value,
}

impl<N> Entry<N> {
    /// The node's Dewey code relative to the search's root.
    pub fn dewey(&self) -> &Dewey {
        &self.dewey
    }
    /// LIVE or SOLVED.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The merit h.
    pub fn h(&self) -> Value {
        self.h
    }
    /// The node.
    pub fn node(&self) -> &N {
        &self.node
    }
}

/// OPEN after every Γ step, front first.
pub type OpenTrace<N> = Vec<Vec<Entry<N>>>;

/// An observer of OPEN after every Γ step (front first), for traces.
pub(crate) type Observer<'a, N> = Option<&'a mut dyn FnMut(&[Entry<N>])>;

/// One line of an OPEN trace: the states front first, as the thesis prints
/// them, e.g. `(f,L,4) (e,L,4)`, with `name` naming the nodes.
pub fn format_open<N>(entries: &[Entry<N>], name: &dyn Fn(&Dewey) -> String) -> String {
    entries
        .iter()
        .map(|e| {
            let s = if e.status == Status::Live { "L" } else { "S" };
            format!("({},{},{})", name(&e.dewey), s, e.h)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

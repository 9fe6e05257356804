//! OPEN as the thesis prints it: the states (n, s, h) front first
//! ([`Entry`], [`Status`]), one line per Γ step ([`OpenTrace`],
//! [`format_open`]), read off the tree of blocks by [`Run::front_first`]
//! for an observer.

use tree_core::{Dewey, Tree, Value};

use super::gamma::{Gamma, NONE};
use super::run::Run;
use crate::error::BestFirstError;

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
    node: N,
    dewey: Dewey,
    status: Status,
    h: Value,
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

impl<T, F, const S: bool> Run<'_, T, F, S>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    /// The search's states in OPEN's order (front first), for traces.
    pub(super) fn front_first(&self) -> Vec<Entry<T::Node>> {
        let mut out = Vec::new();
        self.collect(self.top, &Dewey::root(), &mut out);
        if self.stockman() {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then(a.1.cmp(&b.1)));
        } else {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then_with(|| a.0.dewey.cmp(&b.0.dewey)));
        }
        out.into_iter().map(|(e, _)| e).collect()
    }

    pub(super) fn collect(&self, b: u32, dewey: &Dewey, out: &mut Vec<(Entry<T::Node>, i64)>) {
        let blk = &self.g.blocks[b as usize];
        let top = b == self.top;
        for a in 0..blk.w {
            // The top block's slot is the root (below a virtual link for an
            // AND root).
            let mut d = if top {
                dewey.clone()
            } else {
                dewey.child(a as usize)
            };
            if self.untouched(b, a) {
                let k = self.slot_key(b, a);
                let node = self.tree.child(&blk.node, a as usize);
                out.push((
                    Entry {
                        node,
                        dewey: d,
                        status: Status::Live,
                        h: k.h,
                    },
                    k.t,
                ));
                continue;
            }
            let s = &self.g.slots[self.idx(b, a)];
            let skip = u32::from(top && blk.xrel < 0);
            for j in skip..s.r {
                d.push(usize::from(s.link(j).digit));
            }
            if s.child != NONE {
                self.collect(s.child, &d, out);
                continue;
            }
            let k = self.slot_key(b, a);
            out.push((
                Entry {
                    node: s.node().clone(),
                    dewey: d,
                    status: if s.solved {
                        Status::Solved
                    } else {
                        Status::Live
                    },
                    h: k.h,
                },
                k.t,
            ));
        }
    }
}

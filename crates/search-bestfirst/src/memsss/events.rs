//! What MemSSS\* did with its INACTIVE nodes, as [`search_with_events`]
//! reports it: every inactivation and activation, in the caller's Dewey
//! codes.
//!
//! [`search_with_events`]: super::search_with_events

use tree_core::Dewey;

/// What MemSSS\* did with its INACTIVE nodes (from [`search_with_events`](super::search_with_events)),
/// in the order it happened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemEvents {
    /// Every inactivation and activation, in order.
    pub log: Vec<MemEvent>,
}

/// One entry of the [`MemEvents`] log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemEvent {
    /// A node was made INACTIVE when its grandfather (its father, for a
    /// terminal son) was expanded.
    Inactivated(Dewey),
    /// An INACTIVE node was made LIVE.
    Activated(Activation),
}

impl MemEvents {
    /// Every node made INACTIVE, in order.
    pub fn inactivated(&self) -> Vec<Dewey> {
        self.pick(|e| match e {
            MemEvent::Inactivated(d) => Some(d),
            MemEvent::Activated(_) => None,
        })
    }

    /// Every activation, in order.
    pub fn activations(&self) -> Vec<Activation> {
        self.pick(|e| match e {
            MemEvent::Activated(a) => Some(a),
            MemEvent::Inactivated(_) => None,
        })
    }

    /// The events of one kind, in order.
    fn pick<U: Clone>(&self, kind: impl Fn(&MemEvent) -> Option<&U>) -> Vec<U> {
        self.log.iter().filter_map(kind).cloned().collect()
    }

    /// The nodes made INACTIVE and not (yet) activated just before the
    /// `k`-th activation (0-based), in the order they became INACTIVE.
    /// Nodes dropped with a solved or frozen subtree are still listed.
    pub fn inactive_before(&self, k: usize) -> Vec<Dewey> {
        let mut inactive: Vec<Dewey> = Vec::new();
        let mut seen = 0;
        for e in &self.log {
            match e {
                MemEvent::Inactivated(d) => inactive.push(d.clone()),
                MemEvent::Activated(a) => {
                    if seen == k {
                        break;
                    }
                    seen += 1;
                    inactive.retain(|d| *d != a.node);
                }
            }
        }
        inactive
    }
}

/// One activation of an INACTIVE node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activation {
    /// The node made LIVE (z).
    pub node: Dewey,
    /// The grandson of `at` selected SOLVED, which caused it (x).
    pub solved: Dewey,
    /// The node whose `MemSSS` call activated z (p).
    pub at: Dewey,
    /// The node whose region z received; `None` for a terminal, which needs
    /// none.
    pub donor: Option<Dewey>,
    /// Whether the donor was LIVE and had to be frozen (made SOLVED).
    pub froze: bool,
}

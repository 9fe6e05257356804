//! Knuth and Moore's critical-node types (Campbell 1981, p. 44), which the
//! simulator, the threads' processor trees and the split-point engine all
//! follow.

/// A node's critical-node type, where known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Type 1: on the (presumed) principal variation: the root and the
    /// first successors of type-1 nodes.
    Type1,
    /// Type 2: a successor after the first of a type-1 node, or any
    /// successor of a type-3 node — refuted by one successor if ordered.
    Type2,
    /// Type 3: a successor of a type-2 node — every successor searched.
    Type3,
    /// Not tracked: plain tree-splitting, and the simulator's nodes away
    /// from the principal variations it hands out.
    Unknown,
}

impl Kind {
    /// The type of successor `i` (from 0) of a node of this type.
    #[inline]
    pub(crate) fn child(self, i: usize) -> Kind {
        match self {
            Kind::Type1 if i == 0 => Kind::Type1,
            Kind::Type1 | Kind::Type3 => Kind::Type2,
            Kind::Type2 => Kind::Type3,
            Kind::Unknown => Kind::Unknown,
        }
    }
}

//! [`ProcessorTree`]: the shape of Campbell's processor trees.

use std::fmt;

/// The shape of a processor tree (Campbell p. 37): every master has `width`
/// slaves and there are `depth` levels of slaves below the root processor.
///
/// `depth = 0` is a single processor running sequential alpha-beta; (1, k)
/// is one master with `k` slaves, the configuration of p. 41. A processor
/// tree of (D, W) has 1 + W + … + W^D processors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ProcessorTree {
    /// Levels of slaves below the root processor.
    pub depth: usize,
    /// Slaves per master.
    pub width: usize,
}

impl ProcessorTree {
    /// Largest number of processors the simulator accepts.
    pub const MAX_PROCESSORS: u64 = 1 << 20;

    /// The number of processors, 1 + W + … + W^D, or `None` past
    /// [`ProcessorTree::MAX_PROCESSORS`].
    pub fn processors(self) -> Option<u64> {
        match self.width {
            // The root alone, or a chain of D + 1.
            0 => return Some(1),
            1 => {
                return u64::try_from(self.depth)
                    .ok()
                    .and_then(|d| d.checked_add(1))
                    .filter(|&n| n <= Self::MAX_PROCESSORS);
            }
            // Each level at least doubles the count: at most 21 levels.
            _ => {}
        }
        let mut total: u64 = 1;
        let mut level: u64 = 1;
        for _ in 0..self.depth {
            level = level.checked_mul(self.width as u64)?;
            total = total.checked_add(level)?;
            if total > Self::MAX_PROCESSORS {
                return None;
            }
        }
        Some(total)
    }
}

impl fmt::Display for ProcessorTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.depth, self.width)
    }
}

/// `sizes[l]` = processors in a processor subtree with `l` levels of slaves.
pub(super) fn subtree_sizes(p: ProcessorTree) -> Vec<usize> {
    let mut sizes = vec![1usize];
    for l in 1..=p.depth {
        sizes.push(1 + p.width * sizes[l - 1]);
    }
    sizes
}

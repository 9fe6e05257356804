//! Where a rank sits in the processor tree: its master and slaves, ranks
//! numbered in preorder.

use search_parallel::ProcessorTree;

/// Where a rank sits in the processor tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) rank: usize,
    /// Levels of slaves below it (0: a leaf processor).
    pub(crate) levels: usize,
    pub(crate) master: Option<usize>,
    pub(crate) slaves: Vec<usize>,
}

/// Rank `rank`'s place in the processor tree `p` (preorder numbering).
pub(crate) fn place(rank: usize, p: ProcessorTree) -> Place {
    let mut sizes = vec![1usize];
    for l in 1..=p.depth {
        sizes.push(1 + p.width * sizes[l - 1]);
    }
    let (mut at, mut levels, mut master) = (0usize, p.depth, None);
    while at != rank && levels > 0 {
        let s = sizes[levels - 1];
        let j = (rank - at - 1) / s;
        master = Some(at);
        at += 1 + j * s;
        levels -= 1;
    }
    let slaves = if levels == 0 {
        Vec::new()
    } else {
        (0..p.width)
            .map(|j| at + 1 + j * sizes[levels - 1])
            .collect()
    };
    Place {
        rank,
        levels,
        master,
        slaves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(depth: usize, width: usize) -> ProcessorTree {
        ProcessorTree { depth, width }
    }

    #[test]
    fn places_follow_the_preorder() {
        // (2, 2): 0 → {1, 4}, 1 → {2, 3}, 4 → {5, 6}.
        let t = p(2, 2);
        assert_eq!(place(0, t).slaves, vec![1, 4]);
        assert_eq!(place(0, t).master, None);
        assert_eq!(place(1, t).slaves, vec![2, 3]);
        assert_eq!(place(4, t).slaves, vec![5, 6]);
        assert_eq!(place(4, t).master, Some(0));
        for (r, m) in [(2, 1), (3, 1), (5, 4), (6, 4)] {
            let pl = place(r, t);
            assert_eq!((pl.master, pl.levels, pl.slaves.len()), (Some(m), 0, 0));
        }
        // (1, 3) and (0, 5).
        assert_eq!(place(0, p(1, 3)).slaves, vec![1, 2, 3]);
        assert_eq!(place(3, p(1, 3)).master, Some(0));
        assert_eq!(place(0, p(0, 5)).slaves, Vec::<usize>::new());
        // Every rank of (3, 3) is a slave of the master that lists it.
        let t = p(3, 3);
        let n = t.processors().unwrap() as usize;
        for r in 1..n {
            let m = place(r, t).master.unwrap();
            assert!(place(m, t).slaves.contains(&r), "{r}");
            assert_eq!(place(m, t).levels, place(r, t).levels + 1);
        }
    }
}

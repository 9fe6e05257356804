//! The parallel parts: `gametree search --algo treesplit|pvsplit|
//! parallel-staged-sss|ybwc` on real threads, and `gametree simulate` on
//! Campbell's simulated processor trees.
//!
//! A threaded search is measured at the trait boundary like every other
//! search, by [`SyncCounted`]: [`tree_core::Counted`] is not `Sync` (one
//! counter per tree, `Cell`s), so the threads share atomics instead.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::{Result, anyhow};
use search_parallel::{ProcessorTree, SimAlgorithm, ThreadAlgorithm, ThreadConfig};
use tree_core::{Bounds, Tree, Value};

use crate::cli::SimulateArgs;
use crate::progress::with_progress;
use crate::report::{Moves, ParallelJson, Report, SCHEMA, SimulationReport};
use crate::run::{Job, classify, parse_processors};
use crate::source::{TreeSource, TreeVisitor};

/// One line on each multi-threaded algorithm, for `gametree algos`.
pub(crate) const fn description(algorithm: ThreadAlgorithm) -> &'static str {
    match algorithm {
        ThreadAlgorithm::TreeSplit => {
            "tree-splitting on --threads K: a master hands successors to K slaves, dynamic window updates (Campbell 1981, Figs. 10-11)"
        }
        ThreadAlgorithm::PvSplit => {
            "pv-splitting on threads: leftmost path first, its siblings split among slaves, type-2 rule (Campbell 1981, Fig. 12, p. 47)"
        }
        ThreadAlgorithm::ParallelStagedSss => {
            "staged SSS* whose master hands horizon nodes to K alpha-beta workers (Campbell 1981, p. 49; --stage K)"
        }
        ThreadAlgorithm::Ybwc => {
            "Young Brothers Wait: eldest brother first, the others in parallel on K threads (Feldmann et al. 1989)"
        }
    }
}

/// The searching threads of a processor tree: its leaf processors, W^D
/// (1 for depth 0). The tree must hold at most
/// [`ProcessorTree::MAX_PROCESSORS`] processors.
pub(crate) fn searching_threads(p: ProcessorTree) -> usize {
    (0..p.depth).fold(1usize, |n, _| n.saturating_mul(p.width))
}

/// Most nodes [`SyncCounted`] keeps a bit for (32 MiB of bits); larger trees
/// get no distinct-leaf count.
const MAX_TRACKED_NODES: u64 = 1 << 28;

/// A `Sync` tree wrapper that counts, for a search on many threads, what
/// [`tree_core::Counted`] counts for one: leaf evaluations (calls of
/// `value`), interior expansions (calls of `num_children` on an interior
/// node), and also distinct leaves.
///
/// Interior expansions are counted as `Counted` counts them, per call of
/// `num_children` on an interior node; the threaded algorithms ask more
/// than once for some nodes (a master, then the slave searching the node),
/// so the count can exceed the number of interior nodes.
///
/// The counters are atomics updated with `Relaxed` ordering: each is a pure
/// tally read once the threads have been joined, so no ordering between
/// them is needed.
///
/// Distinct leaves without a lock: every node carries its number in the
/// bijective base-b numbering of the tree's paths (root 0, child `i` of
/// node `n` is `n·b + i + 1`, b the tree's maximum branching), which is
/// different for different nodes at any depth and less than
/// 1 + b + … + b^d; a leaf evaluation sets that node's bit in an array of
/// atomic words. When the tree does not report its shape or has more than
/// `MAX_TRACKED_NODES` (2^28) nodes, distinct leaves are not counted
/// (reported as `null`).
#[derive(Debug)]
pub(crate) struct SyncCounted<'t, T> {
    tree: &'t T,
    branching: u64,
    leaves: AtomicU64,
    interior: AtomicU64,
    /// One bit per node number; `None` when not counting distinct leaves.
    seen: Option<Vec<AtomicU64>>,
}

/// A node of a [`SyncCounted`] tree: the inner node and its number.
#[derive(Debug, Clone)]
pub(crate) struct CountedNode<N> {
    node: N,
    number: u64,
}

impl<'t, T: Tree> SyncCounted<'t, T> {
    /// Wraps `tree` with zeroed counts.
    pub(crate) fn new(tree: &'t T) -> SyncCounted<'t, T> {
        let bounds = tree.bounds();
        let branching = bounds.map_or(0, |b| b.branching as u64);
        let seen = bounds
            .and_then(|b| node_numbers(b.branching as u64, b.depth))
            .map(|nodes| (0..nodes.div_ceil(64)).map(|_| AtomicU64::new(0)).collect());
        SyncCounted {
            tree,
            branching,
            leaves: AtomicU64::new(0),
            interior: AtomicU64::new(0),
            seen,
        }
    }

    /// Leaf evaluations so far.
    pub(crate) fn leaves(&self) -> u64 {
        self.leaves.load(Relaxed)
    }

    /// Interior expansions so far.
    pub(crate) fn interior(&self) -> u64 {
        self.interior.load(Relaxed)
    }

    /// Different leaves evaluated so far, if counted.
    pub(crate) fn distinct_leaves(&self) -> Option<u64> {
        self.seen.as_ref().map(|bits| {
            bits.iter()
                .map(|w| u64::from(w.load(Relaxed).count_ones()))
                .sum()
        })
    }
}

/// 1 + b + … + b^d, the node numbers of a tree of maximum branching `b` and
/// depth `d`, if at most [`MAX_TRACKED_NODES`].
fn node_numbers(b: u64, d: usize) -> Option<u64> {
    let mut total: u64 = 1;
    let mut level: u64 = 1;
    for _ in 0..d {
        level = level.checked_mul(b)?;
        total = total.checked_add(level)?;
        if total > MAX_TRACKED_NODES {
            return None;
        }
    }
    Some(total)
}

impl<T: Tree> Tree for SyncCounted<'_, T> {
    type Node = CountedNode<T::Node>;

    fn root(&self) -> Self::Node {
        CountedNode {
            node: self.tree.root(),
            number: 0,
        }
    }

    fn num_children(&self, node: &Self::Node) -> usize {
        let n = self.tree.num_children(&node.node);
        if n > 0 {
            self.interior.fetch_add(1, Relaxed);
        }
        n
    }

    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        CountedNode {
            node: self.tree.child(&node.node, i),
            // Only meaningful when the numbers fit (then no wrap happens).
            number: node
                .number
                .wrapping_mul(self.branching)
                .wrapping_add(i as u64 + 1),
        }
    }

    fn value(&self, node: &Self::Node) -> Value {
        self.leaves.fetch_add(1, Relaxed);
        if let Some(bits) = &self.seen
            && let Some(word) = usize::try_from(node.number / 64)
                .ok()
                .and_then(|w| bits.get(w))
        {
            word.fetch_or(1 << (node.number % 64), Relaxed);
        }
        self.tree.value(&node.node)
    }

    fn bounds(&self) -> Option<Bounds> {
        self.tree.bounds()
    }
}

/// Runs `algorithm` on `tree` on threads as `job` says (its
/// [`ThreadConfig`], whose window is the one the user gave, if any, and the
/// limits), measured by [`SyncCounted`], with a progress line every second
/// on standard error.
pub(crate) fn search_threads<T>(
    tree: &T,
    description: String,
    algorithm: ThreadAlgorithm,
    job: &Job,
) -> Result<Report>
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let window = job.window;
    let config = &ThreadConfig {
        limits: job.limits(),
        ..job.threads.clone()
    };
    let counted = SyncCounted::new(tree);
    let start = Instant::now();
    let report = with_progress(&|| counted.leaves(), || {
        search_parallel::search(algorithm, &counted, config.clone())
    })?;
    let wall_seconds = start.elapsed();
    let processor_tree = matches!(
        algorithm,
        ThreadAlgorithm::TreeSplit | ThreadAlgorithm::PvSplit
    )
    .then(|| {
        config.processors.unwrap_or(ProcessorTree {
            depth: 1,
            width: config.threads,
        })
    });
    let mut out = Report {
        schema: SCHEMA,
        algorithm: algorithm.name(),
        tree: job.tree.clone(),
        window: window.map(Into::into),
        value: report.value,
        bound: window.map(|w| classify(w, report.value).bound.into()),
        best: None,
        pv: None,
        moves_known: false,
        leaves: counted.leaves(),
        distinct_leaves: counted.distinct_leaves(),
        interior: counted.interior(),
        peak_open: None,
        wall_seconds,
        order: None,
        parallel: Some(ParallelJson {
            threads: config.threads,
            processor_tree: processor_tree.map(Into::into),
            processors: processor_tree.and_then(ProcessorTree::processors),
            per_thread: report.per_thread,
            jobs: report.jobs,
        }),
        description,
    };
    out.set_moves(
        tree,
        Some(Moves {
            best: report.best,
            pv: report.pv,
        }),
    );
    Ok(out)
}

/// `gametree simulate`.
pub(crate) fn simulate_command(args: &SimulateArgs) -> Result<String> {
    let algorithm: SimAlgorithm = args
        .algo
        .parse()
        .map_err(|e| anyhow!("{e}; or Campbell's column labels ts, pv, sss"))?;
    let processors = parse_processors(&args.processors)?;
    let source = TreeSource::from_args(&args.tree)?;
    let report = source.load(Simulation {
        algorithm,
        processors,
    })?;
    Ok(if args.json {
        report.to_json()
    } else {
        report.to_text()
    })
}

/// A simulation to run on whatever tree [`TreeSource::load`] builds.
struct Simulation {
    algorithm: SimAlgorithm,
    processors: ProcessorTree,
}

impl TreeVisitor for Simulation {
    type Output = SimulationReport;
    fn visit<T>(self, tree: &T, description: String) -> Result<SimulationReport>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        let r = search_parallel::simulate(self.algorithm, tree, self.processors)?;
        Ok(SimulationReport {
            best: Moves::best_only(r.best).names(tree).best,
            algorithm: self.algorithm.name(),
            processor_tree: self.processors.into(),
            processors: r.processors() as u64,
            value: r.value,
            elapsed: r.elapsed,
            evaluations: r.total,
            sequential: r.sequential,
            overhead: r.search_overhead(),
            speedup: r.speedup(),
            per_processor: r.evaluations,
            tree: description,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use search_depthfirst::{Window, alphabeta};
    use tree_core::{ExplicitTree, GenSpec, Generator, minimax};

    #[test]
    fn node_numbers_are_distinct_on_a_non_uniform_tree() {
        // Leaves at depths 1, 2 and 3; b = 3.
        let t = ExplicitTree::parse("[1,[2,[3,4,5]],[6,7],8]").unwrap();
        let c = SyncCounted::new(&t);
        assert_eq!(minimax(&c), minimax(&t));
        assert_eq!(c.leaves(), 8);
        assert_eq!(c.distinct_leaves(), Some(8));
        minimax(&c);
        assert_eq!(c.leaves(), 16);
        assert_eq!(c.distinct_leaves(), Some(8));
    }

    #[test]
    fn counts_like_counted() {
        let t = GenSpec::new(Generator::RANDOM, 3, 5, 4, 0).build().unwrap();
        let c = SyncCounted::new(&t);
        let reference = tree_core::Counted::new(&t);
        assert_eq!(
            alphabeta(&c, Window::FULL).unwrap(),
            alphabeta(&reference, Window::FULL).unwrap()
        );
        assert_eq!(c.leaves(), reference.stats().leaves);
        assert_eq!(c.interior(), reference.stats().interior);
        assert_eq!(c.distinct_leaves(), Some(reference.stats().leaves));
    }

    #[test]
    fn too_many_nodes_to_track() {
        assert_eq!(node_numbers(2, 3), Some(15));
        assert_eq!(node_numbers(0, 0), Some(1));
        assert_eq!(node_numbers(1, 5), Some(6));
        assert_eq!(node_numbers(10, 9), None);
        assert_eq!(node_numbers(u64::MAX, 3), None);
    }

    #[test]
    fn searching_threads_of_processor_trees() {
        let p = |depth, width| ProcessorTree { depth, width };
        assert_eq!(searching_threads(p(0, 5)), 1);
        assert_eq!(searching_threads(p(1, 4)), 4);
        assert_eq!(searching_threads(p(2, 3)), 9);
    }
}

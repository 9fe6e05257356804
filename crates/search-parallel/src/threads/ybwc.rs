//! Young Brothers Wait (Feldmann, Monien, Mysliwietz & Vornberger 1989):
//! the modern baseline for the thesis's processor-tree algorithms.
//!
//! At every node of the split region the eldest brother (the first
//! successor) is searched first, by the thread that owns the node
//! (recursively, so its own subtree may be split); only then may the young
//! brothers be searched in parallel — all with the bound the eldest
//! produced, and with every later improvement, because the node's best
//! score is an atomic that the searches below read before every child of
//! every split node (Fig. 11's mechanism, see the [module docs](super)). A
//! cutoff at a split node closes the window of every search below it.
//!
//! # Threads and hand-offs
//!
//! The calling thread and K − 1 threads of a kept rayon pool (see the
//! [module docs](super)) stay in the search from start to end, on the
//! split-point engine (`engine.rs`): a thread with nothing to
//! do says so, and the next searching thread to reach a split node's loop
//! hands it the shallowest node of its own path whose eldest brother is
//! done and which has brothers left (the most work per hand-off). At an
//! expected cut node (type 2: an elder brother of the principal variation's
//! nodes refuted by one successor if the tree is well ordered) the young
//! brothers wait for [`CUT_NODE_WAIT`](super::engine::CUT_NODE_WAIT)
//! successors instead of one — our choice, against speculative work that
//! a cutoff throws away. A node's
//! owner, out of brothers, waits for its helpers to finish and meanwhile
//! helps them below its node (Feldmann's "helpful master"). So threads
//! hand work over only when one of them is idle — tens of times per
//! search — not at every node.
//!
//! With one thread there is nothing to split: the search is plain
//! alpha-beta on the calling thread, with exactly Fig. 4's terminal
//! evaluations.
//!
//! # Split region
//!
//! Split nodes are the nodes shallower than [`ThreadConfig::split_plies`];
//! by default, when [`Tree::bounds`](tree_core::Tree::bounds) knows the shape (b, d), every node
//! whose full subtree has more than [`LOWER_LEAVES`](super::engine::LOWER_LEAVES)
//! terminals (on a (8, 9) tree the top 4 plies; on a (24, 5) tree the top 2),
//! below which each thread runs plain alpha-beta; for trees of unknown
//! shape the top 6 plies, below which each thread runs alpha-beta that
//! reads the shared windows every [`WINDOW_POLL`](super::WINDOW_POLL) nodes.
//!
//! Leaf counts and [`ThreadActivity`](super::ThreadActivity) are kept per
//! thread, the calling thread first.

use super::algorithm::ThreadAlgorithm;
use super::config::ThreadConfig;
use super::engine::SharedTree;
use super::engine::{self, Policy, Region};
use super::error::{ThreadError, check_threads};
use super::report::{ThreadCounts, ThreadReport};

pub(super) fn run<T: SharedTree + ?Sized>(
    tree: &T,
    cfg: &ThreadConfig,
    counts: &mut ThreadCounts,
) -> Result<ThreadReport, ThreadError> {
    check_threads(cfg.threads as u64)?;
    let region = if cfg.threads == 1 {
        Region::SEQUENTIAL
    } else {
        Region::new(tree.bounds(), cfg.split_plies)
    };
    let o = engine::run(
        tree,
        Policy::Ybwc,
        cfg.threads,
        region,
        cfg.window,
        &cfg.limits,
        counts,
    )?;
    Ok(ThreadReport {
        algorithm: ThreadAlgorithm::Ybwc,
        value: cfg.window.clamp(o.value),
        best: o.best,
        pv: o.pv,
        leaves: o.leaves.iter().sum(),
        interior: o.interior,
        per_thread: o.leaves,
        jobs: o.jobs,
        activity: if cfg.threads == 1 {
            Vec::new()
        } else {
            o.activity
        },
    })
}

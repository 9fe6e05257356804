//! Young Brothers Wait (Feldmann, Monien, Mysliwietz & Vornberger 1989):
//! the modern baseline for the thesis's processor-tree algorithms.
//!
//! At every node in the split region, the eldest brother (the first
//! successor) is searched first, alone (recursively, by YBWC, so its own
//! subtree is searched in parallel); only then are the young brothers
//! searched in parallel, all with the bound the eldest brother produced —
//! and with every later improvement, because each split node owns a link
//! (an `AtomicI32` best score, as a tree-splitting master does) that the
//! searches below read before every child at every node (the Fig. 11
//! mechanism of the [module docs](super)). A cutoff at a split node closes
//! the window of every search below it; they return at their next node.
//!
//! # Threads
//!
//! A rayon pool of [`ThreadConfig::threads`] threads, built on first use
//! and kept for later searches (see the [module docs](super)). With one
//! thread there is no pool: the search is alpha-beta on the calling thread.
//! The young brothers are split by recursive halving with `rayon::join`,
//! so idle threads steal the right halves (work stealing replaces the
//! thesis's static processor assignment; a thread that waits for a join
//! steals other work meanwhile, like Feldmann's "helpful master"). With one
//! thread `join` runs the left half before the right, so the children are
//! searched left to right, each with the score of all before it: Fig. 4's
//! alpha-beta, with the same terminal evaluations.
//!
//! # Split region
//!
//! Nodes shallower than [`ThreadConfig::split_plies`] are split points;
//! deeper ones run sequential alpha-beta on the current thread (still
//! reading the shared windows). The default makes the smallest parallel
//! task a subtree of height h ≥ 2 with b^h ≥ [`MIN_TASK_LEAVES`] terminals
//! in the full tree: height 2 on (24, 4) trees, 3 on (8, 6) trees (with
//! height 2 there, tasks of a dozen evaluations made YBWC on 2 threads
//! 15% slower).
//!
//! Leaf counts are kept per pool thread (`rayon::current_thread_index`).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use tree_core::{MAX_DEPTH, Tree, Value};

use super::{
    Link, Searcher, Shared, Stopped, ThreadAlgorithm, ThreadConfig, ThreadError, ThreadReport,
    check_threads, counters, guarded, pool, totals,
};

struct Ybwc<'a, T: ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    counters: &'a [AtomicU64],
    split_plies: usize,
    jobs: AtomicU64,
}

pub(super) fn run<T>(tree: &T, cfg: &ThreadConfig) -> Result<ThreadReport, ThreadError>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    check_threads(cfg.threads as u64)?;
    if cfg.threads == 1 {
        return sequential(tree, cfg);
    }
    let pool = pool::pool(cfg.threads)?;
    let split_plies = cfg
        .split_plies
        .unwrap_or_else(|| tree.bounds().map_or(6, default_split_plies));
    let shared = Shared::default();
    let counters = counters(cfg.threads);
    let y = Ybwc {
        tree,
        shared: &shared,
        counters: &counters,
        split_plies,
        jobs: AtomicU64::new(0),
    };
    let root_link = Link::root(cfg.window);
    let result = pool.install(|| guarded(&shared, || y.root(&root_link)));
    let value = shared.finish(result)?;
    Ok(ThreadReport {
        algorithm: ThreadAlgorithm::Ybwc,
        value: cfg.window.clamp(value),
        leaves: counters.iter().map(|c| c.load(Relaxed)).sum(),
        per_thread: totals(&counters),
        jobs: y.jobs.load(Relaxed),
    })
}

/// YBWC's smallest parallel task, by default: a subtree with at least this
/// many terminals in the full tree (b^h for height h), so that a task is
/// tens of evaluations after pruning, not a handful.
pub const MIN_TASK_LEAVES: usize = 256;

/// The default split region for a tree of shape `b`: the depth minus the
/// least height h ≥ 2 with b^h ≥ [`MIN_TASK_LEAVES`], at least 1.
fn default_split_plies(b: tree_core::Bounds) -> usize {
    let mut h = 2;
    while h < b.depth && b.branching.saturating_pow(h as u32) < MIN_TASK_LEAVES {
        h += 1;
    }
    b.depth.saturating_sub(h).max(1)
}

/// One thread: `join` would run every left half before its right half,
/// which is Fig. 4's order, so the search is plain alpha-beta on the
/// calling thread (no pool, no links), with the same terminal evaluations.
fn sequential<T>(tree: &T, cfg: &ThreadConfig) -> Result<ThreadReport, ThreadError>
where
    T: Tree + Sync + ?Sized,
{
    let shared = Shared::default();
    let mut s = Searcher::alone(tree, &shared);
    let result = guarded(&shared, || {
        s.ab(&tree.root(), 0, 0, cfg.window.alpha(), cfg.window.beta())
    });
    let leaves = s.leaves;
    let value = shared.finish(result)?;
    Ok(ThreadReport {
        algorithm: ThreadAlgorithm::Ybwc,
        value: cfg.window.clamp(value),
        leaves,
        per_thread: vec![leaves],
        jobs: 0,
    })
}

impl<T> Ybwc<'_, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    fn count(&self, leaves: u64) {
        let i = rayon::current_thread_index().unwrap_or(0) % self.counters.len();
        self.counters[i].fetch_add(leaves, Relaxed);
    }

    /// The root, whose link is the search window.
    fn root(&self, link: &Arc<Link>) -> Result<Value, Stopped> {
        let root = self.tree.root();
        if self.split_plies == 0 {
            let mut s = Searcher::new(self.tree, self.shared, link);
            let v = s.ab(&root, 0, 0, Value::NEG_INF, Value::INF);
            self.count(s.leaves);
            return v;
        }
        self.expand(&root, 0, link)
    }

    /// The value of `node` (absolute `depth`) from its side to move, under
    /// the window of `parent` (the link one ply up) negated.
    fn node(&self, node: &T::Node, depth: usize, parent: &Arc<Link>) -> Result<Value, Stopped> {
        if self.shared.stopped() {
            return Err(Stopped);
        }
        if depth >= self.split_plies {
            let mut s = Searcher::new(self.tree, self.shared, parent);
            let v = s.ab(node, depth, 1, Value::NEG_INF, Value::INF);
            self.count(s.leaves);
            return v;
        }
        let link = Link::child(parent);
        self.expand(node, depth, &link)
    }

    /// A split node with its own `link`: eldest brother, then the young
    /// brothers in parallel.
    fn expand(&self, node: &T::Node, depth: usize, link: &Arc<Link>) -> Result<Value, Stopped> {
        let w = self.tree.num_children(node);
        if w == 0 {
            let mut s = Searcher::alone(self.tree, self.shared);
            let v = s.leaf(node, depth);
            self.count(s.leaves);
            return v;
        }
        if depth >= MAX_DEPTH {
            return Err(self
                .shared
                .fail(search_depthfirst::SearchError::TooDeep { depth: depth + 1 }.into()));
        }
        if link.closed() {
            return Ok(link.score());
        }
        let eldest = self.tree.child(node, 0);
        let t = -self.node(&eldest, depth + 1, link)?;
        link.raise(t);
        if w > 1 {
            self.brothers(node, depth, link, 1, w)?;
        }
        Ok(link.score())
    }

    /// Young brothers `lo..hi` of the split node `node`, in parallel.
    fn brothers(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        lo: usize,
        hi: usize,
    ) -> Result<(), Stopped> {
        if link.closed() {
            return Ok(());
        }
        if hi - lo == 1 {
            let c = self.tree.child(node, lo);
            let t = -self.node(&c, depth + 1, link)?;
            link.raise(t);
            return Ok(());
        }
        let mid = lo + (hi - lo) / 2;
        self.jobs.fetch_add(1, Relaxed);
        let (left, right) = rayon::join(
            || guarded(self.shared, || self.brothers(node, depth, link, lo, mid)),
            || guarded(self.shared, || self.brothers(node, depth, link, mid, hi)),
        );
        left.and(right)
    }
}

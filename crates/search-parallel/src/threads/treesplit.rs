//! Tree-splitting (Campbell 1981, p. 39, Fig. 10) with dynamic window
//! updates (Fig. 11), and pv-splitting (p. 46, Fig. 12) with the type-2
//! optimisation (p. 47), on a processor tree of threads.
//!
//! # The processor tree
//!
//! A processor tree of (depth D, width W) is a tree of processors: the
//! root processor runs on the calling thread; every master has W slaves;
//! the W^D processors at the bottom are leaf processors, which run
//! sequential alpha-beta (Fig. 4); the others are masters, which only
//! generate successors, hand them out and combine the answers (Campbell's
//! masters evaluate nothing; here a master evaluates a terminal position it
//! is given, as the simulator does). [`ThreadConfig::threads`] = K maps to
//! (1, K): one master, K searching slaves.
//!
//! # The default (1, K): the split-point engine
//!
//! The processor tree (1, K) — what [`ThreadConfig::new`] gives — runs on
//! the split-point engine (`engine.rs`): K threads (the calling
//! thread is slave 0) stay in the search from start to end. Tree-splitting
//! offers the root's successors from the start: each slave takes the next
//! one from the root's atomic counter when it is idle and searches it
//! alone; pv-splitting walks the leftmost path on the calling thread and
//! offers each pv node's other successors once its first is scored, the
//! other slaves waiting at each pv node until it is done. The slaves'
//! alpha-beta reads the master's window (Fig. 11) before every child of
//! the nodes above the small subtrees and searches each small subtree
//! (at most [`LOWER_LEAVES`](super::engine::LOWER_LEAVES) terminals in
//! full) without shared reads, so a node costs what it costs in sequential
//! alpha-beta. Pv nodes inside the small subtrees are not split (on trees
//! of unknown shape: pv nodes deeper than
//! [`ThreadConfig::split_plies`], default 6). What remains is the
//! algorithms' own cost — the speculative search of a successor before its
//! elder brothers have produced a bound, and idle slaves at the end of
//! each split — which the simulator predicts (`docs/PARALLEL.md`).
//! Everything below describes the general processor trees of depth ≥ 2,
//! which run on the code of this module.
//!
//! # Processors
//!
//! Processors are logical: the report counts terminals per processor in
//! preorder, whatever thread ran them. A master only waits while its
//! slaves search, so its thread runs its slave 0; slaves 1..W run as tasks
//! on a pool of W^D − 1 threads that is built once and kept between
//! searches (see the [module docs](super)). With one leaf processor
//! (K = 1, or a chain (D, 1)) there is no pool and the whole search runs on
//! the calling thread. A split whose successors are shorter than
//! [`MIN_SPLIT_HEIGHT`] plies (when [`Tree::bounds`] knows the depth) is
//! searched by slave 0 alone: waking a thread costs more.
//!
//! # Fig. 10, as run here
//!
//! A master at position p hands out p.1 … p.w in order: each slave, when
//! idle, takes the next successor (an atomic counter stands for the job
//! message, so a hand-off costs no wake-up) and searches it under the
//! master's *current* window negated; its answer t raises the master's α
//! (`if (t > α) α = t`, an atomic `fetch_max` on its [`Link`](super)). Once
//! α ≥ β no slave takes another successor — every running slave sees an
//! empty window within [`WINDOW_POLL`](super::WINDOW_POLL) nodes and returns, which is
//! `terminate()` — and when all slaves are back the master returns α. The
//! cutoff test is read as `α ≥ β` (the OCR shows `α > β`), as in Fig. 4.
//!
//! # Fig. 11, as run here
//!
//! Campbell's UPDATE interrupts every slave and rewrites its `alpha[]` and
//! `beta[]` arrays at every depth with alternating signs. Here a slave's
//! alpha-beta reads its master's α (and, through the chain of links, the
//! windows of the masters above) when it starts and then every
//! [`WINDOW_POLL`](super::WINDOW_POLL) child visits, and narrows its window with it before
//! every child, negated at odd distances: the same windows, applied
//! lazily. Masters of a deeper processor tree read the chain too, so an
//! improvement at the root reaches a leaf processor two levels down within
//! `WINDOW_POLL` nodes. No lock is taken in a search; the loads are `Relaxed`
//! (see the [module docs](super) for why the value stays exact).
//!
//! # Pv-splitting (Fig. 12)
//!
//! The root processor walks down the leftmost path (the presumed principal
//! variation, type-1 nodes) to depth MAXDEPTH = (length of the leftmost
//! path) − D, so that the processor tree is never deeper than the game tree
//! below it (p. 45: "the processor tree should not be deeper than the game
//! tree"), and tree-splits that node with the whole processor tree. Back at
//! each type-1 node on the way up, its first successor's score is α, and
//! its other successors (type-2 nodes) are tree-split among the slaves with
//! that bound, exactly as Fig. 10 with the loop started at i = 2. Fig. 12
//! prints `α = -pvsplit(p.1, …)`; with fail-hard values we take
//! `α = max(α, -pvsplit(p.1, …))`, as Fig. 4 does.
//!
//! # The type-2 optimisation (p. 47)
//!
//! "Instead of assigning the immediate successors of a (type 2) node to the
//! slaves, assign the successors' successors": with
//! [`ThreadConfig::type2`] (the default), a master that is given a type-2
//! node searches its successors (type 3) one at a time, itself, and splits
//! each one's successors (type 2 again) among its slaves, testing for the
//! type-2 node's cutoff after each. Node types follow the critical-node
//! numbering (p. 44): the pv path is type 1; a type-1 node's other
//! successors are type 2; successors of type 2 are type 3 and of type 3
//! type 2. Only masters below the root processor are ever given a type-2
//! node — the root processor splits type-1 nodes, whose successors are the
//! type-2 positions the thesis wants slaves to get — so the option changes
//! nothing on a (1, K) processor tree; it acts on processor trees of depth
//! ≥ 2 ([`ThreadConfig::processors`]).
//!
//! # Counting
//!
//! Every processor counts the terminals its own searches evaluate (a
//! `u64` in the search, added to its `AtomicU64` once per job), including
//! searches that were later terminated.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

use rayon::ThreadPool;
use tree_core::{MAX_DEPTH, Tree, Value};

use super::algorithm::ThreadAlgorithm;
use super::config::ThreadConfig;
use super::engine::SharedTree;
use super::engine::{self, Policy, Region};
use super::error::{ThreadError, check_threads};
use super::link::Link;
use super::pool;
use super::report::{ThreadCounts, ThreadReport, line_of};
use super::searcher::Searcher;
use super::shared::{Shared, Stopped, counters, guarded, totals};
use crate::ProcessorTree;
use crate::critical::Kind;

/// A split whose successors are subtrees of fewer plies than this (known
/// from [`Tree::bounds`]) is searched by the master's first slave alone, on
/// the master's thread: waking another thread costs more than such a
/// subtree (e.g. pv-splitting's last split, whose successors are
/// terminals).
pub const MIN_SPLIT_HEIGHT: usize = 2;

/// A processor of the processor tree: its number in preorder (0 the root
/// processor; slave `j` of master `m`, whose slaves head processor subtrees
/// of `s` processors, is `m + 1 + j*s`) and the levels of slaves below it
/// (0: a leaf processor).
#[derive(Debug, Clone, Copy)]
struct Processor {
    id: usize,
    levels: usize,
}

/// One split (a `parfor` of Figs. 10 and 12): the node whose successors
/// the slaves take in order, and the next one to take.
struct Split<'s, N> {
    node: &'s N,
    depth: usize,
    link: &'s Arc<Link>,
    kind: Kind,
    /// Successors of `node`.
    width: usize,
    /// The next successor to hand out.
    next: AtomicUsize,
}

struct Ctx<'a, T: ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    counters: &'a [AtomicU64],
    /// Interior expansions, all processors together (the masters count
    /// theirs at each node, a leaf processor once per search).
    interior: AtomicU64,
    width: usize,
    /// `sizes[l]` = processors in a processor subtree with l levels of slaves.
    sizes: Vec<usize>,
    type2: bool,
    jobs: AtomicU64,
    /// The threads of slaves 1.. of every master (slave 0 runs on its
    /// master's thread); `None` with one leaf processor, when the whole
    /// search is sequential on the calling thread.
    pool: Option<Arc<ThreadPool>>,
    /// The tree's depth, if it says ([`MIN_SPLIT_HEIGHT`]).
    tree_depth: Option<usize>,
}

/// Tree-splitting (`pv = false`) or pv-splitting (`pv = true`).
pub(super) fn run<T: SharedTree + ?Sized>(
    tree: &T,
    cfg: &ThreadConfig,
    pv: bool,
    counts: &mut ThreadCounts,
) -> Result<ThreadReport, ThreadError> {
    let processors = cfg.processors.unwrap_or(ProcessorTree {
        depth: 1,
        width: cfg.threads,
    });
    if processors.depth > 0 && processors.width == 0 {
        return Err(ThreadError::ZeroThreads);
    }
    let count = processors.processors().ok_or(ThreadError::TooManyThreads {
        requested: u64::MAX,
    })?;
    check_threads(count)?;
    let algorithm = if pv {
        ThreadAlgorithm::PvSplit
    } else {
        ThreadAlgorithm::TreeSplit
    };
    if processors.depth <= 1 {
        // (0, W) and (1, W): the split-point engine (plain alpha-beta on
        // the calling thread with one leaf processor).
        let threads = if processors.depth == 0 {
            1
        } else {
            processors.width
        };
        let (policy, region) = if threads == 1 {
            (Policy::TreeSplit, Region::SEQUENTIAL)
        } else if pv {
            (Policy::PvSplit, Region::new(tree.bounds(), cfg.split_plies))
        } else {
            (
                Policy::TreeSplit,
                Region::new(tree.bounds(), cfg.split_plies),
            )
        };
        let o = engine::run(
            tree,
            policy,
            threads,
            region,
            cfg.window,
            &cfg.limits,
            counts,
        )?;
        // Processors in preorder: the master (which evaluates nothing
        // here), then slave j on thread j.
        let per_thread = if processors.depth == 0 {
            o.leaves
        } else {
            std::iter::once(0).chain(o.leaves).collect()
        };
        return Ok(ThreadReport {
            algorithm,
            value: cfg.window.clamp(o.value),
            best: o.best,
            pv: o.pv,
            leaves: per_thread.iter().sum(),
            interior: o.interior,
            per_thread,
            jobs: o.jobs,
            activity: if threads == 1 { Vec::new() } else { o.activity },
        });
    }
    let mut sizes = vec![1usize];
    let mut leaf_processors = 1usize;
    for l in 1..=processors.depth {
        sizes.push(1 + processors.width * sizes[l - 1]);
        leaf_processors *= processors.width;
    }
    let pool = if leaf_processors > 1 {
        Some(pool::pool(leaf_processors - 1)?)
    } else {
        None
    };
    let shared = Shared::new(&cfg.limits);
    let counters = counters(count as usize);
    let ctx = Ctx {
        tree,
        shared: &shared,
        counters: &counters,
        interior: AtomicU64::new(0),
        width: processors.width,
        sizes,
        type2: cfg.type2,
        jobs: AtomicU64::new(0),
        pool,
        tree_depth: tree.bounds().map(|b| b.depth),
    };
    let root_link = Link::root(cfg.window);
    let root_processor = Processor {
        id: 0,
        levels: processors.depth,
    };
    let result = guarded(&shared, || {
        let root = tree.root();
        if pv {
            let plies = ctx.leftmost_path(&root).saturating_sub(processors.depth);
            ctx.pvsplit(&root, 0, &root_link, plies, root_processor)
        } else {
            ctx.master(&root, 0, &root_link, Kind::Unknown, root_processor)
        }
    });
    *counts = ThreadCounts {
        leaves: counters.iter().map(|c| c.load(Relaxed)).sum(),
        interior: ctx.interior.load(Relaxed),
    };
    let value = shared.finish(result, counts.leaves)?;
    let best = shared.best();
    Ok(ThreadReport {
        algorithm,
        value: cfg.window.clamp(value),
        best,
        pv: line_of(best),
        leaves: counts.leaves,
        interior: counts.interior,
        per_thread: totals(&counters),
        jobs: ctx.jobs.load(Relaxed),
        activity: Vec::new(),
    })
}

impl<T> Ctx<'_, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    /// The number of plies from `node` down its first successors to a
    /// terminal (move generation only, no evaluation), capped at
    /// MAX_DEPTH; the interior nodes on the way count as expansions.
    fn leftmost_path(&self, node: &T::Node) -> usize {
        let mut n = node.clone();
        let mut plies = 0;
        while plies < MAX_DEPTH && self.width_of(&n) > 0 {
            n = self.tree.child(&n, 0);
            plies += 1;
        }
        plies
    }

    /// The number of children of `node`, an interior expansion if any.
    fn width_of(&self, node: &T::Node) -> usize {
        let w = self.tree.num_children(node);
        if w > 0 {
            self.interior.fetch_add(1, Relaxed);
        }
        w
    }

    fn count(&self, processor: usize, leaves: u64) {
        if leaves > 0 {
            self.counters[processor].fetch_add(leaves, Relaxed);
        }
    }

    /// Fig. 10 at a master on processor `me`: the value of `node`
    /// (absolute `depth`, type `kind`) from its side to move, under
    /// `link`'s window.
    fn master(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        kind: Kind,
        me: Processor,
    ) -> Result<Value, Stopped> {
        let w = self.width_of(node);
        if w == 0 {
            let mut searcher = Searcher::alone(self.tree, self.shared);
            let v = searcher.leaf(node, depth);
            self.count(me.id, searcher.leaves);
            return v;
        }
        self.check_depth(depth)?;
        if kind == Kind::Type2 && self.type2 {
            // p. 47: walk the type-3 successors here, split their successors.
            for i in 0..w {
                if link.closed() {
                    break;
                }
                let c = self.tree.child(node, i);
                let clink = Link::child(link);
                let t = -self.master(&c, depth + 1, &clink, Kind::Type3, me)?;
                link.raise(t);
            }
            return Ok(link.score());
        }
        self.split(node, depth, link, 0, kind, me)
    }

    /// The `parfor` of Figs. 10 and 12 at master `me`: successors
    /// `first..w` of `node` go to the slaves in order under `link`'s
    /// current window. Each slave takes the next successor when it is idle
    /// (a shared counter replaces the job and reply messages); slave 0 runs
    /// on the master's own thread, which would otherwise only wait.
    fn split(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        first: usize,
        kind: Kind,
        me: Processor,
    ) -> Result<Value, Stopped> {
        let split = Split {
            node,
            depth,
            link,
            kind,
            width: self.width_of(node),
            next: AtomicUsize::new(first),
        };
        let stride = self.sizes[me.levels - 1];
        let slave = |j: usize| {
            let processor = Processor {
                id: me.id + 1 + j * stride,
                levels: me.levels - 1,
            };
            // A failure is recorded in `shared` (which stops the others).
            let _ = guarded(self.shared, || self.slave(&split, processor));
        };
        match &self.pool {
            Some(pool) if self.width > 1 && self.worth_splitting(depth) => {
                pool.in_place_scope(|s| {
                    let slave = &slave;
                    for j in 1..self.width {
                        s.spawn(move |_| slave(j));
                    }
                    slave(0);
                });
            }
            _ => slave(0),
        }
        if self.shared.stopped() {
            return Err(Stopped);
        }
        Ok(link.score())
    }

    /// Whether the successors of a node at `depth` are worth other
    /// threads ([`MIN_SPLIT_HEIGHT`]); trees of unknown depth always are.
    fn worth_splitting(&self, depth: usize) -> bool {
        self.tree_depth
            .is_none_or(|d| d.saturating_sub(depth + 1) >= MIN_SPLIT_HEIGHT)
    }

    /// Slave processor `me` in a split: takes the next successor while there is one and the master's
    /// window is open (α < β; a closed window is `terminate()`), searches
    /// it, and raises the master's α with the answer (Fig. 10's `if (t >
    /// α) α = t`).
    fn slave(&self, split: &Split<'_, T::Node>, me: Processor) -> Result<(), Stopped> {
        let mut jobs = 0;
        let r = loop {
            if self.shared.stopped() {
                break Err(Stopped);
            }
            if split.link.closed() {
                break Ok(());
            }
            let i = split.next.fetch_add(1, Relaxed);
            if i >= split.width {
                break Ok(());
            }
            jobs += 1;
            let child = self.tree.child(split.node, i);
            let v = if me.levels == 0 {
                self.leaf_processor(&child, split.depth + 1, split.link, me.id)
            } else {
                let clink = Link::child(split.link);
                self.master(&child, split.depth + 1, &clink, split.kind.child(i), me)
            };
            match v {
                Ok(v) => {
                    if split.link.raise(-v) && split.depth == 0 {
                        self.shared.note_root(-v, i);
                    }
                }
                Err(e) => break Err(e),
            }
        };
        self.jobs.fetch_add(jobs, Relaxed);
        r
    }

    /// A leaf processor's job: alpha-beta (Fig. 4) at `node` under the
    /// window of its master's `link`, negated (Fig. 11).
    fn leaf_processor(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Link,
        id: usize,
    ) -> Result<Value, Stopped> {
        let mut searcher;
        let (a, b) = if self.pool.is_none() {
            // Sequential: nothing else can move the window during the job.
            searcher = Searcher::alone(self.tree, self.shared);
            link.window_at(1)
        } else {
            searcher = Searcher::new(self.tree, self.shared, link);
            (Value::NEG_INF, Value::INF)
        };
        let v = searcher.ab(node, depth, 1, a, b);
        self.count(id, searcher.leaves);
        self.interior.fetch_add(searcher.interior, Relaxed);
        v
    }

    /// Fig. 12 on the root processor: `plies` more type-1 levels before the
    /// pv node is tree-split.
    fn pvsplit(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        plies: usize,
        me: Processor,
    ) -> Result<Value, Stopped> {
        if plies == 0 {
            return self.master(node, depth, link, Kind::Type1, me);
        }
        let w = self.width_of(node);
        if w == 0 {
            return self.master(node, depth, link, Kind::Type1, me);
        }
        self.check_depth(depth)?;
        let first = self.tree.child(node, 0);
        let clink = Link::child(link);
        let t = -self.pvsplit(&first, depth + 1, &clink, plies - 1, me)?;
        if link.raise(t) && depth == 0 {
            self.shared.note_root(t, 0);
        }
        if link.closed() {
            return Ok(link.score());
        }
        self.split(node, depth, link, 1, Kind::Type1, me)
    }

    fn check_depth(&self, depth: usize) -> Result<(), Stopped> {
        if depth >= MAX_DEPTH {
            Err(self
                .shared
                .fail(search_depthfirst::SearchError::TooDeep { depth: depth + 1 }.into()))
        } else {
            Ok(())
        }
    }
}

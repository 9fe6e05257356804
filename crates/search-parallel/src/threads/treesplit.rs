//! Tree-splitting (Campbell 1981, p. 39, Fig. 10) with dynamic window
//! updates (Fig. 11), and pv-splitting (p. 46, Fig. 12) with the type-2
//! optimisation (p. 47), on a processor tree of threads.
//!
//! # The processor tree
//!
//! A processor tree of (depth D, width W) is a tree of threads: the root
//! processor is the calling thread; every master has W slave threads; the
//! W^D processors at the bottom are leaf processors, which run sequential
//! alpha-beta (Fig. 4); the others are masters, which only generate
//! successors, hand them out and combine the answers (Campbell's masters
//! evaluate nothing; here a master evaluates a terminal position it is
//! given, as the simulator does). [`ThreadConfig::threads`] = K maps to
//! (1, K): one master, K searching threads. Each slave is a thread with
//! its own job channel that lives for the whole search; a master of a
//! deeper tree runs its own slaves in a nested `std::thread::scope`, so the
//! thread tree is the processor tree. Replies (slave number, value) go back
//! over one channel per master.
//!
//! # Fig. 10, as run here
//!
//! A master at position p generates p.1 … p.w and hands them out in order,
//! each to the lowest-numbered idle slave, which searches it under the
//! master's *current* window negated; when a reply t arrives the master
//! raises α to t (`if (t > α) α = t`, an atomic `fetch_max` on its
//! [`Link`](super)) and, if then α ≥ β, stops handing out work — every
//! running slave sees an empty window at its next node and returns, which
//! is `terminate()` — waits for the running slaves to reply, and returns α.
//! Otherwise the idle slave gets the next successor. The cutoff test is
//! read as `α ≥ β` (the OCR shows `α > β`), as in Fig. 4.
//!
//! # Fig. 11, as run here
//!
//! Campbell's UPDATE interrupts every slave and rewrites its `alpha[]` and
//! `beta[]` arrays at every depth with alternating signs. Here a slave's
//! alpha-beta reads its master's α (and, through the chain of links, the
//! windows of the masters above) before every child at every node, and
//! narrows its window with it, negated at odd distances: the same windows,
//! applied lazily. Masters of a deeper processor tree read the chain too,
//! so an improvement at the root reaches a leaf processor two levels down
//! at its next node. No lock is taken in a search; the loads are `Relaxed`
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
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::{self, Scope};

use tree_core::{MAX_DEPTH, Tree, Value};

use super::{
    Link, Searcher, Shared, Stopped, ThreadConfig, ThreadError, ThreadReport, check_threads,
    counters, guarded, totals,
};
use crate::ProcessorTree;
use crate::threads::ThreadAlgorithm;

/// The critical-node type of a position (p. 44), where known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Plain tree-splitting: types are not tracked.
    Unknown,
    /// On the leftmost path.
    Type1,
    /// An alternative to the pv (a cutoff after one successor if ordered).
    Type2,
    /// A successor of a type-2 node (searched full width if ordered).
    Type3,
}

impl Kind {
    /// The type of successor `i` of a node of this type.
    fn child(self, i: usize) -> Kind {
        match self {
            Kind::Unknown => Kind::Unknown,
            Kind::Type1 if i == 0 => Kind::Type1,
            Kind::Type1 | Kind::Type3 => Kind::Type2,
            Kind::Type2 => Kind::Type3,
        }
    }
}

/// A subtree search handed to a slave.
struct Job<N> {
    node: N,
    depth: usize,
    kind: Kind,
    /// The master's link: the job's window is its negation.
    master: Arc<Link>,
}

/// A slave's answer: (slave number, value from the job's side to move).
type Reply = (usize, Result<Value, Stopped>);

/// A master's slaves: their job channels, the reply channel, who is busy.
struct Slaves<N> {
    inboxes: Vec<Sender<Job<N>>>,
    replies: Receiver<Reply>,
    busy: Vec<bool>,
}

struct Ctx<'a, T: ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    counters: &'a [AtomicU64],
    width: usize,
    /// sizes[l] = processors in a processor subtree with l levels of slaves.
    sizes: Vec<usize>,
    type2: bool,
    jobs: AtomicU64,
}

/// Tree-splitting (`pv = false`) or pv-splitting (`pv = true`).
pub(super) fn run<T>(tree: &T, cfg: &ThreadConfig, pv: bool) -> Result<ThreadReport, ThreadError>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
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
    let mut sizes = vec![1usize];
    for l in 1..=processors.depth {
        sizes.push(1 + processors.width * sizes[l - 1]);
    }
    let shared = Shared::default();
    let counters = counters(count as usize);
    let ctx = Ctx {
        tree,
        shared: &shared,
        counters: &counters,
        width: processors.width,
        sizes,
        type2: cfg.type2,
        jobs: AtomicU64::new(0),
    };
    let root_link = Link::root(cfg.window);
    let result = thread::scope(|s| {
        guarded(&shared, || {
            let root = tree.root();
            if processors.depth == 0 {
                // One processor: Fig. 4 on the calling thread.
                let mut searcher = Searcher::new(tree, &shared);
                let v = searcher.ab(
                    &root,
                    0,
                    &root_link,
                    0,
                    cfg.window.alpha(),
                    cfg.window.beta(),
                );
                ctx.count(0, searcher.leaves);
                return v;
            }
            let mut slaves = ctx.spawn_slaves(s, 0, processors.depth)?;
            if pv {
                let plies = leftmost_path(tree, &root).saturating_sub(processors.depth);
                ctx.pvsplit(&root, 0, &root_link, plies, &mut slaves, 0)
            } else {
                ctx.master(&root, 0, &root_link, Kind::Unknown, &mut slaves, 0)
            }
        })
    });
    let value = shared.finish(result)?;
    Ok(ThreadReport {
        algorithm: if pv {
            ThreadAlgorithm::PvSplit
        } else {
            ThreadAlgorithm::TreeSplit
        },
        value: cfg.window.clamp(value),
        leaves: counters.iter().map(|c| c.load(Relaxed)).sum(),
        per_thread: totals(&counters),
        jobs: ctx.jobs.load(Relaxed),
    })
}

/// The number of plies from `node` down its first successors to a
/// terminal (move generation only, no evaluation), capped at MAX_DEPTH.
fn leftmost_path<T: Tree + ?Sized>(tree: &T, node: &T::Node) -> usize {
    let mut n = node.clone();
    let mut plies = 0;
    while plies < MAX_DEPTH && tree.num_children(&n) > 0 {
        n = tree.child(&n, 0);
        plies += 1;
    }
    plies
}

impl<T> Ctx<'_, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    fn count(&self, processor: usize, leaves: u64) {
        self.counters[processor].fetch_add(leaves, Relaxed);
    }

    /// Starts the `width` slaves of processor `me`, which heads a processor
    /// subtree with `levels` levels of slaves, inside scope `s`.
    fn spawn_slaves<'scope, 'env>(
        &'env self,
        s: &'scope Scope<'scope, 'env>,
        me: usize,
        levels: usize,
    ) -> Result<Slaves<T::Node>, Stopped> {
        let (reply_tx, replies) = channel();
        let mut inboxes = Vec::with_capacity(self.width);
        for j in 0..self.width {
            let (job_tx, job_rx) = channel();
            let id = me + 1 + j * self.sizes[levels - 1];
            let out = reply_tx.clone();
            thread::Builder::new()
                .name(format!("treesplit-{id}"))
                .spawn_scoped(s, move || self.processor(id, levels - 1, j, job_rx, out))
                .map_err(|e| {
                    self.shared.fail(ThreadError::Spawn {
                        message: e.to_string(),
                    })
                })?;
            inboxes.push(job_tx);
        }
        Ok(Slaves {
            inboxes,
            replies,
            busy: vec![false; self.width],
        })
    }

    /// The life of processor `id` (slave number `slot` of its master), with
    /// `levels` levels of slaves below it: answer jobs until the master
    /// hangs up.
    fn processor(
        &self,
        id: usize,
        levels: usize,
        slot: usize,
        inbox: Receiver<Job<T::Node>>,
        outbox: Sender<Reply>,
    ) {
        if levels == 0 {
            while let Ok(job) = inbox.recv() {
                let mut searcher = Searcher::new(self.tree, self.shared);
                let r = guarded(self.shared, || {
                    searcher.ab(
                        &job.node,
                        job.depth,
                        &job.master,
                        1,
                        Value::NEG_INF,
                        Value::INF,
                    )
                });
                self.count(id, searcher.leaves);
                if outbox.send((slot, r)).is_err() {
                    return;
                }
            }
            return;
        }
        thread::scope(|s| {
            let mut slaves = match self.spawn_slaves(s, id, levels) {
                Ok(slaves) => slaves,
                Err(stopped) => {
                    // Answer every job with the failure until hung up.
                    while inbox.recv().is_ok() {
                        if outbox.send((slot, Err(stopped))).is_err() {
                            return;
                        }
                    }
                    return;
                }
            };
            while let Ok(job) = inbox.recv() {
                let r = guarded(self.shared, || {
                    let link = Link::child(&job.master);
                    self.master(&job.node, job.depth, &link, job.kind, &mut slaves, id)
                });
                if outbox.send((slot, r)).is_err() {
                    return;
                }
            }
        });
    }

    /// Fig. 10 at a master on processor `me`: the value of `node` (absolute
    /// `depth`, type `kind`) from its side to move, under `link`'s window.
    fn master(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        kind: Kind,
        slaves: &mut Slaves<T::Node>,
        me: usize,
    ) -> Result<Value, Stopped> {
        let w = self.tree.num_children(node);
        if w == 0 {
            let mut searcher = Searcher::new(self.tree, self.shared);
            let v = searcher.leaf(node, depth);
            self.count(me, searcher.leaves);
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
                let t = -self.master(&c, depth + 1, &clink, Kind::Type3, slaves, me)?;
                link.raise(t);
            }
            return Ok(link.score());
        }
        self.split(node, depth, link, 0, kind, slaves)
    }

    /// The `parfor` of Figs. 10 and 12: hands successors `first..w` of
    /// `node` to the slaves under `link`'s current window.
    fn split(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        first: usize,
        kind: Kind,
        slaves: &mut Slaves<T::Node>,
    ) -> Result<Value, Stopped> {
        let w = self.tree.num_children(node);
        let mut next = first;
        let mut running = 0usize;
        let mut failed = false;
        loop {
            // Hand out work while slaves are idle and no cutoff has occurred.
            while !failed && next < w && !link.closed() {
                let Some(j) = slaves.busy.iter().position(|b| !b) else {
                    break;
                };
                let child = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    self.tree.child(node, next)
                })) {
                    Ok(c) => c,
                    Err(p) => {
                        // Record it, and let the running slaves stop first.
                        self.shared.fail(ThreadError::WorkerPanicked {
                            message: super::panic_message(p.as_ref()),
                        });
                        failed = true;
                        break;
                    }
                };
                let job = Job {
                    node: child,
                    depth: depth + 1,
                    kind: kind.child(next),
                    master: Arc::clone(link),
                };
                if slaves.inboxes[j].send(job).is_err() {
                    failed = true;
                    break;
                }
                self.jobs.fetch_add(1, Relaxed);
                slaves.busy[j] = true;
                running += 1;
                next += 1;
            }
            if running == 0 {
                break;
            }
            let Ok((j, r)) = slaves.replies.recv() else {
                // Every slave is gone: only possible after a failure.
                failed = true;
                break;
            };
            slaves.busy[j] = false;
            running -= 1;
            match r {
                Ok(v) if !failed => link.raise(-v),
                Ok(_) => {}
                Err(Stopped) => failed = true,
            }
            failed |= self.shared.stopped();
        }
        if failed {
            return Err(Stopped);
        }
        Ok(link.score())
    }

    /// Fig. 12 on the root processor: `plies` more type-1 levels before the
    /// pv node is tree-split.
    fn pvsplit(
        &self,
        node: &T::Node,
        depth: usize,
        link: &Arc<Link>,
        plies: usize,
        slaves: &mut Slaves<T::Node>,
        me: usize,
    ) -> Result<Value, Stopped> {
        if plies == 0 {
            return self.master(node, depth, link, Kind::Type1, slaves, me);
        }
        let w = self.tree.num_children(node);
        if w == 0 {
            return self.master(node, depth, link, Kind::Type1, slaves, me);
        }
        self.check_depth(depth)?;
        let first = self.tree.child(node, 0);
        let clink = Link::child(link);
        let t = -self.pvsplit(&first, depth + 1, &clink, plies - 1, slaves, me)?;
        link.raise(t);
        if link.closed() {
            return Ok(link.score());
        }
        self.split(node, depth, link, 1, Kind::Type1, slaves)
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

//! The split-point engine behind YBWC, and tree-splitting and pv-splitting
//! on the processor tree (1, K): K threads (the calling thread and K − 1
//! pool threads) that stay in the search from start to end and hand work
//! to each other only when one of them is idle.
//!
//! # Frames, the lower region, and what a node costs
//!
//! The game tree is cut in two by height. A node whose full subtree is
//! small — when [`Tree::bounds`] knows the shape (b, d), at most
//! [`LOWER_LEAVES`] terminals, b^h ≤ `LOWER_LEAVES` for its height h — is
//! searched by plain fail-hard alpha-beta (Campbell 1981, Fig. 4) that
//! reads nothing shared and counts its terminals in a local integer: it
//! costs what `search_depthfirst::alphabeta` costs (measured with
//! `callgrind`: slightly fewer instructions). Every node above is a
//! *frame*: a small shared record (its node, an atomic index of the next
//! child to search, the number of helping threads, and a `Link` holding
//! its best score m as an `AtomicI32`). A frame reads its window from the
//! chain of links above it before every child (Fig. 11's window update,
//! applied where it pays: one read per lower subtree of hundreds of
//! terminals, not one per node), and takes its children with a `fetch_add`
//! on its index, so that another thread can take them too. Frames are few:
//! on a (8, 9) tree the lower subtrees are (8, 5) trees and the frames are
//! the nodes of the top 4 plies; on a (24, 5) tree the top 2. Their
//! allocations, atomics and chain reads take 3–4% of the time (`perf`).
//!
//! Trees that do not report their shape have no plain region: frames down
//! to [`ThreadConfig::split_plies`](super::ThreadConfig::split_plies)
//! (default 6) plies, and below them the polled alpha-beta of the parent
//! module (`Searcher`: the link chain read every
//! [`WINDOW_POLL`](super::WINDOW_POLL) nodes), since nothing bounds the size
//! of a subtree there.
//!
//! # Handing out work
//!
//! A thread with nothing to do announces itself idle (one word per thread:
//! busy, idle, idle while waiting for the helpers of one of its own frames,
//! or booked) and spins. A searching thread looks at the count of idle
//! threads (one relaxed load) before every child of every frame, and when
//! it is not zero *offers* work: to each idle thread, the shallowest frame
//! of its own stack that the algorithm lets it offer and that has children
//! left. It books the thread (a compare-and-swap of its word), counts it in
//! the frame's helpers and sends it the frame over a channel. The booked
//! thread takes the frame's children by the same `fetch_add` as the
//! frame's owner, searches each under the frame's current window (negated),
//! raises the frame's m with the answer, and leaves when the children run
//! out or the window closes. The owner, out of children, waits until its
//! helpers have left — and meanwhile may be booked itself, for frames below
//! the one it waits for (Feldmann's "helpful master") — and then its m is
//! the frame's value. So work changes hands only when a thread ran out of
//! it: a few to a few tens of times per search, about a microsecond each
//! (`ThreadActivity`), not at every node; no lock is taken (atomics, and a
//! lock-free channel per thread).
//!
//! Only a frame's owner offers it. That makes the owner's final read of its
//! helper count see every helper it booked (program order), so it never
//! returns while a helper's answer is outstanding.
//!
//! # The three algorithms
//!
//! They differ only in which frames may be offered:
//!
//! * **Tree-splitting** (Fig. 10 on (1, K)): the root, from the start. The
//!   threads take the root's successors in order, each under the root's
//!   current window, and search them alone (no further splitting). The
//!   calling thread is slave 0; the master's bookkeeping is the atomics.
//! * **Pv-splitting** (Fig. 12 on (1, K)): the frames on the leftmost path
//!   (type-1 nodes), each once its first successor has been searched (by
//!   the calling thread, down the same path). The other threads wait at
//!   each pv node until it is done: that barrier is pv-splitting's.
//! * **YBWC** (Feldmann et al. 1989): any frame once its eldest brother
//!   has been searched — an expected cut node (type 2) once
//!   [`CUT_NODE_WAIT`] successors have failed to refute it; the
//!   shallowest such frame of the offering thread's stack, so a hand-off
//!   carries the most work.
//!
//! # Exactness
//!
//! The argument of the [parent module](super) holds unchanged: frames are
//! nodes with links; a frame's result is its link's score, read after every
//! helper has left (a helper's `fetch_sub` of the helper count is a
//! release, the owner's load an acquire, so the helpers' raises are seen);
//! a lower subtree is searched with a window read from the chain when it
//! starts, which contains any later one.

use std::sync::Arc;
use std::sync::atomic::{
    AtomicBool, AtomicU64, AtomicUsize,
    Ordering::{AcqRel, Acquire, Relaxed, Release},
};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use search_depthfirst::SearchError;
use tree_core::{Bounds, Dewey, Limits, MAX_DEPTH, Tree, Value};

use super::error::ThreadError;
use super::link::Link;
use super::pool;
use super::report::{ThreadActivity, ThreadCounts, line_of};
use super::searcher::Searcher;
use super::shared::{Quota, Shared, Stopped, guarded};
use crate::critical::Kind;

/// A tree the threads may share: `Sync`, with nodes that cross threads.
pub(crate) trait SharedTree: Tree<Node: Send + Sync> + Sync {}

impl<T: Tree<Node: Send + Sync> + Sync + ?Sized> SharedTree for T {}

/// The largest full subtree (terminals: b^h for height h in a (b, d) tree)
/// searched by plain alpha-beta, without reading shared state. Window
/// updates, cutoffs above and stops reach a search within one such
/// subtree (alpha-beta visits far fewer than b^h terminals of it: a few
/// hundred to a few thousand); frames above it cost a shared read per
/// child.
pub const LOWER_LEAVES: u64 = 1 << 16;

/// YBWC offers a frame of type 2 (an expected cutoff node) only after this
/// many of its successors have been searched without a cutoff (its type
/// is then more likely 3); frames of types 1 and 3 after one, the eldest
/// brother. With 1 here, as Feldmann et al. wait, the search overhead of
/// YBWC on 2 threads was 1.10–1.14 on strongly ordered (8, 12) trees; with
/// 3, 1.06–1.07 (1.07 → 1.06 on random (8, 9) trees). (Waiting for two
/// successors at type-1 nodes too brought strongly ordered trees to
/// 1.02, but Othello from 1.05 to 1.06–1.07 and its speed-up down by up
/// to 0.05: kept at one.)
pub const CUT_NODE_WAIT: usize = 3;

/// Frame depth for trees that do not report their shape.
const UNKNOWN_SPLIT_PLIES: usize = 6;

/// Which frames a search may offer to idle threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Policy {
    /// The root only, from the start (Fig. 10 on (1, K)).
    TreeSplit,
    /// Pv nodes, after their first successor (Fig. 12 on (1, K)).
    PvSplit,
    /// Any frame after its eldest brother.
    Ybwc,
}

/// Where frames end and how the subtrees below them are searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    /// Nodes shallower than this are frames.
    pub(crate) split_depth: usize,
    /// Nodes at least this deep (and not frames) are searched by plain
    /// alpha-beta; between the two, by the polled [`Searcher`].
    pub(crate) plain_depth: usize,
}

impl Region {
    /// No frames: plain alpha-beta from the root (one thread).
    pub(crate) const SEQUENTIAL: Region = Region {
        split_depth: 0,
        plain_depth: 0,
    };

    /// The region for a tree of shape `bounds` (if known): frames above
    /// the subtrees of at most [`LOWER_LEAVES`] terminals, or down to
    /// `split_plies` if given.
    pub(crate) fn new(bounds: Option<Bounds>, split_plies: Option<usize>) -> Region {
        match bounds {
            Some(b) => {
                let plain_depth = b.depth - lower_height(b.branching, b.depth, LOWER_LEAVES);
                Region {
                    split_depth: split_plies.unwrap_or(plain_depth),
                    plain_depth,
                }
            }
            None => Region {
                split_depth: split_plies.unwrap_or(UNKNOWN_SPLIT_PLIES),
                plain_depth: usize::MAX,
            },
        }
    }
}

/// The largest h ≤ d with b^h ≤ [`LOWER_LEAVES`].
fn lower_height(b: usize, d: usize, limit: u64) -> usize {
    let mut h = 0;
    let mut leaves: u64 = 1;
    while h < d {
        match leaves.checked_mul(b as u64) {
            Some(n) if n <= limit => {
                leaves = n;
                h += 1;
            }
            _ => break,
        }
    }
    h
}

/// A node above the lower region: shared with the threads that help it.
struct Frame<N> {
    /// Unique within the search (never 0), for the helpful-master rule.
    id: u64,
    /// The frame's best score and window chain.
    link: Arc<Link>,
    /// The frame one ply up.
    parent: Option<Arc<Frame<N>>>,
    node: N,
    depth: usize,
    width: usize,
    kind: Kind,
    /// The next child to search.
    next: AtomicUsize,
    /// Whether the policy lets the owner offer the frame now (the eldest
    /// brother is done, or at once for the tree-splitting root). Written
    /// and read by the owner only.
    open: AtomicBool,
    /// Threads booked to help (joined and not yet left).
    helpers: AtomicUsize,
}

impl<N> Frame<N> {
    /// Whether this frame is `id` or below it.
    fn within(&self, id: u64) -> bool {
        let mut f = Some(self);
        while let Some(x) = f {
            if x.id == id {
                return true;
            }
            f = x.parent.as_deref();
        }
        false
    }
}

/// A hand-off: the frame to help and when it was sent.
struct Mail<N> {
    frame: Arc<Frame<N>>,
    sent: Instant,
}

/// A thread's word: what it is doing, read by the others.
const BUSY: u64 = 0;
/// Booked: a frame is on its way over the thread's channel.
const BOOKED: u64 = 1;
/// Idle, helping anywhere.
const IDLE: u64 = 2;

/// Idle while waiting for the helpers of frame `id`: only frames below it.
fn waiting_on(id: u64) -> u64 {
    (id << 2) | 3
}

fn is_idle(word: u64) -> bool {
    word >= IDLE
}

/// The frame a word restricts offers to (0: none).
fn restriction(word: u64) -> u64 {
    if word & 3 == 3 { word >> 2 } else { 0 }
}

/// A value padded to its own cache line (the words threads spin on).
#[derive(Debug, Default)]
#[repr(align(128))]
struct Padded<T>(T);

/// A thread's [`ThreadActivity`], written once at its end.
#[derive(Debug, Default)]
struct Tally {
    idle_ns: AtomicU64,
    waits: AtomicU64,
    splits: AtomicU64,
    joins: AtomicU64,
    handoff_ns: AtomicU64,
}

impl Tally {
    fn set(&self, a: &ThreadActivity) {
        let ns = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.idle_ns.store(ns(a.idle), Relaxed);
        self.waits.store(a.waits, Relaxed);
        self.splits.store(a.splits, Relaxed);
        self.joins.store(a.joins, Relaxed);
        self.handoff_ns.store(ns(a.handoff), Relaxed);
    }

    fn get(&self) -> ThreadActivity {
        ThreadActivity {
            idle: Duration::from_nanos(self.idle_ns.load(Relaxed)),
            waits: self.waits.load(Relaxed),
            splits: self.splits.load(Relaxed),
            joins: self.joins.load(Relaxed),
            handoff: Duration::from_nanos(self.handoff_ns.load(Relaxed)),
        }
    }
}

/// What every thread of one search shares.
pub(crate) struct Team<'a, T: Tree + ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    policy: Policy,
    region: Region,
    threads: usize,
    words: Vec<Padded<AtomicU64>>,
    idle: Padded<AtomicUsize>,
    done: AtomicBool,
    mail: Vec<Sender<Mail<T::Node>>>,
    /// Terminal evaluations per thread.
    leaves: Vec<AtomicU64>,
    /// Interior expansions per thread.
    interior: Vec<AtomicU64>,
    /// Children taken from other threads' frames.
    jobs: AtomicU64,
    activity: Vec<Tally>,
    /// The search has no limits.
    limits_none: bool,
}

/// What a search by the engine did.
pub(crate) struct Outcome {
    pub(crate) value: Value,
    pub(crate) best: Option<usize>,
    pub(crate) pv: Dewey,
    pub(crate) leaves: Vec<u64>,
    pub(crate) interior: u64,
    pub(crate) jobs: u64,
    pub(crate) activity: Vec<ThreadActivity>,
}

/// Runs `policy` on `threads` threads (≥ 1) from the root with `window`
/// under `limits`; `counts` gets the leaves and interior expansions of
/// every thread, whether the search finishes or not.
///
/// Without frames (one thread, or a tree too small to split) the search is
/// alpha-beta on the calling thread alone: Fig. 4, with the root's loop
/// written out to record its best move.
pub(crate) fn run<T: SharedTree + ?Sized>(
    tree: &T,
    policy: Policy,
    threads: usize,
    region: Region,
    window: search_depthfirst::Window,
    limits: &Limits,
    counts: &mut ThreadCounts,
) -> Result<Outcome, ThreadError> {
    let root_link = &Link::root(window);
    let shared = Shared::new(limits);
    let (senders, mut receivers): (Vec<_>, Vec<_>) = (0..threads).map(|_| channel()).unzip();
    let team = Team {
        tree,
        shared: &shared,
        policy,
        region,
        threads,
        words: (0..threads).map(|_| Padded(AtomicU64::new(BUSY))).collect(),
        idle: Padded(AtomicUsize::new(0)),
        done: AtomicBool::new(false),
        mail: senders,
        leaves: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        interior: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        jobs: AtomicU64::new(0),
        activity: (0..threads).map(|_| Tally::default()).collect(),
        limits_none: limits.is_none(),
    };
    let rx0 = receivers.remove(0);
    let result = if threads == 1 || region.split_depth == 0 {
        let mut w = Worker::new(&team, 0, rx0);
        let r = guarded(&shared, || w.alone(root_link));
        w.finish();
        r
    } else {
        let pool = pool::pool(threads - 1)?;
        pool.in_place_scope(|s| {
            let team = &team;
            for (j, rx) in receivers.into_iter().enumerate() {
                s.spawn(move |_| {
                    let mut w = Worker::new(team, j + 1, rx);
                    // A bug here must not leave the search waiting.
                    let _ = guarded(team.shared, || {
                        w.idle(IDLE, |t| t.done.load(Acquire));
                        Ok(())
                    });
                    w.finish();
                });
            }
            let mut w = Worker::new(team, 0, rx0);
            let r = guarded(team.shared, || w.root(root_link));
            w.finish();
            team.done.store(true, Release);
            r
        })
    };
    let leaves: Vec<u64> = team.leaves.iter().map(|c| c.load(Relaxed)).collect();
    *counts = ThreadCounts {
        leaves: leaves.iter().sum(),
        interior: team.interior.iter().map(|c| c.load(Relaxed)).sum(),
    };
    let value = shared.finish(result, counts.leaves)?;
    let best = shared.best();
    Ok(Outcome {
        value,
        best,
        pv: line_of(best),
        leaves,
        interior: counts.interior,
        jobs: team.jobs.load(Relaxed),
        activity: team.activity.iter().map(Tally::get).collect(),
    })
}

/// One thread of the search.
struct Worker<'t, 'a, T: Tree + ?Sized> {
    team: &'t Team<'a, T>,
    tree: &'a T,
    me: usize,
    rx: Receiver<Mail<T::Node>>,
    /// Terminal evaluations not yet added to the team's counter.
    leaves: u64,
    /// Interior expansions not yet added to the team's counter.
    interior: u64,
    /// Evaluations left before the next look at the limits.
    quota: Quota,
    /// Whether the search has limits: then plain alpha-beta counts every
    /// evaluation against them; without, it looks at nothing shared.
    metered: bool,
    /// Frames created (for their ids).
    frames: u64,
    /// Children taken from other threads' frames.
    jobs: u64,
    /// The frames this thread owns, root first.
    stack: Vec<Arc<Frame<T::Node>>>,
    activity: ThreadActivity,
}

impl<'t, 'a, T> Worker<'t, 'a, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    fn new(team: &'t Team<'a, T>, me: usize, rx: Receiver<Mail<T::Node>>) -> Self {
        Worker {
            team,
            tree: team.tree,
            me,
            rx,
            leaves: 0,
            interior: 0,
            quota: Quota::default(),
            metered: !team.limits_none,
            frames: 0,
            jobs: 0,
            stack: Vec::new(),
            activity: ThreadActivity::default(),
        }
    }

    /// Adds the leaves and interior expansions counted since the last call
    /// to the team's counters.
    fn add_counts(&mut self) {
        self.team.leaves[self.me].fetch_add(self.leaves, Relaxed);
        self.team.interior[self.me].fetch_add(self.interior, Relaxed);
        self.leaves = 0;
        self.interior = 0;
    }

    /// An id for a new frame, unique in the search (never 0), from a
    /// counter of this thread's own.
    fn new_id(&mut self) -> u64 {
        self.frames += 1;
        self.frames * self.team.threads as u64 + self.me as u64
    }

    /// Adds this thread's counts to the team's, and gives its unused
    /// quota back.
    fn finish(&mut self) {
        self.team.shared.give_back(&mut self.quota);
        self.add_counts();
        self.team.jobs.fetch_add(self.jobs, Relaxed);
        self.jobs = 0;
        self.team.activity[self.me].set(&self.activity);
    }

    /// The root's value (negamax) under `link`, the search window; the
    /// root is a frame.
    fn root(&mut self, link: &Arc<Link>) -> Result<Value, Stopped> {
        let root = self.tree.root();
        self.frame(&root, 0, Arc::clone(link), None, Kind::Type1)
    }

    /// The root's value under `link` without frames, on this thread alone:
    /// Fig. 4's loop at the root (the same evaluations as
    /// `search_depthfirst::alphabeta`), recording the moves that raise the
    /// root's score, with plain (or, on trees of unknown shape, polled)
    /// alpha-beta below.
    fn alone(&mut self, link: &Arc<Link>) -> Result<Value, Stopped> {
        let root = self.tree.root();
        let w = self.tree.num_children(&root);
        if w == 0 {
            return self.leaf(&root, 0);
        }
        self.interior += 1;
        let (a, b) = link.window();
        let mut m = a;
        for i in 0..w {
            let c = self.tree.child(&root, i);
            let t = -self.below(&c, 1, link, -b, -m)?;
            if t > m {
                m = t;
                self.team.shared.note_root(t, i);
                if m >= b {
                    break; // cutoff
                }
            }
        }
        Ok(m)
    }

    /// The value of `node` (absolute `depth`), a child of frame `parent`,
    /// from its side to move; (a, b) is its window from the parent's last
    /// read.
    fn child(
        &mut self,
        node: &T::Node,
        depth: usize,
        parent: &Arc<Frame<T::Node>>,
        kind: Kind,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        if depth < self.team.region.split_depth {
            let link = Link::child(&parent.link);
            self.frame(node, depth, link, Some(Arc::clone(parent)), kind)
        } else {
            self.below(node, depth, &parent.link, a, b)
        }
    }

    /// The value of `node` (absolute `depth`) below the frames, one ply
    /// under `link`'s node, with the window (a, b): plain alpha-beta
    /// (counted against the limits if there are any) in the lower region,
    /// else polled.
    fn below(
        &mut self,
        node: &T::Node,
        depth: usize,
        link: &Link,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        if depth < self.team.region.plain_depth {
            self.polled(node, depth, link, 1, a, b)
        } else if self.metered {
            self.plain::<true>(node, depth, a, b)
        } else {
            self.plain::<false>(node, depth, a, b)
        }
    }

    /// Alpha-beta with the chain of `link` polled (trees of unknown shape),
    /// `r` plies below the link's node, window (a, b).
    fn polled(
        &mut self,
        node: &T::Node,
        depth: usize,
        link: &Link,
        r: usize,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        let mut s = Searcher::new(self.tree, self.team.shared, link);
        s.quota = std::mem::take(&mut self.quota);
        let v = s.ab(node, depth, r, a, b);
        self.leaves += s.leaves;
        self.interior += s.interior;
        self.quota = std::mem::take(&mut s.quota);
        v
    }

    /// A terminal's value from its side to move, counted (against the
    /// limits too, if `METERED`).
    #[inline]
    fn leaf_of<const METERED: bool>(
        &mut self,
        node: &T::Node,
        depth: usize,
    ) -> Result<Value, Stopped> {
        if METERED {
            self.team.shared.leaf(&mut self.quota)?;
        }
        self.leaves += 1;
        let v = self.tree.value(node);
        if v.is_infinite() {
            return Err(self
                .team
                .shared
                .fail(SearchError::SentinelLeaf { value: v, depth }.into()));
        }
        Ok(if depth.is_multiple_of(2) { v } else { -v })
    }

    /// A terminal's value from its side to move, counted against the
    /// limits.
    fn leaf(&mut self, node: &T::Node, depth: usize) -> Result<Value, Stopped> {
        self.leaf_of::<true>(node, depth)
    }

    fn too_deep(&self, depth: usize) -> Stopped {
        self.team
            .shared
            .fail(SearchError::TooDeep { depth: depth + 1 }.into())
    }

    /// Fig. 4: fail-hard alpha-beta, nothing shared read (but the budget
    /// every [`Shared::BATCH`] evaluations if `METERED`).
    fn plain<const METERED: bool>(
        &mut self,
        node: &T::Node,
        depth: usize,
        a: Value,
        b: Value,
    ) -> Result<Value, Stopped> {
        let w = self.tree.num_children(node);
        if w == 0 {
            return self.leaf_of::<METERED>(node, depth);
        }
        self.interior += 1;
        if depth >= MAX_DEPTH {
            return Err(self.too_deep(depth));
        }
        let mut m = a;
        for i in 0..w {
            let t = -self.plain::<METERED>(&self.tree.child(node, i), depth + 1, -b, -m)?;
            if t > m {
                m = t;
                if m >= b {
                    return Ok(m);
                }
            }
        }
        Ok(m)
    }

    /// A frame at `node` with its `link`: its children, with helpers if
    /// any thread is idle, then its score.
    fn frame(
        &mut self,
        node: &T::Node,
        depth: usize,
        link: Arc<Link>,
        parent: Option<Arc<Frame<T::Node>>>,
        kind: Kind,
    ) -> Result<Value, Stopped> {
        let width = self.tree.num_children(node);
        if width == 0 {
            return self.leaf(node, depth);
        }
        self.interior += 1;
        if depth >= MAX_DEPTH {
            return Err(self.too_deep(depth));
        }
        let f = Arc::new(Frame {
            id: self.new_id(),
            link,
            parent,
            node: node.clone(),
            depth,
            width,
            kind,
            next: AtomicUsize::new(0),
            open: AtomicBool::new(self.team.policy == Policy::TreeSplit && depth == 0),
            helpers: AtomicUsize::new(0),
        });
        self.stack.push(Arc::clone(&f));
        let r = self.children(&f, true);
        self.stack.pop();
        r?;
        if f.helpers.load(Acquire) > 0 {
            self.wait_for(&f)?;
        }
        Ok(f.link.score())
    }

    /// Takes `f`'s children until there are none or its window closes,
    /// raising its score with each answer; offers work to idle threads
    /// before each.
    fn children(&mut self, f: &Arc<Frame<T::Node>>, owner: bool) -> Result<(), Stopped> {
        loop {
            if self.team.shared.stopped() {
                return Err(Stopped);
            }
            let (a, b) = f.link.window();
            if a >= b {
                return Ok(());
            }
            if self.team.idle.0.load(Relaxed) > 0 {
                self.offer();
            }
            let i = f.next.fetch_add(1, Relaxed);
            if i >= f.width {
                return Ok(());
            }
            if !owner {
                self.jobs += 1;
            }
            let c = self.tree.child(&f.node, i);
            let t = -self.child(&c, f.depth + 1, f, f.kind.child(i), -b, -a)?;
            if f.link.raise(t) && f.depth == 0 {
                self.team.shared.note_root(t, i);
            }
            if owner && !f.open.load(Relaxed) {
                let searched = match (self.team.policy, f.kind) {
                    (Policy::PvSplit, Kind::Type1) | (Policy::Ybwc, Kind::Type1 | Kind::Type3) => 1,
                    (Policy::Ybwc, Kind::Type2) => CUT_NODE_WAIT,
                    _ => usize::MAX,
                };
                if i + 1 >= searched {
                    f.open.store(true, Relaxed);
                }
            }
        }
    }

    /// Whether this thread may offer `f` now.
    fn offerable(&self, f: &Frame<T::Node>) -> bool {
        f.open.load(Relaxed) && f.next.load(Relaxed) < f.width && !f.link.closed()
    }

    /// Books every idle thread to the shallowest frame of this thread's
    /// stack it may help.
    fn offer(&mut self) {
        let team = self.team;
        for j in 0..team.threads {
            if j == self.me {
                continue;
            }
            let word = team.words[j].0.load(Acquire);
            if !is_idle(word) {
                continue;
            }
            let only = restriction(word);
            let Some(f) = self
                .stack
                .iter()
                .find(|f| self.offerable(f) && (only == 0 || f.within(only)))
            else {
                continue;
            };
            if team.words[j]
                .0
                .compare_exchange(word, BOOKED, AcqRel, Relaxed)
                .is_err()
            {
                continue;
            }
            team.idle.0.fetch_sub(1, Relaxed);
            f.helpers.fetch_add(1, Relaxed);
            self.activity.splits += 1;
            // The receiver lives as long as the search's scope.
            let _ = team.mail[j].send(Mail {
                frame: Arc::clone(f),
                sent: Instant::now(),
            });
        }
    }

    /// The owner of `f`, out of children, waits for its helpers to leave.
    fn wait_for(&mut self, f: &Frame<T::Node>) -> Result<(), Stopped> {
        let shared = self.team.shared;
        self.idle(waiting_on(f.id), |_| {
            f.helpers.load(Acquire) == 0 || shared.stopped()
        });
        if shared.stopped() {
            Err(Stopped)
        } else {
            Ok(())
        }
    }

    /// Announces this thread idle with `word` and spins until `done`,
    /// helping wherever it is booked meanwhile.
    fn idle(&mut self, word: u64, done: impl Fn(&Team<'a, T>) -> bool) {
        let team = self.team;
        let me = &team.words[self.me].0;
        let start = Instant::now();
        let mut helping = Duration::ZERO;
        team.idle.0.fetch_add(1, Relaxed);
        me.store(word, Release);
        let mut spins = 0u32;
        loop {
            if me.load(Acquire) == BOOKED {
                let mail = self.receive();
                let began = Instant::now();
                self.activity.handoff += began.saturating_duration_since(mail.sent);
                self.help(mail.frame);
                helping += began.elapsed();
                team.idle.0.fetch_add(1, Relaxed);
                me.store(word, Release);
                spins = 0;
                continue;
            }
            if done(team) {
                if me.compare_exchange(word, BUSY, AcqRel, Relaxed).is_ok() {
                    team.idle.0.fetch_sub(1, Relaxed);
                    break;
                }
                continue; // booked meanwhile
            }
            backoff(&mut spins);
        }
        self.activity.idle += start.elapsed().saturating_sub(helping);
        self.activity.waits += 1;
    }

    /// The frame this thread was booked for (sent right after the booking).
    fn receive(&mut self) -> Mail<T::Node> {
        let mut spins = 0;
        loop {
            match self.rx.try_recv() {
                Ok(m) => return m,
                Err(_) => backoff(&mut spins),
            }
        }
    }

    /// Helps frame `f` (booked by its owner): takes its children until
    /// none are left, then leaves it.
    fn help(&mut self, f: Arc<Frame<T::Node>>) {
        /// Leaves the frame however the help ends.
        struct Leave<'f, N>(&'f Frame<N>);
        impl<N> Drop for Leave<'_, N> {
            fn drop(&mut self) {
                self.0.helpers.fetch_sub(1, Release);
            }
        }
        let team = self.team;
        team.words[self.me].0.store(BUSY, Relaxed);
        let _leave = Leave(&f);
        self.activity.joins += 1;
        if team.shared.stopped() {
            return;
        }
        // A failure is recorded in `shared`, which stops everyone.
        let _ = guarded(team.shared, || self.children(&f, false));
        // Counts reach the team before the owner can see the frame left.
        self.add_counts();
    }
}

/// Spins a little, then yields the core: idle threads must see a booking
/// within a microsecond, but on a loaded machine should not starve the
/// thread they wait for.
fn backoff(spins: &mut u32) {
    if *spins < 10 {
        for _ in 0..(1u32 << *spins) {
            std::hint::spin_loop();
        }
    } else {
        std::thread::yield_now();
    }
    *spins = spins.saturating_add(1);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_heights() {
        let h = |b, d| lower_height(b, d, LOWER_LEAVES);
        assert_eq!(h(8, 9), 5);
        assert_eq!(h(24, 5), 3);
        assert_eq!(h(2, 40), 16);
        assert_eq!(h(60, 9), 2);
        assert_eq!(h(8, 3), 3);
        assert_eq!(h(100_000, 3), 0);
        assert_eq!(h(0, 0), 0);
        assert_eq!(h(1, 12), 12);
    }

    #[test]
    fn words() {
        assert!(!is_idle(BUSY) && !is_idle(BOOKED) && is_idle(IDLE));
        assert!(is_idle(waiting_on(7)));
        assert_eq!(restriction(waiting_on(7)), 7);
        assert_eq!(restriction(IDLE), 0);
    }
}

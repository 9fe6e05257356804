//! Parallel staged SSS* (Campbell 1981, p. 49): a master runs SSS* over the
//! top k plies (one stage) and hands the evaluation of its horizon nodes to
//! worker threads, which search the subtrees below sequentially.
//!
//! # What the thesis says
//!
//! "Staged SSS* is adaptable to the processor tree architecture […] Each
//! master maintains an OPEN list, and assigns appropriate subtree searches
//! to its slaves. Terminal slaves can employ either SSS*, staged SSS*, or
//! any of a number of other methods to evaluate their assigned nodes.
//! Since the various OPEN lists are local to a given processor, no data
//! sharing overhead is required." It does not say which OPEN entries are
//! assigned, or when (p. 56: "the particular algorithm employed in the
//! simulations was favorable for ordered trees").
//!
//! # What is done here
//!
//! One master (the calling thread) and K workers ([`ThreadConfig::threads`]).
//! The master runs the Γ operator of SSS* (Stockman; Campbell App. 3,
//! cases 1–6) with the left-most tie rule (`004_*`: OPEN a priority queue
//! on the merit h, ties to the left-most node) over the top
//! [`ThreadConfig::stage_depth`] plies: a LIVE state (n, h) at the stage's
//! horizon, n not terminal, is solved with merit min(h, value(n)) — the
//! frontier of sequential staged SSS* — and terminals above the horizon
//! are evaluated by the master itself. Whenever a worker is idle, the
//! master gives it the LIVE horizon state nearest the front of OPEN that
//! no worker has yet: it evaluates min(h, value(n)) for that state's h
//! ahead of time (*speculatively*). When the master's Γ loop pops a LIVE
//! horizon state it uses the answer if it is in, waits for it if a worker
//! has it, or hands it to the next free worker and waits. A state purged
//! from OPEN (case 1) before it is popped has its job cancelled (a flag the
//! worker's alpha-beta reads at every node) and its answer dropped.
//!
//! Workers ([`StageWorker`]) run fail-hard alpha-beta with the window
//! (−∞, h) from MAX's side, which returns exactly min(h, value(n)), or
//! aspiration SSS* with upper bound h (`search_bestfirst::sss_aspiration`,
//! which needs the tree's shape and cannot be cancelled).
//!
//! # Why the value is exact
//!
//! Sequential staged SSS* (`search_bestfirst::staged_sss` with an exact
//! frontier) is SSS* over the stage in which popping a LIVE horizon state
//! (n, LIVE, h) yields (n, SOLVED, min(h, value(n))); it returns the
//! minimax value because the frontier returns min(h, v) (sss.rs: "must
//! return min(h, their value)"). A state's h is fixed when the state is
//! created and never changes while the state is in OPEN, and a state is
//! popped at most once. A worker given the state (n, LIVE, h) computes
//! min(h, value(n)) for that very h — alpha-beta with the window (−∞, h)
//! fail-hard returns clamp(v, −∞, h) — so whenever the master pops that
//! state, the number it uses is the number the sequential frontier would
//! have returned at that moment. Speculation changes *when* an answer is
//! computed, never *which* answer is used: the master's sequence of OPEN
//! lists is exactly sequential staged SSS*'s (with the same tie rule), so
//! it returns the same value — the minimax value, clamped into the window
//! for an aspiration window. Answers for purged states are never used, so
//! wasted speculation costs time and terminal evaluations (search
//! overhead), not exactness.
//!
//! # Memory and synchronisation
//!
//! OPEN is the master's alone (at most b^⌈k/2⌉ states on a tree of
//! branching b); workers share nothing with it in their search but a
//! per-job cancel flag and the global stop flag. Jobs go out over one
//! channel per worker, answers come back over one channel.
//!
//! With one worker the value is still exact, but the leaf count can exceed
//! sequential staged SSS*'s: the worker may be busy with a speculative job
//! when the master pops a different state.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;

use search_bestfirst::{SssConfig, Variant, sss_aspiration};
use search_depthfirst::Window;
use tree_core::{Bounds, Counted, Dewey, MAX_DEPTH, Subtree, Tree, Value};

use super::{
    Link, Searcher, Shared, StageWorker, Stopped, ThreadAlgorithm, ThreadConfig, ThreadError,
    ThreadReport, check_threads, counters, guarded, totals,
};

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Live,
    Solved,
}

/// One OPEN state (n, s, h), with a unique id for its job.
#[derive(Debug, Clone)]
struct State<N> {
    node: N,
    dewey: Dewey,
    status: Status,
    h: Value,
    id: u64,
    /// A LIVE state at the horizon whose node is not terminal: a worker job.
    horizon: bool,
}

/// A horizon evaluation: min(h, value(node)).
struct Job<N> {
    id: u64,
    node: N,
    depth: usize,
    h: Value,
    cancel: Arc<AtomicBool>,
}

/// (worker, job id, min(h, value) or stopped).
type Reply = (usize, u64, Result<Value, Stopped>);

/// Where a job stands.
enum Pending {
    Running(Arc<AtomicBool>),
    Done(Value),
}

pub(super) fn run<T>(tree: &T, cfg: &ThreadConfig) -> Result<ThreadReport, ThreadError>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    if cfg.stage_depth == 0 {
        return Err(ThreadError::ZeroStageDepth);
    }
    check_threads(cfg.threads as u64 + 1)?;
    let shared = Shared::default();
    let counters = counters(cfg.threads + 1);
    let jobs = AtomicU64::new(0);
    let result = thread::scope(|s| {
        let (reply_tx, replies) = channel();
        let mut inboxes = Vec::with_capacity(cfg.threads);
        for j in 0..cfg.threads {
            let (job_tx, job_rx) = channel::<Job<T::Node>>();
            let out = reply_tx.clone();
            let (shared, counters) = (&shared, &counters);
            let worker = cfg.stage_worker;
            let spawned = thread::Builder::new()
                .name(format!("staged-sss-{}", j + 1))
                .spawn_scoped(s, move || {
                    work(tree, shared, worker, &counters[j + 1], j, job_rx, out);
                });
            if let Err(e) = spawned {
                return Err(shared.fail(ThreadError::Spawn {
                    message: e.to_string(),
                }));
            }
            inboxes.push(job_tx);
        }
        drop(reply_tx);
        let mut master = Master {
            tree,
            shared: &shared,
            stage: cfg.stage_depth,
            open: Vec::new(),
            next_id: 0,
            pending: HashMap::new(),
            idle: vec![true; cfg.threads],
            inboxes,
            replies,
            leaves: 0,
            jobs: &jobs,
        };
        let r = guarded(&shared, || {
            master.gamma(cfg.window.alpha(), cfg.window.beta())
        });
        master.cancel_all();
        counters[0].fetch_add(master.leaves, Relaxed);
        r
    });
    let value = shared.finish(result)?;
    Ok(ThreadReport {
        algorithm: ThreadAlgorithm::ParallelStagedSss,
        value: cfg.window.clamp(value),
        leaves: counters.iter().map(|c| c.load(Relaxed)).sum(),
        per_thread: totals(&counters),
        jobs: jobs.load(Relaxed),
    })
}

/// A worker: answers horizon jobs until the master hangs up.
fn work<T>(
    tree: &T,
    shared: &Shared,
    worker: StageWorker,
    counter: &AtomicU64,
    me: usize,
    inbox: Receiver<Job<T::Node>>,
    outbox: Sender<Reply>,
) where
    T: Tree + Sync + ?Sized,
{
    while let Ok(job) = inbox.recv() {
        let mut leaves = 0;
        let r = guarded(shared, || evaluate(tree, shared, worker, &job, &mut leaves));
        counter.fetch_add(leaves, Relaxed);
        if outbox.send((me, job.id, r)).is_err() {
            return;
        }
    }
}

/// min(h, value(node)) for a job, by the worker's search.
fn evaluate<T: Tree + ?Sized>(
    tree: &T,
    shared: &Shared,
    worker: StageWorker,
    job: &Job<T::Node>,
    leaves: &mut u64,
) -> Result<Value, Stopped> {
    let h = job.h;
    if h == Value::NEG_INF {
        return Ok(h);
    }
    let max = job.depth % 2 == 0;
    match worker {
        StageWorker::AlphaBeta => {
            // From the side to move: (−∞, h) at MAX, (−h, +∞) at MIN.
            let window = if max {
                Window::new(Value::NEG_INF, h)
            } else {
                Window::new(-h, Value::INF)
            }
            .map_err(|e| shared.fail(e.into()))?;
            let link = Link::root(window);
            let mut s = Searcher::new(tree, shared);
            s.cancel = Some(&job.cancel);
            let r = s.ab(
                &job.node,
                job.depth,
                &link,
                0,
                window.alpha(),
                window.beta(),
            );
            *leaves += s.leaves;
            let v = window.clamp(r?);
            Ok(if max { v } else { -v })
        }
        StageWorker::Sss => {
            let view = Counted::new(Subtree::new(tree, job.node.clone(), !max));
            let cfg = SssConfig {
                variant: Variant::Leftmost,
                memory: None,
                shape: tree.bounds().map(|b| Bounds {
                    branching: b.branching,
                    depth: b.depth.saturating_sub(job.depth),
                    uniform: b.uniform,
                }),
            };
            let r = if max {
                sss_aspiration(&view, Value::NEG_INF, h, &cfg)
            } else {
                sss_aspiration(&view, -h, Value::INF, &cfg)
            };
            *leaves += view.stats().leaves;
            let v = r.map_err(|e| shared.fail(e.into()))?.outcome.value;
            Ok(if max { v } else { -(v.max(-h)) })
        }
    }
}

struct Master<'a, T: Tree + ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    stage: usize,
    /// OPEN, front last: sorted by (h, then left-most) for the front.
    open: Vec<State<T::Node>>,
    next_id: u64,
    pending: HashMap<u64, Pending>,
    idle: Vec<bool>,
    inboxes: Vec<Sender<Job<T::Node>>>,
    replies: Receiver<Reply>,
    leaves: u64,
    jobs: &'a AtomicU64,
}

impl<T> Master<'_, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    /// A new state with a fresh id.
    fn state(&mut self, node: T::Node, dewey: Dewey, status: Status, h: Value) -> State<T::Node> {
        let horizon = status == Status::Live
            && dewey.depth() == self.stage
            && self.tree.num_children(&node) > 0;
        self.next_id += 1;
        State {
            node,
            dewey,
            status,
            h,
            id: self.next_id,
            horizon,
        }
    }

    /// Inserts `e` behind every state of greater merit and every state of
    /// equal merit to its left (the left-most rule).
    fn insert(&mut self, e: State<T::Node>) {
        let mut i = self.open.len();
        while i > 0 {
            let x = &self.open[i - 1];
            if x.h > e.h || (x.h == e.h && x.dewey < e.dewey) {
                i -= 1;
            } else {
                break;
            }
        }
        self.open.insert(i, e);
    }

    /// The node at `dewey` below the root.
    fn node_at(&self, dewey: &Dewey) -> T::Node {
        let mut n = self.tree.root();
        for &i in dewey.digits() {
            n = self.tree.child(&n, usize::from(i));
        }
        n
    }

    /// SSS* over the stage with aspiration window (lower, upper): returns
    /// min(upper, value) when it is above `lower`, else a merit ≤ lower.
    fn gamma(&mut self, lower: Value, upper: Value) -> Result<Value, Stopped> {
        let root = self.tree.root();
        let s = self.state(root, Dewey::root(), Status::Live, upper);
        self.insert(s);
        loop {
            if self.shared.stopped() {
                return Err(Stopped);
            }
            self.dispatch();
            let e = self
                .open
                .pop()
                .expect("OPEN holds the root until it is solved");
            let depth = e.dewey.depth();
            let max = depth % 2 == 0;
            match e.status {
                Status::Solved if depth == 0 => return Ok(e.h),
                Status::Solved if !max => {
                    // Case 1: a MIN node solved solves its MAX parent; purge
                    // every state below the parent.
                    let m = e.dewey.parent().expect("not the root");
                    self.purge(&m);
                    let node = self.node_at(&m);
                    let s = self.state(node, m, Status::Solved, e.h);
                    self.insert(s);
                }
                Status::Solved => {
                    let k = e.dewey.last().expect("not the root");
                    let parent = e.dewey.parent().expect("not the root");
                    let pnode = self.node_at(&parent);
                    let s = if k + 1 < self.tree.num_children(&pnode) {
                        // Case 2: the next brother.
                        let node = self.tree.child(&pnode, k + 1);
                        self.state(node, parent.child(k + 1), Status::Live, e.h)
                    } else {
                        // Case 3: the last child solves the MIN parent.
                        self.state(pnode, parent, Status::Solved, e.h)
                    };
                    self.insert(s);
                }
                Status::Live => {
                    if e.h <= lower {
                        return Ok(e.h);
                    }
                    if e.horizon {
                        let v = self.frontier(&e)?;
                        let s = self.state(e.node, e.dewey, Status::Solved, e.h.min(v));
                        self.insert(s);
                        continue;
                    }
                    let w = self.tree.num_children(&e.node);
                    if w == 0 {
                        // Case 4 above the horizon: the master evaluates.
                        self.leaves += 1;
                        let v = self.tree.value(&e.node);
                        if v.is_infinite() {
                            return Err(self.shared.fail(
                                search_depthfirst::SearchError::SentinelLeaf { value: v, depth }
                                    .into(),
                            ));
                        }
                        let s = self.state(e.node, e.dewey, Status::Solved, e.h.min(v));
                        self.insert(s);
                    } else if depth >= MAX_DEPTH || w > usize::from(u16::MAX) {
                        return Err(self.shared.fail(
                            search_depthfirst::SearchError::TooDeep { depth: depth + 1 }.into(),
                        ));
                    } else if !max {
                        // Case 5: a MIN node: its first child.
                        let c = self.tree.child(&e.node, 0);
                        let s = self.state(c, e.dewey.child(0), Status::Live, e.h);
                        self.insert(s);
                    } else {
                        // Case 6: a MAX node: every child.
                        for i in 0..w {
                            let c = self.tree.child(&e.node, i);
                            let s = self.state(c, e.dewey.child(i), Status::Live, e.h);
                            self.insert(s);
                        }
                    }
                }
            }
        }
    }

    /// Gives idle workers the LIVE horizon states nearest OPEN's front that
    /// nobody has yet.
    fn dispatch(&mut self) {
        let mut i = self.open.len();
        while i > 0 && self.idle.contains(&true) {
            i -= 1;
            let e = &self.open[i];
            if e.horizon && !self.pending.contains_key(&e.id) {
                let (id, node, depth, h) = (e.id, e.node.clone(), e.dewey.depth(), e.h);
                self.send(id, node, depth, h);
            }
        }
    }

    /// Sends a job to the first idle worker (there must be one).
    fn send(&mut self, id: u64, node: T::Node, depth: usize, h: Value) {
        let Some(j) = self.idle.iter().position(|&b| b) else {
            return;
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let job = Job {
            id,
            node,
            depth,
            h,
            cancel: Arc::clone(&cancel),
        };
        if self.inboxes[j].send(job).is_ok() {
            self.idle[j] = false;
            self.jobs.fetch_add(1, Relaxed);
            self.pending.insert(id, Pending::Running(cancel));
        }
    }

    /// min(h, value) for the popped horizon state `e`.
    fn frontier(&mut self, e: &State<T::Node>) -> Result<Value, Stopped> {
        loop {
            match self.pending.get(&e.id) {
                Some(Pending::Done(v)) => {
                    let v = *v;
                    self.pending.remove(&e.id);
                    return Ok(v);
                }
                Some(Pending::Running(_)) => {}
                // Not given out yet: it goes first to the next idle worker.
                None => self.send(e.id, e.node.clone(), e.dewey.depth(), e.h),
            }
            self.dispatch();
            self.receive()?;
        }
    }

    /// Waits for one reply and files it.
    fn receive(&mut self) -> Result<(), Stopped> {
        let Ok((j, id, r)) = self.replies.recv() else {
            return Err(self.shared.fail(ThreadError::WorkerPanicked {
                message: "every worker is gone".into(),
            }));
        };
        self.idle[j] = true;
        if let Some(p) = self.pending.get_mut(&id) {
            match r {
                Ok(v) => *p = Pending::Done(v),
                Err(Stopped) => return Err(Stopped),
            }
        }
        Ok(())
    }

    /// Case 1's purge: drops every state at or below `m`, cancelling
    /// their jobs.
    fn purge(&mut self, m: &Dewey) {
        let mut kept = Vec::with_capacity(self.open.len());
        for e in self.open.drain(..) {
            if m.is_prefix_of(&e.dewey) {
                if let Some(Pending::Running(c)) = self.pending.remove(&e.id) {
                    c.store(true, Relaxed);
                }
            } else {
                kept.push(e);
            }
        }
        self.open = kept;
    }

    /// Cancels every running job (the search is over).
    fn cancel_all(&mut self) {
        for p in self.pending.values() {
            if let Pending::Running(c) = p {
                c.store(true, Relaxed);
            }
        }
        self.pending.clear();
    }
}

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
//! cases 1–6) with the left-most tie rule (Wikipedia's SSS\* article: OPEN a priority queue
//! on the merit h, ties to the left-most node) over the top
//! [`ThreadConfig::stage_depth`] plies: a LIVE state (n, h) at the stage's
//! horizon, n not terminal, is solved with merit min(h, value(n)) — the
//! frontier of sequential staged SSS* — and terminals above the horizon
//! are evaluated by the master itself.
//!
//! Whenever a worker is idle, the master gives it a horizon state that
//! OPEN is *certain* to produce, nearest OPEN's front first: a LIVE
//! horizon state in OPEN, or one that the Γ operator will derive from a
//! state in OPEN without any answer it does not have yet — case 5 (a LIVE
//! MIN node stacks its first child), case 6 (a LIVE MAX node stacks all its
//! children) and case 2 (a SOLVED MAX node stacks its next brother), all
//! of which copy h. (Looking at OPEN alone would not do: above the horizon
//! MIN nodes expand one child at a time, so OPEN rarely holds more than one
//! LIVE horizon state.) The worker evaluates min(h, value(n)) ahead of
//! time (*speculatively*); jobs are filed by the node's Dewey code with the
//! bound h they were given. When the master's Γ loop pops a LIVE horizon
//! state (n, h) it uses the answer if it is in and *usable* (below), waits
//! if a worker has n, or hands n to the next free worker and waits. When
//! case 1 purges a subtree, the jobs in it are cancelled (a flag the
//! worker's alpha-beta reads at every node) and their answers dropped.
//!
//! Workers ([`StageWorker`]) run fail-hard alpha-beta with the window
//! (−∞, h) from MAX's side, which returns exactly min(h, value(n)), or
//! aspiration SSS* with upper bound h (`search_bestfirst::sss::aspiration`,
//! which needs the tree's shape and cannot be cancelled).
//!
//! # Why the value is exact
//!
//! Sequential staged SSS* (`search_bestfirst::hybrid` with an exact
//! frontier) is SSS* over the stage in which popping a LIVE horizon state
//! (n, LIVE, h) yields (n, SOLVED, min(h, value(n))); it returns the
//! minimax value because the frontier returns min(h, v) (sss.rs: "must
//! return min(h, their value)"). Here a worker given node n with bound h'
//! returns r = min(h', value(n)) — alpha-beta with the window (−∞, h')
//! fail-hard returns clamp(v, −∞, h') — and the master, popping (n, LIVE,
//! h), uses r only if h ≤ h' (then min(h, r) = min(h, h', v) = min(h, v))
//! or r < h' (then r = v and min(h, r) = min(h, v)); otherwise it has n
//! evaluated again with bound h. So every frontier answer the master uses
//! is exactly the number the sequential frontier would have returned at
//! that moment. Speculation changes *when* an answer is computed, never
//! *which* answer is used: the master's sequence of OPEN lists is exactly
//! sequential staged SSS*'s (same tie rule), so it returns the same value —
//! the minimax value, or for an aspiration window the same bound, which
//! the report clamps into the window. (In fact the h of a speculated state
//! is the h it will have in OPEN, since cases 2, 5 and 6 copy it, so
//! re-evaluations do not occur in practice; the check makes exactness
//! independent of that.) Answers for purged states are never used, so
//! wasted speculation costs time and terminal evaluations (search
//! overhead), not exactness.
//!
//! # Memory and synchronisation
//!
//! OPEN is the master's alone (at most b^⌈k/2⌉ states on a tree of
//! branching b); workers share nothing with it in their search but a
//! per-job cancel flag and the global stop flag. Jobs go out as pool
//! tasks, answers come back over one channel; the master
//! keeps at most one job record per worker besides the answers not yet
//! used.
//!
//! With one worker nothing is speculated (the worker is the master's own
//! thread, which can only run a job when the master waits for one answer),
//! so every job is the horizon state the master pops next: with
//! [`StageWorker::Sss`] workers on a tree of at most two stages this is
//! `search_bestfirst::hybrid`'s staged SSS\* exactly, terminal for terminal (tested);
//! alpha-beta workers evaluate more (34,494 against 24,384 on the first
//! random (24, 4) tree of the bench), since SSS* prunes more below the
//! horizon, but can be cancelled.
//!
//! # Threads
//!
//! The master runs on the calling thread, which is also worker 0: worker
//! 0's job runs when the master would otherwise wait. Workers 1..K are
//! tasks on a kept pool of K − 1 threads (see the [module docs](super)),
//! one per worker for the whole search, each serving a mailbox: it spins
//! for 50 µs waiting for its next job, then sleeps (`park`) until the
//! master posts one. Answers come back over a channel, which the master
//! drains without waiting before it hands out work. Jobs on the bench trees
//! take a few microseconds, as long as a thread takes to wake, so the
//! master hands the front-most job to an idle pool worker first and keeps
//! the next for itself, and when it needs the answer to a job whose worker
//! has not started it — still asleep, or not started within 2 µs — it
//! takes the job back and runs it itself (a claim flag per job decides who
//! runs it). The master never waits for a thread to wake. Workers are
//! logical: a job's terminals count for the worker it was given to,
//! whichever thread ran it. Speculative jobs are looked for in the front
//! 2K states of OPEN only.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Mutex, OnceLock};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

use search_bestfirst::{Variant, sss};
use search_depthfirst::Window;
use tree_core::{Bounds, Counted, Dewey, MAX_DEPTH, Subtree, Tree, Value};

use super::algorithm::ThreadAlgorithm;
use super::config::{StageWorker, ThreadConfig};
use super::engine::SharedTree;
use super::error::{ThreadError, check_threads};
use super::pool;
use super::report::{ThreadCounts, ThreadReport, line_of};
use super::searcher::Searcher;
use super::shared::{Quota, Shared, Stopped, counters, guarded, totals};

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Live,
    Solved,
}

/// One OPEN state (n, s, h).
#[derive(Debug, Clone)]
struct State<N> {
    node: N,
    dewey: Dewey,
    status: Status,
    h: Value,
    /// A LIVE state at the horizon whose node is not terminal: a worker job.
    horizon: bool,
}

/// A horizon evaluation: min(h, value(node)).
struct Job<N> {
    id: u64,
    node: N,
    depth: usize,
    h: Value,
    ticket: Arc<Ticket>,
}

/// What the master and the worker given a job share.
#[derive(Debug, Default)]
struct Ticket {
    /// Set by whoever starts the job: its worker, or the master taking it
    /// back because it needs the answer before the worker has started.
    claimed: AtomicBool,
    /// Set when the job's state is purged: stop at the next read.
    cancel: AtomicBool,
}

/// (worker, job id, min(h, value) or stopped; `None` if the job was taken
/// back before the worker started it).
type Reply = (usize, u64, Option<Result<Value, Stopped>>);

/// A job for the horizon node at some Dewey code, with the bound h it was
/// given.
struct Pending {
    id: u64,
    h: Value,
    answer: Answer,
}

enum Answer {
    Running(Arc<Ticket>),
    Done(Value),
}

/// Whether min(bound, v), computed for a job with bound `bound`, gives
/// min(h, v): when h ≤ bound, or when the answer is below the bound (then
/// it is v itself).
fn usable(bound: Value, answer: Value, h: Value) -> bool {
    h <= bound || answer < bound
}

/// Parallel staged SSS* looks for speculative jobs in the first
/// `LOOKAHEAD` × K states of OPEN only.
const LOOKAHEAD: usize = 2;

/// How long the master gives an awake worker to start the job the master
/// needs before it takes the job back.
const GRACE: Duration = Duration::from_micros(2);

/// How long an idle party spins before it sleeps: a worker waiting for its
/// next job, the master waiting for an answer. Jobs on small trees take a
/// few microseconds and come microseconds apart, while waking a sleeping
/// thread takes tens of microseconds.
const SPIN: Duration = Duration::from_micros(50);

/// The mailboxes of workers 1..K (worker 0 is the master's own thread),
/// each served by one pool task for the whole search.
struct Board<N> {
    slots: Vec<Slot<N>>,
    /// The search is over: worker tasks return.
    done: AtomicBool,
}

struct Slot<N> {
    job: Mutex<Option<Job<N>>>,
    /// The worker's thread, once its task has started.
    thread: OnceLock<Thread>,
    /// The worker is about to sleep or asleep: wake it after posting.
    sleeping: AtomicBool,
}

impl<N> Board<N> {
    fn new(workers: usize) -> Board<N> {
        Board {
            slots: (0..workers)
                .map(|_| Slot {
                    job: Mutex::new(None),
                    thread: OnceLock::new(),
                    sleeping: AtomicBool::new(false),
                })
                .collect(),
            done: AtomicBool::new(false),
        }
    }

    /// Gives worker `j` its job (the worker is idle: its box is empty).
    fn post(&self, j: usize, job: Job<N>) {
        let slot = &self.slots[j];
        *slot.job.lock().unwrap_or_else(|p| p.into_inner()) = Some(job);
        // With the worker's SeqCst store before its own look at the box,
        // either it sees the job or we see it sleeping (and wake it).
        if slot.sleeping.load(SeqCst)
            && let Some(t) = slot.thread.get()
        {
            t.unpark();
        }
    }

    /// Ends the search: every worker task returns.
    fn finish(&self) {
        self.done.store(true, SeqCst);
        for slot in &self.slots {
            if let Some(t) = slot.thread.get() {
                t.unpark();
            }
        }
    }

    /// Worker `j`'s next job, waiting (spinning, then asleep) until one
    /// comes; `None` once the search is over.
    fn next(&self, j: usize) -> Option<Job<N>> {
        let slot = &self.slots[j];
        if slot.thread.get().is_none() {
            let _ = slot.thread.set(thread::current());
        }
        let take = || slot.job.lock().unwrap_or_else(|p| p.into_inner()).take();
        let mut since = None;
        let mut spins = 0u32;
        loop {
            if let Some(job) = take() {
                return Some(job);
            }
            if self.done.load(SeqCst) {
                return None;
            }
            spins = spins.wrapping_add(1);
            let start = *since.get_or_insert_with(Instant::now);
            if !spins.is_multiple_of(64) || start.elapsed() < SPIN {
                std::hint::spin_loop();
                continue;
            }
            slot.sleeping.store(true, SeqCst);
            if let Some(job) = take() {
                slot.sleeping.store(false, SeqCst);
                return Some(job);
            }
            if !self.done.load(SeqCst) {
                thread::park();
            }
            slot.sleeping.store(false, SeqCst);
            since = None;
        }
    }
}

/// Calls [`Board::finish`] when dropped.
struct Finish<'b, N>(&'b Board<N>);

/// The most states one look for speculative jobs visits.
const FUTURE_VISITS: usize = 1 << 16;

/// What a look for speculative jobs has found: the jobs, how many are
/// wanted, and how many more states it may visit.
struct Harvest<N> {
    out: Vec<(Dewey, N, Value)>,
    want: usize,
    visits: usize,
}

impl<N> Harvest<N> {
    fn full(&self) -> bool {
        self.out.len() >= self.want || self.visits == 0
    }
}

impl<N> Drop for Finish<'_, N> {
    fn drop(&mut self) {
        self.0.finish();
    }
}

pub(super) fn run<T: SharedTree + ?Sized>(
    tree: &T,
    cfg: &ThreadConfig,
    counts: &mut ThreadCounts,
) -> Result<ThreadReport, ThreadError> {
    if cfg.stage_depth == 0 {
        return Err(ThreadError::ZeroStageDepth);
    }
    if cfg.stage_worker == StageWorker::Sss && cfg.limits.max_leaves.is_some() {
        return Err(ThreadError::Unsupported {
            message: "parallel staged SSS* with SSS* workers cannot honour a leaf budget: an SSS* \
                      job cannot be stopped (use alpha-beta workers)",
        });
    }
    check_threads((cfg.threads as u64).saturating_add(1))?;
    let pool = if cfg.threads > 1 {
        Some(pool::pool(cfg.threads - 1)?)
    } else {
        None
    };
    let shared = Shared::new(&cfg.limits);
    let counters = counters(cfg.threads + 1);
    let interior = AtomicU64::new(0);
    let jobs = AtomicU64::new(0);
    let (reply_tx, replies) = channel::<Reply>();
    let worker = cfg.stage_worker;
    let board = Board::new(cfg.threads);
    let (shared, counters, reply_tx, board) = (&shared, &counters, &reply_tx, &board);
    let interior = &interior;
    let master = |parallel: bool| {
        let mut master = Master {
            tree,
            shared,
            stage: cfg.stage_depth,
            worker,
            open: Vec::new(),
            lower: cfg.window.alpha(),
            next_id: 0,
            pending: HashMap::new(),
            idle: vec![true; cfg.threads],
            assigned: vec![0; cfg.threads],
            local: None,
            board: parallel.then_some(board),
            replies: &replies,
            counters,
            interior,
            leaves: 0,
            expanded: Cell::new(0),
            quota: Quota::default(),
            jobs: &jobs,
        };
        let r = guarded(shared, || {
            master.gamma(cfg.window.alpha(), cfg.window.beta())
        });
        master.cancel_all();
        shared.give_back(&mut master.quota);
        counters[0].fetch_add(master.leaves, Relaxed);
        interior.fetch_add(master.expanded.get(), Relaxed);
        r
    };
    let result = match &pool {
        None => master(false),
        Some(pool) => pool.in_place_scope(|s| {
            for j in 1..cfg.threads {
                s.spawn(move |_| {
                    while let Some(job) = board.next(j) {
                        let mut c = ThreadCounts::default();
                        let r = (!job.ticket.claimed.swap(true, Relaxed)).then(|| {
                            guarded(shared, || evaluate(tree, shared, worker, &job, &mut c))
                        });
                        counters[j + 1].fetch_add(c.leaves, Relaxed);
                        interior.fetch_add(c.interior, Relaxed);
                        // The master outlives the scope: the channel is open.
                        let _ = reply_tx.send((j, job.id, r));
                    }
                });
            }
            // Ends the worker tasks however the master returns.
            let _finish = Finish(board);
            master(true)
        }),
    };
    *counts = ThreadCounts {
        leaves: counters.iter().map(|c| c.load(Relaxed)).sum(),
        interior: interior.load(Relaxed),
    };
    let value = shared.finish(result, counts.leaves)?;
    let best = shared.best();
    Ok(ThreadReport {
        algorithm: ThreadAlgorithm::ParallelStagedSss,
        value: cfg.window.clamp(value),
        best,
        pv: line_of(best),
        leaves: counts.leaves,
        interior: counts.interior,
        per_thread: totals(counters),
        jobs: jobs.load(Relaxed),
        activity: Vec::new(),
    })
}

/// min(h, value(node)) for a job, by the worker's search; its leaves and
/// interior expansions are added to `counts`.
fn evaluate<T: Tree + ?Sized>(
    tree: &T,
    shared: &Shared,
    worker: StageWorker,
    job: &Job<T::Node>,
    counts: &mut ThreadCounts,
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
            let mut s = Searcher::alone(tree, shared);
            s.cancel = Some(&job.ticket.cancel);
            let r = s.ab(&job.node, job.depth, 0, window.alpha(), window.beta());
            counts.leaves += s.leaves;
            counts.interior += s.interior;
            let v = window.clamp(r?);
            Ok(if max { v } else { -v })
        }
        StageWorker::Sss => {
            let view = Counted::new(Subtree::new(tree, job.node.clone(), !max));
            let (lower, upper) = if max {
                (Value::NEG_INF, h)
            } else {
                (-h, Value::INF)
            };
            let cfg = sss::Config {
                shape: tree.bounds().map(|b| Bounds {
                    branching: b.branching,
                    depth: b.depth.saturating_sub(job.depth),
                    uniform: b.uniform,
                }),
                lower,
                upper,
                ..sss::Config::new(Variant::Leftmost)
            };
            let r = sss::aspiration(&view, &cfg);
            let stats = view.stats();
            counts.leaves += stats.leaves;
            counts.interior += stats.interior;
            let v = r.map_err(|e| shared.fail(e.into()))?.outcome.value;
            Ok(if max { v } else { -(v.max(-h)) })
        }
    }
}

struct Master<'a, T: Tree + ?Sized> {
    tree: &'a T,
    shared: &'a Shared,
    stage: usize,
    worker: StageWorker,
    /// OPEN, front last: sorted by (h, then left-most) for the front.
    open: Vec<State<T::Node>>,
    /// The aspiration window's lower end.
    lower: Value,
    next_id: u64,
    /// Jobs by the Dewey code of their horizon node.
    pending: HashMap<Dewey, Pending>,
    /// Which workers have no job; worker 0 is the master's own thread.
    idle: Vec<bool>,
    /// The id of each worker's last job.
    assigned: Vec<u64>,
    /// Worker 0's job, run when the master would otherwise wait.
    local: Option<Job<T::Node>>,
    /// The mailboxes of workers 1..K; `None` with one worker.
    board: Option<&'a Board<T::Node>>,
    replies: &'a Receiver<Reply>,
    /// Terminal evaluations: the master's, then each worker's.
    counters: &'a [AtomicU64],
    /// Interior expansions, all threads together.
    interior: &'a AtomicU64,
    /// The master's terminal evaluations.
    leaves: u64,
    /// The master's interior expansions (its calls of `num_children`
    /// that found children).
    expanded: Cell<u64>,
    /// The master's evaluations left before its next look at the limits.
    quota: Quota,
    jobs: &'a AtomicU64,
}

impl<T> Master<'_, T>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    /// The number of children of `node`, an interior expansion if any.
    fn width(&self, node: &T::Node) -> usize {
        let w = self.tree.num_children(node);
        if w > 0 {
            self.expanded.set(self.expanded.get() + 1);
        }
        w
    }

    /// A new state.
    fn state(&self, node: T::Node, dewey: Dewey, status: Status, h: Value) -> State<T::Node> {
        let horizon =
            status == Status::Live && dewey.depth() == self.stage && self.width(&node) > 0;
        State {
            node,
            dewey,
            status,
            h,
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
        let mut steps = 0u32;
        loop {
            // The limits, every few steps: the workers look at them too,
            // but SSS* workers only between jobs.
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(64) {
                self.shared.check()?;
            } else if self.shared.stopped() {
                return Err(Stopped);
            }
            self.dispatch()?;
            let e = self
                .open
                .pop()
                .expect("OPEN holds the root until it is solved");
            let depth = e.dewey.depth();
            let max = depth.is_multiple_of(2);
            match e.status {
                Status::Solved if depth == 0 => return Ok(e.h),
                Status::Solved if !max => {
                    // Case 1: a MIN node solved solves its MAX parent; purge
                    // every state below the parent.
                    let m = e.dewey.parent().expect("not the root");
                    if m.depth() == 0 && e.h > self.lower {
                        // The MIN node that solves the root is its best
                        // move: its merit is the root's value (at most β,
                        // and above α: else no move reaches the window).
                        let i = e.dewey.last().expect("not the root");
                        self.shared.note_root(e.h, i);
                    }
                    self.purge(&m);
                    let node = self.node_at(&m);
                    let s = self.state(node, m, Status::Solved, e.h);
                    self.insert(s);
                }
                Status::Solved => {
                    let k = e.dewey.last().expect("not the root");
                    let parent = e.dewey.parent().expect("not the root");
                    let pnode = self.node_at(&parent);
                    let s = if k + 1 < self.width(&pnode) {
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
                    let w = self.width(&e.node);
                    if w == 0 {
                        // Case 4 above the horizon: the master evaluates.
                        self.shared.leaf(&mut self.quota)?;
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

    /// Gives idle workers the horizon states that OPEN will certainly
    /// produce, nearest its front first, that nobody has yet.
    ///
    /// With one worker (the master's own thread) nothing is speculated:
    /// the worker could only run a job when the master waits, which is when
    /// it needs a particular answer, so every job is the one the master
    /// pops, and the search is sequential staged SSS* exactly.
    fn dispatch(&mut self) -> Result<(), Stopped> {
        if self.board.is_none() {
            return Ok(());
        }
        self.drain()?;
        let want = self.idle.iter().filter(|&&b| b).count();
        if want == 0 {
            return Ok(());
        }
        let mut harvest = Harvest {
            out: Vec::new(),
            want,
            visits: FUTURE_VISITS,
        };
        // Only the front of OPEN: its states are popped soonest, and a scan
        // of all OPEN on every step costs the master more than the
        // speculation saves.
        let front = LOOKAHEAD * self.idle.len();
        for e in self.open.iter().rev().take(front) {
            if harvest.full() {
                break;
            }
            self.future(&e.node, &e.dewey, e.status, e.h, &mut harvest);
        }
        for (dewey, node, h) in harvest.out {
            self.send(dewey, node, h);
        }
        Ok(())
    }

    /// Collects (up to `want`) horizon states that the state (node, status,
    /// h) at `dewey` will produce whatever the answers to come — through
    /// case 2 (a solved MAX node's next brother), case 5 (a LIVE MIN node's
    /// first child) and case 6 (a LIVE MAX node's children), all of which
    /// copy h — and that have no job yet. Speculation only: it gives up
    /// after [`FUTURE_VISITS`] states (a stage deeper than the tree, on a
    /// game, would otherwise walk the whole tree before finding one), and
    /// below [`MAX_DEPTH`] plies (a chain a million plies deep would
    /// otherwise overflow the stack).
    fn future(
        &self,
        node: &T::Node,
        dewey: &Dewey,
        status: Status,
        h: Value,
        harvest: &mut Harvest<T::Node>,
    ) {
        let depth = dewey.depth();
        // No deeper than a tree the search accepts (its expansion refuses
        // one deeper than MAX_DEPTH): the look recurses a call a ply.
        if harvest.full() || h <= self.lower || depth > self.stage || depth > MAX_DEPTH {
            return;
        }
        harvest.visits -= 1;
        match status {
            Status::Solved => {
                if depth == 0 || depth % 2 == 1 {
                    return;
                }
                let (Some(k), Some(parent)) = (dewey.last(), dewey.parent()) else {
                    return;
                };
                let pnode = self.node_at(&parent);
                if k + 1 < self.width(&pnode) {
                    let next = self.tree.child(&pnode, k + 1);
                    self.future(&next, &parent.child(k + 1), Status::Live, h, harvest);
                }
            }
            Status::Live => {
                let w = self.width(node);
                if w == 0 {
                    return;
                }
                if depth == self.stage {
                    if !self.pending.contains_key(dewey)
                        && !harvest.out.iter().any(|(d, _, _)| d == dewey)
                    {
                        harvest.out.push((dewey.clone(), node.clone(), h));
                    }
                } else if depth % 2 == 1 {
                    let c = self.tree.child(node, 0);
                    self.future(&c, &dewey.child(0), Status::Live, h, harvest);
                } else {
                    for i in 0..w {
                        if harvest.full() {
                            break;
                        }
                        let c = self.tree.child(node, i);
                        self.future(&c, &dewey.child(i), Status::Live, h, harvest);
                    }
                }
            }
        }
    }

    /// Sends the job min(h, value(node)) to the first idle worker, if any.
    fn send(&mut self, dewey: Dewey, node: T::Node, h: Value) {
        let Some(j) = self.idle.iter().rposition(|&b| b) else {
            return;
        };
        self.next_id += 1;
        let id = self.next_id;
        let ticket = Arc::new(Ticket::default());
        let job = Job {
            id,
            node,
            depth: dewey.depth(),
            h,
            ticket: Arc::clone(&ticket),
        };
        match self.board {
            Some(board) if j > 0 => board.post(j, job),
            _ => self.local = Some(job),
        }
        self.idle[j] = false;
        self.assigned[j] = id;
        self.jobs.fetch_add(1, Relaxed);
        let answer = Answer::Running(ticket);
        self.pending.insert(dewey, Pending { id, h, answer });
    }

    /// min(h, value) for the popped horizon state `e`.
    fn frontier(&mut self, e: &State<T::Node>) -> Result<Value, Stopped> {
        loop {
            match self.pending.get(&e.dewey) {
                Some(Pending {
                    h: bound,
                    answer: Answer::Done(v),
                    ..
                }) => {
                    let (bound, v) = (*bound, *v);
                    self.pending.remove(&e.dewey);
                    if usable(bound, v, e.h) {
                        return Ok(e.h.min(v));
                    }
                    // Computed under a lower bound and failed high: again.
                    self.send(e.dewey.clone(), e.node.clone(), e.h);
                }
                Some(Pending {
                    id,
                    h: bound,
                    answer: Answer::Running(ticket),
                }) => {
                    // Worker 0's job first (it may be this one): the other
                    // worker gets that long to start this one.
                    if self.local.is_none()
                        && !self.claimed_soon(self.worker_of(*id), ticket)
                        && !ticket.claimed.swap(true, Relaxed)
                    {
                        // Its worker has not started it: rather than wait
                        // for that thread, the master's thread runs it.
                        let job = Job {
                            id: *id,
                            node: e.node.clone(),
                            depth: e.dewey.depth(),
                            h: *bound,
                            ticket: Arc::clone(ticket),
                        };
                        let j = self.worker_of(*id);
                        let v = self.run_here(&job, j)?;
                        if let Some(p) = self.pending.get_mut(&e.dewey) {
                            p.answer = Answer::Done(v);
                        }
                        continue;
                    }
                }
                // Not given out yet: it goes first to the next idle worker.
                None => self.send(e.dewey.clone(), e.node.clone(), e.h),
            }
            self.dispatch()?;
            if let Some(Pending {
                answer: Answer::Done(_),
                ..
            }) = self.pending.get(&e.dewey)
            {
                continue; // filed while dispatching
            }
            self.receive()?;
        }
    }

    fn gone(&self) -> Stopped {
        self.shared.fail(ThreadError::WorkerPanicked {
            message: "every worker is gone".into(),
        })
    }

    /// Evaluates worker `j`'s `job` on the master's thread; the terminals
    /// count as worker `j`'s (workers are logical, as processors are in
    /// tree-splitting).
    fn run_here(&self, job: &Job<T::Node>, j: usize) -> Result<Value, Stopped> {
        let mut c = ThreadCounts::default();
        let r = evaluate(self.tree, self.shared, self.worker, job, &mut c);
        self.counters[j + 1].fetch_add(c.leaves, Relaxed);
        self.interior.fetch_add(c.interior, Relaxed);
        r
    }

    /// Whether worker `j`, if it is awake, claims its job within
    /// [`GRACE`]: taking back a job an awake worker is about to start only
    /// serialises the two.
    fn claimed_soon(&self, j: usize, ticket: &Ticket) -> bool {
        let Some(board) = self.board else {
            return false;
        };
        let slot = &board.slots[j];
        if j == 0 || slot.thread.get().is_none() || slot.sleeping.load(SeqCst) {
            return false;
        }
        let start = Instant::now();
        while start.elapsed() < GRACE {
            if ticket.claimed.load(Relaxed) {
                return true;
            }
            std::hint::spin_loop();
        }
        ticket.claimed.load(Relaxed)
    }

    /// The worker job `id` was given to.
    fn worker_of(&self, id: u64) -> usize {
        self.assigned.iter().position(|&a| a == id).unwrap_or(0)
    }

    /// Runs worker 0's job if it has one (on the master's thread), else
    /// waits for one reply; files the answer.
    fn receive(&mut self) -> Result<(), Stopped> {
        let (j, id, r) = if let Some(job) = self.local.take() {
            // Purged (cancelled) or taken back already: nothing to run.
            let skip = job.ticket.cancel.load(Relaxed) || job.ticket.claimed.swap(true, Relaxed);
            (0, job.id, (!skip).then(|| self.run_here(&job, 0)))
        } else if self.idle.iter().all(|&b| b) {
            return Err(self.shared.fail(ThreadError::WorkerPanicked {
                message: "the master waited with no job running".into(),
            }));
        } else {
            // Spin a little (the answer is usually microseconds away), then
            // sleep.
            let start = Instant::now();
            loop {
                match self.replies.try_recv() {
                    Ok(reply) => break reply,
                    Err(TryRecvError::Empty) if start.elapsed() < SPIN => {
                        std::hint::spin_loop();
                    }
                    Err(TryRecvError::Empty) => match self.replies.recv() {
                        Ok(reply) => break reply,
                        Err(_) => return Err(self.gone()),
                    },
                    Err(TryRecvError::Disconnected) => return Err(self.gone()),
                }
            }
        };
        self.file(j, id, r)
    }

    /// Files worker `j`'s answer to job `id` (`None`: the master ran it, or
    /// it was purged); the worker is idle again.
    fn file(
        &mut self,
        j: usize,
        id: u64,
        r: Option<Result<Value, Stopped>>,
    ) -> Result<(), Stopped> {
        self.idle[j] = true;
        let Some(r) = r else {
            return Ok(());
        };
        if let Some(p) = self.pending.values_mut().find(|p| p.id == id) {
            match r {
                Ok(v) => p.answer = Answer::Done(v),
                Err(Stopped) => return Err(Stopped),
            }
        }
        Ok(())
    }

    /// Files the answers that are in, without waiting, and frees worker 0
    /// if its job was taken back or purged.
    fn drain(&mut self) -> Result<(), Stopped> {
        if let Some(job) = &self.local
            && (job.ticket.cancel.load(Relaxed) || job.ticket.claimed.load(Relaxed))
        {
            self.local = None;
            self.idle[0] = true;
        }
        while let Ok((j, id, r)) = self.replies.try_recv() {
            self.file(j, id, r)?;
        }
        Ok(())
    }

    /// Case 1's purge: drops every state at or below `m`, and cancels and
    /// forgets every job there.
    fn purge(&mut self, m: &Dewey) {
        self.open.retain(|e| !m.is_prefix_of(&e.dewey));
        self.pending.retain(|d, p| {
            let keep = !m.is_prefix_of(d);
            if let (false, Answer::Running(t)) = (keep, &p.answer) {
                t.cancel.store(true, Relaxed);
            }
            keep
        });
    }

    /// Cancels every running job (the search is over).
    fn cancel_all(&mut self) {
        for p in self.pending.values() {
            if let Answer::Running(t) = &p.answer {
                t.cancel.store(true, Relaxed);
            }
        }
        self.pending.clear();
    }
}

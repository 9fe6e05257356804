//! A deterministic processor-tree simulator for Campbell's parallel
//! algorithms (thesis ch. 4, Figs. 10-12 and p. 49; the cost model of
//! ch. 5): tree-splitting with and without the dynamic window update,
//! pv-splitting, parallel staged SSS*. Entry point: [`simulate()`].
//!
//! Time is counted in EVALTIME units: each terminal evaluation takes one
//! unit, move generation and messages are free. Two engines: the job-replay
//! engine here (a slave's sequential search is run when it is handed out,
//! its evaluations time-stamped, and the master consumes completions in
//! time order, ties to the lowest slave; `pvsplit.rs`, `staged.rs`), exact
//! whenever running jobs learn nothing new; and the time-stepped engine of
//! `update.rs` for Fig. 11's window update, whose terminal processors run
//! alpha-beta as step machines. Nothing depends on the host: the same tree
//! and processor tree give the same [`SimReport`] everywhere. The rules,
//! rule by rule with what the thesis says, are in `docs/PARALLEL.md`.

use std::fmt;

mod api;
mod pvsplit;
mod staged;
mod update;

pub use api::{SimAlgorithm, UnknownSimAlgorithm, simulate};

use search_bestfirst::BestFirstError;
use search_depthfirst::{Algorithm, SearchConfig, SearchError, Window, alphabeta};
use tree_core::{Counted, Subtree, Tree, Value};

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

/// Why a simulation could not run.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParallelError {
    /// A processor tree with `depth > 0` and `width == 0`: masters without
    /// slaves cannot search anything.
    ZeroWidth,
    /// A processor tree with more than [`ProcessorTree::MAX_PROCESSORS`]
    /// processors.
    TooManyProcessors {
        /// The processor tree asked for.
        processors: ProcessorTree,
    },
    /// A search on one of the processors failed.
    Search(SearchError),
    /// A best-first search on one of the processors failed.
    BestFirst(BestFirstError),
    /// The processor tree is too deep for the game tree under this
    /// algorithm: pv-splitting descends `depth` plies of principal variation
    /// and then tree-splits with all `depth` levels, so it needs 2·depth
    /// plies (Campbell p. 45: "the processor tree should not be deeper than
    /// the game tree"; p. 51: "PV cannot employ a depth 3 processor tree"
    /// on 4 plies); parallel staged SSS* gives each level a 2-ply stage and
    /// its terminal slaves at least one ply, so it needs 2·depth + 1 plies
    /// ("SSS cannot use either a depth 2 or 3 system").
    ProcessorTreeTooDeep {
        /// The algorithm's name.
        algorithm: &'static str,
        /// The processor tree asked for.
        processors: ProcessorTree,
        /// The game tree's depth.
        tree_depth: usize,
        /// The plies the algorithm needs on this processor tree.
        needed: usize,
    },
    /// The algorithm needs the tree's depth (and, for SSS*, its branching)
    /// and the tree does not report its [`Bounds`](tree_core::Bounds).
    UnknownShape {
        /// The algorithm's name.
        algorithm: &'static str,
    },
}

impl fmt::Display for ParallelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParallelError::ZeroWidth => {
                write!(f, "a processor tree of depth > 0 needs width >= 1")
            }
            ParallelError::TooManyProcessors { processors } => write!(
                f,
                "processor tree {processors} has more than {} processors",
                ProcessorTree::MAX_PROCESSORS
            ),
            ParallelError::Search(e) => write!(f, "search failed: {e}"),
            ParallelError::BestFirst(e) => write!(f, "search failed: {e}"),
            ParallelError::ProcessorTreeTooDeep {
                algorithm,
                processors,
                tree_depth,
                needed,
            } => write!(
                f,
                "{algorithm} on processor tree {processors} needs a game tree of at least \
                 {needed} plies; this one has {tree_depth}"
            ),
            ParallelError::UnknownShape { algorithm } => write!(
                f,
                "{algorithm} needs the game tree's shape, and the tree does not report it"
            ),
        }
    }
}

impl std::error::Error for ParallelError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParallelError::Search(e) => Some(e),
            ParallelError::BestFirst(e) => Some(e),
            _ => None,
        }
    }
}

impl From<BestFirstError> for ParallelError {
    fn from(e: BestFirstError) -> ParallelError {
        ParallelError::BestFirst(e)
    }
}

impl From<SearchError> for ParallelError {
    fn from(e: SearchError) -> ParallelError {
        ParallelError::Search(e)
    }
}

/// What a simulated tree-splitting search did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimReport {
    /// The root's value (from MAX's point of view), as found by the
    /// simulated processors; always the minimax value.
    pub value: Value,
    /// The root's best move (0-based), as the root processor knows it: the
    /// successor whose score last raised the root master's α (tree- and
    /// pv-splitting), the MIN successor solved at the top of its OPEN
    /// (staged SSS\*), or the sequential search's best move when the
    /// processor tree is the root processor alone. `None` on a terminal
    /// root. Only the move: the masters below the root keep values, not
    /// moves.
    pub best: Option<usize>,
    /// Simulated time from the start until the root processor returns, in
    /// EVALTIME units.
    pub elapsed: u64,
    /// Terminal evaluations made by each processor, numbered in preorder of
    /// the processor tree (0 is the root processor; slave `j` of a master
    /// `m` whose slaves head subtrees of `s` processors is `m + 1 + j*s`).
    /// Evaluations begun by a slave that is terminated count only if they
    /// had finished by the time it was terminated.
    pub evaluations: Vec<u64>,
    /// Sum of [`evaluations`](SimReport::evaluations): N(A(k), T).
    pub total: u64,
    /// Terminals sequential alpha-beta evaluates on the same tree:
    /// N(A(1), T).
    pub sequential: u64,
}

impl SimReport {
    /// Campbell's search-overhead coefficient S(A(k), T) = N(A(k), T) /
    /// N(A(1), T) (thesis p. 34).
    pub fn search_overhead(&self) -> f64 {
        self.total as f64 / self.sequential as f64
    }

    /// The speed-up over sequential alpha-beta: N(A(1), T) (its time, one
    /// unit per terminal) over the simulated elapsed time.
    pub fn speedup(&self) -> f64 {
        self.sequential as f64 / self.elapsed as f64
    }

    /// The number of processors simulated.
    pub fn processors(&self) -> usize {
        self.evaluations.len()
    }
}

/// Simulates Campbell's tree-splitting (1981, p. 39, Fig. 10) on a processor
/// tree, EVALTIME = 1, with the root processor at the root of `tree` and the
/// full window.
///
/// Fig. 10, as simulated: a leaf processor returns `alphabeta(p, α, β)`. A
/// master generates the successors `p.1 … p.w` and hands them out in order,
/// each to an idle slave, which searches it (recursively, with the master's
/// *current* window negated: `t = -j.treesplit(p.i, -β, -α)`); at first every
/// slave gets one successor under the window the master was called with.
/// When a slave returns (earliest completion first, ties to the lowest slave
/// number), the master raises α to `t` if `t > α`, and if then `α >= β`
/// (the cutoff test read as Fig. 4's, see `search-depthfirst`) terminates
/// its running slaves and returns α; otherwise it gives that slave the next
/// unsearched successor under the new window. A master returns α once all
/// successors are in. A master whose position is terminal evaluates it
/// itself (one unit). Slaves are never told of bounds found after they
/// started (no Fig. 11 update).
///
/// # Errors
/// [`ParallelError::ZeroWidth`] if `processors.depth > 0` and
/// `processors.width == 0`; [`ParallelError::TooManyProcessors`] past
/// [`ProcessorTree::MAX_PROCESSORS`]; [`ParallelError::Search`] if a
/// processor's alpha-beta fails (a tree deeper than
/// [`tree_core::MAX_DEPTH`], a sentinel leaf).
pub fn simulate_treesplit<T: Tree + ?Sized>(
    tree: &T,
    processors: ProcessorTree,
) -> Result<SimReport, ParallelError> {
    simulate(SimAlgorithm::TreeSplit, tree, processors)
}

/// The number of processors of a valid processor tree, or the error.
fn check_processors(processors: ProcessorTree) -> Result<usize, ParallelError> {
    if processors.depth > 0 && processors.width == 0 {
        return Err(ParallelError::ZeroWidth);
    }
    let count = processors
        .processors()
        .ok_or(ParallelError::TooManyProcessors { processors })?;
    Ok(count as usize)
}

/// The report of a finished simulation: evaluations per processor from the
/// runs, and sequential alpha-beta's count on the same tree (and its best
/// move, which is the root processor's when it runs alpha-beta alone: a
/// leaf processor's alpha-beta reports only its value).
fn report<T: Tree + ?Sized>(
    tree: &T,
    count: usize,
    value: Value,
    finish: u64,
    work: &[Run],
    best: Option<usize>,
) -> Result<SimReport, ParallelError> {
    let mut evaluations = vec![0u64; count];
    for run in work {
        evaluations[run.processor] += run.count;
    }
    let total = evaluations.iter().sum();
    // Its leaves are the ones `alphabeta` evaluates, node for node.
    let sequential = Algorithm::AlphaBeta.search(tree, &SearchConfig::new())?;
    let best = best.or_else(|| (count == 1).then_some(sequential.best).flatten());
    Ok(SimReport {
        value,
        best,
        elapsed: finish,
        evaluations,
        total,
        sequential: sequential.leaves,
    })
}

/// `sizes[l]` = processors in a processor subtree with `l` levels of slaves.
fn subtree_sizes(p: ProcessorTree) -> Vec<usize> {
    let mut sizes = vec![1usize];
    for l in 1..=p.depth {
        sizes.push(1 + p.width * sizes[l - 1]);
    }
    sizes
}

/// `count` consecutive terminal evaluations by `processor`, the first
/// finishing at `start + 1`.
#[derive(Debug, Clone, Copy)]
struct Run {
    processor: usize,
    start: u64,
    count: u64,
}

/// The outcome of one processor's job, in absolute simulated time.
struct Job {
    /// The job's value from the side to move at its position (negamax);
    /// the staged-SSS* jobs of [`staged`] use MAX's point of view instead.
    value: Value,
    /// When it returns.
    finish: u64,
    /// Every evaluation it (and its slaves) made.
    work: Vec<Run>,
    /// The successor of the job's node whose score last raised the job's
    /// α (its best move), if the job's processor knows it: a master does,
    /// a leaf processor's alpha-beta reports its value only.
    best: Option<usize>,
}

impl Job {
    /// The evaluations of this job that had finished by time `t`.
    fn truncate(&mut self, t: u64) {
        for run in &mut self.work {
            run.count = run.count.min(t.saturating_sub(run.start));
        }
        self.work.retain(|r| r.count > 0);
    }
}

/// Where a node sits among Knuth and Moore's critical nodes (Campbell
/// p. 44), as far as the pv-splitting simulator knows: only nodes handed
/// out below a principal variation are typed, everything else is `Other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// On the principal variation.
    Type1,
    /// An alternative to a type-1 or type-3 node: one successor suffices
    /// on a perfectly ordered tree.
    Type2,
    /// A successor of a type-2 node: every successor is needed.
    Type3,
    /// Not tracked.
    Other,
}

impl Kind {
    /// The kind of successor `i` (from 0).
    fn child(self, i: usize) -> Kind {
        match self {
            Kind::Type1 if i == 0 => Kind::Type1,
            Kind::Type1 | Kind::Type3 => Kind::Type2,
            Kind::Type2 => Kind::Type3,
            Kind::Other => Kind::Other,
        }
    }
}

/// The rules that distinguish the simulated depth-first algorithms.
#[derive(Debug, Clone, Copy, Default)]
struct Rules {
    /// p. 47: a master holding a type-2 node splits its grandchildren.
    type2: bool,
    /// Every slave job is a pvsplit (the general pv-splitting), not a
    /// treesplit (Campbell's simulations: pvsplit at the root processor
    /// only).
    pv_every_master: bool,
}

/// A processor's place: its number and the levels of slaves below it.
#[derive(Debug, Clone, Copy)]
struct At {
    processor: usize,
    levels: usize,
}

/// A search a processor is given: node `node` (`negate`: MIN is to move
/// there), the processor, the time it starts, and the window `(alpha,
/// beta)` from the side to move at the node (negamax).
struct Task<'n, N> {
    node: &'n N,
    negate: bool,
    at: At,
    start: u64,
    alpha: Value,
    beta: Value,
}

impl<N> Clone for Task<'_, N> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<N> Copy for Task<'_, N> {}

impl<'n, N> Task<'n, N> {
    /// The search of the root `node` on processor `at` from time 0, with
    /// the full window.
    fn root(node: &'n N, at: At) -> Task<'n, N> {
        Task {
            node,
            negate: false,
            at,
            start: 0,
            alpha: Value::NEG_INF,
            beta: Value::INF,
        }
    }

    /// The search of `node`, a successor of this task's node, on
    /// processor `at` from time `start`, under this task's window
    /// negated.
    fn successor<'c>(&self, node: &'c N, at: At, start: u64) -> Task<'c, N> {
        Task {
            node,
            negate: !self.negate,
            at,
            start,
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }
}

struct Sim<'a, T: ?Sized> {
    tree: &'a T,
    width: usize,
    sizes: Vec<usize>,
    rules: Rules,
}

impl<T: Tree + ?Sized> Sim<'_, T> {
    fn new(tree: &T, processors: ProcessorTree, rules: Rules) -> Sim<'_, T> {
        Sim {
            tree,
            width: processors.width,
            sizes: subtree_sizes(processors),
            rules,
        }
    }

    /// The number of slave `j` of the processor at `at`.
    fn slave(&self, at: At, j: usize) -> At {
        At {
            processor: at.processor + 1 + j * self.sizes[at.levels - 1],
            levels: at.levels - 1,
        }
    }

    /// Sequential fail-hard alpha-beta on `task.at.processor`, one unit
    /// per terminal from `task.start`.
    fn leaf(&self, task: Task<'_, T::Node>) -> Result<Job, ParallelError> {
        let sub = Counted::new(Subtree::new(self.tree, task.node.clone(), task.negate));
        let value = alphabeta(&sub, Window::new(task.alpha, task.beta)?)?;
        let count = sub.stats().leaves;
        Ok(Job {
            value,
            finish: task.start + count,
            work: vec![Run {
                processor: task.at.processor,
                start: task.start,
                count,
            }],
            best: None,
        })
    }

    /// The job a slave is given (its task's window from the slave's
    /// side): `treesplit`, or `pvsplit` in the general pv-splitting.
    fn slave_job(&self, task: Task<'_, T::Node>, kind: Kind) -> Result<Job, ParallelError> {
        if self.rules.pv_every_master {
            self.pvsplit(task, task.at.levels)
        } else {
            self.treesplit(task, kind)
        }
    }

    /// `at.processor.treesplit(p, α, β)` (Fig. 10) for `task`; `kind` is
    /// the node's critical type where pv-splitting tracks it.
    fn treesplit(&self, task: Task<'_, T::Node>, kind: Kind) -> Result<Job, ParallelError> {
        let w = self.tree.num_children(task.node);
        if task.at.levels == 0 || w == 0 {
            // A leaf processor (or a master at a terminal): sequential
            // alpha-beta, one unit per terminal.
            return self.leaf(task);
        }
        if self.rules.type2 && kind == Kind::Type2 {
            return self.type2(task);
        }
        let mut work = Vec::new();
        let (value, finish, best) = self.parfor(task, 0..w, kind, &mut work)?;
        Ok(Job {
            value,
            finish,
            work,
            best,
        })
    }

    /// Fig. 10's `parfor` over successors `range` of the task's node on
    /// the slaves of its processor, from its start with its window
    /// `(alpha, beta)`:
    /// the first successors go to slaves 0, 1, … under that window; when a
    /// slave returns (earliest completion first, ties to the lowest slave
    /// number) the master raises α, cuts off (terminating the other slaves)
    /// once α ≥ β, or else gives that slave the next successor under the
    /// current window. Returns the master's α, when it knows it, and the
    /// successor whose score last raised α (none if none did).
    fn parfor(
        &self,
        task: Task<'_, T::Node>,
        range: std::ops::Range<usize>,
        kind: Kind,
        work: &mut Vec<Run>,
    ) -> Result<(Value, u64, Option<usize>), ParallelError> {
        let (p, at, start, beta) = (task.node, task.at, task.start, task.beta);
        let mut alpha = task.alpha;
        // running[j] = the job slave j is doing.
        // running[j] = (successor, job).
        let mut running: Vec<Option<(usize, Job)>> = (0..self.width).map(|_| None).collect();
        let mut next = range.start;
        let mut best = None;
        let spawn = |i: usize, j: usize, t: u64, alpha: Value| {
            let child = self.tree.child(p, i);
            let now = Task { alpha, ..task };
            self.slave_job(now.successor(&child, self.slave(at, j), t), kind.child(i))
        };
        for (j, slot) in running.iter_mut().enumerate() {
            if next == range.end {
                break;
            }
            *slot = Some((next, spawn(next, j, start, alpha)?));
            next += 1;
        }
        let mut now = start;
        // The earliest completion; ties to the lowest slave number
        // (`min_by_key` keeps the first of equal keys).
        while let Some(j) = (0..self.width)
            .filter(|&j| running[j].is_some())
            .min_by_key(|&j| running[j].as_ref().map(|(_, job)| job.finish))
        {
            let (i, job) = running[j].take().expect("chosen among running slaves");
            now = job.finish;
            work.extend(job.work);
            let t = -job.value;
            if t > alpha {
                alpha = t;
                best = Some(i);
            }
            if alpha >= beta {
                // terminate(): the other slaves stop now.
                for (_, mut other) in running.into_iter().flatten() {
                    other.truncate(now);
                    work.extend(other.work);
                }
                return Ok((alpha, now, best));
            }
            if next < range.end {
                running[j] = Some((next, spawn(next, j, now, alpha)?));
                next += 1;
            }
        }
        Ok((alpha, now, best))
    }
}

//! The job-replay engine: a slave's sequential search is run when it is
//! handed out, its evaluations time-stamped, and the master consumes the
//! completions in time order, ties to the lowest slave. Tree-splitting
//! (Fig. 10) here; pv-splitting and the type-2 rule (`pvsplit.rs`) and
//! parallel staged SSS\* (`staged.rs`) add to [`Sim`] beside it.

use search_depthfirst::{Window, alphabeta};
use tree_core::{Counted, Subtree, Tree, Value};

pub(super) use crate::critical::Kind;

use super::error::ParallelError;
use super::processors::{ProcessorTree, subtree_sizes};
use super::report::Run;

/// The outcome of one processor's job, in absolute simulated time.
pub(super) struct Job {
    /// The job's value from the side to move at its position (negamax);
    /// the staged-SSS* jobs of [`staged`](super::staged) use MAX's point of view instead.
    pub(super) value: Value,
    /// When it returns.
    pub(super) finish: u64,
    /// Every evaluation it (and its slaves) made.
    pub(super) work: Vec<Run>,
    /// The successor of the job's node whose score last raised the job's
    /// α (its best move), if the job's processor knows it: a master does,
    /// a leaf processor's alpha-beta reports its value only.
    pub(super) best: Option<usize>,
}

impl Job {
    /// The evaluations of this job that had finished by time `t`.
    pub(super) fn truncate(&mut self, t: u64) {
        for run in &mut self.work {
            run.count = run.count.min(t.saturating_sub(run.start));
        }
        self.work.retain(|r| r.count > 0);
    }
}

/// The rules that distinguish the simulated algorithms (all off by
/// default: plain tree-splitting, and staged SSS* with its look-ahead).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Rules {
    /// p. 47: a master holding a type-2 node splits its grandchildren.
    pub(super) type2: bool,
    /// Every slave job is a pvsplit (the general pv-splitting), not a
    /// treesplit (Campbell's simulations: pvsplit at the root processor
    /// only).
    pub(super) pv_every_master: bool,
    /// Staged SSS*: the masters leave slaves idle rather than look ahead
    /// along the chains of brothers (rule 4(b) of `docs/PARALLEL.md` off).
    pub(super) no_lookahead: bool,
}

/// A processor's place: its number and the levels of slaves below it.
#[derive(Debug, Clone, Copy)]
pub(super) struct At {
    pub(super) processor: usize,
    pub(super) levels: usize,
}

/// A search a processor is given: node `node` (`negate`: MIN is to move
/// there), the processor, the time it starts, and the window `(alpha,
/// beta)` from the side to move at the node (negamax).
pub(super) struct Task<'n, N> {
    pub(super) node: &'n N,
    pub(super) negate: bool,
    pub(super) at: At,
    pub(super) start: u64,
    pub(super) alpha: Value,
    pub(super) beta: Value,
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
    pub(super) fn root(node: &'n N, at: At) -> Task<'n, N> {
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
    pub(super) fn successor<'c>(&self, node: &'c N, at: At, start: u64) -> Task<'c, N> {
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

pub(super) struct Sim<'a, T: ?Sized> {
    pub(super) tree: &'a T,
    pub(super) width: usize,
    pub(super) sizes: Vec<usize>,
    pub(super) rules: Rules,
}

impl<T: Tree + ?Sized> Sim<'_, T> {
    pub(super) fn new(tree: &T, processors: ProcessorTree, rules: Rules) -> Sim<'_, T> {
        Sim {
            tree,
            width: processors.width,
            sizes: subtree_sizes(processors),
            rules,
        }
    }

    /// The number of slave `j` of the processor at `at`.
    pub(super) fn slave(&self, at: At, j: usize) -> At {
        At {
            processor: at.processor + 1 + j * self.sizes[at.levels - 1],
            levels: at.levels - 1,
        }
    }

    /// Sequential fail-hard alpha-beta on `task.at.processor`, one unit
    /// per terminal from `task.start`.
    pub(super) fn leaf(&self, task: Task<'_, T::Node>) -> Result<Job, ParallelError> {
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
    pub(super) fn treesplit(
        &self,
        task: Task<'_, T::Node>,
        kind: Kind,
    ) -> Result<Job, ParallelError> {
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
    pub(super) fn parfor(
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

//! Parallel staged SSS* (Campbell 1981, p. 49; "SSS" in Tables 8-10) in
//! the job-replay simulator: every master runs SSS*'s Γ operator over a
//! 2-ply stage and hands its frontier nodes to its slaves; terminal slaves
//! run sequential SSS*. The rules are listed in the docs of
//! [`SimAlgorithm::StagedSss`](super::SimAlgorithm::StagedSss).

use search_bestfirst::{Variant, sss};
use tree_core::{Bounds, Counted, Dewey, Subtree, Tree, Value};

use super::error::ParallelError;
use super::replay::{At, Job, Sim};
use super::report::Run;

/// Plies between a master and its slaves (a stage of staged SSS*).
pub(super) const STAGE: usize = 2;

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Live,
    Solved,
}

/// One state (n, s, h) of a master's OPEN.
#[derive(Debug, Clone)]
struct Entry<N> {
    node: N,
    /// Relative to the master's node: depth 0, 1 (MIN, OR) or 2 (MAX, AND).
    dewey: Dewey,
    /// Children of n's parent (for case 2), 0 at the master's node.
    siblings: usize,
    status: Status,
    h: Value,
    /// The slave evaluating this LIVE state, if it has been handed out.
    slave: Option<usize>,
}

/// What a processor is given in parallel staged SSS*: the MAX node
/// `node` at absolute depth `depth`, the processor, the time it starts,
/// and the bound `h` (its job is min(h, value)); `shape` is the whole
/// tree's.
pub(super) struct Stage<'n, N> {
    node: &'n N,
    depth: usize,
    at: At,
    start: u64,
    h: Value,
    shape: Bounds,
}

impl<'n, N> Stage<'n, N> {
    /// The root `node` of a tree of `shape` on processor `at` from time 0,
    /// unbounded.
    pub(super) fn root(node: &'n N, at: At, shape: Bounds) -> Stage<'n, N> {
        Stage {
            node,
            depth: 0,
            at,
            start: 0,
            h: Value::INF,
            shape,
        }
    }
}

impl<T: Tree + ?Sized> Sim<'_, T> {
    /// min(h, value of `s.node`) (MAX's point of view) by `s.at.processor`,
    /// from time `s.start`; `shape` is the whole tree's.
    pub(super) fn staged(&self, s: Stage<'_, T::Node>) -> Result<Job, ParallelError> {
        if s.at.levels == 0 || self.tree.num_children(s.node) == 0 {
            return self.sss_leaf(s);
        }
        self.sss_master(s)
    }

    /// Hands the LIVE state `e` of the master at absolute `depth` on `at`
    /// to its slave `j` at time `now`: what `running[j]` records.
    fn hand_out(
        &self,
        e: &mut Entry<T::Node>,
        j: usize,
        depth: usize,
        at: At,
        now: u64,
        shape: Bounds,
    ) -> Result<(Dewey, Value, Job), ParallelError> {
        e.slave = Some(j);
        let slave = Stage {
            node: &e.node,
            depth: depth + e.dewey.depth(),
            at: self.slave(at, j),
            start: now,
            h: e.h,
            shape,
        };
        let job = self.staged(slave)?;
        Ok((e.dewey.clone(), e.h, job))
    }

    /// A terminal slave: sequential SSS* (Campbell's left-biased Γ, Table
    /// 12) on the subtree at `p` started from (p, LIVE, h), which gives
    /// min(h, value); one unit per terminal.
    fn sss_leaf(&self, s: Stage<'_, T::Node>) -> Result<Job, ParallelError> {
        let Stage {
            node: p,
            depth,
            at,
            start,
            h,
            shape,
        } = s;
        if h == Value::NEG_INF {
            // min(−∞, v) = −∞ without looking (cannot happen from a finite
            // tree, but costs nothing to get right).
            return Ok(Job {
                value: h,
                finish: start,
                work: Vec::new(),
                best: None,
            });
        }
        let sub = Counted::new(Subtree::new(self.tree, p.clone(), false));
        let cfg = sss::Config {
            shape: Some(Bounds {
                branching: shape.branching,
                depth: shape.depth.saturating_sub(depth),
                uniform: false,
            }),
            upper: h,
            ..sss::Config::new(Variant::LeftBiased)
        };
        let out = sss::aspiration(&sub, &cfg)?;
        let count = sub.stats().leaves;
        // Below its bound h, SSS* knows the best move; at h only that the
        // value is at least h.
        let best = (out.outcome.value < h)
            .then_some(out.outcome.best)
            .flatten();
        Ok(Job {
            value: out.outcome.value.min(h),
            finish: start + count,
            work: vec![Run {
                processor: at.processor,
                start,
                count,
            }],
            best,
        })
    }

    /// A master: the Γ operator over the 2-ply stage below `p`, started as
    /// (p, LIVE, h), with its frontier states evaluated by the slaves.
    fn sss_master(&self, s: Stage<'_, T::Node>) -> Result<Job, ParallelError> {
        let (p, depth, at, start, h, shape) = (s.node, s.depth, s.at, s.start, s.h, s.shape);
        // OPEN's front is the end of the vector.
        let mut open: Vec<Entry<T::Node>> = vec![Entry {
            node: p.clone(),
            dewey: Dewey::root(),
            siblings: 0,
            status: Status::Live,
            h,
            slave: None,
        }];
        // running[j] = (state's code, bound it was handed out with, job).
        let mut running: Vec<Option<(Dewey, Value, Job)>> = (0..self.width).map(|_| None).collect();
        // Look-ahead results of brothers not yet in OPEN: code -> (bound, min(bound, value)).
        let mut done: Vec<(Dewey, Value, Value)> = Vec::new();
        let mut work = Vec::new();
        let mut now = start;
        // A state is a slave's job if it is LIVE and at the stage's frontier
        // or terminal (a terminal in the stage is evaluated by a slave, one
        // unit, as every terminal is).
        let is_job = |e: &Entry<T::Node>| {
            e.status == Status::Live
                && e.dewey.depth() > 0
                && (e.dewey.depth() == STAGE || self.tree.num_children(&e.node) == 0)
        };
        loop {
            // 1. The Γ operator at the front while it need not wait.
            let value = loop {
                let top = open.last().expect("the master's state stays until solved");
                let rel = top.dewey.depth();
                match top.status {
                    Status::Solved if rel == 0 => break Some((top.h, None)),
                    Status::Solved if rel == 1 => {
                        // Case 1: an OR node solved solves the master's
                        // node (its parent); everything else is purged.
                        // That OR node is the master's best move.
                        let best = top.dewey.digits().first().map(|&d| usize::from(d));
                        break Some((top.h, best));
                    }
                    Status::Solved => {
                        let e = open.pop().expect("just seen");
                        let k = e.dewey.last().expect("not the root");
                        let parent = e.dewey.parent().expect("not the root");
                        let pnode = self.tree.child(p, usize::from(parent.digits()[0]));
                        if k + 1 < e.siblings {
                            // Case 2: the next brother, LIVE — unless a
                            // look-ahead already has (or is getting) its value
                            // under a bound at least h.
                            let dewey = parent.child(k + 1);
                            let mut b = Entry {
                                node: self.tree.child(&pnode, k + 1),
                                dewey,
                                siblings: e.siblings,
                                status: Status::Live,
                                h: e.h,
                                slave: None,
                            };
                            if let Some(i) = done.iter().position(|d| d.0 == b.dewey) {
                                let (_, bound, r) = done.swap_remove(i);
                                if b.h <= bound {
                                    b.status = Status::Solved;
                                    b.h = b.h.min(r);
                                    let at = insert_at(&open, &b);
                                    open.insert(at, b);
                                    continue;
                                }
                            }
                            b.slave = (0..self.width).find(|&j| {
                                running[j]
                                    .as_ref()
                                    .is_some_and(|(d, bound, _)| *d == b.dewey && b.h <= *bound)
                            });
                            open.push(b);
                        } else {
                            // Case 3: the last AND child solves its OR parent.
                            open.push(Entry {
                                node: pnode,
                                dewey: parent,
                                siblings: w_of(self.tree, p),
                                status: Status::Solved,
                                h: e.h,
                                slave: None,
                            });
                        }
                    }
                    Status::Live if is_job(top) => {
                        if top.slave.is_some() {
                            break None; // wait for it
                        }
                        match (0..self.width).find(|&j| running[j].is_none()) {
                            Some(j) => {
                                let e = open.last_mut().expect("just seen");
                                running[j] = Some(self.hand_out(e, j, depth, at, now, shape)?);
                                break None;
                            }
                            None => break None,
                        }
                    }
                    Status::Live if rel == 0 => {
                        // Case 6: every child of the AND node, the first in front.
                        let e = open.pop().expect("just seen");
                        let w = self.tree.num_children(&e.node);
                        for i in (0..w).rev() {
                            open.push(Entry {
                                node: self.tree.child(&e.node, i),
                                dewey: e.dewey.child(i),
                                siblings: w,
                                status: Status::Live,
                                h: e.h,
                                slave: None,
                            });
                        }
                    }
                    Status::Live => {
                        // Case 5: an OR node's first child.
                        let e = open.last_mut().expect("just seen");
                        expand_or(self.tree, e);
                    }
                }
            };
            if let Some((v, best)) = value {
                // The master's node is solved: terminate() the slaves.
                for (_, _, mut job) in running.into_iter().flatten() {
                    job.truncate(now);
                    work.extend(job.work);
                }
                return Ok(Job {
                    value: v,
                    finish: now,
                    work,
                    best,
                });
            }
            // 2. Idle slaves take the next LIVE frontier states in OPEN order,
            // front first; a LIVE OR state met on the way is replaced by its
            // first child (case 5 ahead of time: the state it produces and
            // where it stands are what case 5 would give at the front).
            for idx in (0..open.len()).rev() {
                let Some(j) = (0..self.width).find(|&j| running[j].is_none()) else {
                    break;
                };
                let e = &mut open[idx];
                if e.status == Status::Live
                    && e.dewey.depth() == 1
                    && self.tree.num_children(&e.node) > 0
                {
                    expand_or(self.tree, e);
                }
                if is_job(e) && e.slave.is_none() {
                    running[j] = Some(self.hand_out(e, j, depth, at, now, shape)?);
                }
            }
            // 2b. Slaves still idle look ahead along the chains of brothers:
            // for each AND state (front first), its next brothers not yet
            // evaluated, under the state's h. Case 2 will give a brother an
            // h' <= h (merits only fall along a chain), and min(h', v) =
            // min(h', min(h, v)), so the result serves as is. This is the
            // rule that favours ordered trees: the principal variation's
            // brothers all need proving, one by one in sequential SSS*.
            // Without the look-ahead (`no_lookahead`) the idle slaves wait.
            let mut ahead: Vec<(Dewey, T::Node, Value)> = Vec::new();
            let idle = if self.rules.no_lookahead {
                0
            } else {
                (0..self.width).filter(|&j| running[j].is_none()).count()
            };
            'entries: for e in open.iter().rev() {
                if ahead.len() == idle {
                    break;
                }
                if e.dewey.depth() != STAGE {
                    continue;
                }
                let parent = e.dewey.parent().expect("depth 2");
                let k = e.dewey.last().expect("depth 2");
                let pnode = self.tree.child(p, usize::from(parent.digits()[0]));
                for b in k + 1..e.siblings {
                    if ahead.len() == idle {
                        break 'entries;
                    }
                    let d = parent.child(b);
                    let known =
                        done.iter().any(|x| x.0 == d) || running.iter().flatten().any(|x| x.0 == d);
                    if !known {
                        ahead.push((d, self.tree.child(&pnode, b), e.h));
                    }
                }
            }
            for (d, node, h) in ahead {
                let j = (0..self.width)
                    .find(|&j| running[j].is_none())
                    .expect("counted");
                let slave = Stage {
                    node: &node,
                    depth: depth + STAGE,
                    at: self.slave(at, j),
                    start: now,
                    h,
                    shape,
                };
                let job = self.staged(slave)?;
                running[j] = Some((d, h, job));
            }
            // 3. The earliest completion (ties to the lowest slave number):
            // case 4 for its state, inserted as SOLVED with min(h, value).
            let j = (0..self.width)
                .filter(|&j| running[j].is_some())
                .min_by_key(|&j| running[j].as_ref().map(|(_, _, job)| job.finish))
                .expect("the front waits for a running slave");
            let (dewey, bound, job) = running[j].take().expect("chosen among running slaves");
            now = job.finish;
            work.extend(job.work);
            let Some(idx) = open
                .iter()
                .position(|e| e.dewey == dewey && e.slave == Some(j))
            else {
                // A look-ahead whose state is not in OPEN yet.
                done.push((dewey, bound, job.value));
                continue;
            };
            let mut e = open.remove(idx);
            e.status = Status::Solved;
            e.h = e.h.min(job.value);
            e.slave = None;
            let at = insert_at(&open, &e);
            open.insert(at, e);
        }
    }
}

fn w_of<T: Tree + ?Sized>(tree: &T, p: &T::Node) -> usize {
    tree.num_children(p)
}

/// Case 5 in place: (n, LIVE, h) becomes (n.1, LIVE, h).
fn expand_or<T: Tree + ?Sized>(tree: &T, e: &mut Entry<T::Node>) {
    let w = tree.num_children(&e.node);
    e.node = tree.child(&e.node, 0);
    e.dewey = e.dewey.child(0);
    e.siblings = w;
}

/// Case 4's insertion with Campbell's left-biased tie rule (Table 12):
/// behind every state of greater merit and every state of equal merit to
/// its left, in front of the rest. OPEN's front is the end of the vector.
fn insert_at<N>(open: &[Entry<N>], e: &Entry<N>) -> usize {
    let mut i = open.len();
    while i > 0 {
        let x = &open[i - 1];
        if x.h > e.h || (x.h == e.h && x.dewey < e.dewey) {
            i -= 1;
        } else {
            break;
        }
    }
    i
}

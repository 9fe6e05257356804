//! Pv-splitting (Campbell 1981, p. 46, Fig. 12) and the type-2
//! optimisation of p. 47, in the job-replay simulator of the parent module.

use tree_core::Tree;

use super::error::ParallelError;
use super::replay::{At, Job, Kind, Sim, Task};

impl<T: Tree + ?Sized> Sim<'_, T> {
    /// `at.processor.pvsplit(p, α, β, depth)` (Fig. 12) for `task`, with `to_go` =
    /// MAXDEPTH − depth plies of principal variation left (Campbell's
    /// simulations: MAXDEPTH = 1; the general mode: the processor subtree's
    /// depth): at MAXDEPTH the
    /// processor runs `treesplit` with its whole processor subtree;
    /// otherwise it first scores the first successor by a recursive pvsplit
    /// on the same processor (in zero time: masters do not evaluate), then
    /// hands the other successors (type-2 nodes) to its slaves in Fig. 10's
    /// `parfor` under the window that score gives.
    ///
    /// Fig. 12 sets α to the first successor's score outright; here α is
    /// raised to it (`max`), which is the same whenever the score is inside
    /// the window and keeps fail-hard results in the window otherwise.
    pub(super) fn pvsplit(
        &self,
        task: Task<'_, T::Node>,
        to_go: usize,
    ) -> Result<Job, ParallelError> {
        let (p, at, start, alpha, beta) = (task.node, task.at, task.start, task.alpha, task.beta);
        let w = self.tree.num_children(p);
        if to_go == 0 || w == 0 || at.levels == 0 {
            // The initial score by plain tree-splitting: the type-2 rule is
            // kept for the alternatives pvsplit itself hands out.
            return self.treesplit(task, Kind::Unknown);
        }
        let first = self.pvsplit(task.successor(&self.tree.child(p, 0), at, start), to_go - 1)?;
        let mut best = (-first.value > alpha).then_some(0);
        let mut alpha = alpha.max(-first.value);
        let mut work = first.work;
        let mut finish = first.finish;
        if alpha < beta {
            let rest = Task {
                start: first.finish,
                alpha,
                ..task
            };
            let (a, f, b) = self.parfor(rest, 1..w, Kind::Type1, &mut work)?;
            alpha = a;
            finish = f;
            best = b.or(best);
        }
        Ok(Job {
            value: alpha,
            finish,
            work,
            best,
        })
    }

    /// A master holding a type-2 node under the p. 47 optimisation: "instead
    /// of assigning the immediate successors of a (type 2) node to the
    /// slaves, assign the successors' successors". The master takes the
    /// successors (type 3) one at a time, in order; each is scored by a
    /// `parfor` of *its* successors (type 2 again) on this master's slaves,
    /// under the window the master has then; after each the master raises
    /// α and stops at a cutoff, as sequential alpha-beta would at a type-2
    /// node. A terminal successor is evaluated by the master (one unit).
    pub(super) fn type2(&self, task: Task<'_, T::Node>) -> Result<Job, ParallelError> {
        let (p, at, beta) = (task.node, task.at, task.beta);
        let mut alpha = task.alpha;
        let w = self.tree.num_children(p);
        let mut work = Vec::new();
        let mut now = task.start;
        let mut best = None;
        for i in 0..w {
            let c = self.tree.child(p, i);
            let cw = self.tree.num_children(&c);
            let here = Task { alpha, ..task };
            let t = if cw == 0 {
                let job = self.leaf(here.successor(&c, At { levels: 0, ..at }, now))?;
                now = job.finish;
                work.extend(job.work);
                -job.value
            } else {
                let (v, f, _) =
                    self.parfor(here.successor(&c, at, now), 0..cw, Kind::Type3, &mut work)?;
                now = f;
                -v
            };
            if t > alpha {
                alpha = t;
                best = Some(i);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(Job {
            value: alpha,
            finish: now,
            work,
            best,
        })
    }
}

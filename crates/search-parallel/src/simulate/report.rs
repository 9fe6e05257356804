//! [`SimReport`]: what a simulation did, made from the runs of
//! evaluations of its processors.

use search_depthfirst::{Algorithm, SearchConfig};
use tree_core::{Tree, Value};

use super::error::ParallelError;

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

/// `count` consecutive terminal evaluations by `processor`, the first
/// finishing at `start + 1`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Run {
    pub(super) processor: usize,
    pub(super) start: u64,
    pub(super) count: u64,
}

/// The report of a finished simulation: evaluations per processor from the
/// runs, and sequential alpha-beta's count on the same tree (and its best
/// move, which is the root processor's when it runs alpha-beta alone: a
/// leaf processor's alpha-beta reports only its value).
pub(super) fn report<T: Tree + ?Sized>(
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

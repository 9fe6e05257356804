//! [`Report`]: what a search found and what it cost.

use std::time::Duration;

use search_depthfirst::Window;
use serde::{Serialize, Serializer};
use tree_core::{Dewey, StopReason, Value};

#[cfg(feature = "mpi")]
use crate::mpi_report::MpiReport;
use crate::{Algorithm, MemoryUnit};

/// What [`Report::value`] says about the minimax value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Bound {
    /// The value is the minimax value (of the tree, or of the game at
    /// [`Report::depth`]).
    Exact,
    /// The minimax value is at least `value` (a window's search failed
    /// high).
    Lower,
    /// The minimax value is at most `value` (a window's search failed low).
    Upper,
    /// Nothing is known: a limit stopped the search before it had a value
    /// ([`Report::stopped`] says which); `value` is 0 and means nothing.
    Unknown,
}

/// What a search found and what it cost; `M` is a move: a child index
/// (`usize`, 0-based) for [`search`](crate::search), the game's move for
/// [`search_game`](crate::search_game).
///
/// A search stopped by a limit is a report too, with
/// [`stopped`](Report::stopped) set: the enhanced engines then give the
/// last depth they completed ([`depth`](Report::depth)), the others
/// [`Bound::Unknown`].
///
/// `serde::Serialize` gives the JSON of `gametree search --json`: the
/// algorithm by name, the value as a number (`"inf"`/`"-inf"` for the
/// sentinels), the elapsed time in seconds, the stop reason as a word.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Report<M = usize> {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The root's value from MAX's point of view (for a game, the player
    /// to move at the root): the minimax value, unless
    /// [`bound`](Report::bound) says otherwise.
    #[serde(serialize_with = "value_json")]
    pub value: Value,
    /// What `value` is: exact, or a bound after a window's search failed
    /// low or high, or unknown after an early stop.
    pub bound: Bound,
    /// The root's best move: a move whose position has the root's value
    /// (after a search that failed high, the move that reached the bound).
    /// `None` for a terminal root, after a fail low, and after an early
    /// stop without a completed iteration.
    pub best: Option<M>,
    /// The principal variation, `best` first, as far as the algorithm
    /// knows it (see [`pv_complete`](Report::pv_complete)); empty without
    /// a best move.
    pub pv: Vec<M>,
    /// Whether `pv` runs down to a terminal (or the game's horizon). Many
    /// searches know only the best move, or stop the line where a
    /// re-search ended on its window's edge: their line is partial.
    pub pv_complete: bool,
    /// Terminal evaluations, re-evaluations included (for an enhanced
    /// engine, its static evaluations).
    pub leaves: u64,
    /// Interior expansions (for an enhanced engine, positions expanded).
    pub interior: u64,
    /// Different leaves evaluated, when [`Config::trace`](crate::Config::trace)
    /// recorded them.
    pub distinct_leaves: Option<u64>,
    /// The most memory the search held, in [`memory_unit`](Report::memory_unit):
    /// a best-first search's peak OPEN entries (at most its budget), an MT
    /// driver's table entries in use, an enhanced engine's table bytes;
    /// `None` for the searches that keep only a stack.
    pub peak_memory: Option<usize>,
    /// The unit of `peak_memory`.
    pub memory_unit: Option<MemoryUnit>,
    /// The OPEN budget a best-first search held to, in OPEN entries:
    /// [`Config::memory`](crate::Config::memory), or its own default
    /// without one, capped at the most the tree can use
    /// ([`maximum_memory_for`](crate::maximum_memory_for)) where the tree
    /// tells its shape — a budget larger than that costs nothing more, and
    /// this field says what it came to. `None` for the searches without an
    /// OPEN budget, and for a game searched without [`Config::memory`](crate::Config::memory).
    pub memory_budget: Option<usize>,
    /// Time from the start of the search to its end.
    #[serde(serialize_with = "seconds_json", rename = "seconds")]
    pub elapsed: Duration,
    /// Which limit stopped the search early, if one did.
    #[serde(serialize_with = "stop_json")]
    pub stopped: Option<StopReason>,
    /// The depth `value`, `best` and `pv` are for, for a game search (the
    /// depth asked for, or the last completed one when a limit stopped an
    /// iterative search); `None` for a tree.
    pub depth: Option<u32>,
    /// The threads that searched (1 for a sequential search).
    pub threads: usize,
    /// Leaf evaluations per thread, for a multi-threaded search (in the
    /// engine's order; empty for a sequential one).
    pub per_thread: Vec<u64>,
    /// The leaves in evaluation order, as Dewey codes (0-based child
    /// indices; display a [`Dewey`] to see it 1-based), with
    /// [`Config::trace`](crate::Config::trace).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "trace_json")]
    pub trace: Option<Vec<Dewey>>,
    /// For a search on MPI ranks (feature `mpi`): this process's rank and,
    /// on rank 0, every rank's statistics and the messages by kind
    /// ([`mpi::MpiReport`](crate::mpi::MpiReport)); `None` for a search in
    /// one process. Only rank 0's report has the search's results (see
    /// [`rank`](Report::rank)).
    #[cfg(feature = "mpi")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mpi: Option<MpiReport>,
}

impl<M> Report<M> {
    /// The MPI rank that returned the report: 0 for a search in one
    /// process. A search on MPI ranks (feature `mpi`) returns on every
    /// rank; rank 0's report has what the search found and what it cost,
    /// every other rank's has nothing ([`Bound::Unknown`], no counts) but
    /// its rank.
    pub fn rank(&self) -> usize {
        #[cfg(feature = "mpi")]
        if let Some(m) = &self.mpi {
            return m.rank;
        }
        0
    }

    /// The value, if it is the exact minimax value.
    pub fn exact(&self) -> Option<Value> {
        (self.bound == Bound::Exact).then_some(self.value)
    }

    /// The same report with every move turned into another type (a game's
    /// move into its name, say).
    pub fn map_moves<N>(mut self, mut f: impl FnMut(M) -> N) -> Report<N> {
        let best = self.best.take().map(&mut f);
        let pv = std::mem::take(&mut self.pv).into_iter().map(f).collect();
        self.with_moves(best, pv)
    }

    /// The same report with the moves `best` and `pv` instead.
    pub(crate) fn with_moves<N>(self, best: Option<N>, pv: Vec<N>) -> Report<N> {
        Report {
            algorithm: self.algorithm,
            value: self.value,
            bound: self.bound,
            best,
            pv,
            pv_complete: self.pv_complete,
            leaves: self.leaves,
            interior: self.interior,
            distinct_leaves: self.distinct_leaves,
            peak_memory: self.peak_memory,
            memory_unit: self.memory_unit,
            memory_budget: self.memory_budget,
            elapsed: self.elapsed,
            stopped: self.stopped,
            depth: self.depth,
            threads: self.threads,
            per_thread: self.per_thread,
            trace: self.trace,
            #[cfg(feature = "mpi")]
            mpi: self.mpi,
        }
    }

    /// A report of `algorithm` with nothing found yet.
    pub(crate) fn empty(algorithm: Algorithm) -> Report<M> {
        Report {
            algorithm,
            value: Value::from_small(0),
            bound: Bound::Unknown,
            best: None,
            pv: Vec::new(),
            pv_complete: false,
            leaves: 0,
            interior: 0,
            distinct_leaves: None,
            peak_memory: None,
            memory_unit: algorithm.memory_unit(),
            memory_budget: None,
            elapsed: Duration::ZERO,
            stopped: None,
            depth: None,
            threads: 1,
            per_thread: Vec::new(),
            trace: None,
            #[cfg(feature = "mpi")]
            mpi: None,
        }
    }
}

/// What a fail-hard result for the window `w` says about the minimax
/// value.
pub(crate) fn classify(w: Window, value: Value) -> Bound {
    if value <= w.alpha() && w.alpha() != Value::NEG_INF {
        Bound::Upper
    } else if value >= w.beta() && w.beta() != Value::INF {
        Bound::Lower
    } else {
        Bound::Exact
    }
}

/// A value as JSON: an integer, `"inf"` or `"-inf"`.
pub(crate) fn value_json<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    if *v == Value::INF {
        s.serialize_str("inf")
    } else if *v == Value::NEG_INF {
        s.serialize_str("-inf")
    } else {
        s.serialize_i32(v.get())
    }
}

fn seconds_json<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

/// The stop reason as a word: `deadline`, `leaf-limit`, `cancelled`.
pub(crate) fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Deadline => "deadline",
        StopReason::LeafLimit => "leaf-limit",
        StopReason::Cancelled => "cancelled",
    }
}

fn stop_json<S: Serializer>(r: &Option<StopReason>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(stop_name(*r)),
        None => s.serialize_none(),
    }
}

fn trace_json<S: Serializer>(t: &Option<Vec<Dewey>>, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    match t {
        None => s.serialize_none(),
        Some(codes) => {
            let mut seq = s.serialize_seq(Some(codes.len()))?;
            for c in codes {
                seq.serialize_element(c.digits())?;
            }
            seq.end()
        }
    }
}

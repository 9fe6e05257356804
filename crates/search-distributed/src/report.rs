//! What a distributed search reports: the value, and per rank the terminal
//! evaluations, jobs, messages and latencies.

use std::time::Duration;

use search_parallel::ProcessorTree;
use tree_core::Value;

use crate::DistAlgorithm;
use crate::kind::MessageKind;

/// Messages of one kind received by a rank, and how long they took from
/// the sender's clock to the moment the receiver read them (on one host the
/// clocks agree; across hosts these times mean nothing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Latency {
    /// Messages received.
    pub count: u64,
    /// Their latencies summed, in nanoseconds.
    pub total_ns: u64,
    /// The largest latency, in nanoseconds.
    pub max_ns: u64,
}

impl Latency {
    /// The mean latency in microseconds, if any message was received.
    pub fn mean_us(&self) -> Option<f64> {
        (self.count > 0).then(|| self.total_ns as f64 / self.count as f64 / 1000.0)
    }

    pub(crate) fn record(&mut self, ns: u64) {
        self.count += 1;
        self.total_ns = self.total_ns.saturating_add(ns);
        self.max_ns = self.max_ns.max(ns);
    }

    /// Adds `o`'s messages to these (each sum saturating).
    pub fn merge(&mut self, o: &Latency) {
        self.count = self.count.saturating_add(o.count);
        self.total_ns = self.total_ns.saturating_add(o.total_ns);
        self.max_ns = self.max_ns.max(o.max_ns);
    }
}

/// What one rank (one processor of the processor tree) did in one search.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RankStats {
    /// Terminal evaluations (calls of `Tree::value`), in jobs that were
    /// later terminated too.
    pub leaves: u64,
    /// Interior expansions (calls of `Tree::num_children` on an interior
    /// node), as `tree_core::Counted` counts them.
    pub interior: u64,
    /// Jobs this rank was given (ASSIGN messages received; 0 for rank 0,
    /// whose job is the root).
    pub jobs: u64,
    /// Of those, jobs its master terminated before they finished.
    pub terminated: u64,
    /// Terminal evaluations made after the TERMINATE of their job had been
    /// sent (measured on the sender's and receiver's clocks; on one host an
    /// upper bound, to one poll interval, of the work a cutoff could not
    /// stop in time).
    pub after_terminate: u64,
    /// Time spent in jobs (rank 0: the whole search), in nanoseconds.
    pub busy_ns: u64,
    /// EVALTIME emulation only: how often this rank fell off the virtual
    /// clock — an evaluation more than half an EVALTIME late, or (a
    /// master) a result that arrived after the master's clock had passed
    /// its finishing time. With none anywhere, the run followed the
    /// simulator's timing model.
    pub late: u64,
    /// Messages sent, per [`MessageKind`] (indexed by
    /// [`MessageKind::index`]).
    pub sent: [u64; MessageKind::COUNT],
    /// Bytes sent.
    pub bytes_sent: u64,
    /// Messages received and their latencies, per [`MessageKind`].
    pub received: [Latency; MessageKind::COUNT],
}

impl RankStats {
    /// `u64` words in the wire form.
    pub(crate) const WORDS: usize = 8 + MessageKind::COUNT * 4;

    pub(crate) fn to_words(&self) -> [u64; RankStats::WORDS] {
        let mut w = [0u64; RankStats::WORDS];
        w[..8].copy_from_slice(&[
            self.leaves,
            self.interior,
            self.jobs,
            self.terminated,
            self.after_terminate,
            self.busy_ns,
            self.bytes_sent,
            self.late,
        ]);
        for k in 0..MessageKind::COUNT {
            let at = 8 + 4 * k;
            let r = &self.received[k];
            w[at..at + 4].copy_from_slice(&[self.sent[k], r.count, r.total_ns, r.max_ns]);
        }
        w
    }

    pub(crate) fn from_words(w: &[u64; RankStats::WORDS]) -> RankStats {
        let mut s = RankStats {
            leaves: w[0],
            interior: w[1],
            jobs: w[2],
            terminated: w[3],
            after_terminate: w[4],
            busy_ns: w[5],
            bytes_sent: w[6],
            late: w[7],
            ..RankStats::default()
        };
        for k in 0..MessageKind::COUNT {
            let at = 8 + 4 * k;
            s.sent[k] = w[at];
            s.received[k] = Latency {
                count: w[at + 1],
                total_ns: w[at + 2],
                max_ns: w[at + 3],
            };
        }
        s
    }

    /// Messages of `kind` sent by this rank.
    pub fn sent_of(&self, kind: MessageKind) -> u64 {
        self.sent[kind.index()]
    }
}

/// What a distributed search did, assembled on rank 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistReport {
    /// The algorithm that ran.
    pub algorithm: DistAlgorithm,
    /// The root's minimax value (from MAX's side) clamped into the window:
    /// what `search_depthfirst::alphabeta` returns on that window.
    pub value: Value,
    /// The root's best move (0-based): the successor whose value last
    /// raised the root's α, the first such in the order the answers were
    /// consumed. `None` on a terminal root, and when no successor's value
    /// rose above the window's α (the root failed low). The distributed
    /// searches know no deeper line than this move: the masters below the
    /// root keep values, not moves.
    pub best: Option<usize>,
    /// The processor tree; rank r is processor r in its preorder.
    pub processors: ProcessorTree,
    /// Every rank's statistics, by rank.
    pub per_rank: Vec<RankStats>,
    /// Wall-clock time on rank 0 from the start of the search (after the
    /// start-up handshake) until the value was known (before the
    /// statistics were gathered).
    pub elapsed: Duration,
    /// EVALTIME emulation only: the search's length on the virtual clock,
    /// in EVALTIMEs (the simulator's `elapsed`).
    pub virtual_elapsed: Option<u64>,
}

impl DistReport {
    /// Terminal evaluations summed over the ranks: N(A(k), T).
    pub fn leaves(&self) -> u64 {
        self.summed(|s| s.leaves)
    }

    /// Interior expansions summed over the ranks.
    pub fn interior(&self) -> u64 {
        self.summed(|s| s.interior)
    }

    /// Terminal evaluations of each rank.
    pub fn per_rank_leaves(&self) -> Vec<u64> {
        self.per_rank.iter().map(|s| s.leaves).collect()
    }

    /// Jobs handed out (ASSIGN messages sent) by all masters.
    pub fn jobs(&self) -> u64 {
        self.sent(MessageKind::Assign)
    }

    /// Messages of `kind` sent by all ranks.
    pub fn sent(&self, kind: MessageKind) -> u64 {
        self.summed(|s| s.sent_of(kind))
    }

    /// `count` of each rank, summed (saturating).
    fn summed(&self, count: impl Fn(&RankStats) -> u64) -> u64 {
        self.per_rank.iter().map(count).fold(0, u64::saturating_add)
    }

    /// Latencies of the messages of `kind` received by all ranks.
    pub fn latency(&self, kind: MessageKind) -> Latency {
        let mut l = Latency::default();
        for s in &self.per_rank {
            l.merge(&s.received[kind.index()]);
        }
        l
    }

    /// EVALTIME emulation: times any rank fell off the virtual clock.
    pub fn late(&self) -> u64 {
        self.summed(|s| s.late)
    }

    /// Evaluations made after their job's TERMINATE was sent, all ranks.
    pub fn after_terminate(&self) -> u64 {
        self.summed(|s| s.after_terminate)
    }

    /// Campbell's search-overhead coefficient S = N(A(k), T) / N(A(1), T)
    /// against a sequential count (p. 34).
    pub fn overhead(&self, sequential: u64) -> f64 {
        self.leaves() as f64 / sequential as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        let mut s = RankStats {
            leaves: 1,
            interior: 2,
            jobs: 3,
            terminated: 4,
            after_terminate: 5,
            busy_ns: 6,
            bytes_sent: 7,
            late: 8,
            ..RankStats::default()
        };
        for k in 0..MessageKind::COUNT {
            s.sent[k] = 10 + k as u64;
            s.received[k] = Latency {
                count: 100 + k as u64,
                total_ns: 1000 + k as u64,
                max_ns: 10_000 + k as u64,
            };
        }
        assert_eq!(RankStats::from_words(&s.to_words()), s);
    }

    #[test]
    fn latency_means_and_merges() {
        let mut a = Latency::default();
        assert_eq!(a.mean_us(), None);
        a.record(1000);
        a.record(3000);
        assert_eq!(a.mean_us(), Some(2.0));
        let mut b = Latency::default();
        b.record(9000);
        a.merge(&b);
        assert_eq!((a.count, a.total_ns, a.max_ns), (3, 13_000, 9000));
    }
}

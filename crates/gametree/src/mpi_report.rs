//! [`MpiReport`]: what a search on MPI ranks adds to its
//! [`Report`](crate::Report), and its JSON (feature `mpi`; public as
//! `gametree::mpi::MpiReport`).

use search_distributed::{DistReport, MessageKind, RankStats};
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};

/// What a search on MPI ranks adds to its [`Report`](crate::Report)
/// ([`Report::mpi`](crate::Report::mpi)).
///
/// As JSON (`gametree search --mpi --json`'s `mpi` object): `ranks`,
/// `elapsed_ms`, `per_rank` (each rank's `rank`, `leaves`, `interior`,
/// `jobs`, `terminated`, `after_terminate`, `busy_ms`, `messages_sent`,
/// `bytes_sent`) and `messages` (by kind: `kind`, `sent`, and the mean
/// and largest latency in microseconds, `mean_us` and `max_us`) on rank 0;
/// `rank` and `ranks` elsewhere.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct MpiReport {
    /// This process's rank.
    pub rank: usize,
    /// The ranks of the job.
    pub ranks: usize,
    /// On rank 0, the distributed search's own report: the processor
    /// tree, every rank's statistics, the messages and their latencies,
    /// the time from the start-up handshake to the value; `None` on the
    /// other ranks.
    pub details: Option<DistReport>,
}

impl Serialize for MpiReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let Some(r) = &self.details else {
            let mut o = s.serialize_struct("MpiReport", 2)?;
            o.serialize_field("rank", &self.rank)?;
            o.serialize_field("ranks", &self.ranks)?;
            return o.end();
        };
        let mut o = s.serialize_struct("MpiReport", 4)?;
        o.serialize_field("ranks", &self.ranks)?;
        o.serialize_field("elapsed_ms", &(r.elapsed.as_secs_f64() * 1e3))?;
        o.serialize_field("per_rank", &PerRank(&r.per_rank))?;
        o.serialize_field("messages", &Messages(r))?;
        o.end()
    }
}

/// Each rank's counts, by rank, as JSON.
struct PerRank<'a>(&'a [RankStats]);

impl Serialize for PerRank<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for (rank, r) in self.0.iter().enumerate() {
            seq.serialize_element(&RankJson {
                rank,
                leaves: r.leaves,
                interior: r.interior,
                jobs: r.jobs,
                terminated: r.terminated,
                after_terminate: r.after_terminate,
                busy_ms: r.busy_ns as f64 / 1e6,
                messages_sent: r.sent.iter().sum(),
                bytes_sent: r.bytes_sent,
            })?;
        }
        seq.end()
    }
}

#[derive(serde::Serialize)]
struct RankJson {
    rank: usize,
    leaves: u64,
    interior: u64,
    jobs: u64,
    terminated: u64,
    after_terminate: u64,
    busy_ms: f64,
    messages_sent: u64,
    bytes_sent: u64,
}

/// The messages by kind, summed over the ranks, as JSON.
struct Messages<'a>(&'a DistReport);

impl Serialize for Messages<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(MessageKind::ALL.len()))?;
        for kind in MessageKind::ALL {
            let l = self.0.latency(kind);
            seq.serialize_element(&KindJson {
                kind: kind.name(),
                sent: self.0.sent(kind),
                mean_us: l.mean_us(),
                max_us: l.max_ns as f64 / 1e3,
            })?;
        }
        seq.end()
    }
}

#[derive(serde::Serialize)]
struct KindJson {
    kind: &'static str,
    sent: u64,
    /// Mean and largest latency (sender's clock to receiver's), in
    /// microseconds; meaningful on one host only.
    mean_us: Option<f64>,
    max_us: f64,
}

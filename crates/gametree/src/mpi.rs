//! The searches on MPI ranks (feature `mpi`): [`Algorithm::MpiTreeSplit`]
//! and [`Algorithm::MpiPvSplit`], Campbell's tree-splitting and
//! pv-splitting (1981, Figs. 10–12) with one process per processor of the
//! processor tree, through `search_distributed` and its MPI transport.
//!
//! Start the program under `mpirun -np K` and call [`search`](crate::search)
//! (or [`search_game`](crate::search_game)) on every rank with the same
//! tree and the same [`Config`]: rank 0 gets the [`Report`] of the search
//! (value, bound, best move, leaves and interior nodes summed over the
//! ranks, [`per_thread`](Report::per_thread) the leaves of each rank,
//! [`threads`](Report::threads) the ranks, and in [`Report::mpi`] every
//! rank's statistics and the messages by kind); every other rank serves
//! its master until the search is over and gets a report that holds
//! nothing but its rank ([`Report::rank`]).
//!
//! ```no_run
//! use gametree::{Algorithm, Config, ProcessorTree, search};
//! use tree_core::{GenSpec, Generator};
//!
//! // mpirun -np 7 this-program
//! let tree = GenSpec::new(Generator::RANDOM, 4, 8, 1, 0).build()?;
//! let config = Config::default().processors(ProcessorTree { depth: 2, width: 2 });
//! let report = search(Algorithm::MpiPvSplit, &tree, &config)?;
//! if report.rank() == 0 {
//!     println!("value {} in {} leaves on {} ranks", report.value, report.leaves, report.threads);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The processor tree is [`Config::processors`], one rank per processor
//! (rank r is processor r in preorder); unset, it is one master over the
//! other ranks, (1, K − 1). The searches take a window
//! ([`Config::window`]), pv-splitting the type-2 rule ([`Config::type2`]),
//! and both [`Config::rank_timeout`]; no limit (a time limit, a leaf
//! budget, a stop handle), no trace.
//!
//! MPI is initialised by the first call that needs it (`MPI_Init`, on the
//! calling thread: every later call must come from that thread) and
//! finalised when that thread ends — for the main thread, when the
//! program exits — or by [`finalize`]. A program not started by `mpirun`
//! is one rank. Searches follow one another on the same ranks; before one
//! on another processor tree than the last, the ranks wait for each other
//! (`MPI_Barrier`), so that no rank starts it while its new master is still
//! ending the last one.
//!
//! ## When a rank fails
//!
//! Every error is rank 0's to report ([`Error::Distributed`]): the other
//! ranks' searches fail too (with the error that made them stop, or
//! `DistError::Aborted`), and should say nothing. A rank that cannot build
//! the tree calls [`refuse`] instead of [`search`](crate::search), so
//! that rank 0 reports why and every rank ends. A rank that stops
//! answering for [`Config::rank_timeout`] is reported by rank 0, and then
//! the job cannot end normally ([`Error::needs_abort`]): rank 0 reports
//! the error and calls [`abort`].

use std::cell::RefCell;

use search_distributed::{DistAlgorithm, MpiTransport, Transport};
use search_parallel::ProcessorTree;
use serde::ser::{Serialize, SerializeSeq, SerializeStruct, Serializer};
use tree_core::Tree;

use crate::adapt::reaches_terminal;
use crate::cache::classify;
#[cfg(doc)]
use crate::{Algorithm, Config};
use crate::{Error, Report};

pub use search_distributed::{DistError, DistReport, Latency, MessageKind, RankStats};

/// What a search on MPI ranks adds to its [`Report`]
/// ([`Report::mpi`]).
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

/// This process's part of MPI: not yet initialised, initialised (on this
/// thread), or finalised.
enum World {
    Unborn,
    Open(Ranks),
    Finalized,
}

/// The MPI ranks, and the processor tree of the last search on them.
struct Ranks {
    transport: MpiTransport,
    last: Option<ProcessorTree>,
}

impl Ranks {
    /// Ready for a search on `processors`: after a search on another
    /// processor tree, every rank waits for every other to have left it
    /// (a rank leaves a search when its master has, which orders the
    /// searches only while the masters stay the same).
    fn start(&mut self, processors: ProcessorTree) -> &mut MpiTransport {
        if self.last.is_some_and(|p| p != processors) {
            self.transport.barrier();
        }
        self.last = Some(processors);
        &mut self.transport
    }
}

thread_local! {
    /// MPI on the thread that initialised it; finalised (by the
    /// transport's drop) when the thread ends.
    static WORLD: RefCell<World> = const { RefCell::new(World::Unborn) };
}

/// Runs `f` on this process's MPI transport, initialising MPI first if it
/// is not yet.
fn with_world<R>(f: impl FnOnce(&mut Ranks) -> R) -> Result<R, Error> {
    WORLD.with(|world| {
        let mut world = world.borrow_mut();
        if let World::Unborn = *world {
            *world = World::Open(Ranks {
                transport: MpiTransport::init()?,
                last: None,
            });
        }
        match &mut *world {
            World::Open(t) => Ok(f(t)),
            _ => Err(Error::Distributed(DistError::Transport {
                message: "MPI was finalised in this process: no MPI search can run after \
                          gametree::mpi::finalize"
                    .into(),
            })),
        }
    })
}

/// This process's rank in `MPI_COMM_WORLD` (initialising MPI, on this
/// thread, if it is not yet).
///
/// # Errors
/// [`Error::Distributed`] if MPI cannot be initialised here: it was
/// initialised on another thread or by other code, or finalised.
pub fn rank() -> Result<usize, Error> {
    with_world(|r| r.transport.rank())
}

/// The ranks of the job (initialising MPI as [`rank`] does).
///
/// # Errors
/// As [`rank`].
pub fn ranks() -> Result<usize, Error> {
    with_world(|r| r.transport.size())
}

/// Takes part in a search on MPI ranks as a rank that cannot search (its
/// tree could not be built), instead of [`search`](crate::search): tells
/// rank 0 why, so that it reports the reason and every rank's search ends;
/// on rank 0 it ends the search on every other rank at once. Returns the
/// error to report (on rank 0), with `config`'s processor tree checked
/// against the job as [`search`](crate::search) would.
pub fn refuse(config: &crate::Config, reason: &str) -> Error {
    match with_world(|r| {
        let dist = config.distributed(r.transport.size());
        search_distributed::refuse(r.start(dist.processors), &dist, reason)
    }) {
        Ok(e) => Error::Distributed(e),
        Err(e) => e,
    }
}

/// Ends the whole job (`MPI_Abort`), after an error that leaves some rank
/// unable to end normally ([`Error::needs_abort`]); report the error
/// first. Without MPI initialised, ends this process with `code`.
pub fn abort(code: i32) -> ! {
    WORLD.with(|world| {
        if let World::Open(r) = &mut *world.borrow_mut() {
            r.transport.abort(code);
        }
    });
    std::process::exit(code)
}

/// Finalises MPI in this process now (`MPI_Finalize`), rather than when
/// the thread that initialised it ends; no MPI search can run after it.
/// Does nothing if MPI was not initialised on this thread.
pub fn finalize() {
    WORLD.with(|world| {
        let mut world = world.borrow_mut();
        if let World::Open(_) = *world {
            *world = World::Finalized;
        }
    });
}

/// The front door's name of a distributed search.
pub(crate) const fn name(a: DistAlgorithm) -> &'static str {
    match a {
        DistAlgorithm::TreeSplit => "mpi-treesplit",
        DistAlgorithm::PvSplit => "mpi-pvsplit",
    }
}

/// One line: what it is and where it comes from.
pub(crate) const fn description(a: DistAlgorithm) -> &'static str {
    match a {
        DistAlgorithm::TreeSplit => {
            "tree-splitting on MPI ranks, one per processor (Campbell 1981, Figs. 10-11)"
        }
        DistAlgorithm::PvSplit => {
            "pv-splitting on MPI ranks, one per processor (Campbell 1981, Fig. 12, type-2 rule p. 47)"
        }
    }
}

/// The search `engine` of `tree` on this process's MPI ranks.
pub(crate) fn search<T: Tree + ?Sized>(
    algorithm: crate::Algorithm,
    engine: DistAlgorithm,
    tree: &T,
    config: &crate::Config,
) -> Result<Report, Error> {
    let (found, rank, ranks, window) = with_world(|r| {
        let (rank, ranks) = (r.transport.rank(), r.transport.size());
        let dist = config.distributed(ranks);
        let found = search_distributed::search(engine, tree, r.start(dist.processors), &dist);
        (found, rank, ranks, dist.window)
    })?;
    let mut report = Report::empty(algorithm);
    report.threads = ranks;
    let Some(r) = found? else {
        report.mpi = Some(MpiReport {
            rank,
            ranks,
            details: None,
        });
        return Ok(report);
    };
    report.value = r.value;
    report.bound = classify(window, r.value);
    report.best = r.best;
    report.pv = r.best.into_iter().collect();
    report.pv_complete = reaches_terminal(tree, &report.pv);
    (report.leaves, report.interior) = (r.leaves(), r.interior());
    report.per_thread = r.per_rank_leaves();
    report.mpi = Some(MpiReport {
        rank,
        ranks,
        details: Some(r),
    });
    Ok(report)
}

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
use tree_core::Tree;

use crate::adapt::reaches_terminal;
use crate::report::classify;
#[cfg(doc)]
use crate::{Algorithm, Config};
use crate::{Error, Report};

pub use crate::mpi_report::MpiReport;
pub use search_distributed::{DistError, DistReport, Latency, MessageKind, RankStats};

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

//! # search-distributed: Campbell's processor tree over message passing
//!
//! Layer: above `tree-core`, `search-depthfirst` (errors, windows) and
//! `search-parallel` (the [`ProcessorTree`](search_parallel::ProcessorTree) shape, used from
//! there: this crate re-exports no other crate's items, so no item has two
//! paths); the MPI transport needs
//! the optional `mpi` crate (feature `mpi`), and nothing in the default
//! build needs MPI.
//!
//! Campbell's parallel algorithms (1981, ch. 4) are written for processors
//! that share nothing: a master hands successors to slaves, windows travel
//! as messages, a cutoff terminates the slaves. This crate runs them that
//! way — one rank (process) per processor of a processor tree (D, W), rank
//! 0 the root master, ranks numbered in preorder as in the simulator:
//!
//! ```
//! use search_distributed::{DistAlgorithm, DistConfig, local_cluster, search};
//! use search_parallel::ProcessorTree;
//! use tree_core::{GenSpec, Generator, minimax};
//!
//! let tree = GenSpec::new(Generator::RANDOM, 4, 4, 3, 0).build()?;
//! let config = DistConfig::new(ProcessorTree { depth: 1, width: 2 }); // 3 ranks
//! // Ranks as threads of this process; with MPI each rank is a process.
//! let reports: Vec<_> = std::thread::scope(|s| {
//!     let ranks: Vec<_> = local_cluster(3)
//!         .into_iter()
//!         .map(|mut rank| {
//!             let (tree, config) = (&tree, &config);
//!             s.spawn(move || search(DistAlgorithm::TreeSplit, tree, &mut rank, config))
//!         })
//!         .collect();
//!     ranks.into_iter().map(|h| h.join().expect("no rank panics")).collect()
//! });
//! // Rank 0 returns the report; the others return `None`.
//! let report = reports[0].as_ref().expect("no error").as_ref().expect("rank 0 reports");
//! assert_eq!(report.value, minimax(&tree));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//!
//! | item | source |
//! |---|---|
//! | [`search`], [`DistAlgorithm::TreeSplit`] | tree-splitting, Fig. 10, with Fig. 11's dynamic window update ([`DistConfig::update`]) |
//! | [`DistAlgorithm::PvSplit`] | pv-splitting, Fig. 12, with the type-2 rule of p. 47 ([`DistConfig::type2`]); Fig. 12's MAXDEPTH as the threads read it or as the simulator does ([`PvReading`]) |
//! | [`Transport`], [`LocalTransport`], [`local_cluster`] | ranks as threads of one process (tests, no MPI) |
//! | `MpiTransport` (feature `mpi`) | ranks as MPI processes (rsmpi) |
//! | [`DistReport`], [`RankStats`], [`MessageKind`] | per-rank evaluations, jobs, messages and latencies |
//! | [`Farm`], [`FarmConfig`], [`FarmError`] | not a search: batches of independent jobs spread over the ranks, results in job order on every rank (`cargo xtask reproduce --mpi`) |
//!
//! ## The protocol
//!
//! Messages: ASSIGN (job number, the node's Dewey code, its window, its
//! critical-node type), RESULT (job number, value), UPDATE (job number, a
//! window to intersect with), TERMINATE (job number); HEARTBEAT from a busy
//! slave; READY at start-up; ERROR to rank 0 and ABORT from it; FINISH and
//! STATS to gather the statistics. Nodes travel as Dewey codes and each
//! rank rebuilds them from its own copy of the tree, so any [`Tree`] whose
//! nodes are reproducible from the root works unchanged (every generator,
//! tree files, a game by move path). Messages between two ranks arrive in
//! order (MPI's rule), which is what makes the bookkeeping small: a master
//! that terminates a job does not wait for the slave — the slave meets the
//! TERMINATE before any later ASSIGN, and the master recognises a late
//! RESULT by its job number; FINISH travels down behind every other
//! message, and a master's STATS goes up behind every other message of its
//! subtree, so when rank 0 has every rank's statistics no message of the
//! search is left in flight and the next search can start on the same
//! ranks.
//!
//! A leaf processor runs Fig. 4's alpha-beta and reads its messages every
//! [`DistConfig::poll`] child visits: UPDATE narrows the job's window,
//! applied at every depth with alternating signs (Fig. 11's arrays),
//! TERMINATE stops the job. Masters wait in a loop that never blocks
//! without a deadline: a busy slave sends HEARTBEAT at least every
//! [`DistConfig::heartbeat`], and a master that hears nothing from a busy
//! slave for [`DistConfig::timeout`] reports it dead ([`DistError::Silent`])
//! to rank 0, which reports the error — the job then has to be aborted
//! ([`DistError::needs_abort`], [`Transport::abort`]), since MPI cannot
//! finish normally without every rank. The value is exact whatever the
//! timing, by the argument of `search_parallel::threads` (a late window is
//! a wider one): see `docs/PARALLEL.md`.
//!
//! ## Testing without MPI
//!
//! Everything above the byte transport is the same for MPI and for
//! [`LocalTransport`], ranks as threads connected by channels; the crate's
//! default tests run the protocol that way, including dead and silent
//! ranks. The MPI tests (feature `mpi`) start `mpirun` on the
//! `distributed-check` driver, an example of this package (built by the
//! tests, installed by nothing): `scripts/test-mpi.sh`.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod config;
mod engine;
mod error;
mod farm;
mod kind;
mod message;
#[cfg(feature = "mpi")]
mod mpi;
mod net;
mod report;
mod transport;

pub use config::{DistAlgorithm, DistConfig, PvReading};
pub use engine::{refuse, search};
pub use error::DistError;
pub use farm::{Farm, FarmConfig, FarmError};
pub use kind::MessageKind;
#[cfg(feature = "mpi")]
pub use mpi::MpiTransport;
pub use report::{DistReport, Latency, RankStats};
pub use transport::{LocalTransport, MAX_LOCAL_RANKS, Transport, local_cluster, try_local_cluster};

#[cfg(doc)]
use tree_core::Tree;

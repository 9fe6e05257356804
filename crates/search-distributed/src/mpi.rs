//! The MPI transport (feature `mpi`): one rank per MPI process of
//! `MPI_COMM_WORLD`, through rsmpi.
//!
//! A thin layer: a message is a byte vector sent with `MPI_Send` (small
//! messages go eagerly, so a send does not wait for the receiver), and
//! received by `MPI_Improbe` + `MPI_Mrecv` from any source, which never
//! blocks — the protocol polls so that it can keep its deadlines rather
//! than block in `MPI_Recv` and never learn that a rank has died. MPI
//! keeps messages between two ranks in order, which the protocol relies on.

use std::fmt;

use mpi::collective::CommunicatorCollectives;
use mpi::environment::Universe;
use mpi::point_to_point::MatchedReceiveVec;
use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, Destination, Source};

use crate::{DistError, Transport};

/// This process's rank in `MPI_COMM_WORLD`. MPI is initialised by
/// [`MpiTransport::init`] and finalised when the value is dropped.
pub struct MpiTransport {
    // Dropped last: finalises MPI.
    _universe: Universe,
    world: SimpleCommunicator,
    rank: usize,
    size: usize,
}

impl fmt::Debug for MpiTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MpiTransport")
            .field("rank", &self.rank)
            .field("size", &self.size)
            .finish()
    }
}

impl MpiTransport {
    /// Initialises MPI (once per process) and joins `MPI_COMM_WORLD`.
    ///
    /// # Errors
    /// [`DistError::Transport`] if MPI was already initialised.
    pub fn init() -> Result<MpiTransport, DistError> {
        let universe = mpi::initialize().ok_or_else(|| DistError::Transport {
            message: "MPI is already initialised in this process".into(),
        })?;
        let world = universe.world();
        let rank = usize::try_from(world.rank()).unwrap_or(0);
        let size = usize::try_from(world.size()).unwrap_or(1);
        Ok(MpiTransport {
            _universe: universe,
            world,
            rank,
            size,
        })
    }

    /// Waits until every rank has called it (`MPI_Barrier`). Searches on
    /// the same ranks may follow one another without it while the processor
    /// tree stays the same (a rank leaves a search only once its master
    /// has); before a search on another processor tree, call it on every
    /// rank, so that no rank's READY reaches its new master while that one
    /// is still ending the last search.
    pub fn barrier(&self) {
        self.world.barrier();
    }

    /// The name of the host this rank runs on (`MPI_Get_processor_name`).
    pub fn host(&self) -> String {
        mpi::environment::processor_name().unwrap_or_else(|_| "?".into())
    }
}

impl Transport for MpiTransport {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&mut self, to: usize, bytes: &[u8]) -> Result<(), DistError> {
        let to = i32::try_from(to)
            .ok()
            .filter(|&r| (r as usize) < self.size)
            .ok_or_else(|| DistError::Transport {
                message: format!("no rank {to} among {}", self.size),
            })?;
        self.world.process_at_rank(to).send(bytes);
        Ok(())
    }

    fn try_recv(&mut self) -> Result<Option<(usize, Vec<u8>)>, DistError> {
        let Some(probed) = self.world.any_process().immediate_matched_probe() else {
            return Ok(None);
        };
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        let from = usize::try_from(status.source_rank()).map_err(|_| DistError::Transport {
            message: format!("a message from rank {}", status.source_rank()),
        })?;
        Ok(Some((from, bytes)))
    }

    fn abort(&mut self, code: i32) {
        self.world.abort(code)
    }
}

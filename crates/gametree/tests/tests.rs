//! The front door's tests: one binary, a module per concern.

mod algorithms;
mod games;
mod hostile;
mod limits;
mod memory;
#[cfg(feature = "mpi")]
mod mpi;
mod report;
mod views;

use gametree::Algorithm;

/// Every algorithm that runs in this process: all but the searches on MPI
/// ranks (feature `mpi`), which run under `mpirun` (in [`mpi`]).
fn in_process() -> impl Iterator<Item = Algorithm> {
    Algorithm::ALL.iter().copied().filter(|a| {
        #[cfg(feature = "mpi")]
        if a.family() == gametree::Family::Distributed {
            return false;
        }
        let _ = a;
        true
    })
}

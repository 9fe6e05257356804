//! Integration tests of search-distributed (one binary, one module per
//! topic): the protocol on ranks that are threads of this process
//! (`local`), and — with the `mpi` feature — on MPI processes started by
//! `mpirun` (`mpi`; run by `scripts/test-mpi.sh`); and the task farm on
//! ranks that are threads (`farm`).

mod extremes;
mod farm;
mod local;
#[cfg(feature = "mpi")]
mod mpi;
mod support {
    pub mod mute;
    pub mod two_way;
}

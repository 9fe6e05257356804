//! The front door's tests: one binary, a module per concern.

mod algorithms;
mod games;
mod limits;
mod memory;
#[cfg(feature = "mpi")]
mod mpi;
mod report;

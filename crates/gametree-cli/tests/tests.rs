//! gametree's integration tests: one binary, one module per topic. Every
//! test runs the built `gametree` executable.

mod common;
mod errors;
mod garbage;
mod hostile;
mod limits;
mod mpi;
mod othello;
mod search;
mod simulate;
mod solve;
mod threads;

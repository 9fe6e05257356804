//! The unit tests of xtask's library, one module per module of `src/`: one
//! test binary that links the library as the `xtask` binary does, so that
//! `cargo test` compiles xtask's searches once.

mod cells;
mod claims;
mod config;
mod fuzz;
mod jobs;
mod leafcost;
mod measure;
mod progress;
mod prose;
mod qg_readings;
mod render;
mod reproduce;
mod sweep;
mod train;
mod worked;

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

use std::sync::OnceLock;

use xtask::reproduce::config::Config;
use xtask::reproduce::doc::Outputs;

/// The quick reproduction, untimed, with `trees` trees per cell (the
/// quick default if `None`), run once into `cell` for every test that
/// asks (each run costs seconds).
fn run_once(cell: &'static OnceLock<Outputs>, trees: Option<usize>) -> &'static Outputs {
    cell.get_or_init(|| xtask::reproduce::run(&Config::new(true, trees, false), None).unwrap())
}

/// The quick reproduction with one tree per cell, for the tests that
/// compare other runs with it.
pub fn one_tree_run() -> &'static Outputs {
    static RUN: OnceLock<Outputs> = OnceLock::new();
    run_once(&RUN, Some(1))
}

/// The quick reproduction as `cargo xtask reproduce --quick` runs it, for
/// the tests that read its documents.
pub fn quick_run() -> &'static Outputs {
    static RUN: OnceLock<Outputs> = OnceLock::new();
    run_once(&RUN, None)
}

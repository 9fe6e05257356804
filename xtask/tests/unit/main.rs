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

/// The quick reproduction, untimed, with one tree per cell: run once for
/// the tests that compare other runs with it (each run costs seconds).
pub fn one_tree_run() -> &'static xtask::reproduce::doc::Outputs {
    use xtask::reproduce::config::Config;
    static RUN: std::sync::OnceLock<xtask::reproduce::doc::Outputs> = std::sync::OnceLock::new();
    RUN.get_or_init(|| xtask::reproduce::run(&Config::new(true, Some(1), false), None).unwrap())
}

/// The quick reproduction as `cargo xtask reproduce --quick` runs it
/// (untimed), run once for the tests that read its documents.
pub fn quick_run() -> &'static xtask::reproduce::doc::Outputs {
    use xtask::reproduce::config::Config;
    static RUN: std::sync::OnceLock<xtask::reproduce::doc::Outputs> = std::sync::OnceLock::new();
    RUN.get_or_init(|| xtask::reproduce::run(&Config::new(true, None, false), None).unwrap())
}

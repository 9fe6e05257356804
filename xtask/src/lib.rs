//! `cargo xtask`: the project's automation, one binary with subcommands.
//!
//! A library (this crate) and a thin binary (`src/main.rs`) that calls
//! [`main`]: the tests link the library as it is, so that its searches
//! compile once for the binary and the tests alike.
//!
//! * `cargo xtask reproduce [--quick] [--write-docs] [--only NAME]
//!   [--trees N] [--out DIR]` regenerates the papers' tables and worked
//!   examples. Counts (deterministic) go to `docs/reproduction/`; wall-clock
//!   times go to `target/reproduction/`, or to `docs/reproduction/` with
//!   `--write-docs`, so a default run changes no committed file unless a
//!   count changed. `--quick` writes a small deterministic version (no
//!   timings) under `docs/reproduction/quick/`, which `cargo test` compares
//!   with what is committed. `--mpi [--ranks K] [--hostfile FILE]`
//!   spreads the jobs over MPI ranks (the same documents, byte for byte):
//!   see [`launch`].
//!
//! * `cargo xtask fuzz [--target NAME] [--cases N | --seconds S]
//!   [--seed SEED]` fuzzes every parser from its seed corpus in
//!   `fuzz/corpus/` (see [`fuzz`]).
//! * `cargo xtask train-eval [--quick] [--seed S] [--games N]
//!   [--solve-empties E] [--spread K] [--out FILE] [--check]` trains
//!   Othello's pattern evaluation on exact scores our solver computes and
//!   writes `crates/othello/data/eval.bin`: see [`train`].
//!
//! The modules, from the command line down: [`cli`] (the arguments),
//! [`launch`] (the MPI launcher), [`plan`] (what a run does and where its
//! documents go), [`reproduce`] (the experiments), [`published`] (the
//! papers' numbers), [`paths`] (the workspace's folders).

pub mod cli;
pub mod fuzz;
pub mod launch;
pub mod paths;
pub mod plan;
pub mod published;
pub mod reproduce;
pub mod train;

use anyhow::Result;
use clap::Parser;

use cli::{Cli, Command};

/// `cargo xtask`: parses the command line and runs its command.
pub fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Reproduce(args) if args.mpi.mpi => launch::mpi(&args),
        Command::Reproduce(args) => plan::reproduce(&args, 0),
        Command::Fuzz(args) => fuzz::main(&args),
        Command::TrainEval(args) => train::run(&args),
    }
}

//! The subcommands: which module runs each.

use std::fmt::Write as _;

use anyhow::Result;
use gametree::Algorithm;

use crate::cli::Command;

/// Runs one subcommand and returns what it prints on standard output.
///
/// # Errors
/// Every problem with the input, as one message for `gametree: error: …`.
pub(crate) fn run(command: &Command) -> Result<String> {
    match command {
        Command::Algos => Ok(algos()),
        Command::Search(args) => crate::search::search_command(args),
        Command::Simulate(args) => crate::simulate::run(args),
        Command::Othello(args) => crate::othello::run(args),
        Command::Solve(args) => crate::solve::run(args),
    }
}

/// `gametree algos`: every [`Algorithm`], one line each with its
/// description, in the library's order (depth-first, enhanced,
/// best-first, multi-threaded, and with the feature `mpi` on MPI ranks).
fn algos() -> String {
    let width = Algorithm::ALL
        .iter()
        .map(|a| a.name().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for a in Algorithm::ALL {
        let _ = writeln!(out, "{:<width$}  {}", a.name(), a.description());
    }
    out
}

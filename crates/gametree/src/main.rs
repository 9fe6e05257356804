//! # gametree: search one game tree from the command line
//!
//! EXAMPLE SESSION GOES HERE

mod cli;
mod report;
mod run;

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match run::run(&cli.command) {
        Ok(out) => match std::io::stdout().lock().write_all(out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            // `gametree … | head`: the reader has all it wanted.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(&anyhow::Error::new(e).context("cannot write the output")),
        },
        Err(e) => fail(&e),
    }
}

/// Reports `e` as exactly one line, `gametree: error: …`, and fails.
fn fail(e: &anyhow::Error) -> ExitCode {
    let message = format!("{e:#}").replace(['\n', '\r'], " ");
    let _ = writeln!(std::io::stderr(), "gametree: error: {message}");
    ExitCode::FAILURE
}

//! # gametree: search one game tree from the command line
//!
//! The front end of the workspace for people rather than programs: it reads
//! one tree (a nested-array text file, a Campbell tree file, or a
//! generator's spec), searches it with one algorithm, and prints what the
//! search cost, measured at the trait boundary by [`tree_core::Traced`] like
//! every other measurement in the workspace.
//!
//! ```text
//! $ gametree search --algo alphabeta --tree crates/tree-core/data/table1.tree --trace
//! algorithm   alphabeta
//! tree        crates/tree-core/data/table1.tree: uniform (2,4), 31 nodes
//! value       2
//! leaves      14 (14 distinct)
//! interior    15
//! peak OPEN   n/a
//! order       1111 1112 1121 1211 1212 1221 1222 2111 2112 2121 2122 2211 2221
//!             2222
//! $ gametree search --algo mt-sss --gen strong --b 3 --d 6 --seed 7 --json
//! {"algorithm":"mt-sss","value":0,"leaves":78,"distinct_leaves":78,"interior":126,"peak_open":null}
//! $ gametree search --algo scout --tree crates/tree-core/data/table1.tree --memory 100
//! gametree: error: algorithm 'scout' is depth-first: it has no OPEN list and takes no memory budget (--memory 100 is for the best-first algorithms)
//! $ gametree algos
//! minimax     minimax, every node (Campbell 1981, Fig. 1)
//! …
//! ```
//!
//! `leaves` counts every evaluation (re-searches included), `distinct` the
//! different leaves among them, `interior` the expansions (first children
//! generated); `peak OPEN` is `n/a` for the depth-first algorithms, which
//! have no OPEN list. `--alpha`/`--beta` search alphabeta, falphabeta or
//! lalphabeta with a window and then also print whether the value is exact
//! or a bound. Bad input gets one line, `gametree: error: …`, and exit
//! status 1 (clap's usage errors: its own format, status 2).
//!
//! ## Layout
//!
//! * [`cli`]: the clap structs — syntax and types only.
//! * [`run`]: how the arguments combine, loading the tree, and the one
//!   generic `search<T: Tree>` every tree type goes through.
//! * [`report`]: the result and its two renderings, aligned text and JSON.
//! * [`othello`]: `gametree othello`, a game against an engine or a match.
//!
//! This binary sees every crate; no library crate knows it exists.

mod cli;
mod othello;
mod parallel;
mod report;
mod run;
mod source;

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

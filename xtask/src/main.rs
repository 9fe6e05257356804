//! `cargo xtask`: the project's automation, one binary with subcommands.
//!
//! * `cargo xtask reproduce [--quick] [--only NAME] [--trees N]` regenerates
//!   the papers' tables and worked examples under `docs/reproduction/`.
//!   `--quick` writes a small deterministic version (no timings) under
//!   `docs/reproduction/quick/`, which `cargo test` compares with what is
//!   committed.

mod published;
mod reproduce;

use std::path::{Path, PathBuf};

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "cargo xtask", about = "Automation for the gametree workspace")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Regenerate the papers' tables and worked examples under docs/reproduction/.
    Reproduce {
        /// Small deterministic run (counts only, no timings) written to
        /// docs/reproduction/quick/; `cargo test` checks it is up to date.
        #[arg(long)]
        quick: bool,
        /// Run only the experiments whose name contains this text.
        #[arg(long)]
        only: Option<String>,
        /// Trees per cell (default: 100, or 10 with --quick). Results written
        /// with a non-default count are not the committed ones.
        #[arg(long)]
        trees: Option<usize>,
        /// Write the output here instead of docs/reproduction/.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The workspace root, found from this crate's manifest directory.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the root")
        .to_path_buf()
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Reproduce {
            quick,
            only,
            trees,
            out,
        } => {
            let cfg = reproduce::Config::new(quick, trees, true);
            let out = out.unwrap_or_else(|| reproduce::output_dir(&workspace_root(), quick));
            let started = std::time::Instant::now();
            let docs = reproduce::run(&cfg, only.as_deref())?;
            reproduce::write(&out, &docs)?;
            eprintln!(
                "wrote {} documents to {} in {:.1} s",
                docs.len(),
                out.display(),
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}

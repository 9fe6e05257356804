//! `cargo xtask`: the project's automation, one binary with subcommands.
//!
//! * `cargo xtask reproduce [--quick] [--write-docs] [--only NAME]
//!   [--trees N] [--out DIR]` regenerates the papers' tables and worked
//!   examples. Counts (deterministic) go to `docs/reproduction/`; wall-clock
//!   times go to `target/reproduction/`, or to `docs/reproduction/` with
//!   `--write-docs`, so a default run changes no committed file unless a
//!   count changed. `--quick` writes a small deterministic version (no
//!   timings) under `docs/reproduction/quick/`, which `cargo test` compares
//!   with what is committed.

mod published;
mod reproduce;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Result;
use clap::{Parser, Subcommand};
use reproduce::progress::{self, Mode};

#[derive(Parser, Debug)]
#[command(name = "cargo xtask", about = "Automation for the gametree workspace")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Regenerate the papers' tables and worked examples under docs/reproduction/.
    ///
    /// Counts go to docs/reproduction/ (unchanged bytes unless a count
    /// changed); wall-clock times to target/reproduction/ unless
    /// --write-docs.
    Reproduce {
        /// Small deterministic run (counts only, no timings) written to
        /// docs/reproduction/quick/; `cargo test` checks it is up to date.
        #[arg(long, conflicts_with = "write_docs")]
        quick: bool,
        /// Also write the times documents (NAME-time.md/.csv, time plots)
        /// into docs/reproduction/; do it on a quiet machine.
        #[arg(long)]
        write_docs: bool,
        /// Run only the experiments whose name contains this text.
        #[arg(long)]
        only: Option<String>,
        /// Trees per cell (default: 100, or 10 with --quick). Results with a
        /// non-default count are not the committed ones: they go to
        /// target/reproduction/ (unless --out).
        #[arg(long)]
        trees: Option<usize>,
        /// Write every document here instead.
        #[arg(long, conflicts_with = "write_docs")]
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
            write_docs,
            only,
            trees,
            out,
        } => {
            let root = workspace_root();
            let cfg = reproduce::Config::new(quick, trees, Mode::detect());
            let default_trees = reproduce::Config::new(quick, None, Mode::Hidden).trees;
            if write_docs && cfg.trees != default_trees {
                anyhow::bail!("--write-docs writes the committed tables: use the default --trees");
            }
            let scratch = reproduce::scratch_dir(&root);
            let (counts_dir, times_dir) = match out {
                Some(dir) => (dir.clone(), dir),
                None if cfg.trees != default_trees => (scratch.clone(), scratch),
                None if write_docs => {
                    let docs = reproduce::output_dir(&root, false);
                    (docs.clone(), docs)
                }
                None => (reproduce::output_dir(&root, quick), scratch),
            };
            progress::eprintln_flushed(&format!(
                "reproduce: {} run, {} trees per cell, {} threads; counts to {}{}",
                if quick { "quick" } else { "full" },
                cfg.trees,
                rayon::current_num_threads(),
                counts_dir.display(),
                if cfg.timed() {
                    format!(", times to {}", times_dir.display())
                } else {
                    String::new()
                },
            ));
            let started = Instant::now();
            let docs = reproduce::run(&cfg, only.as_deref())?;
            reproduce::write(&counts_dir, &docs.counts)?;
            reproduce::write(&times_dir, &docs.times)?;
            progress::eprintln_flushed(&format!(
                "wrote {} counts and {} times documents in {}{}",
                docs.counts.len(),
                docs.times.len(),
                progress::duration(started.elapsed()),
                progress::cpu_time().map_or(String::new(), |t| format!(
                    " (processor time {})",
                    progress::duration(t)
                )),
            ));
            Ok(())
        }
    }
}

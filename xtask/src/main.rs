//! `cargo xtask`: the project's automation, one binary with subcommands.
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

mod launch;
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
    Reproduce(ReproduceArgs),
}

#[derive(clap::Args, Debug, Clone)]
struct ReproduceArgs {
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
    #[command(flatten)]
    mpi: launch::MpiArgs,
}

/// The workspace root, found from this crate's manifest directory.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the root")
        .to_path_buf()
}

/// The cargo target directory (`CARGO_TARGET_DIR` if set).
fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Reproduce(args) if args.mpi.mpi => launch::mpi(&args),
        Command::Reproduce(args) => reproduce(&args, 0),
    }
}

/// What a reproduction run does: its configuration and where its
/// documents go.
struct Plan {
    cfg: reproduce::Config,
    counts_dir: PathBuf,
    times_dir: PathBuf,
}

/// Checks the arguments and plans the run (progress shown as `progress`
/// says).
fn plan(args: &ReproduceArgs, progress: Mode) -> Result<Plan> {
    let root = workspace_root();
    let cfg = reproduce::Config::new(args.quick, args.trees, progress);
    let default_trees = reproduce::Config::new(args.quick, None, Mode::Hidden).trees;
    if args.write_docs && cfg.trees != default_trees {
        anyhow::bail!("--write-docs writes the committed tables: use the default --trees");
    }
    reproduce::chosen(args.only.as_deref())?;
    let scratch = reproduce::scratch_dir(&root);
    let (counts_dir, times_dir) = match &args.out {
        Some(dir) => (dir.clone(), dir.clone()),
        None if cfg.trees != default_trees => (scratch.clone(), scratch),
        None if args.write_docs => {
            let docs = reproduce::output_dir(&root, false);
            (docs.clone(), docs)
        }
        None => (reproduce::output_dir(&root, args.quick), scratch),
    };
    Ok(Plan {
        cfg,
        counts_dir,
        times_dir,
    })
}

/// Runs the reproduction as rank `rank` (0 when alone): rank 0 shows
/// progress and writes the documents, other ranks of a sweep only compute.
fn reproduce(args: &ReproduceArgs, rank: usize) -> Result<()> {
    let lead = rank == 0;
    let plan = plan(args, if lead { Mode::detect() } else { Mode::Hidden })?;
    let cfg = &plan.cfg;
    if lead {
        progress::eprintln_flushed(&format!(
            "reproduce: {} run, {} trees per cell, {}; counts to {}{}",
            if args.quick { "quick" } else { "full" },
            cfg.trees,
            reproduce::sweep::describe().map_or_else(
                || format!("{} threads", rayon::current_num_threads()),
                |ranks| format!("MPI sweep of {ranks} each")
            ),
            plan.counts_dir.display(),
            if cfg.timed() {
                format!(", times to {}", plan.times_dir.display())
            } else {
                String::new()
            },
        ));
    }
    let started = Instant::now();
    let docs = reproduce::run(cfg, args.only.as_deref())?;
    if !lead {
        return Ok(());
    }
    reproduce::write(&plan.counts_dir, &docs.counts)?;
    reproduce::write(&plan.times_dir, &docs.times)?;
    progress::eprintln_flushed(&format!(
        "wrote {} counts and {} times documents in {}{}",
        docs.counts.len(),
        docs.times.len(),
        progress::duration(started.elapsed()),
        progress::cpu_time().map_or(String::new(), |t| format!(
            " (processor time {}{})",
            progress::duration(t),
            if reproduce::sweep::describe().is_some() {
                " on rank 0"
            } else {
                ""
            }
        )),
    ));
    if let Some(jobs) = reproduce::sweep::jobs_by_rank() {
        let per_rank: Vec<String> = jobs
            .iter()
            .enumerate()
            .map(|(r, n)| format!("{r}: {n}"))
            .collect();
        progress::eprintln_flushed(&format!("jobs per rank: {}", per_rank.join(", ")));
    }
    Ok(())
}

//! What a reproduction run does (its configuration and where its documents
//! go), and the run itself as one process or one rank of a sweep.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;

use crate::cli::ReproduceArgs;
use crate::paths;
use crate::reproduce::config::{Config, Timings};
use crate::reproduce::doc;
use crate::reproduce::progress::{self, Mode};
use crate::reproduce::{self, sweep};

/// What a reproduction run does: its configuration and where its
/// documents go.
#[derive(Debug)]
pub struct Plan {
    /// How the experiments run.
    pub cfg: Config,
    /// Where the counts documents go.
    pub counts_dir: PathBuf,
    /// Where the times documents go.
    pub times_dir: PathBuf,
}

/// Checks the arguments and plans the run (progress shown as `progress`
/// says).
pub fn plan(args: &ReproduceArgs, progress: Mode) -> Result<Plan> {
    let root = paths::workspace_root();
    let mut cfg = Config::new(args.quick, args.trees, progress);
    if args.counts_only {
        cfg.timings = Timings::Off;
    }
    let default_trees = Config::new(args.quick, None, Mode::Hidden).trees;
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
pub fn reproduce(args: &ReproduceArgs, rank: usize) -> Result<()> {
    let lead = rank == 0;
    let plan = plan(args, if lead { Mode::detect() } else { Mode::Hidden })?;
    let cfg = &plan.cfg;
    if lead {
        progress::eprintln_flushed(&format!(
            "reproduce: {} run, {} trees per cell, {}; counts to {}{}",
            if args.quick { "quick" } else { "full" },
            cfg.trees,
            sweep::describe().map_or_else(
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
    doc::write(&plan.counts_dir, &docs.counts)?;
    doc::write(&plan.times_dir, &docs.times)?;
    progress::eprintln_flushed(&format!(
        "wrote {} counts and {} times documents in {}{}",
        docs.counts.len(),
        docs.times.len(),
        progress::duration(started.elapsed()),
        progress::cpu_time().map_or(String::new(), |t| format!(
            " (processor time {}{})",
            progress::duration(t),
            if sweep::describe().is_some() {
                " on rank 0"
            } else {
                ""
            }
        )),
    ));
    if let Some(jobs) = sweep::jobs_by_rank() {
        let per_rank: Vec<String> = jobs
            .iter()
            .enumerate()
            .map(|(r, n)| format!("{r}: {n}"))
            .collect();
        progress::eprintln_flushed(&format!("jobs per rank: {}", per_rank.join(", ")));
    }
    Ok(())
}

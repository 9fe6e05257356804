//! `cargo xtask reproduce`: every experiment, rendered to Markdown and CSV.
//!
//! Each experiment builds its trees from fixed seeds, shares them across the
//! algorithms it compares, and runs them as a list of independent jobs
//! ([`jobs`]) whose results come back in job order, so the numbers do not
//! depend on the thread count or the scheduling.
//!
//! An experiment returns an [`Output`]: its *counts* document (terminal
//! counts, values, verdicts on counts — the same bytes on every run and
//! machine) and, when the run is timed, its *times* document (wall-clock
//! ratios between algorithms measured in the same run, and the claims about
//! time). Counts go to `docs/reproduction/`; times go to
//! `target/reproduction/` unless `--write-docs` asks for
//! `docs/reproduction/`, so a default run leaves `git status` clean when
//! nothing but timing changed.
//!
//! What the experiments share lives in modules of its own, below this
//! one: [`config`] (how an experiment runs), [`doc`] (what it produces),
//! [`measure`], [`jobs`], [`sweep`], [`render`], [`progress`]. An
//! experiment imports those, never this module, which only lists the
//! experiments and runs them.
//!
//! To add an experiment: a module with `pub fn run(cfg: &Config) ->
//! Result<Output>` (or `Result<Doc>` if it has no timings), `pub mod NAME;`
//! below, and one line in [`EXPERIMENTS`].

pub mod aspiration;
pub mod campbell;
pub mod cells;
pub mod claims;
pub mod config;
pub mod correct_pv;
pub mod doc;
pub mod ffo;
pub mod hypotheses;
pub mod jobs;
pub mod leafcost;
pub mod measure;
pub mod memory;
pub mod othello;
pub mod parallel;
pub mod progress;
pub mod qg_readings;
pub mod render;
pub mod revisits;
pub mod sweep;
pub mod time_claim;
pub mod worked;

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::paths;
use config::Config;
use doc::{Output, Outputs};
use progress::Mode;

/// Every experiment, in the order they run: its name (also the name of its
/// documents) and what runs it.
pub const EXPERIMENTS: &[Experiment] = &[
    ("worked-examples", |c| worked::run(c).map(Output::from)),
    ("campbell-tables-1-7", campbell::run),
    ("bhattacharya95-table3", revisits::run),
    ("qg-readings", |c| qg_readings::run(c).map(Output::from)),
    ("bhattacharya-bagchi96", memory::run),
    ("leaf-cost", leafcost::run),
    ("campbell-tables-8-10", |c| {
        parallel::run(c).map(Output::from)
    }),
    ("hypotheses", |c| hypotheses::run(c).map(Output::from)),
    ("campbell-aspiration", |c| {
        aspiration::run(c).map(Output::from)
    }),
    ("campbell-correct-pv", |c| {
        correct_pv::run(c).map(Output::from)
    }),
    ("othello-002", othello::run),
    ("othello-ffo", ffo::run),
];

/// An experiment: its name and what runs it.
pub type Experiment = (&'static str, fn(&Config) -> Result<Output>);

/// The experiments whose name contains `only` (all when `None`); an error
/// if there are none.
pub fn chosen(only: Option<&str>) -> Result<Vec<&'static Experiment>> {
    let chosen: Vec<_> = EXPERIMENTS
        .iter()
        .filter(|(name, _)| only.is_none_or(|o| name.contains(o)))
        .collect();
    if chosen.is_empty() {
        let names: Vec<_> = EXPERIMENTS.iter().map(|(n, _)| *n).collect();
        bail!(
            "no experiment matches {:?} (known: {})",
            only.unwrap_or(""),
            names.join(", ")
        );
    }
    Ok(chosen)
}

/// Runs every experiment whose name contains `only` (all when `None`).
pub fn run(cfg: &Config, only: Option<&str>) -> Result<Outputs> {
    let chosen = chosen(only)?;
    let started = Instant::now();
    let mut out = Outputs::default();
    for (k, (name, f)) in chosen.iter().enumerate() {
        let step = Instant::now();
        let cpu = progress::cpu_time();
        let output = f(cfg).with_context(|| format!("experiment {name}"))?;
        if cfg.progress != Mode::Hidden {
            let cpu = match (cpu, progress::cpu_time()) {
                (Some(a), Some(b)) => format!(", processor time {}", progress::duration(b - a)),
                _ => String::new(),
            };
            progress::eprintln_flushed(&format!(
                "[{}/{}] {name}: done in {}{cpu} ({} since the start)",
                k + 1,
                chosen.len(),
                progress::duration(step.elapsed()),
                progress::duration(started.elapsed()),
            ));
        }
        out.counts.push(output.counts);
        out.times.extend(output.times);
    }
    // The claims of every paper, once every experiment has run.
    if chosen.len() == EXPERIMENTS.len() {
        out.counts.push(claims::document("claims", &out.counts));
        out.counts.push(cells::document("cells", &out.counts));
        if !out.times.is_empty() {
            out.times.push(claims::document("claims-time", &out.times));
        }
    }
    Ok(out)
}

/// Where the counts documents go: `docs/reproduction/`, or its `quick/`
/// folder.
pub fn output_dir(root: &Path, quick: bool) -> PathBuf {
    let dir = root.join("docs").join("reproduction");
    if quick { dir.join("quick") } else { dir }
}

/// Where a default run writes its times documents, and a run with a
/// non-default tree count everything: `target/reproduction/` (the cargo
/// target directory, `CARGO_TARGET_DIR` if set).
pub fn scratch_dir(root: &Path) -> PathBuf {
    paths::target_dir(root).join("reproduction")
}

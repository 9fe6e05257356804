//! `cargo xtask reproduce`: every experiment, rendered to Markdown and CSV.
//!
//! Each experiment builds its trees from fixed seeds, shares them across the
//! algorithms it compares, runs trees in parallel with `rayon` and collects
//! results in tree order, so the numbers do not depend on the thread count.
//! Timings appear only in full runs, and only as ratios between algorithms
//! measured in the same run.

mod campbell;
mod ffo;
mod measure;
mod memory;
mod othello;
mod parallel;
mod render;
mod revisits;
mod worked;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};

/// How an experiment is run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The small deterministic version: fewer trees, no timings.
    pub quick: bool,
    /// Trees per cell.
    pub trees: usize,
    /// Whether to draw progress bars.
    pub progress: bool,
}

impl Config {
    /// 100 trees per cell (10 with `quick`) unless `trees` says otherwise.
    pub fn new(quick: bool, trees: Option<usize>, progress: bool) -> Config {
        Config {
            quick,
            trees: trees.unwrap_or(if quick { 10 } else { 100 }),
            progress,
        }
    }

    /// A progress bar over `len` steps (hidden unless progress is on).
    pub fn bar(&self, label: &str, len: u64) -> ProgressBar {
        if !self.progress {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(len);
        bar.set_style(
            ProgressStyle::with_template("{prefix:>28} [{bar:30}] {pos}/{len} {elapsed_precise}")
                .expect("valid template")
                .progress_chars("=> "),
        );
        bar.set_prefix(label.to_string());
        bar
    }
}

/// One output document: `NAME.md`, and `NAME.csv` when there is data.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc {
    pub name: String,
    pub markdown: String,
    pub csv: Option<String>,
    /// Other files written beside it (plots), as (file name, contents).
    pub extra: Vec<(String, String)>,
}

type Experiment = (&'static str, fn(&Config) -> Result<Doc>);

/// Every experiment, in the order they run.
const EXPERIMENTS: &[Experiment] = &[
    ("worked-examples", worked::run),
    ("campbell-tables-1-7", campbell::run),
    ("bhattacharya95-table3", revisits::run),
    ("bhattacharya-bagchi96", memory::run),
    ("campbell-tables-8-10", parallel::run),
    ("othello-002", othello::run),
    ("othello-ffo", ffo::run),
];

/// Runs every experiment whose name contains `only` (all when `None`).
pub fn run(cfg: &Config, only: Option<&str>) -> Result<Vec<Doc>> {
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
    chosen
        .into_iter()
        .map(|(name, f)| f(cfg).with_context(|| format!("experiment {name}")))
        .collect()
}

/// Where the documents go: `docs/reproduction/`, or its `quick/` folder.
pub fn output_dir(root: &Path, quick: bool) -> PathBuf {
    let dir = root.join("docs").join("reproduction");
    if quick { dir.join("quick") } else { dir }
}

/// Writes the documents into `dir`.
pub fn write(dir: &Path, docs: &[Doc]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for doc in docs {
        let md = dir.join(format!("{}.md", doc.name));
        std::fs::write(&md, &doc.markdown).with_context(|| format!("writing {}", md.display()))?;
        if let Some(csv) = &doc.csv {
            let path = dir.join(format!("{}.csv", doc.name));
            std::fs::write(&path, csv).with_context(|| format!("writing {}", path.display()))?;
        }
        for (name, contents) in &doc.extra {
            let path = dir.join(name);
            std::fs::write(&path, contents)
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed quick reproduction must be what the code produces now.
    #[test]
    fn quick_reproduction_is_up_to_date() {
        let cfg = Config::new(true, None, false);
        let docs = run(&cfg, None).unwrap();
        let dir = output_dir(&crate::workspace_root(), true);
        let mut stale = Vec::new();
        for doc in &docs {
            let mut files = vec![(format!("{}.md", doc.name), doc.markdown.clone())];
            if let Some(csv) = &doc.csv {
                files.push((format!("{}.csv", doc.name), csv.clone()));
            }
            for (file, want) in files {
                let have = std::fs::read_to_string(dir.join(&file)).unwrap_or_default();
                if have != want {
                    stale.push(file);
                }
            }
        }
        assert!(
            stale.is_empty(),
            "docs/reproduction/quick is stale ({}): run `cargo xtask reproduce --quick` and commit",
            stale.join(", ")
        );
    }

    #[test]
    fn unknown_experiment_is_an_error() {
        let cfg = Config::new(true, None, false);
        let e = run(&cfg, Some("no-such-thing")).unwrap_err().to_string();
        assert!(e.contains("known:"), "{e}");
    }
}

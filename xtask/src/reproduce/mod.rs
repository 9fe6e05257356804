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
//! To add an experiment: a module with `pub fn run(cfg: &Config) ->
//! Result<Output>` (or `Result<Doc>` if it has no timings), `mod NAME;`
//! below, and one line in [`EXPERIMENTS`].

mod campbell;
mod ffo;
mod jobs;
mod leafcost;
mod measure;
mod memory;
mod othello;
mod parallel;
pub mod progress;
mod render;
mod revisits;
pub mod sweep;
mod worked;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use progress::{Mode, Progress};

/// Every experiment, in the order they run: its name (also the name of its
/// documents) and what runs it.
const EXPERIMENTS: &[Experiment] = &[
    ("worked-examples", |c| worked::run(c).map(Output::from)),
    ("campbell-tables-1-7", campbell::run),
    ("bhattacharya95-table3", revisits::run),
    ("bhattacharya-bagchi96", memory::run),
    ("leaf-cost", leafcost::run),
    ("campbell-tables-8-10", |c| {
        parallel::run(c).map(Output::from)
    }),
    ("othello-002", othello::run),
    ("othello-ffo", ffo::run),
];

pub type Experiment = (&'static str, fn(&Config) -> Result<Output>);

/// Whether and how searches are timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timings {
    /// Not timed: no times documents (quick runs).
    Off,
    /// Wall-clock time.
    Wall,
    /// Made-up durations, different on every call (tests: whatever the
    /// times, the counts documents must not change).
    #[cfg_attr(not(test), allow(dead_code))]
    Fake,
}

/// How an experiment is run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The small deterministic version: fewer trees and shapes.
    pub quick: bool,
    /// Trees per cell.
    pub trees: usize,
    /// Whether searches are timed (and times documents written).
    pub timings: Timings,
    /// How progress is shown.
    pub progress: Mode,
}

impl Config {
    /// 100 trees per cell (10 with `quick`) unless `trees` says otherwise;
    /// timed unless `quick`; progress shown as `progress` says (`true`:
    /// a bar on a terminal, lines otherwise; `false`: hidden).
    pub fn new(quick: bool, trees: Option<usize>, progress: impl Into<Mode>) -> Config {
        Config {
            quick,
            trees: trees.unwrap_or(if quick { 10 } else { 100 }),
            timings: if quick { Timings::Off } else { Timings::Wall },
            progress: progress.into(),
        }
    }

    /// Whether searches are timed and times documents written.
    pub fn timed(&self) -> bool {
        self.timings != Timings::Off
    }

    /// Runs `f` and says how long it took (zero when not timed).
    pub fn time<R>(&self, f: impl FnOnce() -> R) -> (R, Duration) {
        match self.timings {
            Timings::Off => (f(), Duration::ZERO),
            Timings::Wall => {
                let start = Instant::now();
                let r = f();
                (r, start.elapsed())
            }
            Timings::Fake => (f(), fake_duration()),
        }
    }

    /// Runs `f` and says how much processor time the calling thread spent
    /// on it, where timed runs read the clock: the thread's CPU time where
    /// Linux reports it ([`thread_cpu_time`]; it advances at scheduler
    /// ticks, a few ms apart, so time long runs or blocks of runs), wall time
    /// elsewhere. Made-up and zero durations as [`Config::time`].
    pub fn cpu_time<R>(&self, f: impl FnOnce() -> R) -> (R, Duration) {
        if self.timings != Timings::Wall {
            return self.time(f);
        }
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let out = f();
        let time = match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        };
        (out, time)
    }

    /// Progress of a step of `len` jobs.
    pub fn bar(&self, label: &str, len: u64) -> Progress {
        Progress::new(self.progress, label, len)
    }
}

/// The calling thread's CPU time where Linux reports it
/// (`/proc/thread-self/schedstat`), else `None`: on a shared machine it
/// varies far less than wall time.
pub fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        s.split_whitespace().next()?.parse().ok()?,
    ))
}

/// 1 µs to 1 ms, from a global counter: different on every call.
fn fake_duration() -> Duration {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    // splitmix64's finaliser spreads consecutive counts.
    let mut z = CALLS
        .fetch_add(1, Ordering::Relaxed)
        .wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    Duration::from_nanos(1_000 + z % 999_000)
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

/// What an experiment produces.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// Everything that does not depend on the clock: the same bytes on
    /// every run.
    pub counts: Doc,
    /// Wall-clock ratios and the claims about time, when timed; by
    /// convention named `NAME-time` and linked from the counts document.
    pub times: Option<Doc>,
}

impl From<Doc> for Output {
    /// An experiment without timings.
    fn from(counts: Doc) -> Output {
        Output {
            counts,
            times: None,
        }
    }
}

/// The documents of a run.
#[derive(Debug, Clone, Default)]
pub struct Outputs {
    pub counts: Vec<Doc>,
    pub times: Vec<Doc>,
}

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
    Ok(out)
}

/// The load average and thread count, for a times document: wall-clock
/// ratios mean little on a loaded machine.
pub fn machine_note() -> String {
    let load = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".into());
    let threads = sweep::describe().map_or_else(
        || format!("{} rayon threads", rayon::current_num_threads()),
        |ranks| format!("MPI sweep of {ranks} (rank 0's host)"),
    );
    format!(
        "{threads} on {} cores; 1-minute load average {load} when the experiment ended",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
    )
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
    crate::target_dir(root).join("reproduction")
}

/// Writes the documents into `dir`.
pub fn write(dir: &Path, docs: &[Doc]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for doc in docs {
        for (name, contents) in files(doc) {
            let path = dir.join(&name);
            std::fs::write(&path, contents)
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    Ok(())
}

/// A document's files: (file name, contents).
fn files(doc: &Doc) -> Vec<(String, &str)> {
    let mut files = vec![(format!("{}.md", doc.name), doc.markdown.as_str())];
    if let Some(csv) = &doc.csv {
        files.push((format!("{}.csv", doc.name), csv.as_str()));
    }
    files.extend(doc.extra.iter().map(|(n, c)| (n.clone(), c.as_str())));
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The files of `docs` that differ from those in `dir`.
    fn stale(docs: &[Doc], dir: &Path) -> Vec<String> {
        docs.iter()
            .flat_map(files)
            .filter(|(file, want)| {
                std::fs::read_to_string(dir.join(file)).unwrap_or_default() != *want
            })
            .map(|(file, _)| file)
            .collect()
    }

    /// The committed quick reproduction must be what the code produces now.
    #[test]
    fn quick_reproduction_is_up_to_date() {
        let cfg = Config::new(true, None, false);
        let out = run(&cfg, None).unwrap();
        assert!(out.times.is_empty(), "an untimed run wrote times");
        let dir = output_dir(&crate::workspace_root(), true);
        let stale = stale(&out.counts, &dir);
        assert!(
            stale.is_empty(),
            "docs/reproduction/quick is stale ({}): run `cargo xtask reproduce --quick` and commit",
            stale.join(", ")
        );
    }

    /// Timing a run changes its times documents only, never its counts
    /// documents: made-up times (different on every call) in two runs, one
    /// tree per cell to keep it short.
    #[test]
    fn times_never_reach_counts_documents() {
        let untimed = Config::new(true, Some(1), false);
        let timed = Config {
            timings: Timings::Fake,
            ..untimed.clone()
        };
        let plain = run(&untimed, None).unwrap();
        let (a, b) = (run(&timed, None).unwrap(), run(&timed, None).unwrap());
        assert_eq!(
            a.counts, plain.counts,
            "times leaked into a counts document"
        );
        assert_eq!(
            b.counts, plain.counts,
            "times leaked into a counts document"
        );
        let names: Vec<&str> = a.times.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "campbell-tables-1-7-time",
                "bhattacharya95-table3-time",
                "bhattacharya-bagchi96-time",
                "leaf-cost-time",
                "othello-002-time",
                "othello-ffo-time"
            ]
        );
        for (x, y) in a.times.iter().zip(&b.times) {
            assert_ne!(x.csv, y.csv, "{} shows no times", x.name);
            let csv = x.csv.as_deref().unwrap_or_default();
            assert!(!csv.contains("NaN") && !csv.contains("inf"), "{csv}");
        }
    }

    #[test]
    fn unknown_experiment_is_an_error() {
        let cfg = Config::new(true, None, Mode::Hidden);
        let e = run(&cfg, Some("no-such-thing")).unwrap_err().to_string();
        assert!(e.contains("known:"), "{e}");
    }

    #[test]
    fn fake_durations_differ() {
        let a: Vec<Duration> = (0..100).map(|_| fake_duration()).collect();
        let mut b = a.clone();
        b.sort();
        b.dedup();
        assert!(b.len() > 90);
        assert!(
            a.iter()
                .all(|d| d.as_nanos() >= 1_000 && d.as_nanos() < 1_000_000)
        );
    }
}

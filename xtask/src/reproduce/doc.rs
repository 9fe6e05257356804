//! What an experiment produces: its documents, and how they are written.

use std::io::Write as _;
use std::path::Path;

use anyhow::{Context, Result};

use super::config::Config;
use super::sweep;

/// One output document: `NAME.md`, and `NAME.csv` when there is data.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc {
    pub name: String,
    pub markdown: String,
    pub csv: Option<String>,
    /// Other files written beside it (plots), as (file name, contents).
    pub extra: Vec<(String, String)>,
}

impl Doc {
    /// A document with its data and no other files.
    pub fn new(name: impl Into<String>, markdown: String, csv: String) -> Doc {
        Doc {
            name: name.into(),
            markdown,
            csv: Some(csv),
            extra: Vec::new(),
        }
    }

    /// With the plot `svg` written beside it as `file`, in a full run (a
    /// quick run writes no plots).
    pub fn with_plot(mut self, cfg: &Config, file: impl Into<String>, svg: String) -> Doc {
        if !cfg.quick {
            self.extra.push((file.into(), svg));
        }
        self
    }
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

/// Writes the documents into `dir`, each file whole or not at all
/// ([`write_atomic`]).
pub fn write(dir: &Path, docs: &[Doc]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for doc in docs {
        for (name, contents) in files(doc) {
            write_atomic(&dir.join(&name), contents.as_bytes())?;
        }
    }
    Ok(())
}

/// Writes `contents` to `path` so that the file is always the old one or
/// the new one, never a part: into a temporary file beside it, flushed to
/// the disk, then renamed over it. A run killed midway, or a disk that
/// fills up, leaves the old file (and no temporary one, unless killed
/// between the two steps: `.NAME.PID.tmp`).
///
/// # Errors
/// The file system's, naming `path`.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .with_context(|| format!("writing {}: not a file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.with_context(|| format!("writing {}", path.display()))
}

/// A document's files: (file name, contents).
pub fn files(doc: &Doc) -> Vec<(String, &str)> {
    let mut files = vec![(format!("{}.md", doc.name), doc.markdown.as_str())];
    if let Some(csv) = &doc.csv {
        files.push((format!("{}.csv", doc.name), csv.as_str()));
    }
    files.extend(doc.extra.iter().map(|(n, c)| (n.clone(), c.as_str())));
    files
}

//! The subcommands, and `gametree search`: the arguments become a
//! [`gametree::Config`], the tree is built, [`gametree::search`] searches
//! it, and [`SearchOutput`] renders the report.
//!
//! Whether an algorithm takes an option is the library's check
//! ([`gametree::Algorithm::takes`], through [`Config::check`]);
//! [`explain`] only names the command line's flag in its message.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use gametree::{Algorithm, Config, Error, ProcessorTree, Setting, Tree, Value, Window};

use crate::cli::{Command, SearchArgs};
use crate::progress::{Progress, with_progress};
use crate::report::SearchOutput;
use crate::source::{TreeJson, TreeSource, TreeVisitor};

/// Runs one subcommand and returns what it prints on standard output.
///
/// # Errors
/// Every problem with the input, as one message for `gametree: error: …`.
pub(crate) fn run(command: &Command) -> Result<String> {
    match command {
        Command::Algos => Ok(algos()),
        Command::Search(args) => search_command(args),
        Command::Simulate(args) => crate::simulate::run(args),
        Command::Othello(args) => crate::othello::run(args),
        Command::Solve(args) => crate::solve::run(args),
    }
}

/// `gametree algos`: every [`Algorithm`], one line each with its
/// description, in the library's order (depth-first, enhanced,
/// best-first, multi-threaded).
fn algos() -> String {
    let width = Algorithm::ALL
        .iter()
        .map(|a| a.name().len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for a in Algorithm::ALL {
        let _ = writeln!(out, "{:<width$}  {}", a.name(), a.description());
    }
    out
}

/// The flag that sets `setting` on the command line.
pub(crate) fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Memory => "--memory",
        Setting::TableBytes => "--table-bytes",
        Setting::Threads => "--threads",
        Setting::TimeLimit => "--time-ms",
        Setting::MaxLeaves => "--max-leaves",
        Setting::Window => "--alpha/--beta",
        Setting::Stage => "--stage",
        Setting::Upper => "--upper",
        Setting::Searchd => "--searchd",
        Setting::Processors => "--processors",
        Setting::Type2 => "--no-type2",
        Setting::Trace => "--trace",
        Setting::Parallel => "--parallel",
        other => other.name(),
    }
}

/// `e` as the command line says it: a setting by its flag.
pub(crate) fn explain(e: Error) -> anyhow::Error {
    match e {
        Error::NotTaken { algorithm, setting } => {
            let takers: Vec<&str> = setting.algorithms().map(Algorithm::name).collect();
            anyhow!(
                "algorithm '{algorithm}' takes no {} ({}); the algorithms that do: {}",
                flag(setting),
                setting.description(),
                takers.join(", ")
            )
        }
        Error::InvalidSetting { setting, message } => {
            anyhow!("invalid {}: {message}", flag(setting))
        }
        e => anyhow::Error::new(e),
    }
}

/// `gametree search`.
fn search_command(args: &SearchArgs) -> Result<String> {
    if args.mpi.mpi {
        return crate::mpi::search_command(args);
    }
    crate::mpi::check_unused(&args.mpi)?;
    let algorithm: Algorithm = args.algo.parse()?;
    let (config, window, processors) = config(args)?;
    config.check(algorithm).map_err(explain)?;
    let source = TreeSource::from_args(&args.tree)?;
    let output = source.load(Search {
        algorithm,
        config: &config,
        source: TreeJson::from(&source),
        window,
        processors,
    })?;
    Ok(if args.json {
        output.to_json()
    } else {
        output.to_text()
    })
}

/// The search's configuration, and the window and processor tree asked
/// for.
fn config(args: &SearchArgs) -> Result<(Config, Option<Window>, Option<ProcessorTree>)> {
    let mut config = Config::default();
    if let Some(m) = args.memory {
        config = config.memory(usize::try_from(m).context("--memory is too large")?);
    }
    if let Some(bytes) = args.table_bytes {
        config = config.table_bytes(bytes);
    }
    if let Some(u) = args.upper {
        config = config.upper(u);
    }
    if let Some(k) = args.stage {
        config = config.stage(k);
    }
    if let Some(s) = args.searchd {
        config = config.searchd(s);
    }
    let window = match (args.alpha, args.beta) {
        (None, None) => None,
        (alpha, beta) => Some(Window::new(
            alpha.unwrap_or(Value::NEG_INF),
            beta.unwrap_or(Value::INF),
        )?),
    };
    if let Some(w) = window {
        config = config.window(w);
    }
    if let Some(k) = args.threads {
        config = config.threads(k);
    }
    let processors = args
        .processors
        .as_deref()
        .map(parse_processors)
        .transpose()?;
    if let Some(p) = processors {
        config = config.processors(p);
    }
    if args.no_type2 {
        config = config.type2(false);
    }
    if let Some(ms) = args.time_ms {
        config = config.time_limit(Duration::from_millis(ms));
    }
    if let Some(n) = args.max_leaves {
        config = config.max_leaves(n);
    }
    if args.trace {
        config = config.trace(true);
    }
    Ok((config, window, processors))
}

/// A search of whatever tree [`TreeSource::load`] builds.
struct Search<'a> {
    algorithm: Algorithm,
    config: &'a Config,
    source: TreeJson,
    window: Option<Window>,
    /// `--processors`.
    processors: Option<ProcessorTree>,
}

impl TreeVisitor for Search<'_> {
    type Output = SearchOutput;
    fn visit<T>(self, tree: &T, description: String) -> Result<SearchOutput>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        let progress = Progress::new(tree);
        let report = with_progress(&|| progress.leaves(), || {
            gametree::search(self.algorithm, &progress, self.config)
        })
        .map_err(explain)?;
        // The splitting algorithms run a processor tree: the one given, or
        // a master over the threads, (1, K).
        let processors =
            matches!(self.algorithm, Algorithm::TreeSplit | Algorithm::PvSplit).then(|| {
                self.processors.unwrap_or(ProcessorTree {
                    depth: 1,
                    width: report.threads,
                })
            });
        Ok(SearchOutput::new(
            report,
            tree,
            description,
            self.source,
            self.window,
            processors,
        ))
    }
}

/// `DEPTH,WIDTH` as a processor tree of at most
/// [`ProcessorTree::MAX_PROCESSORS`] processors.
pub(crate) fn parse_processors(text: &str) -> Result<ProcessorTree> {
    let bad = || {
        anyhow!(
            "bad --processors '{text}': expected DEPTH,WIDTH, two non-negative integers such \
             as 1,4 (one master with 4 slaves)"
        )
    };
    let (depth, width) = text.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let processors = ProcessorTree {
        depth: number(depth)?,
        width: number(width)?,
    };
    if processors.depth > 0 && processors.width == 0 {
        bail!(search_parallel::ParallelError::ZeroWidth);
    }
    if processors.processors().is_none() {
        bail!(search_parallel::ParallelError::TooManyProcessors { processors });
    }
    Ok(processors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_a_setting_the_library_checks() {
        for &s in Setting::ALL {
            let f = flag(s);
            if f.starts_with("--") {
                assert!(!Setting::ALL.iter().any(|&t| t != s && flag(t) == f), "{f}");
            }
        }
        let e = explain(Error::NotTaken {
            algorithm: Algorithm::Scout,
            setting: Setting::Memory,
        })
        .to_string();
        assert!(
            e.starts_with("algorithm 'scout' takes no --memory ("),
            "{e}"
        );
        assert!(e.contains("memsss"), "{e}");
    }

    #[test]
    fn processor_trees() {
        let p = parse_processors("1, 4").unwrap();
        assert_eq!((p.depth, p.width), (1, 4));
        assert!(parse_processors("1;4").is_err());
        assert!(parse_processors("2,0").is_err());
        assert!(parse_processors("40,2").is_err());
    }
}

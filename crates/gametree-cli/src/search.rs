//! `gametree search`: the arguments become a [`gametree::Config`], the
//! tree is built, [`gametree::search`] searches it, and [`SearchOutput`]
//! renders the report.
//!
//! Whether an algorithm takes an option is the library's check
//! ([`gametree::Algorithm::takes`], through [`Config::check`]);
//! [`explain`] only names the command line's flag in its message.

use std::time::Duration;

use anyhow::{Context, Result};
use gametree::{Algorithm, Config, ProcessorTree, Tree, Value, Window};

use crate::cli::SearchArgs;
use crate::options::{explain, parse_processors};
use crate::progress::{Progress, with_progress};
use crate::report::SearchOutput;
use crate::source::{TreeJson, TreeSource, TreeVisitor};

/// `gametree search`.
pub(crate) fn search_command(args: &SearchArgs) -> Result<String> {
    if crate::mpi::wanted(args) {
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
pub(crate) fn config(args: &SearchArgs) -> Result<(Config, Option<Window>, Option<ProcessorTree>)> {
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

//! `gametree search`: the arguments become a [`gametree::Config`], the
//! tree is built, [`gametree::search`] searches it, and [`SearchOutput`]
//! renders the report.
//!
//! Whether an algorithm takes an option is the library's check
//! ([`gametree::Algorithm::takes`], through [`Config::check`]);
//! [`explain`] only names the command line's flag in its message.

use anyhow::Result;
use gametree::{Algorithm, Config, ProcessorTree, Tree, Window};

use crate::cli::SearchArgs;
use crate::options::explain;
use crate::progress::{Progress, with_progress};
use crate::report::SearchOutput;
use crate::settings::config;
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
        )
        .asked_memory(self.config.get_memory()))
    }
}

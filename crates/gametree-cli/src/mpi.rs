//! `gametree search --mpi`: tree-splitting and pv-splitting on MPI ranks,
//! one rank per processor of `--processors D,W`: the front door's
//! `mpi-treesplit` and `mpi-pvsplit` (`gametree::mpi`).
//!
//! ```text
//! cargo build --release -p gametree-cli --features mpi
//! mpirun --oversubscribe -np 7 target/release/gametree search --algo pvsplit --mpi --processors 2,2 --tree FILE --json
//! ```
//!
//! `--algo treesplit --mpi` is `--algo mpi-treesplit` (and `pvsplit`
//! `mpi-pvsplit`); either runs here. The report is the library's, printed
//! as every search's (value, bound, best, pv, leaves, interior,
//! `per_thread` = terminals per rank, `threads` = ranks, …, schema 2), with
//! the library's `mpi` object: each rank's counts and the messages by
//! kind. Every rank runs the same command and builds the same tree; rank 0
//! prints the report and reports every error as one `gametree: error: …`
//! line; the other ranks print nothing. A rank that cannot build the tree
//! tells rank 0 why (`gametree::mpi::refuse`). A rank that stops answering
//! is reported by rank 0 after `--mpi-timeout` seconds
//! (`Config::rank_timeout`), and the job is then aborted (`MPI_Abort`),
//! since it cannot finish normally without that rank. Built without the
//! `mpi` feature, `--mpi` is an error that says how to build with it.

use anyhow::Result;

use crate::cli::MpiArgs;

/// `--mpi-timeout` without `--mpi`.
pub(crate) fn check_unused(args: &MpiArgs) -> Result<()> {
    if !args.mpi && args.mpi_timeout.is_some() {
        anyhow::bail!("--mpi-timeout is for --mpi searches");
    }
    Ok(())
}

/// Whether the search runs on MPI ranks: `--mpi`, or an algorithm of the
/// front door's that does (`mpi-treesplit`, `mpi-pvsplit`).
pub(crate) fn wanted(args: &crate::cli::SearchArgs) -> bool {
    #[cfg(feature = "mpi")]
    if args
        .algo
        .parse::<gametree::Algorithm>()
        .is_ok_and(|a| a.family() == gametree::Family::Distributed)
    {
        return true;
    }
    args.mpi.mpi
}

/// `gametree search --mpi` in a build without MPI.
#[cfg(not(feature = "mpi"))]
pub(crate) fn search_command(_: &crate::cli::SearchArgs) -> Result<String> {
    anyhow::bail!(
        "this gametree was built without MPI: build it with `cargo build --release -p \
         gametree-cli --features mpi` (which needs OpenMPI and libclang: apt-get install \
         openmpi-bin libopenmpi-dev libclang-dev) and start it with `mpirun -np K`"
    )
}

#[cfg(feature = "mpi")]
pub(crate) use with_mpi::search_command;

#[cfg(feature = "mpi")]
mod with_mpi {
    use std::time::Duration;

    use anyhow::{Result, anyhow, bail};
    use gametree::{Algorithm, Config, Family, ProcessorTree, Tree, Window};

    use crate::cli::SearchArgs;
    use crate::options::{explain, fail};
    use crate::report::SearchOutput;
    use crate::source::{TreeJson, TreeSource, TreeVisitor};

    /// `gametree search --mpi`: what rank 0 prints (nothing elsewhere).
    pub(crate) fn search_command(args: &SearchArgs) -> Result<String> {
        // MPI first: then only rank 0 reports what is wrong.
        let root = gametree::mpi::rank().map_err(explain)? == 0;
        match run(args) {
            Ok(out) => Ok(if root { out } else { String::new() }),
            // Rank 0 reports every error.
            Err(_) if !root => Ok(String::new()),
            Err((e, abort)) => {
                if abort {
                    // Finishing normally would wait for the silent rank.
                    fail(&e);
                    gametree::mpi::abort(1);
                }
                Err(e)
            }
        }
    }

    /// The search; an error says whether the job must be aborted.
    fn run(args: &SearchArgs) -> Result<String, (anyhow::Error, bool)> {
        let normal = |e: anyhow::Error| (e, false);
        let algorithm = algorithm(&args.algo).map_err(normal)?;
        if args.processors.is_none() {
            return Err(normal(anyhow!(
                "--mpi needs --processors DEPTH,WIDTH: the job runs one MPI rank per processor \
                 (1 + W + ... + W^D ranks)"
            )));
        }
        let (mut config, window, processors) = crate::settings::config(args).map_err(normal)?;
        if let Some(secs) = args.mpi.mpi_timeout {
            if !(secs.is_finite() && secs > 0.0 && secs < 1e6) {
                return Err(normal(anyhow!(
                    "--mpi-timeout must be a positive number of seconds, not {secs}"
                )));
            }
            config = config.rank_timeout(Duration::from_secs_f64(secs));
        }
        config.check(algorithm).map_err(|e| normal(explain(e)))?;
        let source = TreeSource::from_args(&args.tree).map_err(normal)?;
        let visit = Visit {
            algorithm,
            config: &config,
            source: TreeJson::from(&source),
            window,
            processors,
        };
        match source.load(visit) {
            Err(e) => {
                // This rank has no tree: tell rank 0, which ends the job.
                let _ = gametree::mpi::refuse(&config, &format!("{e:#}"));
                Err(normal(e))
            }
            Ok(Err(e)) => {
                let abort = e.needs_abort();
                Err((explain(e), abort))
            }
            Ok(Ok(None)) => Ok(String::new()),
            Ok(Ok(Some(output))) => Ok(if args.json {
                output.to_json()
            } else {
                output.to_text()
            }),
        }
    }

    /// `--algo` of an `--mpi` search: `treesplit` and `pvsplit` by their
    /// threaded names, or the front door's `mpi-…` names.
    fn algorithm(name: &str) -> Result<Algorithm> {
        match name {
            "treesplit" => Ok(Algorithm::MpiTreeSplit),
            "pvsplit" => Ok(Algorithm::MpiPvSplit),
            _ => match name.parse::<Algorithm>() {
                Ok(a) if a.family() == Family::Distributed => Ok(a),
                _ => bail!("--mpi runs treesplit and pvsplit; '{name}' is not one of them"),
            },
        }
    }

    /// The search on whatever tree [`TreeSource::load`] builds: rank 0's
    /// output, `None` on the other ranks.
    struct Visit<'a> {
        algorithm: Algorithm,
        config: &'a Config,
        source: TreeJson,
        window: Option<Window>,
        processors: Option<ProcessorTree>,
    }

    impl TreeVisitor for Visit<'_> {
        type Output = Result<Option<SearchOutput>, gametree::Error>;
        fn visit<T>(self, tree: &T, description: String) -> Result<Self::Output>
        where
            T: Tree + Sync,
            T::Node: Send + Sync,
        {
            Ok(
                gametree::search(self.algorithm, tree, self.config).map(|report| {
                    (report.rank() == 0).then(|| {
                        SearchOutput::new(
                            report,
                            tree,
                            description,
                            self.source,
                            self.window,
                            self.processors,
                        )
                    })
                }),
            )
        }
    }
}

//! `gametree search --mpi`: tree-splitting and pv-splitting on MPI ranks,
//! one rank per processor of `--processors D,W` (`search_distributed`).
//!
//! ```text
//! cargo build --release -p gametree --features mpi
//! mpirun -np 7 target/release/gametree search --algo pvsplit --mpi --processors 2,2 --tree FILE --json
//! ```
//!
//! Every rank runs the same command and builds the same tree; rank 0
//! prints the report — the threaded search's keys (value, leaves, interior,
//! `per_thread` = terminals per rank, jobs …) and an `mpi` object with each
//! rank's counts and the messages by kind — and reports every error as one
//! `gametree: error: …` line; the other ranks print nothing. A rank that
//! stops answering is reported by rank 0 after `--mpi-timeout` seconds,
//! and the job is then aborted (`MPI_Abort`), since it cannot finish
//! normally without that rank. Built without the `mpi` feature, `--mpi`
//! is an error that says how to build with it.

use anyhow::Result;
use clap::Args;

/// The `--mpi` options of `gametree search`.
#[derive(Args, Debug)]
pub struct MpiArgs {
    /// Run treesplit or pvsplit on MPI ranks, one per processor of
    /// --processors DEPTH,WIDTH (start it with `mpirun -np K`, K = 1 + W +
    /// … + W^D; needs a build with `--features mpi`).
    #[arg(long)]
    pub mpi: bool,

    /// With --mpi: seconds a busy rank may stay silent before rank 0
    /// reports it dead and aborts the job [default: 10].
    #[arg(long, value_name = "SECS")]
    pub mpi_timeout: Option<f64>,
}

/// `--mpi-timeout` without `--mpi`.
pub(crate) fn check_unused(args: &MpiArgs) -> Result<()> {
    if !args.mpi && args.mpi_timeout.is_some() {
        anyhow::bail!("--mpi-timeout is for --mpi searches");
    }
    Ok(())
}

/// `gametree search --mpi` in a build without MPI.
#[cfg(not(feature = "mpi"))]
pub(crate) fn search_command(_: &crate::cli::SearchArgs) -> Result<String> {
    anyhow::bail!(
        "this gametree was built without MPI: build it with `cargo build --release -p gametree \
         --features mpi` (which needs OpenMPI and libclang: apt-get install openmpi-bin \
         libopenmpi-dev libclang-dev) and start it with `mpirun -np K`"
    )
}

#[cfg(feature = "mpi")]
pub(crate) use with_mpi::search_command;

#[cfg(feature = "mpi")]
mod with_mpi {
    use std::fmt::Write as _;
    use std::time::Duration;

    use anyhow::{Result, anyhow, bail};
    use search_depthfirst::Window;
    use search_distributed::{
        DistAlgorithm, DistConfig, DistError, DistReport, MessageKind, MpiTransport, Transport,
        refuse, search,
    };
    use serde::Serialize;
    use tree_core::{Tree, Value};

    use crate::cli::SearchArgs;
    use crate::report::{MoveNames, Moves, ParallelJson, Report};
    use crate::run::{classify, parse_processors};
    use crate::source::{TreeSource, TreeVisitor};

    /// `gametree search --mpi`: what rank 0 prints (nothing elsewhere).
    pub(crate) fn search_command(args: &SearchArgs) -> Result<String> {
        let mut transport = MpiTransport::init()?;
        let root = transport.rank() == 0;
        match run(args, &mut transport) {
            Ok(out) => Ok(if root { out } else { String::new() }),
            // Rank 0 reports every error.
            Err(_) if !root => Ok(String::new()),
            Err((e, abort)) => {
                if abort {
                    // Finishing normally would wait for the silent rank.
                    crate::fail(&e);
                    transport.abort(1);
                }
                Err(e)
            }
        }
    }

    /// The search; an error says whether the job must be aborted.
    fn run(
        args: &SearchArgs,
        transport: &mut MpiTransport,
    ) -> Result<String, (anyhow::Error, bool)> {
        let normal = |e: anyhow::Error| (e, false);
        let (algorithm, config) = configure(args).map_err(normal)?;
        let source = TreeSource::from_args(&args.tree).map_err(normal)?;
        let visitor = Visit {
            algorithm,
            config,
            transport,
        };
        let (description, result) = match source.load(visitor) {
            Ok(r) => r,
            Err(e) => {
                // This rank has no tree: tell rank 0, which ends the job.
                let _ = refuse(transport, &config, &format!("{e:#}"));
                return Err((e, false));
            }
        };
        match result {
            Ok(Some((report, names))) => Ok(render(
                args,
                &source,
                &description,
                &report,
                names,
                config.window,
            )),
            Ok(None) => Ok(String::new()),
            Err(e) => {
                let abort = e.needs_abort();
                Err((e.into(), abort))
            }
        }
    }

    /// The algorithm and configuration, checked against the other options.
    fn configure(args: &SearchArgs) -> Result<(DistAlgorithm, DistConfig)> {
        let algorithm: DistAlgorithm = args.algo.parse().map_err(|_| {
            anyhow!(
                "--mpi runs treesplit and pvsplit; '{}' is not one of them",
                args.algo
            )
        })?;
        let text = args.processors.as_deref().ok_or_else(|| {
            anyhow!(
                "--mpi needs --processors DEPTH,WIDTH: the job runs one MPI rank per processor \
                 (1 + W + ... + W^D ranks)"
            )
        })?;
        let processors = parse_processors(text)?;
        let refused = [
            (
                args.threads.is_some(),
                "--threads (the ranks are the processors)",
            ),
            (args.trace, "--trace"),
            (args.memory.is_some(), "--memory"),
            (args.upper.is_some(), "--upper"),
            (args.stage.is_some(), "--stage"),
            (args.searchd.is_some(), "--searchd"),
        ];
        if let Some((_, option)) = refused.iter().find(|(given, _)| *given) {
            bail!("{option} does not apply to an --mpi search");
        }
        if args.no_type2 && algorithm != DistAlgorithm::PvSplit {
            bail!("--no-type2 is for pvsplit; '{algorithm}' has no type-2 optimisation");
        }
        let mut config = DistConfig::new(processors);
        config.type2 = !args.no_type2;
        config.window = Window::new(
            args.alpha.unwrap_or(Value::NEG_INF),
            args.beta.unwrap_or(Value::INF),
        )?;
        if let Some(secs) = args.mpi.mpi_timeout {
            if !(secs.is_finite() && secs > 0.0 && secs < 1e6) {
                bail!("--mpi-timeout must be a positive number of seconds, not {secs}");
            }
            config.timeout = Duration::from_secs_f64(secs);
        }
        config.heartbeat = config.heartbeat.min(config.timeout / 5);
        Ok((algorithm, config))
    }

    /// The distributed search on whatever tree [`TreeSource::load`] builds.
    struct Visit<'a> {
        algorithm: DistAlgorithm,
        config: DistConfig,
        transport: &'a mut MpiTransport,
    }

    impl TreeVisitor for Visit<'_> {
        type Output = (String, Result<Option<(DistReport, MoveNames)>, DistError>);
        fn visit<T>(self, tree: &T, description: String) -> Result<Self::Output>
        where
            T: Tree + Sync,
            T::Node: Send + Sync,
        {
            let r = search(self.algorithm, tree, self.transport, &self.config);
            // The searches know the root's best move, no deeper line.
            let named = r.map(|r| {
                r.map(|r| {
                    let names = Moves::best_only(r.best).names(tree);
                    (r, names)
                })
            });
            Ok((description, named))
        }
    }

    /// What `--mpi` adds to the threaded search's report.
    #[derive(Debug, Serialize)]
    struct MpiJson {
        /// Ranks, one per processor.
        ranks: usize,
        /// Wall-clock milliseconds of the search on rank 0.
        elapsed_ms: f64,
        /// Each rank's counts, by rank.
        per_rank: Vec<RankJson>,
        /// Messages by kind, summed over the ranks.
        messages: Vec<KindJson>,
    }

    #[derive(Debug, Serialize)]
    struct RankJson {
        rank: usize,
        leaves: u64,
        interior: u64,
        jobs: u64,
        terminated: u64,
        after_terminate: u64,
        busy_ms: f64,
        messages_sent: u64,
        bytes_sent: u64,
    }

    #[derive(Debug, Serialize)]
    struct KindJson {
        kind: &'static str,
        sent: u64,
        /// Mean and largest latency (sender's clock to receiver's), in
        /// microseconds; meaningful on one host only.
        mean_us: Option<f64>,
        max_us: f64,
    }

    /// The threaded search's report with `mpi` after it.
    #[derive(Debug, Serialize)]
    struct MpiReport<'a> {
        #[serde(flatten)]
        report: &'a Report,
        mpi: MpiJson,
    }

    fn render(
        args: &SearchArgs,
        source: &TreeSource,
        description: &str,
        r: &DistReport,
        names: MoveNames,
        window: Window,
    ) -> String {
        let p = r.processors;
        let given = (args.alpha.is_some() || args.beta.is_some()).then_some(window);
        let mut report = Report {
            schema: crate::report::SCHEMA,
            algorithm: r.algorithm.name(),
            tree: Some(source.into()),
            best: None,
            pv: None,
            moves_known: false,
            wall_seconds: r.elapsed,
            window: given.map(Into::into),
            value: r.value,
            bound: given.map(|w| classify(w, r.value).bound.into()),
            leaves: r.leaves(),
            distinct_leaves: None,
            interior: r.interior(),
            peak_open: None,
            order: None,
            parallel: Some(ParallelJson {
                threads: crate::parallel::searching_threads(p),
                processor_tree: Some(p.into()),
                processors: p.processors(),
                per_thread: r.per_rank_leaves(),
                jobs: r.jobs(),
            }),
            description: description.to_string(),
        };
        report.set_move_names(Some(names));
        let mpi = MpiJson {
            ranks: r.per_rank.len(),
            elapsed_ms: r.elapsed.as_secs_f64() * 1e3,
            per_rank: r
                .per_rank
                .iter()
                .enumerate()
                .map(|(rank, s)| RankJson {
                    rank,
                    leaves: s.leaves,
                    interior: s.interior,
                    jobs: s.jobs,
                    terminated: s.terminated,
                    after_terminate: s.after_terminate,
                    busy_ms: s.busy_ns as f64 / 1e6,
                    messages_sent: s.sent.iter().sum(),
                    bytes_sent: s.bytes_sent,
                })
                .collect(),
            messages: MessageKind::ALL
                .iter()
                .map(|&k| {
                    let l = r.latency(k);
                    KindJson {
                        kind: k.name(),
                        sent: r.sent(k),
                        mean_us: l.mean_us(),
                        max_us: l.max_ns as f64 / 1e3,
                    }
                })
                .collect(),
        };
        if args.json {
            let mut s = serde_json::to_string(&MpiReport {
                report: &report,
                mpi,
            })
            .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string());
            s.push('\n');
            return s;
        }
        // Distinct leaves would need every rank's leaves gathered.
        let mut out = report.to_text().replace(
            "(distinct not counted: tree too large)",
            "(distinct not counted across ranks)",
        );
        let mut line = |label: &str, value: String| {
            let _ = writeln!(out, "{label:<12}{value}");
        };
        line(
            "MPI ranks",
            format!("{} (rank r is processor r in preorder)", mpi.ranks),
        );
        line("elapsed", format!("{:.3} ms", mpi.elapsed_ms));
        let counted: Vec<String> = mpi
            .messages
            .iter()
            .filter(|k| k.sent > 0)
            .map(|k| match k.mean_us {
                Some(us) => format!("{} {} ({us:.1} us)", k.kind, k.sent),
                None => format!("{} {}", k.kind, k.sent),
            })
            .collect();
        line("messages", counted.join(", "));
        out
    }
}

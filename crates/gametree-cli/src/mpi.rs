//! `gametree search --mpi`: tree-splitting and pv-splitting on MPI ranks,
//! one rank per processor of `--processors D,W` (`search_distributed`).
//!
//! ```text
//! cargo build --release -p gametree-cli --features mpi
//! mpirun --oversubscribe -np 7 target/release/gametree search --algo pvsplit --mpi --processors 2,2 --tree FILE --json
//! ```
//!
//! The distributed searches are not (yet) searches of the front door, so
//! this module calls `search_distributed` itself; its report has the keys
//! of the library's report of a threaded search (value, bound, best, pv,
//! leaves, interior, `per_thread` = terminals per rank, …, schema 2) and an
//! `mpi` object with each rank's counts and the messages by kind. Every
//! rank runs the same command and builds the same tree; rank 0 prints the
//! report and reports every error as one
//! `gametree: error: …` line; the other ranks print nothing. A rank that
//! stops answering is reported by rank 0 after `--mpi-timeout` seconds,
//! and the job is then aborted (`MPI_Abort`), since it cannot finish
//! normally without that rank. Built without the `mpi` feature, `--mpi`
//! is an error that says how to build with it.

use anyhow::Result;

use crate::cli::MpiArgs;

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
    use gametree::{Bound, Tree, Value, Window};
    use search_distributed::{
        DistAlgorithm, DistConfig, DistError, DistReport, MessageKind, MpiTransport, Transport,
        refuse, search,
    };
    use serde::Serialize;

    use crate::cli::SearchArgs;
    use crate::options::{fail, parse_processors};
    use crate::report::{
        Lines, ProcessorTreeJson, SCHEMA, WindowJson, bound_text, line_text, move_text,
        processors_text, spaced, to_json_line, value_json, value_text,
    };
    use crate::source::{TreeJson, TreeSource, TreeVisitor};

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
                    fail(&e);
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
            Ok(Some(report)) => {
                let given = (args.alpha.is_some() || args.beta.is_some()).then_some(config.window);
                let output = output(&source, description, &report, given);
                Ok(if args.json {
                    to_json_line(&output)
                } else {
                    output.to_text()
                })
            }
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
            (args.table_bytes.is_some(), "--table-bytes"),
            (args.upper.is_some(), "--upper"),
            (args.stage.is_some(), "--stage"),
            (args.searchd.is_some(), "--searchd"),
            (args.time_ms.is_some(), "--time-ms"),
            (args.max_leaves.is_some(), "--max-leaves"),
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
        type Output = (String, Result<Option<DistReport>, DistError>);
        fn visit<T>(self, tree: &T, description: String) -> Result<Self::Output>
        where
            T: Tree + Sync,
            T::Node: Send + Sync,
        {
            let r = search(self.algorithm, tree, self.transport, &self.config);
            Ok((description, r))
        }
    }

    /// What rank 0 prints: the keys of the library's report of a threaded
    /// search, and `mpi`.
    #[derive(Debug, Serialize)]
    struct MpiOutput {
        schema: u32,
        tree: TreeJson,
        #[serde(skip_serializing_if = "Option::is_none")]
        window: Option<WindowJson>,
        algorithm: &'static str,
        #[serde(serialize_with = "value_json")]
        value: Value,
        bound: Bound,
        /// The root's best move, 1-based; the searches know no deeper
        /// line.
        best: Option<String>,
        pv: Vec<String>,
        pv_complete: bool,
        leaves: u64,
        interior: u64,
        /// Not counted: it would need every rank's leaves gathered.
        distinct_leaves: Option<u64>,
        peak_memory: Option<usize>,
        memory_unit: Option<&'static str>,
        seconds: f64,
        stopped: Option<&'static str>,
        depth: Option<u32>,
        threads: usize,
        per_thread: Vec<u64>,
        processor_tree: ProcessorTreeJson,
        processors: u64,
        mpi: MpiJson,
        /// The tree in one line (text only).
        #[serde(skip)]
        description: String,
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

    /// What a fail-hard value searched with window `w` says about the
    /// minimax value.
    fn classify(w: Window, value: Value) -> Bound {
        if value <= w.alpha() && w.alpha() != Value::NEG_INF {
            Bound::Upper
        } else if value >= w.beta() && w.beta() != Value::INF {
            Bound::Lower
        } else {
            Bound::Exact
        }
    }

    fn output(
        source: &TreeSource,
        description: String,
        r: &DistReport,
        window: Option<Window>,
    ) -> MpiOutput {
        let p = r.processors;
        let best = r.best.map(|i| (i + 1).to_string());
        MpiOutput {
            schema: SCHEMA,
            tree: source.into(),
            window: window.map(Into::into),
            algorithm: r.algorithm.name(),
            value: r.value,
            bound: window.map_or(Bound::Exact, |w| classify(w, r.value)),
            pv: best.iter().cloned().collect(),
            best,
            pv_complete: false,
            leaves: r.leaves(),
            interior: r.interior(),
            distinct_leaves: None,
            peak_memory: None,
            memory_unit: None,
            seconds: r.elapsed.as_secs_f64(),
            stopped: None,
            depth: None,
            threads: (0..p.depth).fold(1usize, |n, _| n.saturating_mul(p.width)),
            per_thread: r.per_rank_leaves(),
            processor_tree: p.into(),
            processors: p.processors().unwrap_or(0),
            mpi: MpiJson {
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
            },
            description,
        }
    }

    impl MpiOutput {
        /// The lines of `gametree search`'s text, and the ranks'.
        fn to_text(&self) -> String {
            let mut out = Lines::default();
            out.line("algorithm", self.algorithm);
            out.line("tree", &self.description);
            if let Some(w) = &self.window {
                out.line("window", format!("({}, {})", w.alpha, w.beta));
            }
            out.line("value", value_text(self.value, self.bound));
            if let Some(b) = bound_text(self.value, self.bound, self.window.is_some()) {
                out.line("bound", b);
            }
            out.line("best", move_text(self.best.as_deref(), false));
            out.line("pv", line_text(&self.pv, self.pv_complete, false, false));
            out.line(
                "leaves",
                format!("{} (distinct not counted across ranks)", self.leaves),
            );
            out.line("interior", self.interior);
            out.line("peak memory", "n/a");
            out.line("threads", self.threads);
            out.line(
                "processors",
                processors_text(self.processor_tree, self.processors),
            );
            out.line("per thread", spaced(&self.per_thread));
            out.line(
                "MPI ranks",
                format!("{} (rank r is processor r in preorder)", self.mpi.ranks),
            );
            out.line("elapsed", format!("{:.3} ms", self.mpi.elapsed_ms));
            let counted: Vec<String> = self
                .mpi
                .messages
                .iter()
                .filter(|k| k.sent > 0)
                .map(|k| match k.mean_us {
                    Some(us) => format!("{} {} ({us:.1} us)", k.kind, k.sent),
                    None => format!("{} {}", k.kind, k.sent),
                })
                .collect();
            out.line("messages", counted.join(", "));
            out.0
        }
    }
}

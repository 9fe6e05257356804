//! The subcommands: check how the arguments combine, build the tree, search
//! it through [`crate::parallel::SyncCounted`] (and [`Traced`] for
//! `--trace`), and render the [`Report`].
//!
//! Every tree type goes through the one generic [`search`] (sequential) or
//! [`crate::parallel::search_threads`]; only [`TreeSource::load`]'s match
//! knows that there are several (text, Campbell file, generator).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use search_bestfirst::{Algorithm as BestFirst, Options};
use search_depthfirst::{Algorithm, Bound, Scored, SearchConfig, Window};
use search_parallel::{ProcessorTree, ThreadAlgorithm, ThreadConfig, ThreadError};
use tree_core::{Limits, Traced, Tree, Value};

use crate::cli::{Command, SearchArgs};
use crate::parallel::SyncCounted;
use crate::progress::with_progress;
use crate::report::{Moves, Report, SCHEMA, TreeJson, code_width};
use crate::source::{TreeSource, TreeVisitor};

/// Runs one subcommand and returns what it prints on standard output.
///
/// # Errors
/// Every problem with the input, as one message for `gametree: error: …`.
pub fn run(command: &Command) -> Result<String> {
    match command {
        Command::Algos => Ok(algos()),
        Command::Search(args) => search_command(args),
        Command::Simulate(args) => crate::parallel::simulate_command(args),
        Command::Othello(args) => crate::othello::run(args),
        Command::Solve(args) => crate::solve::run(args),
    }
}

/// `gametree algos`: one line per algorithm, depth-first first, then
/// best-first, then the multi-threaded ones.
///
/// Descriptions are aligned on the longest sequential name, so that the
/// sequential lines read as they did before the threaded ones were listed;
/// a longer name (`parallel-staged-sss`) is followed by two spaces.
fn algos() -> String {
    let sequential: Vec<(&str, &str)> = Algorithm::ALL
        .iter()
        .map(|a| (a.name(), a.description()))
        .chain(BestFirst::ALL.iter().map(|a| (a.name(), a.description())))
        .collect();
    let width = sequential.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let rows = sequential.into_iter().chain(
        ThreadAlgorithm::ALL
            .iter()
            .map(|&a| (a.name(), crate::parallel::description(a))),
    );
    let mut out = String::new();
    for (name, description) in rows {
        let _ = writeln!(out, "{name:<width$}  {description}");
    }
    out
}

/// An algorithm of any family.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Algo {
    Depth(Algorithm),
    Best(BestFirst),
    Thread(ThreadAlgorithm),
}

impl Algo {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algo::Depth(a) => a.name(),
            Algo::Best(a) => a.name(),
            Algo::Thread(a) => a.name(),
        }
    }
}

impl std::fmt::Display for Algo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algo {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Algo> {
        if let Ok(a) = s.parse::<Algorithm>() {
            return Ok(Algo::Depth(a));
        }
        if let Ok(a) = s.parse::<BestFirst>() {
            return Ok(Algo::Best(a));
        }
        if let Ok(a) = s.parse::<ThreadAlgorithm>() {
            return Ok(Algo::Thread(a));
        }
        let known: Vec<&str> = Algorithm::ALL
            .iter()
            .map(|a| a.name())
            .chain(BestFirst::ALL.iter().map(|a| a.name()))
            .chain(ThreadAlgorithm::ALL.iter().map(|a| a.name()))
            .collect();
        bail!("unknown algorithm '{s}' (known: {})", known.join(", "))
    }
}

/// The algorithms that take a window (`--alpha`/`--beta`): those of
/// [`Algorithm::takes_window`].
const WINDOW_ALGORITHMS: [Algorithm; 3] = [
    Algorithm::AlphaBeta,
    Algorithm::FAlphaBeta,
    Algorithm::LAlphaBeta,
];

/// What a search is asked to do, arguments checked.
#[derive(Debug)]
pub(crate) struct Job {
    algorithm: Algo,
    pub(crate) window: Option<Window>,
    /// Options of a best-first algorithm.
    options: Options,
    /// The configuration of a multi-threaded algorithm (its window is
    /// `window`, or the full one; its limits are set when the search
    /// starts).
    pub(crate) threads: ThreadConfig,
    /// `--time-ms`.
    time: Option<Duration>,
    /// `--max-leaves`.
    max_leaves: Option<u64>,
    trace: bool,
    /// The tree's source, for the JSON report.
    pub(crate) tree: Option<TreeJson>,
}

impl Job {
    /// The limits, with a deadline counted from now: the tree is built.
    pub(crate) fn limits(&self) -> Limits {
        let mut limits = Limits::none();
        if let Some(t) = self.time {
            limits = limits.with_time(t);
        }
        if let Some(n) = self.max_leaves {
            limits = limits.with_max_leaves(n);
        }
        limits
    }
}

impl TreeVisitor for &Job {
    type Output = Report;
    fn visit<T>(self, tree: &T, description: String) -> Result<Report>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        match self.algorithm {
            Algo::Thread(a) => crate::parallel::search_threads(tree, description, a, self),
            Algo::Depth(_) | Algo::Best(_) => search(tree, description, self),
        }
    }
}

fn search_command(args: &SearchArgs) -> Result<String> {
    if args.mpi.mpi {
        return crate::mpi::search_command(args);
    }
    crate::mpi::check_unused(&args.mpi)?;
    let mut job = job(args)?;
    let source = TreeSource::from_args(&args.tree)?;
    job.tree = Some(TreeJson::from(&source));
    let report = source.load(&job)?;
    Ok(if args.json {
        report.to_json()
    } else {
        report.to_text()
    })
}

/// The algorithm, window and memory arguments, checked against each other.
fn job(args: &SearchArgs) -> Result<Job> {
    let algorithm: Algo = args.algo.parse()?;
    let mut options = Options::default();
    match algorithm {
        Algo::Depth(a) => {
            if let Some(m) = args.memory {
                bail!(
                    "algorithm '{a}' is depth-first: it has no OPEN list and takes no memory \
                     budget (--memory {m} is for the best-first algorithms)"
                );
            }
        }
        Algo::Best(_) => {
            if let Some(m) = args.memory {
                options.memory = Some(usize::try_from(m).context("--memory is too large")?);
            }
        }
        Algo::Thread(a) => {
            if let Some(m) = args.memory {
                bail!(
                    "algorithm '{a}' is a parallel search: it has no OPEN list and takes no \
                     memory budget (--memory {m} is for the best-first algorithms)"
                );
            }
        }
    }
    let mut threads = thread_config(args, algorithm)?;
    match (args.upper, algorithm) {
        (Some(u), Algo::Best(BestFirst::SssAspiration)) => options.upper = u,
        (Some(_), _) => bail!("--upper is for sss-aspiration; '{algorithm}' takes no upper bound"),
        (None, _) => {}
    }
    match (args.stage, algorithm) {
        (Some(0), _) => bail!("--stage must be at least 1"),
        (Some(k), Algo::Best(BestFirst::StagedSss)) => options.stage = k,
        (Some(k), Algo::Thread(ThreadAlgorithm::ParallelStagedSss)) => threads.stage_depth = k,
        (Some(_), _) => {
            bail!("--stage is for staged-sss and parallel-staged-sss; '{algorithm}' has no stages")
        }
        (None, _) => {}
    }
    match (args.searchd, algorithm) {
        (Some(s), Algo::Best(BestFirst::MGame)) => options.searchd = s,
        (Some(_), _) => bail!("--searchd is for mgame; '{algorithm}' has no local searches"),
        (None, _) => {}
    }
    let window = match (args.alpha, args.beta) {
        (None, None) => None,
        (alpha, beta) => {
            let takes_window = match algorithm {
                Algo::Depth(a) => WINDOW_ALGORITHMS.contains(&a),
                Algo::Best(_) => false,
                Algo::Thread(_) => true,
            };
            if !takes_window {
                bail!(
                    "algorithm '{algorithm}' takes no window (--alpha/--beta); the algorithms \
                     that do are {}, {}",
                    names(WINDOW_ALGORITHMS.iter().map(|a| a.name())),
                    names(ThreadAlgorithm::ALL.iter().map(|a| a.name()))
                );
            }
            let w = Window::new(alpha.unwrap_or(Value::NEG_INF), beta.unwrap_or(Value::INF))?;
            threads.window = w;
            Some(w)
        }
    };
    Ok(Job {
        algorithm,
        window,
        options,
        threads,
        time: args.time_ms.map(Duration::from_millis),
        max_leaves: args.max_leaves,
        trace: args.trace,
        tree: None,
    })
}

/// `--threads`, `--processors`, `--no-type2` and `--trace` checked against
/// the algorithm; for a multi-threaded one, its configuration (full window,
/// stage depth 2: [`job`] sets those).
fn thread_config(args: &SearchArgs, algorithm: Algo) -> Result<ThreadConfig> {
    let Algo::Thread(a) = algorithm else {
        let option = if args.threads.is_some() {
            "--threads"
        } else if args.processors.is_some() {
            "--processors"
        } else if args.no_type2 {
            "--no-type2"
        } else {
            return Ok(ThreadConfig::new(1));
        };
        bail!(
            "algorithm '{algorithm}' is sequential; {option} is for {}",
            names(ThreadAlgorithm::ALL.iter().map(|a| a.name()))
        );
    };
    if args.trace {
        bail!(
            "--trace is for the sequential algorithms: which leaves '{a}' evaluates, and in \
             which order, depends on how its threads are scheduled"
        );
    }
    if args.no_type2 && a != ThreadAlgorithm::PvSplit {
        bail!("--no-type2 is for pvsplit; '{a}' has no type-2 optimisation");
    }
    let mut config = ThreadConfig::new(match args.threads {
        Some(0) => return Err(ThreadError::ZeroThreads.into()),
        Some(k) => k,
        None => default_threads(),
    });
    config.type2 = !args.no_type2;
    if let Some(text) = &args.processors {
        if !matches!(a, ThreadAlgorithm::TreeSplit | ThreadAlgorithm::PvSplit) {
            bail!("--processors is for treesplit and pvsplit; '{a}' runs no processor tree");
        }
        if let Some(k) = args.threads {
            bail!(
                "give --threads or --processors, not both: --threads {k} is the processor \
                 tree 1,{k}"
            );
        }
        let processors = parse_processors(text)?;
        config.processors = Some(processors);
        config.threads = crate::parallel::searching_threads(processors);
    }
    Ok(config)
}

/// The host's available parallelism, 1 if it cannot tell.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
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

fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

/// What a sequential search found.
struct Found {
    scored: Scored,
    moves: Option<Moves>,
    peak_open: Option<u64>,
}

/// Searches `tree` as `job` says, measuring at the trait boundary by
/// [`SyncCounted`] (whose distinct-leaf count takes at most 32 MiB, where
/// [`Traced`] keeps every leaf's code), and by [`Traced`] too for
/// `--trace`; a progress line every second on standard error.
fn search<T>(tree: &T, what: String, job: &Job) -> Result<Report>
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let counted = SyncCounted::new(tree);
    let start = Instant::now();
    let (found, order, distinct) = with_progress(&|| counted.leaves(), || {
        if job.trace {
            let traced = Traced::new(&counted);
            let found = search_once(&traced, job)?;
            let order = traced.order();
            let width = code_width(tree, order.iter());
            let order: Vec<String> = order
                .iter()
                .map(|d| d.display_for_width(width).to_string())
                .collect();
            Ok::<_, anyhow::Error>((found, Some(order), Some(traced.distinct_leaves())))
        } else {
            Ok((search_once(&counted, job)?, None, counted.distinct_leaves()))
        }
    })?;
    let wall_seconds = start.elapsed();
    let mut report = Report {
        schema: SCHEMA,
        algorithm: job.algorithm.name(),
        tree: job.tree.clone(),
        window: job.window.map(Into::into),
        value: found.scored.value,
        bound: job.window.map(|_| found.scored.bound.into()),
        best: None,
        pv: None,
        moves_known: false,
        leaves: counted.leaves(),
        distinct_leaves: distinct,
        interior: counted.interior(),
        peak_open: found.peak_open,
        wall_seconds,
        order,
        parallel: None,
        description: what,
    };
    report.set_moves(tree, found.moves);
    Ok(report)
}

/// One sequential search of `tree`: the depth-first algorithms through
/// [`Algorithm::search`] (window, limits, best move and line), the
/// best-first ones through their registry.
fn search_once<T: Tree>(tree: &T, job: &Job) -> Result<Found> {
    match job.algorithm {
        Algo::Depth(a) => {
            let config = SearchConfig::new()
                .with_window(job.window.unwrap_or(Window::FULL))
                .with_limits(job.limits());
            let r = a.search(tree, &config)?;
            Ok(Found {
                scored: Scored {
                    value: r.value,
                    bound: r.bound,
                },
                moves: Some(Moves {
                    best: r.best,
                    pv: r.pv,
                }),
                peak_open: None,
            })
        }
        Algo::Best(a) => {
            let options = Options {
                limits: job.limits(),
                ..job.options.clone()
            };
            let out = a.run(tree, &options)?;
            Ok(Found {
                scored: Scored {
                    value: out.value,
                    bound: Bound::Exact,
                },
                moves: Some(Moves {
                    best: out.best,
                    pv: out.pv,
                }),
                peak_open: Some(out.memory.peak as u64),
            })
        }
        Algo::Thread(a) => Err(anyhow!("algorithm '{a}' is not sequential")),
    }
}

/// What a fail-hard result searched with window `w` says about the minimax
/// value: at most `value` if it is at most α, at least `value` if it is at
/// least β, else exactly `value`.
pub(crate) fn classify(w: Window, value: Value) -> Scored {
    Scored {
        value,
        bound: if value <= w.alpha() {
            Bound::Upper
        } else if value >= w.beta() {
            Bound::Lower
        } else {
            Bound::Exact
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_window_algorithm_is_an_algorithm() {
        for a in WINDOW_ALGORITHMS {
            assert!(Algorithm::ALL.contains(&a) && a.takes_window());
        }
        let takes = Algorithm::ALL.iter().filter(|a| a.takes_window()).count();
        assert_eq!(takes, WINDOW_ALGORITHMS.len());
    }

    #[test]
    fn processor_trees() {
        let p = parse_processors("1,4").unwrap();
        assert_eq!((p.depth, p.width), (1, 4));
        let p = parse_processors(" 2 , 3 ").unwrap();
        assert_eq!((p.depth, p.width), (2, 3));
        assert_eq!(parse_processors("0,0").unwrap().depth, 0);
        for bad in ["", "1", "1,", ",4", "1,4,2", "-1,4", "a,b", "1;4"] {
            assert!(parse_processors(bad).is_err(), "{bad}");
        }
        assert!(parse_processors("1,0").is_err());
        assert!(parse_processors("30,2").is_err());
    }
}

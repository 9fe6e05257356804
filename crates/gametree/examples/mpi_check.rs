//! The driver of the front door's MPI tests (feature `mpi`; started by
//! `tests/mpi.rs` under `mpirun`, installed by nothing): every rank runs
//! the searches its arguments name, one after another on the same ranks,
//! through [`gametree::search`] and [`gametree::search_game`], and rank 0
//! prints one JSON line per search: the report and the minimax oracle's
//! value, or the error.
//!
//! ```text
//! mpirun --oversubscribe -np 3 mpi-check 'mpi-treesplit tree=crates/tree-core/data/table1.tree processors=1,2'
//! ```
//!
//! A search is one argument of space-separated words: the algorithm, the
//! tree (`tree=FILE`, `gen=KIND,B,D,SEED`, or `take3=HEAP,DEPTH`: a game
//! searched to a depth), and options: `processors=D,W`, `alpha=A`,
//! `beta=B`, `no-type2`, `timeout-ms=MS`, and options the searches do not
//! take (`memory=M`, `threads=K`, `time-ms=MS`, `trace`); `refuse=R`: rank R
//! cannot build its tree ([`gametree::mpi::refuse`]). The ranks other than
//! 0 check that their report says only their rank, and fail otherwise.

use std::process::ExitCode;
use std::time::Duration;

use gametree::{Algorithm, Bound, Config, Error, ProcessorTree, Report, Value, Window};
use serde_json::{Value as Json, json};
use tree_core::{ExplicitTree, GenSpec, Horizon, Tree, corpus, minimax};

/// Take 1, 2 or 3 from a heap; whoever takes the last wins (a heap of 0
/// is lost, any other valued by its remainder mod 4).
const TAKE3: corpus::Take = corpus::Take {
    most: 3,
    bounded: true,
    evaluate: |heap| Value::from_small(if heap == 0 { -100 } else { (heap % 4) as i16 }),
};

fn main() -> ExitCode {
    let rank = match gametree::mpi::rank() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mpi-check: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    for case in std::env::args().skip(1) {
        match run(&case, rank) {
            Ok(Some(line)) if rank == 0 => println!("{line}"),
            Ok(_) => {}
            Err(problem) => {
                eprintln!("mpi-check: rank {rank}: {case}: {problem}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// What the words of one search ask for.
struct Case {
    algorithm: Algorithm,
    config: Config,
    refuse: Option<usize>,
    source: Source,
}

enum Source {
    Tree(ExplicitTree),
    Gen(GenSpec),
    Take3(u32, u32),
}

fn parse(case: &str) -> Result<Case, String> {
    let mut words = case.split_whitespace();
    let algorithm: Algorithm = words
        .next()
        .ok_or("no algorithm")?
        .parse()
        .map_err(|e: Error| e.to_string())?;
    let mut config = Config::default();
    let (mut alpha, mut beta) = (None, None);
    let (mut refuse, mut source) = (None, None);
    let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{v}: {e}"));
    let value = |v: &str| {
        let n = v.parse::<i64>().map_err(|e| format!("{v}: {e}"))?;
        Value::new(n).map_err(|e| e.to_string())
    };
    for word in words {
        let (key, v) = word.split_once('=').unwrap_or((word, ""));
        match key {
            "tree" => {
                let text = std::fs::read_to_string(v).map_err(|e| format!("{v}: {e}"))?;
                source = Some(Source::Tree(text.parse().map_err(|e| format!("{e}"))?));
            }
            "gen" => {
                let p: Vec<&str> = v.split(',').collect();
                let [kind, b, d, seed] = p[..] else {
                    return Err(format!("gen={v}: expected KIND,B,D,SEED"));
                };
                let kind = kind.parse().map_err(|e| format!("{e}"))?;
                let (b, d) = (number(b)? as usize, number(d)? as usize);
                source = Some(Source::Gen(GenSpec::new(kind, b, d, number(seed)?, 0)));
            }
            "take3" => {
                let (heap, depth) = v.split_once(',').ok_or("take3=HEAP,DEPTH")?;
                source = Some(Source::Take3(number(heap)? as u32, number(depth)? as u32));
            }
            "processors" => {
                let (d, w) = v.split_once(',').ok_or("processors=D,W")?;
                config = config.processors(ProcessorTree {
                    depth: number(d)? as usize,
                    width: number(w)? as usize,
                });
            }
            "alpha" => alpha = Some(value(v)?),
            "beta" => beta = Some(value(v)?),
            "no-type2" => config = config.type2(false),
            "timeout-ms" => config = config.rank_timeout(Duration::from_millis(number(v)?)),
            "memory" => config = config.memory(number(v)? as usize),
            "threads" => config = config.threads(number(v)? as usize),
            "time-ms" => config = config.time_limit(Duration::from_millis(number(v)?)),
            "trace" => config = config.trace(true),
            "refuse" => refuse = Some(number(v)? as usize),
            _ => return Err(format!("unknown word {word}")),
        }
    }
    if alpha.is_some() || beta.is_some() {
        let w = Window::new(alpha.unwrap_or(Value::NEG_INF), beta.unwrap_or(Value::INF))
            .map_err(|e| e.to_string())?;
        config = config.window(w);
    }
    Ok(Case {
        algorithm,
        config,
        refuse,
        source: source.ok_or("no tree")?,
    })
}

/// One search on this rank: rank 0's JSON line; `Err` for a bad case or
/// a report on another rank that says more than its rank.
fn run(case: &str, rank: usize) -> Result<Option<Json>, String> {
    let c = parse(case)?;
    if c.refuse == Some(rank) {
        let e = gametree::mpi::refuse(&c.config, &format!("rank {rank} has no tree"));
        return Ok(Some(error_json(case, &e)));
    }
    let found = match &c.source {
        Source::Tree(t) => searched(c.algorithm, t, &c.config),
        Source::Gen(spec) => {
            let t = spec.build().map_err(|e| e.to_string())?;
            searched(c.algorithm, &t, &c.config)
        }
        Source::Take3(heap, depth) => {
            let tree = Horizon::new(&TAKE3, *heap, *depth);
            let found = gametree::search_game(c.algorithm, &TAKE3, heap, *depth, &c.config);
            // A move takes 1, 2 or 3: its child's index is one less.
            found.map(|r| {
                let oracle = oracle(&tree, &r, r.best.map(|m| (m - 1) as usize));
                let json = serde_json::to_value(&r).expect("JSON");
                (json, oracle, r.rank(), r.map_moves(|m| (m - 1) as usize))
            })
        }
    };
    match found {
        Ok((report, oracle, got_rank, r)) => {
            if got_rank != rank {
                return Err(format!("rank {rank} got a report of rank {got_rank}"));
            }
            if rank != 0 {
                if r.bound != Bound::Unknown || r.leaves != 0 || r.best.is_some() {
                    return Err(format!("rank {rank}'s report has results: {report}"));
                }
                return Ok(None);
            }
            Ok(Some(
                json!({ "case": case, "report": report, "oracle": oracle }),
            ))
        }
        Err(e) => {
            if e.needs_abort() && rank == 0 {
                eprintln!("mpi-check: error: {e}");
                gametree::mpi::abort(1);
            }
            Ok(Some(error_json(case, &e)))
        }
    }
}

type Found = (Json, Json, usize, Report);

/// A tree search, as JSON with the oracle's verdict.
fn searched<T>(algorithm: Algorithm, tree: &T, config: &Config) -> Result<Found, Error>
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let r = gametree::search(algorithm, tree, config)?;
    let oracle = oracle(tree, &r, r.best);
    Ok((serde_json::to_value(&r).expect("JSON"), oracle, r.rank(), r))
}

/// The minimax value of `tree`, and whether `best` (a child index) is a
/// move of the report's value.
fn oracle<T: Tree + ?Sized, M>(tree: &T, r: &Report<M>, best: Option<usize>) -> Json {
    let best_ok = match r.bound {
        Bound::Exact => corpus::check_best(tree, r.value, best).map_err(|e| e.to_string()),
        _ => Ok(()),
    };
    json!({
        "value": minimax(tree).get(),
        "best_ok": best_ok.err().unwrap_or_else(|| "yes".into()),
    })
}

fn error_json(case: &str, e: &Error) -> Json {
    let kind = match e {
        Error::NotTaken { setting, .. } => format!("not-taken {setting}"),
        Error::InvalidSetting { setting, .. } => format!("invalid {setting}"),
        Error::Distributed(_) => "distributed".into(),
        _ => "other".into(),
    };
    json!({ "case": case, "error": e.to_string(), "kind": kind })
}

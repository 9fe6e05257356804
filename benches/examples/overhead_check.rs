//! What the front door costs: every search through [`gametree::search`]
//! timed beside the engine's own call on the same tree.
//!
//! ```text
//! cargo run --release -p benches --example overhead_check                 # every group
//! cargo run --release -p benches --example overhead_check -- depthfirst   # one group
//! cargo run --release -p benches --example overhead_check -- --runs 11 threads
//! cargo run --release -p benches --example overhead_check -- one alphabeta 8 8 front
//! ```
//!
//! Groups:
//!
//! * `depthfirst`: each depth-first algorithm as its plain function
//!   (`search_depthfirst::Algorithm::run`: the value alone), as
//!   `search_depthfirst::Algorithm::search` (limits metered, best move and
//!   principal variation kept) and through `gametree::search` (which also
//!   counts leaves and interior expansions), and that with
//!   `Config::pv(false)` (the best move alone), on `HashTree`s of four shapes;
//! * `mt`: the MT drivers through `gametree::search` and through one
//!   `gametree::Cache` kept between searches, on small trees;
//! * `bestfirst`: `search_bestfirst::Algorithm::run` beside
//!   `gametree::search`;
//! * `threads`: `search_parallel::threads::search` beside `gametree::search` for
//!   tree-splitting, pv-splitting and YBWC on 1 and 2 threads.
//!
//! Every row first checks that the variants agree (value, and leaves where
//! both report them). Then the variants of a row are timed interleaved:
//! each sample runs one variant long enough to take about 5 ms (or one
//! search, if longer), the samples go round the variants `--runs` times
//! (default 15), and the best sample of each variant is kept; the table
//! gives the first variant's time per search and the others' relative to
//! it. The host is shared, so only the relative numbers of one run mean
//! much; `one` with callgrind gives numbers that do not depend on it.
//!
//! `one NAME B D VARIANT [REPEAT]` runs a single search once, or REPEAT
//! times (for `valgrind --tool=callgrind`, whose instruction counts do not
//! depend on the load): NAME a `gametree` algorithm name, with the
//! `overhead` bench's suffixes if wanted (`+leaf`, `+store`: the odd-depth
//! leaf search on or off; `@M`: a budget of M entries), VARIANT `plain`,
//! `engine`, `front`, `front-nopv` (depth-first, `Config::pv(false)`) or
//! `cache` (`gametree::search` through one kept
//! `Cache`), or `none` (build the tree and stop: the count to subtract);
//! the multi-threaded searches run on one thread.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use gametree::{Algorithm, Cache, Config, Tree};
use search_bestfirst::{Algorithm as BestFirst, Options};
use search_depthfirst::{Algorithm as DepthFirst, SearchConfig};
use search_parallel::threads::{ThreadAlgorithm, ThreadConfig};
use tree_core::{HashTree, OrderedHashTree, Value};

/// One way to run one search: a name and the call (its value and leaves).
struct Variant<'a> {
    name: String,
    run: Box<dyn FnMut() -> (Value, Option<u64>) + 'a>,
}

impl<'a> Variant<'a> {
    fn new(name: &str, run: impl FnMut() -> (Value, Option<u64>) + 'a) -> Variant<'a> {
        Variant {
            name: name.to_owned(),
            run: Box::new(run),
        }
    }
}

/// Target time of one sample: short, so that on a loaded host some
/// samples run without losing the processor (the best is kept).
const SAMPLE: Duration = Duration::from_millis(5);

/// Times `variants` interleaved, `runs` rounds; prints a row.
fn row(label: &str, variants: &mut [Variant<'_>], runs: usize) -> Result<(), String> {
    // Agreement first, and the repetitions that make a sample ~20 ms.
    let mut reps = Vec::new();
    let mut first: Option<(Value, Option<u64>)> = None;
    for v in variants.iter_mut() {
        let start = Instant::now();
        let got = (v.run)();
        let once = start.elapsed().max(Duration::from_micros(1));
        if let Some((value, leaves)) = first {
            if got.0 != value {
                return Err(format!(
                    "{label}: {} returned {} instead of {value}",
                    v.name, got.0
                ));
            }
            if let (Some(a), Some(b)) = (leaves, got.1)
                && a != b
            {
                return Err(format!("{label}: {} counted {b} leaves, not {a}", v.name));
            }
            if leaves.is_none() {
                first = Some((value, got.1));
            }
        } else {
            first = Some(got);
        }
        reps.push(((SAMPLE.as_secs_f64() / once.as_secs_f64()).ceil() as u32).max(1));
    }
    let mut best = vec![f64::INFINITY; variants.len()];
    for _ in 0..runs {
        for (k, v) in variants.iter_mut().enumerate() {
            let start = Instant::now();
            for _ in 0..reps[k] {
                black_box((v.run)());
            }
            let per = start.elapsed().as_secs_f64() / f64::from(reps[k]);
            best[k] = best[k].min(per);
        }
    }
    let mut line = format!("{label:<28} {:>10.3} ms", best[0] * 1e3);
    for (k, v) in variants.iter().enumerate().skip(1) {
        line += &format!("  {} {:+6.1}%", v.name, (best[k] / best[0] - 1.0) * 100.0);
    }
    println!("{line}");
    Ok(())
}

/// A depth-first algorithm's engine call.
fn depthfirst_of(a: Algorithm) -> DepthFirst {
    a.name().parse().expect("a depth-first name")
}

fn bestfirst_of(a: Algorithm) -> BestFirst {
    a.name().parse().expect("a best-first name")
}

fn threads_of(a: Algorithm) -> ThreadAlgorithm {
    a.name().parse().expect("a thread algorithm name")
}

/// The three variants of a depth-first search of `tree`.
fn depthfirst_variants<'a, T: Tree + Sync>(a: Algorithm, tree: &'a T) -> Vec<Variant<'a>>
where
    T::Node: Send + Sync,
{
    let d = depthfirst_of(a);
    let config = SearchConfig::new();
    vec![
        Variant::new("plain", move || (d.run(tree).expect("runs"), None)),
        Variant::new("engine", move || {
            let r = d.search(tree, &config).expect("runs");
            (r.value, Some(r.leaves))
        }),
        Variant::new("front", move || {
            let r = gametree::search(a, tree, &Config::default()).expect("runs");
            (r.value, Some(r.leaves))
        }),
        Variant::new("front-nopv", move || {
            let r = gametree::search(a, tree, &Config::default().pv(false)).expect("runs");
            (r.value, Some(r.leaves))
        }),
    ]
}

const DEPTHFIRST_SHAPES: [(usize, usize); 4] = [(2, 24), (4, 13), (8, 8), (24, 5)];

fn depthfirst(runs: usize) -> Result<(), String> {
    println!("depth-first: plain function, Algorithm::search, gametree::search (HashTree seed 1)");
    let algorithms = [
        Algorithm::AlphaBeta,
        Algorithm::FAlphaBeta,
        Algorithm::LAlphaBeta,
        Algorithm::PAlphaBeta,
        Algorithm::Scout,
        Algorithm::Aspiration,
        Algorithm::Negamax,
    ];
    for a in algorithms {
        for (b, d) in DEPTHFIRST_SHAPES {
            // Negamax visits every node: a smaller tree.
            let d = if a == Algorithm::Negamax {
                d * 3 / 4
            } else {
                d
            };
            let tree = HashTree::new(b, d, 1).map_err(|e| e.to_string())?;
            row(
                &format!("{a} ({b},{d})"),
                &mut depthfirst_variants(a, &tree),
                runs,
            )?;
        }
    }
    Ok(())
}

fn mt(runs: usize) -> Result<(), String> {
    println!("MT drivers: plain function, Algorithm::search, gametree::search, a kept Cache");
    for a in [Algorithm::MtSss, Algorithm::MtDual, Algorithm::Mtdf] {
        for (b, d) in [(2, 8), (4, 5), (8, 3), (8, 6), (4, 10)] {
            let tree = HashTree::new(b, d, 1).map_err(|e| e.to_string())?;
            let mut variants = depthfirst_variants(a, &tree);
            let mut cache = Cache::new();
            let tree = &tree;
            variants.push(Variant::new("cache", move || {
                let r = cache.search(a, tree, &Config::default()).expect("runs");
                (r.value, Some(r.leaves))
            }));
            row(&format!("{a} ({b},{d})"), &mut variants, runs)?;
        }
    }
    Ok(())
}

fn bestfirst(runs: usize) -> Result<(), String> {
    println!("best-first: search_bestfirst::Algorithm::run, gametree::search (HashTree seed 1)");
    let algorithms = [
        Algorithm::Sss,
        Algorithm::MemSss,
        Algorithm::RecSss,
        Algorithm::QuickGame,
        Algorithm::IterSss,
    ];
    for a in algorithms {
        for (b, d) in [(2, 16), (4, 8), (8, 5), (24, 3)] {
            let tree = HashTree::new(b, d, 1).map_err(|e| e.to_string())?;
            let e = bestfirst_of(a);
            let tree = &tree;
            let options = Options::default();
            let mut variants = vec![
                Variant::new("engine", move || {
                    (e.run(tree, &options).expect("runs").value, None)
                }),
                Variant::new("front", move || {
                    let r = gametree::search(a, tree, &Config::default()).expect("runs");
                    (r.value, Some(r.leaves))
                }),
            ];
            row(&format!("{a} ({b},{d})"), &mut variants, runs)?;
        }
    }
    Ok(())
}

fn threads(runs: usize) -> Result<(), String> {
    println!("threads: search_parallel::threads::search, gametree::search");
    let random: Vec<(String, HashTree)> = [(8, 9), (24, 5)]
        .into_iter()
        .map(|(b, d)| (format!("({b},{d})"), HashTree::new(b, d, 0).expect("shape")))
        .collect();
    let strong: Vec<(String, OrderedHashTree)> = [(8, 10), (24, 6)]
        .into_iter()
        .map(|(b, d)| {
            (
                format!("strong ({b},{d})"),
                OrderedHashTree::strong(b, d, 0).expect("shape"),
            )
        })
        .collect();
    for a in [Algorithm::TreeSplit, Algorithm::PvSplit, Algorithm::Ybwc] {
        for k in [1, 2] {
            for (name, tree) in &random {
                threads_row(a, k, name, tree, runs)?;
            }
            for (name, tree) in &strong {
                threads_row(a, k, name, tree, runs)?;
            }
        }
    }
    Ok(())
}

fn threads_row<T: Tree + Sync>(
    a: Algorithm,
    k: usize,
    name: &str,
    tree: &T,
    runs: usize,
) -> Result<(), String>
where
    T::Node: Send + Sync,
{
    let e = threads_of(a);
    // Leaves vary from run to run on two threads: compare them on one.
    let count = move |n: u64| if k == 1 { Some(n) } else { None };
    let mut variants = vec![
        Variant::new("engine", move || {
            let r = search_parallel::threads::search(e, tree, ThreadConfig::new(k)).expect("runs");
            (r.value, count(r.leaves))
        }),
        Variant::new("front", move || {
            let r = gametree::search(a, tree, &Config::default().threads(k)).expect("runs");
            (r.value, count(r.leaves))
        }),
    ];
    row(&format!("{a}/{k} {name}"), &mut variants, runs)
}

/// One search, once or `REPEAT` times (for callgrind).
fn one(args: &[String]) -> Result<(), String> {
    let (name, b, d, variant, repeat) = match args {
        [name, b, d, variant] => (name, b, d, variant, 1),
        [name, b, d, variant, r] => (
            name,
            b,
            d,
            variant,
            r.parse::<usize>().map_err(|e| e.to_string())?,
        ),
        _ => return Err("one NAME B D VARIANT [REPEAT]".into()),
    };
    // NAME[+leaf|+store][@MEMORY], as the `overhead` bench names its rows.
    let (base, memory) = match name.split_once('@') {
        Some((base, m)) => (base, Some(m.parse::<usize>().map_err(|e| e.to_string())?)),
        None => (name.as_str(), None),
    };
    let (base, leaf) = match base.split_once('+') {
        Some((base, "leaf")) => (base, Some(true)),
        Some((base, "store")) => (base, Some(false)),
        Some((_, other)) => return Err(format!("unknown setting '+{other}' (+leaf, +store)")),
        None => (base, None),
    };
    let a: Algorithm = base.parse().map_err(|e: gametree::Error| e.to_string())?;
    let num = |s: &String| s.parse::<usize>().map_err(|e| e.to_string());
    let tree = HashTree::new(num(b)?, num(d)?, 1).map_err(|e| e.to_string())?;
    let mut config = match a.family() {
        gametree::Family::Threads => Config::default().threads(1),
        _ => Config::default(),
    };
    let mut options = Options::default();
    if let Some(m) = memory {
        config = config.memory(m);
        options.memory = Some(m);
    }
    if let Some(l) = leaf {
        config = config.odd_depth_leaf_search(l);
        options.odd_depth_leaf_search = Some(l);
    }
    let mut cache = Cache::new();
    let mut value = Value::from_small(0);
    for _ in 0..repeat {
        value = match (a.family(), variant.as_str()) {
            (_, "none") => black_box(Value::from_small(0)),
            (_, "front") => {
                gametree::search(a, &tree, &config)
                    .map_err(|e| e.to_string())?
                    .value
            }
            (gametree::Family::DepthFirst, "front-nopv") => {
                gametree::search(a, &tree, &config.clone().pv(false))
                    .map_err(|e| e.to_string())?
                    .value
            }
            (_, "cache") => {
                cache
                    .search(a, &tree, &config)
                    .map_err(|e| e.to_string())?
                    .value
            }
            (gametree::Family::DepthFirst, "plain") => {
                depthfirst_of(a).run(&tree).map_err(|e| e.to_string())?
            }
            (gametree::Family::DepthFirst, "engine") => {
                depthfirst_of(a)
                    .search(&tree, &SearchConfig::new())
                    .map_err(|e| e.to_string())?
                    .value
            }
            (gametree::Family::BestFirst, "plain" | "engine") => {
                bestfirst_of(a)
                    .run(&tree, &options)
                    .map_err(|e| e.to_string())?
                    .value
            }
            (gametree::Family::Threads, "plain" | "engine") => {
                search_parallel::threads::search(threads_of(a), &tree, ThreadConfig::new(1))
                    .map_err(|e| e.to_string())?
                    .value
            }
            _ => return Err(format!("no variant '{variant}' for {a}")),
        };
    }
    println!("{name} ({b},{d}) {variant}: {value}");
    Ok(())
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut runs = 15;
    if let Some(k) = args.iter().position(|a| a == "--runs") {
        match args.get(k + 1).and_then(|s| s.parse().ok()) {
            Some(n) => runs = n,
            None => {
                eprintln!("--runs needs a number");
                return ExitCode::FAILURE;
            }
        }
        args.drain(k..k + 2);
    }
    let result = match args.first().map(String::as_str) {
        Some("one") => one(&args[1..]),
        None => depthfirst(runs)
            .and_then(|()| mt(runs))
            .and_then(|()| bestfirst(runs))
            .and_then(|()| threads(runs)),
        Some("depthfirst") => depthfirst(runs),
        Some("mt") => mt(runs),
        Some("bestfirst") => bestfirst(runs),
        Some("threads") => threads(runs),
        Some(other) => Err(format!(
            "unknown group '{other}' (depthfirst, mt, bestfirst, threads, one)"
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("overhead_check: {e}");
            ExitCode::FAILURE
        }
    }
}

//! `distributed-check`: the MPI test and measurement driver of
//! search-distributed (feature `mpi`). An example, not a binary of the
//! crate: nothing installs it. The MPI tests (`tests/mpi.rs`, run by
//! `scripts/test-mpi.sh`) build it with cargo and start it under `mpirun`
//! with as many ranks as the processor tree has processors; rank 0 prints
//! one JSON object, the other ranks print nothing. By hand:
//!
//! ```text
//! cargo build -p search-distributed --features mpi --example distributed-check
//! mpirun -np 7 target/debug/examples/distributed-check corpus --processors 2,2
//! mpirun -np 3 target/debug/examples/distributed-check compare --processors 1,2 --ordering opt --trees 20 --algo ts,pv --evaltime-us 100
//! mpirun -np 3 target/debug/examples/distributed-check terminate --processors 1,2
//! mpirun -np 2 target/debug/examples/distributed-check ping --rounds 10000
//! mpirun -np 3 target/debug/examples/distributed-check slow --processors 1,2 --pid-dir /tmp/pids --timeout-ms 2000
//! ```
//!
//! * `corpus`: every variant (tree-splitting with and without window
//!   updates, pv-splitting as the threads and as the simulator read it)
//!   on the shared corpus (`tree_core::corpus`, behind tree-core's
//!   `testing` feature, which the dev-dependencies enable: 400 random
//!   non-uniform trees and every generator on every small shape), value
//!   checked against minimax on rank 0; message counts and latencies
//!   summed.
//! * `compare`: Campbell's Tables 8–10 trees (width 24, depth 4, his
//!   orderings), each searched over MPI and simulated
//!   (`search_parallel::simulate`) on the same processor tree: terminals
//!   per rank against terminals per simulated processor.
//! * `terminate`: a root whose first successor is a cutoff and whose
//!   second is a large subtree: how much of it the terminated slave
//!   searched.
//! * `ping`: round trips of a 21-byte message between ranks 0 and 1.
//! * `slow`: one long search (EVALTIME emulated) for killing a rank.
//!
//! Exit status 0 when every value was right, 1 otherwise or on an error
//! (printed on rank 0 as `distributed-check: error: …`).

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use search_depthfirst::{Window, alphabeta};
use search_distributed::{
    DistAlgorithm, DistConfig, DistError, DistReport, MessageKind, MpiTransport, PvReading,
    Transport, search,
};
use search_parallel::{ProcessorTree, SimAlgorithm, simulate};

#[path = "../tests/support/two_way.rs"]
mod two_way;
use tree_core::{BestChild, Counted, GenSpec, Generator, Subtree, Tree, Value, corpus, minimax};
use two_way::TwoWay;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut net = match MpiTransport::init() {
        Ok(n) => n,
        Err(e) => {
            eprintln!("distributed-check: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let rank = net.rank();
    match run(&args, &mut net) {
        Ok((out, ok)) => {
            if rank == 0 {
                print!("{out}");
            }
            if ok || rank != 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            if rank == 0 {
                eprintln!("distributed-check: error: {e}");
            }
            if let Failure::Dist(d) = &e
                && d.needs_abort()
                && rank == 0
            {
                net.abort(1);
            }
            if rank == 0 {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

#[derive(Debug)]
enum Failure {
    Usage(String),
    Dist(DistError),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Usage(s) => f.write_str(s),
            Failure::Dist(e) => write!(f, "{e}"),
        }
    }
}

impl From<DistError> for Failure {
    fn from(e: DistError) -> Failure {
        Failure::Dist(e)
    }
}

fn usage(s: impl Into<String>) -> Failure {
    Failure::Usage(s.into())
}

/// `--key value` options after the mode.
struct Opts(Vec<(String, Option<String>)>);

impl Opts {
    fn parse(args: &[String]) -> Result<Opts, Failure> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < args.len() {
            let key = args[i]
                .strip_prefix("--")
                .ok_or_else(|| usage(format!("unexpected argument '{}'", args[i])))?;
            let value = args.get(i + 1).filter(|v| !v.starts_with("--")).cloned();
            i += if value.is_some() { 2 } else { 1 };
            out.push((key.to_string(), value));
        }
        Ok(Opts(out))
    }

    fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_deref())
    }

    fn number(&self, key: &str, default: u64) -> Result<u64, Failure> {
        self.get(key).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| usage(format!("--{key} {v}: not a number")))
        })
    }

    fn processors(&self) -> Result<ProcessorTree, Failure> {
        let text = self
            .get("processors")
            .ok_or_else(|| usage("--processors DEPTH,WIDTH is required"))?;
        let bad = || usage(format!("bad --processors '{text}': expected DEPTH,WIDTH"));
        let (d, w) = text.split_once(',').ok_or_else(bad)?;
        Ok(ProcessorTree {
            depth: d.trim().parse().map_err(|_| bad())?,
            width: w.trim().parse().map_err(|_| bad())?,
        })
    }

    fn config(&self, p: ProcessorTree) -> Result<DistConfig, Failure> {
        let mut c = DistConfig::new(p);
        c.timeout = Duration::from_millis(self.number("timeout-ms", 10_000)?);
        c.heartbeat = (c.timeout / 5).min(c.heartbeat);
        if let Some(us) = self.get("evaltime-us") {
            let us: u64 = us
                .parse()
                .map_err(|_| usage(format!("--evaltime-us {us}: not a number")))?;
            c.evaltime = Some(Duration::from_micros(us));
        }
        c.idle_sleep = Duration::from_micros(self.number("idle-sleep-us", 100)?);
        Ok(c)
    }
}

fn run(args: &[String], net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let Some((mode, rest)) = args.split_first() else {
        return Err(usage(
            "usage: distributed-check corpus|compare|terminate|ping|slow [--processors D,W] …",
        ));
    };
    let opts = Opts::parse(rest)?;
    if let Some(dir) = opts.get("pid-dir") {
        let path = format!("{dir}/rank-{}.pid", net.rank());
        std::fs::write(&path, std::process::id().to_string())
            .map_err(|e| usage(format!("cannot write {path}: {e}")))?;
    }
    match mode.as_str() {
        "corpus" => corpus_mode(&opts, net),
        "compare" => compare_mode(&opts, net),
        "terminate" => terminate_mode(&opts, net),
        "ping" => ping_mode(&opts, net),
        "slow" => slow_mode(&opts, net),
        other => Err(usage(format!("unknown mode '{other}'"))),
    }
}

/// A named algorithm and configuration.
struct Variant {
    name: &'static str,
    algorithm: DistAlgorithm,
    config: DistConfig,
}

fn variants(base: DistConfig) -> Vec<Variant> {
    let with = |update: bool, pv: PvReading| DistConfig { update, pv, ..base };
    vec![
        Variant {
            name: "treesplit",
            algorithm: DistAlgorithm::TreeSplit,
            config: with(true, PvReading::Fig12),
        },
        Variant {
            name: "treesplit-no-update",
            algorithm: DistAlgorithm::TreeSplit,
            config: with(false, PvReading::Fig12),
        },
        Variant {
            name: "pvsplit",
            algorithm: DistAlgorithm::PvSplit,
            config: with(true, PvReading::Fig12),
        },
        Variant {
            name: "pvsplit-simulated",
            algorithm: DistAlgorithm::PvSplit,
            config: with(false, PvReading::Simulated),
        },
    ]
}

/// Sums of many reports.
#[derive(Default)]
struct Totals {
    searches: u64,
    wrong: u64,
    leaves: u64,
    sequential: u64,
    terminated: u64,
    after_terminate: u64,
    sent: [u64; MessageKind::COUNT],
    latency: [search_distributed::Latency; MessageKind::COUNT],
    elapsed: Duration,
}

impl Totals {
    /// Searches every tree of `trees` (of the set `set`) with `v`, and
    /// records the results this rank gets (rank 0: all of them) and the
    /// failures.
    fn search_all<T: Tree>(
        &mut self,
        v: &Variant,
        set: &str,
        trees: &[T],
        net: &mut MpiTransport,
        failures: &mut Vec<String>,
    ) -> Result<(), Failure> {
        let root = net.rank() == 0;
        for (i, t) in trees.iter().enumerate() {
            if let Some(r) = search(v.algorithm, t, net, &v.config)? {
                let right = r.value == minimax(t);
                if !right {
                    failures.push(format!("{} on {set} tree {i}", v.name));
                }
                self.add(&r, right, if root { sequential(t) } else { 0 });
            }
        }
        Ok(())
    }

    fn add(&mut self, r: &DistReport, right: bool, sequential: u64) {
        self.searches += 1;
        self.wrong += u64::from(!right);
        self.leaves += r.leaves();
        self.sequential += sequential;
        self.terminated += r.per_rank.iter().map(|s| s.terminated).sum::<u64>();
        self.after_terminate += r.after_terminate();
        for k in MessageKind::ALL {
            self.sent[k.index()] += r.sent(k);
            self.latency[k.index()].merge(&r.latency(k));
        }
        self.elapsed += r.elapsed;
    }

    fn json(&self) -> String {
        let mut s = format!(
            "{{\"searches\":{},\"wrong\":{},\"leaves\":{},\"sequential\":{},\"terminated\":{},\
             \"after_terminate\":{},\"elapsed_ms\":{:.3},\"messages\":{{",
            self.searches,
            self.wrong,
            self.leaves,
            self.sequential,
            self.terminated,
            self.after_terminate,
            self.elapsed.as_secs_f64() * 1e3
        );
        let mut first = true;
        for k in MessageKind::ALL {
            if !first {
                s.push(',');
            }
            first = false;
            let l = &self.latency[k.index()];
            let _ = write!(
                s,
                "\"{}\":{{\"sent\":{},\"mean_us\":{},\"max_us\":{:.1}}}",
                k.name(),
                self.sent[k.index()],
                l.mean_us().map_or("null".into(), |m| format!("{m:.1}")),
                l.max_ns as f64 / 1e3
            );
        }
        s.push_str("}}");
        s
    }
}

/// Sequential alpha-beta's terminals (rank 0 only: the others skip it).
fn sequential<T: Tree>(tree: &T) -> u64 {
    let c = Counted::new(tree);
    alphabeta(&c, Window::FULL).expect("alpha-beta on a corpus tree");
    c.stats().leaves
}

fn corpus_mode(opts: &Opts, net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let p = opts.processors()?;
    let base = opts.config(p)?;
    let random: Vec<_> = corpus::random_trees(1981, opts.number("random", 400)? as usize)
        .map(|(_, t)| t)
        .collect();
    let generated: Vec<_> = corpus::generated_trees(1).collect();
    let mut out = format!(
        "{{\"mode\":\"corpus\",\"ranks\":{},\"processor_tree\":[{},{}],\"trees\":{},\"variants\":{{",
        net.size(),
        p.depth,
        p.width,
        random.len() + generated.len()
    );
    let mut wrong = 0;
    let mut failures = Vec::new();
    for (k, v) in variants(base).iter().enumerate() {
        let mut totals = Totals::default();
        totals.search_all(v, "random", &random, net, &mut failures)?;
        totals.search_all(v, "generated", &generated, net, &mut failures)?;
        wrong += totals.wrong;
        if k > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{}\":{}", v.name, totals.json());
    }
    let _ = writeln!(
        out,
        "}},\"wrong\":{wrong},\"failures\":[{}]}}",
        failures
            .iter()
            .take(10)
            .map(|f| format!("\"{f}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    Ok((out, wrong == 0))
}

/// Campbell's orderings of Tables 8-10 by their labels.
fn ordering(label: &str) -> Result<BestChild, Failure> {
    Ok(match label {
        "rand" => BestChild::Uniform,
        ".8g" => BestChild::Geometric(0.8),
        "opt" => BestChild::First,
        _ => {
            return Err(usage(format!(
                "unknown ordering '{label}' (rand, .8g, opt)"
            )));
        }
    })
}

fn compare_mode(opts: &Opts, net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let p = opts.processors()?;
    let base = opts.config(p)?;
    let label = opts.get("ordering").unwrap_or("rand");
    let best = ordering(label)?;
    let trees = opts.number("trees", 10)?;
    let (width, depth) = (
        opts.number("width", 24)? as usize,
        opts.number("depth", 4)? as usize,
    );
    let seed = opts.number("seed", 1981_0006)?;
    let algos = opts.get("algo").unwrap_or("ts,ts-update,pv");
    let mut out = String::new();
    let mut ok = true;
    for name in algos.split(',') {
        let (algorithm, sim, config) = match name {
            "ts" => (
                DistAlgorithm::TreeSplit,
                SimAlgorithm::TreeSplit,
                DistConfig {
                    update: false,
                    ..base
                },
            ),
            "ts-update" => (
                DistAlgorithm::TreeSplit,
                SimAlgorithm::TreeSplitUpdate,
                base,
            ),
            "pv" => (
                DistAlgorithm::PvSplit,
                SimAlgorithm::PvSplitType2,
                DistConfig {
                    update: false,
                    pv: PvReading::Simulated,
                    ..base
                },
            ),
            other => {
                return Err(usage(format!(
                    "unknown --algo '{other}' (ts, ts-update, pv)"
                )));
            }
        };
        for index in 0..trees {
            let tree = GenSpec::new(Generator::campbell(best), width, depth, seed, index)
                .build()
                .map_err(|e| usage(e.to_string()))?;
            if let Some(r) = search(algorithm, &tree, net, &config)? {
                let s = simulate(sim, &tree, p).map_err(|e| usage(e.to_string()))?;
                let right = r.value == minimax(&tree) && s.value == r.value;
                ok &= right;
                let _ = writeln!(
                    out,
                    "{{\"algo\":\"{name}\",\"ordering\":\"{label}\",\"tree\":{index},\
                     \"processor_tree\":[{},{}],\"right\":{right},\"mpi\":{:?},\"sim\":{:?},\
                     \"mpi_total\":{},\"sim_total\":{},\"sequential\":{},\"sim_elapsed\":{},\
                     \"elapsed_ms\":{:.3},\"assigns\":{},\"updates\":{},\"terminates\":{},\
                     \"messages\":{},\"bytes\":{},\"after_terminate\":{},\
                     \"late\":{:?},\"virtual_elapsed\":{}}}",
                    p.depth,
                    p.width,
                    r.per_rank_leaves(),
                    s.evaluations,
                    r.leaves(),
                    s.total,
                    s.sequential,
                    s.elapsed,
                    r.elapsed.as_secs_f64() * 1e3,
                    r.sent(MessageKind::Assign),
                    r.sent(MessageKind::Update),
                    r.sent(MessageKind::Terminate),
                    r.per_rank
                        .iter()
                        .map(|s| s.sent.iter().sum::<u64>())
                        .sum::<u64>(),
                    r.per_rank.iter().map(|s| s.bytes_sent).sum::<u64>(),
                    r.after_terminate(),
                    r.per_rank.iter().map(|s| s.late).collect::<Vec<_>>(),
                    r.virtual_elapsed.map_or("null".into(), |v| v.to_string())
                );
            }
        }
    }
    Ok((out, ok))
}

fn terminate_mode(opts: &Opts, net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let p = opts.processors()?;
    let mut config = opts.config(p)?;
    let tree = TwoWay::new(5, 8, 7);
    // Window (-inf, 0): the first successor, worth 5, is a cutoff.
    config.window = Window::new(Value::NEG_INF, Value::new(0).expect("a value"))
        .map_err(|e| usage(e.to_string()))?;
    let Some(r) = search(DistAlgorithm::TreeSplit, &tree, net, &config)? else {
        return Ok((String::new(), true));
    };
    let second = tree.child(&tree.root(), 1);
    let job = Counted::new(Subtree::new(&tree, second, true));
    let w = Window::new(Value::new(0).expect("a value"), Value::INF).expect("a window");
    alphabeta(&job, w).expect("alpha-beta");
    let full = job.stats().leaves;
    let out = format!(
        "{{\"mode\":\"terminate\",\"value\":{},\"per_rank\":{:?},\"terminated\":{:?},\
         \"after_terminate\":{:?},\"full_job\":{full},\"poll\":{},\"terminate_latency_us\":{}}}\n",
        r.value,
        r.per_rank_leaves(),
        r.per_rank.iter().map(|s| s.terminated).collect::<Vec<_>>(),
        r.per_rank
            .iter()
            .map(|s| s.after_terminate)
            .collect::<Vec<_>>(),
        config.poll,
        r.latency(MessageKind::Terminate)
            .mean_us()
            .map_or("null".into(), |m| format!("{m:.1}")),
    );
    Ok((out, r.value == Value::new(0).expect("a value")))
}

fn ping_mode(opts: &Opts, net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let rounds = opts.number("rounds", 10_000)? as usize;
    if net.size() < 2 {
        return Err(usage("ping needs two ranks"));
    }
    // 21 bytes: the size of a RESULT (kind, time, job, value).
    let msg = [7u8; 21];
    let recv = |net: &mut MpiTransport| -> Result<(usize, Vec<u8>), Failure> {
        loop {
            if let Some(m) = net.try_recv()? {
                return Ok(m);
            }
        }
    };
    let mut rtt = Vec::with_capacity(rounds);
    match net.rank() {
        0 => {
            for _ in 0..rounds {
                let t = Instant::now();
                net.send(1, &msg)?;
                recv(net)?;
                rtt.push(t.elapsed().as_nanos() as f64 / 1e3);
            }
            net.send(1, &[])?;
        }
        1 => loop {
            let (_, m) = recv(net)?;
            if m.is_empty() {
                break;
            }
            net.send(0, &m)?;
        },
        _ => {}
    }
    if net.rank() != 0 {
        return Ok((String::new(), true));
    }
    rtt.sort_by(f64::total_cmp);
    let q = |f: f64| rtt[((rtt.len() - 1) as f64 * f) as usize];
    Ok((
        format!(
            "{{\"mode\":\"ping\",\"rounds\":{rounds},\"bytes\":{},\"rtt_us\":{{\"min\":{:.2},\
             \"median\":{:.2},\"p90\":{:.2},\"p99\":{:.2},\"max\":{:.2}}}}}\n",
            msg.len(),
            q(0.0),
            q(0.5),
            q(0.9),
            q(0.99),
            q(1.0)
        ),
        true,
    ))
}

fn slow_mode(opts: &Opts, net: &mut MpiTransport) -> Result<(String, bool), Failure> {
    let p = opts.processors()?;
    let mut config = opts.config(p)?;
    if config.evaltime.is_none() {
        config.evaltime = Some(Duration::from_micros(500));
    }
    let tree = GenSpec::new(Generator::RANDOM, 8, 8, 3, 0)
        .build()
        .map_err(|e| usage(e.to_string()))?;
    let Some(r) = search(DistAlgorithm::TreeSplit, &tree, net, &config)? else {
        return Ok((String::new(), true));
    };
    Ok((
        format!(
            "{{\"mode\":\"slow\",\"value\":{},\"per_rank\":{:?}}}\n",
            r.value,
            r.per_rank_leaves()
        ),
        r.value == minimax(&tree),
    ))
}

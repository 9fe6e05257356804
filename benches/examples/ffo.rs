//! The FFO endgame problems solved by the enhanced engines, one thread,
//! through the front door (`gametree::Cache`): score, best move, time,
//! leaves, nodes and leaves per second per problem, and totals. Every
//! score and best move is checked against the file's.
//!
//! ```text
//! cargo run --release -p benches --example ffo -- [--from 1] [--to 19] \
//!     [--algo pvs-enh,mtdf-enh] [--table-bytes 268435456] [--rounds 3] [--cpu] \
//!     [--sort-depth 5] [--sort-plies 36] [--no-hints] [--no-endgame] \
//!     [--no-order-eval] [--etc-plies 0] [--threads 1] [--parallel ybwc] \
//!     [--weights FILE] [--probcut EMPTIES,DEPTH,MARGIN[,MARGIN…]] \
//!     [--probcut-root 0] [--hint-eval EMPTIES,PER]
//! ```
//!
//! `--probcut 12,4,6,12` runs selective passes before each exact solve
//! (`gametree::ProbCut`): positions of at least 12 empty squares are cut
//! off when a 4-ply search scored by the trained evaluation lies 6 discs
//! beyond the window (the first pass), then 12 discs (the second);
//! `--probcut-root 22` runs them only at roots of 22 or more empty squares.
//!
//! `--hint-eval 8,5000` adds the trained evaluation to the fastest-first
//! hints (`gametree::HintEval`) at positions whose moves lead to positions
//! of at least 8 empty squares: each move's hint (8 per opponent reply) is
//! lowered by the evaluation of the position after it over 5,000 (2 per
//! disc).
//!
//! `--weights FILE` orders by the pattern weights in FILE (as written by
//! `cargo xtask train-eval --out FILE`) instead of the committed ones.
//!
//! `--no-order-eval` scores the ordering searches' leaves by the simple
//! evaluation instead of Othello's trained pattern evaluation.
//!
//! `--cpu` times each search by the thread's CPU time instead of the wall
//! clock (Linux only). `--threads K` searches on K threads (the enhanced
//! engines' parallel search, a shared table); with K > 1 the time is the
//! wall clock, and the process's processor time over the K threads is
//! printed beside each search. `--parallel` chooses how the threads share
//! the work: `ybwc` (the front door's default) or `lazy-smp`.
//!
//! Each problem is solved to the end of the game (depth = the game's bound
//! on the plies left) with the table cleared before it (clearing is not
//! timed); every value is checked against the file's score. With several
//! rounds, the algorithms take turns problem by problem and the best time
//! of each is kept, so a noisy machine slows everyone alike.

use std::num::NonZeroU32;
use std::time::{Duration, Instant};

use gametree::{
    Algorithm, Cache, Config, EnhancedConfig, Family, GameParallel, HintEval, MAX_PROBCUT_PASSES,
    ProbCut,
};
use othello::Othello;
use othello::obf::FfoProblem;
use tree_core::Game;

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map(|s| s.parse().ok().expect("a valid value"))
        .unwrap_or(default)
}

/// The calling thread's CPU time (Linux: `/proc/thread-self/schedstat`),
/// or `None` elsewhere: on a shared machine it varies less than wall time.
fn cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The process's processor time, every thread together (`/proc/self/stat`,
/// in the kernel's fixed 100 ticks a second).
fn process_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses): state is
    // the 3rd field, utime the 14th and stime the 15th.
    let rest = &s[s.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// `--hint-eval EMPTIES,PER`: the trained evaluation in the hints at
/// positions whose moves lead to positions of at least EMPTIES empty
/// squares, PER evaluation units per hint unit; "" for none. Exits with a
/// message on anything else.
fn hint_eval(spec: &str) -> Option<HintEval> {
    if spec.is_empty() {
        return None;
    }
    let parsed = spec
        .split_once(',')
        .and_then(|(e, p)| Some((e.parse::<u32>().ok()?, p.parse::<NonZeroU32>().ok()?)));
    match parsed {
        Some((empties, per)) => Some(HintEval {
            plies: 2 * empties,
            per,
        }),
        None => {
            eprintln!("ffo: --hint-eval {spec}: expected EMPTIES,PER (PER at least 1)");
            std::process::exit(2);
        }
    }
}

/// `--probcut EMPTIES,DEPTH,MARGIN[,MARGIN…]`: selective passes cutting
/// positions of at least EMPTIES empty squares by searches of DEPTH plies,
/// one pass per margin (in discs, in the order the passes run), at roots of
/// at least `root_empties` empty squares; "" = none.
fn probcut(spec: &str, root_empties: u32) -> Option<ProbCut> {
    if spec.is_empty() {
        return None;
    }
    let f: Vec<f64> = spec
        .split(',')
        .map(|x| x.trim().parse::<f64>())
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| {
            eprintln!("ffo: --probcut {spec}: {e}");
            std::process::exit(2);
        });
    if f.len() < 3 || f.len() > 2 + MAX_PROBCUT_PASSES || f.iter().any(|&x| x < 0.0) {
        eprintln!(
            "ffo: --probcut takes EMPTIES,DEPTH and 1 to {MAX_PROBCUT_PASSES} margins, none negative"
        );
        std::process::exit(2);
    }
    let mut margins = [0; MAX_PROBCUT_PASSES];
    for (m, &x) in margins.iter_mut().zip(&f[2..]) {
        *m = (x * f64::from(othello::eval::WIN_SCALE)).round() as u32;
    }
    Some(ProbCut {
        root_plies: 2 * root_empties,
        plies: 2 * f[0] as u32,
        depth: f[1] as u32,
        margins,
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let from: usize = arg(&args, "--from", 1);
    let to: usize = arg(&args, "--to", 19);
    let rounds: usize = arg(&args, "--rounds", 1);
    let bytes: usize = arg(&args, "--table-bytes", 64 << 20);
    let cpu = args.iter().any(|a| a == "--cpu");
    let threads: usize = arg(&args, "--threads", 1);
    let algos: String = arg(&args, "--algo", "pvs-enh".to_owned());
    let algos: Vec<Algorithm> = match algos.split(',').map(str::parse).collect() {
        Ok(algos) => algos,
        Err(e) => {
            eprintln!("ffo: {e}");
            std::process::exit(2);
        }
    };
    if let Some(a) = algos.iter().find(|a| a.family() != Family::Enhanced) {
        eprintln!(
            "ffo: {a} is not an enhanced engine (ab-enh, pvs-enh, mtdf-enh, mtsss-enh, mtdual-enh)"
        );
        std::process::exit(2);
    }
    let file: String = arg(&args, "--weights", String::new());
    if !file.is_empty() {
        let read = std::fs::read(&file)
            .map_err(|e| e.to_string())
            .and_then(|b| othello::pattern::Weights::from_bytes(&b).map_err(|e| e.to_string()));
        match read {
            Ok(w) => {
                othello::pattern::use_weights(w).expect("no evaluation before this");
            }
            Err(e) => {
                eprintln!("ffo: {file}: {e}");
                std::process::exit(2);
            }
        }
    }
    let problems: Vec<FfoProblem> = othello::obf::ffo_problems(from..=to);
    let d = EnhancedConfig::default();
    let sort: u32 = arg(&args, "--sort-depth", d.sort_depth);
    let sort_plies: u32 = arg(&args, "--sort-plies", d.sort_plies);
    let etc_plies: u32 = arg(&args, "--etc-plies", d.etc_plies);
    let probcut = probcut(
        &arg(&args, "--probcut", String::new()),
        arg(&args, "--probcut-root", 0),
    );
    let hint_eval = hint_eval(&arg(&args, "--hint-eval", String::new()));
    let mut config = Config::default().table_bytes(bytes).threads(threads);
    if threads > 1 {
        config = config.parallel(arg(&args, "--parallel", GameParallel::Ybwc));
    }
    let config = config.enhancements(
        d.with_sort(sort, sort_plies)
            .with_hints(!args.iter().any(|a| a == "--no-hints"))
            .with_endgame(!args.iter().any(|a| a == "--no-endgame"))
            .with_order_eval(!args.iter().any(|a| a == "--no-order-eval"))
            .with_etc_plies(etc_plies)
            .with_probcut(probcut)
            .with_hint_eval(hint_eval),
    );
    let mut caches: Vec<Cache> = algos.iter().map(|_| Cache::new()).collect();
    // best[algo][problem] = (time, leaves, nodes, best move)
    let mut best =
        vec![vec![(Duration::MAX, 0u64, 0u64, String::new()); problems.len()]; algos.len()];
    for _ in 0..rounds {
        for (k, p) in problems.iter().enumerate() {
            let pos = p.problem.position;
            let depth = Othello.plies_left(&pos).expect("Othello knows");
            for (a, alg) in algos.iter().enumerate() {
                caches[a].clear();
                let (t, c, all) = (Instant::now(), cpu_time(), process_cpu_time());
                let r = caches[a]
                    .search_game(*alg, &Othello, &pos, depth, &config)
                    .expect("search");
                // One thread: its own processor time with --cpu; several:
                // the wall clock (the calling thread's time would miss the
                // others' work), with the process's processor time beside.
                let s = match (cpu && threads == 1, c, cpu_time()) {
                    (true, Some(c0), Some(c1)) => c1 - c0,
                    _ => t.elapsed(),
                };
                if threads > 1
                    && let (Some(a0), Some(a1)) = (all, process_cpu_time())
                {
                    eprintln!(
                        "FFO #{} {alg}: {:.2} s of processor time over {threads} threads",
                        p.number,
                        (a1 - a0).as_secs_f64()
                    );
                }
                let best_score = p.problem.best_score().expect("scored");
                let want = best_score * othello::eval::WIN_SCALE;
                assert_eq!(r.value.get(), want, "{alg} on FFO #{}", p.number);
                // The move played must be one the file scores best.
                let mv = r.best.expect("a solved position has a best move");
                assert_eq!(
                    p.problem.score_of(mv),
                    Some(best_score),
                    "{alg} on FFO #{}: {mv} is not a best move",
                    p.number
                );
                eprintln!(
                    "FFO #{} {alg}: {:.6} s, {} leaves, {} interior, value {}, best {mv}",
                    p.number,
                    s.as_secs_f64(),
                    r.leaves,
                    r.interior,
                    r.value.get() / othello::eval::WIN_SCALE
                );
                let b = &mut best[a][k];
                if s < b.0 {
                    *b = (s, r.leaves, r.leaves + r.interior, mv.to_string());
                }
            }
        }
    }
    // Millions per second, or a dash when the clock saw no time (the CPU
    // clock ticks coarsely).
    let rate = |count: u64, secs: f64| {
        if secs > 0.0 {
            format!("{:.1}", count as f64 / secs / 1e6)
        } else {
            "–".to_owned()
        }
    };
    for (a, alg) in algos.iter().enumerate() {
        println!(
            "## {alg}, table {} MiB, {threads} thread{}, {} time",
            bytes >> 20,
            if threads == 1 { "" } else { "s" },
            if cpu && threads == 1 {
                "processor"
            } else {
                "wall-clock"
            }
        );
        println!("| # | empties | score | best | time (s) | leaves | nodes | M leaves/s |");
        println!("|---|---|---|---|---|---|---|---|");
        let (mut t, mut l, mut n) = (0.0, 0, 0);
        for (k, p) in problems.iter().enumerate() {
            let (s, leaves, nodes, ref mv) = best[a][k];
            let s = s.as_secs_f64();
            println!(
                "| {} | {} | {:+} | {mv} | {:.3} | {} | {} | {} |",
                p.number,
                p.problem.position.empty().count_ones(),
                p.problem.best_score().expect("scored"),
                s,
                leaves,
                nodes,
                rate(leaves, s)
            );
            (t, l, n) = (t + s, l + leaves, n + nodes);
        }
        println!("| total | | | | {t:.3} | {l} | {n} | {} |\n", rate(l, t));
    }
}

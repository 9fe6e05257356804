//! The speed-up of the parallel enhanced searches on Othello's 50
//! experiment positions: `cargo run --release -p search-parallel --example
//! game_speedup -- [DEPTH] [ROUNDS] [THREADS] [ALGORITHM]` (defaults 8, 3,
//! 2, pvs-enh). Each round searches all 50 positions with one thread, then
//! Lazy SMP, then YBWC (interleaved, so load on a shared machine hits all
//! three alike); the time of a configuration is its best round. Values are
//! checked against the one-thread values. Prints the times, the speed-ups,
//! the node ratios (all threads' leaves + interior nodes over one
//! thread's) and YBWC's idle time.

use std::time::{Duration, Instant};

use othello::{Othello, experiment_positions};
use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig, SharedTable};
use search_parallel::threads::{GameParallel, GameThreadConfig, search_game};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().map_or(8, |s| s.parse().expect("a depth"));
    let rounds: usize = args.get(1).map_or(3, |s| s.parse().expect("a round count"));
    let threads: usize = args
        .get(2)
        .map_or(2, |s| s.parse().expect("a thread count"));
    let algorithm: EnhancedAlgorithm = args
        .get(3)
        .map_or(EnhancedAlgorithm::Pvs, |s| s.parse().expect("an algorithm"));
    let split_depth: u32 = args.get(4).map_or(3, |s| s.parse().expect("a split depth"));
    let positions = experiment_positions();
    let enhanced = EnhancedConfig::default();
    let mut table = SharedTable::new(enhanced.table_bytes).expect("a table");
    let configs = [
        (1, GameParallel::LazySmp, "1 thread"),
        (threads, GameParallel::LazySmp, "lazy-smp"),
        (threads, GameParallel::Ybwc, "ybwc"),
    ];
    let mut best = [Duration::MAX; 3];
    let mut nodes = [0u64; 3];
    let mut idle = [Duration::ZERO; 3];
    let mut splits = [0u64; 3];
    let mut busiest = [0u64; 3];
    let mut values = vec![None; positions.len()];
    for round in 0..rounds {
        for (c, &(k, method, _)) in configs.iter().enumerate() {
            let cfg = GameThreadConfig {
                threads: k,
                method,
                split_depth,
                ..GameThreadConfig::default()
            };
            let (mut n, mut t_idle, mut s, mut most) = (0, Duration::ZERO, 0, 0);
            let start = Instant::now();
            for (p, pos) in positions.iter().enumerate() {
                table.clear();
                let r = search_game(algorithm, &Othello, pos, depth, &enhanced, &mut table, &cfg)
                    .expect("a search");
                let v = *values[p].get_or_insert(r.report.value);
                assert_eq!(v, r.report.value, "position {p} config {c}");
                n += r.leaves() + r.interior();
                t_idle += r.per_thread.iter().map(|t| t.idle).sum::<Duration>();
                s += r.splits;
                most += r
                    .per_thread
                    .iter()
                    .map(|t| t.leaves + t.interior)
                    .max()
                    .unwrap_or(0);
            }
            let elapsed = start.elapsed();
            eprintln!(
                "round {round} {}: {:.3} s",
                configs[c].2,
                elapsed.as_secs_f64()
            );
            best[c] = best[c].min(elapsed);
            (nodes[c], idle[c], splits[c], busiest[c]) = (n, t_idle, s, most);
        }
    }
    println!(
        "{algorithm}, depth {depth}, {threads} threads, best of {rounds} rounds, 50 positions"
    );
    println!(
        "| search | time (s) | speed-up | nodes | nodes / 1 thread | busiest thread's nodes | node bound | idle (s) | splits |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (c, &(_, _, name)) in configs.iter().enumerate() {
        println!(
            "| {name} | {:.3} | {:.2} | {} | {:.3} | {} | {:.2} | {:.3} | {} |",
            best[c].as_secs_f64(),
            best[0].as_secs_f64() / best[c].as_secs_f64(),
            nodes[c],
            nodes[c] as f64 / nodes[0] as f64,
            busiest[c],
            nodes[0] as f64 / busiest[c] as f64,
            idle[c].as_secs_f64(),
            splits[c],
        );
    }
}

//! A small driver for profiling the multi-threaded searches with `perf`:
//! runs one algorithm (or `alphabeta`) on the ten trees of one bench shape
//! over and over and prints the mean time per ten trees.
//!
//! ```text
//! cargo build --profile bench -p benches --example threads_profile
//! perf record -g target/release/examples/threads_profile treesplit random-24x4 2 200
//! ```

use std::hint::black_box;
use std::time::Instant;

use search_depthfirst::{Window, alphabeta};
use search_parallel::threads::{ThreadAlgorithm, ThreadConfig, search};
use tree_core::{GenSpec, GeneratedTree, Generator, minimax};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let algorithm = args.get(1).map_or("treesplit", String::as_str);
    let shape = args.get(2).map_or("random-24x4", String::as_str);
    let threads: usize = args.get(3).map_or(1, |s| s.parse().expect("threads"));
    let reps: u32 = args.get(4).map_or(100, |s| s.parse().expect("repetitions"));
    let (g, b, d) = match shape {
        "random-24x4" => (Generator::RANDOM, 24, 4),
        "strong-24x4" => (Generator::STRONG, 24, 4),
        "random-8x6" => (Generator::RANDOM, 8, 6),
        other => panic!("unknown shape {other}"),
    };
    let trees: Vec<GeneratedTree> = (0..10)
        .map(|i| GenSpec::new(g, b, d, 1981, i).build().expect("valid spec"))
        .collect();
    let run = |t: &GeneratedTree| {
        if algorithm == "alphabeta" {
            alphabeta(t, Window::FULL).expect("runs")
        } else {
            let a: ThreadAlgorithm = algorithm.parse().expect("algorithm");
            search(a, t, ThreadConfig::new(threads))
                .expect("runs")
                .value
        }
    };
    for t in &trees {
        assert_eq!(run(t), minimax(t));
    }
    let start = Instant::now();
    for _ in 0..reps {
        for t in &trees {
            black_box(run(t));
        }
    }
    let per = start.elapsed().as_secs_f64() / f64::from(reps);
    println!(
        "{algorithm} {shape} {threads}: {:.3} ms per 10 trees",
        per * 1e3
    );
}

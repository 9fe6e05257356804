//! One hot path of the threaded searches on the calling thread alone, over
//! several trees or positions: a target for `valgrind --tool=callgrind`,
//! whose instruction counts do not depend on the machine's load, when a
//! change touches one of them.
//!
//! ```text
//! cargo build --release -p search-parallel --example hot_paths
//! valgrind --tool=callgrind target/release/examples/hot_paths plain 8 8 3
//! ```
//!
//! Modes (trees are [`HashTree`]s of shape (B, D), seeds 0..N; positions
//! the first N of Othello's 50 experiment positions):
//!
//! * `plain B D N`: tree-splitting on one thread, the split-point engine's
//!   root loop over plain alpha-beta (Campbell 1981, Fig. 4), the code
//!   below the split points;
//! * `polled B D N`: tree-splitting on the processor tree (2, 1) on one
//!   thread: two levels of masters, then the leaf processor's polled
//!   alpha-beta (Fig. 4 narrowed by Fig. 11's windows);
//! * `staged B D N`: parallel staged SSS* on one thread, whose horizon jobs
//!   run the polled alpha-beta;
//! * `enhanced ALGORITHM DEPTH N`: `search_depthfirst::Enhanced` (the
//!   sequential enhanced engine on a `GameTable`) on Othello to `DEPTH`;
//! * `game ALGORITHM DEPTH N`: `search_game` on one thread (the same
//!   engine on a `SharedTable`).
//!
//! Prints the total of the values and of the leaves, which must not change
//! when the code moves.

use othello::{Othello, experiment_positions};
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig, SharedTable};
use search_parallel::ProcessorTree;
use search_parallel::threads::{
    GameThreadConfig, ThreadAlgorithm, ThreadConfig, search, search_game,
};
use tree_core::HashTree;

fn number<T: std::str::FromStr>(args: &[String], i: usize, default: T) -> T {
    args.get(i)
        .map_or(default, |s| s.parse().ok().expect("a number"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("plain", String::as_str);
    let (mut values, mut leaves) = (0i64, 0u64);
    match mode {
        "plain" | "polled" | "staged" => {
            let (b, d, n) = (
                number(&args, 1, 8),
                number(&args, 2, 8),
                number(&args, 3, 3),
            );
            let mut config = ThreadConfig::new(1);
            let algorithm = match mode {
                "plain" => ThreadAlgorithm::TreeSplit,
                "polled" => {
                    config.processors = Some(ProcessorTree { depth: 2, width: 1 });
                    ThreadAlgorithm::TreeSplit
                }
                _ => ThreadAlgorithm::ParallelStagedSss,
            };
            for seed in 0..n {
                let tree = HashTree::new(b, d, seed).expect("a shape");
                let r = search(algorithm, &tree, config.clone()).expect("a search");
                values += i64::from(r.value.get());
                leaves += r.leaves;
            }
        }
        "enhanced" | "game" => {
            let algorithm: EnhancedAlgorithm = args
                .get(1)
                .map_or(EnhancedAlgorithm::Pvs, |s| s.parse().expect("an algorithm"));
            let (depth, n): (u32, usize) = (number(&args, 2, 6), number(&args, 3, 3));
            let config = EnhancedConfig::default().with_table_bytes(1 << 22);
            let positions = experiment_positions();
            if mode == "enhanced" {
                let mut engine = Enhanced::new(config).expect("a table");
                for p in &positions[..n] {
                    engine.clear();
                    let r = engine
                        .search(algorithm, &Othello, p, depth)
                        .expect("a search");
                    values += i64::from(r.value.get());
                    leaves += r.leaves;
                }
            } else {
                let mut table = SharedTable::new(config.table_bytes).expect("a table");
                let threads = GameThreadConfig {
                    threads: 1,
                    ..GameThreadConfig::default()
                };
                for p in &positions[..n] {
                    table.clear();
                    let r =
                        search_game(algorithm, &Othello, p, depth, &config, &mut table, &threads)
                            .expect("a search");
                    values += i64::from(r.report.value.get());
                    leaves += r.leaves();
                }
            }
        }
        other => panic!("unknown mode {other} (plain, polled, staged, enhanced, game)"),
    }
    println!("{mode}: values {values}, leaves {leaves}");
}

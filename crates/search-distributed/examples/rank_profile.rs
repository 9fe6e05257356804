//! A leaf processor's alpha-beta on one rank, over several trees: a target
//! for `valgrind --tool=callgrind` (instruction counts that do not depend
//! on the machine's load) when a change touches the code every rank's job
//! runs. With one rank (the processor tree (0, 1)) rank 0 searches the
//! root itself, reading its messages every `poll` nodes as any leaf
//! processor does, and no message is sent.
//!
//! ```text
//! cargo build --release -p search-distributed --example rank_profile
//! valgrind --tool=callgrind target/release/examples/rank_profile 8 8 3
//! ```
//!
//! Arguments: the shape (B, D) of the [`HashTree`]s and their number N
//! (seeds 0..N). Prints the total of the values and of the leaves, which
//! must not change when the code moves.

use search_distributed::{DistAlgorithm, DistConfig, local_cluster, search};
use search_parallel::ProcessorTree;
use tree_core::HashTree;

fn number(args: &[String], i: usize, default: u64) -> u64 {
    args.get(i)
        .map_or(default, |s| s.parse().expect("a number"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (b, d, n) = (
        number(&args, 0, 8),
        number(&args, 1, 8),
        number(&args, 2, 3),
    );
    let config = DistConfig::new(ProcessorTree { depth: 0, width: 1 });
    let mut rank = local_cluster(1).pop().expect("one rank");
    let (mut values, mut leaves) = (0i64, 0u64);
    for seed in 0..n {
        let tree = HashTree::new(b as usize, d as usize, seed).expect("a shape");
        let r = search(DistAlgorithm::TreeSplit, &tree, &mut rank, &config)
            .expect("a search")
            .expect("rank 0 reports");
        values += i64::from(r.value.get());
        leaves += r.per_rank.iter().map(|s| s.leaves).sum::<u64>();
    }
    println!("distributed: values {values}, leaves {leaves}");
}

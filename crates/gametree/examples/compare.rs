//! Every algorithm on one random tree, through the one call: value, best
//! move, leaves, interior nodes, peak memory and time, as a table.
//!
//! ```text
//! cargo run --release -p gametree --example compare            # a random (4,8) tree
//! cargo run --release -p gametree --example compare -- 8 6 7   # b = 8, d = 6, seed 7
//! ```
//!
//! Every row is checked against plain minimax before it is printed. The
//! multi-threaded searches use the machine's cores; best-first searches
//! their default budget (the least they accept; MemSSS\* and MemDual\*
//! their largest, where they are RecSSS\* and RecDual\*).

use std::process::ExitCode;

use gametree::{Algorithm, Config, search};
use tree_core::{GenSpec, Generator, minimax};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |s| {
            s.parse()
                .map_err(|_| format!("'{s}' is not a non-negative integer"))
        })
    };
    let parsed = (|| Ok::<_, String>((number(0, 4)?, number(1, 8)?, number(2, 1)?)))();
    let (b, d, seed) = match parsed {
        Ok(v) if args.len() <= 3 => v,
        Ok(_) => return usage("at most three arguments: B D SEED"),
        Err(e) => return usage(&e),
    };
    let tree = match GenSpec::new(Generator::RANDOM, b as usize, d as usize, seed, 0).build() {
        Ok(t) => t,
        Err(e) => return usage(&e.to_string()),
    };
    let truth = minimax(&tree);
    println!("random ({b},{d}) tree, seed {seed}: minimax value {truth}\n");
    println!(
        "{:<20} {:>6} {:>5} {:>10} {:>10} {:>14} {:>10}",
        "algorithm", "value", "best", "leaves", "interior", "peak memory", "ms"
    );
    for &a in Algorithm::ALL {
        let r = match search(a, &tree, &Config::default()) {
            Ok(r) => r,
            Err(e) => {
                println!("{:<20} {e}", a.name());
                continue;
            }
        };
        if r.value != truth {
            eprintln!("compare: {a} returned {} instead of {truth}", r.value);
            return ExitCode::FAILURE;
        }
        let best = r.best.map_or("-".to_owned(), |m| (m + 1).to_string());
        let memory = match (r.peak_memory, r.memory_unit) {
            (Some(m), Some(u)) => format!("{m} {}", short(u)),
            _ => "-".to_owned(),
        };
        println!(
            "{:<20} {:>6} {:>5} {:>10} {:>10} {:>14} {:>10.3}",
            a.name(),
            r.value,
            best,
            r.leaves,
            r.interior,
            memory,
            r.elapsed.as_secs_f64() * 1e3
        );
    }
    println!(
        "\nbest: the root's move, 1-based; memory: OPEN entries (open), MT table entries (tt), enhanced table bytes (B)"
    );
    ExitCode::SUCCESS
}

fn short(unit: gametree::MemoryUnit) -> &'static str {
    match unit {
        gametree::MemoryUnit::OpenEntries => "open",
        gametree::MemoryUnit::TableEntries => "tt",
        _ => "B",
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("compare: {message}\nusage: compare [B [D [SEED]]]");
    ExitCode::from(2)
}

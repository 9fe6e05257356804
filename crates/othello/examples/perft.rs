//! Perft from the initial position with timings:
//! `cargo run --release -p gametree-othello --example perft -- 9`.

use std::time::Instant;

fn main() {
    let max: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let start = othello::Position::initial();
    for d in 1..=max {
        let t = Instant::now();
        let n = othello::perft(&start, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft({d}) = {n:>12}  {:>8.3} s  {:>6.1} M paths/s",
            s,
            n as f64 / s / 1e6
        );
    }
}

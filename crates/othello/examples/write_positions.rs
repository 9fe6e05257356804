//! Writes `data/positions.txt` (the 50 experiment positions) to standard
//! output: `cargo run -p gametree-othello --example write_positions > crates/othello/data/positions.txt`.

fn main() {
    print!("{}", othello::positions_file());
}

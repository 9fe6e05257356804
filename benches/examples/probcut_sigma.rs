//! How far a shallow search scored by the trained evaluation lies from the
//! exact score: the evidence for [`ProbCut`](gametree::ProbCut)'s margins.
//!
//! ```text
//! cargo run --release -p benches --example probcut_sigma -- SAMPLES \
//!     [--empties 12-24] [--depths 0,1,2,3,4,5,6] [--per 1000] [--held-out]
//! ```
//!
//! SAMPLES is a file of scored positions as `cargo xtask train-eval
//! --samples FILE` writes it (the mover's discs and the opponent's in
//! hexadecimal, the exact final score for the mover, the game). For each
//! number of empty squares in the range, the first `--per` positions (of
//! the held-out games, `game mod 10 = 0`, with `--held-out`: the games the
//! weights were not fitted on) are searched to each depth by the plain
//! alpha-beta of `search_depthfirst` whose leaves are scored by
//! [`othello::pattern::evaluate`]; the table printed gives, per empty
//! squares and depth, the mean and the standard deviation of the exact
//! score less the shallow value, in discs.

use othello::{Color, Othello, Position, eval::WIN_SCALE};
use search_depthfirst::{Window, alphabeta};
use tree_core::{Game, Horizon, Value};

/// Othello whose static evaluation is the trained one
/// ([`Game::order_evaluate`]), so a plain search to a depth scores its
/// leaves as the engine's ProbCut tests do (the end of the game by its
/// score).
struct Trained;

impl Game for Trained {
    type Position = Position;
    type Move = othello::Move;
    type Moves = <Othello as Game>::Moves;

    fn moves(&self, pos: &Position, moves: &mut Self::Moves) {
        Othello.moves(pos, moves);
    }

    fn play(&self, pos: &Position, mv: othello::Move) -> Position {
        Othello.play(pos, mv)
    }

    fn evaluate(&self, pos: &Position) -> Value {
        Othello.order_evaluate(pos)
    }

    fn hash(&self, pos: &Position) -> u64 {
        Othello.hash(pos)
    }
}

/// The value of `pos` for its player to move, searched `depth` plies by
/// alpha-beta with the trained evaluation at the leaves.
fn search(pos: &Position, depth: u32) -> i32 {
    let tree = Horizon::new(Trained, *pos, depth);
    alphabeta(&tree, Window::FULL)
        .expect("Othello's evaluations are finite")
        .get()
}

fn value<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    match args.iter().position(|a| a == name) {
        None => default,
        Some(i) => match args.get(i + 1).map(|s| s.parse()) {
            Some(Ok(v)) => v,
            _ => {
                eprintln!("probcut_sigma: {name} needs a value");
                std::process::exit(2);
            }
        },
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1).filter(|a| !a.starts_with("--")) else {
        eprintln!(
            "usage: probcut_sigma SAMPLES [--empties 12-24] [--depths 0,2,4] [--per 1000] [--held-out]"
        );
        std::process::exit(2);
    };
    let range: String = value(&args, "--empties", "12-24".to_owned());
    let (lo, hi) = match range.split_once('-').map(|(a, b)| (a.parse(), b.parse())) {
        Some((Ok(a), Ok(b))) if a <= b => (a, b),
        _ => {
            eprintln!("probcut_sigma: --empties takes LO-HI");
            std::process::exit(2);
        }
    };
    let depths: String = value(&args, "--depths", "0,1,2,3,4,5,6".to_owned());
    let depths: Vec<u32> = match depths.split(',').map(str::parse).collect() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("probcut_sigma: --depths: {e}");
            std::process::exit(2);
        }
    };
    let per: usize = value(&args, "--per", 1000);
    let held_out = args.iter().any(|a| a == "--held-out");
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("probcut_sigma: {file}: {e}");
        std::process::exit(2);
    });
    let mut by_empties: Vec<Vec<(Position, i32)>> = vec![Vec::new(); 61];
    for (i, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split_whitespace().collect();
        let parsed = (f.len() == 4)
            .then(|| {
                let me = u64::from_str_radix(f[0], 16).ok()?;
                let opp = u64::from_str_radix(f[1], 16).ok()?;
                let score: i32 = f[2].parse().ok()?;
                let game: u64 = f[3].parse().ok()?;
                Some((Position::new(me, opp, Color::Black).ok()?, score, game))
            })
            .flatten();
        let Some((pos, score, game)) = parsed else {
            eprintln!("probcut_sigma: {file}:{}: not a scored position", i + 1);
            std::process::exit(2);
        };
        let e = pos.empty().count_ones() as usize;
        if (lo..=hi).contains(&e) && (!held_out || game % 10 == 0) && by_empties[e].len() < per {
            by_empties[e].push((pos, score));
        }
    }
    print!("| empties | positions |");
    for d in &depths {
        print!(" depth {d}: mean, sd |");
    }
    println!();
    print!("|--:|--:|");
    for _ in &depths {
        print!("--:|");
    }
    println!();
    let w = f64::from(WIN_SCALE);
    for (e, list) in by_empties.iter().enumerate() {
        if list.is_empty() {
            continue;
        }
        print!("| {e} | {} |", list.len());
        for &d in &depths {
            let diffs: Vec<f64> = list
                .iter()
                .map(|(p, s)| f64::from(*s) - f64::from(search(p, d)) / w)
                .collect();
            let n = diffs.len() as f64;
            let mean = diffs.iter().sum::<f64>() / n;
            let sd = (diffs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt();
            print!(" {mean:+.2}, {sd:.2} |");
        }
        println!();
    }
}

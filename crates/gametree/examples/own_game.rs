//! Your own game through [`Game`], searched by three families of
//! algorithms through the same call, and a terminal play loop that works
//! for any `Game`.
//!
//! The game is Connect Four on its standard board (7 columns, 6 rows):
//! the rules are 60 lines of bitboard code below; everything else is the
//! front door's. Without arguments the example searches the opening
//! position with alpha-beta, MemSSS\* within a memory budget and enhanced
//! MTD(f), and prints what each found; `--play` lets you play against the
//! engine.
//!
//! ```text
//! cargo run --release -p gametree --example own_game
//! cargo run --release -p gametree --example own_game -- --play [ALGORITHM [DEPTH]]
//! ```

use std::fmt;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Duration;

use gametree::{Algorithm, Cache, Config, Game, Value, minimum_memory, search_game};
use tree_core::{ArrayVec, Bounds, MoveBuffer};

/// Columns and rows.
const WIDTH: u32 = 7;
const HEIGHT: u32 = 6;
/// A column's bits: `HEIGHT` cells and one spare bit above, so that
/// shifts never carry from one column into the next.
const STRIDE: u32 = HEIGHT + 1;
/// The bottom cell of every column.
const BOTTOM: u64 = {
    let (mut bits, mut c) = (0, 0);
    while c < WIDTH {
        bits |= 1 << (c * STRIDE);
        c += 1;
    }
    bits
};

/// A position: the discs of the player to move and of both players.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Board {
    mine: u64,
    all: u64,
    moves: u32,
}

/// The rules of Connect Four, scored for the player to move: a win is
/// worth more the sooner it comes; otherwise discs in the central columns
/// count.
#[derive(Debug, Clone, Copy)]
struct ConnectFour;

/// A win's base score: far above any heuristic score.
const WIN: i32 = 1000;

impl Board {
    fn bottom(column: u32) -> u64 {
        1 << (column * STRIDE)
    }
    fn column_mask(column: u32) -> u64 {
        ((1 << HEIGHT) - 1) << (column * STRIDE)
    }
    /// Whether `discs` holds four in a row.
    fn four(discs: u64) -> bool {
        [1, STRIDE, STRIDE - 1, STRIDE + 1].iter().any(|&s| {
            let pairs = discs & (discs >> s);
            pairs & (pairs >> (2 * s)) != 0
        })
    }
    /// Whether the player who just moved has won.
    fn lost(self) -> bool {
        Board::four(self.mine ^ self.all)
    }
}

impl Game for ConnectFour {
    type Position = Board;
    type Move = u32; // a column, 0-based
    type Moves = ArrayVec<u32, 7>;

    fn moves(&self, b: &Board, out: &mut ArrayVec<u32, 7>) {
        out.clear();
        if b.lost() || b.moves == WIDTH * HEIGHT {
            return;
        }
        // Central columns first: a good order for the searches.
        for c in [3, 2, 4, 1, 5, 0, 6] {
            if b.all & Board::column_mask(c) != Board::column_mask(c) {
                out.push(c);
            }
        }
    }

    fn play(&self, b: &Board, column: u32) -> Board {
        let all = b.all | (b.all + Board::bottom(column));
        Board {
            mine: b.mine ^ b.all,
            all,
            moves: b.moves + 1,
        }
    }

    fn evaluate(&self, b: &Board) -> Value {
        if b.lost() {
            return Value::new(-(WIN - b.moves as i32)).expect("in range");
        }
        let theirs = b.mine ^ b.all;
        let centre = |d: u64| (d & Board::column_mask(3)).count_ones() as i32;
        Value::new(centre(b.mine) - centre(theirs)).expect("in range")
    }

    fn hash(&self, b: &Board) -> u64 {
        // `mine + all + BOTTOM` is unique for a position (each column's
        // discs under a marker bit); an odd multiplier keeps it unique.
        (b.mine + b.all + BOTTOM).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    fn move_name(&self, _: &Board, column: u32) -> String {
        char::from(b'a' + column as u8).to_string()
    }

    fn move_key(&self, _: &Board, column: u32) -> usize {
        column as usize
    }

    fn move_keys(&self) -> usize {
        WIDTH as usize
    }

    fn max_moves(&self) -> Option<usize> {
        Some(WIDTH as usize)
    }

    fn plies_left(&self, b: &Board) -> Option<u32> {
        Some(WIDTH * HEIGHT - b.moves)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // X moved first: X is to move after an even number of moves.
        let (x, o) = if self.moves.is_multiple_of(2) {
            (self.mine, self.mine ^ self.all)
        } else {
            (self.mine ^ self.all, self.mine)
        };
        for row in (0..HEIGHT).rev() {
            for c in 0..WIDTH {
                let bit = 1 << (c * STRIDE + row);
                let cell = if x & bit != 0 {
                    'X'
                } else if o & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, " {cell}")?;
            }
            writeln!(f)?;
        }
        writeln!(f, " a b c d e f g")
    }
}

/// A game between a human (on `input`) and `algorithm` searching `depth`
/// plies, for any game whose positions print: the human types a move's
/// name; the engine keeps its [`Cache`] (an enhanced engine's table) from
/// move to move. Returns the final position, or the one where the input
/// ended.
///
/// # Errors
/// A search that fails, or output that cannot be written.
fn play<G>(
    game: &G,
    start: G::Position,
    human_first: bool,
    (algorithm, depth, config): (Algorithm, u32, &Config),
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<G::Position, Box<dyn std::error::Error>>
where
    G: Game + Sync,
    G::Position: Send + Sync + fmt::Display,
    G::Move: Send + Sync,
{
    let mut cache = Cache::new();
    let mut pos = start;
    let mut human = human_first;
    loop {
        write!(out, "{pos}")?;
        let mut moves = G::Moves::default();
        game.moves(&pos, &mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            writeln!(
                out,
                "game over: {} for the player to move",
                game.evaluate(&pos)
            )?;
            return Ok(pos);
        }
        let mv = if human {
            let names: Vec<String> = moves.iter().map(|&m| game.move_name(&pos, m)).collect();
            loop {
                write!(out, "your move ({})> ", names.join(" "))?;
                out.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    writeln!(out)?;
                    return Ok(pos);
                }
                match names.iter().position(|n| n == line.trim()) {
                    Some(i) => break moves[i],
                    None => writeln!(out, "'{}' is not a legal move", line.trim())?,
                }
            }
        } else {
            let r = cache.search_game(algorithm, game, &pos, depth, config)?;
            let mv = r.best.expect("a position with moves has a best move");
            writeln!(
                out,
                "{algorithm} plays {} (value {} for itself, {} leaves)",
                game.move_name(&pos, mv),
                r.value,
                r.leaves
            )?;
            mv
        };
        pos = game.play(&pos, mv);
        human = !human;
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.first().map(String::as_str) == Some("--play") {
        let algorithm = args
            .get(1)
            .map_or(Ok(Algorithm::MtdfEnhanced), |s| s.parse());
        let depth = args.get(2).map_or(Ok(10), |s| s.parse::<u32>());
        match (algorithm, depth) {
            (Ok(a), Ok(d)) => play(
                &ConnectFour,
                Board::default(),
                true,
                (a, d, &Config::default()),
                &mut std::io::stdin().lock(),
                &mut std::io::stdout(),
            )
            .map(drop),
            (Err(e), _) => Err(e.into()),
            (_, Err(e)) => Err(format!("bad depth: {e}").into()),
        }
    } else {
        three_families()
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("own_game: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The opening position searched 8 plies deep by three families through
/// the same call.
fn three_families() -> Result<(), Box<dyn std::error::Error>> {
    let start = Board::default();
    let depth = 8;
    let shape = Bounds {
        branching: 7,
        depth: depth as usize,
        uniform: false,
    };
    let budget = minimum_memory(Algorithm::MemSss, shape).ok_or("no budget")? * 2;
    let limit = Config::default().time_limit(Duration::from_secs(60));
    for (algorithm, config) in [
        (Algorithm::AlphaBeta, limit.clone()),
        (Algorithm::MemSss, limit.clone().memory(budget)),
        (Algorithm::MtdfEnhanced, limit.clone()),
    ] {
        let r = search_game(algorithm, &ConnectFour, &start, depth, &config)?;
        let line: Vec<String> =
            r.pv.iter()
                .map(|&c| ConnectFour.move_name(&start, c))
                .collect();
        println!(
            "{:<10} value {:>3}, best {}, line {}{}, {} leaves, peak memory {}",
            algorithm.name(),
            r.value,
            r.best
                .map_or("-".into(), |c| ConnectFour.move_name(&start, c)),
            line.join(" "),
            if r.pv_complete { "" } else { " (partial)" },
            r.leaves,
            r.peak_memory
                .zip(r.memory_unit)
                .map_or("-".into(), |(m, u)| format!("{m} {u}")),
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::{Horizon, minimax};

    fn board(columns: &str) -> Board {
        columns.bytes().fold(Board::default(), |b, c| {
            ConnectFour.play(&b, u32::from(c - b'a'))
        })
    }

    #[test]
    fn four_in_a_row_ends_the_game() {
        let b = board("aabbccd"); // X: a b c d on the bottom row
        assert!(b.lost());
        assert_eq!(ConnectFour.num_moves(&b), 0);
        assert_eq!(ConnectFour.evaluate(&b).get(), -(WIN - 7));
        assert!(!board("aabbcc").lost());
        let vertical = board("abababa");
        assert!(vertical.lost());
    }

    /// The three families agree with plain minimax on the game's tree,
    /// and every one finds the immediate win.
    #[test]
    fn three_families_agree_with_minimax() {
        let pos = board("aabbcc"); // X to move wins with d
        for depth in [1, 3, 4] {
            let truth = minimax(&Horizon::new(ConnectFour, pos, depth));
            for a in [
                Algorithm::AlphaBeta,
                Algorithm::MemSss,
                Algorithm::MtdfEnhanced,
            ] {
                let r = search_game(a, &ConnectFour, &pos, depth, &Config::default()).unwrap();
                assert_eq!(r.value, truth, "{a} at depth {depth}");
                assert_eq!(r.best, Some(3), "{a} plays d");
            }
        }
    }

    /// The play loop: scripted moves, an illegal one refused, the engine
    /// answers, the end of input stops the game.
    #[test]
    fn the_play_loop_takes_scripted_moves() {
        let mut out = Vec::new();
        let end = play(
            &ConnectFour,
            Board::default(),
            true,
            (Algorithm::AlphaBeta, 4, &Config::default()),
            &mut "z\nd\nd\n".as_bytes(),
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("'z' is not a legal move"), "{text}");
        assert_eq!(text.matches("alphabeta plays").count(), 2, "{text}");
        assert_eq!(end.moves, 4);
    }
}

//! The 50 experiment positions of Srivastava 2019, §IV, made reproducibly.
//!
//! The paper averages over "50 popular positions picked up by personal
//! preference", which it does not list. Here position `k` (0 ≤ k < 50) is
//! made by [`random_position`]`(k, 20)`: 20 plies of uniformly random
//! moves (a forced pass is a ply) from the initial position, drawn by a
//! SplitMix64 generator seeded with `k`; a game that ends before, or
//! whose position is finished after, its 20th ply is abandoned and a new
//! one started from the initial position with the same generator going
//! on. The positions are committed in `data/positions.txt`, which a test
//! regenerates.

use crate::Position;

/// How many experiment positions there are.
pub const EXPERIMENT_COUNT: usize = 50;

/// How many random plies from the start make an experiment position.
pub const EXPERIMENT_PLIES: usize = 20;

/// The committed file: a `#` comment header, then one position per line
/// in [`Position`]'s string form.
pub const POSITIONS_FILE: &str = include_str!("../data/positions.txt");

/// SplitMix64 (Steele, Lea & Flood 2014): a tiny, well-mixed generator,
/// the golden-ratio step and [`tree_core::mix64`], written out here so the
/// positions do not depend on any outside crate's version.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator with state `seed`.
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        tree_core::mix64(self.0)
    }
}

/// The position after `plies` random moves from the start: each move is
/// move number `next_u64() % n` of [`Position::moves`] (n moves, a pass
/// counting as one), with SplitMix64 seeded by `seed`. A game that ends
/// before `plies` moves, or whose final position is the end of the game,
/// is abandoned and replayed from the start with the generator going on.
///
/// # Panics
/// If no game is found: `plies` above [`MAX_RANDOM_PLIES`] (no game of
/// Othello is that long before its end), or [`MAX_RANDOM_GAMES`] games
/// all ending too soon (a length that random games almost never reach).
/// [`try_random_position`] is the checked alternative.
pub fn random_position(seed: u64, plies: usize) -> Position {
    try_random_position(seed, plies)
        .unwrap_or_else(|| panic!("no random game of {plies} plies found"))
}

/// The most plies a game can have been played before a position that is
/// not its end: 59 moves (a disc each, the board keeping an empty square)
/// and a pass before each of them and after the last.
pub const MAX_RANDOM_PLIES: usize = 2 * 59 + 1;

/// How many games [`try_random_position`] plays before it gives up.
pub const MAX_RANDOM_GAMES: u32 = 1_000_000;

/// As [`random_position`], or `None` for `plies` above
/// [`MAX_RANDOM_PLIES`] or when [`MAX_RANDOM_GAMES`] games all end too
/// soon (each game costs at most `plies` moves, so this answers in
/// bounded time).
pub fn try_random_position(seed: u64, plies: usize) -> Option<Position> {
    if plies > MAX_RANDOM_PLIES {
        return None;
    }
    let mut rng = SplitMix64::new(seed);
    'game: for _ in 0..MAX_RANDOM_GAMES {
        let mut pos = Position::initial();
        for _ in 0..plies {
            let n = pos.num_moves();
            if n == 0 {
                continue 'game;
            }
            let i = (rng.next_u64() % n as u64) as usize;
            pos = pos.play_nth(i);
        }
        if pos.num_moves() > 0 {
            return Some(pos);
        }
    }
    None
}

/// The 50 experiment positions, generated afresh:
/// `random_position(k, EXPERIMENT_PLIES)` for k = 0..50.
pub fn generate_experiment_positions() -> Vec<Position> {
    (0..EXPERIMENT_COUNT as u64)
        .map(|k| random_position(k, EXPERIMENT_PLIES))
        .collect()
}

/// The 50 experiment positions, read from the committed
/// `data/positions.txt` (a test checks it equals
/// [`generate_experiment_positions`]).
///
/// # Panics
/// Never for the file shipped with the crate (a test parses it); a
/// hand-edited file that does not parse fails here.
pub fn experiment_positions() -> Vec<Position> {
    parse_positions(POSITIONS_FILE).expect("data/positions.txt parses")
}

/// The positions of a positions file: one per line, in [`Position`]'s
/// string form; blank lines and lines starting with `#` are skipped.
///
/// # Errors
/// The first line that is not a position, numbered from 1, with its
/// error.
pub fn parse_positions(text: &str) -> Result<Vec<Position>, (usize, crate::ParseError)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(n, l)| l.parse().map_err(|e| (n + 1, e)))
        .collect()
}

/// The file [`experiment_positions`] reads, as [`generate_experiment_positions`]
/// makes it: the comment header and one position per line.
pub fn positions_file() -> String {
    let mut s = String::from(
        "# The 50 Othello experiment positions (Srivastava 2019, section IV), one per line:\n\
         # 64 board characters (a1 b1 ... h1 a2 ... h8; X black, O white, - empty),\n\
         # a space, the side to move (X or O).\n\
         # Position k (k = 0..49) is othello::random_position(k, 20): 20 plies of\n\
         # uniformly random moves from the initial position (a forced pass is a ply),\n\
         # move number next_u64() % n of the n moves in ascending square order,\n\
         # drawn from SplitMix64 seeded with k; a game that ends before ply 20 or is\n\
         # over at ply 20 is replayed from the start with the generator going on.\n\
         # Regenerate with othello::positions_file(); a test checks this file.\n",
    );
    for p in generate_experiment_positions() {
        s.push_str(&p.to_string());
        s.push('\n');
    }
    s
}

//! Tic-tac-toe through [`tree_core::Game`], solved three ways:
//!
//! * plain alpha-beta on the game's [`Horizon`] tree (the `Game` → `Tree`
//!   adapter), which reports the best move and principal variation as
//!   child indices;
//! * MemSSS\* on the same tree within a fixed OPEN budget, which reports the
//!   value and the memory it used; its best move and line are found here by
//!   searching each reply with the same budget;
//! * [`Enhanced`] alpha-beta on the game itself, with iterative deepening, a
//!   transposition table and the history heuristic, which reports typed moves.
//!
//! Each prints the value (for X, who moves first), the best move by name and
//! the principal variation. Run with `cargo run --release --example tictactoe`;
//! `cargo test -p search-bestfirst --example tictactoe` runs its checks.

use std::error::Error;

use search_bestfirst::memsss;
use search_depthfirst::{Algorithm, Enhanced, EnhancedAlgorithm, EnhancedConfig, SearchConfig};
use tree_core::{ArrayVec, Game, Horizon, MoveBuffer, Tree, Value};

/// The eight lines, as masks of squares `a1` = bit 0 … `c3` = bit 8
/// (square `3 * row + column`).
const LINES: [u16; 8] = [
    0x007, 0x038, 0x1c0, // rows 1, 2, 3
    0x049, 0x092, 0x124, // columns a, b, c
    0x111, 0x054, // diagonals
];

/// A position: X's and O's squares. X moves when both have as many.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Board {
    x: u16,
    o: u16,
}

impl Board {
    /// The empty board, X to move.
    const EMPTY: Board = Board { x: 0, o: 0 };

    /// A board from moves played in turn, X first (`"b2 a1 c3"`).
    fn from_moves(moves: &str) -> Result<Board, String> {
        let mut board = Board::EMPTY;
        for name in moves.split_whitespace() {
            let square = square_of(name).ok_or_else(|| format!("no square {name:?}"))?;
            let mut legal = ArrayVec::new();
            TicTacToe.moves(&board, &mut legal);
            if !legal.contains(&square) {
                return Err(format!("{name} is not a legal move here"));
            }
            board = TicTacToe.play(&board, square);
        }
        Ok(board)
    }

    fn empties(self) -> u32 {
        9 - (self.x | self.o).count_ones()
    }

    fn x_to_move(self) -> bool {
        self.x.count_ones() == self.o.count_ones()
    }

    /// Whether the player who moved last has completed a line.
    fn last_mover_won(self) -> bool {
        let last = if self.x_to_move() { self.o } else { self.x };
        LINES.iter().any(|&line| line & !last == 0)
    }
}

fn square_of(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'c').contains(&b[0]) || !(b'1'..=b'3').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 3 + (b[0] - b'a'))
}

fn square_name(square: u8) -> String {
    format!("{}{}", char::from(b'a' + square % 3), square / 3 + 1)
}

/// The rules: a move is a square, named `a1` … `c3`; the game ends with a
/// line or a full board. The score for the player to move at the end is
/// −(1 + empty squares) for a loss (so quicker wins score more) and 0 for a
/// draw; searches here go to the end, so no heuristic is needed.
#[derive(Debug, Clone, Copy)]
struct TicTacToe;

impl Game for TicTacToe {
    type Position = Board;
    type Move = u8;
    type Moves = ArrayVec<u8, 9>;

    fn moves(&self, pos: &Board, moves: &mut ArrayVec<u8, 9>) {
        MoveBuffer::clear(moves);
        if pos.last_mover_won() {
            return;
        }
        let taken = pos.x | pos.o;
        for square in 0..9u8 {
            if taken & (1 << square) == 0 {
                MoveBuffer::push(moves, square);
            }
        }
    }

    fn play(&self, pos: &Board, square: u8) -> Board {
        let bit = 1u16 << square;
        assert_eq!(
            (pos.x | pos.o) & bit,
            0,
            "square {} is taken",
            square_name(square)
        );
        if pos.x_to_move() {
            Board {
                x: pos.x | bit,
                ..*pos
            }
        } else {
            Board {
                o: pos.o | bit,
                ..*pos
            }
        }
    }

    fn evaluate(&self, pos: &Board) -> Value {
        let score = if pos.last_mover_won() {
            -(1 + i64::from(pos.empties()))
        } else {
            0
        };
        Value::new(score).expect("scores are small")
    }

    fn hash(&self, pos: &Board) -> u64 {
        // The board is the whole position (the counts give the mover).
        u64::from(pos.x) | u64::from(pos.o) << 9
    }

    fn move_name(&self, _: &Board, square: u8) -> String {
        square_name(square)
    }

    fn move_key(&self, _: &Board, square: u8) -> usize {
        usize::from(square)
    }

    fn move_keys(&self) -> usize {
        9
    }

    fn max_moves(&self) -> Option<usize> {
        Some(9)
    }

    fn plies_left(&self, pos: &Board) -> Option<u32> {
        Some(pos.empties())
    }
}

/// What one search found, from the point of view of the player to move.
#[derive(Debug, PartialEq, Eq)]
struct Solution {
    value: i32,
    best: Option<String>,
    pv: Vec<String>,
}

impl std::fmt::Display for Solution {
    /// `value +3  best c1  pv c1 a3 …`; `best -` when the game is over.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "value {:+}  best {}  pv {}",
            self.value,
            self.best.as_deref().unwrap_or("-"),
            self.pv.join(" ")
        )
    }
}

/// Names of the moves along a line of child indices from `root`.
fn names_along(root: Board, indices: impl IntoIterator<Item = usize>) -> Vec<String> {
    let mut pos = root;
    let mut names = Vec::new();
    for i in indices {
        let mv = TicTacToe.nth_move(&pos, i).expect("a line of legal moves");
        names.push(TicTacToe.move_name(&pos, mv));
        pos = TicTacToe.play(&pos, mv);
    }
    names
}

/// Alpha-beta on the game's tree to the end of the game.
fn solve_alphabeta(root: Board) -> Result<Solution, Box<dyn Error>> {
    let tree = Horizon::new(TicTacToe, root, root.empties());
    let report = Algorithm::AlphaBeta.search(&tree, &SearchConfig::new())?;
    let pv = names_along(root, report.pv.digits().iter().map(|&d| usize::from(d)));
    Ok(Solution {
        value: report.value.get(),
        best: pv.first().cloned(),
        pv,
    })
}

/// What MemSSS\* was given and used at the root.
#[derive(Debug)]
struct MemUse {
    budget: usize,
    peak: usize,
}

/// MemSSS\* on the game's tree within the smallest OPEN budget it accepts
/// for the tree's shape (b = 9, d = the empty squares), with the best move
/// and line found by searching each reply the same way: the first move
/// whose reply position has the negated value.
fn solve_memsss(root: Board) -> Result<(Solution, MemUse), Box<dyn Error>> {
    let value_of = |pos: Board| -> Result<(i32, MemUse), Box<dyn Error>> {
        let tree = Horizon::new(TicTacToe, pos, pos.empties());
        let shape = tree.bounds().expect("TicTacToe gives max_moves");
        let stored = memsss::Config {
            odd_depth_leaf_search: false,
            ..memsss::Config::default()
        };
        let budget = memsss::minimum(shape, &stored)?;
        let out = memsss::search(&tree, &memsss::Config::default().with_memory(budget))?;
        Ok((
            out.value.get(),
            MemUse {
                budget,
                peak: out.memory.peak,
            },
        ))
    };
    let (value, used) = value_of(root)?;
    let mut pv = Vec::new();
    let (mut pos, mut want) = (root, value);
    let mut moves = ArrayVec::new();
    loop {
        TicTacToe.moves(&pos, &mut moves);
        let mut next = None;
        for &mv in &moves {
            let child = TicTacToe.play(&pos, mv);
            if -value_of(child)?.0 == want {
                next = Some((mv, child));
                break;
            }
        }
        let Some((mv, child)) = next else { break };
        pv.push(TicTacToe.move_name(&pos, mv));
        (pos, want) = (child, -want);
    }
    Ok((
        Solution {
            value,
            best: pv.first().cloned(),
            pv,
        },
        used,
    ))
}

/// Enhanced alpha-beta on the game itself.
fn solve_enhanced(root: Board) -> Result<Solution, Box<dyn Error>> {
    let mut engine = Enhanced::new(EnhancedConfig::default().with_table_bytes(1 << 16))?;
    let report = engine.search(
        EnhancedAlgorithm::AlphaBeta,
        &TicTacToe,
        &root,
        root.empties(),
    )?;
    let mut pos = root;
    let mut pv = Vec::new();
    for &mv in &report.pv {
        pv.push(TicTacToe.move_name(&pos, mv));
        pos = TicTacToe.play(&pos, mv);
    }
    let best = report.best_move.map(|mv| TicTacToe.move_name(&root, mv));
    Ok(Solution {
        value: report.value.get(),
        best,
        pv,
    })
}

fn main() -> Result<(), Box<dyn Error>> {
    // The empty board, then a position where X (to move) has a win.
    for (label, moves) in [("empty board", ""), ("after b2 a1 c3 b1", "b2 a1 c3 b1")] {
        let root = Board::from_moves(moves)?;
        let side = if root.x_to_move() { "X" } else { "O" };
        println!("{label} ({side} to move):");
        let ab = solve_alphabeta(root)?;
        println!("  alpha-beta  {ab}");
        let (mem, used) = solve_memsss(root)?;
        println!(
            "  MemSSS*     {mem}  (M = {}, peak OPEN {})",
            used.budget, used.peak
        );
        let en = solve_enhanced(root)?;
        println!("  Enhanced    {en}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::minimax;

    fn exact(root: Board) -> i32 {
        minimax(&Horizon::new(TicTacToe, root, root.empties())).get()
    }

    /// Plays a line of move names from `root` and returns the value of the
    /// end for the player to move at `root`.
    fn end_of_line(root: Board, pv: &[String]) -> i32 {
        let mut pos = root;
        for name in pv {
            pos = TicTacToe.play(&pos, square_of(name).expect("a square name"));
        }
        assert_eq!(TicTacToe.num_moves(&pos), 0, "the line ends the game");
        let v = TicTacToe.evaluate(&pos).get();
        if pv.len().is_multiple_of(2) { v } else { -v }
    }

    #[test]
    fn every_search_agrees_with_minimax_and_plays_its_line() {
        let positions = [
            "",
            "b2",
            "a1",
            "b2 a1",
            "b2 a1 c3 b1",
            "a1 b2 c3",
            "a1 a2 b1 b2",
            "a1 b1",
        ];
        for moves in positions {
            let root = Board::from_moves(moves).unwrap();
            let value = exact(root);
            let ab = solve_alphabeta(root).unwrap();
            let (mem, used) = solve_memsss(root).unwrap();
            let en = solve_enhanced(root).unwrap();
            for (name, s) in [("alpha-beta", &ab), ("MemSSS*", &mem), ("Enhanced", &en)] {
                assert_eq!(s.value, value, "{name} on {moves:?}");
                assert_eq!(
                    end_of_line(root, &s.pv),
                    value,
                    "{name}'s line on {moves:?}"
                );
                assert_eq!(s.best.as_ref(), s.pv.first(), "{name} on {moves:?}");
            }
            assert!(used.peak <= used.budget, "{used:?} on {moves:?}");
        }
    }

    #[test]
    fn the_game_is_a_draw_and_a_win_in_one_is_found() {
        assert_eq!(exact(Board::EMPTY), 0);
        // X: b2, c3; O: a1, b1, threatening c1. X must take c1, which makes
        // two threats (c1-b2-a3, c1-c2-c3): the only winning move.
        let root = Board::from_moves("b2 a1 c3 b1").unwrap();
        let value = exact(root);
        let en = solve_enhanced(root).unwrap();
        assert_eq!(en.value, value);
        // O threatens c1 (a1 b1 c1): X must take c1 and then wins by the
        // double threat c1-b2-a3 and c1-c2-c3.
        assert!(value > 0, "X wins: {value}");
        for s in [
            solve_alphabeta(root).unwrap(),
            solve_memsss(root).unwrap().0,
            en,
        ] {
            assert_eq!(s.best.as_deref(), Some("c1"));
        }
    }

    #[test]
    fn bad_moves_are_errors() {
        assert!(Board::from_moves("d1").is_err());
        assert!(Board::from_moves("a1 a1").is_err());
        assert!(
            Board::from_moves("a1 a2 b1 b2 c1 c2").is_err(),
            "the game was over"
        );
    }
}

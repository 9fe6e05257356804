//! Squares, colours and moves: the names of things on the board.

use std::fmt;

/// A player, and the colour of their discs. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player, `X` in board strings.
    Black,
    /// The second player, `O` in board strings.
    White,
}

impl Color {
    /// The other player.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The character of this colour's discs in board strings: `X` or `O`.
    pub const fn symbol(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }

    /// `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

tree_core::display_by_name!(Color);

/// A square of the board, `a1` to `h8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square of index `index` (0 = a1, 7 = h1, 63 = h8), if below 64.
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 =
    /// rank 8), if both are below 8.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Some(Square(rank * 8 + file))
        } else {
            None
        }
    }

    /// The index, `8 × rank + file`, 0–63.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The square as a one-bit board mask.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// Every square of `mask`, in ascending index order.
    pub fn iter(mask: u64) -> impl Iterator<Item = Square> {
        let mut m = mask;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(Square(i))
        })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.file()),
            char::from(b'1' + self.rank())
        )
    }
}

/// A move: a disc on a square, or a pass (legal only when the player to
/// move has no square to play and the game is not over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A disc on this square.
    Play(Square),
    /// No disc: the turn goes to the opponent.
    Pass,
}

impl Move {
    /// The history key of the move: the square's index, 64 for a pass.
    pub const fn key(self) -> usize {
        match self {
            Move::Play(s) => s.index(),
            Move::Pass => 64,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(s) => s.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

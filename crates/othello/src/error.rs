//! The crate's errors: text that is not a square, move or position, and
//! moves the rules forbid.

use std::fmt;

use crate::square::Square;

/// Text that does not describe a square, move, colour or position.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a square such as `d3`.
    Square {
        /// The text given.
        text: String,
    },
    /// Not a square such as `d3` nor `pass`.
    Move {
        /// The text given.
        text: String,
    },
    /// Not `black`, `white`, `X` or `O`.
    Color {
        /// The text given.
        text: String,
    },
    /// A position string without exactly 64 board characters and a side to
    /// move (white space not counted).
    PositionLength {
        /// How many characters there were.
        found: usize,
    },
    /// A board character other than `X`, `O`, `-` or `.`.
    PositionChar {
        /// Its square index (0 = a1).
        index: usize,
        /// The character.
        found: char,
    },
    /// A side to move other than `X` or `O`.
    SideToMove {
        /// The character.
        found: char,
    },
    /// Discs of both colours on one square.
    Overlap {
        /// The first such square.
        square: Square,
    },
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseError::Square { text } => {
                write!(
                    f,
                    "'{text}' is not a square (a file a-h and a rank 1-8, like d3)"
                )
            }
            ParseError::Move { text } => {
                write!(f, "'{text}' is not a move (a square like d3, or pass)")
            }
            ParseError::Color { text } => {
                write!(f, "'{text}' is not a colour (black or white)")
            }
            ParseError::PositionLength { found } => write!(
                f,
                "a position is 64 board characters and the side to move (65 without white \
                 space), not {found}"
            ),
            ParseError::PositionChar { index, found } => {
                let square = Square::new(*index as u8).map_or(String::new(), |s| s.to_string());
                write!(
                    f,
                    "board character {} ({square}) is '{}': expected X, O, - or .",
                    index + 1,
                    found.escape_debug()
                )
            }
            ParseError::SideToMove { found } => write!(
                f,
                "the side to move is '{}': expected X (black) or O (white)",
                found.escape_debug()
            ),
            ParseError::Overlap { square } => {
                write!(f, "square {square} holds both a black and a white disc")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Why a move is not legal in a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveError {
    /// Neither player can move: the game is over.
    GameOver,
    /// The square already holds a disc.
    Occupied(Square),
    /// A disc on the square would flip no opponent disc.
    NoFlips(Square),
    /// A pass while the player has a square to play.
    PassWithMoves,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::GameOver => f.write_str("the game is over"),
            MoveError::Occupied(s) => write!(f, "{s} is already occupied"),
            MoveError::NoFlips(s) => write!(f, "{s} would flip no disc"),
            MoveError::PassWithMoves => {
                f.write_str("you may pass only when you have no legal move")
            }
        }
    }
}

impl std::error::Error for MoveError {}

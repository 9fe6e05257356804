//! Othello Board Files (OBF): one position per line with the exact scores
//! of its moves, the format of the FFO endgame problems, and the FFO
//! problems #1–#39 themselves ([`ffo`]).
//!
//! A line is 64 board characters (a1, b1, …, h1, a2, …, h8; `X` black, `O`
//! white, `-` empty), a space, the side to move (`X` or `O`), then fields
//! `MOVE:SCORE` each ending with `;` — the final disc difference for the
//! side to move after that move, with best play, by the federations' rule
//! (the empty squares go to the winner, see
//! [`board::final_score`](crate::board::final_score)):
//!
//! ```text
//! --XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;
//! ```
//!
//! Blank lines and lines starting with `%` or `#` are skipped. A move is a
//! square (either case) or `pass`/`PS`; it must be legal in the position.
//!
//! ```
//! use othello::obf::parse_obf;
//! let text = "% a comment\n\
//!     ---------------------------OX------XO--------------------------- X; D3:+0; C4:+0;\n\
//!     this is not a position\n";
//! let lines = parse_obf(text);
//! assert_eq!(lines.len(), 2);
//! let p = lines[0].as_ref().unwrap();
//! assert_eq!((p.line, p.scores.len(), p.best_score()), (2, 2, Some(0)));
//! let e = lines[1].as_ref().unwrap_err();
//! assert_eq!(e.line, 3);
//! assert!(e.to_string().starts_with("line 3: "), "{e}");
//! ```

use std::fmt;

use crate::{Move, ParseError, Position};

/// One problem of an OBF file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObfPosition {
    /// Its line in the file, from 1.
    pub line: usize,
    /// The position (board and side to move).
    pub position: Position,
    /// The moves the file scores and their scores for the side to move, in
    /// the file's order (best first in the FFO files); may be empty.
    pub scores: Vec<(Move, i32)>,
}

impl ObfPosition {
    /// The position's score by the file: the best score of the moves it
    /// lists (`None` if it lists none).
    pub fn best_score(&self) -> Option<i32> {
        self.scores.iter().map(|&(_, s)| s).max()
    }

    /// The file's score for `mv`, if it lists it.
    pub fn score_of(&self, mv: Move) -> Option<i32> {
        self.scores.iter().find(|&&(m, _)| m == mv).map(|&(_, s)| s)
    }
}

/// What is wrong with a line of an OBF file.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ObfErrorKind {
    /// The board and side to move do not parse.
    Position(ParseError),
    /// A field is not `MOVE:SCORE`.
    Field {
        /// The field's text.
        text: String,
    },
    /// The move of a field is not a square or a pass.
    Move {
        /// The move's text.
        text: String,
    },
    /// The score of a field is not an integer from −64 to 64.
    Score {
        /// The score's text.
        text: String,
    },
    /// A scored move that is not legal in the position.
    IllegalMove {
        /// The move.
        mv: Move,
    },
    /// A move scored twice.
    DuplicateMove {
        /// The move.
        mv: Move,
    },
}

/// A line of an OBF file that is not a problem, with its line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObfError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub kind: ObfErrorKind,
}

/// Writes "'`text`' is not `what`", `text` escaped.
fn not_a(f: &mut fmt::Formatter<'_>, text: &str, what: &str) -> fmt::Result {
    write!(f, "'{}' is not {what}", text.escape_debug())
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ObfErrorKind::Position(e) => write!(f, "{e}"),
            ObfErrorKind::Field { text } => not_a(f, text, "a field MOVE:SCORE (like G8:+18)"),
            ObfErrorKind::Move { text } => not_a(f, text, "a move (a square like g8, or pass)"),
            ObfErrorKind::Score { text } => not_a(f, text, "a score (an integer from -64 to +64)"),
            ObfErrorKind::IllegalMove { mv } => {
                write!(f, "{mv} is not a legal move in this position")
            }
            ObfErrorKind::DuplicateMove { mv } => write!(f, "{mv} is scored twice"),
        }
    }
}

impl std::error::Error for ObfError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            // Display shows the position's error: its source is the next.
            ObfErrorKind::Position(e) => e.source(),
            _ => None,
        }
    }
}

/// Every problem of an OBF text, one result per line that is not blank or
/// a comment (`%` or `#` first), in order: a bad line is an error carrying
/// its line number, and the lines after it are still read.
pub fn parse_obf(text: &str) -> Vec<Result<ObfPosition, ObfError>> {
    text.lines()
        .enumerate()
        .filter_map(|(n, l)| parse_obf_line(l, n + 1).transpose())
        .collect()
}

/// One line of an OBF file, numbered `line`: `None` for a blank or comment
/// line.
///
/// # Errors
/// [`ObfError`] with `line` and what is wrong.
pub fn parse_obf_line(text: &str, line: usize) -> Result<Option<ObfPosition>, ObfError> {
    let t = text.trim();
    if t.is_empty() || t.starts_with('%') || t.starts_with('#') {
        return Ok(None);
    }
    let err = |kind| ObfError { line, kind };
    let (head, fields) = t.split_once(';').unwrap_or((t, ""));
    let position: Position = head.parse().map_err(|e| err(ObfErrorKind::Position(e)))?;
    let legal = position.moves();
    let mut scores = Vec::new();
    for field in fields.split(';').map(str::trim).filter(|f| !f.is_empty()) {
        let Some((m, s)) = field.split_once(':') else {
            return Err(err(ObfErrorKind::Field {
                text: field.to_owned(),
            }));
        };
        let (m, s) = (m.trim(), s.trim());
        let mv: Move = if m.eq_ignore_ascii_case("ps") {
            Move::Pass
        } else {
            m.parse()
                .map_err(|_| err(ObfErrorKind::Move { text: m.to_owned() }))?
        };
        let score: i32 = s
            .strip_prefix('+')
            .unwrap_or(s)
            .parse()
            .ok()
            .filter(|v: &i32| (-64..=64).contains(v))
            .ok_or_else(|| err(ObfErrorKind::Score { text: s.to_owned() }))?;
        if !legal.contains(&mv) {
            return Err(err(ObfErrorKind::IllegalMove { mv }));
        }
        if scores.iter().any(|&(m, _)| m == mv) {
            return Err(err(ObfErrorKind::DuplicateMove { mv }));
        }
        scores.push((mv, score));
    }
    Ok(Some(ObfPosition {
        line,
        position,
        scores,
    }))
}

/// The FFO endgame problems #1–#19 (14–16 empty squares), as shipped in
/// `data/ffo/fforum-1-19.obf`.
pub const FFO_1_19: &str = include_str!("../data/ffo/fforum-1-19.obf");
/// The FFO endgame problems #20–#39 (6–26 empty squares), as shipped in
/// `data/ffo/fforum-20-39.obf`.
pub const FFO_20_39: &str = include_str!("../data/ffo/fforum-20-39.obf");
/// The FFO endgame problems #40–#59 (20–34 empty squares), as shipped in
/// `data/ffo/fforum-40-59.obf`: minutes of search each, outside the
/// default tests and the reproduction.
pub const FFO_40_59: &str = include_str!("../data/ffo/fforum-40-59.obf");

/// An FFO problem: its number and its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FfoProblem {
    /// The problem's number, 1–59.
    pub number: usize,
    /// The position and the file's scores.
    pub problem: ObfPosition,
}

/// The FFO endgame problems #1–#39 in order (see `data/ffo/README.md`:
/// problems published in FForum, the magazine of the Fédération Française
/// d'Othello, the Othello programmers' standard endgame benchmark); the
/// harder #40–#59 are [`ffo_problems`]`(40..=59)`.
///
/// # Panics
/// Never for the files shipped with the crate (a test parses them).
pub fn ffo() -> Vec<FfoProblem> {
    ffo_problems(1..=39)
}

/// The FFO endgame problems whose numbers lie in `numbers` (the shipped
/// files hold #1–#59), in order.
///
/// # Panics
/// Never for the files shipped with the crate (a test parses them).
pub fn ffo_problems(numbers: std::ops::RangeInclusive<usize>) -> Vec<FfoProblem> {
    [FFO_1_19, FFO_20_39, FFO_40_59]
        .iter()
        .flat_map(|text| parse_obf(text))
        .enumerate()
        .map(|(k, p)| FfoProblem {
            number: k + 1,
            problem: p.expect("the shipped FFO files parse"),
        })
        .filter(|p| numbers.contains(&p.number))
        .collect()
}

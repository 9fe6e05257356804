//! Colours, squares and moves read from text: `black` or `X`, `d3`,
//! `pass` (their `Display`, beside the types in `square`,
//! writes them).

use std::str::FromStr;

use crate::error::ParseError;
use crate::square::{Color, Move, Square};

impl FromStr for Color {
    type Err = ParseError;

    /// `black`/`white` (any case) or the symbols `X`/`O`.
    fn from_str(s: &str) -> Result<Color, ParseError> {
        match s.to_ascii_lowercase().as_str() {
            "black" | "x" => Ok(Color::Black),
            "white" | "o" => Ok(Color::White),
            _ => Err(ParseError::Color { text: s.to_owned() }),
        }
    }
}

impl FromStr for Square {
    type Err = ParseError;

    /// A file letter `a`–`h` (either case) and a rank digit `1`–`8`:
    /// `d3`, `F5`.
    fn from_str(s: &str) -> Result<Square, ParseError> {
        let err = || ParseError::Square { text: s.to_owned() };
        let &[f, r] = s.as_bytes() else {
            return Err(err());
        };
        let f = f.to_ascii_lowercase();
        if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
            return Err(err());
        }
        Square::from_coords(f - b'a', r - b'1').ok_or_else(err)
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// A square (`d3`) or `pass`, either case, surrounding white space
    /// ignored.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        t.parse()
            .map(Move::Play)
            .map_err(|_| ParseError::Move { text: s.to_owned() })
    }
}

//! [`Position`]: the board and the player to move, with the rules.

use std::fmt;
use std::str::FromStr;

use crate::board;
use crate::square::{Color, Move, Square};
use crate::{MoveError, ParseError};

/// An Othello position: where the discs are and who is to move.
///
/// The move list of a position ([`Position::moves`]) is the Game order the
/// searches see: the legal squares in ascending index order (a1, b1, …,
/// h1, a2, …, h8); a player with no legal square but whose opponent has
/// one has exactly one move, [`Move::Pass`]; a position where neither
/// player can play has no moves — the game is over.
///
/// Its [`Display`](fmt::Display) and [`FromStr`] forms are one line: 64
/// board characters, rank 1 first and file a first within a rank (`X`
/// black, `O` white, `-` empty), a space, and the side to move (`X` or
/// `O`):
///
/// ```
/// use othello::{Color, Position};
/// let start = Position::initial();
/// let text = start.to_string();
/// assert_eq!(
///     text,
///     "---------------------------OX------XO--------------------------- X"
/// );
/// assert_eq!(text.parse::<Position>(), Ok(start));
/// assert_eq!(start.to_move(), Color::Black);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    black: u64,
    white: u64,
    to_move: Color,
}

impl Default for Position {
    fn default() -> Position {
        Position::initial()
    }
}

impl Position {
    /// The start of the game: white on d4 and e5, black on d5 and e4, black
    /// to move.
    pub const fn initial() -> Position {
        Position {
            black: (1 << 35) | (1 << 28),
            white: (1 << 27) | (1 << 36),
            to_move: Color::Black,
        }
    }

    /// The position with black discs on `black`, white discs on `white`
    /// and `to_move` to move. Any arrangement is accepted, reachable or not.
    ///
    /// # Errors
    /// [`ParseError::Overlap`] if a square holds discs of both colours.
    pub fn new(black: u64, white: u64, to_move: Color) -> Result<Position, ParseError> {
        let both = black & white;
        if both != 0 {
            return Err(ParseError::Overlap {
                square: Square::iter(both).next().expect("a square"),
            });
        }
        Ok(Position {
            black,
            white,
            to_move,
        })
    }

    /// The squares of the black discs.
    pub const fn black(&self) -> u64 {
        self.black
    }

    /// The squares of the white discs.
    pub const fn white(&self) -> u64 {
        self.white
    }

    /// The squares of `color`'s discs.
    pub const fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// How many discs `color` has on the board.
    pub const fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    /// The empty squares.
    pub const fn empty(&self) -> u64 {
        !(self.black | self.white)
    }

    /// The player to move.
    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The discs of the player to move and of the opponent.
    #[inline]
    pub const fn mine_theirs(&self) -> (u64, u64) {
        match self.to_move {
            Color::Black => (self.black, self.white),
            Color::White => (self.white, self.black),
        }
    }

    /// The squares the player to move may play (a mask; empty if they
    /// must pass or the game is over).
    #[inline]
    pub fn legal_squares(&self) -> u64 {
        let (me, opp) = self.mine_theirs();
        board::legal_moves(me, opp)
    }

    /// Whether the player to move has no square to play but the opponent
    /// has: their only move is [`Move::Pass`].
    pub fn must_pass(&self) -> bool {
        let (me, opp) = self.mine_theirs();
        board::legal_moves(me, opp) == 0 && board::legal_moves(opp, me) != 0
    }

    /// Whether neither player can play: the game is over.
    pub fn is_game_over(&self) -> bool {
        let (me, opp) = self.mine_theirs();
        board::legal_moves(me, opp) == 0 && board::legal_moves(opp, me) == 0
    }

    /// The number of moves of the player to move, as [`tree_core::Game`]
    /// counts them: the legal squares, or 1 for a forced pass, or 0 when
    /// the game is over.
    #[inline]
    pub fn num_moves(&self) -> usize {
        let (me, opp) = self.mine_theirs();
        let m = board::legal_moves(me, opp);
        if m != 0 {
            m.count_ones() as usize
        } else {
            usize::from(board::legal_moves(opp, me) != 0)
        }
    }

    /// The moves of the player to move in the game's order: legal squares
    /// by ascending index, or `[Pass]`, or nothing at the end of the game.
    pub fn moves(&self) -> Vec<Move> {
        let m = self.legal_squares();
        if m != 0 {
            Square::iter(m).map(Move::Play).collect()
        } else if self.must_pass() {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }

    /// The `i`-th move of [`Position::moves`], if there is one.
    pub fn nth_move(&self, i: usize) -> Option<Move> {
        let mut m = self.legal_squares();
        if m == 0 {
            return (i == 0 && self.must_pass()).then_some(Move::Pass);
        }
        // At most 64 squares: past them `m` is 0 (and `i` may be huge).
        for _ in 0..i.min(64) {
            m &= m.wrapping_sub(1);
        }
        (m != 0).then(|| Move::Play(Square::new(m.trailing_zeros() as u8).expect("below 64")))
    }

    /// The discs that playing `square` would flip (a mask; 0 if the square
    /// is occupied or flips nothing, i.e. is not a legal move).
    pub fn flips(&self, square: Square) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        let (me, opp) = self.mine_theirs();
        board::flips(me, opp, square.bit())
    }

    /// The position after `mv`.
    ///
    /// # Errors
    /// [`MoveError`] says why `mv` is not legal here: the game is over, the
    /// square is taken, the disc would flip nothing, or a pass while a
    /// square can be played.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        match mv {
            Move::Pass => {
                if self.legal_squares() != 0 {
                    return Err(MoveError::PassWithMoves);
                }
                Ok(self.pass())
            }
            Move::Play(s) => {
                if self.empty() & s.bit() == 0 {
                    return Err(MoveError::Occupied(s));
                }
                let f = self.flips(s);
                if f == 0 {
                    return Err(MoveError::NoFlips(s));
                }
                Ok(self.apply(s.bit(), f))
            }
        }
    }

    /// The position after the `i`-th move of [`Position::moves`], without
    /// building the move list: what [`tree_core::Game::play`] does.
    ///
    /// # Panics
    /// If `i >= self.num_moves()`; [`Position::nth_move`] then
    /// [`Position::play`] is the checked alternative.
    #[inline]
    pub fn play_nth(&self, i: usize) -> Position {
        let (me, opp) = self.mine_theirs();
        let mut m = board::legal_moves(me, opp);
        if m == 0 {
            assert!(
                i == 0 && board::legal_moves(opp, me) != 0,
                "move {i} of a position with no legal square: only a pass (0) when the opponent can play"
            );
            return self.pass();
        }
        // At most 64 squares: past them `m` is 0 (and `i` may be huge).
        for _ in 0..i.min(64) {
            m &= m.wrapping_sub(1);
        }
        assert!(m != 0, "move {i} of a position with fewer legal moves");
        let sq = m & m.wrapping_neg();
        self.apply(sq, board::flips(me, opp, sq))
    }

    /// The position after `mv`, assumed legal: a square gets a disc and
    /// flips what it flips (nothing, if the move was illegal), a pass hands
    /// the turn over. What [`tree_core::Game::play`] does; see
    /// [`Position::play`] for the checked version.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        match mv {
            Move::Play(s) => {
                let (me, opp) = self.mine_theirs();
                self.apply(s.bit(), board::flips(me, opp, s.bit()))
            }
            Move::Pass => self.pass(),
        }
    }

    /// The same discs, the other player to move.
    const fn pass(&self) -> Position {
        Position {
            black: self.black,
            white: self.white,
            to_move: self.to_move.opponent(),
        }
    }

    /// The player to move puts a disc on `sq` (one bit) and flips `f`.
    #[inline]
    fn apply(&self, sq: u64, f: u64) -> Position {
        let (me, opp) = self.mine_theirs();
        let me = me | sq | f;
        let opp = opp & !f;
        let (black, white) = match self.to_move {
            Color::Black => (me, opp),
            Color::White => (opp, me),
        };
        Position {
            black,
            white,
            to_move: self.to_move.opponent(),
        }
    }

    /// The final score of the game for black by the federation's rule:
    /// black's discs minus white's, the empty squares counted for the
    /// winner (see [`board::final_score`]).
    /// Meaningful at the end of the game.
    pub const fn final_score(&self) -> i32 {
        board::final_score(self.black, self.white)
    }

    /// Black's discs minus white's.
    pub const fn disc_difference(&self) -> i32 {
        self.black.count_ones() as i32 - self.white.count_ones() as i32
    }

    /// The winner by disc count, or `None` for a draw. Meaningful at the
    /// end of the game (where the empty squares go to the winner, which
    /// does not change who it is).
    pub const fn leader(&self) -> Option<Color> {
        match self.disc_difference() {
            d if d > 0 => Some(Color::Black),
            d if d < 0 => Some(Color::White),
            _ => None,
        }
    }

    /// The board drawn as an 8×8 grid with coordinates; see [`Diagram`].
    pub const fn diagram(&self) -> Diagram {
        Diagram {
            position: *self,
            marks: false,
        }
    }
}

/// An 8×8 picture of a [`Position`] for people, rank 1 at the top: `X`
/// black, `O` white, `.` empty and, with [`Diagram::with_marks`], `*` on
/// the squares the player to move may play.
///
/// ```
/// use othello::Position;
/// let d = Position::initial().diagram().with_marks().to_string();
/// assert_eq!(d.lines().nth(3).unwrap(), "3 . . . * . . . . 3");
/// assert_eq!(d.lines().nth(4).unwrap(), "4 . . * O X . . . 4");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Diagram {
    position: Position,
    marks: bool,
}

impl Diagram {
    /// Also mark the legal squares of the player to move with `*`.
    pub const fn with_marks(self) -> Diagram {
        Diagram {
            marks: true,
            ..self
        }
    }
}

impl fmt::Display for Diagram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let legal = if self.marks { p.legal_squares() } else { 0 };
        writeln!(f, "  a b c d e f g h")?;
        for rank in 0..8u8 {
            write!(f, "{}", rank + 1)?;
            for file in 0..8u8 {
                let bit = Square::from_coords(file, rank).expect("on the board").bit();
                let c = if p.black & bit != 0 {
                    'X'
                } else if p.white & bit != 0 {
                    'O'
                } else if legal & bit != 0 {
                    '*'
                } else {
                    '.'
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " {}", rank + 1)?;
        }
        writeln!(f, "  a b c d e f g h")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(66);
        for i in 0..64 {
            let bit = 1u64 << i;
            s.push(if self.black & bit != 0 {
                'X'
            } else if self.white & bit != 0 {
                'O'
            } else {
                '-'
            });
        }
        s.push(' ');
        s.push(self.to_move.symbol());
        f.write_str(&s)
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// 64 board characters (rank 1 first, file a first; `X`/`x` black,
    /// `O`/`o` white, `-` or `.` empty) then the side to move (`X` or
    /// `O`). White space anywhere is ignored, so the board may also be
    /// written as eight lines of eight.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.len() != 65 {
            return Err(ParseError::PositionLength { found: chars.len() });
        }
        let (mut black, mut white) = (0u64, 0u64);
        for (i, &c) in chars[..64].iter().enumerate() {
            match c {
                'X' | 'x' => black |= 1 << i,
                'O' | 'o' => white |= 1 << i,
                '-' | '.' => {}
                _ => return Err(ParseError::PositionChar { index: i, found: c }),
            }
        }
        let to_move = match chars[64] {
            'X' | 'x' => Color::Black,
            'O' | 'o' => Color::White,
            c => return Err(ParseError::SideToMove { found: c }),
        };
        Position::new(black, white, to_move)
    }
}

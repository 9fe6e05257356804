//! Dewey codes (Pearl 1984): the identity of a node as its path from the root.

use std::fmt;
use std::str::FromStr;

use smallvec::SmallVec;

/// How many levels a [`Dewey`] holds without touching the heap.
pub const INLINE_DEPTH: usize = 16;

/// The path from the root to a node, as 0-based child indices.
///
/// The root is the empty code; the children of `x` are `x.1 … x.w` in the
/// papers' 1-based notation, which [`Display`](fmt::Display) and
/// [`FromStr`] use: `211211`, or `3.10.2` with a separator once a digit
/// exceeds 9. Internally the digits are 0-based `u16`s, stored inline up to
/// depth [`INLINE_DEPTH`].
///
/// The derived order is lexicographic, which is left-to-right order of the
/// nodes (an ancestor sorts before its descendants). Several algorithms break
/// ties on it.
///
/// ```
/// use tree_core::Dewey;
/// let d: Dewey = "211211".parse().unwrap();
/// assert_eq!(d.depth(), 6);
/// assert_eq!(d.digits()[0], 1); // 0-based inside
/// assert_eq!(d.to_string(), "211211");
/// assert!(d < "2112111".parse().unwrap());
/// assert!(d < "2112".parse::<Dewey>().unwrap().child(2));
/// assert_eq!(Dewey::root().child(9).child(0).to_string(), "10.1");
/// ```
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Dewey(SmallVec<[u16; INLINE_DEPTH]>);

impl Dewey {
    /// The root: the empty code.
    pub fn root() -> Dewey {
        Dewey(SmallVec::new())
    }

    /// A code from 0-based digits.
    pub fn from_digits(digits: &[u16]) -> Dewey {
        Dewey(SmallVec::from_slice(digits))
    }

    /// The code of the `i`-th child (0-based) of this node.
    ///
    /// # Panics
    /// If `i` does not fit in a `u16`; [`Dewey::try_child`] is the checked
    /// alternative.
    #[must_use]
    pub fn child(&self, i: usize) -> Dewey {
        let mut c = self.clone();
        c.push(i);
        c
    }

    /// Extends this code in place by the 0-based child index `i`.
    ///
    /// # Panics
    /// If `i` does not fit in a `u16` (no tree here has 65,536 children);
    /// [`Dewey::try_push`] is the checked alternative.
    pub fn push(&mut self, i: usize) {
        self.0
            .push(u16::try_from(i).expect("child index exceeds u16"));
    }

    /// As [`Dewey::child`], or `None` if `i` does not fit in a `u16`.
    #[must_use]
    pub fn try_child(&self, i: usize) -> Option<Dewey> {
        let mut c = self.clone();
        c.try_push(i).then_some(c)
    }

    /// As [`Dewey::push`], or `false` (and the code unchanged) if `i` does
    /// not fit in a `u16`.
    pub fn try_push(&mut self, i: usize) -> bool {
        match u16::try_from(i) {
            Ok(i) => {
                self.0.push(i);
                true
            }
            Err(_) => false,
        }
    }

    /// Removes and returns the last digit (0-based), or `None` at the root.
    pub fn pop(&mut self) -> Option<usize> {
        self.0.pop().map(usize::from)
    }

    /// The parent's code, or `None` for the root.
    pub fn parent(&self) -> Option<Dewey> {
        let mut p = self.clone();
        p.pop().map(|_| p)
    }

    /// The 0-based index of this node among its brothers, `None` for the root.
    pub fn last(&self) -> Option<usize> {
        self.0.last().map(|&i| usize::from(i))
    }

    /// The depth: the root has depth 0.
    pub fn depth(&self) -> usize {
        self.0.len()
    }

    /// The 0-based digits.
    pub fn digits(&self) -> &[u16] {
        &self.0
    }

    /// Whether `self` is an ancestor of `other` or `other` itself.
    pub fn is_prefix_of(&self, other: &Dewey) -> bool {
        other.0.starts_with(&self.0)
    }

    /// A displayable form that uses a separator iff `width` exceeds 9, so
    /// that every code of one tree prints the same way.
    pub fn display_for_width(&self, width: usize) -> impl fmt::Display + '_ {
        DeweyDisplay {
            dewey: self,
            separate: width > 9,
        }
    }

    /// The index of this node among the nodes at its depth in a uniform tree
    /// of branching `b`, left to right (0-based). Leaves of a uniform (b,d)
    /// tree are numbered `0 .. b^d` this way.
    ///
    /// # Panics
    /// If the rank does not fit in a `usize` (a code deeper or with larger
    /// digits than a uniform tree of branching `b` that a `usize` numbers);
    /// [`Dewey::checked_rank`] is the checked alternative.
    pub fn rank(&self, b: usize) -> usize {
        self.checked_rank(b)
            .expect("the rank of this code overflows usize")
    }

    /// As [`Dewey::rank`], or `None` if the rank does not fit in a `usize`.
    pub fn checked_rank(&self, b: usize) -> Option<usize> {
        self.0.iter().try_fold(0usize, |acc, &i| {
            acc.checked_mul(b)?.checked_add(usize::from(i))
        })
    }
}

struct DeweyDisplay<'a> {
    dewey: &'a Dewey,
    separate: bool,
}

impl fmt::Display for DeweyDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.dewey.0.is_empty() {
            return f.write_str("ε");
        }
        for (k, &i) in self.dewey.0.iter().enumerate() {
            if self.separate && k > 0 {
                f.write_str(".")?;
            }
            write!(f, "{}", u32::from(i) + 1)?;
        }
        if self.separate && self.dewey.0.len() == 1 && self.dewey.0[0] >= 9 {
            // "10." — without the separator, "10" would read as 1, 0.
            f.write_str(".")?;
        }
        Ok(())
    }
}

impl fmt::Display for Dewey {
    /// 1-based digits; separated by `.` iff some digit exceeds 9; `ε` for the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separate = self.0.iter().any(|&i| i >= 9);
        DeweyDisplay {
            dewey: self,
            separate,
        }
        .fmt(f)
    }
}

impl fmt::Debug for Dewey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dewey({self})")
    }
}

/// Why a string is not a Dewey code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeweyParseError {
    /// Byte offset of the problem in the input.
    pub position: usize,
    /// What is wrong there.
    pub message: &'static str,
}

impl fmt::Display for DeweyParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad Dewey code at byte {}: {}",
            self.position, self.message
        )
    }
}

impl std::error::Error for DeweyParseError {}

impl FromStr for Dewey {
    type Err = DeweyParseError;

    /// Parses the 1-based form: `211211`, `3.10.2`, `10.` (one level, child
    /// 10), or `ε`/empty for the root.
    fn from_str(s: &str) -> Result<Dewey, DeweyParseError> {
        let err = |position, message| DeweyParseError { position, message };
        if s.is_empty() || s == "ε" {
            return Ok(Dewey::root());
        }
        let mut d = Dewey::root();
        if s.contains('.') {
            let mut pos = 0;
            // A trailing separator marks a one-level code such as "10.".
            let body = match s.strip_suffix('.') {
                Some(b) if !b.contains('.') => b,
                _ => s,
            };
            for part in body.split('.') {
                if part.is_empty() {
                    return Err(err(pos, "empty component between separators"));
                }
                if let Some(k) = part.find(|c: char| !c.is_ascii_digit()) {
                    return Err(err(pos + k, "expected a decimal digit"));
                }
                let n: u32 = part.parse().map_err(|_| err(pos, "component too large"))?;
                if n == 0 {
                    return Err(err(pos, "components are 1-based; 0 is not a child"));
                }
                if n > u32::from(u16::MAX) + 1 {
                    return Err(err(pos, "component too large"));
                }
                d.0.push((n - 1) as u16);
                pos += part.len() + 1;
            }
        } else {
            for (pos, c) in s.char_indices() {
                match c {
                    '1'..='9' => d.0.push(c as u16 - u16::from(b'1')),
                    '0' => return Err(err(pos, "digits are 1-based; 0 is not a child")),
                    _ => return Err(err(pos, "expected a digit 1-9 or a '.' separator")),
                }
            }
        }
        Ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_orders() {
        for s in ["1", "211211", "3.10.2", "10.", "12.1.1", "1.10"] {
            let d: Dewey = s.parse().unwrap();
            assert_eq!(d.to_string(), s, "{s}");
        }
        assert_eq!("".parse::<Dewey>().unwrap(), Dewey::root());
        assert_eq!(Dewey::root().to_string(), "ε");
        let a: Dewey = "12".parse().unwrap();
        let b: Dewey = "121".parse().unwrap();
        let c: Dewey = "2".parse().unwrap();
        assert!(a < b && b < c);
        assert!(a.is_prefix_of(&b) && !b.is_prefix_of(&a));
        assert_eq!(b.parent(), Some(a));
        assert_eq!(
            "21".parse::<Dewey>()
                .unwrap()
                .display_for_width(10)
                .to_string(),
            "2.1"
        );
        assert_eq!("2121".parse::<Dewey>().unwrap().rank(2), 0b1010);
    }

    #[test]
    fn inline_up_to_sixteen() {
        assert!(std::mem::size_of::<Dewey>() <= 48);
        let mut d = Dewey::root();
        for i in 0..INLINE_DEPTH {
            d.push(i % 3);
        }
        assert!(!d.0.spilled());
    }

    #[test]
    fn rejects_bad_codes() {
        for (s, pos) in [
            ("120", 2),
            ("1a", 1),
            ("1..2", 2),
            ("0.1", 0),
            ("1.x", 2),
            ("1.99999999", 2),
        ] {
            let e = s.parse::<Dewey>().unwrap_err();
            assert_eq!(e.position, pos, "{s}: {e}");
        }
    }
}

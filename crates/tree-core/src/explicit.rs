//! Explicit trees: every node stored, from leaf lists, nested text or
//! Campbell's tree files.

use std::fmt;
use std::io::{Read, Write};

use crate::error::leaf_count;
use crate::tree::MAX_DEPTH;
use crate::{Bounds, Tree, TreeError, Value};

/// The largest explicit tree built: 2^28 nodes (about 3 GiB).
pub const MAX_EXPLICIT_NODES: u64 = 1 << 28;

/// The most children one node may have (Dewey digits are `u16`).
pub const MAX_BRANCHING: usize = u16::MAX as usize;

#[derive(Debug, Clone, Copy)]
struct Slot {
    /// Start of the children in `kids` (interior) — unused for terminals.
    first: u32,
    /// Number of children; 0 for a terminal.
    len: u32,
    /// The static value (terminals only).
    value: Value,
}

/// A tree with every node in memory. Nodes are `u32` indices; the root is 0.
///
/// Build one from a uniform (b, d) list of leaf values
/// ([`ExplicitTree::uniform`]), from nested text ([`ExplicitTree::parse`],
/// also via [`FromStr`](std::str::FromStr)), or from a Campbell tree file
/// ([`ExplicitTree::read_campbell`]). [`Display`](fmt::Display) writes the
/// nested text form back.
///
/// ```
/// use tree_core::{ExplicitTree, Tree, minimax, Value};
/// let t: ExplicitTree = "[[4,[[5,5],[5,5]]]]".parse().unwrap();
/// assert_eq!(minimax(&t), Value::new(4).unwrap());
/// assert_eq!(t.to_string(), "[[4,[[5,5],[5,5]]]]");
/// let u = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap();
/// assert_eq!(minimax(&u), Value::new(1).unwrap());
/// assert_eq!(u.bounds().unwrap().uniform, true);
/// ```
#[derive(Debug, Clone)]
pub struct ExplicitTree {
    slots: Vec<Slot>,
    kids: Vec<u32>,
    bounds: Bounds,
}

impl Tree for ExplicitTree {
    type Node = u32;

    #[inline]
    fn root(&self) -> u32 {
        0
    }

    #[inline]
    fn num_children(&self, node: &u32) -> usize {
        self.slots[*node as usize].len as usize
    }

    #[inline]
    fn child(&self, node: &u32, i: usize) -> u32 {
        let s = &self.slots[*node as usize];
        assert!(
            i < s.len as usize,
            "child {i} of a node with {} children",
            s.len
        );
        self.kids[s.first as usize + i]
    }

    #[inline]
    fn value(&self, node: &u32) -> Value {
        self.slots[*node as usize].value
    }

    fn bounds(&self) -> Option<Bounds> {
        Some(self.bounds)
    }
}

/// A (b, d) shape over `limit`.
fn too_large(b: usize, d: usize, limit: &'static str) -> TreeError {
    TreeError::TooLarge {
        branching: b,
        depth: d,
        limit,
    }
}

/// The number of terminals of a uniform (b, d) tree, `b^d`, checked as
/// every uniform tree of this crate checks its shape: [`leaf_count`]
/// (depth, zero branching, overflow), and at most [`MAX_BRANCHING`]
/// children per node (a Dewey digit).
///
/// # Errors
/// As [`leaf_count`]; [`TreeError::TooLarge`] for `b` above
/// [`MAX_BRANCHING`].
pub(crate) fn uniform_leaves(b: usize, d: usize) -> Result<u64, TreeError> {
    let leaves = leaf_count(b, d)?;
    if b > MAX_BRANCHING {
        return Err(too_large(b, d, "more than 65,535 children per node"));
    }
    Ok(leaves)
}

impl ExplicitTree {
    /// A uniform (b, d) tree whose leaves, left to right, take `leaves`.
    ///
    /// # Errors
    /// `b = 0` with `d > 0`, `b^d` overflowing or too large, a leaf count
    /// other than `b^d`, or a leaf value outside the leaf range.
    pub fn uniform(b: usize, d: usize, leaves: &[i64]) -> Result<ExplicitTree, TreeError> {
        let values = leaves
            .iter()
            .enumerate()
            .map(|(position, &v)| {
                Value::new(v).map_err(|source| TreeError::LeafValue { position, source })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::uniform_values(b, d, &values)
    }

    /// As [`ExplicitTree::uniform`], from checked values.
    ///
    /// # Errors
    /// As [`ExplicitTree::uniform`], less the value check.
    pub fn uniform_values(b: usize, d: usize, leaves: &[Value]) -> Result<ExplicitTree, TreeError> {
        let n_leaves = uniform_leaves(b, d)?;
        // Total nodes: 1 + b + ... + b^d <= 2 b^d for b >= 2, d + 1 for b = 1.
        let total = (0..=d).try_fold(0u64, |acc, k| {
            acc.checked_add((b as u64).checked_pow(k as u32)?)
        });
        match total {
            Some(t) if t <= MAX_EXPLICIT_NODES => {}
            _ => {
                return Err(too_large(b, d, "more than 2^28 nodes to store explicitly"));
            }
        }
        if leaves.len() as u64 != n_leaves {
            return Err(TreeError::LeafCount {
                expected: n_leaves,
                found: leaves.len() as u64,
            });
        }
        let total = total.expect("checked above") as usize;
        let mut slots = Vec::with_capacity(total);
        let mut kids = Vec::with_capacity(total.saturating_sub(1));
        // Breadth-first: the nodes of level k occupy a contiguous block, and
        // the children of the j-th node of level k are nodes j*b .. j*b+b of
        // level k+1.
        let mut level_start = 0usize;
        let mut level_len = 1usize;
        for level in 0..d {
            let next_start = level_start + level_len;
            for j in 0..level_len {
                slots.push(Slot {
                    first: kids.len() as u32,
                    len: b as u32,
                    value: Value::default(),
                });
                let c0 = next_start + j * b;
                kids.extend((c0..c0 + b).map(|c| c as u32));
            }
            let _ = level;
            level_start = next_start;
            level_len *= b;
        }
        slots.extend(leaves.iter().map(|&value| Slot {
            first: 0,
            len: 0,
            value,
        }));
        Ok(ExplicitTree {
            slots,
            kids,
            bounds: Bounds::uniform(b, d),
        })
    }

    /// Parses the nested text form: a terminal is an integer, an interior
    /// node a bracketed, comma-separated list of at least one child, e.g.
    /// `[[4,[[5,5],[5,5]]]]`. White space and `#` comments (to the end of
    /// the line) may stand between tokens.
    ///
    /// # Errors
    /// [`TreeError::Parse`] with the byte offset of the first problem, or
    /// [`TreeError::LeafValue`] with the offset of an out-of-range leaf.
    pub fn parse(text: &str) -> Result<ExplicitTree, TreeError> {
        Parser::new(text).parse()
    }

    /// Reads a Campbell tree file (thesis App. 2): `w^d` bytes, one per
    /// terminal, leftmost first. Each byte is read as an unsigned value
    /// 0..=255 from MAX's point of view (Campbell's `gen` writes 0..=127).
    ///
    /// # Errors
    /// [`TreeError::FileSize`] if the file is shorter or longer than `w^d`
    /// bytes, [`TreeError::Io`] on a read error, and the shape errors of
    /// [`ExplicitTree::uniform`].
    pub fn read_campbell<R: Read>(
        reader: R,
        w: usize,
        d: usize,
    ) -> Result<ExplicitTree, TreeError> {
        let expected = leaf_count(w, d)?;
        if expected > MAX_EXPLICIT_NODES {
            return Err(too_large(w, d, "more than 2^28 leaves to store explicitly"));
        }
        let mut bytes = Vec::with_capacity(expected as usize);
        reader.take(expected + 1).read_to_end(&mut bytes)?;
        if bytes.len() as u64 != expected {
            return Err(TreeError::FileSize {
                expected,
                found: bytes.len() as u64,
            });
        }
        let values: Vec<Value> = bytes
            .iter()
            .map(|&b| Value::from_small(i16::from(b)))
            .collect();
        Self::uniform_values(w, d, &values)
    }

    /// Writes this tree as a Campbell tree file: one byte per terminal.
    ///
    /// # Errors
    /// [`TreeError::NotWritable`] unless the tree is uniform with every leaf
    /// in 0..=255; [`TreeError::Io`] on a write error.
    pub fn write_campbell<W: Write>(&self, mut writer: W) -> Result<(), TreeError> {
        if !self.bounds.uniform {
            return Err(TreeError::NotWritable {
                reason: "the tree is not uniform".into(),
            });
        }
        let bytes = self
            .leaves()
            .map(|v| {
                u8::try_from(v.get()).map_err(|_| TreeError::NotWritable {
                    reason: format!("leaf value {v} does not fit in a byte (0..=255)"),
                })
            })
            .collect::<Result<Vec<u8>, _>>()?;
        writer.write_all(&bytes)?;
        Ok(())
    }

    /// The terminal values, left to right.
    pub fn leaves(&self) -> impl Iterator<Item = Value> + '_ {
        let mut stack = vec![0u32];
        std::iter::from_fn(move || {
            while let Some(n) = stack.pop() {
                let s = self.slots[n as usize];
                if s.len == 0 {
                    return Some(s.value);
                }
                let kids = &self.kids[s.first as usize..(s.first + s.len) as usize];
                stack.extend(kids.iter().rev());
            }
            None
        })
    }

    /// The number of nodes stored.
    pub fn node_count(&self) -> usize {
        self.slots.len()
    }
}

impl std::str::FromStr for ExplicitTree {
    type Err = TreeError;
    fn from_str(s: &str) -> Result<ExplicitTree, TreeError> {
        ExplicitTree::parse(s)
    }
}

impl fmt::Display for ExplicitTree {
    /// The nested text form, without white space.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Iterative: (node, next child to print).
        let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            let s = self.slots[n as usize];
            if s.len == 0 {
                write!(f, "{}", s.value)?;
                stack.pop();
                continue;
            }
            if *next == s.len {
                f.write_str("]")?;
                stack.pop();
                continue;
            }
            f.write_str(if *next == 0 { "[" } else { "," })?;
            let c = self.kids[(s.first + *next) as usize];
            *next += 1;
            stack.push((c, 0));
        }
        Ok(())
    }
}

/// An iterative parser for the nested text form (no recursion, so no input
/// can overflow the stack).
struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

/// A node under construction: its children so far.
struct Open {
    kids: Vec<u32>,
    at: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Parser<'a> {
        Parser {
            text: text.as_bytes(),
            pos: 0,
        }
    }

    fn err(&self, message: impl Into<String>) -> TreeError {
        TreeError::Parse {
            position: self.pos,
            message: message.into(),
        }
    }

    /// Skips white space and `#` comments (to the end of the line).
    fn skip_ws(&mut self) {
        loop {
            match self.text.get(self.pos) {
                Some(c) if c.is_ascii_whitespace() => self.pos += 1,
                Some(b'#') => {
                    while self.text.get(self.pos).is_some_and(|&c| c != b'\n') {
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn describe(&self) -> String {
        match self.text.get(self.pos) {
            None => "end of input".into(),
            Some(&c) if c.is_ascii_graphic() => format!("'{}'", c as char),
            Some(&c) => format!("byte 0x{c:02x}"),
        }
    }

    fn integer(&mut self) -> Result<Value, TreeError> {
        let start = self.pos;
        if matches!(self.text.get(self.pos), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let digits = self.pos;
        while self.text.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        if self.pos == digits {
            return Err(self.err(format!(
                "expected an integer or '[', found {}",
                self.describe()
            )));
        }
        let s = std::str::from_utf8(&self.text[start..self.pos]).expect("ASCII digits");
        let out_of_range = |v| TreeError::LeafValue {
            position: start,
            source: crate::ValueError { value: v },
        };
        let v: i64 = s.parse().map_err(|_| {
            out_of_range(if s.starts_with('-') {
                i64::MIN
            } else {
                i64::MAX
            })
        })?;
        Value::new(v).map_err(|_| out_of_range(v))
    }

    fn parse(mut self) -> Result<ExplicitTree, TreeError> {
        let mut slots: Vec<Slot> = Vec::new();
        let mut kids: Vec<u32> = Vec::new();
        let mut stack: Vec<Open> = Vec::new();
        let mut max_branching = 0usize;
        let mut max_depth = 0usize;
        let mut leaf_depths = (usize::MAX, 0usize);
        // Reserve the root's slot so that the root is node 0.
        slots.push(Slot {
            first: 0,
            len: 0,
            value: Value::default(),
        });
        let mut root_done = false;
        loop {
            self.skip_ws();
            // Expecting a node.
            let finished: u32 = match self.text.get(self.pos) {
                Some(b'[') => {
                    if stack.len() >= MAX_DEPTH {
                        return Err(self.err(format!("nesting deeper than {MAX_DEPTH} levels")));
                    }
                    stack.push(Open {
                        kids: Vec::new(),
                        at: self.pos,
                    });
                    self.pos += 1;
                    continue;
                }
                Some(b']') if stack.last().is_some_and(|o| o.kids.is_empty()) => {
                    return Err(self.err("empty list: an interior node needs at least one child"));
                }
                _ => {
                    let value = self.integer()?;
                    let depth = stack.len();
                    leaf_depths = (leaf_depths.0.min(depth), leaf_depths.1.max(depth));
                    max_depth = max_depth.max(depth);
                    if depth == 0 {
                        slots[0].value = value;
                        root_done = true;
                        0
                    } else {
                        slots.push(Slot {
                            first: 0,
                            len: 0,
                            value,
                        });
                        (slots.len() - 1) as u32
                    }
                }
            };
            let mut finished = finished;
            // Attach `finished` to its parent, closing lists as they end.
            loop {
                if root_done {
                    break;
                }
                let top = stack.last_mut().expect("non-root nodes have a parent");
                top.kids.push(finished);
                if top.kids.len() > MAX_BRANCHING {
                    return Err(self.err("more than 65,535 children in one list"));
                }
                self.skip_ws();
                match self.text.get(self.pos) {
                    Some(b',') => {
                        self.pos += 1;
                        break;
                    }
                    Some(b']') => {
                        self.pos += 1;
                        let open = stack.pop().expect("top exists");
                        let _ = open.at;
                        max_branching = max_branching.max(open.kids.len());
                        let slot = Slot {
                            first: kids.len() as u32,
                            len: open.kids.len() as u32,
                            value: Value::default(),
                        };
                        kids.extend_from_slice(&open.kids);
                        if stack.is_empty() {
                            slots[0] = slot;
                            root_done = true;
                        } else {
                            slots.push(slot);
                            finished = (slots.len() - 1) as u32;
                        }
                    }
                    _ => {
                        return Err(
                            self.err(format!("expected ',' or ']', found {}", self.describe()))
                        );
                    }
                }
                if slots.len() as u64 > MAX_EXPLICIT_NODES {
                    return Err(self.err("more than 2^28 nodes"));
                }
            }
            if root_done {
                break;
            }
        }
        self.skip_ws();
        if self.pos != self.text.len() {
            return Err(self.err(format!("unexpected {} after the tree", self.describe())));
        }
        let uniform = leaf_depths.0 == leaf_depths.1
            && slots
                .iter()
                .all(|s| s.len == 0 || s.len as usize == max_branching);
        Ok(ExplicitTree {
            slots,
            kids,
            bounds: Bounds {
                branching: max_branching,
                depth: max_depth,
                uniform,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimax;

    fn parse_err(s: &str) -> (usize, String) {
        match ExplicitTree::parse(s).unwrap_err() {
            TreeError::Parse { position, message } => (position, message),
            TreeError::LeafValue { position, source } => (position, source.to_string()),
            e => panic!("{s}: unexpected {e}"),
        }
    }

    #[test]
    fn nested_round_trip_and_bounds() {
        for s in [
            "7",
            "[1]",
            "[[4,[[5,5],[5,5]]]]",
            "[-3,[2,[1]],+4]",
            " [ 1 , [ 2 ] ] ",
        ] {
            let t = ExplicitTree::parse(s).unwrap();
            let again = ExplicitTree::parse(&t.to_string()).unwrap();
            assert_eq!(t.to_string(), again.to_string());
            assert_eq!(minimax(&t), minimax(&again));
        }
        let t = ExplicitTree::parse("[[4,[[5,5],[5,5]]]]").unwrap();
        assert_eq!(
            t.bounds(),
            Some(Bounds {
                branching: 2,
                depth: 4,
                uniform: false
            })
        );
        assert!(
            ExplicitTree::parse("[[1,2],[3,4]]")
                .unwrap()
                .bounds()
                .unwrap()
                .uniform
        );
        assert_eq!(
            ExplicitTree::parse("5").unwrap().bounds(),
            Some(Bounds::uniform(0, 0))
        );
    }

    #[test]
    fn parse_errors_name_position() {
        assert_eq!(parse_err("[]").0, 1);
        assert!(parse_err("[]").1.contains("empty list"));
        assert_eq!(parse_err("[1,]").0, 3);
        assert_eq!(parse_err("[1 2]").0, 3);
        assert_eq!(parse_err("[1,2").0, 4);
        assert!(parse_err("[1,2").1.contains("end of input"));
        assert_eq!(parse_err("[1] x").0, 4);
        assert_eq!(parse_err("").0, 0);
        assert_eq!(parse_err("[1,2147483647]").0, 3);
        assert!(
            parse_err("[1,99999999999999999999999]")
                .1
                .contains("out of range")
        );
        let deep = "[".repeat(MAX_DEPTH + 1);
        assert!(parse_err(&deep).1.contains("nesting deeper"));
    }

    #[test]
    fn uniform_checks_shape() {
        assert!(matches!(
            ExplicitTree::uniform(2, 2, &[1, 2, 3]),
            Err(TreeError::LeafCount {
                expected: 4,
                found: 3
            })
        ));
        assert!(matches!(
            ExplicitTree::uniform(0, 2, &[]),
            Err(TreeError::ZeroBranching)
        ));
        assert!(matches!(
            ExplicitTree::uniform(1 << 20, 4, &[]),
            Err(TreeError::TooLarge { .. })
        ));
        assert!(matches!(
            ExplicitTree::uniform(10, 100, &[]),
            Err(TreeError::TooLarge { .. })
        ));
        assert!(matches!(
            ExplicitTree::uniform(2, 1, &[1, i64::from(i32::MAX)]),
            Err(TreeError::LeafValue { position: 1, .. })
        ));
        let t = ExplicitTree::uniform(3, 0, &[9]).unwrap();
        assert_eq!(t.num_children(&t.root()), 0);
        let chain = ExplicitTree::uniform(1, 3, &[9]).unwrap();
        assert_eq!(minimax(&chain).get(), 9);
    }

    #[test]
    fn campbell_files() {
        let t = ExplicitTree::uniform(2, 3, &[0, 1, 2, 3, 4, 5, 6, 255]).unwrap();
        let mut buf = Vec::new();
        t.write_campbell(&mut buf).unwrap();
        assert_eq!(buf, [0, 1, 2, 3, 4, 5, 6, 255]);
        let back = ExplicitTree::read_campbell(&buf[..], 2, 3).unwrap();
        assert_eq!(
            back.leaves().collect::<Vec<_>>(),
            t.leaves().collect::<Vec<_>>()
        );
        let short = ExplicitTree::read_campbell(&buf[..7], 2, 3).unwrap_err();
        assert!(short.to_string().contains("truncated"), "{short}");
        let long = [0u8; 9];
        let e = ExplicitTree::read_campbell(&long[..], 2, 3).unwrap_err();
        assert!(e.to_string().contains("oversized"), "{e}");
        let neg = ExplicitTree::uniform(2, 1, &[-1, 3]).unwrap();
        assert!(
            neg.write_campbell(Vec::new())
                .unwrap_err()
                .to_string()
                .contains("byte")
        );
        let nonuni = ExplicitTree::parse("[1,[2,3]]").unwrap();
        assert!(nonuni.write_campbell(Vec::new()).is_err());
    }
}

//! Explicit trees: every node stored, from leaf lists, nested text or
//! Campbell's tree files.

use std::fmt;
use std::io::{Read, Write};

use crate::error::leaf_count;
use crate::tree::MAX_DEPTH;
use crate::{Bounds, Tree, TreeError, Value};

/// The largest explicit tree built: 2^28 nodes. A uniform tree keeps only
/// its leaves' values (4 bytes a leaf: at most 1 GiB, and a Campbell tree
/// file takes 4 times its size); a tree parsed from text keeps every node
/// (16 bytes a node and 4 for its index in its parent's list: at most
/// 5 GiB, for a text of at least 2 bytes a node).
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
///
/// # Panics
/// The [`Tree`] methods panic on a node that is not one of this tree's (an
/// index past its last node, or a child index past the node's children):
/// nodes come from [`Tree::root`] and [`Tree::child`].
/// [`ExplicitTree::contains`] checks an index made elsewhere.
#[derive(Debug, Clone)]
pub struct ExplicitTree {
    layout: Layout,
    bounds: Bounds,
}

/// How the nodes are stored.
#[derive(Debug, Clone)]
enum Layout {
    /// Every node's slot, and its children's indices.
    Nodes { slots: Vec<Slot>, kids: Vec<u32> },
    /// A uniform tree numbered breadth-first, so that node n's children
    /// are n·b + 1 … n·b + b: the first `interior` nodes are interior, and
    /// only the leaves' values are stored (a Campbell tree file of 2^27
    /// leaves takes 512 MiB, not 5 GiB).
    Uniform {
        b: u32,
        interior: u32,
        leaves: Vec<Value>,
    },
}

impl ExplicitTree {
    /// How many children `n` has.
    #[inline]
    fn len(&self, n: u32) -> u32 {
        match &self.layout {
            Layout::Nodes { slots, .. } => slots[n as usize].len,
            Layout::Uniform {
                b,
                interior,
                leaves,
            } => {
                if n < *interior {
                    *b
                } else {
                    assert!(
                        ((n - interior) as usize) < leaves.len(),
                        "node {n} is not a node of this tree"
                    );
                    0
                }
            }
        }
    }

    /// The index of child `i` of `n`, which has `len` children.
    #[inline]
    fn kid(&self, n: u32, i: u32, len: u32) -> u32 {
        assert!(i < len, "child {i} of a node with {len} children");
        match &self.layout {
            Layout::Nodes { slots, kids } => kids[(slots[n as usize].first + i) as usize],
            // At most 2^28 nodes: n·b + b fits in a u32.
            Layout::Uniform { b, .. } => n * b + 1 + i,
        }
    }

    /// The value of terminal `n` (the default value for an interior node).
    #[inline]
    fn terminal(&self, n: u32) -> Value {
        match &self.layout {
            Layout::Nodes { slots, .. } => slots[n as usize].value,
            Layout::Uniform {
                interior, leaves, ..
            } => match n.checked_sub(*interior) {
                Some(k) => leaves[k as usize],
                None => Value::default(),
            },
        }
    }
}

impl Tree for ExplicitTree {
    type Node = u32;

    #[inline]
    fn root(&self) -> u32 {
        0
    }

    #[inline]
    fn num_children(&self, node: &u32) -> usize {
        self.len(*node) as usize
    }

    #[inline]
    fn child(&self, node: &u32, i: usize) -> u32 {
        let len = self.len(*node);
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        self.kid(*node, i, len)
    }

    #[inline]
    fn value(&self, node: &u32) -> Value {
        self.terminal(*node)
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
    /// Whether `node` is one of this tree's nodes (an index below its
    /// number of nodes), which the [`Tree`] methods accept.
    pub fn contains(&self, node: u32) -> bool {
        (node as usize) < self.node_count()
    }

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
        let n_leaves = uniform_storable(b, d)?;
        if leaves.len() as u64 != n_leaves {
            return Err(TreeError::LeafCount {
                expected: n_leaves,
                found: leaves.len() as u64,
            });
        }
        Ok(ExplicitTree::breadth_first(b, d, leaves.to_vec()))
    }
}

/// The leaves of a uniform (b, d) tree that [`ExplicitTree`] can hold: as
/// [`uniform_leaves`], and at most [`MAX_EXPLICIT_NODES`] nodes in all.
fn uniform_storable(b: usize, d: usize) -> Result<u64, TreeError> {
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
    Ok(n_leaves)
}

impl ExplicitTree {
    /// The uniform (b, d) tree of `leaves` (b^d of them, checked by the
    /// caller), numbered breadth-first.
    fn breadth_first(b: usize, d: usize, leaves: Vec<Value>) -> ExplicitTree {
        // 1 + b + … + b^(d-1) interior nodes, at most 2^28 in all (checked).
        let interior = (0..d).fold(0usize, |acc, k| acc + b.pow(k as u32));
        ExplicitTree {
            layout: Layout::Uniform {
                b: b as u32,
                interior: interior as u32,
                leaves,
            },
            bounds: Bounds::uniform(b, d),
        }
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
        let expected = uniform_storable(w, d)?;
        // Read in chunks straight into the leaves' values: the file's bytes
        // are never all held at once (peak: 4 bytes a leaf, and 64 KiB).
        let mut values = Vec::new();
        values
            .try_reserve_exact(expected as usize)
            .map_err(|_| too_large(w, d, "more leaves than the memory the system gives"))?;
        let mut reader = reader.take(expected + 1);
        let mut chunk = vec![0u8; 1 << 16];
        loop {
            let n = match reader.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.into()),
            };
            if values.len() + n > expected as usize {
                return Err(TreeError::FileSize {
                    expected,
                    found: expected + 1,
                });
            }
            values.extend(chunk[..n].iter().map(|&b| Value::from_small(i16::from(b))));
        }
        if values.len() as u64 != expected {
            return Err(TreeError::FileSize {
                expected,
                found: values.len() as u64,
            });
        }
        Ok(ExplicitTree::breadth_first(w, d, values))
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
                let len = self.len(n);
                if len == 0 {
                    return Some(self.terminal(n));
                }
                stack.extend((0..len).rev().map(|i| self.kid(n, i, len)));
            }
            None
        })
    }

    /// The number of nodes stored.
    pub fn node_count(&self) -> usize {
        match &self.layout {
            Layout::Nodes { slots, .. } => slots.len(),
            Layout::Uniform {
                interior, leaves, ..
            } => *interior as usize + leaves.len(),
        }
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
            let len = self.len(n);
            if len == 0 {
                write!(f, "{}", self.terminal(n))?;
                stack.pop();
                continue;
            }
            if *next == len {
                f.write_str("]")?;
                stack.pop();
                continue;
            }
            f.write_str(if *next == 0 { "[" } else { "," })?;
            let c = self.kid(n, *next, len);
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
            layout: Layout::Nodes { slots, kids },
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

#[cfg(test)]
mod layout_tests {
    use super::*;
    use crate::{GenSpec, Generator, Traced, minimax};

    /// The leaves of `t`, left to right.
    fn leaves_of<T: Tree>(t: &T) -> Vec<Value> {
        let mut out = Vec::new();
        let mut stack = vec![t.root()];
        while let Some(n) = stack.pop() {
            let w = t.num_children(&n);
            if w == 0 {
                out.push(t.value(&n));
            }
            stack.extend((0..w).rev().map(|i| t.child(&n, i)));
        }
        out
    }

    /// A uniform tree (stored as its leaves alone) and the same tree parsed
    /// from its text (every node stored) are the same tree: the same
    /// values, order of evaluation and text; the uniform one numbered
    /// breadth-first (node n's children n·b + 1 …), as its nodes always were.
    #[test]
    fn the_leaves_only_layout_is_the_same_tree() {
        for (b, d) in [(1, 3), (2, 5), (3, 4), (5, 2), (7, 1), (4, 0)] {
            let g = GenSpec::new(Generator::RANDOM, b, d, 3, 0).build().unwrap();
            let leaves = leaves_of(&g);
            let uniform = ExplicitTree::uniform_values(b, d, &leaves).unwrap();
            assert!(matches!(uniform.layout, Layout::Uniform { .. }));
            let parsed: ExplicitTree = uniform.to_string().parse().unwrap();
            assert!(matches!(parsed.layout, Layout::Nodes { .. }));
            assert_eq!(uniform.node_count(), parsed.node_count(), "({b},{d})");
            assert_eq!(parsed.to_string(), uniform.to_string());
            for n in 0..uniform.node_count() as u32 {
                for i in 0..uniform.num_children(&n) {
                    assert_eq!(uniform.child(&n, i) as usize, n as usize * b + 1 + i);
                }
            }
            assert_eq!(leaves_of(&uniform), leaves);
            let (tu, tp) = (Traced::new(&uniform), Traced::new(&parsed));
            assert_eq!(minimax(&tu), minimax(&tp));
            assert_eq!(tu.order(), tp.order());
            assert!(uniform.leaves().eq(parsed.leaves()));
            assert!(!uniform.contains(uniform.node_count() as u32));
            assert!(uniform.contains(uniform.node_count() as u32 - 1));
        }
    }

    #[test]
    #[should_panic(expected = "is not a node of this tree")]
    fn a_node_past_the_last_is_refused() {
        let t = ExplicitTree::uniform(2, 2, &[1, 2, 3, 4]).unwrap();
        t.num_children(&7);
    }

    /// A Campbell file is read in chunks straight into the leaves: a file
    /// one byte short or long is refused, and the tree is the file's.
    #[test]
    fn campbell_files_of_several_chunks() {
        let (b, d) = (2, 18); // 262,144 leaves: four 64 KiB chunks
        let bytes: Vec<u8> = (0..1u32 << 18).map(|i| (i * 7 % 128) as u8).collect();
        let t = ExplicitTree::read_campbell(&bytes[..], b, d).unwrap();
        assert!(t.leaves().map(|v| v.get() as u8).eq(bytes.iter().copied()));
        let mut out = Vec::new();
        t.write_campbell(&mut out).unwrap();
        assert_eq!(out, bytes);
        for len in [bytes.len() - 1, bytes.len() + 1] {
            let mut other = bytes.clone();
            other.resize(len, 0);
            let e = ExplicitTree::read_campbell(&other[..], b, d).unwrap_err();
            assert!(matches!(e, TreeError::FileSize { .. }), "{e}");
        }
    }
}

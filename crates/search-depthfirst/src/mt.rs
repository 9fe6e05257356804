//! Memory-enhanced Test (MT) and its drivers MT-SSS*, MT-DUAL* and MTD(f)
//! (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth
//! minimax algorithms", Artificial Intelligence 87).

use std::collections::HashMap;

use tree_core::{Dewey, Tree, Value};

use crate::window::{expand, offset, static_max};
use crate::{Outcome, SearchError};

/// The bounds a [`TranspositionTable`] holds for one node: its minimax value
/// (from MAX's point of view) lies in `lower ..= upper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TtEntry {
    /// A lower bound (Plaat et al.'s `n.f-`); −∞ if none is known.
    pub lower: Value,
    /// An upper bound (`n.f+`); +∞ if none is known.
    pub upper: Value,
}

impl TtEntry {
    const UNKNOWN: TtEntry = TtEntry {
        lower: Value::NEG_INF,
        upper: Value::INF,
    };
}

/// MT's memory: bounds on node values, keyed by the node's [`Dewey`] code.
///
/// A generic [`Tree`] has no position hash, so the searches track each
/// node's path from the root and key the table by it. There are no
/// transpositions in a tree, so every node has its own entry, and the table
/// is never full: it grows by one entry per distinct node MT visits.
///
/// A table describes one tree. [`mt`] trusts what it finds, so reuse a table
/// between calls of [`mt`] only on the same tree; the drivers
/// ([`mt_sss`], [`mt_dual`], [`mtdf`]) clear it first, keeping its
/// allocation, so a caller can keep one table for many searches (and read
/// [`len`](Self::len) afterwards to see how much memory a search took).
#[derive(Debug, Clone, Default)]
pub struct TranspositionTable {
    map: HashMap<Dewey, TtEntry>,
}

impl TranspositionTable {
    /// An empty table.
    pub fn new() -> TranspositionTable {
        TranspositionTable::default()
    }

    /// Forgets every entry (keeping the allocation).
    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// The number of nodes with stored bounds.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    /// Whether no node has stored bounds.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// The bounds stored for the node `dewey`, if any.
    pub fn get(&self, dewey: &Dewey) -> Option<TtEntry> {
        self.map.get(dewey).copied()
    }
}

/// MT, Memory-enhanced Test (Plaat et al. 1996, the function `MT(n, γ)`):
/// a null-window alpha-beta with window `(γ − 1, γ)` that stores a bound for
/// every node it searches in `tt`. It decides whether the root's minimax
/// value `v` is `>= gamma`:
///
/// * a result `g >= gamma` is a lower bound: `v >= g`;
/// * a result `g < gamma` is an upper bound: `v <= g`.
///
/// `gamma` may be a sentinel: `+∞` always fails low and returns an upper
/// bound (MT-SSS*'s first pass), `−∞` always succeeds without expanding a
/// node.
///
/// The search, in MAX/MIN form with values from MAX's point of view:
///
/// ```text
/// if retrieve(n) then
///   if n.f- >= γ then return n.f-;  if n.f+ < γ then return n.f+;
/// if n = leaf then g := eval(n)
/// else if n = max then
///   g := -∞; c := firstchild(n);
///   while g < γ and c ≠ ⊥ do  g := max(g, MT(c, γ)); c := nextbrother(c)
/// else
///   g := +∞; c := firstchild(n);
///   while g >= γ and c ≠ ⊥ do  g := min(g, MT(c, γ)); c := nextbrother(c)
/// if g < γ then n.f+ := g else n.f- := g;  store(n)
/// return g
/// ```
///
/// Two details: the bounds of a node are looked up when MT enters it (Plaat
/// et al. look a child's bound up in the parent's loop, which skips the same
/// subtrees and evaluates the same terminals); and a terminal stores its
/// static value as both bounds, so no terminal is ever evaluated twice
/// (Plaat et al. reach the same by returning any stored bound of a leaf).
///
/// # Errors
/// [`SearchError::TooDeep`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`]; [`SearchError::SentinelLeaf`] for a terminal
/// valued ±∞; [`SearchError::TooManyChildren`] for a node with more than
/// 65,536 children (Dewey digits are 16-bit).
pub fn mt<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    gamma: Value,
) -> Result<Value, SearchError> {
    let mut path = Dewey::root();
    mt_at(tree, &mut tt.map, &tree.root(), &mut path, gamma)
}

fn mt_at<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut HashMap<Dewey, TtEntry>,
    n: &T::Node,
    path: &mut Dewey,
    gamma: Value,
) -> Result<Value, SearchError> {
    if let Some(e) = tt.get(path) {
        if e.lower >= gamma {
            return Ok(e.lower);
        }
        if e.upper < gamma {
            return Ok(e.upper);
        }
    }
    let depth = path.depth();
    let w = tree.num_children(n);
    if w == 0 {
        let g = static_max(tree, n, depth)?;
        tt.insert(path.clone(), TtEntry { lower: g, upper: g });
        return Ok(g);
    }
    expand(depth)?;
    if w > usize::from(u16::MAX) + 1 {
        return Err(SearchError::TooManyChildren { children: w });
    }
    let max_to_move = depth % 2 == 0;
    let mut g = if max_to_move {
        Value::NEG_INF
    } else {
        Value::INF
    };
    for i in 0..w {
        if (max_to_move && g >= gamma) || (!max_to_move && g < gamma) {
            break;
        }
        let c = tree.child(n, i);
        path.push(i);
        let r = mt_at(tree, tt, &c, path, gamma);
        path.pop();
        let r = r?;
        g = if max_to_move { g.max(r) } else { g.min(r) };
    }
    match tt.get_mut(path) {
        Some(e) => store(e, g, gamma),
        None => {
            let mut e = TtEntry::UNKNOWN;
            store(&mut e, g, gamma);
            tt.insert(path.clone(), e);
        }
    }
    Ok(g)
}

/// Fail low gives an upper bound, fail high a lower bound.
#[inline]
fn store(e: &mut TtEntry, g: Value, gamma: Value) {
    if g < gamma {
        e.upper = g;
    } else {
        e.lower = g;
    }
}

/// MT-SSS* (Plaat et al. 1996): SSS* as a sequence of MT calls, each
/// with the upper bound the previous one returned, starting from +∞, until
/// an MT call succeeds:
///
/// ```text
/// g := +∞;
/// repeat  γ := g;  g := MT(root, γ)  until g = γ;
/// return g
/// ```
///
/// Plaat et al. prove it evaluates the same terminals as Stockman's SSS*.
/// The table is cleared first and holds, afterwards, every node the search
/// touched.
///
/// # Errors
/// As [`mt`].
pub fn mt_sss<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
) -> Result<Outcome, SearchError> {
    tt.clear();
    let mut g = Value::INF;
    let mut passes = 0;
    loop {
        let gamma = g;
        g = mt(tree, tt, gamma)?;
        passes += 1;
        if g == gamma {
            return Ok(Outcome { value: g, passes });
        }
    }
}

/// MT-DUAL* (Plaat et al. 1996): DUAL* as a sequence of MT calls from
/// below, each testing one more than the lower bound the previous one
/// returned, until an MT call fails low:
///
/// ```text
/// g := -∞;
/// repeat  γ := g + 1;  g := MT(root, γ)  until g < γ;
/// return g
/// ```
///
/// The table is cleared first.
///
/// # Errors
/// As [`mt`].
pub fn mt_dual<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
) -> Result<Outcome, SearchError> {
    tt.clear();
    let mut g = Value::NEG_INF;
    let mut passes = 0;
    loop {
        let gamma = offset(g, 1);
        g = mt(tree, tt, gamma)?;
        passes += 1;
        if g < gamma {
            return Ok(Outcome { value: g, passes });
        }
    }
}

/// MTD(f) (Plaat et al. 1996): MT calls converging on the value from a
/// first guess `f`, narrowing an interval `[lower, upper]` until it closes:
///
/// ```text
/// g := f;  upper := +∞;  lower := -∞;
/// repeat
///   if g = lower then γ := g + 1 else γ := g;
///   g := MT(root, γ);
///   if g < γ then upper := g else lower := g
/// until lower >= upper;
/// return g
/// ```
///
/// Any first guess works, the sentinels included (`+∞` makes it MT-SSS*,
/// `−∞` MT-DUAL*); the closer it is to the value, the fewer passes. The
/// table is cleared first.
///
/// ```
/// use search_depthfirst::{TranspositionTable, mtdf};
/// use tree_core::{ExplicitTree, Value};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap(); // value 1
/// let mut tt = TranspositionTable::new();
/// let o = mtdf(&t, &mut tt, Value::new(1).unwrap()).unwrap();
/// assert_eq!(o.value, Value::new(1).unwrap());
/// assert_eq!(o.passes, 2); // fails high at γ = 1, low at γ = 2
/// ```
///
/// # Errors
/// As [`mt`].
pub fn mtdf<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    first_guess: Value,
) -> Result<Outcome, SearchError> {
    tt.clear();
    let mut g = first_guess;
    let (mut lower, mut upper) = (Value::NEG_INF, Value::INF);
    let mut passes = 0;
    loop {
        let gamma = if g == lower { offset(g, 1) } else { g };
        g = mt(tree, tt, gamma)?;
        passes += 1;
        if g < gamma {
            upper = g;
        } else {
            lower = g;
        }
        if lower >= upper {
            return Ok(Outcome { value: g, passes });
        }
    }
}

//! Memory-enhanced Test (MT) and its drivers MT-SSS*, MT-DUAL* and MTD(f)
//! (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth
//! minimax algorithms", Artificial Intelligence 87).

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

/// MT's memory: a fixed-size table of bounds on node values, keyed by a
/// hash of the node's path from the root.
///
/// **Keys.** A generic [`Tree`] has no position hash, so MT hashes the path
/// while it descends: the root has a fixed key and child `i` of a node with
/// key `k` has key `mix(k) + (i + 1)·φ` (SplitMix64's finaliser, φ the
/// golden-ratio constant). A tree has no
/// transpositions, so every node has its own key; two nodes share one with
/// probability about 2^-64 per pair (a search storing a million nodes
/// confuses two with probability about 3·10^-8), which would corrupt its
/// bounds — the one way MT over this table can go wrong.
///
/// **Size.** The table takes a size in bytes and holds the largest power of
/// two of [`ENTRY_BYTES`](Self::ENTRY_BYTES)-byte entries that fits (the
/// key, a lower and an upper bound), allocated once; 0 bytes is no table
/// (every lookup misses, nothing is stored). [`new`](Self::new) gives
/// [`DEFAULT_BYTES`](Self::DEFAULT_BYTES).
///
/// **Placement.** The children of a node are placed side by side (child `i`
/// from position `mix(k) / 2^20 + i`), then by linear probing, so a node's
/// children share cache lines as they share a loop in MT.
///
/// **Replacement.** Until three quarters of the entries are in use, a new
/// node takes the first free entry from its position and nothing is ever
/// lost: the table behaves exactly as an unbounded map, and MT evaluates the
/// same terminals, in the same order, as with unlimited memory. From then
/// on a new node replaces the entry at its position, and lookups probe at
/// most 16 entries (so a full table costs no more per lookup). Only lost bounds
/// differ, and a lost bound is only searched again: MT and its drivers
/// still return the exact value (a table too small evaluates more terminals,
/// never a wrong value).
///
/// **Reuse.** A table describes one tree. [`mt`] trusts what it finds, so
/// reuse a table between calls of [`mt`] only on the same tree; the drivers
/// ([`mt_sss`], [`mt_dual`], [`mtdf`]) clear it first — in constant time:
/// entries are stamped with a generation — so a caller can keep one table
/// for many searches (and read [`len`](Self::len) afterwards to see how
/// many nodes a search stored).
///
/// ```
/// use search_depthfirst::{TranspositionTable, mt_sss};
/// use tree_core::{ExplicitTree, Value};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap();
/// let mut tt = TranspositionTable::with_bytes(1 << 12).unwrap();
/// assert_eq!(tt.entries(), 256);
/// assert_eq!(mt_sss(&t, &mut tt).unwrap().value, Value::new(1).unwrap());
/// assert_eq!(tt.len(), 7, "every node of the tree");
/// // A table of one entry still gives the value.
/// let mut tiny = TranspositionTable::with_bytes(TranspositionTable::ENTRY_BYTES).unwrap();
/// assert_eq!(mt_sss(&t, &mut tiny).unwrap().value, Value::new(1).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable {
    /// [key with the generation in its low byte, bounds]; all zero: never
    /// used.
    slots: Vec<[u64; 2]>,
    /// Entries − 1 (a power of two), unused if `slots` is empty.
    mask: usize,
    /// Entries that may be in use before new nodes replace old ones.
    limit: usize,
    /// Entries of the current generation.
    used: usize,
    /// Whether a node of the current generation has replaced another.
    full: bool,
    generation: u64,
}

/// How far a lookup probes in a full table.
const FULL_PROBES: usize = 16;

/// The key of the root.
const ROOT_KEY: u64 = 0x243F_6A88_85A3_08D3;

/// SplitMix64's finaliser.
#[inline(always)]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An entry's bounds as stored.
#[inline(always)]
fn word(e: TtEntry) -> u64 {
    u64::from(e.lower.get() as u32) | u64::from(e.upper.get() as u32) << 32
}

/// The value whose [`Value::get`] has the bits `b`.
#[inline(always)]
fn value_of(b: u32) -> Value {
    let v = b as i32;
    match Value::new(v) {
        Ok(v) => v,
        Err(_) if v > 0 => Value::INF,
        Err(_) => Value::NEG_INF,
    }
}

/// A node's place in the table: its key and the position it is placed
/// from.
#[derive(Debug, Clone, Copy)]
struct Place {
    key: u64,
    home: usize,
}

impl Place {
    const ROOT: Place = Place {
        key: ROOT_KEY,
        home: (ROOT_KEY >> 7) as usize,
    };

    /// The places of the node's children.
    #[inline(always)]
    fn children(self) -> Children {
        Children(mix(self.key))
    }
}

/// The places of a node's children, from one mix of its key `k`: child `i`
/// has key `mix(k) + (i + 1)·φ` (φ the golden-ratio constant) and is placed
/// from position `mix(k) / 2^20 + i`.
#[derive(Debug, Clone, Copy)]
struct Children(u64);

impl Children {
    #[inline(always)]
    fn at(self, i: usize) -> Place {
        Place {
            key: self
                .0
                .wrapping_add((i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            home: ((self.0 >> 20) as usize).wrapping_add(i),
        }
    }
}

impl Default for TranspositionTable {
    fn default() -> TranspositionTable {
        TranspositionTable::new()
    }
}

impl TranspositionTable {
    /// The bytes of one entry.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<[u64; 2]>();
    /// The size of [`new`](Self::new)'s table: 4 MiB, 262,144 entries,
    /// enough for MT to store 196,608 nodes without replacing any.
    pub const DEFAULT_BYTES: usize = 4 << 20;

    /// A table of [`DEFAULT_BYTES`](Self::DEFAULT_BYTES).
    pub fn new() -> TranspositionTable {
        TranspositionTable::with_bytes(TranspositionTable::DEFAULT_BYTES)
            .expect("the default size holds entries")
    }

    /// A table of at most `bytes` bytes: the largest power of two of
    /// entries that fits, or no table at all for 0 bytes. The memory is
    /// allocated zeroed, so pages the search never touches cost nothing.
    ///
    /// # Errors
    /// [`SearchError::TableTooSmall`] for `0 < bytes <`
    /// [`ENTRY_BYTES`](Self::ENTRY_BYTES).
    pub fn with_bytes(bytes: usize) -> Result<TranspositionTable, SearchError> {
        let n = bytes / TranspositionTable::ENTRY_BYTES;
        if bytes > 0 && n == 0 {
            return Err(SearchError::TableTooSmall {
                bytes,
                minimum: TranspositionTable::ENTRY_BYTES,
            });
        }
        let n = if n == 0 { 0 } else { 1 << n.ilog2() };
        Ok(TranspositionTable {
            slots: vec![[0u64; 2]; n],
            mask: n.saturating_sub(1),
            limit: n - n / 4,
            used: 0,
            full: false,
            generation: 1,
        })
    }

    /// The table [`Algorithm::run`](crate::Algorithm::run) uses on a tree
    /// of shape `bounds`: room for every node of the tree without
    /// replacement, at least 4 KiB and at most 64 MiB; the default size for
    /// a tree of unknown shape.
    pub fn for_shape(bounds: Option<tree_core::Bounds>) -> TranspositionTable {
        let Some(b) = bounds else {
            return TranspositionTable::new();
        };
        let mut nodes: usize = 1;
        let mut level: usize = 1;
        for _ in 0..b.depth {
            level = level.saturating_mul(b.branching);
            nodes = nodes.saturating_add(level);
        }
        let bytes = nodes
            .saturating_mul(TranspositionTable::ENTRY_BYTES)
            .saturating_mul(2)
            .clamp(1 << 12, 64 << 20);
        TranspositionTable::with_bytes(bytes).expect("at least 4 KiB")
    }

    /// How many entries the table has.
    pub fn entries(&self) -> usize {
        self.slots.len()
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.slots.len() * TranspositionTable::ENTRY_BYTES
    }

    /// Forgets every entry (keeping the allocation), in constant time but
    /// once every 255 calls.
    pub fn clear(&mut self) {
        self.used = 0;
        self.full = false;
        self.generation += 1;
        if self.generation > 0xFF {
            self.slots.fill([0; 2]);
            self.generation = 1;
        }
    }

    /// The number of nodes with stored bounds.
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether no node has stored bounds.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// The bounds stored for the node `dewey`, if any.
    pub fn get(&self, dewey: &Dewey) -> Option<TtEntry> {
        let p = dewey
            .digits()
            .iter()
            .fold(Place::ROOT, |p, &i| p.children().at(usize::from(i)));
        self.find(p).map(|i| self.entry(i))
    }

    /// The stored word of the node with key `key`.
    #[inline(always)]
    fn stamp(&self, key: u64) -> u64 {
        (key & !0xFF) | self.generation
    }

    #[inline(always)]
    fn entry(&self, i: usize) -> TtEntry {
        let w = self.slots[i][1];
        TtEntry {
            lower: value_of(w as u32),
            upper: value_of((w >> 32) as u32),
        }
    }

    /// How far a lookup probes: to the first free entry until a node has
    /// replaced another (so nothing stored is ever missed), at most
    /// [`FULL_PROBES`] entries after that (new nodes replace entries and
    /// the table may fill up; a node further away is only searched again).
    #[inline(always)]
    fn reach(&self) -> usize {
        if self.full {
            FULL_PROBES.min(self.slots.len())
        } else {
            self.slots.len()
        }
    }

    /// Where the node at `p` is stored, if it is.
    #[inline]
    fn find(&self, p: Place) -> Option<usize> {
        self.probe(p).ok()
    }

    /// Where the node at `p` is stored (`Ok`), or the free entry where a
    /// lookup for it stops (`Err`; `usize::MAX` if there is none).
    #[inline(always)]
    fn probe(&self, p: Place) -> Result<usize, usize> {
        let stamp = self.stamp(p.key);
        let mut i = p.home & self.mask;
        for _ in 0..self.reach() {
            let k = self.slots[i][0];
            if k == stamp {
                return Ok(i);
            }
            if k & 0xFF != self.generation {
                return Err(i);
            }
            i = (i + 1) & self.mask;
        }
        Err(usize::MAX)
    }

    /// Stores `e` for a node at `p` not in the table, whose lookup stopped
    /// at the free entry `free` (nothing stored since).
    #[inline(always)]
    fn store_new(&mut self, p: Place, free: usize, e: TtEntry) {
        if free != usize::MAX && self.used < self.limit {
            self.used += 1;
            self.slots[free] = [self.stamp(p.key), word(e)];
        } else {
            self.store(p, None, e);
        }
    }

    /// Stores `e` for the node at `p`, found at `at` by an earlier lookup
    /// if it still holds it.
    #[inline]
    fn store(&mut self, p: Place, at: Option<usize>, e: TtEntry) {
        if self.slots.is_empty() {
            return;
        }
        let stamp = self.stamp(p.key);
        let word = word(e);
        if let Some(i) = at.filter(|&i| self.slots[i][0] == stamp) {
            self.slots[i][1] = word;
            return;
        }
        let home = p.home & self.mask;
        let mut i = home;
        for _ in 0..self.reach() {
            let k = self.slots[i][0];
            if k == stamp {
                self.slots[i][1] = word;
                return;
            }
            if k & 0xFF != self.generation {
                if self.used < self.limit {
                    self.used += 1;
                    self.slots[i] = [stamp, word];
                    return;
                }
                break;
            }
            i = (i + 1) & self.mask;
        }
        // Full: the new node replaces the entry at its position.
        self.full = true;
        if self.slots[home][0] & 0xFF != self.generation {
            self.used += 1;
        }
        self.slots[home] = [stamp, word];
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
    let root = tree.root();
    visit(tree, tt, || root.clone(), Place::ROOT, 0, gamma)
}

/// MT on the node at `p` (made by `node` only if needed): its stored
/// bounds if they decide, its value if it is a terminal, else [`mt_at`]
/// (the recursion).
#[inline(always)]
fn visit<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    node: impl FnOnce() -> T::Node,
    p: Place,
    depth: usize,
    gamma: Value,
) -> Result<Value, SearchError> {
    let probe = tt.probe(p);
    let known = probe.ok().map(|i| tt.entry(i));
    if let Some(e) = known {
        if e.lower >= gamma {
            return Ok(e.lower);
        }
        if e.upper < gamma {
            return Ok(e.upper);
        }
    }
    let n = node();
    let w = tree.num_children(&n);
    if w == 0 {
        let g = static_max(tree, &n, depth)?;
        let e = TtEntry { lower: g, upper: g };
        match probe {
            Ok(i) => tt.store(p, Some(i), e),
            Err(free) => tt.store_new(p, free, e),
        }
        return Ok(g);
    }
    mt_at(tree, tt, &n, p, depth, gamma, w, probe.ok(), known)
}

/// MT below the interior node `n` (`w` children) at `p`, found at `at`
/// with the bounds `known` (if stored).
#[allow(clippy::too_many_arguments)]
fn mt_at<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    n: &T::Node,
    p: Place,
    depth: usize,
    gamma: Value,
    w: usize,
    at: Option<usize>,
    known: Option<TtEntry>,
) -> Result<Value, SearchError> {
    expand(depth)?;
    if w > usize::from(u16::MAX) + 1 {
        return Err(SearchError::TooManyChildren { children: w });
    }
    let max_to_move = depth.is_multiple_of(2);
    let mut g = if max_to_move {
        Value::NEG_INF
    } else {
        Value::INF
    };
    let kids = p.children();
    for i in 0..w {
        if (max_to_move && g >= gamma) || (!max_to_move && g < gamma) {
            break;
        }
        let r = visit(tree, tt, || tree.child(n, i), kids.at(i), depth + 1, gamma)?;
        g = if max_to_move { g.max(r) } else { g.min(r) };
    }
    let mut e = known.unwrap_or(TtEntry::UNKNOWN);
    store(&mut e, g, gamma);
    tt.store(p, at, e);
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

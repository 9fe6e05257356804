//! Memory-enhanced Test (MT) and its drivers MT-SSS*, MT-DUAL* and MTD(f)
//! (Plaat, Schaeffer, Pijls & de Bruin 1996, "Best-first fixed-depth
//! minimax algorithms", Artificial Intelligence 87).

use tree_core::{Dewey, Stopped, Tree, Value};

use crate::control::Leaves;
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

/// MT's memory: a fixed-size array of bounds on node values, laid out as
/// the part of the tree MT has searched.
///
/// **Layout.** A generic [`Tree`] has no position hash, and a tree has no
/// transpositions, so the table needs no keys: it stores the searched part
/// of the tree itself. Every entry holds a node's two bounds and where its
/// children's entries are — a block of consecutive entries, child `i` at
/// the block's start + `i`. MT reaches a node only through its parent, so a
/// lookup is one read in the block the parent's loop walks, with no hashing
/// and no probing, and brothers share cache lines as they share a loop.
/// The root is entry 0.
///
/// **Blocks.** MT searches the children of a node left to right and stops
/// at a cutoff, so the children it has stored are always the first ones.
/// When it first expands a node of more than four children, the node gets
/// a block for its first child only; the first time it goes on to the
/// second child, the block moves to one of room for every child (copied;
/// the old entry is not reused). A wide node that is only ever cut off
/// after its first child (most of MT-SSS\*'s MIN nodes and MT-DUAL\*'s MAX
/// nodes) thus takes one entry for its children, not one per child. A node
/// of at most four children gets room for all of them at once.
///
/// **Size.** The table takes a size in bytes and holds at most that many
/// bytes of [`ENTRY_BYTES`](Self::ENTRY_BYTES)-byte entries; 0 bytes is no
/// table (nothing is stored). Entries are used from the start and
/// allocated as the searches reach them (doubling, up to the size, never
/// beyond), so a table sized for the largest search costs a small one only
/// what it uses. [`new`](Self::new) gives
/// [`DEFAULT_BYTES`](Self::DEFAULT_BYTES).
///
/// **When it is full.** Until a block finds no room, nothing changes: with
/// at least the entries a search takes ([`len`](Self::len) after it) MT
/// behaves exactly as with unbounded memory — the same terminals, in the
/// same order, and the same code (MT is compiled apart for a table that has
/// filled up). The first time a block finds no room, the MT call stops,
/// the table is reorganised, and the call starts again from the root (it
/// stored nothing for the nodes it had not finished, so every stored bound
/// is true; what it stored it finds again):
///
/// * the blocks keep the first quarter of the table (less if they took
///   less) and no longer grow; a block reaching past that point keeps the
///   children before it;
/// * the rest becomes a hashed **overflow area** of buckets of four entries
///   (64 bytes). A node without an entry in the blocks is stored there
///   under a 128-bit key: a hash of its path from its deepest ancestor with
///   an entry in the blocks (that entry's index, then the child indices
///   below it), extended one child at a time as MT descends, so only the
///   searches below the blocks compute it;
/// * every node with bounds that the blocks no longer hold moves to the
///   overflow area under its key (the shallower first where a bucket is
///   too full for all), so little of what was found is lost. For its
///   duration the reorganisation takes 4 bytes per entry besides the table;
/// * **replacement: depth-preferred.** A node is stored in place of its own
///   entry, else in an empty entry of its bucket, else in place of the
///   deepest node there (the last of the deepest on a tie): the nodes near
///   the root, whose subtrees cost the most to search again, stay, and the
///   deep ones take turns.
///
/// A bucket is chosen by one 64-bit half of the key; an entry in it is
/// recognised by 56 bits of the other half, stored beside the bounds (the
/// low 8 bits hold 255 − the node's depth, for the replacement). The
/// halves are separate hashes of the path (SplitMix64's finalizer with
/// different constants), so an entry of another node in the bucket carries
/// the same 56 bits with probability about 2⁻⁵⁶ ≈ 1.4 × 10⁻¹⁷ per entry
/// compared, four per lookup: one wrong match in about 1.8 × 10¹⁶ lookups,
/// far beyond any search's reach (a search of 10⁹ lookups: one chance in
/// 18 million).
/// Bounds found under a wrong match would be the one way to a wrong value;
/// short of that, MT and its drivers return the exact value at every size
/// (a table too small evaluates more terminals, never a wrong value).
/// A table of fewer than 10 entries (160 bytes) has no room for an
/// overflow area beside the blocks: when it is full, a node whose block
/// finds no room keeps what it has and its other children are searched
/// without storing anything below them.
///
/// A lookup in the overflow area costs more than one in the blocks (a hash,
/// a bucket at random), so when terminals are cheap a search with a table
/// that has filled up can take longer per terminal than one without the
/// overflow area, while it evaluates far fewer.
///
/// **Reuse.** A table describes one tree. [`mt`] trusts what it finds, so
/// reuse a table between calls of [`mt`] only on the same tree; the drivers
/// ([`mt_sss`], [`mt_dual`], [`mtdf`]) clear it first, in constant time, so
/// a caller can keep one table for many searches (and read
/// [`len`](Self::len) afterwards to see how many entries a search took).
///
/// ```
/// use search_depthfirst::{TranspositionTable, mt_sss};
/// use tree_core::{ExplicitTree, Value};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap();
/// let mut tt = TranspositionTable::with_bytes(1 << 12).unwrap();
/// assert_eq!(tt.entries(), 256);
/// assert_eq!(mt_sss(&t, &mut tt).unwrap().value, Value::new(1).unwrap());
/// assert_eq!(tt.len(), 7, "every node of the tree, and one moved block");
/// // A table of one entry still gives the value.
/// let mut tiny = TranspositionTable::with_bytes(TranspositionTable::ENTRY_BYTES).unwrap();
/// assert_eq!(mt_sss(&t, &mut tiny).unwrap().value, Value::new(1).unwrap());
/// ```
#[derive(Debug, Clone)]
pub struct TranspositionTable {
    /// The entries allocated so far (at most `entries`); the first `used`
    /// are in use, the root's first. A block entry is two words: the
    /// bounds (lower in the low half, upper in the high half, as `i32`
    /// bits) and the block (the index of child 0's entry in the low half,
    /// how many children have an entry there in the high half). An entry
    /// of the overflow area is the bounds and a tag (see [`tag`]); an
    /// empty one is two zeros.
    slots: Vec<[u64; 2]>,
    /// How many entries the table may have.
    entries: usize,
    /// Entries in use (all of them once there is an overflow area).
    used: usize,
    /// Where the overflow area starts and the blocks end; 0 while there
    /// is none.
    over: usize,
}

/// Nodes of at most this many children get a block for every child at
/// once (a cache line's worth); wider ones get one for their first child
/// first.
const SMALL_BLOCK: usize = 4;

/// The entries of a bucket of the overflow area (a cache line's worth).
const WAYS: usize = 4;

/// The entry of a node with no stored bounds and no block.
const UNKNOWN: [u64; 2] = [bounds(Value::NEG_INF, Value::INF), 0];

/// The bounds word of `lower ..= upper`.
#[inline(always)]
const fn bounds(lower: Value, upper: Value) -> u64 {
    (lower.get() as u32 as u64) | ((upper.get() as u32 as u64) << 32)
}

/// The lower bound in a bounds word.
#[inline(always)]
fn lower(w: u64) -> Value {
    value_of(w as u32)
}

/// The upper bound in a bounds word.
#[inline(always)]
fn upper(w: u64) -> Value {
    value_of((w >> 32) as u32)
}

/// The value whose [`Value::get`] has the bits `b` (every stored value is
/// a value's bits).
#[inline(always)]
fn value_of(b: u32) -> Value {
    let v = b as i32;
    match Value::new(v) {
        Ok(v) => v,
        Err(_) if v > 0 => Value::INF,
        Err(_) => Value::NEG_INF,
    }
}

/// A block word: child 0's entry at `kids`, `room` children with an entry.
#[inline(always)]
fn block_word(kids: usize, room: usize) -> u64 {
    kids as u64 | (room as u64) << 32
}

/// The block in a block word: child 0's entry and how many children have
/// one.
#[inline(always)]
fn block(w: u64) -> (usize, usize) {
    ((w as u32) as usize, (w >> 32) as usize)
}

/// The key of a node in the overflow area: two 64-bit hashes of its path,
/// one for its bucket, one for its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key(u64, u64);

/// SplitMix64's finalizer (Steele, Lea & Flood 2014): a bijection of
/// 64-bit words that mixes every input bit into every output bit.
#[inline(always)]
fn fmix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Key {
    /// The key a node with the block entry `at` gives its children.
    #[inline]
    fn anchor(at: usize) -> Key {
        Key(
            fmix(at as u64 ^ 0x243F_6A88_85A3_08D3),
            fmix(at as u64 ^ 0x1319_8A2E_0370_7344),
        )
    }

    /// The key of child `i` of the node of this key. Two children of one
    /// node never share a key (each half is a bijection of its input);
    /// other nodes share one only by chance in both halves.
    #[inline]
    fn child(self, i: usize) -> Key {
        let i = i as u64 + 1;
        Key(
            fmix(self.0 ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            fmix(self.1 ^ i.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)),
        )
    }

    /// The key of the node `digits` below the node with the block entry
    /// `at`.
    fn below(at: usize, digits: &[u16]) -> Key {
        digits
            .iter()
            .fold(Key::anchor(at), |k, &i| k.child(usize::from(i)))
    }

    /// This key's bucket in an overflow area of `buckets` buckets.
    #[inline]
    fn bucket(self, buckets: usize) -> usize {
        (((self.0 >> 32) * buckets as u64) >> 32) as usize
    }
}

/// The tag of an entry of the overflow area: 56 bits of the key's second
/// half, and in the low byte 255 − the node's depth (depths from 254 on
/// count as 254), so that the deeper the node, the lower the byte; never 0,
/// the tag (and so the byte) of an empty entry.
#[inline]
fn tag(k: Key, depth: usize) -> u64 {
    (k.1 & !0xFF) | (255 - depth.clamp(1, 254)) as u64
}

/// Whether the tag `t` is the key `k`'s.
#[inline(always)]
fn tagged(t: u64, k: Key) -> bool {
    t != 0 && (t ^ k.1) & !0xFF == 0
}

/// A bucket of the overflow area.
type Bucket = [[u64; 2]; WAYS];

/// The overflow area `area` (a whole number of buckets, each of
/// [`WAYS`] entries, and fewer than [`WAYS`] entries after them, unused):
/// its lookups and stores.
struct Overflow;

impl Overflow {
    /// The bucket of `k` in `area`, and the index of its first entry
    /// there.
    #[inline(always)]
    fn bucket(area: &[[u64; 2]], k: Key) -> (&Bucket, usize) {
        let buckets = area.as_chunks::<WAYS>().0;
        let b = k.bucket(buckets.len());
        (&buckets[b], b * WAYS)
    }

    /// The entry stored for `k`, if any: where it is in `area`, and its
    /// bounds word.
    #[inline]
    fn probe(area: &[[u64; 2]], k: Key) -> Option<(usize, u64)> {
        let (bucket, first) = Overflow::bucket(area, k);
        for (i, e) in bucket.iter().enumerate() {
            if tagged(e[1], k) {
                return Some((first + i, e[0]));
            }
        }
        None
    }

    /// Stores the bounds word `w` for `k` (a node at `depth`): at `found`
    /// (where [`probe`](Self::probe) found `k`) if `k` is still there,
    /// else in place of the [`victim`](Self::victim) of its bucket. No
    /// other node stores `k`, so if a probe did not find it, it is not
    /// there.
    #[inline]
    fn store(area: &mut [[u64; 2]], k: Key, depth: usize, w: u64, found: Option<usize>) {
        let t = tag(k, depth);
        if let Some(e) = found.and_then(|e| area.get_mut(e)).filter(|e| e[1] == t) {
            e[0] = w;
            return;
        }
        let buckets = area.as_chunks_mut::<WAYS>().0;
        let bucket = &mut buckets[k.bucket(buckets.len())];
        bucket[Overflow::victim(bucket)] = [w, t];
    }

    /// The entry of a bucket a new node takes: an empty one, else the
    /// deepest (the last of the deepest on a tie) — the lowest tag byte.
    #[inline(always)]
    fn victim(bucket: &Bucket) -> usize {
        let byte = |i: usize| bucket[i][1] & 0xFF;
        let (mut v, mut low) = (0, byte(0));
        for i in 1..WAYS {
            if byte(i) <= low {
                (v, low) = (i, byte(i));
            }
        }
        v
    }
}

/// Where the blocks end once a table of `entries` entries (`used` of them
/// in use) has an overflow area: a quarter of the table, or less if the
/// blocks take less; at least the root's entry.
fn blocks_end(entries: usize, used: usize) -> usize {
    used.min(entries / 4).max(1)
}

impl Default for TranspositionTable {
    fn default() -> TranspositionTable {
        TranspositionTable::new()
    }
}

impl TranspositionTable {
    /// The bytes of one entry.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<[u64; 2]>();
    /// The size of [`new`](Self::new)'s table: 4 MiB, 262,144 entries.
    pub const DEFAULT_BYTES: usize = 4 << 20;
    /// The most entries a table holds (block indices are 32-bit).
    const MAX_ENTRIES: usize = u32::MAX as usize;

    /// A table of [`DEFAULT_BYTES`](Self::DEFAULT_BYTES).
    pub fn new() -> TranspositionTable {
        TranspositionTable::with_bytes(TranspositionTable::DEFAULT_BYTES)
            .expect("the default size holds entries")
    }

    /// A table of at most `bytes` bytes (and at most 2^32 − 1 entries), or
    /// no table at all for 0 bytes. Nothing is allocated until a search
    /// stores something.
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
        Ok(TranspositionTable {
            slots: Vec::new(),
            entries: n.min(TranspositionTable::MAX_ENTRIES),
            used: 0,
            over: 0,
        })
    }

    /// The table [`Algorithm::run`](crate::Algorithm::run) uses on a tree
    /// of shape `bounds`: room for every node of the tree twice over (so
    /// that MT never runs out, moved blocks included), at least 4 KiB and
    /// at most 64 MiB; the default size for a tree of unknown shape. Only
    /// the entries a search takes are allocated, so a roomy table costs a
    /// small search little.
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
        self.entries
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.entries * TranspositionTable::ENTRY_BYTES
    }

    /// Forgets every entry (keeping what is allocated), in constant time.
    pub fn clear(&mut self) {
        self.used = 0;
        self.over = 0;
    }

    /// The number of entries in use: the root's and the blocks of the
    /// nodes MT has expanded (an entry for each node it has searched, the
    /// rest of their blocks, and the blocks it has moved) — or all of them,
    /// once the blocks have run out and the table has an overflow area
    /// (see "When it is full" above).
    pub fn len(&self) -> usize {
        self.used
    }

    /// Whether nothing is stored.
    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// The bounds stored for the node `dewey`, if any (`None` for a node
    /// MT has not searched, or knows nothing of, or whose entry in the
    /// overflow area another node has taken).
    pub fn get(&self, dewey: &Dewey) -> Option<TtEntry> {
        if self.used == 0 {
            return None;
        }
        let digits = dewey.digits();
        let mut at = 0;
        let mut w = None;
        for (d, &i) in digits.iter().enumerate() {
            let (kids, room) = block(self.slots[at][1]);
            if usize::from(i) >= room {
                if self.over == 0 {
                    return None;
                }
                let k = Key::below(at, &digits[d..]);
                w = Some(Overflow::probe(&self.slots[self.over..], k)?.1);
                break;
            }
            at = kids + usize::from(i);
        }
        let w = w.unwrap_or(self.slots[at][0]);
        let e = TtEntry {
            lower: lower(w),
            upper: upper(w),
        };
        (e != TtEntry::UNKNOWN).then_some(e)
    }

    /// The root's entry, taken if the table is empty; [`NONE`] for no
    /// table.
    #[inline]
    fn root(&mut self) -> usize {
        if self.used == 0 {
            if self.entries == 0 {
                return NONE;
            }
            if self.slots.is_empty() {
                self.slots.push(UNKNOWN);
            }
            self.slots[0] = UNKNOWN;
            self.used = 1;
        }
        0
    }
}

/// Makes the overflow area of a table of `entries` entries (`slots`, the
/// first `used` in use) once a block has found no room (see "When it is
/// full" above): the blocks end at a quarter of the table, and the nodes
/// they no longer hold move to the overflow area. Returns where it starts,
/// and the entries now in use (all of them).
///
/// For its duration it takes 4 bytes per entry besides the table (the
/// bucket each node moves to: a bucket is found from bits a node's tag
/// does not keep, so that the tag's 56 bits stay independent of it).
#[cold]
#[inline(never)]
fn split(slots: &mut Vec<[u64; 2]>, entries: usize, used: usize) -> (usize, usize) {
    /// A node of the blocks on the walk from the root.
    struct Frame {
        /// Its block.
        kids: usize,
        room: usize,
        /// The key it gives its children.
        key: Key,
        /// Whether it moves to the overflow area.
        moves: bool,
        depth: usize,
        /// The next child to walk.
        next: usize,
    }
    let e = entries;
    let c = blocks_end(e, used);
    debug_assert!(e >= SPLITTABLE && e - c >= 2 * WAYS);
    slots.resize(e, [0; 2]);
    let buckets = (e - c) / WAYS;
    // The bucket each moving node goes to, + 1, by entry (0: none). A node
    // moves if its entry is at c or beyond or its parent moves.
    let mut target = vec![0u32; e];
    // Every node of the blocks, depth first from the root: a moving node
    // with bounds becomes an entry of the overflow area where it is (its
    // tag in place of its block, once the walk has read it).
    let (kids, room) = block(slots[0][1]);
    let mut walk = vec![Frame {
        kids,
        room,
        key: Key::anchor(0),
        moves: false,
        depth: 0,
        next: 0,
    }];
    while let Some(f) = walk.last_mut() {
        if f.next == f.room {
            walk.pop();
            continue;
        }
        let (j, parent) = (f.next, f.key);
        f.next += 1;
        let q = f.kids + j;
        let moves = f.moves || q >= c;
        let depth = f.depth + 1;
        let key = parent.child(j);
        let (kids, room) = block(slots[q][1]);
        if moves {
            slots[q][1] = 0;
            if slots[q][0] != UNKNOWN[0] {
                slots[q][1] = tag(key, depth);
                target[q] = (key.bucket(buckets) + 1) as u32;
            }
        }
        walk.push(Frame {
            kids,
            room,
            key: if moves { key } else { Key::anchor(q) },
            moves,
            depth,
            next: 0,
        });
    }
    // The overflow area: empty but for the moving nodes.
    for (s, t) in slots[c..].iter_mut().zip(&target[c..]) {
        if *t == 0 {
            *s = [0; 2];
        }
    }
    // Each moving node to its bucket: to an empty entry, else in place of
    // a node still to move (which moves on in its turn), else in place of
    // the deepest if it is not deeper.
    for p in 0..e {
        if target[p] == 0 {
            continue;
        }
        let mut b = target[p] as usize - 1;
        target[p] = 0;
        let mut node = std::mem::replace(&mut slots[p], if p < c { UNKNOWN } else { [0; 2] });
        loop {
            let first = c + b * WAYS;
            let bucket = first..first + WAYS;
            if let Some(s) = bucket.clone().find(|&s| slots[s][1] == 0) {
                slots[s] = node;
                break;
            }
            if let Some(s) = bucket.clone().find(|&s| target[s] != 0) {
                std::mem::swap(&mut slots[s], &mut node);
                b = target[s] as usize - 1;
                target[s] = 0;
                continue;
            }
            let full: &Bucket = slots[bucket].try_into().expect("a bucket is WAYS entries");
            let v = first + Overflow::victim(full);
            // The node takes the deepest's place if it is not as deep.
            if node[1] & 0xFF > slots[v][1] & 0xFF {
                slots[v] = node;
            }
            break;
        }
    }
    // The blocks keep what lies before c.
    for s in &mut slots[..c] {
        let (kids, room) = block(s[1]);
        if kids + room > c {
            let room = c.saturating_sub(kids).min(room);
            s[1] = if room == 0 { 0 } else { block_word(kids, room) };
        }
    }
    (c, e)
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
/// Two details: a child's bounds are looked up in its parent's loop, as
/// Plaat et al. write it, and its node is generated only if they do not
/// decide; and a terminal stores its static value as both bounds, so no
/// terminal is ever evaluated twice (Plaat et al. reach the same by
/// returning any stored bound of a leaf).
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
    mt_pass(tree, tt, gamma, Open).map(|(g, _)| g)
}

/// What MT asks before every terminal evaluation: nothing ([`Open`], the
/// plain functions, where it compiles away) or the [`Leaves`] of a search
/// with limits.
pub(crate) trait Gate {
    /// Whether the next terminal may be evaluated.
    fn leaf(&mut self) -> Result<(), Stopped>;
}

/// No limits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Open;

impl Gate for Open {
    #[inline(always)]
    fn leaf(&mut self) -> Result<(), Stopped> {
        Ok(())
    }
}

impl Gate for &mut Leaves {
    #[inline(always)]
    fn leaf(&mut self) -> Result<(), Stopped> {
        Leaves::leaf(self)
    }
}

/// One MT call ([`mt`]) with `gate` asked before every terminal; also the
/// root's child that made a pass fail high (the move the lower bound
/// comes from: MAX's loop stops at it), `None` after a fail low or on a
/// terminal root.
pub(crate) fn mt_pass<T: Tree + ?Sized, G: Gate>(
    tree: &T,
    tt: &mut TranspositionTable,
    gamma: Value,
    gate: G,
) -> Result<(Value, Option<usize>), SearchError> {
    let root = tree.root();
    let call = Call {
        tree,
        root: &root,
        // A new root entry knows nothing: the root is searched even at
        // γ = −∞ (where an entry of no bounds would decide it), as without
        // an entry.
        new: tt.used == 0,
        at: tt.root(),
        gamma,
    };
    let (r, fail, best) = if tt.over == 0 && !(1..SPLITTABLE).contains(&tt.entries) {
        let (r, fail, best, gate) = pass::<T, G, BLOCKS>(&call, tt, gate);
        if r.is_err() && fail.is_none() {
            again(&call, tt, gate)
        } else {
            (r, fail, best)
        }
    } else {
        let (r, fail, best, _) = pass::<T, G, OVERFLOW>(&call, tt, gate);
        (r, fail, best)
    };
    match (r, fail) {
        (Ok(g), _) => Ok((value_of(g as u32), best)),
        (Err(()), Some(e)) => Err(e),
        (Err(()), None) => unreachable!("a failed search records its error"),
    }
}

/// How MT is compiled: for a table that has room in its blocks and stops a
/// call when they run out ([`BLOCKS`]), or for one with an overflow area,
/// or too small for one ([`OVERFLOW`]). The search with room for everything
/// thus runs code that knows nothing of the overflow area.
type Mode = bool;

/// MT while the blocks have room: a block that finds none stops the call
/// (`Err(())` with no error), to start it again with an overflow area.
const BLOCKS: Mode = false;

/// MT with an overflow area, or with a table too small for one (whose
/// children without room are searched without storing anything).
const OVERFLOW: Mode = true;

/// The fewest entries a table needs for an overflow area of two buckets
/// beside the blocks' quarter.
const SPLITTABLE: usize = 10;

/// One MT call's question: the tree, its root (entry `at`; `new` if it
/// was just taken), and γ.
struct Call<'r, T: Tree + ?Sized> {
    tree: &'r T,
    root: &'r T::Node,
    at: usize,
    new: bool,
    gamma: Value,
}

/// The result of `call` with `tt` compiled for `M`: the result, the error
/// if one stopped it, the root's move that failed high, and `gate` back.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn pass<T: Tree + ?Sized, G: Gate, const M: Mode>(
    call: &Call<'_, T>,
    tt: &mut TranspositionTable,
    gate: G,
) -> (Result<i32, ()>, Option<SearchError>, Option<usize>, G) {
    let mut m = Mt::<T, G, M> {
        tree: call.tree,
        slots: std::mem::take(&mut tt.slots),
        entries: tt.entries,
        used: tt.used,
        over: tt.over,
        gamma: call.gamma.get(),
        fail: None,
        gate,
        best: None,
    };
    let r = if call.new {
        m.search::<MaxToMove>(call.root, call.at, 0)
    } else {
        m.visit::<MaxToMove>(|| call.root.clone(), call.at, 0)
    };
    tt.used = m.used;
    tt.slots = m.slots;
    (r, m.fail, m.best, m.gate)
}

/// After an MT call stopped because a block found no room: the table gets
/// its overflow area, and the call starts again from the root (it stored
/// nothing for the nodes it had not finished, and cannot stop so again).
#[cold]
#[inline(never)]
fn again<T: Tree + ?Sized, G: Gate>(
    call: &Call<'_, T>,
    tt: &mut TranspositionTable,
    gate: G,
) -> (Result<i32, ()>, Option<SearchError>, Option<usize>) {
    (tt.over, tt.used) = split(&mut tt.slots, tt.entries, tt.used);
    let (r, fail, best, _) = pass::<T, G, OVERFLOW>(call, tt, gate);
    (r, fail, best)
}

/// The player to move at a node, as a type, so that MT's loop is compiled
/// once for MAX and once for MIN.
trait Side {
    /// Whether MAX is to move.
    const MAX: bool;
    /// The player to move at the children.
    type Other: Side;

    /// A node's `g` before its first child: −∞ for MAX, +∞ for MIN.
    const START: i32 = if Self::MAX {
        Value::NEG_INF.get()
    } else {
        Value::INF.get()
    };

    /// Whether `g` settles the node against γ: MAX takes the maximum over
    /// the children while `g < γ`, MIN the minimum while `g >= γ`.
    #[inline(always)]
    fn cut(g: i32, gamma: i32) -> bool {
        if Self::MAX { g >= gamma } else { g < gamma }
    }

    /// `g` after a child of value `r`.
    #[inline(always)]
    fn pick(g: i32, r: i32) -> i32 {
        if Self::MAX { g.max(r) } else { g.min(r) }
    }
}

/// The value bounds `b` decide against γ, if they do: a lower bound at
/// least γ, or an upper bound below it.
#[inline(always)]
fn decided(b: u64, gamma: i32) -> Option<i32> {
    let lower = b as u32 as i32;
    if lower >= gamma {
        return Some(lower);
    }
    let upper = (b >> 32) as u32 as i32;
    if upper < gamma { Some(upper) } else { None }
}

/// The bounds `b` after a search that returned `g` at γ: failing low gives
/// an upper bound, failing high a lower bound.
#[inline(always)]
fn narrowed(b: u64, g: i32, gamma: i32) -> u64 {
    if g < gamma {
        (b & 0xFFFF_FFFF) | u64::from(g as u32) << 32
    } else {
        (b & !0xFFFF_FFFF) | u64::from(g as u32)
    }
}

/// MAX to move (even depths).
struct MaxToMove;

/// MIN to move (odd depths).
struct MinToMove;

impl Side for MaxToMove {
    const MAX: bool = true;
    type Other = MinToMove;
}

impl Side for MinToMove {
    const MAX: bool = false;
    type Other = MaxToMove;
}

/// No entry: the node is searched without storing anything.
const NONE: usize = usize::MAX;

/// One call of [`mt`]: the tree, the table's entries, γ, and the error
/// that stopped the search, if one did. Values here are a [`Value`]'s bits
/// ([`Value::get`]), which order as the values do; a failed call returns
/// `Err(())` with the error in `fail` (so that a result fits in
/// registers), or with none to start again once the table has an overflow
/// area.
struct Mt<'a, T: Tree + ?Sized, G, const M: Mode> {
    tree: &'a T,
    /// The table's entries, taken for the call.
    slots: Vec<[u64; 2]>,
    /// How many there may be.
    entries: usize,
    used: usize,
    /// Where the overflow area starts (0: none).
    over: usize,
    gamma: i32,
    fail: Option<SearchError>,
    /// Asked before every terminal evaluation.
    gate: G,
    /// The root's child at which a fail-high pass stopped.
    best: Option<usize>,
}

impl<T: Tree + ?Sized, G: Gate, const M: Mode> Mt<'_, T, G, M> {
    /// Records `e` and fails.
    #[cold]
    fn fail<R>(&mut self, e: SearchError) -> Result<R, ()> {
        self.fail = Some(e);
        Err(())
    }

    /// MT on the node with the entry `at` ([`NONE`] if it has none; made by
    /// `node` only if needed): its stored bounds if they decide, else
    /// [`search`](Self::search).
    #[inline(always)]
    fn visit<S: Side>(
        &mut self,
        node: impl FnOnce() -> T::Node,
        at: usize,
        depth: usize,
    ) -> Result<i32, ()> {
        if at != NONE
            && let Some(g) = decided(self.slots[at][0], self.gamma)
        {
            return Ok(g);
        }
        self.search::<S>(&node(), at, depth)
    }

    /// MT on the node `n` with the entry `at`, its bounds aside: its value
    /// if it is a terminal, else [`mt_at`](Self::mt_at) (the recursion).
    #[inline(always)]
    fn search<S: Side>(&mut self, n: &T::Node, at: usize, depth: usize) -> Result<i32, ()> {
        let w = self.tree.num_children(n);
        if w == 0 {
            let g = self.terminal(n, depth)?;
            if at != NONE {
                self.slots[at][0] = bounds(g, g);
            }
            return Ok(g.get());
        }
        self.mt_at::<S>(n, at, depth, w)
    }

    /// The static value of the terminal `n` at `depth`, after the gate.
    #[inline(always)]
    fn terminal(&mut self, n: &T::Node, depth: usize) -> Result<Value, ()> {
        if let Err(s) = self.gate.leaf() {
            return self.fail(SearchError::Stopped(s));
        }
        match static_max(self.tree, n, depth) {
            Ok(g) => Ok(g),
            Err(e) => self.fail(e),
        }
    }

    /// Checks that the `w` children of an interior node at `depth` may be
    /// searched and keyed.
    #[inline(always)]
    fn interior(&mut self, depth: usize, w: usize) -> Result<(), ()> {
        if let Err(e) = expand(depth) {
            return self.fail(e);
        }
        if w > usize::from(u16::MAX) + 1 {
            return self.fail(SearchError::TooManyChildren { children: w });
        }
        Ok(())
    }

    /// Notes the root's move when the root's loop (MAX to move) stopped
    /// at child `i − 1` because it `reached` γ.
    #[inline(always)]
    fn note_best(&mut self, reached: bool, i: usize) {
        if reached && i > 0 {
            self.best = Some(i - 1);
        }
    }

    /// MT below the interior node `n` (`w` children) with the entry `at`,
    /// `S` to move.
    fn mt_at<S: Side>(
        &mut self,
        n: &T::Node,
        at: usize,
        depth: usize,
        w: usize,
    ) -> Result<i32, ()> {
        self.interior(depth, w)?;
        let gamma = self.gamma;
        let cut = |g: i32| S::cut(g, gamma);
        let mut g = S::START;
        let (mut kids, mut room) = if at == NONE {
            (0, 0)
        } else {
            block(self.slots[at][1])
        };
        let mut i = 0;
        while i < w && !cut(g) {
            // The children whose entries decide them, in one tight loop.
            if i < room {
                for e in &self.slots[kids + i..kids + room] {
                    let lower = e[0] as u32 as i32;
                    let r = if lower >= gamma {
                        lower
                    } else {
                        let upper = (e[0] >> 32) as u32 as i32;
                        if upper >= gamma {
                            break;
                        }
                        upper
                    };
                    g = S::pick(g, r);
                    i += 1;
                    if cut(g) {
                        break;
                    }
                }
                if i == w || cut(g) {
                    break;
                }
            }
            // Child i: its entry does not decide it, or it has none.
            if i == room && at != NONE {
                match self.grow(at, w, room) {
                    Some(b) => (kids, room) = b,
                    // The blocks have run out: start again with an
                    // overflow area.
                    None if M == BLOCKS => return Err(()),
                    None => {
                        if self.over != 0 {
                            return self.beyond::<S>(n, at, depth, w, i, g);
                        }
                        // A table too small for one: on without storing.
                    }
                }
            }
            let c = if i < room { kids + i } else { NONE };
            let r = self.search::<S::Other>(&self.tree.child(n, i), c, depth + 1)?;
            g = S::pick(g, r);
            i += 1;
        }
        self.note_best(depth == 0 && S::MAX && g >= gamma, i);
        if at != NONE {
            let b = &mut self.slots[at][0];
            *b = narrowed(*b, g, gamma);
        }
        Ok(g)
    }

    /// Allocates at least `n` entries if the table may have them (twice
    /// what is allocated, at least 1,024, at most `entries`); whether it
    /// may.
    #[cold]
    #[inline(never)]
    fn allocate(&mut self, n: usize) -> bool {
        if n > self.entries {
            return false;
        }
        let len = (self.slots.len() * 2).max(n).max(1 << 10).min(self.entries);
        self.slots.resize(len, [0; 2]);
        true
    }

    /// Gives the node at `at` (`w` children, the first `room` with an
    /// entry) a block for more children: for all `w` if it has a block
    /// already (for its first child only: `room` is 0 or 1, unless the
    /// table has an overflow area) or if `w` is at most [`SMALL_BLOCK`],
    /// else for its first child only; child 0's entry is copied. Returns
    /// the new block, or `None` if the table has no room (always, once it
    /// has an overflow area).
    #[inline(always)]
    fn grow(&mut self, at: usize, w: usize, room: usize) -> Option<(usize, usize)> {
        debug_assert!(room <= 1 || self.over != 0);
        let want = if room == 0 && w > SMALL_BLOCK { 1 } else { w };
        let start = self.used;
        if self.slots.len() - start < want && !self.allocate(start + want) {
            return None;
        }
        self.used = start + want;
        let old = block(self.slots[at][1]).0;
        self.slots[start..start + want].fill(UNKNOWN);
        if room == 1 {
            self.slots[start] = self.slots[old];
        }
        // Both fit in 32 bits: the table has at most u32::MAX entries, a
        // node at most 65,536 children.
        self.slots[at][1] = block_word(start, want);
        Some((start, want))
    }

    /// The rest of [`mt_at`](Self::mt_at) on the node `n` (entry `at`,
    /// `S` to move, `w` children, `g` so far) from its child `i`, the
    /// first to find no room in the blocks: every child from `i` on in the
    /// overflow area.
    #[cold]
    #[inline(never)]
    fn beyond<S: Side>(
        &mut self,
        n: &T::Node,
        at: usize,
        depth: usize,
        w: usize,
        mut i: usize,
        mut g: i32,
    ) -> Result<i32, ()> {
        let key = Key::anchor(at);
        while i < w && !S::cut(g, self.gamma) {
            let r = self.overflow::<S::Other>(n, i, key, depth + 1)?;
            g = S::pick(g, r);
            i += 1;
        }
        self.note_best(depth == 0 && S::MAX && g >= self.gamma, i);
        self.slots[at][0] = narrowed(self.slots[at][0], g, self.gamma);
        Ok(g)
    }

    /// MT on child `i` of `n`, a child without an entry in the blocks
    /// (`pk` is the key `n` gives its children, `depth` the child's):
    /// its bounds in the overflow area if they decide, else a search (the
    /// child generated only then) that stores its result there, keeping
    /// the bound it had.
    #[inline(never)]
    fn overflow<S: Side>(
        &mut self,
        n: &T::Node,
        i: usize,
        pk: Key,
        depth: usize,
    ) -> Result<i32, ()> {
        let k = pk.child(i);
        let (found, b) = match Overflow::probe(&self.slots[self.over..], k) {
            Some((e, b)) => (Some(e), b),
            None => (None, UNKNOWN[0]),
        };
        if let Some(g) = decided(b, self.gamma) {
            return Ok(g);
        }
        let c = self.tree.child(n, i);
        let w = self.tree.num_children(&c);
        let over = self.over;
        if w == 0 {
            let g = self.terminal(&c, depth)?;
            Overflow::store(&mut self.slots[over..], k, depth, bounds(g, g), found);
            return Ok(g.get());
        }
        self.interior(depth, w)?;
        let mut g = S::START;
        let mut j = 0;
        while j < w && !S::cut(g, self.gamma) {
            let r = self.overflow::<S::Other>(&c, j, k, depth + 1)?;
            g = S::pick(g, r);
            j += 1;
        }
        let b = narrowed(b, g, self.gamma);
        Overflow::store(&mut self.slots[over..], k, depth, b, found);
        Ok(g)
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
    run(tree, tt, Driver::Sss)
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
    run(tree, tt, Driver::Dual)
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
    run(tree, tt, Driver::Mtdf(first_guess))
}

/// `driver`'s MT calls on `tree`, the table cleared first.
fn run<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    driver: Driver,
) -> Result<Outcome, SearchError> {
    tt.clear();
    drive(driver, |gamma| mt_pass(tree, tt, gamma, Open)).map(|(o, _)| o)
}

/// The sequence of MT calls of a driver.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Driver {
    /// MT-SSS\*: from +∞ down.
    Sss,
    /// MT-DUAL\*: from −∞ up.
    Dual,
    /// MTD(f) from the first guess.
    Mtdf(Value),
}

/// Runs `driver`'s MT calls through `pass` (one MT call at γ: its result
/// and, after a fail high, the root's move that reached γ) until the value
/// is known; returns it with the move of the last pass that failed high —
/// the one that proved the lower bound the value is, so a move to a
/// position of the root's value (`None` on a terminal root).
pub(crate) fn drive(
    driver: Driver,
    mut pass: impl FnMut(Value) -> Result<(Value, Option<usize>), SearchError>,
) -> Result<(Outcome, Option<usize>), SearchError> {
    let mut g = match driver {
        Driver::Sss => Value::INF,
        Driver::Dual => Value::NEG_INF,
        Driver::Mtdf(f) => f,
    };
    let (mut lower, mut upper) = (Value::NEG_INF, Value::INF);
    let mut passes = 0;
    let mut best = None;
    loop {
        let gamma = match driver {
            Driver::Sss => g,
            Driver::Dual => offset(g, 1),
            Driver::Mtdf(_) if g == lower => offset(g, 1),
            Driver::Mtdf(_) => g,
        };
        let (r, moved) = pass(gamma)?;
        g = r;
        passes += 1;
        if g < gamma {
            upper = g;
        } else {
            lower = g;
            best = moved;
        }
        let done = match driver {
            Driver::Sss => g == gamma,
            Driver::Dual => g < gamma,
            Driver::Mtdf(_) => lower >= upper,
        };
        if done {
            return Ok((Outcome { value: g, passes }, best));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::HashTree;
    use tree_core::corpus::random_trees;

    /// Entries are allocated as searches reach them: nothing before, never
    /// more than the table's size, and at most twice what a search uses
    /// (or 1,024), however roomy the table.
    #[test]
    fn entries_are_allocated_as_searches_reach_them() {
        let allocated_well = |tt: &TranspositionTable| {
            tt.used <= tt.slots.len()
                && tt.slots.len() <= tt.entries
                && tt.slots.len() <= (2 * tt.used).max(1 << 10)
        };
        for bytes in [0, 16, 48, 1 << 10, 1 << 16, 4 << 20] {
            let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
            assert!(tt.slots.is_empty());
            for (text, tree) in random_trees(0x5107, 200) {
                mt_sss(&tree, &mut tt).unwrap();
                assert!(allocated_well(&tt), "{bytes} bytes on {text}");
                mt_dual(&tree, &mut tt).unwrap();
                assert!(allocated_well(&tt), "{bytes} bytes on {text}");
            }
        }
        // The table for a whole (8,8) tree (64 MiB) searching a (8,5) one.
        let tree = HashTree::new(8, 5, 3).unwrap();
        let mut tt = TranspositionTable::for_shape(HashTree::new(8, 8, 3).unwrap().bounds());
        assert_eq!(tt.bytes(), 64 << 20);
        mt_sss(&tree, &mut tt).unwrap();
        assert!(allocated_well(&tt), "{} of {}", tt.slots.len(), tt.used);
        assert!(tt.slots.len() * 100 < tt.entries, "{}", tt.slots.len());
    }

    /// Once a table has filled up, its blocks (reached from the root) lie
    /// before the overflow area, whose entries are each empty or tagged
    /// and in the bucket of a key; a table of fewer than 10 entries never
    /// gets one; and a new search clears it all.
    #[test]
    fn a_table_that_fills_up_keeps_its_blocks_before_the_overflow_area() {
        let blocks_within = |tt: &TranspositionTable| {
            let mut stack = vec![0];
            while let Some(at) = stack.pop() {
                let (kids, room) = block(tt.slots[at][1]);
                assert!(room == 0 || kids + room <= tt.over, "{kids}+{room}");
                stack.extend(kids..kids + room);
            }
        };
        let mut split = 0;
        for bytes in [16, 144, 160, 256, 1 << 10, 1 << 12] {
            let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
            for (text, tree) in random_trees(0x5b1, 300) {
                for dual in [false, true] {
                    if dual {
                        mt_dual(&tree, &mut tt).unwrap();
                    } else {
                        mt_sss(&tree, &mut tt).unwrap();
                    }
                    if tt.over == 0 {
                        continue;
                    }
                    split += 1;
                    assert!(tt.entries >= SPLITTABLE, "{bytes} bytes on {text}");
                    assert_eq!((tt.len(), tt.slots.len()), (tt.entries, tt.entries));
                    assert!(tt.over <= tt.entries / 4);
                    blocks_within(&tt);
                    for e in &tt.slots[tt.over..] {
                        assert!(e[1] == 0 || e[1] & 0xFF != 0, "{e:?}");
                    }
                }
            }
            tt.clear();
            assert_eq!((tt.len(), tt.over), (0, 0));
        }
        assert!(split > 500, "{split} searches filled their table");
    }
}

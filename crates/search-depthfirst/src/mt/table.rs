//! MT's transposition table: the searched part of the tree laid out as
//! blocks of children, and the hashed overflow area once the blocks fill up.

use tree_core::{Dewey, Value};

use crate::SearchError;

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
/// **Layout.** A generic [`Tree`](tree_core::Tree) has no position hash, and a tree has no
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
/// **Reuse.** A table describes one tree. [`mt`](crate::mt) trusts what it finds, so
/// reuse a table between calls of [`mt`](crate::mt) only on the same tree; the drivers
/// ([`mt_sss`](crate::mt_sss), [`mt_dual`](crate::mt_dual), [`mtdf`](crate::mtdf)) clear it first, in constant time, so
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
    pub(super) slots: Vec<[u64; 2]>,
    /// How many entries the table may have.
    pub(super) entries: usize,
    /// Entries in use (all of them once there is an overflow area).
    pub(super) used: usize,
    /// Where the overflow area starts and the blocks end; 0 while there
    /// is none.
    pub(super) over: usize,
}

/// The fewest entries a table needs for an overflow area of two buckets
/// beside the blocks' quarter.
pub(super) const SPLITTABLE: usize = 10;

/// No entry: the node is searched without storing anything.
pub(super) const NONE: usize = usize::MAX;

/// Nodes of at most this many children get a block for every child at
/// once (a cache line's worth); wider ones get one for their first child
/// first.
pub(super) const SMALL_BLOCK: usize = 4;

/// The entries of a bucket of the overflow area (a cache line's worth).
const WAYS: usize = 4;

/// The entry of a node with no stored bounds and no block.
pub(super) const UNKNOWN: [u64; 2] = [bounds(Value::NEG_INF, Value::INF), 0];

/// The bounds word of `lower ..= upper`.
#[inline(always)]
pub(super) const fn bounds(lower: Value, upper: Value) -> u64 {
    (lower.get() as u32 as u64) | ((upper.get() as u32 as u64) << 32)
}

/// The lower bound in a bounds word.
#[inline(always)]
pub(super) fn lower(w: u64) -> Value {
    value_of(w as u32)
}

/// The upper bound in a bounds word.
#[inline(always)]
pub(super) fn upper(w: u64) -> Value {
    value_of((w >> 32) as u32)
}

/// The value whose [`Value::get`] has the bits `b` (every stored value is
/// a value's bits).
#[inline(always)]
pub(super) fn value_of(b: u32) -> Value {
    let v = b as i32;
    match Value::new(v) {
        Ok(v) => v,
        Err(_) if v > 0 => Value::INF,
        Err(_) => Value::NEG_INF,
    }
}

/// A block word: child 0's entry at `kids`, `room` children with an entry.
#[inline(always)]
pub(super) fn block_word(kids: usize, room: usize) -> u64 {
    kids as u64 | (room as u64) << 32
}

/// The block in a block word: child 0's entry and how many children have
/// one.
#[inline(always)]
pub(super) fn block(w: u64) -> (usize, usize) {
    ((w as u32) as usize, (w >> 32) as usize)
}

/// The key of a node in the overflow area: two 64-bit hashes of its path,
/// one for its bucket, one for its tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key(u64, u64);

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
    pub(super) fn anchor(at: usize) -> Key {
        Key(
            fmix(at as u64 ^ 0x243F_6A88_85A3_08D3),
            fmix(at as u64 ^ 0x1319_8A2E_0370_7344),
        )
    }

    /// The key of child `i` of the node of this key. Two children of one
    /// node never share a key (each half is a bijection of its input);
    /// other nodes share one only by chance in both halves.
    #[inline]
    pub(super) fn child(self, i: usize) -> Key {
        let i = i as u64 + 1;
        Key(
            fmix(self.0 ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            fmix(self.1 ^ i.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)),
        )
    }

    /// The key of the node `digits` below the node with the block entry
    /// `at`.
    pub(super) fn below(at: usize, digits: &[u16]) -> Key {
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
pub(super) struct Overflow;

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
    pub(super) fn probe(area: &[[u64; 2]], k: Key) -> Option<(usize, u64)> {
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
    pub(super) fn store(area: &mut [[u64; 2]], k: Key, depth: usize, w: u64, found: Option<usize>) {
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
        // Past 64 MiB the count no longer matters: stop there, so that a
        // shape billions of plies deep answers at once.
        const ENOUGH: usize = 64 << 20;
        let mut nodes: usize = 1;
        let mut level: usize = 1;
        for _ in 0..b.depth {
            level = level.saturating_mul(b.branching);
            nodes = nodes.saturating_add(level);
            if nodes >= ENOUGH || level == 0 {
                break;
            }
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
    pub(super) fn root(&mut self) -> usize {
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
pub(super) fn split(slots: &mut Vec<[u64; 2]>, entries: usize, used: usize) -> (usize, usize) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{mt_dual, mt_sss};
    use tree_core::HashTree;
    use tree_core::Tree;
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

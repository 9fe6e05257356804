//! A transposition table shared by the threads of a parallel search, lock
//! free: every entry is three `AtomicU64`s (a check word and two data
//! words) written and read with plain relaxed loads and stores, and a read
//! is believed only if the check word, the data and the key asked for
//! agree, so a torn entry (words of two different writes) or another
//! position's entry reads as a miss.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use tree_core::{Value, mix64};

use super::GameTable;
use super::table::{Bucket, Generations, Interval, Probe, Slot, TableAccess, TableStats, lookup};
use crate::SearchError;

/// Slots of the table of positions being searched.
const BUSY_SLOTS: usize = 1 << 14;

/// SplitMix64's output for the state `z`: a good 64-bit mixing function.
#[inline]
fn mix(z: u64) -> u64 {
    mix64(z.wrapping_add(0x9E37_79B9_7F4A_7C15))
}

/// The verification of two data words: a non-linear function, so that no
/// mix of words from different writes (whatever their keys and data, e.g.
/// keys that differ in exactly the bits their data differ in, which would
/// fool a plain XOR of key and data) checks out except by a 2^-64 chance.
#[inline]
fn verify(w0: u64, w1: u64) -> u64 {
    mix(w0 ^ mix(w1))
}

/// One entry: `check = key ^ verify(w0, w1)`; `w0` = lower bound (low 32
/// bits) and upper bound (high 32 bits) as `i32`s; `w1` = depth (bits
/// 0–15), best move (16–31, [`NO_MOVE`](super::table::NO_MOVE) if none), generation (32–39, 0 or
/// below the table's floor = empty) and the exact-game flag (bit 40).
#[derive(Debug, Default)]
struct Entry {
    check: AtomicU64,
    w0: AtomicU64,
    w1: AtomicU64,
}

const _: () = assert!(std::mem::size_of::<Bucket<Entry>>() == 64);

/// An entry's two data words.
#[inline]
fn words(s: &Slot) -> (u64, u64) {
    let w0 = u64::from(s.lower.get() as u32) | (u64::from(s.upper.get() as u32) << 32);
    let w1 = u64::from(s.depth)
        | (u64::from(s.best) << 16)
        | (u64::from(s.generation) << 32)
        | (u64::from(s.exact) << 40);
    (w0, w1)
}

impl Entry {
    /// The entry if it is one consistent write (its check word agrees with
    /// its data) and not empty (of a generation `generations` count as
    /// live); its key is then the key it was written for.
    #[inline]
    fn read(&self, generations: Generations) -> Option<Slot> {
        let check = self.check.load(Relaxed);
        let w0 = self.w0.load(Relaxed);
        let w1 = self.w1.load(Relaxed);
        let generation = (w1 >> 32) as u8;
        if !generations.live(generation) {
            return None;
        }
        let value = |bits: u64| Value::from_small(0).offset(i64::from(bits as u32 as i32));
        Some(Slot {
            key: check ^ verify(w0, w1),
            lower: value(w0),
            upper: value(w0 >> 32),
            depth: w1 as u16,
            best: (w1 >> 16) as u16,
            generation,
            exact: (w1 >> 40) & 1 == 1,
        })
    }

    #[inline]
    fn write(&self, s: &Slot) {
        let (w0, w1) = words(s);
        self.w0.store(w0, Relaxed);
        self.w1.store(w1, Relaxed);
        self.check.store(s.key ^ verify(w0, w1), Relaxed);
    }
}

/// A transposition table for the threads of one parallel search, with the
/// layout, sizes, replacement rule and exactness rule of [`GameTable`]
/// (two-entry buckets, depth-preferred + always-replace, bounds only for
/// exactly the depth asked or exact-game bounds), but shared: probes and
/// stores take `&self` and use no lock.
///
/// **Torn entries.** An entry is a check word and two data words, each an
/// `AtomicU64` written and read separately, so a reader racing a writer (or
/// two writers racing each other) can see words of different writes. The
/// check word is `key ^ verify(data)` with `verify` a non-linear 64-bit
/// mix of both data words; a probe for `key` believes an entry only if
/// `check ^ verify(data) == key`. Words of different writes pass that test
/// with probability about 2^-64, whatever the keys (it does not rely on
/// keys differing in their low bits: the bucket index), so a torn or
/// foreign entry is a miss, as likely to fool the table as a 64-bit hash
/// collision is. Every consistent entry ever written holds true bounds (a
/// bound of a position at a depth never stops being true), so a stale one
/// is harmless; a lost update (two writers intersecting the same old
/// bounds) only loses information.
///
/// ```
/// use search_depthfirst::SharedTable;
/// let t = SharedTable::new(1 << 20).unwrap();
/// assert!(t.bytes() <= 1 << 20 && 2 * t.bytes() > 1 << 20);
/// assert_eq!(SharedTable::ENTRY_BYTES, 32);
/// assert!(SharedTable::new(10).is_err());
/// ```
#[derive(Debug)]
pub struct SharedTable {
    buckets: Box<[Bucket<Entry>]>,
    /// Positions being searched, by key (a slot per low bits; a collision
    /// only misorders moves): for deferral.
    busy: Box<[AtomicU64]>,
    mask: u64,
    /// As in [`GameTable`]: a clear raises the floor instead of rewriting
    /// the table.
    generations: Generations,
}

impl SharedTable {
    /// The bytes of one entry (as [`GameTable::ENTRY_BYTES`]): half a
    /// bucket of [`GameTable::BUCKET_BYTES`], a cache line.
    pub const ENTRY_BYTES: usize = std::mem::size_of::<Bucket<Entry>>() / 2;

    /// A table of at most `bytes` bytes: the largest power of two of
    /// two-entry buckets that fits, or no table for 0 bytes.
    ///
    /// # Errors
    /// [`SearchError::TableTooSmall`] for `0 < bytes <`
    /// [`GameTable::BUCKET_BYTES`]; [`SearchError::TableTooLarge`] when the
    /// system cannot give the memory.
    pub fn new(bytes: usize) -> Result<SharedTable, SearchError> {
        let (all, buckets) = GameTable::allocate(bytes, Bucket::<Entry>::default)?;
        Ok(SharedTable {
            buckets: all.into_boxed_slice(),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            mask: (buckets as u64).saturating_sub(1),
            generations: Generations::NEW,
        })
    }

    /// How many entries the table holds.
    pub fn entries(&self) -> usize {
        2 * self.buckets.len()
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.entries() * SharedTable::ENTRY_BYTES
    }

    /// Forgets every entry (no search may be running). As
    /// [`GameTable::clear`], the entries are not rewritten until the
    /// generations run out.
    pub fn clear(&mut self) {
        if self.generations.clear() {
            for b in self.buckets.iter_mut() {
                *b = Bucket::default();
            }
        }
        for b in self.busy.iter_mut() {
            *b.get_mut() = 0;
        }
    }

    /// Starts a new search (no search may be running): older entries stay
    /// readable but are replaced first.
    pub fn new_search(&mut self) {
        if let Some(floor) = self.generations.new_search() {
            for e in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
                if ((*e.w1.get_mut() >> 32) as u8) < floor {
                    *e = Entry::default();
                }
            }
        }
    }

    /// A handle for one thread, counting its own [`TableStats`].
    pub(crate) fn handle(&self) -> SharedHandle<'_> {
        SharedHandle {
            table: self,
            defer: false,
            generation: self.generations.current,
            stats: TableStats::default(),
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Entry; 2] {
        &self.buckets[(key & self.mask) as usize].0
    }

    /// What the table holds for `key` at `depth` (or exact), and whether
    /// it holds the position at all.
    #[inline]
    fn lookup(&self, key: u64, depth: u32, exact: bool) -> (Probe, bool) {
        if self.buckets.is_empty() {
            return lookup([], key, depth, exact);
        }
        let generations = self.generations;
        lookup(
            self.bucket(key).iter().map(|e| e.read(generations)),
            key,
            depth,
            exact,
        )
    }

    /// Stores the bounds (lower, upper) for `key` as [`GameTable`] does;
    /// `generation` is the search's. Returns whether a live entry of
    /// another position or depth was evicted.
    fn store(
        &self,
        key: u64,
        depth: u32,
        exact: bool,
        (lower, upper): (Value, Value),
        best: Option<usize>,
        generation: u8,
    ) -> bool {
        if self.buckets.is_empty() {
            return false;
        }
        let fields = Slot::fields(depth, best);
        let bucket = self.bucket(key);
        let slots = bucket.each_ref().map(|e| e.read(self.generations));
        for (e, s) in bucket.iter().zip(slots) {
            if let Some(mut s) = s
                && s.key == key
                && s.answers(u32::from(fields.0), exact)
            {
                s.merge((lower, upper), fields.1, generation, fields.0);
                e.write(&s);
                return false;
            }
        }
        let new = Slot::new(key, fields, exact, (lower, upper), generation);
        let depth = fields.0;
        let live = |s: &Option<Slot>| s.is_some_and(|s| s.generation == generation);
        if !live(&slots[0]) || slots[0].is_some_and(|s| s.rank() <= super::table::rank(depth)) {
            bucket[0].write(&new);
            match slots[0] {
                Some(old) if old.generation == generation => {
                    bucket[1].write(&old);
                    live(&slots[1])
                }
                _ => false,
            }
        } else {
            bucket[1].write(&new);
            live(&slots[1])
        }
    }
}

/// One thread's access to a [`SharedTable`]: the search's generation and
/// the thread's own statistics (no shared counters).
#[derive(Debug)]
pub(crate) struct SharedHandle<'t> {
    table: &'t SharedTable,
    /// Whether to mark and report positions being searched (deferral).
    pub defer: bool,
    generation: u8,
    pub stats: TableStats,
}

impl SharedHandle<'_> {
    /// The table's capacity in entries.
    pub fn entries(&self) -> usize {
        self.table.entries()
    }
}

impl TableAccess for SharedHandle<'_> {
    #[inline]
    fn prefetch(&self, key: u64) {
        if !self.table.buckets.is_empty() {
            crate::prefetch::prefetch(self.table.bucket(key));
        }
    }

    #[inline]
    fn probe(&mut self, key: u64, depth: u32, exact: bool) -> Probe {
        if self.table.buckets.is_empty() {
            return Probe {
                bounds: None,
                best: None,
            };
        }
        let (found, hit) = self.table.lookup(key, depth, exact);
        self.stats.probes += 1;
        self.stats.hits += u64::from(hit);
        self.stats.depth_hits += u64::from(found.bounds.is_some());
        found
    }

    #[inline]
    fn peek(&self, key: u64, depth: u32, exact: bool) -> Probe {
        self.table.lookup(key, depth, exact).0
    }

    #[inline]
    fn store(&mut self, key: u64, depth: u32, exact: bool, bounds: Interval, best: Option<usize>) {
        if self.table.buckets.is_empty() {
            return;
        }
        self.stats.stores += 1;
        let g = self.generation;
        if self.table.store(key, depth, exact, bounds, best, g) {
            self.stats.overwrites += 1;
        }
    }

    #[inline]
    fn count_cutoff(&mut self) {
        self.stats.cutoffs += 1;
    }

    #[inline]
    fn defers(&self) -> bool {
        self.defer
    }

    #[inline]
    fn busy(&self, key: u64) -> bool {
        let key = key | 1;
        self.defer && self.table.busy[key as usize % BUSY_SLOTS].load(Relaxed) == key
    }

    #[inline]
    fn mark(&self, key: u64, on: bool) {
        if !self.defer {
            return;
        }
        let key = key | 1;
        let slot = &self.table.busy[key as usize % BUSY_SLOTS];
        if on {
            slot.store(key, Relaxed);
        } else {
            let _ = slot.compare_exchange(key, 0, Relaxed, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use tree_core::corpus::value as v;

    use crate::enhanced::table::tests::{Cleared, clear_forgets_as_rewriting_would};

    #[test]
    fn behaves_as_the_game_table() {
        let t = SharedTable::new(1024).unwrap();
        let mut h = t.handle();
        h.store(7, 3, false, (v(1), v(5)), Some(2));
        assert_eq!(h.probe(7, 3, false).bounds, Some((v(1), v(5))));
        assert_eq!(h.probe(7, 3, false).best, Some(2));
        let p = h.probe(7, 2, false);
        assert_eq!((p.bounds, p.best), (None, Some(2)));
        h.store(7, 3, false, (v(2), Value::INF), None);
        assert_eq!(h.probe(7, 3, false).bounds, Some((v(2), v(5))));
        // Exact entries answer exact probes at any depth, and only those.
        h.store(9, 12, true, (Value::NEG_INF, Value::INF), Some(1));
        h.store(9, 12, true, (v(-4), v(-4)), None);
        assert_eq!(h.probe(9, 40, true).bounds, Some((v(-4), v(-4))));
        assert_eq!(h.probe(9, 12, false).bounds, None);
        // The sentinels and extreme leaves survive the packing.
        h.store(11, 1, false, (v(Value::MIN_LEAF), v(Value::MAX_LEAF)), None);
        assert_eq!(
            h.probe(11, 1, false).bounds,
            Some((v(Value::MIN_LEAF), v(Value::MAX_LEAF)))
        );
        assert_eq!(h.probe(12, 1, false).bounds, None);
        let s = h.stats;
        assert_eq!((s.stores, s.probes), (5, 8));
        // An empty table stores nothing.
        let t = SharedTable::new(0).unwrap();
        let mut h = t.handle();
        h.store(1, 1, false, (v(0), v(0)), None);
        assert_eq!(h.probe(1, 1, false).bounds, None);
    }

    #[test]
    fn depth_preferred_and_always_replace_in_one_bucket() {
        let mut t = SharedTable::new(GameTable::BUCKET_BYTES).unwrap();
        let mut h = t.handle();
        h.store(1, 5, false, (v(1), v(1)), None);
        h.store(2, 3, false, (v(2), v(2)), None);
        h.store(3, 2, false, (v(3), v(3)), None);
        assert!(h.probe(1, 5, false).bounds.is_some());
        assert!(h.probe(2, 3, false).bounds.is_none());
        h.store(4, 6, false, (v(4), v(4)), None);
        assert!(h.probe(4, 6, false).bounds.is_some());
        assert!(h.probe(1, 5, false).bounds.is_some());
        assert!(h.probe(3, 2, false).bounds.is_none());
        assert_eq!(h.stats.overwrites, 2);
        t.new_search();
        let mut h = t.handle();
        assert!(h.probe(4, 6, false).bounds.is_some());
        h.store(5, 1, false, (v(5), v(5)), None);
        assert_eq!(h.stats.overwrites, 0);
        t.clear();
        assert_eq!(t.handle().probe(5, 1, false).bounds, None);
    }

    /// The data a writer stores for `key`: bounds, depth, move and flag all
    /// functions of the key, so a reader can tell whether what it got
    /// belongs to the key it asked for.
    fn data_of(key: u64) -> (u32, Value, Value, usize, bool) {
        let h = mix(key);
        let depth = (h % 7) as u32;
        let lower = Value::saturating(i64::from((h >> 8) as i32));
        let upper = Value::saturating(i64::from((h >> 24) as i32)).max(lower);
        (
            depth,
            lower,
            upper,
            ((h >> 40) % 64) as usize,
            (h >> 50) & 1 == 1,
        )
    }

    /// Writers hammer one bucket with keys that share every low bit (so
    /// all collide), differing only in their top bits; every hit a reader
    /// gets must be the data written for the key it asked for. A torn
    /// entry would show mismatched bounds, move or depth.
    #[test]
    fn torn_and_foreign_entries_are_never_used() {
        // 16 buckets; every key has the same low 56 bits: one bucket.
        let t = SharedTable::new(16 * GameTable::BUCKET_BYTES).unwrap();
        let keys: Vec<u64> = (0..64u64)
            .map(|k| (k << 56) | 0x00AB_CDEF_0123_4567)
            .collect();
        // XOR-structured keys too: key differences equal to possible data
        // differences (what fools a plain key ^ data check).
        let keys: Vec<u64> = keys
            .iter()
            .chain(&[0x3u64 << 56, (0x3u64 << 56) ^ 1, (0x3u64 << 56) ^ (1 << 32)])
            .copied()
            .collect();
        let rounds = 200_000;
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for w in 0..4u64 {
                let (t, keys, hits) = (&t, &keys, &hits);
                s.spawn(move || {
                    let mut h = t.handle();
                    let mut rng = w.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                    for _ in 0..rounds {
                        rng = mix(rng);
                        let key = keys[(rng % keys.len() as u64) as usize];
                        let (depth, lower, upper, best, exact) = data_of(key);
                        if rng & (1 << 20) != 0 {
                            h.store(key, depth, exact, (lower, upper), Some(best));
                        } else {
                            let p = h.probe(key, depth, exact);
                            if let Some(b) = p.bounds {
                                // In-place updates intersect equal bounds:
                                // the data never changes for a key.
                                assert_eq!(b, (lower, upper), "{key:#x}");
                                assert_eq!(p.best, Some(best), "{key:#x}");
                                hits.fetch_add(1, Relaxed);
                            } else if let Some(m) = p.best {
                                assert_eq!(m, best, "{key:#x}");
                            }
                        }
                    }
                });
            }
        });
        // The test saw real hits, not only misses.
        assert!(hits.load(Relaxed) > 1000, "{}", hits.load(Relaxed));
    }

    impl Cleared for SharedTable {
        fn with_bytes(bytes: usize) -> Self {
            SharedTable::new(bytes).unwrap()
        }
        fn access(&mut self) -> impl TableAccess + '_ {
            self.handle()
        }
        fn next_search(&mut self) {
            self.new_search();
        }
        fn forget(&mut self) {
            self.clear();
        }
        fn generations(&self) -> Generations {
            self.generations
        }
        fn tally(&self) -> (usize, TableStats) {
            let g = self.generations;
            let live = self.buckets.iter().flat_map(|b| b.0.iter());
            let live = live.filter(|e| e.read(g).is_some_and(|s| s.generation == g.current));
            (live.count(), TableStats::default())
        }
    }

    #[test]
    fn a_clear_forgets_as_rewriting_the_table_would() {
        clear_forgets_as_rewriting_would::<SharedTable>();
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let t = SharedTable::new(GameTable::BUCKET_BYTES).unwrap();
        let mut h = t.handle();
        let (a, b) = (1u64 << 60, 2u64 << 60);
        h.store(a, 3, false, (v(10), v(10)), Some(1));
        let e = &t.buckets[0].0[0];
        let old = (
            e.check.load(Relaxed),
            e.w0.load(Relaxed),
            e.w1.load(Relaxed),
        );
        h.store(b, 4, false, (v(-7), v(20)), Some(2));
        assert_eq!(t.buckets[0].0[0].read(Generations::NEW).unwrap().key, b);
        // Every mix of the two writes' words other than a whole write.
        let new = (
            e.check.load(Relaxed),
            e.w0.load(Relaxed),
            e.w1.load(Relaxed),
        );
        for mask in 1..7u32 {
            let pick = |bit: u32, o: u64, n: u64| if mask & (1 << bit) != 0 { n } else { o };
            e.check.store(pick(0, old.0, new.0), Relaxed);
            e.w0.store(pick(1, old.1, new.1), Relaxed);
            e.w1.store(pick(2, old.2, new.2), Relaxed);
            let k = e.read(Generations::NEW).map(|s| s.key);
            assert!(k != Some(a) && k != Some(b), "{mask}");
        }
    }
}

//! The transposition table of the enhanced searches: bounds on a position's
//! value at a remaining depth, or on its exact (end-of-game) value, keyed by
//! [`Game::hash`](tree_core::Game::hash), in a fixed array of two-entry
//! buckets allocated once.

use tree_core::Value;

use crate::SearchError;

/// "No best move" in an entry's 16-bit move field.
pub(crate) const NO_MOVE: u16 = u16::MAX;

/// One stored result: bounds on the negamax value (from the point of view of
/// the player to move) of the position whose hash is `key`, searched to
/// `depth` plies, or, if `exact`, on its value at the end of the game
/// (`depth` then only ranks the entry for replacement).
/// The same for [`GameTable`] and [`SharedTable`](super::SharedTable),
/// with the rules both apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot {
    /// The full 64-bit hash: the verification key.
    pub key: u64,
    /// A lower bound on the value (−∞ if none is known).
    pub lower: Value,
    /// An upper bound on the value (+∞ if none is known).
    pub upper: Value,
    /// The remaining depth the bounds are for (for an exact entry: the
    /// plies the game said were left at most, a measure of the work).
    pub depth: u16,
    /// The best move found, an index into the position's moves, or
    /// [`NO_MOVE`].
    pub best: u16,
    /// The search that wrote the slot; 0, or below the table's floor (see
    /// [`GameTable::clear`]), = empty.
    pub generation: u8,
    /// Whether the bounds are on the exact value (the search reached every
    /// end of the game) rather than the value at `depth`.
    pub exact: bool,
}

impl Slot {
    const EMPTY: Slot = Slot {
        key: 0,
        lower: Value::NEG_INF,
        upper: Value::INF,
        depth: 0,
        best: NO_MOVE,
        generation: 0,
        exact: false,
    };

    /// A new entry (`depth` and `best` as [`Slot::fields`] gives them).
    #[inline]
    pub(super) fn new(
        key: u64,
        (depth, best): (u16, u16),
        exact: bool,
        (lower, upper): (Value, Value),
        generation: u8,
    ) -> Slot {
        Slot {
            key,
            lower,
            upper,
            depth,
            best,
            generation,
            exact,
        }
    }

    /// A store's depth and best move as an entry keeps them: the depth
    /// saturated to 16 bits, the move index or [`NO_MOVE`].
    #[inline]
    pub(super) fn fields(depth: u32, best: Option<usize>) -> (u16, u16) {
        let depth = depth.min(u32::from(u16::MAX)) as u16;
        let best = best
            .and_then(|m| u16::try_from(m).ok())
            .filter(|&m| m != NO_MOVE)
            .unwrap_or(NO_MOVE);
        (depth, best)
    }

    /// The entry's depth as the replacement rule ranks it: the depth of
    /// an ordering search's entry without [`ORDER_DEPTH`].
    #[inline]
    pub(super) fn rank(&self) -> u16 {
        rank(self.depth)
    }

    /// Whether this entry's bounds answer a probe at `depth` (or, with
    /// `exact`, on the exact value): bounds count only at exactly the depth
    /// they were searched to.
    #[inline]
    pub(super) fn answers(&self, depth: u32, exact: bool) -> bool {
        self.exact == exact && (exact || u32::from(self.depth) == depth)
    }

    /// Merges a new result for the same position and depth into the entry:
    /// bounds intersected (contradictory bounds only come from a hash
    /// collision; the newer result wins), the move kept unless a new one
    /// is given, the generation renewed.
    #[inline]
    pub(super) fn merge(
        &mut self,
        (lower, upper): (Value, Value),
        best: u16,
        generation: u8,
        depth: u16,
    ) {
        let (lo, hi) = (self.lower.max(lower), self.upper.min(upper));
        (self.lower, self.upper) = if lo <= hi { (lo, hi) } else { (lower, upper) };
        if best != NO_MOVE {
            self.best = best;
        }
        self.generation = generation;
        self.depth = self.depth.max(depth);
    }
}

/// What the entries of `key`'s bucket (`None` or another key's: skipped)
/// hold for a probe at `depth` (or exact), and whether any holds the
/// position: the bounds of the first entry that answers it, and its move
/// or else the first move stored at another depth.
#[inline]
pub(super) fn lookup(
    bucket: impl IntoIterator<Item = Option<Slot>>,
    key: u64,
    depth: u32,
    exact: bool,
) -> (Probe, bool) {
    let mut found = Probe {
        bounds: None,
        best: None,
    };
    let mut hit = false;
    for s in bucket.into_iter().flatten().filter(|s| s.key == key) {
        hit = true;
        let best = (s.best != NO_MOVE).then_some(usize::from(s.best));
        if s.answers(depth, exact) {
            found.bounds = Some((s.lower, s.upper));
            found.best = best.or(found.best);
            break;
        }
        found.best = found.best.or(best);
    }
    (found, hit)
}

/// What a probe found for a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Probe {
    /// Bounds `(lower, upper)` stored at exactly the remaining depth asked
    /// for (or, for an exact probe, on the exact value), if any: only these
    /// may cut the search off.
    pub bounds: Option<(Value, Value)>,
    /// The best move stored for the position at any depth.
    pub best: Option<usize>,
}

/// What a [`GameTable`] did during a search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TableStats {
    /// Lookups of a position.
    pub probes: u64,
    /// Lookups that found the position (its full hash), at any depth.
    pub hits: u64,
    /// Lookups that found bounds at exactly the depth asked for (or exact
    /// bounds for a position searched to the end of the game).
    pub depth_hits: u64,
    /// Lookups whose bounds decided the position without searching it.
    pub cutoffs: u64,
    /// Results written.
    pub stores: u64,
    /// Writes that evicted an entry of the current search for another
    /// position or depth.
    pub overwrites: u64,
}

/// A transposition table for [`Game`](tree_core::Game) searches.
///
/// **Size.** The table takes a size in bytes and holds the largest power of
/// two of [buckets](GameTable::BUCKET_BYTES) (two entries of
/// [`ENTRY_BYTES`](GameTable::ENTRY_BYTES) each) that fits, allocated once
/// in [`GameTable::new`]; 0 bytes is "no table" (every probe misses, nothing
/// is stored). Fewer bytes than one bucket is an error.
///
/// **Entry.** The position's full 64-bit hash (the verification key), the
/// remaining depth, a lower and an upper bound on the negamax value (from the
/// point of view of the player to move), the best move's index, the
/// generation (search number) that wrote it, and whether the bounds are
/// *exact-game* bounds: bounds on the value at the end of the game, stored
/// by a search that reached every end of the game below the position
/// (its depth at least [`Game::plies_left`](tree_core::Game::plies_left)).
/// Such a value is the position's value at every depth that large, so an
/// exact entry answers every such probe whatever its depth; its depth field
/// holds the game's bound on the plies left, which ranks it for
/// replacement.
///
/// **Replacement rule.** A hash selects a bucket by its low bits. A store
/// for a (position, depth) already in the bucket updates it in place,
/// intersecting the bounds (both are true bounds of the same number). Other
/// stores go to the *depth-preferred* slot 0 if it is empty, left by an
/// earlier search (older generation), or holds a depth no greater than the
/// new one; the slot's old entry then moves to the *always-replace* slot 1.
/// Otherwise the new entry goes to slot 1, whatever is there. So the deepest
/// (most expensive) results of the current search survive, and recent
/// shallow results still have a place.
///
/// **Exactness.** A position's value depends on the remaining depth: the
/// depth-6 value of a position and its depth-4 value are different numbers.
/// A probe therefore returns bounds only for exactly the depth asked for
/// (or, for a position searched to the end of the game, exact-game
/// bounds); entries of any other depth (deeper ones included, which chess
/// programs use for cutoffs) give only their best move, for ordering. So
/// every search returns exactly the fixed-depth minimax value of
/// [`Horizon`](tree_core::Horizon), which is what the experiments compare.
///
/// **Collisions.** The table trusts the 64-bit hash: two positions with the
/// same hash are taken to be the same position, so
/// [`Game::hash`](tree_core::Game::hash) must be a good hash (e.g. Zobrist).
/// With a good hash a search that makes `N` probes confuses two positions
/// with probability about `2N / 2^64` (two entries compared per probe),
/// about 10^-10 for 10^9 probes. A bad hash gives wrong values, never a
/// panic or an endless search.
#[derive(Debug, Clone)]
pub struct GameTable {
    buckets: Vec<Bucket<Slot>>,
    /// Buckets − 1 (buckets is a power of two); unused if `buckets` is empty.
    mask: u64,
    generations: Generations,
    stats: TableStats,
}

/// A table's generations (search numbers, a byte in each entry): the
/// current search's, and a floor below which entries count as empty, so
/// that a clear raises the floor past every generation written instead of
/// rewriting the table. The same for [`GameTable`] and
/// [`SharedTable`](super::SharedTable): the table rewrites its entries
/// when a clear or a new search says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Generations {
    /// The current search's.
    pub(super) current: u8,
    /// Entries of a generation below this one are empty (at least 1, so
    /// that generation 0, never written, is always empty).
    pub(super) floor: u8,
    /// The highest generation an entry may hold (`u8::MAX` once the
    /// generations have wrapped around, until a clear rewrites the table).
    pub(super) top: u8,
}

impl Generations {
    /// Those of a table just allocated (every entry of generation 0).
    pub(super) const NEW: Generations = Generations {
        current: 1,
        floor: 1,
        top: 1,
    };

    /// Whether an entry of generation `g` holds anything.
    #[inline(always)]
    pub(super) fn live(self, g: u8) -> bool {
        g >= self.floor
    }

    /// Forgets every entry: true if the table must empty every entry (the
    /// generations have run out), otherwise nothing is to be rewritten.
    #[must_use]
    pub(super) fn clear(&mut self) -> bool {
        let rewrite = self.top == u8::MAX;
        self.current = if rewrite { 1 } else { self.top + 1 };
        (self.floor, self.top) = (self.current, self.current);
        rewrite
    }

    /// Starts a new search. When the generations wrap around to 1, the
    /// entries a clear left below the floor must not come back to life:
    /// then the floor is returned, and the table must empty every entry of
    /// a generation below it.
    #[must_use]
    pub(super) fn new_search(&mut self) -> Option<u8> {
        if self.current == u8::MAX {
            let floor = self.floor;
            (self.current, self.floor) = (1, 1);
            (floor > 1).then_some(floor)
        } else {
            self.current += 1;
            self.top = self.top.max(self.current);
            None
        }
    }
}

/// The two entries of a bucket, on a cache line of their own (64 bytes,
/// aligned), so that a probe reads one line and one prefetch brings it
/// all (two 24-byte entries straddled two lines in three buckets of four).
/// The same for [`GameTable`] (of [`Slot`]s) and
/// [`SharedTable`](super::SharedTable) (of its atomic entries).
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(64))]
pub(super) struct Bucket<E>(pub [E; 2]);

const _: () = assert!(std::mem::size_of::<Bucket<Slot>>() == 64);

impl GameTable {
    /// The bytes of one entry: half a bucket (24 bytes of entry and 8 of
    /// the bucket's padding).
    pub const ENTRY_BYTES: usize = GameTable::BUCKET_BYTES / 2;
    /// The bytes of one bucket of two entries (a cache line): the smallest
    /// non-zero table.
    pub const BUCKET_BYTES: usize = std::mem::size_of::<Bucket<Slot>>();

    /// A table of at most `bytes` bytes: the largest power of two of buckets
    /// that fits, or no table at all for 0 bytes.
    ///
    /// ```
    /// use search_depthfirst::GameTable;
    /// let t = GameTable::new(1 << 20).unwrap();
    /// assert!(t.bytes() <= 1 << 20 && 2 * t.bytes() > 1 << 20);
    /// assert_eq!(GameTable::new(0).unwrap().entries(), 0);
    /// assert!(GameTable::new(GameTable::BUCKET_BYTES - 1).is_err());
    /// ```
    ///
    /// # Errors
    /// [`SearchError::TableTooSmall`] for `0 < bytes <`
    /// [`BUCKET_BYTES`](GameTable::BUCKET_BYTES);
    /// [`SearchError::TableTooLarge`] when the system cannot give the
    /// memory.
    pub fn new(bytes: usize) -> Result<GameTable, SearchError> {
        let (all, buckets) = GameTable::allocate(bytes, || Bucket([Slot::EMPTY; 2]))?;
        Ok(GameTable {
            buckets: all,
            mask: (buckets as u64).saturating_sub(1),
            generations: Generations::NEW,
            stats: TableStats::default(),
        })
    }

    /// The buckets of a table of at most `bytes` bytes, each `fill()`:
    /// [`buckets_for`](GameTable::buckets_for) of them, a number it also
    /// returns.
    pub(crate) fn allocate<B>(
        bytes: usize,
        fill: impl FnMut() -> B,
    ) -> Result<(Vec<B>, usize), SearchError> {
        let buckets = GameTable::buckets_for(bytes)?;
        let mut all = Vec::new();
        all.try_reserve_exact(buckets)
            .map_err(|_| SearchError::TableTooLarge { bytes })?;
        all.extend(std::iter::repeat_with(fill).take(buckets));
        Ok((all, buckets))
    }

    /// How many buckets `bytes` bytes hold (a power of two, or 0 for 0).
    pub(crate) fn buckets_for(bytes: usize) -> Result<usize, SearchError> {
        if bytes == 0 {
            return Ok(0);
        }
        let buckets = bytes / GameTable::BUCKET_BYTES;
        if buckets == 0 {
            return Err(SearchError::TableTooSmall {
                bytes,
                minimum: GameTable::BUCKET_BYTES,
            });
        }
        Ok(1 << buckets.ilog2())
    }

    /// How many entries the table holds (twice the buckets).
    pub fn entries(&self) -> usize {
        2 * self.buckets.len()
    }

    /// The bytes the entries take.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * GameTable::BUCKET_BYTES
    }

    /// Entries written by the current search.
    pub fn used(&self) -> usize {
        self.buckets
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| s.generation == self.generations.current)
            .count()
    }

    /// What the table did since the last [`new_search`](Self::new_search).
    pub fn stats(&self) -> TableStats {
        self.stats
    }

    /// Forgets every entry and the statistics (keeping the allocation).
    ///
    /// The table is not rewritten: the next generation becomes the floor
    /// below which slots count as empty, so a clear costs nothing until
    /// the 255 generations of a slot's byte run out (then, and after they
    /// have wrapped around, it rewrites every slot).
    pub fn clear(&mut self) {
        if self.generations.clear() {
            self.buckets.fill(Bucket([Slot::EMPTY; 2]));
        }
        self.stats = TableStats::default();
    }

    /// Starts a new search: entries of earlier searches stay readable but
    /// become the first to be replaced; statistics restart from 0.
    pub fn new_search(&mut self) {
        if let Some(floor) = self.generations.new_search() {
            for s in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
                if s.generation < floor {
                    *s = Slot::EMPTY;
                }
            }
        }
        self.stats = TableStats::default();
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key & self.mask) as usize
    }

    /// Looks `key` up for a search of remaining depth `depth`, or with
    /// `exact` for a search to the end of the game (any depth), and counts
    /// the lookup.
    #[inline]
    pub(crate) fn probe(&mut self, key: u64, depth: u32, exact: bool) -> Probe {
        if self.buckets.is_empty() {
            return Probe {
                bounds: None,
                best: None,
            };
        }
        let (found, hit) = self.lookup(key, depth, exact);
        self.stats.probes += 1;
        if hit {
            self.stats.hits += 1;
        }
        if found.bounds.is_some() {
            self.stats.depth_hits += 1;
        }
        found
    }

    /// [`probe`](Self::probe) without counting (for reading the principal
    /// variation after a search).
    pub(crate) fn peek(&self, key: u64, depth: u32, exact: bool) -> Probe {
        if self.buckets.is_empty() {
            return Probe {
                bounds: None,
                best: None,
            };
        }
        self.lookup(key, depth, exact).0
    }

    /// What the bucket of `key` holds for a search of `depth` (or exact),
    /// and whether it holds the position at all.
    #[inline]
    fn lookup(&self, key: u64, depth: u32, exact: bool) -> (Probe, bool) {
        let b = self.bucket(key);
        let bucket = self.buckets[b].0.iter();
        lookup(
            bucket.map(|s| self.generations.live(s.generation).then_some(*s)),
            key,
            depth,
            exact,
        )
    }

    /// Counts a probe whose bounds cut the search off.
    #[inline]
    pub(crate) fn count_cutoff(&mut self) {
        self.stats.cutoffs += 1;
    }

    /// Stores bounds `lower ..= upper` and the best move for `key` at
    /// remaining depth `depth` (at most [`tree_core::MAX_DEPTH`]), or with
    /// `exact` bounds on the exact value (`depth` then ranks the entry).
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        depth: u32,
        exact: bool,
        (lower, upper): Interval,
        best: Option<usize>,
    ) {
        if self.buckets.is_empty() {
            return;
        }
        self.stats.stores += 1;
        let fields = Slot::fields(depth, best);
        let generations = self.generations;
        let generation = generations.current;
        let b = self.bucket(key);
        let bucket = &mut self.buckets[b].0;
        for s in bucket.iter_mut() {
            if generations.live(s.generation)
                && s.key == key
                && s.answers(u32::from(fields.0), exact)
            {
                s.merge((lower, upper), fields.1, generation, fields.0);
                return;
            }
        }
        let new = Slot::new(key, fields, exact, (lower, upper), generation);
        let depth = fields.0;
        let live = |s: &Slot| s.generation == generation;
        if !live(&bucket[0]) || bucket[0].rank() <= rank(depth) {
            let old = std::mem::replace(&mut bucket[0], new);
            if live(&old) {
                if live(&bucket[1]) {
                    self.stats.overwrites += 1;
                }
                bucket[1] = old;
            }
        } else {
            if live(&bucket[1]) {
                self.stats.overwrites += 1;
            }
            bucket[1] = new;
        }
    }
}

/// Added to the remaining depth of the heuristic entries of an ordering
/// search scored by the game's ordering evaluation
/// ([`Game::order_evaluate`](tree_core::Game::order_evaluate)): they answer
/// only probes of such searches, never those of a search by
/// [`Game::evaluate`](tree_core::Game::evaluate) (whose depths stay below
/// [`tree_core::MAX_DEPTH`]), while their best moves serve every search of
/// the position. The replacement rule ranks them by their depth alone.
pub(crate) const ORDER_DEPTH: u32 = 1 << 14;

/// Added to the bound on the plies left of the entries of a selective
/// pass (see [`ProbCut`](super::ProbCut)), plus [`SELECTIVE_STRIDE`] times
/// the pass's number: heuristic entries that answer only probes of the
/// same pass, never an exact search's nor an ordering search's, while
/// their best moves serve every search of the position. The replacement
/// rule ranks them by the bound alone.
pub(crate) const SELECTIVE_DEPTH: u32 = 2 * ORDER_DEPTH;

/// The distance between the depths of two selective passes' entries
/// (more than any bound on the plies left, [`tree_core::MAX_DEPTH`]).
pub(crate) const SELECTIVE_STRIDE: u32 = 1 << 10;

/// A stored depth as the replacement rule ranks it.
#[inline]
pub(super) fn rank(depth: u16) -> u16 {
    let order = ORDER_DEPTH as u16;
    let selective = SELECTIVE_DEPTH as u16;
    if (order..selective).contains(&depth) {
        depth - order
    } else if depth >= selective {
        (depth - selective) % SELECTIVE_STRIDE as u16
    } else {
        depth
    }
}

/// Bounds `(lower, upper)` on a value, as the table stores them.
pub(crate) type Interval = (Value, Value);

/// What the engine needs of a transposition table: the single-threaded
/// [`GameTable`] (through `&mut`) and a thread's handle on a
/// [`SharedTable`](super::SharedTable) both provide it, so one engine
/// serves both, monomorphised.
pub(crate) trait TableAccess {
    /// [`GameTable::probe`]: look up and count.
    fn probe(&mut self, key: u64, depth: u32, exact: bool) -> Probe;
    /// [`GameTable::peek`]: look up without counting.
    fn peek(&self, key: u64, depth: u32, exact: bool) -> Probe;
    /// [`GameTable::store`].
    fn store(&mut self, key: u64, depth: u32, exact: bool, bounds: Interval, best: Option<usize>);
    /// [`GameTable::count_cutoff`].
    fn count_cutoff(&mut self);
    /// Asks the processor to bring the bucket of `key` into its caches
    /// (the engine knows a node's children, and so the buckets they will
    /// probe, before it searches them); a hint, with no effect on results.
    #[inline]
    fn prefetch(&self, _key: u64) {}
    /// Whether [`busy`](TableAccess::busy) can say yes (deferral on).
    #[inline]
    fn defers(&self) -> bool {
        false
    }
    /// Whether another thread is searching the position of `key` (only a
    /// shared table with deferral on knows; for move ordering only).
    #[inline]
    fn busy(&self, _key: u64) -> bool {
        false
    }
    /// Says this thread searches (`on`) or has searched the position of
    /// `key` (a shared table with deferral on).
    #[inline]
    fn mark(&self, _key: u64, _on: bool) {}
}

impl TableAccess for &mut GameTable {
    #[inline]
    fn prefetch(&self, key: u64) {
        if let Some(b) = self.buckets.get(self.bucket(key)) {
            crate::prefetch::prefetch(b);
        }
    }
    #[inline]
    fn probe(&mut self, key: u64, depth: u32, exact: bool) -> Probe {
        GameTable::probe(self, key, depth, exact)
    }
    #[inline]
    fn peek(&self, key: u64, depth: u32, exact: bool) -> Probe {
        GameTable::peek(self, key, depth, exact)
    }
    #[inline]
    fn store(&mut self, key: u64, depth: u32, exact: bool, bounds: Interval, best: Option<usize>) {
        GameTable::store(self, key, depth, exact, bounds, best);
    }
    #[inline]
    fn count_cutoff(&mut self) {
        GameTable::count_cutoff(self);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    use tree_core::corpus::value as v;

    impl GameTable {
        /// A store of depth-`depth` (not exact) bounds.
        fn store_h(
            &mut self,
            key: u64,
            depth: u32,
            lower: Value,
            upper: Value,
            best: Option<usize>,
        ) {
            self.store(key, depth, false, (lower, upper), best);
        }
    }

    #[test]
    fn exact_entries_answer_only_exact_probes_at_any_depth() {
        let mut t = GameTable::new(1024).unwrap();
        t.store(9, 12, true, (v(4), v(4)), Some(1));
        for d in [0, 5, 12, 40] {
            assert_eq!(t.probe(9, d, true).bounds, Some((v(4), v(4))), "{d}");
            // A fixed-depth probe gets the move only.
            let p = t.probe(9, d, false);
            assert_eq!((p.bounds, p.best), (None, Some(1)), "{d}");
        }
        // Depth-12 heuristic bounds live beside the exact ones.
        t.store_h(9, 12, v(-3), v(-3), Some(0));
        assert_eq!(t.probe(9, 12, false).bounds, Some((v(-3), v(-3))));
        assert_eq!(t.probe(9, 3, true).bounds, Some((v(4), v(4))));
        // Exact bounds stored again intersect, whatever the rank.
        t.store(9, 10, true, (v(4), Value::INF), None);
        t.store(9, 14, true, (Value::NEG_INF, v(4)), None);
        assert_eq!(t.probe(9, 0, true).bounds, Some((v(4), v(4))));
    }

    #[test]
    fn sizes_are_powers_of_two_of_buckets() {
        assert_eq!(GameTable::ENTRY_BYTES, 32);
        assert_eq!(GameTable::BUCKET_BYTES, 64);
        for bytes in [64, 127, 128, 1000, 1 << 20, (1 << 20) + 7] {
            let t = GameTable::new(bytes).unwrap();
            assert!(t.bytes() <= bytes && 2 * t.bytes() > bytes, "{bytes}");
            assert!((t.entries() / 2).is_power_of_two());
            // Every bucket on a cache line of its own.
            assert_eq!(t.buckets.as_ptr() as usize % 64, 0);
        }
        let e = GameTable::new(63).unwrap_err();
        assert!(e.to_string().contains("64"), "{e}");
    }

    #[test]
    fn bounds_only_at_the_exact_depth() {
        let mut t = GameTable::new(1024).unwrap();
        t.store_h(7, 3, v(1), v(5), Some(2));
        let p = t.probe(7, 3, false);
        assert_eq!(p.bounds, Some((v(1), v(5))));
        assert_eq!(p.best, Some(2));
        let p = t.probe(7, 2, false);
        assert_eq!(p.bounds, None);
        assert_eq!(p.best, Some(2));
        assert_eq!(t.probe(8, 3, false).best, None);
        // Same position and depth: bounds intersect.
        t.store_h(7, 3, v(2), Value::INF, None);
        assert_eq!(t.probe(7, 3, false).bounds, Some((v(2), v(5))));
        assert_eq!(t.probe(7, 3, false).best, Some(2));
        let s = t.stats();
        assert_eq!((s.probes, s.hits, s.depth_hits, s.stores), (5, 4, 3, 2));
    }

    #[test]
    fn depth_preferred_and_always_replace() {
        // One bucket: every key lands in it.
        let mut t = GameTable::new(GameTable::BUCKET_BYTES).unwrap();
        t.store_h(1, 5, v(1), v(1), None);
        t.store_h(2, 3, v(2), v(2), None); // shallower: slot 1
        t.store_h(3, 2, v(3), v(3), None); // shallower: evicts 2 from slot 1
        assert!(t.probe(1, 5, false).bounds.is_some());
        assert!(t.probe(2, 3, false).bounds.is_none());
        assert!(t.probe(3, 2, false).bounds.is_some());
        t.store_h(4, 6, v(4), v(4), None); // deeper: slot 0, 1 demoted, 3 lost
        assert!(t.probe(4, 6, false).bounds.is_some());
        assert!(t.probe(1, 5, false).bounds.is_some());
        assert!(t.probe(3, 2, false).bounds.is_none());
        assert_eq!(t.stats().overwrites, 2);
        // A new search: old entries are replaced first, but still readable.
        t.new_search();
        assert!(t.probe(4, 6, false).bounds.is_some());
        t.store_h(5, 1, v(5), v(5), None);
        assert!(t.probe(5, 1, false).bounds.is_some());
        assert_eq!(t.stats().overwrites, 0);
        assert_eq!(t.used(), 1);
        t.clear();
        assert_eq!(t.probe(5, 1, false).bounds, None);
    }

    #[test]
    fn selective_entries_answer_only_their_own_pass_and_rank_by_their_bound() {
        let pass = |k: u32, plies: u32| SELECTIVE_DEPTH + k * SELECTIVE_STRIDE + plies;
        assert_eq!(rank(pass(0, 30) as u16), 30);
        assert_eq!(rank(pass(3, 255) as u16), 255);
        assert_eq!(rank((ORDER_DEPTH + 4) as u16), 4);
        assert_eq!(rank(40), 40);
        let mut t = GameTable::new(1024).unwrap();
        t.store_h(5, pass(0, 30), v(7), Value::INF, Some(3));
        assert_eq!(
            t.probe(5, pass(0, 30), false).bounds,
            Some((v(7), Value::INF))
        );
        // Neither the next pass, nor an exact search, nor a heuristic one
        // of any depth takes the bound; all of them take the move.
        for (depth, exact) in [
            (pass(1, 30), false),
            (30, true),
            (30, false),
            (ORDER_DEPTH + 30, false),
        ] {
            let p = t.probe(5, depth, exact);
            assert_eq!((p.bounds, p.best), (None, Some(3)), "{depth} {exact}");
        }
        // One bucket: a pass's entry of bound 30 outranks an exact entry of
        // bound 20 as an exact entry of bound 30 would.
        let mut t = GameTable::new(GameTable::BUCKET_BYTES).unwrap();
        t.store(1, 20, true, (v(1), v(1)), None);
        t.store_h(2, pass(2, 30), v(2), v(2), None);
        t.store(3, 10, true, (v(3), v(3)), None);
        assert!(t.probe(2, pass(2, 30), false).bounds.is_some());
        assert!(t.probe(1, 0, true).bounds.is_none());
        assert!(t.probe(3, 0, true).bounds.is_some());
    }

    /// A table as [`clear_forgets_as_rewriting_would`] drives it.
    pub(crate) trait Cleared: Sized {
        fn with_bytes(bytes: usize) -> Self;
        /// The table as a search reaches it.
        fn access(&mut self) -> impl TableAccess + '_;
        fn next_search(&mut self);
        fn forget(&mut self);
        fn generations(&self) -> Generations;
        /// The entries of the current search, and the statistics if kept.
        fn tally(&self) -> (usize, TableStats);
    }

    impl Cleared for GameTable {
        fn with_bytes(bytes: usize) -> Self {
            GameTable::new(bytes).unwrap()
        }
        fn access(&mut self) -> impl TableAccess + '_ {
            self
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
            (self.used(), self.stats())
        }
    }

    /// The lazy clear (a floor on the generations) against a table cleared
    /// by allocating it again, over random stores, probes, new searches and
    /// clears: the same probes, the same entries of the current search.
    /// Sixteen buckets, keys from a hundred, so that entries collide and
    /// are replaced, and few stores between clears, so that entries a clear
    /// forgot are still there to come back to life if it went wrong; enough
    /// searches that the generations wrap around (both ways a clear can go:
    /// lazily, or rewriting the table once they have).
    pub(crate) fn clear_forgets_as_rewriting_would<T: Cleared>() {
        let bytes = 16 * GameTable::BUCKET_BYTES;
        let (mut lazy, mut fresh) = (T::with_bytes(bytes), T::with_bytes(bytes));
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let (mut clears, mut rewrites, mut wraps) = (0, 0, 0);
        for step in 0..60_000 {
            let (key, depth, exact) = (next(100), next(4) as u32, next(3) == 0);
            match next(100) {
                0..=14 => {
                    let lo = v(next(9) as i32 - 4);
                    let hi = v(lo.get() + next(3) as i32);
                    let best = Some(next(5) as usize).filter(|&m| m < 4);
                    lazy.access().store(key, depth, exact, (lo, hi), best);
                    fresh.access().store(key, depth, exact, (lo, hi), best);
                }
                15..=74 => {
                    let a = lazy.access().probe(key, depth, exact);
                    let b = fresh.access().probe(key, depth, exact);
                    assert_eq!(a, b, "step {step}: key {key} depth {depth} exact {exact}");
                }
                75..=94 => {
                    wraps += usize::from(lazy.generations().current == u8::MAX);
                    lazy.next_search();
                    fresh.next_search();
                }
                _ => {
                    clears += 1;
                    rewrites += usize::from(lazy.generations().top == u8::MAX);
                    lazy.forget();
                    fresh = T::with_bytes(bytes);
                }
            }
            assert_eq!(lazy.tally(), fresh.tally(), "step {step}");
        }
        // Both ways of clearing, and the wrap-around, were exercised.
        assert!(
            clears > rewrites + 100 && rewrites > 0 && wraps > 0,
            "{clears} {rewrites} {wraps}"
        );
    }

    #[test]
    fn a_clear_forgets_as_rewriting_the_table_would() {
        clear_forgets_as_rewriting_would::<GameTable>();
    }

    #[test]
    fn no_table_stores_nothing() {
        let mut t = GameTable::new(0).unwrap();
        t.store_h(1, 1, v(0), v(0), Some(0));
        assert_eq!(t.probe(1, 1, false).bounds, None);
        assert_eq!(t.stats(), TableStats::default());
    }
}

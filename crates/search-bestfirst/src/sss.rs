//! SSS* (Stockman 1979) by the Γ operator, in the three documented tie
//! rules, with aspiration windows, Dual*, and a horizon at which "terminals"
//! are evaluated by another search (the basis of staged SSS*, the hybrids
//! and MGame).
//!
//! # The Γ operator (Campbell 1981, App. 3, Table 11)
//!
//! OPEN is a list of states (n, s, h), n a node, s LIVE or SOLVED, h an upper
//! bound; the first state is removed and one of six cases applies. Node
//! types follow Stockman: the root is AND (the searching player chooses one
//! child there), its children OR, and so on; for SSS* AND = MAX.
//!
//! | case | state | action |
//! |---|---|---|
//! | 1 | SOLVED, n ≠ root, OR | stack (parent(n), SOLVED, h); purge every state below parent(n) |
//! | 2 | SOLVED, n ≠ root, AND, next(n) exists | stack (next(n), LIVE, h) |
//! | 3 | SOLVED, n ≠ root, AND, n last | stack (parent(n), SOLVED, h) |
//! | 4 | LIVE, n terminal | insert (n, SOLVED, min(h, v(n))) |
//! | 5 | LIVE, n OR, non-terminal | stack (first(n), LIVE, h) |
//! | 6 | LIVE, n AND, non-terminal | stack (n.i, LIVE, h) for every child |
//!
//! "Stack" puts a state at the front of OPEN, "insert" behind all states of
//! greater or equal merit. The three [`Variant`]s differ only in tie order:
//!
//! * [`Variant::Stockman`] — Table 11 as printed: case 6 stacks the children
//!   first to last (so the last ends up in front) and case 4 inserts behind
//!   every state of equal merit. It does not dominate alpha-beta (Stockman's
//!   counterexample, Figs. 19–20).
//! * [`Variant::LeftBiased`] — Campbell's Table 12: case 6 stacks last to
//!   first, and case 4 inserts in front of the equal-merit states to the
//!   right of n. Campbell shows it dominates alpha-beta.
//! * [`Variant::Leftmost`] — `004_*`: OPEN is a priority queue on h with
//!   ties to the left-most node, for every insertion.

use std::fmt;

use tree_core::{Bounds, Dewey, Tree, Value};

use crate::open::{budget, pow};
use crate::{BestFirstError, Memory, Open, Outcome};

/// The tie rule of SSS*'s OPEN list; see the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Campbell's Table 11 as printed (Stockman's original ordering).
    Stockman,
    /// Campbell's left-biased cases 4 and 6 (Table 12).
    LeftBiased,
    /// `004_*`: a priority queue with left-most tie-breaking.
    #[default]
    Leftmost,
}

impl Variant {
    /// The command-line name: `sss-stockman`, `sss-left`, `sss`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Stockman => "sss-stockman",
            Variant::LeftBiased => "sss-left",
            Variant::Leftmost => "sss",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not yet solved.
    Live,
    /// Solved: h is the value of the best solution tree below.
    Solved,
}

/// One OPEN state (n, s, h) with what the operator needs to move on without
/// re-expanding: the node's code relative to the search's root and the
/// number of children of each of its ancestors.
#[derive(Debug, Clone)]
pub struct Entry<N> {
    node: N,
    dewey: Dewey,
    /// widths[i] = number of children of the ancestor at relative depth i.
    widths: Dewey,
    status: Status,
    h: Value,
    /// The record of the nearest branching AND proper ancestor
    /// ([`SssOpen`]'s lazy purge); unused by the eager reference.
    rec: u32,
}

impl<N> Entry<N> {
    /// The node's Dewey code relative to the search's root.
    pub fn dewey(&self) -> &Dewey {
        &self.dewey
    }
    /// LIVE or SOLVED.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The merit h.
    pub fn h(&self) -> Value {
        self.h
    }
}

/// No record: the state has no branching AND ancestor in its search.
const NO_REC: u32 = u32::MAX;

/// The record of an expanded AND node with two or more children (a
/// "branching" AND node): how many LIVE-or-SOLVED states (tips) lie below
/// it, whether case 1 has purged below it, and its own nearest branching
/// AND ancestor. See [`SssOpen`].
#[derive(Debug, Clone, Copy)]
struct Rec {
    /// The record of the nearest branching AND proper ancestor, or
    /// [`NO_REC`]; the next free record while this one is free.
    parent: u32,
    /// Live states below the node.
    live: u32,
    /// States and records that name this record as their `rec`/`parent`.
    refs: u32,
    /// The node's depth relative to its search's root.
    depth: u32,
    /// Case 1 has solved the node: every state below it is dead.
    purged: bool,
}

/// The arena of [`Rec`]s, allocated once, with a free list through
/// `parent`.
#[derive(Debug)]
struct Recs {
    v: Vec<Rec>,
    free: u32,
}

impl Recs {
    /// Whether a state whose nearest branching AND ancestor is `r` is dead:
    /// some record on its chain of ancestors has been purged.
    #[inline]
    fn dead(&self, mut r: u32) -> bool {
        while r != NO_REC {
            let x = &self.v[r as usize];
            if x.purged {
                return true;
            }
            r = x.parent;
        }
        false
    }

    /// Drops one reference to `r`, freeing it (and then its ancestors)
    /// when none is left.
    #[inline]
    fn release(&mut self, mut r: u32) {
        while r != NO_REC {
            let x = &mut self.v[r as usize];
            x.refs -= 1;
            if x.refs > 0 {
                return;
            }
            let p = x.parent;
            x.parent = self.free;
            self.free = r;
            r = p;
        }
    }

    fn full(&self) -> bool {
        self.free == NO_REC && self.v.len() == self.v.capacity()
    }

    /// Adds `n` to the live count of `r` and all its ancestors.
    #[inline]
    fn add_live(&mut self, mut r: u32, n: u32) {
        while r != NO_REC {
            let x = &mut self.v[r as usize];
            x.live += n;
            r = x.parent;
        }
    }

    /// Takes `n` from the live count of `r` and all its ancestors.
    #[inline]
    fn sub_live(&mut self, mut r: u32, n: u32) {
        while r != NO_REC {
            let x = &mut self.v[r as usize];
            x.live -= n;
            r = x.parent;
        }
    }
}

/// One Γ search's part of OPEN, as [`GammaOpen::begin`] opened it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Segment {
    /// The first position of the search's states.
    pub base: usize,
    live_before: usize,
    floor_before: usize,
}

/// What the Γ operator needs of OPEN. [`SssOpen`] is the one the searches
/// use; the tests also run the Γ operator over the straightforward eager
/// OPEN it replaced, to show the two behave the same.
pub(crate) trait GammaOpen<N: Clone> {
    /// An empty OPEN for a budget of `capacity` states, for searches with
    /// the tie rule `variant`.
    fn with_capacity(capacity: usize, variant: Variant) -> Self;
    /// Positions in use (the front is the last one, or under a left-most
    /// heap the running search's base); dead states included.
    fn len(&self) -> usize;
    /// The state at position `i`.
    fn get(&self, i: usize) -> &Entry<N>;
    /// The merit of the state at position `i`.
    fn h_at(&self, i: usize) -> Value {
        self.get(i).h
    }
    /// Whether the state at position `i` has been purged.
    fn is_dead(&self, i: usize) -> bool;
    /// Starts a (possibly nested) search's segment at the front.
    fn begin(&mut self) -> Segment;
    /// Ends the segment: drops every state from its base on.
    fn end(&mut self, seg: Segment);
    /// Makes room for one more state, so that positions stay valid until
    /// the following [`add`](GammaOpen::add).
    ///
    /// # Errors
    /// [`BestFirstError::BudgetTooSmall`] if the budget's worth of live
    /// states is held.
    fn reserve(&mut self, algorithm: &'static str) -> Result<(), BestFirstError>;
    /// Adds `e` at position `i`, or at the front for `None`; after
    /// [`reserve`](GammaOpen::reserve).
    fn add(
        &mut self,
        algorithm: &'static str,
        i: Option<usize>,
        e: Entry<N>,
    ) -> Result<(), BestFirstError>;
    /// Adds `e` where the left-most rule puts it (behind the states of
    /// greater merit and the equal-merit ones to its left), among the
    /// states from position `base` on; after
    /// [`reserve`](GammaOpen::reserve). The default keeps the array sorted
    /// (a binary search and an insertion).
    fn add_leftmost(
        &mut self,
        algorithm: &'static str,
        base: usize,
        e: Entry<N>,
    ) -> Result<(), BestFirstError>
    where
        Self: Sized,
    {
        let i = sorted_position(self, base, &e);
        self.add(algorithm, Some(i), e)
    }
    /// Removes the front live state; the caller passes its `rec` to
    /// [`release`](GammaOpen::release) once its successors are added.
    fn pop(&mut self) -> Option<Entry<N>>;
    /// The `rec` of the children of `e` (relative depth `rel`, AND, `w`
    /// children), which cases 5 and 6 are about to add.
    fn expand(&mut self, e: &Entry<N>, rel: usize, w: usize) -> u32;
    /// Case 1 for the solved OR state `e` (the popped front): purges every
    /// state below its parent from position `base` on; returns the `rec`
    /// of the parent's state.
    fn solve_parent(&mut self, base: usize, e: &Entry<N>) -> u32;
    /// Drops a popped state's hold on its `rec`.
    fn release(&mut self, rec: u32);
    /// The memory report.
    fn memory(&self) -> Memory;
    /// The live states from position `base` on, front first (for traces).
    fn front_first(&self, base: usize) -> Vec<Entry<N>> {
        (base..self.len())
            .rev()
            .filter(|&i| !self.is_dead(i))
            .map(|i| self.get(i).clone())
            .collect()
    }
}

/// OPEN of the Γ operator, with case 1's purge done lazily.
///
/// The order of the states is an [`Open`] of slot numbers and merits (what
/// insertions shift and compare: eight bytes a state); the states live in a slab of the same
/// capacity and never move. Both are allocated once for the budget.
///
/// # Lazy purging
///
/// Case 1 must drop every state below the AND node m it solves. Scanning
/// OPEN for them made each case 1 cost the size of OPEN, so instead:
///
/// * Every expanded AND node with two or more children (a *branching* AND
///   node) gets a [`Rec`] holding the number of live states below it, and
///   every state names the record of its nearest branching AND proper
///   ancestor (`rec`); records chain to their own nearest such ancestor.
///   Only cases 1 and 6 change the live counts (cases 2–5 replace a state
///   by one in the same subtrees), each by walking one chain of ancestors.
/// * Case 1 marks m's record purged and subtracts its live count (less the
///   one state that continues at m) from its ancestors and from OPEN's live
///   count. If m has a single child it has no record: the solved child was
///   the only state below m, so there is nothing to purge. A state is
///   *dead* iff a record on its chain is purged: nothing below a solved
///   node is ever generated again, so a purge never hits a later state.
/// * Dead states stay where they are. [`GammaOpen::pop`] drops them when
///   they reach the front; a state is added only after
///   [`GammaOpen::reserve`], which compacts OPEN (drops every dead state,
///   keeping the order of the rest) when the array is physically full. The
///   budget applies to the live count, which is exactly the eager OPEN's
///   length, so [`BestFirstError::BudgetTooSmall`] is raised and the peak
///   reached exactly as before, and after a compaction everything left is
///   live, so it fits.
/// * The array has room for a quarter more than the budget ([`physical`]):
///   with exactly the budget, a search whose live count stays near it
///   (SSS* as printed on (8, 8) does, for most of its run) compacts on
///   nearly every addition, each a pass over OPEN, which measured slower
///   than the eager purge. With the slack every compaction frees at least
///   a quarter of the budget, so its cost is amortised to a few positions
///   per addition. The slack is memory, and is counted: the reported
///   entry size is everything allocated over the budget.
/// * Under the left-most rule, each search's part of the order array
///   (from its base on) is a binary max-heap on (h, left-most first) rather
///   than an array sorted front last ([`Heap`]): an addition is a sift-up
///   and a removal a sift-down, O(log |OPEN|), where a sorted insertion
///   moved O(|OPEN|) slots. The key is a total order (no two states, dead
///   ones included, share a code: nothing below a solved node is generated
///   again), so the heap yields the live states in exactly the sorted
///   array's order; dead states keep their key and are dropped when they
///   reach the top, and a compaction re-heapifies what it keeps.
///   [`GammaOpen::front_first`] sorts a copy for traces. A nested search's
///   heap is the tail of the array from its base, so the enclosing one's
///   heap is left as it was.
/// * The other rules stack states at the front and keep the array in OPEN's
///   order; their scans from the front step over dead states.
/// * Records are reference-counted by the states and records naming them,
///   and freed with the last one. After a compaction every record left
///   lies on a live state's chain and is unpurged, so each has two or more
///   children holding live states: there are fewer records than live
///   states. The arena holds two per budget entry (and one more), and
///   compacts when full, so compactions stay rare.
/// * Nested searches (a frontier callback's search, from position `base`)
///   compact the enclosing OPEN once when they begin if it holds dead
///   states, so the regions below the running search's base never hold
///   dead states and compaction only moves states of the running search:
///   its base stays valid.
///
/// # Memory
///
/// A state costs its order slot (with the packed code the left-most heap
/// compares), its slab cell, its free-list cell and two records;
/// [`memory`](GammaOpen::memory) reports that sum as the entry size.
#[derive(Debug)]
pub(crate) struct SssOpen<N> {
    order: Open<Slot>,
    slab: Vec<Option<Entry<N>>>,
    free: Vec<u32>,
    recs: Recs,
    /// Live states held (the length of the eager OPEN).
    live: usize,
    peak: usize,
    /// The running search's base: no dead state lies below it.
    floor: usize,
    /// The budget: the most live states.
    budget: usize,
    /// The left-most rule: each search's part of `order` is a binary heap
    /// (see [`Heap`]) rather than an array sorted front last.
    heap: bool,
}

/// An order slot: the state's slab slot, its merit, and (left-most rule
/// only) its [`packed_code`].
type Slot = (u32, Value, u64);

/// A state's Dewey code packed into 64 bits, in the same order: digit i
/// plus one in just enough bits for the width of its parent (one more than
/// the largest digit there), from the top, for as many whole digits as
/// fit, zeros after. Two codes agree on their digits up to the first
/// difference, so on the widths and bit positions too: when their packings
/// differ, they order the codes; when they agree, the codes must be
/// compared in full.
fn packed_code<N>(e: &Entry<N>) -> u64 {
    let mut key = 0u64;
    let mut used = 0u32;
    for (&d, &w) in e.dewey.digits().iter().zip(e.widths.digits()) {
        let bits = u32::BITS - u32::from(w).leading_zeros();
        if used + bits > u64::BITS {
            break;
        }
        used += bits;
        key |= (u64::from(d) + 1) << (u64::BITS - used);
    }
    key
}

/// The left-most rule's OPEN as a binary max-heap on (h, left-most first)
/// over `order[base..]`, the running search's part of the order array
/// (index `base` is the root of the heap, the front of OPEN): the slots'
/// merits and packed codes are in the array, their full codes (needed only
/// when the packed ones agree) in the slab.
struct Heap<'a, N> {
    order: &'a mut [Slot],
    slab: &'a [Option<Entry<N>>],
}

impl<N> Heap<'_, N> {
    /// Whether heap position `i` goes in front of position `j`.
    #[inline]
    fn before(&self, i: usize, j: usize) -> bool {
        let ((si, hi, ki), (sj, hj, kj)) = (self.order[i], self.order[j]);
        hi > hj
            || (hi == hj
                && (ki < kj
                    || (ki == kj && {
                        let code = |s: u32| {
                            &self.slab[s as usize]
                                .as_ref()
                                .expect("heap slots hold states")
                                .dewey
                        };
                        code(si) < code(sj)
                    })))
    }

    /// Restores the heap after the last position was added.
    #[inline]
    fn sift_up(&mut self) {
        let mut i = self.order.len() - 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.before(i, parent) {
                break;
            }
            self.order.swap(i, parent);
            i = parent;
        }
    }

    /// Restores the heap below position `i`, whose children are heaps.
    #[inline]
    fn sift_down(&mut self, mut i: usize) {
        let n = self.order.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                return;
            }
            let c = if l + 1 < n && self.before(l + 1, l) {
                l + 1
            } else {
                l
            };
            if !self.before(c, i) {
                return;
            }
            self.order.swap(i, c);
            i = c;
        }
    }

    /// Makes a heap of arbitrary contents.
    fn heapify(&mut self) {
        for i in (0..self.order.len() / 2).rev() {
            self.sift_down(i);
        }
    }
}

/// Positions (order slots and slab cells) allocated for a budget of
/// `budget` live states: a quarter more, so that a compaction frees at
/// least a quarter of the budget (see [`SssOpen`]'s docs).
fn physical(budget: usize) -> usize {
    budget.saturating_add(budget / 4).saturating_add(1)
}

impl<N: Clone> SssOpen<N> {
    /// Puts `e` in a free slot. Only called when the order has room, so
    /// the slab never outgrows its capacity.
    fn store(&mut self, e: Entry<N>) -> u32 {
        if e.rec != NO_REC {
            self.recs.v[e.rec as usize].refs += 1;
        }
        match self.free.pop() {
            Some(s) => {
                self.slab[s as usize] = Some(e);
                s
            }
            None => {
                self.slab.push(Some(e));
                (self.slab.len() - 1) as u32
            }
        }
    }

    /// Drops every dead state from the running search's base on.
    fn compact(&mut self) {
        #[cfg(test)]
        tests::COMPACTIONS.with(|c| c.set(c.get() + 1));
        let (slab, free, recs) = (&mut self.slab, &mut self.free, &mut self.recs);
        self.order.retain_from(self.floor, |&(s, _, _)| {
            let rec = slab[s as usize]
                .as_ref()
                .expect("ordered slots hold states")
                .rec;
            let keep = !recs.dead(rec);
            if !keep {
                recs.release(rec);
                slab[s as usize] = None;
                free.push(s);
            }
            keep
        });
        debug_assert_eq!(self.order.len(), self.live);
        if self.heap {
            #[cfg(test)]
            tests::HEAP_COMPACTIONS.with(|c| c.set(c.get() + 1));
            self.heap_from(self.floor).heapify();
        }
    }

    /// The running search's heap, from position `base` on.
    #[inline]
    fn heap_from(&mut self, base: usize) -> Heap<'_, N> {
        Heap {
            order: &mut self.order.entries_mut()[base..],
            slab: &self.slab,
        }
    }
}

impl<N: Clone> GammaOpen<N> for SssOpen<N> {
    fn with_capacity(capacity: usize, variant: Variant) -> SssOpen<N> {
        let room = physical(capacity);
        SssOpen {
            order: Open::with_capacity(room),
            slab: Vec::with_capacity(room),
            free: Vec::with_capacity(room),
            recs: Recs {
                v: Vec::with_capacity(capacity.saturating_mul(2).saturating_add(1)),
                free: NO_REC,
            },
            live: 0,
            peak: 0,
            floor: 0,
            budget: capacity,
            heap: variant == Variant::Leftmost,
        }
    }

    #[inline]
    fn len(&self) -> usize {
        self.order.len()
    }

    #[inline]
    fn get(&self, i: usize) -> &Entry<N> {
        let s = self.order.entries()[i].0 as usize;
        self.slab[s].as_ref().expect("ordered slots hold states")
    }

    #[inline]
    fn h_at(&self, i: usize) -> Value {
        self.order.entries()[i].1
    }

    #[inline]
    fn is_dead(&self, i: usize) -> bool {
        self.recs.dead(self.get(i).rec)
    }

    fn begin(&mut self) -> Segment {
        if self.order.len() > self.live {
            self.compact();
        }
        let seg = Segment {
            base: self.order.len(),
            live_before: self.live,
            floor_before: self.floor,
        };
        self.floor = seg.base;
        seg
    }

    fn end(&mut self, seg: Segment) {
        for &(s, _, _) in &self.order.entries()[seg.base.min(self.order.len())..] {
            let e = self.slab[s as usize]
                .take()
                .expect("ordered slots hold states");
            self.recs.release(e.rec);
            self.free.push(s);
        }
        self.order.truncate(seg.base);
        self.live = seg.live_before;
        self.floor = seg.floor_before;
    }

    #[inline]
    fn reserve(&mut self, algorithm: &'static str) -> Result<(), BestFirstError> {
        if self.live >= self.budget {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm,
                given: self.budget,
                minimum: self.budget + 1,
            });
        }
        if self.order.len() == self.order.capacity() {
            self.compact();
        }
        Ok(())
    }

    #[inline]
    fn add(
        &mut self,
        algorithm: &'static str,
        i: Option<usize>,
        e: Entry<N>,
    ) -> Result<(), BestFirstError> {
        let h = e.h;
        let key = if self.heap { packed_code(&e) } else { 0 };
        let s = self.store(e);
        if self.heap {
            // Every addition is the left-most insertion (the root's, into an
            // empty segment, included): `i` is not used.
            self.order.push(algorithm, (s, h, key))?;
            self.heap_from(self.floor).sift_up();
        } else {
            match i {
                None => self.order.push(algorithm, (s, h, key))?,
                Some(i) => self.order.insert(algorithm, i, (s, h, key))?,
            }
        }
        self.live += 1;
        self.peak = self.peak.max(self.live);
        Ok(())
    }

    #[inline]
    fn pop(&mut self) -> Option<Entry<N>> {
        loop {
            let (s, _, _) = if self.heap {
                if self.order.len() == self.floor {
                    return None;
                }
                let last = self.order.len() - 1;
                self.order.entries_mut().swap(self.floor, last);
                let top = self.order.pop();
                self.heap_from(self.floor).sift_down(0);
                top?
            } else {
                self.order.pop()?
            };
            self.free.push(s);
            let e = self.slab[s as usize]
                .take()
                .expect("ordered slots hold states");
            if self.recs.dead(e.rec) {
                self.recs.release(e.rec);
                continue;
            }
            self.live -= 1;
            return Some(e);
        }
    }

    #[inline]
    fn add_leftmost(
        &mut self,
        algorithm: &'static str,
        base: usize,
        e: Entry<N>,
    ) -> Result<(), BestFirstError> {
        let i = if self.heap {
            None
        } else {
            Some(sorted_position(self, base, &e))
        };
        self.add(algorithm, i, e)
    }

    /// As the sorted array has them: for the heap, a sorted copy.
    fn front_first(&self, base: usize) -> Vec<Entry<N>> {
        let mut v: Vec<Entry<N>> = (base..self.len())
            .rev()
            .filter(|&i| !self.is_dead(i))
            .map(|i| self.get(i).clone())
            .collect();
        if self.heap {
            v.sort_by(|a, b| b.h.cmp(&a.h).then_with(|| a.dewey.cmp(&b.dewey)));
        }
        v
    }

    fn expand(&mut self, e: &Entry<N>, rel: usize, w: usize) -> u32 {
        if w < 2 {
            return e.rec;
        }
        if self.recs.full() {
            self.compact();
        }
        let w32 = u32::try_from(w).expect("widths fit in 16 bits");
        let rec = Rec {
            parent: e.rec,
            live: w32,
            refs: 0,
            depth: rel as u32,
            purged: false,
        };
        let r = if self.recs.free != NO_REC {
            let r = self.recs.free;
            self.recs.free = self.recs.v[r as usize].parent;
            self.recs.v[r as usize] = rec;
            r
        } else {
            assert!(
                self.recs.v.len() < self.recs.v.capacity(),
                "record arena sized for the budget"
            );
            self.recs.v.push(rec);
            (self.recs.v.len() - 1) as u32
        };
        if e.rec != NO_REC {
            self.recs.v[e.rec as usize].refs += 1;
        }
        self.recs.add_live(e.rec, w32 - 1);
        r
    }

    fn solve_parent(&mut self, _base: usize, e: &Entry<N>) -> u32 {
        let r = e.rec;
        let m_depth = e.dewey.depth() - 1;
        if r == NO_REC || self.recs.v[r as usize].depth as usize != m_depth {
            // m has one child: the solved state was all there was below it.
            return r;
        }
        let x = &mut self.recs.v[r as usize];
        x.purged = true;
        let killed = x.live - 1;
        let parent = x.parent;
        self.recs.sub_live(parent, killed);
        self.live -= killed as usize;
        parent
    }

    #[inline]
    fn release(&mut self, rec: u32) {
        self.recs.release(rec);
    }

    /// The budget, the peak of live states, and the bytes a state costs
    /// here: everything allocated (order slots, slab cells and free-list
    /// cells for [`physical`] positions, the record arena) over the budget,
    /// rounded up.
    fn memory(&self) -> Memory {
        let slot = std::mem::size_of::<Slot>()
            + std::mem::size_of::<u32>()
            + std::mem::size_of::<Option<Entry<N>>>();
        let total =
            self.order.capacity() * slot + self.recs.v.capacity() * std::mem::size_of::<Rec>();
        Memory {
            capacity: self.budget,
            peak: self.peak,
            entry_bytes: total.div_ceil(self.budget.max(1)),
        }
    }
}

/// How an SSS* search is configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SssConfig {
    /// Tie rule.
    pub variant: Variant,
    /// OPEN budget in entries; `None` = the minimum for the tree.
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
}

impl SssConfig {
    /// A configuration with the given tie rule and the minimum budget.
    pub fn new(variant: Variant) -> SssConfig {
        SssConfig {
            variant,
            ..SssConfig::default()
        }
    }
}

/// The parameters of one Γ-operator search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Params {
    pub variant: Variant,
    /// AND (choosing) nodes are at even absolute depths (SSS*) or odd ones (Dual*).
    pub chooser_even: bool,
    /// Negate leaf values (Dual*: MIN searches for the least value).
    pub negate: bool,
    /// Relative depth at which nodes are handed to the frontier evaluator;
    /// `usize::MAX` for none.
    pub horizon: usize,
    /// Algorithm name for errors.
    pub algorithm: &'static str,
}

/// The entries a Γ search of `plies` levels rooted at absolute depth
/// `root_depth` can hold at once on a tree of maximum branching `b`:
/// `b` to the number of choosing levels with children, e.g. b^⌈d/2⌉ for
/// SSS* on a (b, d) tree (`000_*` §2). Exact for uniform trees, an upper
/// bound for others.
pub(crate) fn open_size(
    algorithm: &'static str,
    b: usize,
    plies: usize,
    root_depth: usize,
    chooser_even: bool,
) -> Result<usize, BestFirstError> {
    let choosers = (root_depth..root_depth + plies)
        .filter(|t| (t % 2 == 0) == chooser_even)
        .count();
    pow(algorithm, b.max(1), choosers)
}

/// The minimum OPEN budget of plain SSS* (or Dual* with `dual`) on a tree of
/// this shape: b^⌈d/2⌉ (b^⌊d/2⌋ for Dual*).
///
/// # Errors
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn minimum_memory(bounds: Bounds, dual: bool) -> Result<usize, BestFirstError> {
    open_size("SSS*", bounds.branching, bounds.depth, 0, !dual)
}

/// Walks from `root` along `path`: regenerates a stored ancestor.
pub(crate) fn node_at<T: Tree + ?Sized>(tree: &T, root: &T::Node, path: &[u16]) -> T::Node {
    let mut n = root.clone();
    for &i in path {
        n = tree.child(&n, usize::from(i));
    }
    n
}

/// Whether the state `(h, dewey)` goes in front of (nearer the front of
/// OPEN than) `(h2, dewey2)` under the left-most rule: greater merit
/// first, then the left-most (least Dewey code). A total order, since no
/// two states (dead ones included) share a code.
#[inline]
fn leftmost_before(h: Value, dewey: &Dewey, h2: Value, dewey2: &Dewey) -> bool {
    h > h2 || (h == h2 && dewey < dewey2)
}

/// Where the left-most rule puts `e` in an array kept sorted from position
/// `base` on: `OPEN[base..]` is sorted on (h, left-most first), dead states
/// included (they keep their merit and code, and no live state ever shares
/// a dead one's code), and a binary search finds the place. OPEN's front
/// is the end of the array.
fn sorted_position<N: Clone, O: GammaOpen<N>>(open: &O, base: usize, e: &Entry<N>) -> usize {
    // partition_point over positions base..len
    let (mut lo, mut hi) = (base, open.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if leftmost_before(open.h_at(mid), &open.get(mid).dewey, e.h, &e.dewey) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

/// Where Stockman's and the left-biased rule's case 4 puts a solved state:
/// behind the states of greater merit, and behind (Stockman) or in front of
/// (left-biased) the equal ones to its right. These rules stack the other
/// states at the front, so the array is not sorted: the scan from the front
/// steps over dead states.
fn insert_at<N: Clone, O: GammaOpen<N>>(
    open: &O,
    base: usize,
    e: &Entry<N>,
    variant: Variant,
) -> usize {
    let mut i = open.len();
    while i > base {
        let skip = match variant {
            Variant::Stockman => open.h_at(i - 1) >= e.h,
            Variant::LeftBiased | Variant::Leftmost => {
                leftmost_before(open.h_at(i - 1), &open.get(i - 1).dewey, e.h, &e.dewey)
            }
        };
        if !skip && !open.is_dead(i - 1) {
            break;
        }
        i -= 1;
    }
    i
}

/// Case 4's insertion (every addition under the left-most rule).
fn insert<N: Clone, O: GammaOpen<N>>(
    open: &mut O,
    base: usize,
    e: Entry<N>,
    p: &Params,
) -> Result<(), BestFirstError> {
    open.reserve(p.algorithm)?;
    match p.variant {
        Variant::Leftmost => open.add_leftmost(p.algorithm, base, e),
        Variant::Stockman | Variant::LeftBiased => {
            let i = insert_at(open, base, &e, p.variant);
            open.add(p.algorithm, Some(i), e)
        }
    }
}

/// "Stack" (front) for Stockman and left-biased, the left-most insertion
/// for left-most.
fn stack<N: Clone, O: GammaOpen<N>>(
    open: &mut O,
    base: usize,
    e: Entry<N>,
    p: &Params,
) -> Result<(), BestFirstError> {
    match p.variant {
        Variant::Stockman | Variant::LeftBiased => {
            open.reserve(p.algorithm)?;
            open.add(p.algorithm, None, e)
        }
        Variant::Leftmost => insert(open, base, e, p),
    }
}

/// Where a Γ search starts: its root, the root's absolute depth, and the
/// aspiration window (lower, upper).
#[derive(Debug)]
pub(crate) struct Start<'a, N> {
    pub root: &'a N,
    pub depth: usize,
    pub lower: Value,
    pub upper: Value,
}

/// OPEN after every Γ step, front first.
pub type OpenTrace<N> = Vec<Vec<Entry<N>>>;

/// An observer of OPEN after every Γ step (front first), for traces.
pub(crate) type Observer<'a, N> = Option<&'a mut dyn FnMut(&[Entry<N>])>;

/// One Γ-operator search rooted at `root` (absolute depth `root_depth`),
/// started as (root, LIVE, `upper`), using OPEN from position `base` on
/// (positions before it belong to enclosing searches and are left alone).
/// Stops early with the top merit once it is at or below `lower`
/// (aspiration, Campbell p. 16: he says "below"; with integer values and
/// fail-hard windows, a merit equal to the lower bound already proves a
/// fail-low, as alpha-beta's `<=` cutoff does). Nodes at relative depth `p.horizon` go to `frontier`,
/// which must return min(h, their value) or any upper bound ≤ h that is
/// exact when the value is below h.
///
/// Returns min(upper, value of root) when that is ≥ `lower`.
pub(crate) fn gamma_search<T, O, F>(
    tree: &T,
    p: &Params,
    open: &mut O,
    start: Start<'_, T::Node>,
    frontier: &mut F,
    mut observer: Observer<'_, T::Node>,
) -> Result<Value, BestFirstError>
where
    T: Tree + ?Sized,
    O: GammaOpen<T::Node>,
    F: FnMut(&mut O, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    let Start {
        root,
        depth: root_depth,
        lower,
        upper,
    } = start;
    let seg = open.begin();
    let base = seg.base;
    open.reserve(p.algorithm)?;
    open.add(
        p.algorithm,
        None,
        Entry {
            node: root.clone(),
            dewey: Dewey::root(),
            widths: Dewey::root(),
            status: Status::Live,
            h: upper,
            rec: NO_REC,
        },
    )?;
    let and_at = |rel: usize| ((root_depth + rel) % 2 == 0) == p.chooser_even;
    loop {
        let e = open
            .pop()
            .expect("OPEN holds the root's state until it is solved");
        let rel = e.dewey.depth();
        let held = e.rec;
        match e.status {
            Status::Solved if rel == 0 => {
                open.release(held);
                open.end(seg);
                return Ok(e.h);
            }
            Status::Solved if !and_at(rel) => {
                // Case 1: an OR node is solved, so is its parent; purge below it.
                let m = e.dewey.parent().expect("not the root");
                let rec = open.solve_parent(base, &e);
                let node = node_at(tree, root, m.digits());
                let mut widths = e.widths;
                widths.pop();
                stack(
                    open,
                    base,
                    Entry {
                        node,
                        dewey: m,
                        widths,
                        status: Status::Solved,
                        h: e.h,
                        rec,
                    },
                    p,
                )?;
            }
            Status::Solved => {
                let k = e.dewey.last().expect("not the root");
                let w = usize::from(*e.widths.digits().last().expect("not the root"));
                let parent = e.dewey.parent().expect("not the root");
                let pnode = node_at(tree, root, parent.digits());
                if k + 1 < w {
                    // Case 2: the next brother of a solved AND node.
                    let node = tree.child(&pnode, k + 1);
                    let dewey = parent.child(k + 1);
                    stack(
                        open,
                        base,
                        Entry {
                            node,
                            dewey,
                            widths: e.widths,
                            status: Status::Live,
                            h: e.h,
                            rec: e.rec,
                        },
                        p,
                    )?;
                } else {
                    // Case 3: the last AND child is solved, so is its OR parent.
                    let mut widths = e.widths;
                    widths.pop();
                    stack(
                        open,
                        base,
                        Entry {
                            node: pnode,
                            dewey: parent,
                            widths,
                            status: Status::Solved,
                            h: e.h,
                            rec: e.rec,
                        },
                        p,
                    )?;
                }
            }
            Status::Live => {
                if e.h <= lower {
                    open.release(held);
                    open.end(seg);
                    return Ok(e.h);
                }
                let w = if rel == p.horizon {
                    0
                } else {
                    tree.num_children(&e.node)
                };
                if w == 0 {
                    // Case 4: evaluate and insert solved.
                    let v = if rel == p.horizon {
                        frontier(open, &e.node, root_depth + rel, e.h)?
                    } else {
                        let v = tree.value(&e.node);
                        if v.is_infinite() {
                            return Err(BestFirstError::SentinelLeaf { value: v });
                        }
                        if p.negate { -v } else { v }
                    };
                    let solved = Entry {
                        h: e.h.min(v),
                        status: Status::Solved,
                        ..e
                    };
                    insert(open, base, solved, p)?;
                } else {
                    let width = u16::try_from(w).map_err(|_| BestFirstError::TreeShape {
                        message: format!("a node has {w} children; at most 65,535 are supported"),
                    })?;
                    if root_depth + rel >= tree_core::MAX_DEPTH {
                        return Err(BestFirstError::TreeShape {
                            message: format!("the tree is deeper than {}", tree_core::MAX_DEPTH),
                        });
                    }
                    let mut widths = e.widths.clone();
                    widths.push(usize::from(width));
                    let and = and_at(rel);
                    let rec = if and { open.expand(&e, rel, w) } else { e.rec };
                    let make = |i: usize| Entry {
                        node: tree.child(&e.node, i),
                        dewey: e.dewey.child(i),
                        widths: widths.clone(),
                        status: Status::Live,
                        h: e.h,
                        rec,
                    };
                    if !and {
                        // Case 5: an OR node: its first child.
                        stack(open, base, make(0), p)?;
                    } else {
                        // Case 6: an AND node: every child.
                        match p.variant {
                            Variant::Stockman => {
                                for i in 0..w {
                                    stack(open, base, make(i), p)?;
                                }
                            }
                            Variant::LeftBiased | Variant::Leftmost => {
                                for i in (0..w).rev() {
                                    stack(open, base, make(i), p)?;
                                }
                            }
                        }
                    }
                }
            }
        }
        open.release(held);
        if let Some(obs) = observer.as_mut() {
            obs(&open.front_first(base));
        }
    }
}

/// A frontier evaluator for searches without a horizon.
pub(crate) fn no_frontier<O, N>(
    _: &mut O,
    _: &N,
    _: usize,
    _: Value,
) -> Result<Value, BestFirstError> {
    unreachable!("no horizon, no frontier")
}

fn run<T: Tree + ?Sized, O: GammaOpen<T::Node>>(
    tree: &T,
    cfg: &SssConfig,
    dual: bool,
    window: (Value, Value),
    observer: Observer<'_, T::Node>,
) -> Result<Outcome, BestFirstError> {
    let algorithm = if dual { "Dual*" } else { cfg.variant.name() };
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    let minimum = open_size(algorithm, bounds.branching, bounds.depth, 0, !dual)?;
    let capacity = budget(algorithm, cfg.memory, minimum)?;
    let mut open = O::with_capacity(capacity, cfg.variant);
    let p = Params {
        variant: cfg.variant,
        chooser_even: !dual,
        negate: dual,
        horizon: usize::MAX,
        algorithm,
    };
    let root = tree.root();
    let start = Start {
        root: &root,
        depth: 0,
        lower: window.0,
        upper: window.1,
    };
    let v = gamma_search(tree, &p, &mut open, start, &mut no_frontier, observer)?;
    Ok(Outcome {
        value: if dual { -v } else { v },
        memory: open.memory(),
    })
}

/// SSS* (Stockman 1979; Campbell 1981 App. 3): the root's minimax value by
/// best-first search over solution trees, with OPEN sized b^⌈d/2⌉ (or
/// `cfg.memory`).
///
/// ```
/// use search_bestfirst::{sss, SssConfig, Variant};
/// use tree_core::{worked, Traced};
/// let t = worked::STOCKMAN.tree();
/// let traced = Traced::new(&t);
/// let out = sss(&traced, &SssConfig::new(Variant::Stockman)).unwrap();
/// assert_eq!(out.value.get(), 4);
/// let order: Vec<String> = traced.order().iter().map(|d| d.to_string()).collect();
/// assert_eq!(order, ["11", "1221", "1211", "1222", "1212"]); // c, i, g, j, h
/// ```
///
/// # Errors
/// [`BestFirstError::BudgetTooSmall`] for a budget below b^⌈d/2⌉,
/// [`BestFirstError::UnknownShape`] if the tree's shape is unknown,
/// [`BestFirstError::SentinelLeaf`], [`BestFirstError::TreeShape`].
pub fn sss<T: Tree + ?Sized>(tree: &T, cfg: &SssConfig) -> Result<Outcome, BestFirstError> {
    run::<T, SssOpen<T::Node>>(tree, cfg, false, (Value::NEG_INF, Value::INF), None)
}

/// Dual* (SSS* on the dual tree: MIN searches its solution trees, values
/// negated; Marsland et al. 1987). OPEN is sized b^⌊d/2⌋.
///
/// # Errors
/// As [`sss`].
pub fn dual<T: Tree + ?Sized>(tree: &T, cfg: &SssConfig) -> Result<Outcome, BestFirstError> {
    run::<T, SssOpen<T::Node>>(tree, cfg, true, (Value::NEG_INF, Value::INF), None)
}

/// The result of an aspiration search: a value and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aspired {
    /// The value or bound, and memory.
    pub outcome: Outcome,
    /// Whether `outcome.value` is the minimax value: it is unless the search
    /// failed high (`value >= upper`) or low (`value <= lower`).
    pub exact: bool,
}

/// Aspiration SSS* (Campbell p. 16, Figs. 17–18): SSS* started from
/// (root, LIVE, `upper`) instead of +∞, stopping early once the top merit
/// is at or below `lower`. The result is exact when it lies strictly inside
/// (lower, upper); a result ≥ `upper` means the value is ≥ `upper` (fail
/// high), a result ≤ `lower` is an upper bound on the value (fail low).
///
/// # Errors
/// As [`sss`], and [`BestFirstError::InvalidParameter`] if `lower >= upper`.
pub fn sss_aspiration<T: Tree + ?Sized>(
    tree: &T,
    lower: Value,
    upper: Value,
    cfg: &SssConfig,
) -> Result<Aspired, BestFirstError> {
    if lower >= upper {
        return Err(BestFirstError::InvalidParameter {
            name: "window",
            message: format!("the lower bound {lower} must be below the upper bound {upper}"),
        });
    }
    let outcome = run::<T, SssOpen<T::Node>>(tree, cfg, false, (lower, upper), None)?;
    let exact = outcome.value < upper && outcome.value > lower;
    Ok(Aspired { outcome, exact })
}

/// One line of an OPEN trace: the states front first, as the thesis prints
/// them, e.g. `(f,L,4) (e,L,4)`, with `name` naming the nodes.
pub fn format_open<N>(entries: &[Entry<N>], name: &dyn Fn(&Dewey) -> String) -> String {
    entries
        .iter()
        .map(|e| {
            let s = if e.status == Status::Live { "L" } else { "S" };
            format!("({},{},{})", name(&e.dewey), s, e.h)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// SSS* with an upper bound, recording OPEN after every Γ step (front first)
/// — the thesis's Figs. 16, 18 and 20.
///
/// # Errors
/// As [`sss`].
pub fn sss_open_trace<T: Tree + ?Sized>(
    tree: &T,
    upper: Value,
    cfg: &SssConfig,
) -> Result<(Outcome, OpenTrace<T::Node>), BestFirstError> {
    let mut steps = Vec::new();
    let mut obs = |entries: &[Entry<T::Node>]| steps.push(entries.to_vec());
    let out =
        run::<T, SssOpen<T::Node>>(tree, cfg, false, (Value::NEG_INF, upper), Some(&mut obs))?;
    Ok((out, steps))
}

/// The straightforward eager OPEN the lazy one replaced, kept as the
/// reference the differential tests compare against: case 1 scans OPEN
/// from `base` and removes every state below the solved node at once.
#[cfg(test)]
mod eager {
    use super::*;

    /// Dewey digits packed into an OPEN slot's key.
    const KEY_DIGITS: usize = 4;

    /// The first [`KEY_DIGITS`] digits of `d`, each plus one in 16 bits from
    /// the top (so a shorter code differs from any longer one): `m` is a
    /// prefix of `x` up to that many digits iff the keys agree on `m`'s
    /// digits.
    fn prefix_key(d: &Dewey) -> u64 {
        d.digits()
            .iter()
            .take(KEY_DIGITS)
            .enumerate()
            .fold(0, |k, (i, &x)| {
                k | ((u64::from(x) + 1) & 0xffff) << (48 - 16 * i)
            })
    }

    /// The eager OPEN: an order of (slot, packed prefix) over a slab.
    #[derive(Debug)]
    pub(crate) struct EagerOpen<N> {
        order: Open<(u32, u64)>,
        slab: Vec<Option<Entry<N>>>,
        free: Vec<u32>,
    }

    impl<N: Clone> EagerOpen<N> {
        fn store(&mut self, e: Entry<N>) -> u32 {
            match self.free.pop() {
                Some(s) => {
                    self.slab[s as usize] = Some(e);
                    s
                }
                None => {
                    self.slab.push(Some(e));
                    (self.slab.len() - 1) as u32
                }
            }
        }

        /// Adds `e` at the front.
        pub fn push(&mut self, algorithm: &'static str, e: Entry<N>) -> Result<(), BestFirstError> {
            self.reserve(algorithm)?;
            self.add(algorithm, None, e)
        }

        /// Removes the states from position `base` on whose node is `m` or
        /// below it (case 1's purge).
        pub fn purge_below(&mut self, base: usize, m: &Dewey) {
            let depth = m.depth();
            let shown = depth.min(KEY_DIGITS);
            let mask = if shown == 0 {
                0
            } else {
                u64::MAX << (64 - 16 * shown)
            };
            let mk = prefix_key(m) & mask;
            let (slab, free) = (&mut self.slab, &mut self.free);
            self.order.retain_from(base, |&(s, key)| {
                let below = key & mask == mk
                    && (depth <= KEY_DIGITS
                        || m.is_prefix_of(
                            &slab[s as usize]
                                .as_ref()
                                .expect("ordered slots hold states")
                                .dewey,
                        ));
                if below {
                    slab[s as usize] = None;
                    free.push(s);
                }
                !below
            });
        }
    }

    impl<N: Clone> GammaOpen<N> for EagerOpen<N> {
        fn with_capacity(capacity: usize, _: Variant) -> Self {
            EagerOpen {
                order: Open::with_capacity(capacity),
                slab: Vec::with_capacity(capacity),
                free: Vec::with_capacity(capacity),
            }
        }
        fn len(&self) -> usize {
            self.order.len()
        }
        fn get(&self, i: usize) -> &Entry<N> {
            let s = self.order.entries()[i].0 as usize;
            self.slab[s].as_ref().expect("ordered slots hold states")
        }
        fn is_dead(&self, _: usize) -> bool {
            false
        }
        fn begin(&mut self) -> Segment {
            Segment {
                base: self.order.len(),
                live_before: 0,
                floor_before: 0,
            }
        }
        fn end(&mut self, seg: Segment) {
            for &(s, _) in &self.order.entries()[seg.base.min(self.order.len())..] {
                self.slab[s as usize] = None;
                self.free.push(s);
            }
            self.order.truncate(seg.base);
        }
        fn reserve(&mut self, algorithm: &'static str) -> Result<(), BestFirstError> {
            if self.order.len() < self.order.capacity() {
                Ok(())
            } else {
                Err(BestFirstError::BudgetTooSmall {
                    algorithm,
                    given: self.order.capacity(),
                    minimum: self.order.capacity() + 1,
                })
            }
        }
        fn add(
            &mut self,
            algorithm: &'static str,
            i: Option<usize>,
            e: Entry<N>,
        ) -> Result<(), BestFirstError> {
            let k = prefix_key(&e.dewey);
            let s = self.store(e);
            match i {
                None => self.order.push(algorithm, (s, k)),
                Some(i) => self.order.insert(algorithm, i, (s, k)),
            }
        }
        fn pop(&mut self) -> Option<Entry<N>> {
            let (s, _) = self.order.pop()?;
            self.free.push(s);
            self.slab[s as usize].take()
        }
        fn expand(&mut self, _: &Entry<N>, _: usize, _: usize) -> u32 {
            NO_REC
        }
        fn solve_parent(&mut self, base: usize, e: &Entry<N>) -> u32 {
            self.purge_below(base, &e.dewey.parent().expect("not the root"));
            NO_REC
        }
        fn release(&mut self, _: u32) {}
        fn memory(&self) -> Memory {
            Memory {
                capacity: self.order.capacity(),
                peak: self.order.peak(),
                entry_bytes: 0,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::eager::EagerOpen;
    use super::*;
    use tree_core::{Traced, corpus};

    thread_local! {
        /// Compactions of lazy OPENs on this thread, to show the
        /// differential tests exercise them.
        pub(super) static COMPACTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Compactions of left-most (heap) OPENs on this thread.
        pub(super) static HEAP_COMPACTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Searches that failed part-way on this thread.
        static FAILURES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    fn entry(d: &Dewey) -> Entry<()> {
        Entry {
            node: (),
            dewey: d.clone(),
            widths: Dewey::root(),
            status: Status::Live,
            h: Value::INF,
            rec: NO_REC,
        }
    }

    /// The reference's packed-key purge removes exactly the codes `m` is a
    /// prefix of, for prefixes shorter and longer than the packed digits.
    #[test]
    fn purge_below_matches_is_prefix_of() {
        let mut codes = vec![Dewey::root()];
        for len in 1..=6usize {
            for x in 0..3u16.pow(len as u32) {
                let mut d = Dewey::root();
                let mut y = x;
                for _ in 0..len {
                    d = d.child(usize::from(if y % 3 == 2 { 65_534 } else { y % 3 }));
                    y /= 3;
                }
                codes.push(d);
            }
        }
        for m in codes.iter().step_by(7) {
            let mut open = EagerOpen::with_capacity(codes.len(), Variant::Stockman);
            for c in &codes {
                open.push("test", entry(c)).unwrap();
            }
            open.purge_below(0, m);
            let kept: Vec<Dewey> = (0..open.len()).map(|i| open.get(i).dewey.clone()).collect();
            let expected: Vec<Dewey> = codes
                .iter()
                .filter(|c| !m.is_prefix_of(c))
                .cloned()
                .collect();
            assert_eq!(kept, expected, "purge below {m}");
        }
    }

    /// What one search shows: its result (value and peak, or the error),
    /// the leaves in evaluation order, and OPEN after every step.
    type Seen = (
        Result<(Value, usize), BestFirstError>,
        Vec<Dewey>,
        Vec<String>,
    );

    fn trace_line<N>(entries: &[Entry<N>]) -> String {
        format_open(entries, &|d: &Dewey| d.to_string())
    }

    /// Plain SSS*, Dual* or aspiration SSS* over the OPEN `O`.
    fn seen_run<T: Tree, O: GammaOpen<tree_core::TracedNode<T::Node>>>(
        tree: &T,
        cfg: &SssConfig,
        dual: bool,
        window: (Value, Value),
        traced_steps: bool,
    ) -> Seen {
        let traced = Traced::new(tree);
        let mut steps = Vec::new();
        let mut obs = |entries: &[Entry<_>]| steps.push(trace_line(entries));
        let observer: Observer<'_, _> = if traced_steps { Some(&mut obs) } else { None };
        let out =
            run::<_, O>(&traced, cfg, dual, window, observer).map(|o| (o.value, o.memory.peak));
        (out, traced.order(), steps)
    }

    fn seen_staged<T: Tree, O: GammaOpen<tree_core::TracedNode<T::Node>>>(
        tree: &T,
        k: usize,
        cfg: &SssConfig,
    ) -> Seen {
        let traced = Traced::new(tree);
        let out =
            crate::hybrid::staged_in::<_, O>(&traced, k, cfg).map(|o| (o.value, o.memory.peak));
        (out, traced.order(), Vec::new())
    }

    /// The lazy OPEN against the eager reference on one tree: every tie
    /// rule (the left-most one over [`SssOpen`]'s heap, the reference
    /// keeping its array sorted), Dual*, aspiration windows, staged SSS*,
    /// OPEN after every step (`steps`), and budgets too small
    /// for the tree (by understating its shape) so that the search fails
    /// part-way.
    fn check_same<T: Tree>(tree: &T, what: &str, steps: bool) {
        let truth = tree_core::minimax(tree);
        let b = tree.bounds().unwrap();
        let mut cfgs = Vec::new();
        for variant in [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost] {
            cfgs.push(SssConfig::new(variant));
            // A budget below what the tree needs: the error must come at
            // the same step.
            for depth in [b.depth.saturating_sub(1), b.depth.saturating_sub(2)] {
                cfgs.push(SssConfig {
                    variant,
                    memory: None,
                    shape: Some(Bounds::uniform(b.branching.max(1), depth)),
                });
            }
        }
        type L<T> = SssOpen<tree_core::TracedNode<<T as Tree>::Node>>;
        type E<T> = EagerOpen<tree_core::TracedNode<<T as Tree>::Node>>;
        for cfg in &cfgs {
            let full = (Value::NEG_INF, Value::INF);
            for dual in [false, true] {
                let lazy = seen_run::<T, L<T>>(tree, cfg, dual, full, steps);
                let eager = seen_run::<T, E<T>>(tree, cfg, dual, full, steps);
                if lazy.0.is_err() {
                    FAILURES.with(|c| c.set(c.get() + 1));
                } else if cfg.shape.is_none() {
                    assert_eq!(lazy.0.as_ref().map(|r| r.0), Ok(truth), "{what}");
                }
                assert_eq!(lazy, eager, "{cfg:?} dual {dual} on {what}");
            }
            for (lo, hi) in [(-1i64, 1i64), (-5, 0), (0, 3), (2, 9), (-3, -1)] {
                let window = (truth.offset(lo), truth.offset(hi));
                if window.0 >= window.1 {
                    continue;
                }
                let lazy = seen_run::<T, L<T>>(tree, cfg, false, window, steps);
                let eager = seen_run::<T, E<T>>(tree, cfg, false, window, steps);
                assert_eq!(lazy, eager, "{cfg:?} window {window:?} on {what}");
            }
            for k in [1, 2, 3] {
                let lazy = seen_staged::<T, L<T>>(tree, k, cfg);
                let eager = seen_staged::<T, E<T>>(tree, k, cfg);
                assert_eq!(lazy, eager, "{cfg:?} staged {k} on {what}");
            }
        }
    }

    #[test]
    fn lazy_open_behaves_as_the_eager_one_on_random_trees() {
        let mut n = 0;
        for (text, tree) in corpus::random_trees(0x1a2e, 3_000) {
            check_same(&tree, &text, n % 4 == 0);
            n += 1;
        }
        assert_eq!(n, 3_000);
        assert!(COMPACTIONS.with(|c| c.get()) > 1_000);
        assert!(HEAP_COMPACTIONS.with(|c| c.get()) > 100);
        assert!(FAILURES.with(|c| c.get()) > 1_000);
    }

    #[test]
    fn lazy_open_behaves_as_the_eager_one_on_generated_trees() {
        let mut n = 0;
        for tree in corpus::generated_trees(4) {
            let small = tree
                .bounds()
                .is_some_and(|b| b.branching.pow(b.depth as u32) <= 4_096);
            check_same(&tree, &format!("{:?}", tree.spec()), small && n % 3 == 0);
            n += 1;
        }
        assert!(n >= 500, "{n}");
        assert!(COMPACTIONS.with(|c| c.get()) > 1_000);
        assert!(HEAP_COMPACTIONS.with(|c| c.get()) > 100);
    }
}

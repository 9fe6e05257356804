//! SSS* (Stockman 1979) by the Γ operator, in the three documented tie
//! rules, with aspiration windows, Dual*, and a horizon at which "terminals"
//! are evaluated by another search (the basis of staged SSS* and the
//! hybrids).
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
//! * [`Variant::Leftmost`] — Wikipedia's *SSS\**: OPEN is a priority queue
//!   on h with ties to the left-most node, for every insertion.
//!
//! # Two facts that make OPEN cheap
//!
//! **OPEN is a total order known in advance.** A stacked state takes the
//! merit of the state just removed, which is the largest in OPEN, so OPEN
//! stays sorted on h, front first. Among equal merits:
//!
//! * under the left-biased rule the states are in Dewey order: what a case
//!   stacks (the first child, the next brother, the parent) lies left of
//!   every other state of that merit, since those lie right of the removed
//!   state and outside its parent's subtree (case 1 purged the rest). So
//!   the left-biased OPEN *is* the left-most one, (h desc, Dewey asc), state
//!   for state, and both rules run on the same code;
//! * as printed, a stacked state goes in front of everything of its merit
//!   and an inserted one behind everything of its merit, so OPEN is
//!   (h desc, t asc) for a stamp t that counts additions: −n for the n-th
//!   stack, +n for the n-th insertion.
//!
//! **OPEN is a tree of blocks.** The states are the frontier of the AND/OR
//! tree searched so far: below an AND node m expanded by case 6 lie its w
//! OR children, each with its own states, until case 1 solves m and purges
//! them all; below an OR node lies one child at a time. So OPEN is stored as
//! that tree: one *block* per expanded AND node with two or more children,
//! one *slot* per child of it, and in each slot the path (OR node, its
//! current AND child, ...) down to the one state there or to the block of
//! the next AND node. Case 1 frees a whole block; nothing is ever scanned
//! for states below a node, and no ancestor is regenerated from the root.
//!
//! # Selection without a global queue
//!
//! The front state is found as the best of the tree of blocks: every slot
//! off the current path keeps the best key of its subtree, and every block
//! on the path keeps the best of its *other* slots; the front is the
//! current state as long as it beats the best alternative on its path (one
//! comparison per step: cases 1–3, 5 and 6 keep the front where it is, only
//! case 4 can lower it). When it loses, the path is left upwards until a
//! block holds the best, and entered downwards to it, reading each block's
//! slots once. Children a case 6 stacked and no step has reached yet are
//! not written at all: they still have the merit and stamp case 6 gave
//! them, are reached in their stacking order before any other state of
//! their merit, and their nodes are generated when they are reached — so a
//! block's children cost what alpha-beta's loop over them costs, and
//! purged ones that were never reached cost nothing.
//!
//! Everything is allocated once per search, for the budget: blocks, slots
//! and keys (a block per expanded AND node, at most one per state, and a
//! slot per child). OPEN's size — the number of states,
//! checked against the budget at every case 6 and reported as the peak — is
//! exactly that of the list above.

use std::fmt;

use smallvec::SmallVec;
use tree_core::{Bounds, Dewey, Tree, Value};

use crate::blocks::terminal;
use crate::error::BestFirstError;
use crate::open::{Memory, Outcome, budget, pow};
use crate::shape::shape;

/// The tie rule of SSS*'s OPEN list; see the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Campbell's Table 11 as printed (Stockman's original ordering).
    Stockman,
    /// Campbell's left-biased cases 4 and 6 (Table 12).
    LeftBiased,
    /// Wikipedia's *SSS\**: a priority queue with left-most tie-breaking.
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

/// One OPEN state (n, s, h), as an OPEN trace shows it: the node, its code
/// relative to the search's root, its status and merit.
#[derive(Debug, Clone)]
pub struct Entry<N> {
    node: N,
    dewey: Dewey,
    status: Status,
    h: Value,
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
    /// The node.
    pub fn node(&self) -> &N {
        &self.node
    }
}

/// "No block", "no slot".
const NONE: u32 = u32::MAX;

/// A state's place in OPEN's order: merit, then the tie stamp (smaller
/// first). Under the left-most rule a slot's stamp is its index in its
/// block, and a path's bounds use −1 / +1 for an alternative left / right
/// of the path (the path's own state being 0); as printed, it is the
/// stamp of the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Key {
    h: Value,
    t: i64,
}

impl Key {
    /// Below every state (no real state has merit −∞ and the greatest stamp).
    const NONE: Key = Key {
        h: Value::NEG_INF,
        t: i64::MAX,
    };

    /// Whether `self` goes in front of `o`.
    #[inline(always)]
    fn beats(self, o: Key) -> bool {
        self.h > o.h || (self.h == o.h && self.t < o.t)
    }

    /// The one in front.
    #[inline(always)]
    fn best(self, o: Key) -> Key {
        if o.beats(self) { o } else { self }
    }
}

/// One position of a block's heap: a slot and its key.
#[derive(Debug, Clone, Copy)]
struct Cell {
    h: Value,
    slot: u32,
    t: i64,
}

impl Cell {
    const EMPTY: Cell = Cell {
        h: Value::NEG_INF,
        slot: NONE,
        t: i64::MAX,
    };

    #[inline(always)]
    fn key(self) -> Key {
        Key {
            h: self.h,
            t: self.t,
        }
    }
}

/// One step of a slot's path below its OR node: the child taken and the
/// number of children of the node it was taken from.
#[derive(Debug, Clone, Copy)]
struct Link {
    digit: u16,
    width: u16,
}

/// A child (an OR node) of a block's AND node, and the one state or block
/// below it: a path of `r` links leads from `x` to the state's node `cur`
/// (or, when `child` is set, to the AND node of that block). Paths are one
/// link long but below AND nodes with one child.
#[derive(Debug, Clone)]
struct Slot<N> {
    /// The OR node (valid once the slot has been reached).
    x: N,
    /// The node at the end of the path (when `r` > 0).
    cur: N,
    /// The path's length: 0, the state is at `x`.
    r: u32,
    /// The path's first link, and the others.
    l1: Link,
    deep: SmallVec<[Link; 2]>,
    /// The block of the AND node at the end of the path, or [`NONE`].
    child: u32,
    /// The state's status.
    solved: bool,
    /// In the first slot of a block's range: the block (or [`NONE`] once
    /// freed) and the range's length, for compaction.
    owner: u32,
    span: u32,
}

impl<N> Slot<N> {
    /// Link `j` of the path.
    #[inline(always)]
    fn link(&self, j: u32) -> Link {
        if j == 0 {
            self.l1
        } else {
            self.deep[j as usize - 1]
        }
    }

    #[inline(always)]
    fn link_mut(&mut self, j: u32) -> &mut Link {
        if j == 0 {
            &mut self.l1
        } else {
            &mut self.deep[j as usize - 1]
        }
    }

    #[inline(always)]
    fn push(&mut self, l: Link) {
        if self.r == 0 {
            self.l1 = l;
        } else {
            if self.r == 1 {
                // Left over from the slot's earlier use.
                self.deep.clear();
            }
            self.deep.push(l);
        }
        self.r += 1;
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.r -= 1;
        if self.r > 0 {
            self.deep.pop();
        }
    }

    /// The state's node.
    #[inline(always)]
    fn node(&self) -> &N {
        if self.r == 0 { &self.x } else { &self.cur }
    }
}

/// An expanded AND node with two or more children: its slots, how far
/// case 6's stacking order has been reached, the slot the path goes (or
/// last went) through, and a binary heap (on the slots' keys) of the other
/// slots reached so far, so that the best alternative is the first slot not
/// reached yet or the heap's top.
#[derive(Debug, Clone)]
struct Block<N> {
    node: N,
    /// The block holding this one, [`NONE`] for a search's top block (one
    /// slot: the root's); a free block's next.
    parent: u32,
    /// The slot of `parent` holding this block.
    pslot: u32,
    /// The first of the `w` slots in the arena.
    first: u32,
    /// Children; 0 for a free block.
    w: u32,
    /// Slots not reached yet: `next..w` (left-most), `0..next` (as printed).
    next: u32,
    /// The depth of the slots' OR nodes relative to the search's root (−1
    /// in the top block of an AND root: a virtual OR node above it).
    xrel: i32,
    /// The merit case 6 gave the children.
    h0: Value,
    /// As printed: the stamp of child 0 (child i has `t0 − i`).
    t0: i64,
    /// States below, as of `g0`: the search's state count when the block
    /// last joined the path (all changes below happen while it is on it).
    live: usize,
    g0: usize,
    /// The slot the path goes through (or last went through) and its key
    /// (its state's, or the best below it), the best other slot, and (on
    /// the path) the best alternative on the path down to here.
    cur: u32,
    ckey: Key,
    alt: u32,
    bound: Key,
    /// Slots in the heap: every slot reached but `cur`.
    hlen: u32,
}

/// OPEN of the Γ operator as a tree of blocks (see the [module
/// docs](self)), shared by nested searches (staged SSS*'s stages), which
/// count against one budget.
///
/// # Sizing
///
/// Every slot of a block holds a state, a block or (while a frontier
/// search runs below it) nothing, and every block but a search's top block
/// (one slot, the root's) has two or more slots, so with L states and E
/// nested searches there are at most L + E − 1 blocks and 2(L + E) slots
/// beside the top blocks; on a uniform tree of branching b, (L + E) /
/// (b − 1) blocks of b slots. The arena is allocated for that with the
/// budget for L, once. Freed ranges of the usual width are reused at once;
/// others are reclaimed by compacting the arena when it runs out (a tree
/// whose shape was understated can make it grow, which is correct but
/// allocates).
#[derive(Debug)]
pub(crate) struct Gamma<N> {
    blocks: Vec<Block<N>>,
    free_block: u32,
    slots: Vec<Slot<N>>,
    /// The blocks' heaps: block b's in `keys[first..first + hlen]`.
    keys: Vec<Cell>,
    bump: usize,
    /// Freed ranges of `stride` slots and of one slot (top blocks), linked
    /// through their first slot's `child`.
    free_range: u32,
    free_one: u32,
    /// The usual block width (the shape's branching).
    stride: u32,
    /// States held by all searches.
    live: usize,
    peak: usize,
    budget: usize,
    /// The last stamp given (as printed).
    counter: i64,
    stockman: bool,
    /// The top block of each nesting level, and the running search's level.
    tops: Vec<u32>,
    level: usize,
    /// The root's best move found by the last outermost search (level 0),
    /// see [`Run::root_move`].
    pub(crate) best: Option<usize>,
}

impl<N: Clone> Gamma<N> {
    /// An empty OPEN for `budget` states of searches on trees of shape
    /// `shape`, with at most `nest` searches nested in one another.
    pub(crate) fn new(budget: usize, variant: Variant, shape: Bounds, nest: usize) -> Gamma<N> {
        let b = shape.branching.clamp(2, usize::from(u16::MAX));
        let states = budget.saturating_add(nest).saturating_add(1);
        let (blocks, slots) = if shape.uniform {
            // Plus one top block of one slot per search.
            let blocks = states / (b - 1) + 1;
            (blocks + nest + 1, blocks.saturating_mul(b) + nest + 1)
        } else {
            (
                states,
                states
                    .saturating_mul(2)
                    .saturating_add(states / 2)
                    .saturating_add(2 * b),
            )
        };
        Gamma {
            blocks: Vec::with_capacity(blocks),
            free_block: NONE,
            slots: Vec::with_capacity(slots),
            keys: Vec::with_capacity(slots),
            bump: 0,
            free_range: NONE,
            free_one: NONE,
            stride: b as u32,
            live: 0,
            peak: 0,
            budget,
            counter: 0,
            stockman: variant == Variant::Stockman,
            tops: Vec::with_capacity(nest + 2),
            level: 0,
            best: None,
        }
    }

    /// The budget, the peak number of states, and the bytes allocated per
    /// budget entry (blocks, slots, heap cells and top blocks' indices,
    /// over the budget, rounded up; a path below an AND node with one child
    /// longer than three links spills to the heap and is not counted).
    pub(crate) fn memory(&self) -> Memory {
        let total = self.blocks.capacity() * std::mem::size_of::<Block<N>>()
            + self.slots.capacity() * std::mem::size_of::<Slot<N>>()
            + self.keys.capacity() * std::mem::size_of::<Cell>()
            + self.tops.capacity() * std::mem::size_of::<u32>();
        Memory {
            capacity: self.budget,
            peak: self.peak,
            entry_bytes: total.div_ceil(self.budget.max(1)),
        }
    }

    /// A new stamp for a stacked (front) or inserted (back) state.
    #[inline]
    fn stamp(&mut self, inserted: bool) -> i64 {
        self.counter += 1;
        if inserted {
            self.counter
        } else {
            -self.counter
        }
    }

    #[inline]
    fn new_block(&mut self, b: Block<N>) -> u32 {
        if self.free_block != NONE {
            let i = self.free_block;
            self.free_block = self.blocks[i as usize].parent;
            self.blocks[i as usize] = b;
            i
        } else {
            self.blocks.push(b);
            (self.blocks.len() - 1) as u32
        }
    }

    /// `w` consecutive slots for block `owner` (filled with copies of its
    /// node where the arena is new).
    #[inline(always)]
    fn alloc_range(&mut self, w: u32, owner: u32) -> u32 {
        let first = if w == self.stride && self.free_range != NONE {
            let f = self.free_range;
            self.free_range = self.slots[f as usize].child;
            f
        } else {
            self.alloc_range_slow(w, owner)
        };
        let s = &mut self.slots[first as usize];
        s.owner = owner;
        s.span = w;
        first
    }

    /// [`alloc_range`](Self::alloc_range) but for a freed range of the
    /// usual width.
    #[inline(never)]
    fn alloc_range_slow(&mut self, w: u32, owner: u32) -> u32 {
        if w == 1 && self.free_one != NONE {
            let f = self.free_one;
            self.free_one = self.slots[f as usize].child;
            f
        } else {
            if self.bump + w as usize > self.slots.capacity() {
                self.compact();
            }
            let f = self.bump as u32;
            self.bump += w as usize;
            while self.slots.len() < self.bump {
                let filler = &self.blocks[owner as usize].node;
                self.slots.push(Slot {
                    x: filler.clone(),
                    cur: filler.clone(),
                    r: 0,
                    l1: Link { digit: 0, width: 0 },
                    deep: SmallVec::new(),
                    child: NONE,
                    solved: false,
                    owner: NONE,
                    span: 0,
                });
                self.keys.push(Cell::EMPTY);
            }
            f
        }
    }

    /// Adds slot `a` with key `ka` to block `b`'s heap.
    #[inline(always)]
    fn heap_push(&mut self, b: u32, a: u32, ka: Key) {
        let blk = &mut self.blocks[b as usize];
        if blk.hlen == 0 {
            // The usual case on narrow trees: nothing to sift.
            blk.hlen = 1;
            self.keys[blk.first as usize] = Cell {
                h: ka.h,
                slot: a,
                t: ka.t,
            };
            return;
        }
        self.heap_sift_in(b, a, ka);
    }

    /// [`heap_push`](Self::heap_push) on a heap that is not empty.
    #[inline(never)]
    fn heap_sift_in(&mut self, b: u32, a: u32, ka: Key) {
        let blk = &mut self.blocks[b as usize];
        let first = blk.first as usize;
        let mut j = blk.hlen as usize;
        blk.hlen += 1;
        let heap = &mut self.keys[first..first + j + 1];
        while j > 0 {
            let p = (j - 1) / 2;
            if !ka.beats(heap[p].key()) {
                break;
            }
            heap[j] = heap[p];
            j = p;
        }
        heap[j] = Cell {
            h: ka.h,
            slot: a,
            t: ka.t,
        };
    }

    /// Adds slot `a` with key `ka` at the end of block `b`'s heap, out of
    /// order until [`heap_settle`](Self::heap_settle).
    #[inline(always)]
    fn heap_append(&mut self, b: u32, a: u32, ka: Key) {
        let blk = &mut self.blocks[b as usize];
        let j = (blk.first + blk.hlen) as usize;
        blk.hlen += 1;
        self.keys[j] = Cell {
            h: ka.h,
            slot: a,
            t: ka.t,
        };
    }

    /// Orders the entries of block `b`'s heap appended since it had
    /// `settled` (sifting each up).
    #[inline(always)]
    fn heap_settle(&mut self, b: u32, settled: u32) {
        // One entry is in order.
        if self.blocks[b as usize].hlen > settled.max(1) {
            self.heap_sift_up(b, settled);
        }
    }

    /// [`heap_settle`](Self::heap_settle) with something to order.
    #[inline(never)]
    fn heap_sift_up(&mut self, b: u32, settled: u32) {
        let blk = &self.blocks[b as usize];
        let (first, n) = (blk.first as usize, blk.hlen as usize);
        let heap = &mut self.keys[first..first + n];
        for mut j in settled as usize..n {
            let c = heap[j];
            let kc = c.key();
            while j > 0 {
                let p = (j - 1) / 2;
                if !kc.beats(heap[p].key()) {
                    break;
                }
                heap[j] = heap[p];
                j = p;
            }
            heap[j] = c;
        }
    }

    /// Replaces the top of block `b`'s heap by slot `a` with key `ka`;
    /// returns the top's slot and key.
    #[inline(always)]
    fn heap_replace(&mut self, b: u32, a: u32, ka: Key) -> (u32, Key) {
        let blk = &self.blocks[b as usize];
        if blk.hlen == 1 {
            // The usual case on narrow trees: a swap.
            let first = blk.first as usize;
            let top = self.keys[first];
            self.keys[first] = Cell {
                h: ka.h,
                slot: a,
                t: ka.t,
            };
            return (top.slot, top.key());
        }
        self.heap_sift_down(b, a, ka)
    }

    /// [`heap_replace`](Self::heap_replace) on a heap of two or more.
    #[inline(never)]
    fn heap_sift_down(&mut self, b: u32, a: u32, ka: Key) -> (u32, Key) {
        let blk = &self.blocks[b as usize];
        let first = blk.first as usize;
        let n = blk.hlen as usize;
        let heap = &mut self.keys[first..first + n];
        let top = heap[0];
        let last = Cell {
            h: ka.h,
            slot: a,
            t: ka.t,
        };
        let kl = ka;
        let mut j = 0;
        loop {
            let l = 2 * j + 1;
            if l >= n {
                break;
            }
            let c = if l + 1 < n && heap[l + 1].key().beats(heap[l].key()) {
                l + 1
            } else {
                l
            };
            if !heap[c].key().beats(kl) {
                break;
            }
            heap[j] = heap[c];
            j = c;
        }
        heap[j] = last;
        (top.slot, top.key())
    }

    /// Moves every block's slots to the front of the arena, dropping freed
    /// ranges.
    fn compact(&mut self) {
        #[cfg(test)]
        tests::COMPACTIONS.with(|c| c.set(c.get() + 1));
        let (mut p, mut q) = (0usize, 0usize);
        while p < self.bump {
            let (owner, span) = (self.slots[p].owner, self.slots[p].span as usize);
            let live = owner != NONE && self.blocks[owner as usize].first as usize == p;
            if live {
                if p != q {
                    for k in 0..span {
                        self.slots.swap(q + k, p + k);
                        self.keys.swap(q + k, p + k);
                    }
                    self.blocks[owner as usize].first = q as u32;
                }
                q += span;
            }
            p += span;
        }
        self.bump = q;
        self.free_range = NONE;
        self.free_one = NONE;
    }

    /// Frees block `b` and every block below it (the blocks below through
    /// [`free_below`](Self::free_below), so that freeing a block without
    /// any costs no call).
    #[inline(always)]
    fn free_subtree(&mut self, b: u32) {
        let (first, w, touched) = self.reached(b);
        for a in touched {
            let c = self.slots[first + a as usize].child;
            if c != NONE {
                self.free_below(c);
            }
        }
        self.release(b, first, w);
    }

    /// [`free_subtree`](Self::free_subtree) for a block below the one freed:
    /// the same code, out of line.
    #[inline(never)]
    fn free_below(&mut self, b: u32) {
        self.free_subtree(b);
    }

    /// Block `b`'s first slot, width, and the slots reached so far (the
    /// only ones that can hold a block).
    #[inline(always)]
    fn reached(&self, b: u32) -> (usize, u32, std::ops::Range<u32>) {
        let blk = &self.blocks[b as usize];
        let (first, w) = (blk.first as usize, blk.w);
        let touched = if self.stockman {
            blk.next..w
        } else {
            0..blk.next
        };
        (first, w, touched)
    }

    /// Returns block `b` (first slot `first`, width `w`) and its slots to
    /// the free lists.
    #[inline(always)]
    fn release(&mut self, b: u32, first: usize, w: u32) {
        let s = &mut self.slots[first];
        s.owner = NONE;
        if w == self.stride {
            s.child = self.free_range;
            self.free_range = first as u32;
        } else if w == 1 {
            s.child = self.free_one;
            self.free_one = first as u32;
        }
        let blk = &mut self.blocks[b as usize];
        blk.w = 0;
        blk.parent = self.free_block;
        self.free_block = b;
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
    /// A shape every node must keep to (IterSSS*'s): a node with more
    /// children, or an interior node at its depth, is an error.
    pub shape: Option<Bounds>,
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

/// The entries a Γ search of `plies` levels rooted at absolute depth
/// `root_depth` can hold at once on a tree of maximum branching `b`:
/// `b` to the number of choosing levels with children, e.g. b^⌈d/2⌉ for
/// SSS* on a (b, d) tree (Bhattacharya & Bagchi 1996, §2). Exact for uniform trees, an upper
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
/// started as (root, LIVE, `upper`), its states in `g` beside those of the
/// searches it is nested in. Stops early with the top merit once it is at
/// or below `lower` (aspiration, Campbell p. 16: he says "below"; with
/// integer values and fail-hard windows, a merit equal to the lower bound
/// already proves a fail-low, as alpha-beta's `<=` cutoff does). Nodes at
/// relative depth `p.horizon` go to `frontier`, which must return min(h,
/// their value) or any upper bound ≤ h that is exact when the value is
/// below h; it runs with the node's state removed from OPEN.
///
/// Returns min(upper, value of root) when that is ≥ `lower`.
pub(crate) fn gamma_search<T, F>(
    tree: &T,
    p: &Params,
    g: &mut Gamma<T::Node>,
    start: Start<'_, T::Node>,
    frontier: &mut F,
    observer: Observer<'_, T::Node>,
) -> Result<Value, BestFirstError>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    debug_assert_eq!(g.stockman, p.variant == Variant::Stockman);
    let and_root = (start.depth % 2 == 0) == p.chooser_even;
    let root = start.root;
    // Without an observer, the first step (on the LIVE root) is taken here:
    // a terminal root (every leaf below a stage's horizon, in staged SSS*)
    // then costs no block.
    let mut first = None;
    if g.level == 0 {
        g.best = None;
    }
    if observer.is_none() && p.horizon != 0 {
        if start.upper <= start.lower {
            g.peak = g.peak.max(g.live + 1);
            return Ok(start.upper);
        }
        let w = tree.num_children(root);
        if w == 0 {
            g.peak = g.peak.max(g.live + 1);
            let v = terminal(tree, root)?;
            return Ok(start.upper.min(if p.negate { -v } else { v }));
        }
        first = Some(w);
    }
    // The top block: one slot, the root's (below a virtual OR node if the
    // root is AND), already reached.
    // Each nesting level keeps its top block from search to search.
    let level = g.level;
    g.level += 1;
    let top = match g.tops.get(level) {
        Some(&top) => top,
        None => {
            let top = g.new_block(Block {
                node: root.clone(),
                parent: NONE,
                pslot: 0,
                first: 0,
                w: 1,
                next: 0,
                xrel: 0,
                h0: start.upper,
                t0: 0,
                live: 1,
                g0: 1,
                cur: 0,
                ckey: Key::NONE,
                alt: NONE,
                bound: Key::NONE,
                hlen: 0,
            });
            let first = g.alloc_range(1, top);
            g.blocks[top as usize].first = first;
            g.tops.push(top);
            top
        }
    };
    {
        let stockman = g.stockman;
        let blk = &mut g.blocks[top as usize];
        blk.next = u32::from(!stockman);
        blk.xrel = if and_root { -1 } else { 0 };
        blk.cur = 0;
        blk.alt = NONE;
        blk.bound = Key::NONE;
        blk.hlen = 0;
    }
    let k = g.blocks[top as usize].first as usize;
    {
        let s = &mut g.slots[k];
        s.x = root.clone();
        s.cur = root.clone();
        s.r = 0;
        s.deep.clear();
        s.child = NONE;
        s.solved = false;
        if and_root {
            s.push(Link { digit: 0, width: 1 });
        }
    }
    let t = if g.stockman { g.stamp(false) } else { 0 };
    g.blocks[top as usize].ckey = Key { h: start.upper, t };
    g.live += 1;
    g.peak = g.peak.max(g.live);
    let xrel = if and_root { -1 } else { 0 };
    macro_rules! go {
        ($s:literal) => {{
            let mut run = Run::<T, F, $s> {
                tree,
                p,
                g,
                frontier,
                root_depth: start.depth,
                lower: start.lower,
                top,
                live: 1,
                at: top,
                k,
                xrel,
                best: NONE,
                best_h: start.upper,
            };
            let result = run.search(observer, first);
            if level == 0 && run.best != NONE {
                run.g.best = Some(run.best as usize);
            }
            if result.is_ok() {
                // What an early stop leaves below the root.
                let k = run.g.blocks[top as usize].first as usize;
                let c = run.g.slots[k].child;
                if c != NONE {
                    run.g.free_subtree(c);
                    run.g.slots[k].child = NONE;
                }
                run.g.live -= run.live;
            }
            run.g.level -= 1;
            result
        }};
    }
    if g.stockman { go!(true) } else { go!(false) }
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

/// One running Γ search: its top block, and the current state: the end of
/// the path of slot `cur` of block `at` (arena index `k`). `S`: the tie
/// rule as printed (else left-most).
struct Run<'r, T: Tree + ?Sized, F, const S: bool> {
    tree: &'r T,
    p: &'r Params,
    g: &'r mut Gamma<T::Node>,
    frontier: &'r mut F,
    root_depth: usize,
    lower: Value,
    top: u32,
    /// This search's states.
    live: usize,
    at: u32,
    k: usize,
    /// `at`'s `xrel`.
    xrel: i64,
    /// The root's best move so far ([`NONE`]: none), and for a root that
    /// is an OR node the merit its last solved child left.
    best: u32,
    best_h: Value,
}

/// What the current state is.
enum Step {
    Done(Value),
    Go,
}

impl<T, F, const S: bool> Run<'_, T, F, S>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    #[inline(always)]
    fn stockman(&self) -> bool {
        S
    }

    /// The arena index of slot `i` of block `b`.
    #[inline(always)]
    fn idx(&self, b: u32, i: u32) -> usize {
        (self.g.blocks[b as usize].first + i) as usize
    }

    /// Makes the path's current slot in block `b` the current state.
    #[inline(always)]
    fn enter(&mut self, b: u32) {
        let blk = &self.g.blocks[b as usize];
        self.at = b;
        self.k = (blk.first + blk.cur) as usize;
        self.xrel = i64::from(blk.xrel);
    }

    /// Sets the merit of the current state, with a new stamp (as printed)
    /// for a stacked or inserted state.
    #[inline(always)]
    fn set_key(&mut self, h: Value, inserted: bool) {
        let t = if self.stockman() {
            self.g.stamp(inserted)
        } else {
            i64::from(self.g.blocks[self.at as usize].cur)
        };
        self.g.blocks[self.at as usize].ckey = Key { h, t };
    }

    /// The best alternative on the path down to block `b` (none above the
    /// top).
    #[inline(always)]
    fn bound(&self, b: u32) -> Key {
        if b == NONE {
            Key::NONE
        } else {
            self.g.blocks[b as usize].bound
        }
    }

    /// The key of a state in a block's subtree against the path's bounds.
    #[inline(always)]
    fn path_key(&self, k: Key) -> Key {
        if self.stockman() {
            k
        } else {
            Key { h: k.h, t: 0 }
        }
    }

    /// Whether slot `a` of `b` has not been reached yet.
    #[inline(always)]
    fn untouched(&self, b: u32, a: u32) -> bool {
        let n = self.g.blocks[b as usize].next;
        if self.stockman() { a < n } else { a >= n }
    }

    /// The first slot of `b` not reached yet, in stacking order.
    #[inline(always)]
    fn first_untouched(&self, b: u32) -> u32 {
        let blk = &self.g.blocks[b as usize];
        if self.stockman() {
            if blk.next > 0 { blk.next - 1 } else { NONE }
        } else if blk.next < blk.w {
            blk.next
        } else {
            NONE
        }
    }

    /// The key case 6 gave slot `a` of `b` (one not reached yet).
    #[inline(always)]
    fn fresh_key(&self, b: u32, a: u32) -> Key {
        let blk = &self.g.blocks[b as usize];
        let t = if self.stockman() {
            blk.t0 - i64::from(a)
        } else {
            i64::from(a)
        };
        Key { h: blk.h0, t }
    }

    /// The key of slot `a` of `b` in the block's order.
    fn slot_key(&self, b: u32, a: u32) -> Key {
        let blk = &self.g.blocks[b as usize];
        if self.untouched(b, a) {
            self.fresh_key(b, a)
        } else if a == blk.cur {
            blk.ckey
        } else {
            let heap = &self.g.keys[blk.first as usize..(blk.first + blk.hlen) as usize];
            heap.iter()
                .find(|c| c.slot == a)
                .expect("a slot reached is current or in the heap")
                .key()
        }
    }

    /// The key of the best other slot `alt` of `b` (from
    /// [`alt_of`](Self::alt_of)).
    #[inline(always)]
    fn alt_key(&self, b: u32, alt: u32) -> Key {
        if self.untouched(b, alt) {
            self.fresh_key(b, alt)
        } else {
            let c = self.g.keys[self.g.blocks[b as usize].first as usize];
            debug_assert_eq!(c.slot, alt);
            c.key()
        }
    }

    /// The best slot of `b` but its current one, or [`NONE`]: the first
    /// not reached yet (they go before all others), else the heap's top.
    #[inline(always)]
    fn alt_of(&self, b: u32) -> u32 {
        let u = self.first_untouched(b);
        if u != NONE {
            return u;
        }
        let blk = &self.g.blocks[b as usize];
        if blk.hlen > 0 {
            self.g.keys[blk.first as usize].slot
        } else {
            NONE
        }
    }

    /// Reaches slot `a` of `b` for the first time: generates its node.
    #[inline]
    fn visit(&mut self, b: u32, a: u32) {
        let node = self.tree.child(&self.g.blocks[b as usize].node, a as usize);
        let blk = &mut self.g.blocks[b as usize];
        if S {
            blk.next -= 1;
        } else {
            blk.next += 1;
        }
        let i = (blk.first + a) as usize;
        let s = &mut self.g.slots[i];
        s.x = node;
        s.r = 0;
        s.child = NONE;
        s.solved = false;
    }

    /// Puts the path of block `b` (on the path) through its slot `a`: its
    /// best.
    #[inline]
    fn select(&mut self, b: u32, a: u32) {
        let (cur, old) = {
            let blk = &self.g.blocks[b as usize];
            (blk.cur, blk.ckey)
        };
        let key = if self.untouched(b, a) {
            let k = self.fresh_key(b, a);
            self.visit(b, a);
            if cur != NONE {
                self.g.heap_push(b, cur, old);
            }
            k
        } else if a != cur {
            // Only the best is ever selected: the heap's top, which the
            // current slot replaces.
            let (top, k) = self.g.heap_replace(b, cur, old);
            debug_assert_eq!(top, a);
            k
        } else {
            old
        };
        {
            let blk = &mut self.g.blocks[b as usize];
            blk.cur = a;
            blk.ckey = key;
        }
        self.fix_bound(b);
    }

    /// Follows the path from block `b` down to a state.
    fn descend(&mut self, mut b: u32) {
        loop {
            let c = self.g.blocks[b as usize].cur;
            let ch = self.g.slots[self.idx(b, c)].child;
            if ch == NONE {
                self.enter(b);
                return;
            }
            self.g.blocks[ch as usize].g0 = self.live;
            let (c, alt) = (self.g.blocks[ch as usize].cur, self.alt_of(ch));
            let kc = self.g.blocks[ch as usize].ckey;
            let best = if alt != NONE && self.alt_key(ch, alt).beats(kc) {
                alt
            } else {
                c
            };
            self.select(ch, best);
            b = ch;
        }
    }

    /// The current state no longer beats its path's bound: finds the front.
    fn reselect(&mut self) {
        let mut b = self.at;
        loop {
            let (c, alt, parent) = {
                let blk = &self.g.blocks[b as usize];
                (blk.cur, blk.alt, blk.parent)
            };
            debug_assert!(parent != NONE, "nothing beats the top block's state");
            let kc = self.g.blocks[b as usize].ckey;
            let (best, kb) = if alt != NONE {
                let ka = self.alt_key(b, alt);
                if ka.beats(kc) { (alt, ka) } else { (c, kc) }
            } else {
                (c, kc)
            };
            if self.path_key(kb).beats(self.bound(parent)) {
                debug_assert!(best != c);
                self.select(b, best);
                self.descend(b);
                return;
            }
            // The block's best loses to an alternative above it.
            let blk = &mut self.g.blocks[b as usize];
            blk.live = blk.live + self.live - blk.g0;
            let ps = blk.pslot;
            let t = if S { kb.t } else { i64::from(ps) };
            self.g.blocks[parent as usize].ckey = Key { h: kb.h, t };
            b = parent;
        }
    }

    /// The Γ loop. Without an observer, runs of steps that stay in one
    /// slot or one block's leaves are taken in tight loops (see
    /// [`live`](Self::live)).
    fn search(
        &mut self,
        mut observer: Observer<'_, T::Node>,
        first: Option<usize>,
    ) -> Result<Value, BestFirstError> {
        let fuse = observer.is_none();
        if let Some(w) = first {
            // The root's first step, its width asked by the caller.
            let (r, h) = (
                self.g.slots[self.k].r,
                self.g.blocks[self.at as usize].ckey.h,
            );
            self.interior(r, h, self.xrel + i64::from(r), w)?;
        }
        loop {
            let k = self.k;
            let h = self.g.blocks[self.at as usize].ckey.h;
            let (r, solved) = {
                let s = &self.g.slots[k];
                (s.r, s.solved)
            };
            let rel = self.xrel + i64::from(r);
            let step = if solved {
                self.solved(r, h, rel)
            } else {
                self.live(r, h, rel, fuse)?
            };
            if let Step::Done(v) = step {
                return Ok(v);
            }
            if let Some(obs) = observer.as_mut() {
                obs(&self.front_first());
            }
        }
    }

    /// Γ on the current state, SOLVED, at path length `r` in its slot and
    /// relative depth `rel`, of merit `h`: cases 1–3.
    #[inline]
    fn solved(&mut self, r: u32, h: Value, rel: i64) -> Step {
        let tree = self.tree;
        let k = self.k;
        if rel == 0 {
            return Step::Done(h);
        }
        if rel == 1 {
            self.root_move(r, h);
        }
        if r.is_multiple_of(2) {
            if r == 0 {
                self.purge(h);
            } else {
                // Case 1 below an AND node with one child: nothing to purge.
                let n = self.ancestor(r - 1);
                let s = &mut self.g.slots[k];
                s.pop();
                s.cur = n;
                self.set_key(h, false);
            }
            return Step::Go;
        }
        let link = self.g.slots[k].link(r - 1);
        if link.digit + 1 < link.width {
            // Case 2: the next brother.
            let n = if r == 1 {
                tree.child(&self.g.slots[k].x, usize::from(link.digit) + 1)
            } else {
                tree.child(&self.ancestor(r - 1), usize::from(link.digit) + 1)
            };
            let s = &mut self.g.slots[k];
            s.link_mut(r - 1).digit += 1;
            s.cur = n;
            s.solved = false;
        } else {
            // Case 3: the OR parent is solved.
            if r > 1 {
                let n = self.ancestor(r - 1);
                self.g.slots[k].cur = n;
            }
            self.g.slots[k].pop();
        }
        self.set_key(h, false);
        Step::Go
    }

    /// A child of the root, at path length `r` in its slot, is solved with
    /// merit `h` (before cases 1–3 move on): remembers the root's best move.
    ///
    /// A state solved with a merit below the one it was stacked with has
    /// exactly that value: a terminal's min(h, v) is then v; an OR node's
    /// children are solved one after the other, the merit falling to its
    /// final h below one of them (exact, by induction) while every other is
    /// solved with a merit, a lower bound, at least h; an AND node is
    /// solved through the child whose state was in front, solved below the
    /// AND node's merit (exact), every other child's merit (an upper bound
    /// on its value, as SSS\*'s merits are) being at most h. So:
    ///
    /// * below an AND root, the child solved by case 1 is the best (its
    ///   merit is a lower bound on its value, and the root's value an upper
    ///   bound; after a fail-high, it is the child that reached the bound);
    /// * below an OR root (Dual\*), the children are solved in turn and the
    ///   best is the last one whose solution lowered the merit.
    #[inline(never)]
    fn root_move(&mut self, r: u32, h: Value) {
        if r.is_multiple_of(2) {
            self.best = if r == 0 {
                self.g.blocks[self.at as usize].cur
            } else {
                u32::from(self.g.slots[self.k].link(r - 1).digit)
            };
        } else if h < self.best_h {
            self.best = u32::from(self.g.slots[self.k].link(r - 1).digit);
            self.best_h = h;
        }
    }

    /// Γ on the current state, LIVE: the aspiration stop, case 4, 5 or 6.
    ///
    /// With `fuse` (no observer), three runs of steps are taken here
    /// without returning, each exactly as the steps one by one would take
    /// them:
    ///
    /// * case 5 or 6 stacks a LIVE state of the same merit, in front: its
    ///   step follows, down to a terminal (or the horizon);
    /// * a terminal AND node below its slot's OR node that stays in front
    ///   after case 4 is followed by case 2 (its next brother, LIVE, which
    ///   is in front too) or case 3;
    /// * a terminal OR node (a slot's own node) that falls behind after
    ///   case 4 while its block still has children not reached yet gives
    ///   way to the next of them, which is then in front.
    #[inline]
    fn live(&mut self, r: u32, h: Value, rel: i64, fuse: bool) -> Result<Step, BestFirstError> {
        let tree = self.tree;
        if h <= self.lower {
            return Ok(Step::Done(h));
        }
        let (mut r, mut rel) = (r, rel);
        loop {
            let horizon = rel as usize == self.p.horizon;
            let w = if horizon {
                0
            } else {
                tree.num_children(self.g.slots[self.k].node())
            };
            if w == 0 {
                return self.terminal(r, h, rel, horizon, fuse);
            }
            self.interior(r, h, rel, w)?;
            if !fuse {
                return Ok(Step::Go);
            }
            // The new current state (h is above the lower bound, as it was).
            r = self.g.slots[self.k].r;
            rel = self.xrel + i64::from(r);
        }
    }

    /// Case 4 for the current state (a terminal, or a node at the horizon),
    /// and with `fuse` the runs of steps that follow it (see
    /// [`live`](Self::live)).
    #[inline(always)]
    fn terminal(
        &mut self,
        r: u32,
        h: Value,
        rel: i64,
        horizon: bool,
        fuse: bool,
    ) -> Result<Step, BestFirstError> {
        let tree = self.tree;
        let mut h = h;
        let mut w = 0;
        loop {
            if w != 0 {
                return self.interior(r, h, rel, w).map(|()| Step::Go);
            }
            // Case 4: evaluate, and insert solved.
            let v = if horizon {
                let node = self.g.slots[self.k].node().clone();
                self.g.live -= 1;
                let v = (self.frontier)(self.g, &node, self.root_depth + rel as usize, h)?;
                self.g.live += 1;
                // The nested search may have moved the arena.
                self.enter(self.at);
                v
            } else {
                self.leaf_value(self.g.slots[self.k].node())?
            };
            let k = self.k;
            self.g.slots[k].solved = true;
            h = h.min(v);
            self.set_key(h, true);
            let front = {
                let blk = &self.g.blocks[self.at as usize];
                self.path_key(blk.ckey).beats(blk.bound)
            };
            if fuse {
                // A terminal AND node below its slot's OR node (not the
                // root): its slot, or the best other slot of its block if
                // that is now in front of everything, goes on with case 2
                // or 3 when its state is a solved AND node below its OR
                // node. (At the horizon too: the next brother is then
                // evaluated by the frontier search.)
                let mut go_on = front && r == 1 && rel > 0;
                if !front && r == 1 && rel > 0 {
                    let b = self.at;
                    let (alt, parent, ckey) = {
                        let blk = &self.g.blocks[b as usize];
                        (blk.alt, blk.parent, blk.ckey)
                    };
                    if alt != NONE && !self.untouched(b, alt) {
                        // No child is left unreached: the alternative is
                        // the heap's top.
                        let ka = self.alt_key(b, alt);
                        let pb = self.bound(parent);
                        if ka.beats(ckey) && self.path_key(ka).beats(pb) {
                            if !self.switch_to_top(b, pb) {
                                return Ok(Step::Go);
                            }
                            h = self.g.blocks[b as usize].ckey.h;
                            go_on = true;
                        }
                    }
                }
                if go_on {
                    if rel == 1 {
                        self.root_move(1, h);
                    }
                    let k = self.k;
                    let link = self.g.slots[k].l1;
                    if link.digit + 1 < link.width {
                        // Case 2.
                        let n = tree.child(&self.g.slots[k].x, usize::from(link.digit) + 1);
                        let s = &mut self.g.slots[k];
                        s.l1.digit += 1;
                        s.cur = n;
                        s.solved = false;
                        self.set_key(h, false);
                        if h <= self.lower {
                            return Ok(Step::Done(h));
                        }
                        w = if horizon {
                            0
                        } else {
                            tree.num_children(&self.g.slots[k].cur)
                        };
                        continue;
                    }
                    // Case 3.
                    self.g.slots[k].pop();
                    self.set_key(h, false);
                    return Ok(Step::Go);
                }
                if !horizon && !front && r == 0 && self.first_untouched(self.at) != NONE {
                    return self.next_leaves();
                }
            }
            if !front {
                self.reselect();
            }
            return Ok(Step::Go);
        }
    }

    /// The current state, a terminal OR node just solved, fell behind the
    /// first child of its block not reached yet, which is therefore in
    /// front of everything: reaches it, and so on while they are terminals
    /// that fall behind the next one (one step of Γ each: case 4).
    fn next_leaves(&mut self) -> Result<Step, BestFirstError> {
        let tree = self.tree;
        let b = self.at;
        let stockman = self.stockman();
        // The slots left behind join the heap unordered: if one of them is
        // in front (case 1 next), the block goes with them; otherwise they
        // are ordered before the heap is read.
        let settled = self.g.blocks[b as usize].hlen;
        loop {
            let (cur, ckey, u, first) = {
                let blk = &self.g.blocks[b as usize];
                let u = if stockman { blk.next - 1 } else { blk.next };
                (blk.cur, blk.ckey, u, blk.first)
            };
            self.g.heap_append(b, cur, ckey);
            let key = self.fresh_key(b, u);
            let x = tree.child(&self.g.blocks[b as usize].node, u as usize);
            let more = {
                let blk = &mut self.g.blocks[b as usize];
                blk.cur = u;
                blk.ckey = key;
                if stockman {
                    blk.next -= 1;
                    blk.next > 0
                } else {
                    blk.next += 1;
                    blk.next < blk.w
                }
            };
            let k = (first + u) as usize;
            self.k = k;
            {
                let s = &mut self.g.slots[k];
                s.x = x;
                s.r = 0;
                s.child = NONE;
                s.solved = false;
            }
            if !more {
                // The last one: its alternative is the heap's.
                self.g.heap_settle(b, settled);
                self.fix_bound(b);
                return self.last_leaf(b, key.h, k);
            }
            // Its alternative is the next one not reached yet, in front of
            // everything else.
            let next = if stockman { u - 1 } else { u + 1 };
            let alt = self.fresh_key(b, next);
            let bound = if stockman {
                alt
            } else {
                Key { h: alt.h, t: 1 }
            };
            {
                let blk = &mut self.g.blocks[b as usize];
                blk.alt = next;
                blk.bound = bound;
            }
            let h = key.h;
            if h <= self.lower {
                return Ok(Step::Done(h));
            }
            let w = tree.num_children(&self.g.slots[k].x);
            if w != 0 {
                self.g.heap_settle(b, settled);
                return self.interior(0, h, self.xrel, w).map(|()| Step::Go);
            }
            let v = self.leaf_value(&self.g.slots[k].x)?;
            self.g.slots[k].solved = true;
            let h = h.min(v);
            self.set_key(h, true);
            let ckey = self.path_key(self.g.blocks[b as usize].ckey);
            if ckey.beats(bound) {
                // Case 1 next.
                return Ok(Step::Go);
            }
        }
    }

    /// The step of the last child of block `b` that [`next_leaves`]
    /// reached (at arena index `k`, merit `h`): case 4 if it is a terminal,
    /// followed by a reselection if it falls behind; cases 5–6 otherwise.
    ///
    /// [`next_leaves`]: Self::next_leaves
    #[inline(never)]
    fn last_leaf(&mut self, b: u32, h: Value, k: usize) -> Result<Step, BestFirstError> {
        if h <= self.lower {
            return Ok(Step::Done(h));
        }
        let w = self.tree.num_children(&self.g.slots[k].x);
        if w != 0 {
            return self.interior(0, h, self.xrel, w).map(|()| Step::Go);
        }
        let v = self.leaf_value(&self.g.slots[k].x)?;
        self.g.slots[k].solved = true;
        self.set_key(h.min(v), true);
        let blk = &self.g.blocks[b as usize];
        if !self.path_key(blk.ckey).beats(blk.bound) {
            self.reselect();
        }
        Ok(Step::Go)
    }

    /// A terminal's value for this search (negated for Dual\*), refusing
    /// the sentinels.
    #[inline(always)]
    fn leaf_value(&self, n: &T::Node) -> Result<Value, BestFirstError> {
        let v = terminal(self.tree, n)?;
        Ok(if self.p.negate { -v } else { v })
    }

    /// The path in block `b` (whose bound above is `pb`) moves to its
    /// heap's top, in front of everything; the current slot takes its place
    /// in the heap. Returns whether the top's state is a solved AND node
    /// below its OR node (else the path is left for the general case to
    /// follow).
    #[inline]
    fn switch_to_top(&mut self, b: u32, pb: Key) -> bool {
        let (cur, ckey, first) = {
            let blk = &self.g.blocks[b as usize];
            (blk.cur, blk.ckey, blk.first as usize)
        };
        let top = self.g.keys[first].slot;
        if self.g.slots[first + top as usize].child != NONE {
            self.select(b, top);
            self.descend(b);
            return false;
        }
        let (top, key) = self.g.heap_replace(b, cur, ckey);
        let hlen = self.g.blocks[b as usize].hlen;
        let (alt, bound) = if hlen > 0 {
            let c = self.g.keys[first];
            let k = if S {
                c.key()
            } else {
                Key {
                    h: c.h,
                    t: if c.slot < top { -1 } else { 1 },
                }
            };
            (c.slot, pb.best(k))
        } else {
            (NONE, pb)
        };
        let blk = &mut self.g.blocks[b as usize];
        blk.cur = top;
        blk.ckey = key;
        blk.alt = alt;
        blk.bound = bound;
        self.k = first + top as usize;
        let s = &self.g.slots[self.k];
        s.solved && s.r == 1
    }

    /// Sets the best other slot of block `b` and its path's bound, after
    /// its current slot changed.
    #[inline(always)]
    fn fix_bound(&mut self, b: u32) {
        let a = self.g.blocks[b as usize].cur;
        let alt = self.alt_of(b);
        let mut bound = self.bound(self.g.blocks[b as usize].parent);
        if alt != NONE {
            let k = self.alt_key(b, alt);
            let k = if self.stockman() {
                k
            } else {
                Key {
                    h: k.h,
                    t: if alt < a { -1 } else { 1 },
                }
            };
            bound = bound.best(k);
        }
        let blk = &mut self.g.blocks[b as usize];
        blk.alt = alt;
        blk.bound = bound;
    }

    /// Cases 5 and 6 for the current state, LIVE with `w` children, at path
    /// length `r` and relative depth `rel`, of merit `h`.
    #[inline(always)]
    fn interior(&mut self, r: u32, h: Value, rel: i64, w: usize) -> Result<(), BestFirstError> {
        if let Some(b) = self.p.shape
            && (w > b.branching || rel as usize >= b.depth)
        {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{}: node {} at depth {rel} has {w} children, beyond the shape \
                         (branching {}, depth {}) the budget was computed from",
                    self.p.algorithm,
                    self.dewey_here(),
                    b.branching,
                    b.depth
                ),
            });
        }
        let width = u16::try_from(w).map_err(|_| BestFirstError::TreeShape {
            message: format!("a node has {w} children; at most 65,535 are supported"),
        })?;
        if self.root_depth + rel as usize >= tree_core::MAX_DEPTH {
            return Err(BestFirstError::TreeShape {
                message: format!("the tree is deeper than {}", tree_core::MAX_DEPTH),
            });
        }
        if r.is_multiple_of(2) || w == 1 {
            // Case 5 (an OR node's first child), or case 6 with one child.
            let s = &mut self.g.slots[self.k];
            let n = self.tree.child(s.node(), 0);
            s.push(Link { digit: 0, width });
            s.cur = n;
            self.set_key(h, false);
            return Ok(());
        }
        // Case 6: an AND node with two or more children.
        self.expand(h, w as u32, rel as i32)
    }

    /// The current state's Dewey code (for messages).
    #[cold]
    fn dewey_here(&self) -> Dewey {
        let mut rev: Vec<usize> = Vec::new();
        let mut b = self.at;
        let mut k = self.k;
        loop {
            let s = &self.g.slots[k];
            let top = b == self.top;
            let skip = u32::from(top && self.g.blocks[b as usize].xrel < 0);
            for j in (skip..s.r).rev() {
                rev.push(usize::from(s.link(j).digit));
            }
            if top {
                break;
            }
            let blk = &self.g.blocks[b as usize];
            rev.push(blk.cur as usize);
            k = self.idx(blk.parent, blk.pslot);
            b = blk.parent;
        }
        let mut d = Dewey::root();
        for &i in rev.iter().rev() {
            d.push(i);
        }
        d
    }

    /// The node on the current slot's path after its first `j` links (`j`
    /// ≥ 1), regenerated from the slot's OR node (only below AND nodes with
    /// one child: elsewhere paths are one link long).
    #[cold]
    fn ancestor(&self, j: u32) -> T::Node {
        let s = &self.g.slots[self.k];
        // The top slot of an AND root starts with a virtual link.
        let skip = u32::from(self.at == self.top && self.xrel < 0);
        let mut n = s.x.clone();
        for l in skip..j {
            n = self.tree.child(&n, usize::from(s.link(l).digit));
        }
        n
    }

    /// Case 6 for the current state, an AND node at depth `rel` with `w`
    /// children: a new block of `w` children of merit `h`, entered at the
    /// first one in stacking order.
    #[inline(never)]
    fn expand(&mut self, h: Value, w: u32, rel: i32) -> Result<(), BestFirstError> {
        let g = &mut *self.g;
        if g.live - 1 + w as usize > g.budget {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm: self.p.algorithm,
                given: g.budget,
                minimum: g.budget + 1,
            });
        }
        g.live += w as usize - 1;
        g.peak = g.peak.max(g.live);
        self.live += w as usize - 1;
        let node = g.slots[self.k].cur.clone();
        let t0 = if g.stockman {
            let t0 = -(g.counter + 1);
            g.counter += i64::from(w);
            t0
        } else {
            0
        };
        let (b, i) = (self.at, g.blocks[self.at as usize].cur);
        // The path enters the first child in stacking order (generated
        // here); the next one is the alternative (in front of everything
        // else). The block is written whole, already entered.
        let (s, alt) = if S { (w - 1, w - 2) } else { (0, 1) };
        let x = self.tree.child(&node, s as usize);
        let fresh = |a: u32| Key {
            h,
            t: if S { t0 - i64::from(a) } else { i64::from(a) },
        };
        let ka = fresh(alt);
        let bound = g.blocks[b as usize]
            .bound
            .best(if S { ka } else { Key { h: ka.h, t: 1 } });
        let c = g.new_block(Block {
            node,
            parent: b,
            pslot: i,
            first: 0,
            w,
            next: if S { w - 1 } else { 1 },
            xrel: rel + 1,
            h0: h,
            t0,
            live: w as usize,
            g0: self.live,
            cur: s,
            ckey: fresh(s),
            alt,
            bound,
            hlen: 0,
        });
        let first = g.alloc_range(w, c);
        g.blocks[c as usize].first = first;
        // The arena may have moved.
        let k = (g.blocks[b as usize].first + i) as usize;
        g.slots[k].child = c;
        let k = (first + s) as usize;
        let slot = &mut g.slots[k];
        slot.x = x;
        slot.r = 0;
        slot.child = NONE;
        slot.solved = false;
        self.at = c;
        self.k = k;
        self.xrel = i64::from(rel + 1);
        Ok(())
    }

    /// Case 1 for the current state, a solved OR node at the top of its
    /// slot: the block's AND node is solved with merit `h`, everything
    /// below it purged.
    fn purge(&mut self, h: Value) {
        let b = self.at;
        let (parent, killed) = {
            let blk = &self.g.blocks[b as usize];
            (blk.parent, blk.live + self.live - blk.g0 - 1)
        };
        debug_assert!(parent != NONE);
        self.live -= killed;
        self.g.live -= killed;
        self.enter(parent);
        {
            let g = &mut *self.g;
            let s = &mut g.slots[self.k];
            std::mem::swap(&mut s.cur, &mut g.blocks[b as usize].node);
            s.child = NONE;
            s.solved = true;
        }
        self.g.free_subtree(b);
        self.set_key(h, false);
    }

    /// The search's states in OPEN's order (front first), for traces.
    fn front_first(&self) -> Vec<Entry<T::Node>> {
        let mut out = Vec::new();
        self.collect(self.top, &Dewey::root(), &mut out);
        if self.stockman() {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then(a.1.cmp(&b.1)));
        } else {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then_with(|| a.0.dewey.cmp(&b.0.dewey)));
        }
        out.into_iter().map(|(e, _)| e).collect()
    }

    fn collect(&self, b: u32, dewey: &Dewey, out: &mut Vec<(Entry<T::Node>, i64)>) {
        let blk = &self.g.blocks[b as usize];
        let top = b == self.top;
        for a in 0..blk.w {
            // The top block's slot is the root (below a virtual link for an
            // AND root).
            let mut d = if top {
                dewey.clone()
            } else {
                dewey.child(a as usize)
            };
            if self.untouched(b, a) {
                let k = self.slot_key(b, a);
                let node = self.tree.child(&blk.node, a as usize);
                out.push((
                    Entry {
                        node,
                        dewey: d,
                        status: Status::Live,
                        h: k.h,
                    },
                    k.t,
                ));
                continue;
            }
            let s = &self.g.slots[self.idx(b, a)];
            let skip = u32::from(top && blk.xrel < 0);
            for j in skip..s.r {
                d.push(usize::from(s.link(j).digit));
            }
            if s.child != NONE {
                self.collect(s.child, &d, out);
                continue;
            }
            let k = self.slot_key(b, a);
            out.push((
                Entry {
                    node: s.node().clone(),
                    dewey: d,
                    status: if s.solved {
                        Status::Solved
                    } else {
                        Status::Live
                    },
                    h: k.h,
                },
                k.t,
            ));
        }
    }
}

fn run<T: Tree + ?Sized>(
    tree: &T,
    cfg: &SssConfig,
    dual: bool,
    window: (Value, Value),
    observer: Observer<'_, T::Node>,
) -> Result<Outcome, BestFirstError> {
    let algorithm = if dual { "Dual*" } else { cfg.variant.name() };
    let bounds = shape(tree, cfg.shape, algorithm)?;
    let minimum = open_size(algorithm, bounds.branching, bounds.depth, 0, !dual)?;
    let capacity = budget(algorithm, cfg.memory, minimum)?;
    let mut open = Gamma::new(capacity, cfg.variant, bounds, 0);
    let p = Params {
        variant: cfg.variant,
        chooser_even: !dual,
        negate: dual,
        horizon: usize::MAX,
        algorithm,
        shape: None,
    };
    let root = tree.root();
    let start = Start {
        root: &root,
        depth: 0,
        lower: window.0,
        upper: window.1,
    };
    let v = gamma_search(tree, &p, &mut open, start, &mut no_frontier, observer)?;
    let best = if v > window.0 { open.best } else { None };
    Ok(Outcome::new(if dual { -v } else { v }, best, open.memory()))
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
    run(tree, cfg, false, (Value::NEG_INF, Value::INF), None)
}

/// Dual* (SSS* on the dual tree: MIN searches its solution trees, values
/// negated; Marsland et al. 1987). OPEN is sized b^⌊d/2⌋.
///
/// # Errors
/// As [`sss`].
pub fn dual<T: Tree + ?Sized>(tree: &T, cfg: &SssConfig) -> Result<Outcome, BestFirstError> {
    run(tree, cfg, true, (Value::NEG_INF, Value::INF), None)
}

/// The result of an aspiration search: a value and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    let outcome = run(tree, cfg, false, (lower, upper), None)?;
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
    let out = run(tree, cfg, false, (Value::NEG_INF, upper), Some(&mut obs))?;
    Ok((out, steps))
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::reference::{self, RefOpen};
    use super::*;
    use tree_core::{Traced, TracedNode, corpus};

    thread_local! {
        /// Compactions of block arenas on this thread.
        pub(super) static COMPACTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
        /// Searches that failed part-way on this thread.
        static FAILURES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// What one search shows: its result (value and peak, or the error),
    /// the leaves in evaluation order, the interior expansions, and OPEN
    /// after every step.
    type Seen = (
        Result<(Value, usize), BestFirstError>,
        Vec<Dewey>,
        u64,
        Vec<String>,
    );

    fn line(entries: impl Iterator<Item = (Dewey, Status, Value)>) -> String {
        entries
            .map(|(d, s, h)| {
                let s = if s == Status::Live { "L" } else { "S" };
                format!("({d},{s},{h})")
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// One search by the block engine (`reference`: by the reference), with
    /// the horizon `k` handed to staged SSS* (`k` = 0: none).
    fn seen<T: Tree>(
        tree: &T,
        cfg: &SssConfig,
        dual: bool,
        window: (Value, Value),
        k: usize,
        steps: bool,
        by_reference: bool,
    ) -> Seen {
        let traced = Traced::new(tree);
        let algorithm = if k > 0 {
            "staged-sss"
        } else if dual {
            "Dual*"
        } else {
            cfg.variant.name()
        };
        let bounds = shape(tree, cfg.shape, algorithm).unwrap();
        let minimum = if k > 0 {
            crate::hybrid::staged_minimum(bounds, k).unwrap()
        } else {
            open_size(algorithm, bounds.branching, bounds.depth, 0, !dual).unwrap()
        };
        let capacity = budget(algorithm, cfg.memory, minimum).unwrap();
        let p = Params {
            variant: cfg.variant,
            chooser_even: !dual,
            negate: dual,
            horizon: if k > 0 { k } else { usize::MAX },
            algorithm,
            shape: None,
        };
        let root = traced.root();
        let mut lines = Vec::new();
        let out = if by_reference {
            let mut open = RefOpen::new(capacity);
            let mut obs = |e: &[reference::RefEntry<TracedNode<T::Node>>]| {
                if steps {
                    lines.push(line(e.iter().map(|e| (e.dewey.clone(), e.status, e.h))));
                }
            };
            ref_stage(&traced, &p, k, &mut open, &root, 0, window, &mut obs).map(|v| (v, open.peak))
        } else {
            let mut open = Gamma::new(
                capacity,
                cfg.variant,
                bounds,
                bounds.depth.div_ceil(k.max(1)),
            );
            let mut obs = |e: &[Entry<TracedNode<T::Node>>]| {
                lines.push(line(e.iter().map(|e| (e.dewey.clone(), e.status, e.h))));
            };
            let observer: Observer<'_, _> = if steps { Some(&mut obs) } else { None };
            stage(&traced, &p, k, &mut open, &root, 0, window, observer)
                .map(|v| (v, open.memory().peak))
        };
        let out = out.map(|(v, peak)| (if dual { -v } else { v }, peak));
        (out, traced.order(), traced.stats().interior, lines)
    }

    /// A (staged, for `k` > 0) search on the block engine.
    #[allow(clippy::too_many_arguments)]
    fn stage<T: Tree>(
        tree: &T,
        p: &Params,
        k: usize,
        open: &mut Gamma<T::Node>,
        node: &T::Node,
        depth: usize,
        (lower, upper): (Value, Value),
        observer: Observer<'_, T::Node>,
    ) -> Result<Value, BestFirstError> {
        let start = Start {
            root: node,
            depth,
            lower,
            upper,
        };
        if k == 0 {
            return gamma_search(tree, p, open, start, &mut no_frontier, observer);
        }
        gamma_search(
            tree,
            p,
            open,
            start,
            &mut |o: &mut Gamma<T::Node>, n: &T::Node, d: usize, h: Value| {
                stage(tree, p, k, o, n, d, (Value::NEG_INF, h), None)
            },
            observer,
        )
    }

    /// The same on the reference.
    #[allow(clippy::too_many_arguments)]
    fn ref_stage<T: Tree>(
        tree: &T,
        p: &Params,
        k: usize,
        open: &mut RefOpen<T::Node>,
        node: &T::Node,
        depth: usize,
        window: (Value, Value),
        observer: reference::RefObserver<'_, T::Node>,
    ) -> Result<Value, BestFirstError> {
        if k == 0 {
            return reference::gamma_search(
                tree,
                p,
                open,
                node,
                depth,
                window,
                &mut |_: &mut RefOpen<T::Node>, _: &T::Node, _: usize, _: Value| unreachable!(),
                observer,
            );
        }
        reference::gamma_search(
            tree,
            p,
            open,
            node,
            depth,
            window,
            &mut |o: &mut RefOpen<T::Node>, n: &T::Node, d: usize, h: Value| {
                ref_stage(tree, p, k, o, n, d, (Value::NEG_INF, h), &mut |_| {})
            },
            observer,
        )
    }

    /// The block engine against the reference on one tree: every tie rule,
    /// Dual*, aspiration windows, staged SSS*, OPEN after every step
    /// (`steps`), and budgets too small for the tree (by understating its
    /// shape) so that the search fails part-way.
    fn check_same<T: Tree>(tree: &T, what: &str, steps: bool) {
        let truth = tree_core::minimax(tree);
        let b = tree.bounds().unwrap();
        let mut cfgs = Vec::new();
        for variant in [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost] {
            cfgs.push(SssConfig::new(variant));
            for depth in [b.depth.saturating_sub(1), b.depth.saturating_sub(2)] {
                cfgs.push(SssConfig {
                    variant,
                    memory: None,
                    shape: Some(Bounds::uniform(b.branching.max(1), depth)),
                });
            }
        }
        let full = (Value::NEG_INF, Value::INF);
        for cfg in &cfgs {
            let both = |dual, window, k, steps| {
                let new = seen(tree, cfg, dual, window, k, steps, false);
                let old = seen(tree, cfg, dual, window, k, steps, true);
                (new, old)
            };
            for dual in [false, true] {
                let (new, old) = both(dual, full, 0, steps);
                if new.0.is_err() {
                    FAILURES.with(|c| c.set(c.get() + 1));
                } else if cfg.shape.is_none() {
                    assert_eq!(new.0.as_ref().map(|r| r.0), Ok(truth), "{what}");
                }
                assert_eq!(new, old, "{cfg:?} dual {dual} on {what}");
            }
            for (lo, hi) in [(-1i64, 1i64), (-5, 0), (0, 3), (2, 9), (-3, -1)] {
                let window = (truth.offset(lo), truth.offset(hi));
                if window.0 >= window.1 {
                    continue;
                }
                let (new, old) = both(false, window, 0, steps);
                assert_eq!(new, old, "{cfg:?} window {window:?} on {what}");
            }
            for k in [1, 2, 3] {
                let (new, old) = both(false, full, k, false);
                assert_eq!(new, old, "{cfg:?} staged {k} on {what}");
            }
        }
    }

    #[test]
    fn blocks_behave_as_the_reference_on_random_trees() {
        let mut n = 0;
        for (text, tree) in corpus::random_trees(0x1a2e, 3_000) {
            check_same(&tree, &text, n % 4 == 0);
            n += 1;
        }
        assert_eq!(n, 3_000);
        assert!(COMPACTIONS.with(|c| c.get()) > 100);
        assert!(FAILURES.with(|c| c.get()) > 1_000);
    }

    #[test]
    fn blocks_behave_as_the_reference_on_generated_trees() {
        let mut n = 0;
        for tree in corpus::generated_trees(4) {
            let small = tree
                .bounds()
                .is_some_and(|b| b.branching.pow(b.depth as u32) <= 4_096);
            check_same(&tree, &format!("{:?}", tree.spec()), small && n % 3 == 0);
            n += 1;
        }
        assert!(n >= 500, "{n}");
    }
}

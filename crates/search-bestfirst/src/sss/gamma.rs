//! OPEN of the Γ operator as a tree of blocks (see the [module
//! docs](super), "OPEN is a tree of blocks"): one [`Block`] per expanded AND
//! node with two or more children, a [`Slot`] per child holding the path
//! down to its one state or to the next block, and per block a binary heap
//! of the keys of the slots reached but the current one. [`Gamma`] owns the
//! arenas, allocated once for the budget, and their free lists; what a
//! search does with them is the `run` and `cases` modules'.

use smallvec::SmallVec;
use tree_core::{Bounds, Value};

use super::config::Variant;
use crate::error::BestFirstError;
use crate::open::Memory;

#[cfg(test)]
thread_local! {
    /// Compactions of block arenas on this thread.
    pub(super) static COMPACTIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// "No block", "no slot".
pub(super) const NONE: u32 = u32::MAX;

/// A state's place in OPEN's order: merit, then the tie stamp (smaller
/// first). Under the left-most rule a slot's stamp is its index in its
/// block, and a path's bounds use −1 / +1 for an alternative left / right
/// of the path (the path's own state being 0); as printed, it is the
/// stamp of the [module docs](super).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Key {
    pub(super) h: Value,
    pub(super) t: i64,
}

impl Key {
    /// Below every state (no real state has merit −∞ and the greatest stamp).
    pub(super) const NONE: Key = Key {
        h: Value::NEG_INF,
        t: i64::MAX,
    };

    /// Whether `self` goes in front of `o`.
    #[inline(always)]
    pub(super) fn beats(self, o: Key) -> bool {
        self.h > o.h || (self.h == o.h && self.t < o.t)
    }

    /// The one in front.
    #[inline(always)]
    pub(super) fn best(self, o: Key) -> Key {
        if o.beats(self) { o } else { self }
    }
}

/// One position of a block's heap: a slot and its key.
#[derive(Debug, Clone, Copy)]
pub(super) struct Cell {
    pub(super) h: Value,
    pub(super) slot: u32,
    pub(super) t: i64,
}

impl Cell {
    pub(super) const EMPTY: Cell = Cell {
        h: Value::NEG_INF,
        slot: NONE,
        t: i64::MAX,
    };

    #[inline(always)]
    pub(super) fn key(self) -> Key {
        Key {
            h: self.h,
            t: self.t,
        }
    }
}

/// One step of a slot's path below its OR node: the child taken and the
/// number of children of the node it was taken from.
#[derive(Debug, Clone, Copy)]
pub(super) struct Link {
    pub(super) digit: u16,
    pub(super) width: u16,
}

/// A child (an OR node) of a block's AND node, and the one state or block
/// below it: a path of `r` links leads from `x` to the state's node `cur`
/// (or, when `child` is set, to the AND node of that block). Paths are one
/// link long but below AND nodes with one child.
#[derive(Debug, Clone)]
pub(super) struct Slot<N> {
    /// The OR node (valid once the slot has been reached).
    pub(super) x: N,
    /// The node at the end of the path (when `r` > 0).
    pub(super) cur: N,
    /// The path's length: 0, the state is at `x`.
    pub(super) r: u32,
    /// The path's first link, and the others.
    pub(super) l1: Link,
    pub(super) deep: SmallVec<[Link; 2]>,
    /// The block of the AND node at the end of the path, or [`NONE`].
    pub(super) child: u32,
    /// The state's status.
    pub(super) solved: bool,
    /// In the first slot of a block's range: the block (or [`NONE`] once
    /// freed) and the range's length, for compaction.
    pub(super) owner: u32,
    pub(super) span: u32,
}

impl<N> Slot<N> {
    /// Link `j` of the path.
    #[inline(always)]
    pub(super) fn link(&self, j: u32) -> Link {
        if j == 0 {
            self.l1
        } else {
            self.deep[j as usize - 1]
        }
    }

    #[inline(always)]
    pub(super) fn link_mut(&mut self, j: u32) -> &mut Link {
        if j == 0 {
            &mut self.l1
        } else {
            &mut self.deep[j as usize - 1]
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, l: Link) {
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
    pub(super) fn pop(&mut self) {
        self.r -= 1;
        if self.r > 0 {
            self.deep.pop();
        }
    }

    /// The state's node.
    #[inline(always)]
    pub(super) fn node(&self) -> &N {
        if self.r == 0 { &self.x } else { &self.cur }
    }
}

/// An expanded AND node with two or more children: its slots, how far
/// case 6's stacking order has been reached, the slot the path goes (or
/// last went) through, and a binary heap (on the slots' keys) of the other
/// slots reached so far, so that the best alternative is the first slot not
/// reached yet or the heap's top.
#[derive(Debug, Clone)]
pub(super) struct Block<N> {
    pub(super) node: N,
    /// The block holding this one, [`NONE`] for a search's top block (one
    /// slot: the root's); a free block's next.
    pub(super) parent: u32,
    /// The slot of `parent` holding this block.
    pub(super) pslot: u32,
    /// The first of the `w` slots in the arena.
    pub(super) first: u32,
    /// Children; 0 for a free block.
    pub(super) w: u32,
    /// Slots not reached yet: `next..w` (left-most), `0..next` (as printed).
    pub(super) next: u32,
    /// The depth of the slots' OR nodes relative to the search's root (−1
    /// in the top block of an AND root: a virtual OR node above it).
    pub(super) xrel: i32,
    /// The merit case 6 gave the children.
    pub(super) h0: Value,
    /// As printed: the stamp of child 0 (child i has `t0 − i`).
    pub(super) t0: i64,
    /// States below, as of `g0`: the search's state count when the block
    /// last joined the path (all changes below happen while it is on it).
    pub(super) live: usize,
    pub(super) g0: usize,
    /// The slot the path goes through (or last went through) and its key
    /// (its state's, or the best below it), the best other slot, and (on
    /// the path) the best alternative on the path down to here.
    pub(super) cur: u32,
    pub(super) ckey: Key,
    pub(super) alt: u32,
    pub(super) bound: Key,
    /// Slots in the heap: every slot reached but `cur`.
    pub(super) hlen: u32,
}

/// OPEN of the Γ operator as a tree of blocks (see the [module
/// docs](super)), shared by nested searches (staged SSS*'s stages), which
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
    pub(super) blocks: Vec<Block<N>>,
    pub(super) free_block: u32,
    pub(super) slots: Vec<Slot<N>>,
    /// The blocks' heaps: block b's in `keys[first..first + hlen]`.
    pub(super) keys: Vec<Cell>,
    pub(super) bump: usize,
    /// Freed ranges of `stride` slots and of one slot (top blocks), linked
    /// through their first slot's `child`.
    pub(super) free_range: u32,
    pub(super) free_one: u32,
    /// The usual block width (the shape's branching).
    pub(super) stride: u32,
    /// States held by all searches.
    pub(super) live: usize,
    pub(super) peak: usize,
    pub(super) budget: usize,
    /// The last stamp given (as printed).
    pub(super) counter: i64,
    pub(super) stockman: bool,
    /// The top block of each nesting level, and the running search's level.
    pub(super) tops: Vec<u32>,
    pub(super) level: usize,
    /// The root's best move found by the last outermost search (level 0),
    /// see [`Run::root_move`](super::run::Run::root_move).
    pub(crate) best: Option<usize>,
}

impl<N: Clone> Gamma<N> {
    /// An empty OPEN for `budget` states of searches on trees of shape
    /// `shape`, with at most `nest` searches nested in one another; room is
    /// made for at most `usable` states (the most the search can hold on
    /// that shape), so a budget larger than the tree can use allocates no
    /// more than the tree needs.
    ///
    /// # Errors
    /// [`BestFirstError::OutOfMemory`] (naming `algorithm`) if that room
    /// cannot be allocated.
    pub(crate) fn new(
        budget: usize,
        usable: usize,
        variant: Variant,
        shape: Bounds,
        nest: usize,
        algorithm: &'static str,
    ) -> Result<Gamma<N>, BestFirstError> {
        let mut g = Gamma {
            blocks: Vec::new(),
            free_block: NONE,
            slots: Vec::new(),
            keys: Vec::new(),
            bump: 0,
            free_range: NONE,
            free_one: NONE,
            stride: 0,
            live: 0,
            peak: 0,
            budget,
            counter: 0,
            stockman: false,
            tops: Vec::new(),
            level: 0,
            best: None,
        };
        g.reset(budget, usable, variant, shape, nest, algorithm)?;
        Ok(g)
    }

    /// Empties OPEN for a new search, as [`new`](Self::new) makes it: the
    /// arrays keep their allocation when the sizes are the last search's,
    /// and are allocated anew at the new sizes otherwise, so that the
    /// arena's growth, compaction and reported bytes are a fresh OPEN's.
    ///
    /// # Errors
    /// [`BestFirstError::OutOfMemory`] (naming `algorithm`) if that room
    /// cannot be allocated; OPEN is then left with no room.
    pub(crate) fn reset(
        &mut self,
        budget: usize,
        usable: usize,
        variant: Variant,
        shape: Bounds,
        nest: usize,
        algorithm: &'static str,
    ) -> Result<(), BestFirstError> {
        let b = shape.branching.clamp(2, usize::from(u16::MAX));
        let states = budget.min(usable).saturating_add(nest).saturating_add(1);
        let (blocks, slots) = if shape.uniform {
            // Plus one top block of one slot per search.
            let blocks = states / (b - 1) + 1;
            (
                blocks.saturating_add(nest).saturating_add(1),
                blocks
                    .saturating_mul(b)
                    .saturating_add(nest)
                    .saturating_add(1),
            )
        } else {
            (
                states,
                states
                    .saturating_mul(2)
                    .saturating_add(states / 2)
                    .saturating_add(2 * b),
            )
        };
        let out_of_memory =
            |_| BestFirstError::OutOfMemory {
                algorithm,
                entries: states,
                bytes: blocks
                    .saturating_mul(std::mem::size_of::<Block<N>>())
                    .saturating_add(slots.saturating_mul(
                        std::mem::size_of::<Slot<N>>() + std::mem::size_of::<Cell>(),
                    )),
            };
        emptied(&mut self.blocks, blocks).map_err(out_of_memory)?;
        emptied(&mut self.slots, slots).map_err(out_of_memory)?;
        emptied(&mut self.keys, slots).map_err(out_of_memory)?;
        emptied(&mut self.tops, nest + 2).map_err(out_of_memory)?;
        self.free_block = NONE;
        self.bump = 0;
        self.free_range = NONE;
        self.free_one = NONE;
        self.stride = b as u32;
        self.live = 0;
        self.peak = 0;
        self.budget = budget;
        self.counter = 0;
        self.stockman = variant == Variant::Stockman;
        self.level = 0;
        self.best = None;
        Ok(())
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
    pub(super) fn stamp(&mut self, inserted: bool) -> i64 {
        self.counter += 1;
        if inserted {
            self.counter
        } else {
            -self.counter
        }
    }

    #[inline]
    pub(super) fn new_block(&mut self, b: Block<N>) -> u32 {
        crate::open::reuse_or_push(&mut self.blocks, &mut self.free_block, b, |b| b.parent)
    }

    /// `w` consecutive slots for block `owner` (filled with copies of its
    /// node where the arena is new).
    #[inline(always)]
    pub(super) fn alloc_range(&mut self, w: u32, owner: u32) -> u32 {
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
    pub(super) fn alloc_range_slow(&mut self, w: u32, owner: u32) -> u32 {
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
    pub(super) fn heap_push(&mut self, b: u32, a: u32, ka: Key) {
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
    pub(super) fn heap_sift_in(&mut self, b: u32, a: u32, ka: Key) {
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
    pub(super) fn heap_append(&mut self, b: u32, a: u32, ka: Key) {
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
    pub(super) fn heap_settle(&mut self, b: u32, settled: u32) {
        // One entry is in order.
        if self.blocks[b as usize].hlen > settled.max(1) {
            self.heap_sift_up(b, settled);
        }
    }

    /// [`heap_settle`](Self::heap_settle) with something to order.
    #[inline(never)]
    pub(super) fn heap_sift_up(&mut self, b: u32, settled: u32) {
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
    pub(super) fn heap_replace(&mut self, b: u32, a: u32, ka: Key) -> (u32, Key) {
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
    pub(super) fn heap_sift_down(&mut self, b: u32, a: u32, ka: Key) -> (u32, Key) {
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
    pub(super) fn compact(&mut self) {
        #[cfg(test)]
        COMPACTIONS.with(|c| c.set(c.get() + 1));
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
    pub(super) fn free_subtree(&mut self, b: u32) {
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
    pub(super) fn free_below(&mut self, b: u32) {
        self.free_subtree(b);
    }

    /// Block `b`'s first slot, width, and the slots reached so far (the
    /// only ones that can hold a block).
    #[inline(always)]
    pub(super) fn reached(&self, b: u32) -> (usize, u32, std::ops::Range<u32>) {
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
    pub(super) fn release(&mut self, b: u32, first: usize, w: u32) {
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

/// `v` emptied with room for exactly `n` elements: its allocation kept if
/// it is that size, else a new one (the old one freed first).
///
/// # Errors
/// If the new allocation fails; `v` is then empty with no room.
fn emptied<X>(v: &mut Vec<X>, n: usize) -> Result<(), std::collections::TryReserveError> {
    v.clear();
    if v.capacity() != n {
        *v = Vec::new();
        v.try_reserve_exact(n)?;
    }
    Ok(())
}

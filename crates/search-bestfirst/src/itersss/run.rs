//! One IterSSS\* search over an [`Arena`]: its state ([`Run`]), and the
//! allocation of blocks and slot ranges in the arena. The search's steps
//! are the [`engine`](super::engine)'s, the memory rule the
//! [`need`](super::need) module's, the types and the selection the
//! [`select`](super::select) module's, purges and activations the
//! [`activation`](super::activation) module's.

use tree_core::{Tree, Value};

use super::arena::{Arena, Blk, Lin, NONE, Sl, UNKNOWN};
use super::config::Counts;

/// One IterSSS\* search over an [`Arena`].
pub(crate) struct Run<'a, T: Tree + ?Sized> {
    pub(super) tree: &'a T,
    pub(super) blocks: &'a mut Vec<Blk<T::Node>>,
    pub(super) slots: &'a mut Vec<Sl<T::Node>>,
    /// Need as a function of each path block's path slot, top down; the
    /// first `need_valid` are current (see [`need_after`](Self::need_after)).
    pub(super) need_fns: &'a mut Vec<Lin>,
    pub(super) need_valid: usize,
    pub(super) free_ranges: &'a mut Vec<u32>,
    pub(super) free_block: u32,
    pub(super) bump: usize,
    pub(super) b: usize,
    pub(super) d: usize,
    pub(super) limit: usize,
    pub(super) check: bool,
    /// OPEN entries now and at most, and a bound on Need (see
    /// [`fits`](Self::fits)).
    pub(super) entries: usize,
    pub(super) need_ub: usize,
    pub(crate) peak: usize,
    pub(crate) counts: Counts,
    pub(super) top: u32,
    /// The current state's block.
    pub(super) at: u32,
    /// The root's best move: the MIN son whose solution solved the root
    /// (case 1 in the root's block), as in SSS\* ([`NONE`]: none yet).
    pub(crate) best: u32,
}

/// Where a state is: a slot of a block.
pub(super) type Place = (u32, u32);

/// A slot of a block and its merit.
pub(super) type Scored = (u32, Value);

impl<'a, T: Tree + ?Sized> Run<'a, T> {
    pub(crate) fn new(
        tree: &'a T,
        arena: &'a mut Arena<T::Node>,
        (b, d): (usize, usize),
        limit: usize,
        check: bool,
    ) -> Run<'a, T> {
        Run {
            tree,
            blocks: &mut arena.blocks,
            slots: &mut arena.slots,
            need_fns: &mut arena.need_fns,
            need_valid: 0,
            free_ranges: &mut arena.free_ranges,
            free_block: NONE,
            bump: 0,
            b,
            d,
            limit,
            check,
            entries: 0,
            need_ub: 0,
            peak: 0,
            counts: Counts::default(),
            top: NONE,
            at: NONE,
            best: NONE,
        }
    }

    /// (b − 1)·⌈(d − t)/2⌉: the memory, beyond its own entry, of a minimal
    /// search below a MAX node at depth t of unknown width.
    #[inline(always)]
    pub(super) fn need(&self, t: i64) -> usize {
        let t = t.max(0) as usize;
        if t < self.d {
            (self.b - 1) * (self.d - t).div_ceil(2)
        } else {
            0
        }
    }

    #[inline(always)]
    pub(super) fn si(&self, b: u32, i: u32) -> usize {
        (self.blocks[b as usize].first + i) as usize
    }

    #[inline(always)]
    pub(super) fn slot(&self, p: Place) -> &Sl<T::Node> {
        &self.slots[self.si(p.0, p.1)]
    }

    #[inline(always)]
    pub(super) fn slot_mut(&mut self, p: Place) -> &mut Sl<T::Node> {
        let k = self.si(p.0, p.1);
        &mut self.slots[k]
    }

    /// The current state's place.
    #[inline(always)]
    pub(super) fn here(&self) -> Place {
        (self.at, self.blocks[self.at as usize].cur)
    }

    // ---------------------------------------------------------------
    // Arena.

    pub(super) fn new_block(&mut self, blk: Blk<T::Node>) -> u32 {
        crate::open::reuse_or_push(self.blocks, &mut self.free_block, blk, |b| b.first)
    }

    /// `w` consecutive slots for block `owner`.
    pub(super) fn alloc_range(&mut self, w: u32, owner: u32, filler: &T::Node) -> u32 {
        if let Some(&f) = self.free_ranges.get(w as usize)
            && f != NONE
        {
            let s = &mut self.slots[f as usize];
            debug_assert_eq!(s.span, w);
            self.free_ranges[w as usize] = s.child;
            s.owner = owner;
            return f;
        }
        if self.bump + w as usize > self.slots.capacity() {
            self.compact();
        }
        let f = self.bump;
        self.bump += w as usize;
        while self.slots.len() < self.bump {
            self.slots.push(Sl {
                x: filler.clone(),
                y: filler.clone(),
                xok: false,
                present: false,
                xw: 0,
                k: 0,
                ykids: UNKNOWN,
                child: NONE,
                solved: false,
                h: Value::NEG_INF,
                e: 0,
                dm: 0,
                owner: NONE,
                span: 0,
            });
        }
        self.slots[f].owner = owner;
        self.slots[f].span = w;
        f as u32
    }

    /// Moves every live block's slots to the front of the arena (the freed
    /// ranges are gone).
    pub(super) fn compact(&mut self) {
        self.free_ranges.fill(NONE);
        let (mut p, mut q) = (0usize, 0usize);
        while p < self.bump {
            let (owner, span) = (self.slots[p].owner, self.slots[p].span as usize);
            if owner != NONE && self.blocks[owner as usize].first as usize == p {
                if p != q {
                    for k in 0..span {
                        self.slots.swap(q + k, p + k);
                    }
                    self.blocks[owner as usize].first = q as u32;
                }
                q += span;
            }
            p += span;
        }
        self.bump = q;
    }

    /// Frees block `b` and every block below it.
    pub(super) fn free_subtree(&mut self, b: u32) {
        let (first, next, t) = {
            let blk = &self.blocks[b as usize];
            (blk.first as usize, blk.next, blk.t)
        };
        // Blocks below are MAX sons' at depth t + 2, expanded only above
        // the depth bound.
        let reached = if ((t + 2) as usize) < self.d { next } else { 0 };
        for a in 0..reached as usize {
            let s = &self.slots[first + a];
            if s.present && s.child != NONE {
                let c = s.child;
                self.free_subtree(c);
            }
        }
        let s = &mut self.slots[first];
        s.owner = NONE;
        if let Some(head) = self.free_ranges.get_mut(s.span as usize) {
            s.child = *head;
            *head = first as u32;
        }
        let blk = &mut self.blocks[b as usize];
        blk.first = self.free_block;
        blk.w = 0;
        self.free_block = b;
    }

    // ---------------------------------------------------------------
    // Entries and demand.
}

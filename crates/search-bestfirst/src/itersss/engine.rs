//! IterSSS\*'s OPEN as a tree of blocks (the layout of
//! [`sss`](crate::sss)'s): one block per expanded MAX node, one slot per
//! MIN son of it, and in each slot the MIN node's state, or its current
//! MAX son's state, or that son's block. What IterSSS\* adds to SSS\* is
//! kept on the blocks, so that no step scans OPEN:
//!
//! * **Types.** The ACTIVE states are a prefix of OPEN in Dewey order (the
//!   module's invariant), so one boundary says which states are ACTIVE: a
//!   block's slots before `ib` are wholly ACTIVE, slot `ib` is partly so if
//!   `partial` (its block says where), the others are INACTIVE. An
//!   inactivation moves the boundary left along one path, an activation
//!   right to just after the state activated.
//! * **The memory rule.** Every slot and block keeps its entries and its
//!   demand (the module's recursion, bottom-up), updated along the path to
//!   the top when a step changes them (expansions, purges, refusals: a
//!   step that replaces a state by its son or brother leaves them as they
//!   are), so Need is the top's demand; a candidate is checked through
//!   Need as a function of its slot, kept per level of the path and
//!   recomposed only below where the path changed ([`Run::need_after`]).
//! * **Selection** is SSS\*'s: the current state stays in front while it
//!   beats the best ACTIVE alternative on its path; only case 4 can lower
//!   it, and only inactivations and activations move the boundary (after
//!   an inactivation the front is found again from the top; the state an
//!   activation brings back is the front, and the path goes to it).
//! * **Runs of steps** that need no selection are taken in tight loops:
//!   terminal MIN sons reached in order while each falls behind the next,
//!   terminal MAX brothers while each stays in front.

use tree_core::{Tree, Value};

use super::{IterCounts, NAME, UNKNOWN};
use crate::error::BestFirstError;

/// "No block", "no slot".
pub(super) const NONE: u32 = u32::MAX;

/// An expanded MAX node: its MIN sons' slots and what IterSSS\* keeps on it.
#[derive(Debug, Clone)]
pub(crate) struct Blk<N> {
    /// The MAX node.
    node: N,
    /// The block holding this one ([`NONE`] for the top block, whose one
    /// slot holds the root below a virtual MIN node) and the slot there.
    parent: u32,
    pslot: u32,
    /// The slots: `first..first + w` in the arena; a free block's next.
    first: u32,
    w: u32,
    /// The MAX node's depth (−2 for the top block).
    t: i32,
    /// Slots reached so far (their MIN node generated): `0..next`.
    next: u32,
    /// The ACTIVE boundary (see the module docs).
    ib: u32,
    partial: bool,
    /// Entries below and their demand.
    e: usize,
    dm: usize,
    /// On the path: the slot it goes through, the best other ACTIVE slot
    /// and the threshold the current state must reach (the best
    /// alternative's merit, plus one if it lies to the left).
    cur: u32,
    alt: u32,
    thr: i64,
    /// Below a partly ACTIVE slot: the best merit of an ACTIVE state below
    /// (see [`Run::boundary_bests`]).
    pbest: Option<Value>,
    /// The block's other slots seen from its path slot `cur` (valid if
    /// `ex_ok`), so that its entries and demand for any value (E, D) of
    /// that slot are `ex_t + E` and `max(ex_a + E, ex_l + D + ex_r, ex_b)`:
    /// the entries of the other slots, the best term of a slot left of
    /// `cur` less `cur`'s entries, the present slots left of `cur`, the
    /// entries right of it, and the best term of a slot right of it.
    ex_ok: bool,
    ex_t: usize,
    ex_a: i64,
    ex_l: i64,
    ex_r: i64,
    ex_b: i64,
}

/// A MIN son of a block's MAX node and what lies below it.
#[derive(Debug, Clone)]
pub(crate) struct Sl<N> {
    /// The MIN node (once `xok`).
    x: N,
    /// Its current MAX son (when `xw` > 0).
    y: N,
    xok: bool,
    /// Purged: no state below.
    present: bool,
    /// 0: the state is the MIN node's; else its number of sons (the state
    /// is son `k`'s, or below it in `child`).
    xw: u16,
    k: u16,
    /// Son `k`'s number of sons once asked.
    ykids: u32,
    child: u32,
    solved: bool,
    /// The state's merit, or off the path the best merit below.
    h: Value,
    /// Entries below and their demand.
    e: usize,
    dm: usize,
    /// In a range's first slot: its block and length, for compaction.
    owner: u32,
    span: u32,
}

/// Need as a function of the path slot's entries E and demand D in a
/// block on the path: max(a + E, l + D, c) (see [`Run::need_after`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lin {
    a: i64,
    l: i64,
    c: i64,
}

/// "No term" in a [`Lin`]: far below any count, and safe to add counts to.
const NO_TERM: i64 = i64::MIN / 4;

impl Lin {
    /// Above the top block: Need is the top's demand.
    const TOP: Lin = Lin {
        a: NO_TERM,
        l: 0,
        c: NO_TERM,
    };

    #[inline(always)]
    fn at(self, e: usize, d: usize) -> usize {
        (self.a + e as i64).max(self.l + d as i64).max(self.c) as usize
    }
}

/// The arenas of blocks and slots, kept between searches, and the path's
/// Need functions (one per level).
#[derive(Debug, Clone)]
pub(crate) struct Arena<N> {
    blocks: Vec<Blk<N>>,
    slots: Vec<Sl<N>>,
    need_fns: Vec<Lin>,
    /// Freed slot ranges by length (linked through their first slot's
    /// `child`), reused before the arena is compacted.
    free_ranges: Vec<u32>,
}

impl<N> Arena<N> {
    pub(crate) fn new() -> Arena<N> {
        Arena {
            blocks: Vec::new(),
            slots: Vec::new(),
            need_fns: Vec::new(),
            free_ranges: Vec::new(),
        }
    }

    /// Bytes allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.blocks.capacity() * std::mem::size_of::<Blk<N>>()
            + self.slots.capacity() * std::mem::size_of::<Sl<N>>()
            + self.need_fns.capacity() * std::mem::size_of::<Lin>()
            + self.free_ranges.capacity() * std::mem::size_of::<u32>()
    }

    /// Makes room for a search of `entries` OPEN entries on a tree of
    /// branching `b` and depth `d`, reallocating only if the arena is
    /// smaller: every block has a present slot, and a present slot holds
    /// an entry or a block, so `entries + d` blocks and twice as many
    /// slots, plus one block's worth per level for slots purged while their
    /// block lives on. (A tree that breaks its shape may need more, which
    /// is only an allocation: the arena grows.)
    pub(crate) fn reset(&mut self, entries: usize, b: usize, d: usize) {
        self.blocks.clear();
        self.slots.clear();
        let blocks = entries.saturating_add(d).saturating_add(2);
        let slots = blocks
            .saturating_mul(2)
            .saturating_add(b.saturating_mul(d.div_ceil(2) + 2));
        if self.blocks.capacity() < blocks {
            self.blocks.reserve_exact(blocks);
        }
        if self.slots.capacity() < slots {
            self.slots.reserve_exact(slots);
        }
        // One level per MAX level of the tree, and the top block's.
        self.need_fns.clear();
        self.need_fns.resize(d / 2 + 2, Lin::TOP);
        self.free_ranges.clear();
        self.free_ranges.resize(b.saturating_add(1), NONE);
    }
}

/// One IterSSS\* search over an [`Arena`].
pub(crate) struct Run<'a, T: Tree + ?Sized> {
    tree: &'a T,
    blocks: &'a mut Vec<Blk<T::Node>>,
    slots: &'a mut Vec<Sl<T::Node>>,
    /// Need as a function of each path block's path slot, top down; the
    /// first `need_valid` are current (see [`need_after`](Self::need_after)).
    need_fns: &'a mut Vec<Lin>,
    need_valid: usize,
    free_ranges: &'a mut Vec<u32>,
    free_block: u32,
    bump: usize,
    b: usize,
    d: usize,
    limit: usize,
    check: bool,
    /// OPEN entries now and at most, and a bound on Need (see
    /// [`fits`](Self::fits)).
    entries: usize,
    need_ub: usize,
    pub(crate) peak: usize,
    pub(crate) counts: IterCounts,
    top: u32,
    /// The current state's block.
    at: u32,
    /// The root's best move: the MIN son whose solution solved the root
    /// (case 1 in the root's block), as in SSS\* ([`NONE`]: none yet).
    pub(crate) best: u32,
}

/// Where a state is: a slot of a block.
type Place = (u32, u32);

/// A slot of a block and its merit.
type Scored = (u32, Value);

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
            counts: IterCounts::default(),
            top: NONE,
            at: NONE,
            best: NONE,
        }
    }

    /// (b − 1)·⌈(d − t)/2⌉: the memory, beyond its own entry, of a minimal
    /// search below a MAX node at depth t of unknown width.
    #[inline(always)]
    fn need(&self, t: i64) -> usize {
        let t = t.max(0) as usize;
        if t < self.d {
            (self.b - 1) * (self.d - t).div_ceil(2)
        } else {
            0
        }
    }

    #[inline(always)]
    fn si(&self, b: u32, i: u32) -> usize {
        (self.blocks[b as usize].first + i) as usize
    }

    #[inline(always)]
    fn slot(&self, p: Place) -> &Sl<T::Node> {
        &self.slots[self.si(p.0, p.1)]
    }

    #[inline(always)]
    fn slot_mut(&mut self, p: Place) -> &mut Sl<T::Node> {
        let k = self.si(p.0, p.1);
        &mut self.slots[k]
    }

    /// The current state's place.
    #[inline(always)]
    fn here(&self) -> Place {
        (self.at, self.blocks[self.at as usize].cur)
    }

    // ---------------------------------------------------------------
    // Arena.

    fn new_block(&mut self, blk: Blk<T::Node>) -> u32 {
        if self.free_block != NONE {
            let i = self.free_block;
            self.free_block = self.blocks[i as usize].first;
            self.blocks[i as usize] = blk;
            i
        } else {
            self.blocks.push(blk);
            (self.blocks.len() - 1) as u32
        }
    }

    /// `w` consecutive slots for block `owner`.
    fn alloc_range(&mut self, w: u32, owner: u32, filler: &T::Node) -> u32 {
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
    fn compact(&mut self) {
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
    fn free_subtree(&mut self, b: u32) {
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

    /// A slot's entries and demand from its state or block (the module's
    /// `local` and MIN-node cases); `t` is the block's MAX depth.
    fn slot_aggregate(&self, s: &Sl<T::Node>, t: i64) -> (usize, usize) {
        if !s.present {
            return (0, 0);
        }
        if s.xw == 0 {
            return (1, if s.solved { 1 } else { 1 + self.need(t + 2) });
        }
        let (e, dm) = if s.child != NONE {
            let c = &self.blocks[s.child as usize];
            (c.e, c.dm)
        } else {
            (1, self.son_demand(s, t + 2))
        };
        let next = if usize::from(s.k) + 1 < usize::from(s.xw) {
            1 + self.need(t + 2)
        } else {
            0
        };
        (e, dm.max(next))
    }

    /// The demand of a MAX son's own state at depth `ty`.
    fn son_demand(&self, s: &Sl<T::Node>, ty: i64) -> usize {
        match (s.solved, s.ykids) {
            (true, _) | (false, 0) => 1,
            (false, UNKNOWN) => 1 + self.need(ty),
            (false, w) => w as usize + self.need(ty + 2),
        }
    }

    /// Block `b`'s entries and demand, with slot `except` taken as
    /// `instead` if given. With T the entries, E_i, D_i a present slot's
    /// entries and demand, L_i the present slots before it and P_i the
    /// entries before it, the demand max_i (L_i + D_i + (T − P_i − E_i)) is
    /// T + max_i (L_i + D_i − P_i − E_i): one pass.
    #[inline]
    fn block_aggregate(&self, b: u32, except: Option<(u32, (usize, usize))>) -> (usize, usize) {
        let blk = &self.blocks[b as usize];
        let slots = &self.slots[blk.first as usize..(blk.first + blk.w) as usize];
        let (mut left, mut before) = (0i64, 0i64);
        let mut best = i64::MIN;
        for (a, s) in slots.iter().enumerate() {
            let (e, dm) = match except {
                Some((i, v)) if i as usize == a => {
                    if v.0 == 0 {
                        continue;
                    }
                    (v.0 as i64, v.1 as i64)
                }
                _ => {
                    if !s.present {
                        continue;
                    }
                    (s.e as i64, s.dm as i64)
                }
            };
            best = best.max(left + dm - before - e);
            left += 1;
            before += e;
        }
        if best == i64::MIN {
            (0, 0)
        } else {
            (before as usize, (before + best) as usize)
        }
    }

    /// Makes slot `i` of `b`'s entries and demand current (from its state,
    /// or its block, which must be current).
    #[inline]
    fn flush_slot(&mut self, b: u32, i: u32) {
        let t = i64::from(self.blocks[b as usize].t);
        let k = self.si(b, i);
        let (e, dm) = self.slot_aggregate(&self.slots[k], t);
        let s = &mut self.slots[k];
        s.e = e;
        s.dm = dm;
    }

    /// Makes block `b`'s entries and demand current (its slots must be).
    #[inline]
    fn flush_block(&mut self, b: u32) {
        let (e, dm) = self.block_aggregate(b, None);
        let blk = &mut self.blocks[b as usize];
        blk.e = e;
        blk.dm = dm;
    }

    /// Makes the path's aggregates current, from the current state up.
    fn flush_path(&mut self) {
        let mut b = self.at;
        loop {
            let c = self.blocks[b as usize].cur;
            self.flush_slot(b, c);
            self.flush_block(b);
            let parent = self.blocks[b as usize].parent;
            if parent == NONE {
                return;
            }
            b = parent;
        }
    }

    /// The memory rule: whether Need, with the current state (a LIVE MAX
    /// son) expanded into `w` sons, is at most M; if so, `need_ub` becomes
    /// a bound on Need after the expansion.
    ///
    /// The aggregates of the blocks on the path are not kept current (every
    /// step changes them); off the path they are. Need is bounded first:
    /// Need ≤ entries + need(0), and an expansion adds w − 1 entries right
    /// of every place left of the candidate, changes nothing for places
    /// right of it, and makes its own place's demand w + need(t + 2) ≤
    /// 1 + need(t) (w ≤ b), so Need grows by w − 1 at most (and nothing else
    /// makes it grow). Only when neither bound decides is Need computed,
    /// from the candidate up its path.
    fn fits(&mut self, w: usize) -> bool {
        if !self.check {
            return true;
        }
        let after = self.entries + w - 1;
        if after > self.limit {
            return false;
        }
        let bound = (self.need_ub + w - 1).min(after.saturating_add(self.need(0)));
        if bound <= self.limit {
            self.need_ub = bound;
            return true;
        }
        match self.need_after(w) {
            Some(need) if need <= self.limit => {
                self.need_ub = need;
                true
            }
            _ => false,
        }
    }

    /// Need with the current state expanded into `w` sons: the candidate's
    /// slot's new value, put into the current block's Need function.
    ///
    /// Each block on the path maps its path slot's entries E and demand D
    /// to its own: (ex_t + E, max(ex_a + E, ex_l + D + ex_r, ex_b)) from
    /// its other slots (kept per block, see [`Blk::ex_ok`]), and the slot
    /// holding it takes the larger of that demand and a fresh search of
    /// its next son. Functions max(a + E, l + D, c) are closed under that
    /// step, so Need as a function of a path block's slot is one [`Lin`],
    /// composed from its parent's and kept per level until the path
    /// changes at or above it ([`unpath`](Self::unpath)): a check costs
    /// the levels that changed since the last, not the path.
    fn need_after(&mut self, w: usize) -> Option<usize> {
        let (b, i) = self.here();
        let t = i64::from(self.blocks[b as usize].t);
        let s = self.slot((b, i));
        let next = if usize::from(s.k) + 1 < usize::from(s.xw) {
            1 + self.need(t + 2)
        } else {
            0
        };
        let f = self.need_fn(b);
        let need = f.at(w, (w + self.need(t + 4)).max(next));
        debug_assert_eq!(need, self.need_after_walk(w), "Need functions stale");
        Some(need)
    }

    /// [`need_after`](Self::need_after) the long way, block by block up the
    /// path (a check on the kept functions in debug builds).
    fn need_after_walk(&mut self, w: usize) -> usize {
        let (mut b, i) = self.here();
        let t = i64::from(self.blocks[b as usize].t);
        let s = self.slot((b, i));
        let next = if usize::from(s.k) + 1 < usize::from(s.xw) {
            1 + self.need(t + 2)
        } else {
            0
        };
        let mut v = (w, (w + self.need(t + 4)).max(next));
        loop {
            if !self.blocks[b as usize].ex_ok {
                self.compute_ex(b);
            }
            let blk = &self.blocks[b as usize];
            let e = blk.ex_t + v.0;
            let dm = (blk.ex_a + v.0 as i64)
                .max(blk.ex_l + v.1 as i64 + blk.ex_r)
                .max(blk.ex_b) as usize;
            if blk.parent == NONE {
                return dm;
            }
            let pt = i64::from(self.blocks[blk.parent as usize].t);
            let ps = self.slot((blk.parent, blk.pslot));
            let next = if usize::from(ps.k) + 1 < usize::from(ps.xw) {
                1 + self.need(pt + 2)
            } else {
                0
            };
            v = (e, dm.max(next));
            b = blk.parent;
        }
    }

    /// Block `b`'s level on the path: 0 for the top block.
    #[inline(always)]
    fn level(&self, b: u32) -> usize {
        // t + 2 ≥ 0.
        (self.blocks[b as usize].t + 2) as usize >> 1
    }

    /// Need as a function of path block `b`'s path slot, from the levels
    /// kept and those above `b` recomputed.
    fn need_fn(&mut self, b: u32) -> Lin {
        let lv = self.level(b);
        if lv < self.need_valid {
            return self.need_fns[lv];
        }
        let (parent, pslot) = {
            let blk = &self.blocks[b as usize];
            (blk.parent, blk.pslot)
        };
        let (above, next) = if parent == NONE {
            (Lin::TOP, 0)
        } else {
            let above = self.need_fn(parent);
            let pt = i64::from(self.blocks[parent as usize].t);
            let ps = self.slot((parent, pslot));
            let next = if usize::from(ps.k) + 1 < usize::from(ps.xw) {
                1 + self.need(pt + 2) as i64
            } else {
                0
            };
            (above, next)
        };
        if !self.blocks[b as usize].ex_ok {
            self.compute_ex(b);
        }
        let blk = &self.blocks[b as usize];
        let (ex_a, ex_b) = (blk.ex_a.max(NO_TERM), blk.ex_b.max(NO_TERM));
        let f = Lin {
            a: (above.a + blk.ex_t as i64).max(above.l + ex_a),
            l: above.l + blk.ex_l + blk.ex_r,
            c: (above.l + ex_b.max(next)).max(above.c),
        };
        self.need_fns[lv] = f;
        self.need_valid = lv + 1;
        f
    }

    /// The path changed at block `b` (its path slot, its other slots or
    /// the block itself): the Need functions from its level down are stale.
    #[inline(always)]
    fn unpath(&mut self, b: u32) {
        self.need_valid = self.need_valid.min(self.level(b));
    }

    /// Sets block `b`'s view of its other slots from its path slot.
    fn compute_ex(&mut self, b: u32) {
        let blk = &self.blocks[b as usize];
        let c = blk.cur as usize;
        let slots = &self.slots[blk.first as usize..(blk.first + blk.w) as usize];
        let total: i64 = slots
            .iter()
            .enumerate()
            .filter(|&(i, s)| i != c && s.present)
            .map(|(_, s)| s.e as i64)
            .sum();
        let (mut left, mut before) = (0i64, 0i64);
        let (mut a, mut bb, mut l, mut r) = (i64::MIN, i64::MIN, 0, 0);
        for (i, s) in slots.iter().enumerate() {
            if i == c {
                l = left;
                r = total - before;
                left += 1;
                continue;
            }
            if !s.present {
                continue;
            }
            let (e, dm) = (s.e as i64, s.dm as i64);
            let term = left + dm + (total - before - e);
            if i < c {
                a = a.max(term);
            } else {
                bb = bb.max(term);
            }
            left += 1;
            before += e;
        }
        let blk = &mut self.blocks[b as usize];
        blk.ex_ok = true;
        blk.ex_t = total as usize;
        blk.ex_a = a;
        blk.ex_l = l;
        blk.ex_r = r;
        blk.ex_b = bb;
    }

    // ---------------------------------------------------------------
    // Types.

    /// Whether slot `a` of `b` is wholly ACTIVE (`Some(true)`), partly
    /// (`None`: its block says) or INACTIVE (`Some(false)`), given that `b`
    /// itself is at least partly ACTIVE.
    #[inline(always)]
    fn activity(&self, b: u32, a: u32) -> Option<bool> {
        let blk = &self.blocks[b as usize];
        if a < blk.ib {
            Some(true)
        } else if a == blk.ib && blk.partial {
            None
        } else {
            Some(false)
        }
    }

    /// The best merit of an ACTIVE state below slot `a` of `b`, if any
    /// (`b` at least partly ACTIVE, slot `a` off the path).
    fn best_active(&self, b: u32, a: u32) -> Option<Value> {
        let s = self.slot((b, a));
        if !s.present {
            return None;
        }
        match self.activity(b, a) {
            Some(true) => Some(s.h),
            Some(false) => None,
            None => {
                debug_assert!(s.child != NONE);
                self.blocks[s.child as usize].pbest
            }
        }
    }

    /// The best ACTIVE slot of `b` other than `except` (left-most among
    /// equals), with its merit.
    fn best_slot(&self, b: u32, except: u32) -> Option<Scored> {
        self.best_two(b, except).0
    }

    /// The best ACTIVE slot of `b` other than `except` and the best of the
    /// others (each left-most among equals), with their merits: the wholly
    /// ACTIVE slots `0..ib` (of the slots not reached yet, which all have
    /// the merit h0 that case 6 stacked, only the first: it goes before
    /// every slot reached), else the partly ACTIVE slot `ib` through its
    /// block's `pbest`.
    fn best_two(&self, b: u32, except: u32) -> (Option<Scored>, Option<Scored>) {
        /// Orders slots by merit, then left-most first: one comparison.
        #[inline(always)]
        fn key(a: u32, h: Value) -> i64 {
            (i64::from(h.get()) << 32) | i64::from(u32::MAX - a)
        }
        let blk = &self.blocks[b as usize];
        let active = blk.ib.min(blk.w);
        let reached = active.min(blk.next);
        let first = blk.first as usize;
        let mut top = [(i64::MIN, Value::NEG_INF); 2];
        let mut consider = |a: u32, h: Value| {
            let k = key(a, h);
            if k > top[0].0 {
                top[1] = top[0];
                top[0] = (k, h);
            } else if k > top[1].0 {
                top[1] = (k, h);
            }
        };
        for (a, s) in (0..reached).zip(&self.slots[first..first + reached as usize]) {
            if s.present && a != except {
                consider(a, s.h);
            }
        }
        let unreached = if blk.next == except {
            blk.next + 1
        } else {
            blk.next
        };
        if unreached < active {
            consider(unreached, self.slots[first + unreached as usize].h);
        } else if blk.partial && active < blk.w && active != except {
            let s = &self.slots[first + active as usize];
            if s.present {
                debug_assert!(s.child != NONE);
                if let Some(h) = self.blocks[s.child as usize].pbest {
                    consider(active, h);
                }
            }
        }
        let slot_of = |(k, h): (i64, Value)| (k != i64::MIN).then(|| (u32::MAX - k as u32, h));
        (slot_of(top[0]), slot_of(top[1]))
    }

    /// Sets block `b`'s path through slot `a` (its best ACTIVE slot): the
    /// alternative and the threshold.
    fn select(&mut self, b: u32, a: u32) {
        if a >= self.blocks[b as usize].next {
            self.visit(b, a);
        }
        let alt = {
            let blk = &self.blocks[b as usize];
            let u = blk.next;
            if u < blk.w && u < blk.ib {
                // The first slot not reached is ACTIVE: it has the merit
                // case 6 gave it and goes before every slot reached.
                debug_assert_eq!(self.best_slot(b, a).map(|x| x.0), Some(u));
                Some((u, self.slots[(blk.first + u) as usize].h))
            } else {
                self.best_slot(b, a)
            }
        };
        self.set_path(b, a, alt);
    }

    /// Sets block `b`'s path through slot `a`, reached, whose best ACTIVE
    /// alternative is `alt`: the threshold.
    #[inline(always)]
    fn set_path(&mut self, b: u32, a: u32, alt: Option<(u32, Value)>) {
        let parent_thr = match self.blocks[b as usize].parent {
            NONE => i64::MIN,
            p => self.blocks[p as usize].thr,
        };
        let thr = match alt {
            Some((x, h)) => parent_thr.max(i64::from(h.get()) + i64::from(x < a)),
            None => parent_thr,
        };
        if self.blocks[b as usize].cur != a {
            self.blocks[b as usize].ex_ok = false;
            self.unpath(b);
        }
        let blk = &mut self.blocks[b as usize];
        blk.cur = a;
        blk.alt = alt.map_or(NONE, |x| x.0);
        blk.thr = thr;
    }

    /// Generates the MIN node of slot `a` of `b`, reached for the first
    /// time (slots are reached in order).
    fn visit(&mut self, b: u32, a: u32) {
        debug_assert_eq!(a, self.blocks[b as usize].next);
        let x = self.tree.child(&self.blocks[b as usize].node, a as usize);
        let k = self.si(b, a);
        let s = &mut self.slots[k];
        s.x = x;
        s.xok = true;
        self.blocks[b as usize].next += 1;
    }

    /// Follows the path from block `b` (its path set) down to a state.
    fn descend(&mut self, mut b: u32) {
        loop {
            let here = self.here_of(b);
            let c = self.slot(here).child;
            if c == NONE {
                self.at = b;
                return;
            }
            // A block's boundary is its own only below a partly ACTIVE
            // slot: below a wholly ACTIVE one, everything is.
            if self.activity(here.0, here.1) == Some(true) {
                let blk = &mut self.blocks[c as usize];
                blk.ib = blk.w;
                blk.partial = false;
            }
            let (best, second) = self.best_two(c, NONE);
            let (a, _) = best.expect("a block on the path has an ACTIVE state");
            if a < self.blocks[c as usize].next {
                // The best of the others is `select`'s alternative.
                self.set_path(c, a, second);
            } else {
                self.select(c, a);
            }
            b = c;
        }
    }

    #[inline(always)]
    fn here_of(&self, b: u32) -> Place {
        (b, self.blocks[b as usize].cur)
    }

    /// The front state, found from the top (after the boundary moved).
    fn reselect_all(&mut self) {
        self.flush_path();
        let top = self.top;
        self.boundary_bests(top);
        self.select(top, 0);
        self.descend(top);
    }

    /// Sets `pbest` on block `b` and the blocks below it along the boundary
    /// (through partly ACTIVE slots), bottom-up; returns `b`'s. Called when
    /// the boundary moves; after that only the path changes, and a block
    /// the path leaves gets its best again.
    fn boundary_bests(&mut self, b: u32) -> Option<Value> {
        let blk = &self.blocks[b as usize];
        if blk.partial && blk.ib < blk.w {
            let s = &self.slots[(blk.first + blk.ib) as usize];
            if s.present {
                let c = s.child;
                self.boundary_bests(c);
            }
        }
        self.own_best(b)
    }

    /// Sets `pbest` on block `b` from its slots and, below its partly
    /// ACTIVE slot, that block's `pbest`; returns it.
    fn own_best(&mut self, b: u32) -> Option<Value> {
        let (first, w, ib, partial) = {
            let blk = &self.blocks[b as usize];
            (blk.first as usize, blk.w, blk.ib, blk.partial)
        };
        let active = ib.min(w);
        let mut best = self.slots[first..first + active as usize]
            .iter()
            .filter(|s| s.present)
            .map(|s| s.h)
            .max();
        if partial && active < w {
            let s = &self.slots[first + active as usize];
            if s.present {
                best = best.max(self.blocks[s.child as usize].pbest);
            }
        }
        self.blocks[b as usize].pbest = best;
        best
    }

    /// The current state no longer reaches its threshold: finds the front,
    /// leaving the path upwards only as far as needed.
    fn reselect(&mut self) {
        let mut b = self.at;
        let mut h = self.slot(self.here()).h;
        loop {
            let (c, alt, parent) = {
                let blk = &self.blocks[b as usize];
                (blk.cur, blk.alt, blk.parent)
            };
            let parent_thr = if parent == NONE {
                i64::MIN
            } else {
                self.blocks[parent as usize].thr
            };
            let alt_h = if alt == NONE {
                None
            } else {
                self.best_active(b, alt)
            };
            let (best, hb) = match alt_h {
                Some(ha) if ha > h || (ha == h && alt < c) => (alt, ha),
                _ => (c, h),
            };
            // Slot c leaves the path.
            self.flush_slot(b, c);
            if i64::from(hb.get()) >= parent_thr {
                debug_assert!(best != c);
                self.select(b, best);
                if self.slot((b, best)).child == NONE {
                    // The usual case: a state of this block.
                    self.at = b;
                } else {
                    self.descend(b);
                }
                return;
            }
            debug_assert!(parent != NONE);
            self.flush_block(b);
            self.blocks[b as usize].pbest = Some(hb);
            let ps = self.blocks[b as usize].pslot;
            self.slot_mut((parent, ps)).h = hb;
            h = hb;
            b = parent;
        }
    }

    // ---------------------------------------------------------------
    // The search.

    /// The root's value by IterSSS\*.
    pub(crate) fn run(&mut self) -> Result<Value, BestFirstError> {
        let root = self.tree.root();
        let top = self.new_block(Blk {
            node: root.clone(),
            parent: NONE,
            pslot: 0,
            first: 0,
            w: 1,
            t: -2,
            next: 1,
            ib: 1,
            partial: false,
            e: 1,
            dm: 1 + self.need(0),
            cur: 0,
            alt: NONE,
            thr: i64::MIN,
            pbest: None,
            ex_ok: false,
            ex_t: 0,
            ex_a: i64::MIN,
            ex_l: 0,
            ex_r: 0,
            ex_b: i64::MIN,
        });
        let first = self.alloc_range(1, top, &root);
        self.blocks[top as usize].first = first;
        {
            let s = &mut self.slots[first as usize];
            s.x = root.clone();
            s.y = root;
            s.xok = true;
            s.present = true;
            s.xw = 1;
            s.k = 0;
            s.ykids = UNKNOWN;
            s.child = NONE;
            s.solved = false;
            s.h = Value::INF;
            s.e = 1;
        }
        let dm = self.son_demand(&self.slots[first as usize], 0);
        self.slots[first as usize].dm = dm;
        self.top = top;
        self.at = top;
        self.entries = 1;
        self.peak = 1;
        self.need_ub = dm;
        // The state whose selection started the current activation chain.
        let mut chain: Option<Place> = None;
        loop {
            let here = self.here();
            let t = i64::from(self.blocks[here.0 as usize].t);
            let (xw, solved, h) = {
                let s = self.slot(here);
                (s.xw, s.solved, s.h)
            };
            if xw == 0 {
                // A MIN son of the block's MAX node.
                if solved {
                    if self.solved_min() {
                        chain.get_or_insert(here);
                        self.counts.activations += 1;
                    } else {
                        chain = None;
                    }
                    continue;
                }
                let w = self.width(t + 1, false)?;
                if w == 0 {
                    self.evaluate()?;
                    chain = None;
                } else {
                    // Case 5: the first son.
                    let y = self.tree.child(&self.slot(here).x, 0);
                    let s = self.slot_mut(here);
                    s.y = y;
                    s.xw = w as u16;
                    s.k = 0;
                    s.ykids = UNKNOWN;
                }
                continue;
            }
            // A MAX son of that MIN node (the root in the top block).
            if solved {
                if t + 2 == 0 {
                    return Ok(h);
                }
                let s = self.slot(here);
                if usize::from(s.k) + 1 < usize::from(s.xw) {
                    // Case 2: the next brother.
                    let y = self.tree.child(&s.x, usize::from(s.k) + 1);
                    let s = self.slot_mut(here);
                    s.k += 1;
                    s.y = y;
                    s.ykids = UNKNOWN;
                    s.solved = false;
                } else {
                    // Case 3: the MIN node is solved.
                    self.slot_mut(here).xw = 0;
                }
                continue;
            }
            let w = self.width(t + 2, true)?;
            if w == 0 {
                self.evaluate()?;
                chain = None;
            } else if self.fits(w) {
                self.expand(w)?;
                chain = None;
            } else {
                // Refused: INACTIVE with its width known, and everything
                // ACTIVE to its right (or to the right of the chain's
                // origin) too.
                self.slot_mut(here).ykids = w as u32;
                let from = match chain.take() {
                    Some(origin) => {
                        self.counts.refused_chains += 1;
                        origin
                    }
                    None => here,
                };
                self.inactivate_from(from);
                self.counts.inactivations += 1;
                self.reselect_all();
            }
        }
    }

    /// The number of sons of the current state (a MAX son if `son`, else
    /// the MIN node), at depth `t`: asked once and kept for a MAX son.
    #[inline]
    fn width(&mut self, t: i64, son: bool) -> Result<usize, BestFirstError> {
        let s = self.slot(self.here());
        if son && s.ykids != UNKNOWN {
            return Ok(s.ykids as usize);
        }
        let w = self.tree.num_children(if son { &s.y } else { &s.x });
        // Within the shape, w ≤ b ≤ 65,535 (the shape's check).
        if w > 0 && (w > self.b || t as usize >= self.d || w > usize::from(u16::MAX)) {
            return Err(self.shape_error(t as usize, w));
        }
        Ok(w)
    }

    /// The error for a node of `w` sons at depth `t` beyond the shape.
    #[cold]
    fn shape_error(&self, t: usize, w: usize) -> BestFirstError {
        if w > self.b || t >= self.d {
            BestFirstError::TreeShape {
                message: format!(
                    "{NAME}: node {} at depth {t} has {w} children, beyond the shape \
                     (branching {}, depth {}) the budget was computed from",
                    self.dewey_here(),
                    self.b,
                    self.d
                ),
            }
        } else {
            BestFirstError::TreeShape {
                message: format!("a node has {w} children; at most 65,535 are supported"),
            }
        }
    }

    /// Case 4: evaluate the current state, h := min(h, v), SOLVED. While
    /// that is a MIN son of its block that falls behind the next son not
    /// reached (ACTIVE, so in front of everything), the path moves to that
    /// son and, if it is a terminal too, evaluates it here (else takes its
    /// case 5); while it is a MAX son that stays in front, its next brother
    /// is taken (case 2) and, if a terminal, evaluated here — as the run
    /// loop would.
    fn evaluate(&mut self) -> Result<(), BestFirstError> {
        let (b, c) = self.here();
        let k = self.si(b, c);
        let (thr, t) = {
            let blk = &self.blocks[b as usize];
            (blk.thr, blk.t + 2)
        };
        loop {
            let s = &self.slots[k];
            let at_x = s.xw == 0;
            let v = self.tree.value(if at_x { &s.x } else { &s.y });
            if v.is_infinite() {
                return Err(BestFirstError::SentinelLeaf { value: v });
            }
            let s = &mut self.slots[k];
            s.h = s.h.min(v);
            s.solved = true;
            if i64::from(s.h.get()) < thr {
                return if at_x {
                    self.next_sons(b, c)
                } else {
                    self.reselect();
                    Ok(())
                };
            }
            // In front still. A MIN son or the root: the run loop goes on;
            // a MAX son with no next brother: case 3 there.
            if at_x || t == 0 || usize::from(s.k) + 1 >= usize::from(s.xw) {
                return Ok(());
            }
            // Case 2: the next brother, and its width (the run loop's
            // `width`, kept for it if not a terminal).
            let y = self.tree.child(&s.x, usize::from(s.k) + 1);
            let kids = self.tree.num_children(&y);
            let s = &mut self.slots[k];
            s.k += 1;
            s.y = y;
            s.ykids = UNKNOWN;
            s.solved = false;
            if kids != 0 {
                if kids > self.b || t as usize >= self.d || kids > usize::from(u16::MAX) {
                    return Err(self.shape_error(t as usize, kids));
                }
                s.ykids = kids as u32;
                return Ok(());
            }
        }
    }

    /// The rest of case 4 for a terminal MIN son `c` of block `b` that fell
    /// below its threshold: the path moves to the next son not reached while
    /// there is one ACTIVE (the select of [`select`](Self::select) for a son
    /// reached for the first time), evaluating terminals on the way; a
    /// son that is not a terminal takes case 5.
    fn next_sons(&mut self, b: u32, mut c: u32) -> Result<(), BestFirstError> {
        let parent_thr = match self.blocks[b as usize].parent {
            NONE => i64::MIN,
            p => self.blocks[p as usize].thr,
        };
        let t = self.blocks[b as usize].t + 1;
        loop {
            let blk = &self.blocks[b as usize];
            let (u, w, ib, first) = (blk.next, blk.w, blk.ib, blk.first as usize);
            if !(u < w && u < ib) {
                self.reselect();
                return Ok(());
            }
            // Slot c, a SOLVED MIN state, leaves the path: 1 entry, demand 1.
            let s = &mut self.slots[first + c as usize];
            s.e = 1;
            s.dm = 1;
            // The select of son u, reached for the first time: the next son
            // not reached, if ACTIVE, is the best alternative (to the right).
            let x = self.tree.child(&blk.node, u as usize);
            let (alt, thr) = if u + 1 < w && u + 1 < ib {
                let ha = self.slots[first + u as usize + 1].h;
                (u + 1, parent_thr.max(i64::from(ha.get())))
            } else {
                match self.best_slot(b, u) {
                    Some((a, ha)) => (a, parent_thr.max(i64::from(ha.get()) + i64::from(a < u))),
                    None => (NONE, parent_thr),
                }
            };
            let blk = &mut self.blocks[b as usize];
            blk.next = u + 1;
            blk.cur = u;
            blk.alt = alt;
            blk.thr = thr;
            blk.ex_ok = false;
            self.unpath(b);
            let kids = self.tree.num_children(&x);
            let s = &mut self.slots[first + u as usize];
            s.x = x;
            s.xok = true;
            if kids != 0 {
                if kids > self.b || t as usize >= self.d || kids > usize::from(u16::MAX) {
                    return Err(self.shape_error(t as usize, kids));
                }
                // Case 5 on the next son.
                let y = self.tree.child(&s.x, 0);
                s.y = y;
                s.xw = kids as u16;
                s.k = 0;
                s.ykids = UNKNOWN;
                return Ok(());
            }
            let v = self.tree.value(&s.x);
            if v.is_infinite() {
                return Err(BestFirstError::SentinelLeaf { value: v });
            }
            s.h = s.h.min(v);
            s.solved = true;
            if i64::from(s.h.get()) >= thr {
                return Ok(());
            }
            c = u;
        }
    }

    /// Case 6: the current state, a LIVE MAX son, is replaced by its `w`
    /// sons, left to right.
    fn expand(&mut self, w: usize) -> Result<(), BestFirstError> {
        let here = self.here();
        let (node, h) = {
            let s = self.slot(here);
            (s.y.clone(), s.h)
        };
        let t = self.blocks[here.0 as usize].t + 2;
        let dm0 = 1 + self.need(i64::from(t) + 2);
        let w32 = w as u32;
        let c = self.new_block(Blk {
            node: node.clone(),
            parent: here.0,
            pslot: here.1,
            first: 0,
            w: w32,
            t,
            next: 0,
            ib: w32,
            partial: false,
            e: w,
            dm: w + self.need(i64::from(t) + 2),
            cur: NONE,
            alt: NONE,
            thr: i64::MIN,
            pbest: None,
            ex_ok: false,
            ex_t: 0,
            ex_a: i64::MIN,
            ex_l: 0,
            ex_r: 0,
            ex_b: i64::MIN,
        });
        let first = self.alloc_range(w32, c, &node);
        self.blocks[c as usize].first = first;
        self.unpath(c);
        for a in 0..w {
            let s = &mut self.slots[first as usize + a];
            s.xok = false;
            s.present = true;
            s.xw = 0;
            s.child = NONE;
            s.solved = false;
            s.h = h;
            s.e = 1;
            s.dm = dm0;
        }
        // The arena may have moved.
        self.slot_mut(here).child = c;
        self.entries += w - 1;
        self.peak = self.peak.max(self.entries);
        // The path enters through son 0, reached now (`select`): son 1,
        // not reached and ACTIVE, is the alternative, to the right.
        let x = self.tree.child(&node, 0);
        let s = &mut self.slots[first as usize];
        s.x = x;
        s.xok = true;
        let parent_thr = self.blocks[here.0 as usize].thr;
        let blk = &mut self.blocks[c as usize];
        blk.next = 1;
        blk.cur = 0;
        (blk.alt, blk.thr) = if w > 1 {
            (1, parent_thr.max(i64::from(h.get())))
        } else {
            (NONE, parent_thr)
        };
        self.at = c;
        Ok(())
    }

    /// A SOLVED MIN node p, the current state, is selected. Either its
    /// parent x (the block's MAX node) is solved (case 1, returns false)
    /// or, with an INACTIVE state below x above h(p), the states below x at
    /// or below h(p) other than p are purged and the left-most remaining
    /// one is activated (returns true).
    fn solved_min(&mut self) -> bool {
        let (b, sp) = self.here();
        let hp = self.slot((b, sp)).h;
        if !self.waiting(b, hp) {
            // Case 1: the block's entries collapse to x's one. (Its
            // aggregates are not needed any more: it is freed.)
            let (parent, ps, first, w) = {
                let blk = &self.blocks[b as usize];
                (blk.parent, blk.pslot, blk.first as usize, blk.w as usize)
            };
            // p's slot holds one entry; the others' counts are current.
            let e: usize = self.slots[first..first + w]
                .iter()
                .enumerate()
                .filter(|&(a, s)| s.present && a != sp as usize)
                .map(|(_, s)| s.e)
                .sum::<usize>()
                + 1;
            debug_assert_eq!(e, self.block_aggregate(b, Some((sp, (1, 1)))).0);
            self.entries -= e - 1;
            if self.blocks[b as usize].t == 0 {
                self.best = sp;
            }
            {
                let k = self.si(parent, ps);
                let node = self.blocks[b as usize].node.clone();
                let s = &mut self.slots[k];
                s.y = node;
                s.child = NONE;
                s.solved = true;
                s.h = hp;
            }
            self.unpath(b);
            self.free_subtree(b);
            {
                // If the boundary ran through the block, it now runs just
                // after the solved node (ACTIVE: it was selected).
                let pb = &mut self.blocks[parent as usize];
                if pb.ib == ps && pb.partial {
                    pb.ib = ps + 1;
                    pb.partial = false;
                }
            }
            self.at = parent;
            return false;
        }
        let (removed, _) = self.purge_below(b, hp, sp);
        self.entries -= removed;
        // The path down to b stays (nothing changed above b); below b it
        // goes to the state activated, the highest in contention.
        self.flush_slot(b, sp);
        self.activate_after(b, sp);
        true
    }

    /// Whether an INACTIVE state with merit above `hp` lies below block `b`
    /// (the current one).
    fn waiting(&self, b: u32, hp: Value) -> bool {
        match self.block_activity(b) {
            Some(true) => false,
            act => self.any_inactive_above(b, act, hp),
        }
    }

    /// Whether block `b`, the current state's, is wholly ACTIVE
    /// (`Some(true)`) or partly (`None`), from the boundary on its path.
    ///
    /// The highest slot on the path that is not partly ACTIVE decides (a
    /// block's own boundary is stale below a wholly ACTIVE slot); it cannot
    /// be INACTIVE, since the current state is ACTIVE. So the first such
    /// slot from below answers: `b` is wholly ACTIVE.
    fn block_activity(&self, b: u32) -> Option<bool> {
        let mut x = b;
        let mut decided = None;
        while self.blocks[x as usize].parent != NONE {
            let blk = &self.blocks[x as usize];
            if self.activity(blk.parent, blk.pslot).is_some() {
                decided = Some(true);
                break;
            }
            x = blk.parent;
        }
        debug_assert_eq!(decided, self.block_activity_walk(b));
        decided
    }

    /// [`block_activity`](Self::block_activity) by the whole walk to the
    /// top (a check in debug builds).
    fn block_activity_walk(&self, b: u32) -> Option<bool> {
        let mut decided = None;
        let mut x = b;
        while self.blocks[x as usize].parent != NONE {
            let blk = &self.blocks[x as usize];
            if let Some(d) = self.activity(blk.parent, blk.pslot) {
                decided = Some(d);
            }
            x = blk.parent;
        }
        decided
    }

    /// Whether an INACTIVE state above `hp` lies below block `b`, whose
    /// activity is `act` (`None`: its own boundary decides).
    fn any_inactive_above(&self, b: u32, act: Option<bool>, hp: Value) -> bool {
        let blk = &self.blocks[b as usize];
        (0..blk.w).any(|a| {
            let s = &self.slots[(blk.first + a) as usize];
            if !s.present {
                return false;
            }
            let sa = match act {
                None => self.activity(b, a),
                decided => decided,
            };
            match (sa, s.child) {
                (Some(true), _) => false,
                (_, NONE) => s.h > hp,
                (sa, c) => self.any_inactive_above(c, sa, hp),
            }
        })
    }

    /// Removes every state at or below `hp` below block `b` but the one in
    /// slot `keep`; returns how many, and the best merit left in `b`'s
    /// slots. Emptied slots are left absent and emptied blocks freed;
    /// entries, demands and merits are recomputed.
    fn purge_below(&mut self, b: u32, hp: Value, keep: u32) -> (usize, Option<Value>) {
        let mut removed = 0;
        let mut best = None;
        let (first, w, t) = {
            let blk = &self.blocks[b as usize];
            (blk.first as usize, blk.w, i64::from(blk.t))
        };
        for a in 0..w {
            let k = first + a as usize;
            let s = &self.slots[k];
            if !s.present {
                continue;
            }
            if a == keep {
                best = best.max(Some(s.h));
                continue;
            }
            let c = s.child;
            if c == NONE {
                if s.h <= hp {
                    let s = &mut self.slots[k];
                    s.present = false;
                    s.e = 0;
                    s.dm = 0;
                    removed += 1;
                } else {
                    // Off the path, its entries and demand are current.
                    debug_assert_eq!(self.slot_aggregate(s, t), (s.e, s.dm));
                    best = best.max(Some(s.h));
                }
                continue;
            }
            let (r, below) = self.purge_below(c, hp, NONE);
            removed += r;
            // The arena does not move: nothing is allocated.
            match below {
                None => {
                    self.free_subtree(c);
                    let s = &mut self.slots[k];
                    s.child = NONE;
                    s.present = false;
                    s.e = 0;
                    s.dm = 0;
                }
                Some(h) => {
                    self.slots[k].h = h;
                    best = best.max(Some(h));
                    let (e, dm) = self.slot_aggregate(&self.slots[k], t);
                    let s = &mut self.slots[k];
                    s.e = e;
                    s.dm = dm;
                }
            }
        }
        let (e, dm) = self.block_aggregate(b, None);
        let blk = &mut self.blocks[b as usize];
        blk.e = e;
        blk.dm = dm;
        blk.ex_ok = false;
        self.unpath(b);
        (removed, best)
    }

    /// Activates the first state y after slot `sp` of block `b` (all those
    /// left are ACTIVE, all those right INACTIVE, and after the purge
    /// nothing lies between them): the boundary moves to just after y,
    /// and so does the path, y being the front (the only ACTIVE state
    /// below `b`'s slot holding it, and above h(p)).
    fn activate_after(&mut self, b: u32, sp: u32) {
        let (mut c, mut from) = (b, sp + 1);
        loop {
            let a = {
                let blk = &self.blocks[c as usize];
                let first = blk.first as usize;
                (from..blk.w)
                    .find(|&a| self.slots[first + a as usize].present)
                    .expect("a waiting state lies after p")
            };
            let child = self.slot((c, a)).child;
            let blk = &mut self.blocks[c as usize];
            blk.ib = a + u32::from(child == NONE);
            blk.partial = child != NONE;
            self.select(c, a);
            if child == NONE {
                break;
            }
            c = child;
            from = 0;
        }
        self.at = c;
        // The ACTIVE bests along the new boundary, bottom-up: y's below b.
        let hy = self.slot(self.here()).h;
        while c != b {
            self.blocks[c as usize].pbest = Some(hy);
            c = self.blocks[c as usize].parent;
        }
        self.own_best(b);
    }

    /// Every ACTIVE state at or to the right of the state at `from`
    /// becomes INACTIVE: the boundary moves to `from`.
    fn inactivate_from(&mut self, from: Place) {
        let (mut b, a) = from;
        {
            let blk = &mut self.blocks[b as usize];
            blk.ib = a;
            blk.partial = false;
        }
        loop {
            let blk = &self.blocks[b as usize];
            if blk.parent == NONE {
                return;
            }
            let (p, ps) = (blk.parent, blk.pslot);
            let pb = &mut self.blocks[p as usize];
            pb.ib = ps;
            pb.partial = true;
            b = p;
        }
    }

    /// The current state's Dewey code (for messages).
    fn dewey_here(&self) -> tree_core::Dewey {
        let mut rev = Vec::new();
        let (mut b, mut a) = self.here();
        loop {
            let s = self.slot((b, a));
            if s.xw > 0 {
                rev.push(usize::from(s.k));
            }
            let blk = &self.blocks[b as usize];
            if blk.parent == NONE {
                break;
            }
            rev.push(a as usize);
            a = blk.pslot;
            b = blk.parent;
        }
        // The top slot's son is the root: no digit.
        rev.pop();
        let mut d = tree_core::Dewey::root();
        for &i in rev.iter().rev() {
            d.push(i);
        }
        d
    }
}

//! What IterSSS\*'s OPEN is made of (see the [`engine`](super::engine)
//! module for the layout): blocks ([`Blk`]), slots ([`Sl`]), the path's
//! Need functions ([`Lin`]), and the [`Arena`] that holds them between
//! searches.

use tree_core::Value;

use super::config::NAME;
use crate::error::BestFirstError;
use crate::open::room;

/// A width not asked yet.
pub(super) const UNKNOWN: u32 = u32::MAX;

/// "No block", "no slot".
pub(super) const NONE: u32 = u32::MAX;

/// An expanded MAX node: its MIN sons' slots and what IterSSS\* keeps on it.
#[derive(Debug, Clone)]
pub(crate) struct Blk<N> {
    /// The MAX node.
    pub(super) node: N,
    /// The block holding this one ([`NONE`] for the top block, whose one
    /// slot holds the root below a virtual MIN node) and the slot there.
    pub(super) parent: u32,
    pub(super) pslot: u32,
    /// The slots: `first..first + w` in the arena; a free block's next.
    pub(super) first: u32,
    pub(super) w: u32,
    /// The MAX node's depth (−2 for the top block).
    pub(super) t: i32,
    /// Slots reached so far (their MIN node generated): `0..next`.
    pub(super) next: u32,
    /// The ACTIVE boundary (see the module docs).
    pub(super) ib: u32,
    pub(super) partial: bool,
    /// Entries below and their demand.
    pub(super) e: usize,
    pub(super) dm: usize,
    /// On the path: the slot it goes through, the best other ACTIVE slot
    /// and the threshold the current state must reach (the best
    /// alternative's merit, plus one if it lies to the left).
    pub(super) cur: u32,
    pub(super) alt: u32,
    pub(super) thr: i64,
    /// Below a partly ACTIVE slot: the best merit of an ACTIVE state below
    /// (see [`Run::boundary_bests`](super::run::Run::boundary_bests)).
    pub(super) pbest: Option<Value>,
    /// The block's other slots seen from its path slot `cur` (valid if
    /// `ex_ok`), so that its entries and demand for any value (E, D) of
    /// that slot are `ex_t + E` and `max(ex_a + E, ex_l + D + ex_r, ex_b)`:
    /// the entries of the other slots, the best term of a slot left of
    /// `cur` less `cur`'s entries, the present slots left of `cur`, the
    /// entries right of it, and the best term of a slot right of it.
    pub(super) ex_ok: bool,
    pub(super) ex_t: usize,
    pub(super) ex_a: i64,
    pub(super) ex_l: i64,
    pub(super) ex_r: i64,
    pub(super) ex_b: i64,
}

impl<N> Blk<N> {
    /// The block of MAX node `node` at depth `t` with `w` sons, held in
    /// slot `at` (block, slot) of its parent: wholly ACTIVE, no son
    /// reached, no entries counted, off the path, its view of the other
    /// slots to be computed.
    pub(super) fn new(node: N, (parent, pslot): (u32, u32), w: u32, t: i32) -> Blk<N> {
        Blk {
            node,
            parent,
            pslot,
            first: 0,
            w,
            t,
            next: 0,
            ib: w,
            partial: false,
            e: 0,
            dm: 0,
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
        }
    }
}

/// A MIN son of a block's MAX node and what lies below it.
#[derive(Debug, Clone)]
pub(crate) struct Sl<N> {
    /// The MIN node (once `xok`).
    pub(super) x: N,
    /// Its current MAX son (when `xw` > 0).
    pub(super) y: N,
    pub(super) xok: bool,
    /// Purged: no state below.
    pub(super) present: bool,
    /// 0: the state is the MIN node's; else its number of sons (the state
    /// is son `k`'s, or below it in `child`).
    pub(super) xw: u16,
    pub(super) k: u16,
    /// Son `k`'s number of sons once asked.
    pub(super) ykids: u32,
    pub(super) child: u32,
    pub(super) solved: bool,
    /// The state's merit, or off the path the best merit below.
    pub(super) h: Value,
    /// Entries below and their demand.
    pub(super) e: usize,
    pub(super) dm: usize,
    /// In a range's first slot: its block and length, for compaction.
    pub(super) owner: u32,
    pub(super) span: u32,
}

/// Need as a function of the path slot's entries E and demand D in a
/// block on the path: max(a + E, l + D, c) (see [`Run::need_after`](super::run::Run::need_after)).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Lin {
    pub(super) a: i64,
    pub(super) l: i64,
    pub(super) c: i64,
}

/// "No term" in a [`Lin`]: far below any count, and safe to add counts to.
pub(super) const NO_TERM: i64 = i64::MIN / 4;

impl Lin {
    /// Above the top block: Need is the top's demand.
    pub(super) const TOP: Lin = Lin {
        a: NO_TERM,
        l: 0,
        c: NO_TERM,
    };

    #[inline(always)]
    pub(super) fn at(self, e: usize, d: usize) -> usize {
        (self.a + e as i64).max(self.l + d as i64).max(self.c) as usize
    }
}

/// The arenas of blocks and slots, kept between searches, and the path's
/// Need functions (one per level).
#[derive(Debug, Clone)]
pub(crate) struct Arena<N> {
    pub(super) blocks: Vec<Blk<N>>,
    pub(super) slots: Vec<Sl<N>>,
    pub(super) need_fns: Vec<Lin>,
    /// Freed slot ranges by length (linked through their first slot's
    /// `child`), reused before the arena is compacted.
    pub(super) free_ranges: Vec<u32>,
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
    ///
    /// # Errors
    /// [`BestFirstError::OutOfMemory`] if that room cannot be allocated.
    pub(crate) fn reset(
        &mut self,
        entries: usize,
        b: usize,
        d: usize,
    ) -> Result<(), BestFirstError> {
        self.blocks.clear();
        self.slots.clear();
        let blocks = entries.saturating_add(d).saturating_add(2);
        let slots = blocks
            .saturating_mul(2)
            .saturating_add(b.saturating_mul(d.div_ceil(2) + 2));
        room(&mut self.blocks, blocks, NAME, entries)?;
        room(&mut self.slots, slots, NAME, entries)?;
        // One level per MAX level of the tree, and the top block's.
        self.need_fns.clear();
        self.need_fns.resize(d / 2 + 2, Lin::TOP);
        self.free_ranges.clear();
        self.free_ranges.resize(b.saturating_add(1), NONE);
        Ok(())
    }
}

//! What IterSSS\* adds to SSS\*'s case 1 (see the [module docs](super),
//! "Inactivation, purging and activation"): a SOLVED MIN node whose parent
//! has an INACTIVE descendant above it purges the states below the parent
//! and activates the left-most waiting one; a refusal inactivates
//! everything from a state to the right.

use tree_core::{Tree, Value};

use super::arena::NONE;
use super::run::{Place, Run};

impl<T: Tree + ?Sized> Run<'_, T> {
    /// A SOLVED MIN node p, the current state, is selected. Either its
    /// parent x (the block's MAX node) is solved (case 1, returns false)
    /// or, with an INACTIVE state below x above h(p), the states below x at
    /// or below h(p) other than p are purged and the left-most remaining
    /// one is activated (returns true).
    pub(super) fn solved_min(&mut self) -> bool {
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
    pub(super) fn waiting(&self, b: u32, hp: Value) -> bool {
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
    pub(super) fn block_activity(&self, b: u32) -> Option<bool> {
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
    pub(super) fn block_activity_walk(&self, b: u32) -> Option<bool> {
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
    pub(super) fn any_inactive_above(&self, b: u32, act: Option<bool>, hp: Value) -> bool {
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
    pub(super) fn purge_below(&mut self, b: u32, hp: Value, keep: u32) -> (usize, Option<Value>) {
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
    pub(super) fn activate_after(&mut self, b: u32, sp: u32) {
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
    pub(super) fn inactivate_from(&mut self, from: Place) {
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
}

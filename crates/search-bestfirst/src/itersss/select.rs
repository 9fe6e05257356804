//! ACTIVE and INACTIVE types and the selection of the front (see the
//! [`engine`](super::engine) module): the ACTIVE states are a prefix of
//! OPEN in Dewey order, kept as one boundary along a path, and the current
//! state stays in front while it beats the best ACTIVE alternative on its
//! path.

use tree_core::{Tree, Value};

use super::arena::NONE;
use super::run::{Place, Run, Scored};

impl<T: Tree + ?Sized> Run<'_, T> {
    /// Whether slot `a` of `b` is wholly ACTIVE (`Some(true)`), partly
    /// (`None`: its block says) or INACTIVE (`Some(false)`), given that `b`
    /// itself is at least partly ACTIVE.
    #[inline(always)]
    pub(super) fn activity(&self, b: u32, a: u32) -> Option<bool> {
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
    pub(super) fn best_active(&self, b: u32, a: u32) -> Option<Value> {
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
    pub(super) fn best_slot(&self, b: u32, except: u32) -> Option<Scored> {
        self.best_two(b, except).0
    }

    /// The best ACTIVE slot of `b` other than `except` and the best of the
    /// others (each left-most among equals), with their merits: the wholly
    /// ACTIVE slots `0..ib` (of the slots not reached yet, which all have
    /// the merit h0 that case 6 stacked, only the first: it goes before
    /// every slot reached), else the partly ACTIVE slot `ib` through its
    /// block's `pbest`.
    pub(super) fn best_two(&self, b: u32, except: u32) -> (Option<Scored>, Option<Scored>) {
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
    pub(super) fn select(&mut self, b: u32, a: u32) {
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
    pub(super) fn set_path(&mut self, b: u32, a: u32, alt: Option<(u32, Value)>) {
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
    pub(super) fn visit(&mut self, b: u32, a: u32) {
        debug_assert_eq!(a, self.blocks[b as usize].next);
        let x = self.tree.child(&self.blocks[b as usize].node, a as usize);
        let k = self.si(b, a);
        let s = &mut self.slots[k];
        s.x = x;
        s.xok = true;
        self.blocks[b as usize].next += 1;
    }

    /// Follows the path from block `b` (its path set) down to a state.
    pub(super) fn descend(&mut self, mut b: u32) {
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
    pub(super) fn here_of(&self, b: u32) -> Place {
        (b, self.blocks[b as usize].cur)
    }

    /// The front state, found from the top (after the boundary moved).
    pub(super) fn reselect_all(&mut self) {
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
    pub(super) fn boundary_bests(&mut self, b: u32) -> Option<Value> {
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
    pub(super) fn own_best(&mut self, b: u32) -> Option<Value> {
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
    pub(super) fn reselect(&mut self) {
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
}

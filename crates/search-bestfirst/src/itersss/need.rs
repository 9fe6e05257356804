//! The memory rule (see the [module docs](super), "The memory rule"):
//! every slot's and block's entries and demand, kept bottom-up, and the
//! test whether Need with the current state expanded is at most M,
//! through Need as a function of the path slot kept per level of the path.

use tree_core::Tree;

use super::arena::{Lin, NO_TERM, NONE, Sl, UNKNOWN};
use super::run::Run;

impl<T: Tree + ?Sized> Run<'_, T> {
    /// A slot's entries and demand from its state or block (the module's
    /// `local` and MIN-node cases); `t` is the block's MAX depth.
    pub(super) fn slot_aggregate(&self, s: &Sl<T::Node>, t: i64) -> (usize, usize) {
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
    pub(super) fn son_demand(&self, s: &Sl<T::Node>, ty: i64) -> usize {
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
    pub(super) fn block_aggregate(
        &self,
        b: u32,
        except: Option<(u32, (usize, usize))>,
    ) -> (usize, usize) {
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
    pub(super) fn flush_slot(&mut self, b: u32, i: u32) {
        let t = i64::from(self.blocks[b as usize].t);
        let k = self.si(b, i);
        let (e, dm) = self.slot_aggregate(&self.slots[k], t);
        let s = &mut self.slots[k];
        s.e = e;
        s.dm = dm;
    }

    /// Makes block `b`'s entries and demand current (its slots must be).
    #[inline]
    pub(super) fn flush_block(&mut self, b: u32) {
        let (e, dm) = self.block_aggregate(b, None);
        let blk = &mut self.blocks[b as usize];
        blk.e = e;
        blk.dm = dm;
    }

    /// Makes the path's aggregates current, from the current state up.
    pub(super) fn flush_path(&mut self) {
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
    pub(super) fn fits(&mut self, w: usize) -> bool {
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
    /// its other slots (kept per block, see [`Blk::ex_ok`](super::arena::Blk::ex_ok)), and the slot
    /// holding it takes the larger of that demand and a fresh search of
    /// its next son. Functions max(a + E, l + D, c) are closed under that
    /// step, so Need as a function of a path block's slot is one [`Lin`],
    /// composed from its parent's and kept per level until the path
    /// changes at or above it ([`unpath`](Self::unpath)): a check costs
    /// the levels that changed since the last, not the path.
    pub(super) fn need_after(&mut self, w: usize) -> Option<usize> {
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
    pub(super) fn need_after_walk(&mut self, w: usize) -> usize {
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
    pub(super) fn level(&self, b: u32) -> usize {
        // t + 2 ≥ 0.
        (self.blocks[b as usize].t + 2) as usize >> 1
    }

    /// Need as a function of path block `b`'s path slot, from the levels
    /// kept and those above `b` recomputed.
    pub(super) fn need_fn(&mut self, b: u32) -> Lin {
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
    pub(super) fn unpath(&mut self, b: u32) {
        self.need_valid = self.need_valid.min(self.level(b));
    }

    /// Sets block `b`'s view of its other slots from its path slot.
    pub(super) fn compute_ex(&mut self, b: u32) {
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
}

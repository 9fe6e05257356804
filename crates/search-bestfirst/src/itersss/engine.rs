//! IterSSS\*'s OPEN as a tree of blocks (the layout of
//! [`sss`](mod@crate::sss)'s): one block per expanded MAX node, one slot per
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
//!   recomposed only below where the path changed ([`Run::need_after`](super::run::Run::need_after)).
//! * **Selection** is SSS\*'s: the current state stays in front while it
//!   beats the best ACTIVE alternative on its path; only case 4 can lower
//!   it, and only inactivations and activations move the boundary (after
//!   an inactivation the front is found again from the top; the state an
//!   activation brings back is the front, and the path goes to it).
//! * **Runs of steps** that need no selection are taken in tight loops:
//!   terminal MIN sons reached in order while each falls behind the next,
//!   terminal MAX brothers while each stays in front.

use tree_core::{Tree, Value};

use super::arena::{Blk, NONE, UNKNOWN};
use super::config::NAME;
use super::run::{Place, Run};
use crate::error::BestFirstError;

impl<T: Tree + ?Sized> Run<'_, T> {
    /// The root's value by IterSSS\*.
    pub(crate) fn run(&mut self) -> Result<Value, BestFirstError> {
        let root = self.tree.root();
        let top = self.new_block(Blk {
            next: 1,
            e: 1,
            dm: 1 + self.need(0),
            cur: 0,
            ..Blk::new(root.clone(), (NONE, 0), 1, -2)
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
    pub(super) fn width(&mut self, t: i64, son: bool) -> Result<usize, BestFirstError> {
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
    pub(super) fn shape_error(&self, t: usize, w: usize) -> BestFirstError {
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
    pub(super) fn evaluate(&mut self) -> Result<(), BestFirstError> {
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
    pub(super) fn next_sons(&mut self, b: u32, mut c: u32) -> Result<(), BestFirstError> {
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
    pub(super) fn expand(&mut self, w: usize) -> Result<(), BestFirstError> {
        let here = self.here();
        let (node, h) = {
            let s = self.slot(here);
            (s.y.clone(), s.h)
        };
        let t = self.blocks[here.0 as usize].t + 2;
        let dm0 = 1 + self.need(i64::from(t) + 2);
        let w32 = w as u32;
        let c = self.new_block(Blk {
            e: w,
            dm: w + self.need(i64::from(t) + 2),
            ..Blk::new(node.clone(), here, w32, t)
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

    /// The current state's Dewey code (for messages).
    pub(super) fn dewey_here(&self) -> tree_core::Dewey {
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

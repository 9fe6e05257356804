//! The Γ operator's six cases (Campbell 1981, App. 3, Table 11; see the
//! [module docs](super)) on the tree of blocks: [`Run::search`] applies Γ
//! to the front state until the root is solved, taking runs of steps that
//! need no selection in tight loops.

use tree_core::{Dewey, Tree, Value};

use super::gamma::{Block, Gamma, Key, Link, NONE};
use super::run::Run;
use super::trace::Observer;
use crate::error::{BestFirstError, terminal};

/// What the current state is.
pub(super) enum Step {
    Done(Value),
    Go,
}

impl<T, F, const S: bool> Run<'_, T, F, S>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    /// The Γ loop. Without an observer, runs of steps that stay in one
    /// slot or one block's leaves are taken in tight loops (see
    /// [`live`](Self::live)).
    pub(super) fn search(
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
    pub(super) fn solved(&mut self, r: u32, h: Value, rel: i64) -> Step {
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
    pub(super) fn root_move(&mut self, r: u32, h: Value) {
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
    pub(super) fn live(
        &mut self,
        r: u32,
        h: Value,
        rel: i64,
        fuse: bool,
    ) -> Result<Step, BestFirstError> {
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
    pub(super) fn terminal(
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
    pub(super) fn next_leaves(&mut self) -> Result<Step, BestFirstError> {
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
    pub(super) fn last_leaf(&mut self, b: u32, h: Value, k: usize) -> Result<Step, BestFirstError> {
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
    pub(super) fn leaf_value(&self, n: &T::Node) -> Result<Value, BestFirstError> {
        let v = terminal(self.tree, n)?;
        Ok(if self.p.negate { -v } else { v })
    }

    /// Cases 5 and 6 for the current state, LIVE with `w` children, at path
    /// length `r` and relative depth `rel`, of merit `h`.
    #[inline(always)]
    pub(super) fn interior(
        &mut self,
        r: u32,
        h: Value,
        rel: i64,
        w: usize,
    ) -> Result<(), BestFirstError> {
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
    pub(super) fn dewey_here(&self) -> Dewey {
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
    pub(super) fn ancestor(&self, j: u32) -> T::Node {
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
    pub(super) fn expand(&mut self, h: Value, w: u32, rel: i32) -> Result<(), BestFirstError> {
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
    pub(super) fn purge(&mut self, h: Value) {
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
}

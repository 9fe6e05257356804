//! One running Γ search, [`Run`], and how it finds the front (see the
//! [module docs](super), "Selection without a global queue"): every block
//! on the current path keeps the best alternative on the path down to it,
//! the current state stays in front while it beats that bound, and when it
//! loses, the path is left upwards until a block holds the best and entered
//! downwards to it. The Γ cases that move the current state are the
//! `cases` module's.

use tree_core::{Tree, Value};

use super::config::Params;
use super::gamma::{Gamma, Key, NONE};
use crate::error::BestFirstError;

/// One running Γ search: its top block, and the current state: the end of
/// the path of slot `cur` of block `at` (arena index `k`). `S`: the tie
/// rule as printed (else left-most).
pub(super) struct Run<'r, T: Tree + ?Sized, F, const S: bool> {
    pub(super) tree: &'r T,
    pub(super) p: &'r Params,
    pub(super) g: &'r mut Gamma<T::Node>,
    pub(super) frontier: &'r mut F,
    pub(super) root_depth: usize,
    pub(super) lower: Value,
    pub(super) top: u32,
    /// This search's states.
    pub(super) live: usize,
    pub(super) at: u32,
    pub(super) k: usize,
    /// `at`'s `xrel`.
    pub(super) xrel: i64,
    /// The root's best move so far ([`NONE`]: none), and for a root that
    /// is an OR node the merit its last solved child left.
    pub(super) best: u32,
    pub(super) best_h: Value,
}

impl<T, F, const S: bool> Run<'_, T, F, S>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    #[inline(always)]
    pub(super) fn stockman(&self) -> bool {
        S
    }

    /// The arena index of slot `i` of block `b`.
    #[inline(always)]
    pub(super) fn idx(&self, b: u32, i: u32) -> usize {
        (self.g.blocks[b as usize].first + i) as usize
    }

    /// Makes the path's current slot in block `b` the current state.
    #[inline(always)]
    pub(super) fn enter(&mut self, b: u32) {
        let blk = &self.g.blocks[b as usize];
        self.at = b;
        self.k = (blk.first + blk.cur) as usize;
        self.xrel = i64::from(blk.xrel);
    }

    /// Sets the merit of the current state, with a new stamp (as printed)
    /// for a stacked or inserted state.
    #[inline(always)]
    pub(super) fn set_key(&mut self, h: Value, inserted: bool) {
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
    pub(super) fn bound(&self, b: u32) -> Key {
        if b == NONE {
            Key::NONE
        } else {
            self.g.blocks[b as usize].bound
        }
    }

    /// The key of a state in a block's subtree against the path's bounds.
    #[inline(always)]
    pub(super) fn path_key(&self, k: Key) -> Key {
        if self.stockman() {
            k
        } else {
            Key { h: k.h, t: 0 }
        }
    }

    /// Whether slot `a` of `b` has not been reached yet.
    #[inline(always)]
    pub(super) fn untouched(&self, b: u32, a: u32) -> bool {
        let n = self.g.blocks[b as usize].next;
        if self.stockman() { a < n } else { a >= n }
    }

    /// The first slot of `b` not reached yet, in stacking order.
    #[inline(always)]
    pub(super) fn first_untouched(&self, b: u32) -> u32 {
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
    pub(super) fn fresh_key(&self, b: u32, a: u32) -> Key {
        let blk = &self.g.blocks[b as usize];
        let t = if self.stockman() {
            blk.t0 - i64::from(a)
        } else {
            i64::from(a)
        };
        Key { h: blk.h0, t }
    }

    /// The key of slot `a` of `b` in the block's order.
    pub(super) fn slot_key(&self, b: u32, a: u32) -> Key {
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
    pub(super) fn alt_key(&self, b: u32, alt: u32) -> Key {
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
    pub(super) fn alt_of(&self, b: u32) -> u32 {
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
    pub(super) fn visit(&mut self, b: u32, a: u32) {
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
    pub(super) fn select(&mut self, b: u32, a: u32) {
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
    pub(super) fn descend(&mut self, mut b: u32) {
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
    pub(super) fn reselect(&mut self) {
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

    /// The path in block `b` (whose bound above is `pb`) moves to its
    /// heap's top, in front of everything; the current slot takes its place
    /// in the heap. Returns whether the top's state is a solved AND node
    /// below its OR node (else the path is left for the general case to
    /// follow).
    #[inline]
    pub(super) fn switch_to_top(&mut self, b: u32, pb: Key) -> bool {
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
    pub(super) fn fix_bound(&mut self, b: u32) {
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
}

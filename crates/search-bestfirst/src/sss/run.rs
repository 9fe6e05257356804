//! One running Γ search: [`gamma_search`] starts one, [`Run`] is its
//! state, and how it finds the front (see the [module docs](super),
//! "Selection without a global queue"): every block on the current path
//! keeps the best alternative on the path down to it, the current state
//! stays in front while it beats that bound, and when it loses, the path is
//! left upwards until a block holds the best and entered downwards to it.
//! The Γ cases that move the current state are the
//! [`cases`](super::cases) module's; [`Run::front_first`] reads OPEN off
//! the blocks for a trace.
//!
//! The search's code — this module's and the cases' — is one unit for the
//! compiler: `Run`'s methods are placed with the type, so `gamma_search`
//! is written here beside it, where the Γ loop and the selection it calls
//! are inlined into it.

use tree_core::{Dewey, Tree, Value};

use super::config::{Params, Variant};
use super::gamma::{Block, Gamma, Key, Link, NONE};
use super::trace::{Entry, Observer, Status};
use crate::error::{BestFirstError, terminal};

/// Where a Γ search starts: its root, the root's absolute depth, and the
/// aspiration window (lower, upper).
#[derive(Debug)]
pub(crate) struct Start<'a, N> {
    pub root: &'a N,
    pub depth: usize,
    pub lower: Value,
    pub upper: Value,
}

impl<'a, N> Start<'a, N> {
    /// At `root`, the tree's root, with the full window.
    pub(crate) fn at_root(root: &'a N) -> Start<'a, N> {
        Start {
            root,
            depth: 0,
            lower: Value::NEG_INF,
            upper: Value::INF,
        }
    }
}

/// One Γ-operator search rooted at `root` (absolute depth `root_depth`),
/// started as (root, LIVE, `upper`), its states in `g` beside those of the
/// searches it is nested in. Stops early with the top merit once it is at
/// or below `lower` (aspiration, Campbell p. 16: he says "below"; with
/// integer values and fail-hard windows, a merit equal to the lower bound
/// already proves a fail-low, as alpha-beta's `<=` cutoff does). Nodes at
/// relative depth `p.horizon` go to `frontier`, which must return min(h,
/// their value) or any upper bound ≤ h that is exact when the value is
/// below h; it runs with the node's state removed from OPEN.
///
/// Returns min(upper, value of root) when that is ≥ `lower`.
pub(crate) fn gamma_search<T, F>(
    tree: &T,
    p: &Params,
    g: &mut Gamma<T::Node>,
    start: Start<'_, T::Node>,
    frontier: &mut F,
    observer: Observer<'_, T::Node>,
) -> Result<Value, BestFirstError>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    debug_assert_eq!(g.stockman, p.variant == Variant::Stockman);
    let and_root = (start.depth % 2 == 0) == p.chooser_even;
    let root = start.root;
    // Without an observer, the first step (on the LIVE root) is taken here:
    // a terminal root (every leaf below a stage's horizon, in staged SSS*)
    // then costs no block.
    let mut first = None;
    if g.level == 0 {
        g.best = None;
    }
    if observer.is_none() && p.horizon != 0 {
        if start.upper <= start.lower {
            g.peak = g.peak.max(g.live + 1);
            return Ok(start.upper);
        }
        let w = tree.num_children(root);
        if w == 0 {
            g.peak = g.peak.max(g.live + 1);
            let v = terminal(tree, root)?;
            return Ok(start.upper.min(if p.negate { -v } else { v }));
        }
        first = Some(w);
    }
    // The top block: one slot, the root's (below a virtual OR node if the
    // root is AND), already reached.
    // Each nesting level keeps its top block from search to search.
    let level = g.level;
    g.level += 1;
    let top = match g.tops.get(level) {
        Some(&top) => top,
        None => {
            let top = g.new_block(Block {
                node: root.clone(),
                parent: NONE,
                pslot: 0,
                first: 0,
                w: 1,
                next: 0,
                xrel: 0,
                h0: start.upper,
                t0: 0,
                live: 1,
                g0: 1,
                cur: 0,
                ckey: Key::NONE,
                alt: NONE,
                bound: Key::NONE,
                hlen: 0,
            });
            let first = g.alloc_range(1, top);
            g.blocks[top as usize].first = first;
            g.tops.push(top);
            top
        }
    };
    {
        let stockman = g.stockman;
        let blk = &mut g.blocks[top as usize];
        blk.next = u32::from(!stockman);
        blk.xrel = if and_root { -1 } else { 0 };
        blk.cur = 0;
        blk.alt = NONE;
        blk.bound = Key::NONE;
        blk.hlen = 0;
    }
    let k = g.blocks[top as usize].first as usize;
    {
        let s = &mut g.slots[k];
        s.x = root.clone();
        s.cur = root.clone();
        s.r = 0;
        s.deep.clear();
        s.child = NONE;
        s.solved = false;
        if and_root {
            s.push(Link { digit: 0, width: 1 });
        }
    }
    let t = if g.stockman { g.stamp(false) } else { 0 };
    g.blocks[top as usize].ckey = Key { h: start.upper, t };
    g.live += 1;
    g.peak = g.peak.max(g.live);
    let xrel = if and_root { -1 } else { 0 };
    macro_rules! go {
        ($s:literal) => {{
            let mut run = Run::<T, F, $s> {
                tree,
                p,
                g,
                frontier,
                root_depth: start.depth,
                lower: start.lower,
                top,
                live: 1,
                at: top,
                k,
                xrel,
                best: NONE,
                best_h: start.upper,
            };
            let result = run.search(observer, first);
            if level == 0 && run.best != NONE {
                run.g.best = Some(run.best as usize);
            }
            if result.is_ok() {
                // What an early stop leaves below the root.
                let k = run.g.blocks[top as usize].first as usize;
                let c = run.g.slots[k].child;
                if c != NONE {
                    run.g.free_subtree(c);
                    run.g.slots[k].child = NONE;
                }
                run.g.live -= run.live;
            }
            run.g.level -= 1;
            result
        }};
    }
    if g.stockman { go!(true) } else { go!(false) }
}

/// A frontier evaluator for searches without a horizon.
pub(crate) fn no_frontier<O, N>(
    _: &mut O,
    _: &N,
    _: usize,
    _: Value,
) -> Result<Value, BestFirstError> {
    unreachable!("no horizon, no frontier")
}

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

impl<T, F, const S: bool> Run<'_, T, F, S>
where
    T: Tree + ?Sized,
    F: FnMut(&mut Gamma<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    /// The search's states in OPEN's order (front first), for traces.
    pub(super) fn front_first(&self) -> Vec<Entry<T::Node>> {
        let mut out = Vec::new();
        self.collect(self.top, &Dewey::root(), &mut out);
        if self.stockman() {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then(a.1.cmp(&b.1)));
        } else {
            out.sort_by(|a, b| b.0.h.cmp(&a.0.h).then_with(|| a.0.dewey.cmp(&b.0.dewey)));
        }
        out.into_iter().map(|(e, _)| e).collect()
    }

    pub(super) fn collect(&self, b: u32, dewey: &Dewey, out: &mut Vec<(Entry<T::Node>, i64)>) {
        let blk = &self.g.blocks[b as usize];
        let top = b == self.top;
        for a in 0..blk.w {
            // The top block's slot is the root (below a virtual link for an
            // AND root).
            let mut d = if top {
                dewey.clone()
            } else {
                dewey.child(a as usize)
            };
            if self.untouched(b, a) {
                let k = self.slot_key(b, a);
                let node = self.tree.child(&blk.node, a as usize);
                out.push((
                    Entry {
                        node,
                        dewey: d,
                        status: Status::Live,
                        h: k.h,
                    },
                    k.t,
                ));
                continue;
            }
            let s = &self.g.slots[self.idx(b, a)];
            let skip = u32::from(top && blk.xrel < 0);
            for j in skip..s.r {
                d.push(usize::from(s.link(j).digit));
            }
            if s.child != NONE {
                self.collect(s.child, &d, out);
                continue;
            }
            let k = self.slot_key(b, a);
            out.push((
                Entry {
                    node: s.node().clone(),
                    dewey: d,
                    status: if s.solved {
                        Status::Solved
                    } else {
                        Status::Live
                    },
                    h: k.h,
                },
                k.t,
            ));
        }
    }
}

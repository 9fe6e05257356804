//! `MemSSS(p)` (Bhattacharya & Bagchi 1996, §3) over one OPEN array of
//! regions: the entries with their LIVE, SOLVED and INACTIVE states, the
//! expansion that hands out a node's memory, the activation of the
//! smallest INACTIVE node, and the driver that calls the root until it is
//! SOLVED. The [module docs](super) give the memory rule and why the
//! budget holds.

use tree_core::{Dewey, Tree, Value};

use super::events::{Activation, MemEvent, MemEvents};
use crate::blocks::{
    Limits, NONE, Slot, evaluate, impl_slot, last_level, leftmost_highest, refill, reselect,
    terminals, write_son,
};
use crate::dual_view::dual_root_move;
use crate::error::BestFirstError;
use crate::open::{Memory, Open, Outcome};
use crate::shape::{MAX_ENTRIES, MemShape, Sums};
use crate::tally::{Tally, children, leaf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Live,
    Solved,
    Inactive,
}

/// One OPEN entry of MemSSS\*.
#[derive(Debug, Clone)]
pub(super) struct MemEntry<N> {
    /// The MAX grandson (or terminal MIN son) this entry stands for.
    node: N,
    /// Its MIN father (a grandson entry's; unused otherwise).
    father: N,
    h: Value,
    /// This node's region: where it starts and how many entries.
    off: u32,
    mem: u32,
    /// Position of the block's owner: the grandfather (the father for a
    /// terminal son); `NONE` for the root.
    owner: u32,
    /// Entries held below this node now (for the occupancy count).
    held: u32,
    /// Blocks below this node, its own included, that still have INACTIVE
    /// entries: where an activation can come from.
    groups: u32,
    /// Sons of this node (its block's size), once expanded.
    width: u16,
    /// Children of the MIN father (for a grandson entry).
    father_width: u16,
    /// Which child of its MIN father this grandson is (0-based).
    index: u16,
    /// Once expanded, the slot of its block holding the leftmost highest h
    /// among the active entries.
    best: u16,
    /// The slot of this node's block that holds the donor region.
    donor: u16,
    /// The first INACTIVE slot of this node's block (its width if none):
    /// the INACTIVE entries of a block are its rightmost slots.
    inactive: u16,
    state: State,
    /// A terminal MIN son stored in its father's block.
    terminal_son: bool,
    expanded: bool,
}

impl_slot!(MemEntry, |e| e.state = State::Solved);

const NO_SLOT: u16 = u16::MAX;

struct Mem<'a, 'e, T: Tree + ?Sized, K: Tally> {
    tree: &'a T,
    /// What the search asked of the tree (`()`: nothing counted).
    tally: K,
    shape: MemShape,
    limits: Limits,
    open: Open<MemEntry<T::Node>>,
    /// maxmem by ⌈(d − t)/2⌉, looked up rather than recomputed.
    maxmem: Sums,
    /// Blocks with INACTIVE entries anywhere (0: nothing to activate).
    groups: usize,
    occupied: usize,
    peak: usize,
    events: Option<&'e mut MemEvents>,
    /// The root's best move when its sons were searched as a last level.
    root_best: Option<usize>,
}

impl<T: Tree + ?Sized, K: Tally> Mem<'_, '_, T, K> {
    #[inline]
    fn entry(&self, i: usize) -> &MemEntry<T::Node> {
        &self.open.entries()[i]
    }

    #[inline]
    fn entry_mut(&mut self, i: usize) -> &mut MemEntry<T::Node> {
        &mut self.open.entries_mut()[i]
    }

    /// The Dewey code, as the caller's tree numbers it, of the node at
    /// `pos`, read off the owner links (for the events only).
    fn public(&self, mut pos: usize) -> Dewey {
        let mut digits: Vec<u16> = Vec::new();
        while pos != 0 {
            let e = self.entry(pos);
            let owner = e.owner as usize;
            if !e.terminal_son {
                digits.push(e.index);
            }
            digits.push((pos - self.entry(owner).off as usize) as u16);
            pos = owner;
        }
        digits.reverse();
        Dewey::from_digits(&digits[self.limits.shift.min(digits.len())..])
    }

    /// A terminal: SOLVED with min(h, v).
    fn evaluate(&mut self, pp: usize) -> Result<(), BestFirstError> {
        let e = &mut self.open.entries_mut()[pp];
        evaluate(self.tree, &mut self.tally, e)
    }

    /// `MemSSS(p)` for the entry at `pp`, a node at depth `t` (not a
    /// terminal son).
    fn search(&mut self, pp: usize, t: usize) -> Result<(), BestFirstError> {
        let e = &self.open.entries()[pp];
        if e.expanded {
            return self.refine(pp, t);
        }
        let w = children(self.tree, &mut self.tally, &e.node);
        self.open_node(pp, t, w)
    }

    /// `MemSSS(p)` for the unexpanded entry at `pp` (depth `t`) with `w`
    /// children: evaluate it, search its terminal sons in place (the
    /// odd-depth variant, or sons at the tree's depth), or expand it and
    /// search its block.
    fn open_node(&mut self, pp: usize, t: usize, w: usize) -> Result<(), BestFirstError> {
        if w == 0 {
            return self.evaluate(pp);
        }
        if t >= self.limits.depth {
            return Err(self.limits.error(t, "has children"));
        }
        let (h, off) = (self.entry(pp).h, self.entry(pp).off as usize);
        let h = if t >= self.shape.leaf_level() {
            let node = &self.open.entries()[pp].node;
            let (tree, k, limits) = (self.tree, &mut self.tally, &self.limits);
            if pp == 0 {
                let (h, best) = limits.leaf_search_at::<_, _, true>(tree, k, node, h, t, w)?;
                self.root_best = Some(best);
                h
            } else {
                limits
                    .leaf_search_at::<_, _, false>(tree, k, node, h, t, w)?
                    .0
            }
        } else if t + 1 == self.limits.depth {
            // Terminal sons need no memory and none is INACTIVE: the block
            // of RecSSS*'s last level, searched and released at once.
            let node = self.entry(pp).node.clone();
            let region = &mut self.open.entries_mut()[off..];
            let (tree, k, limits) = (self.tree, &mut self.tally, &self.limits);
            let h = if pp == 0 {
                let (h, best) =
                    last_level::<_, _, _, true>(tree, k, limits, &node, (t, w), h, region)?;
                self.root_best = Some(best);
                h
            } else {
                last_level::<_, _, _, false>(tree, k, limits, &node, (t, w), h, region)?.0
            };
            self.peak = self.peak.max(self.occupied + w);
            h
        } else {
            self.expand(pp, t, w)?;
            return self.refine(pp, t);
        };
        let e = self.entry_mut(pp);
        e.solve(h);
        e.expanded = true;
        Ok(())
    }

    /// Writes p's block and hands out p's memory (Bhattacharya & Bagchi 1996, §3).
    fn expand(&mut self, pp: usize, t: usize, w: usize) -> Result<(), BestFirstError> {
        self.limits.check_block(t, w)?;
        let node = self.entry(pp).node.clone();
        let (h, off, mem) = {
            let e = self.entry(pp);
            (e.h, e.off as usize, e.mem as usize)
        };
        debug_assert!(mem >= w, "Claim 2: a block fits its owner's region");
        let need = self.shape.minmem(t + 2);
        let most = self.maxmem[self.shape.levels(t + 2)];
        let mut m = mem - w;
        let mut next = off + w;
        let mut inactive = w;
        let mut donor = NO_SLOT;
        let (tree, limits, k) = (self.tree, &self.limits, &mut self.tally);
        let block = &mut self.open.entries_mut()[off..off + w];
        for (i, e) in block.iter_mut().enumerate() {
            if !write_son(tree, k, limits, &node, t, i, e)? {
                if inactive == w && m >= need {
                    let a = m.min(most);
                    e.off = next as u32;
                    e.mem = a as u32;
                    next += a;
                    m -= a;
                    if donor == NO_SLOT {
                        donor = i as u16;
                    }
                    // Less than maxmem: there may be INACTIVE nodes below
                    // this slot, so everything to its right is INACTIVE
                    // too (Bhattacharya & Bagchi 1996, §3), terminal sons included.
                    if a < most {
                        inactive = i + 1;
                    }
                } else if inactive == w {
                    inactive = i;
                }
            }
            e.h = h;
            e.held = 0;
            e.groups = 0;
            e.expanded = false;
            e.owner = pp as u32;
            e.state = if i < inactive {
                State::Live
            } else {
                State::Inactive
            };
        }
        if inactive < w && self.events.is_some() {
            for i in inactive..w {
                let d = self.public(off + i);
                if let Some(ev) = self.events.as_deref_mut() {
                    ev.log.push(MemEvent::Inactivated(d));
                }
            }
        }
        debug_assert!(next <= off + mem, "Claim 1: grants stay in the region");
        let e = &mut self.open.entries_mut()[pp];
        e.expanded = true;
        e.width = w as u16;
        e.donor = donor;
        e.inactive = inactive as u16;
        e.best = 0;
        e.held += w as u32;
        if inactive < w {
            e.groups += 1;
            self.groups += 1;
        }
        self.occupied += w;
        self.peak = self.peak.max(self.occupied);
        Ok(())
    }

    /// Releases everything below `q`, which has just become SOLVED (or been
    /// frozen): its entries stop counting, and so do the blocks with
    /// INACTIVE entries below it — no activation can reach into a SOLVED
    /// node, whose region may now be rewritten by its successor in the slot.
    /// Returns what was released, for q's ancestors to subtract.
    fn release(&mut self, q: usize) -> (u32, u32) {
        let e = self.entry_mut(q);
        let freed = (std::mem::take(&mut e.held), std::mem::take(&mut e.groups));
        self.occupied -= freed.0 as usize;
        self.groups -= freed.1 as usize;
        freed
    }

    /// The lexicographically smallest INACTIVE descendant of `q` with
    /// h > `alpha`: a depth-first walk of the blocks below q that still have
    /// INACTIVE entries, in left-to-right order. In a block the INACTIVE
    /// entries are the rightmost slots and share one h (their owner's when
    /// it was expanded), so the first of them is the block's candidate,
    /// after the active slots to its left and their subtrees.
    fn smallest_inactive(&self, q: usize, alpha: Value) -> Option<usize> {
        let e = self.entry(q);
        if e.groups == 0 {
            return None;
        }
        let (off, first, w) = (
            e.off as usize,
            usize::from(e.inactive),
            usize::from(e.width),
        );
        for c in off..off + first {
            if self.entry(c).groups > 0
                && let Some(z) = self.smallest_inactive(c, alpha)
            {
                return Some(z);
            }
        }
        (first < w && self.entry(off + first).h > alpha).then_some(off + first)
    }

    /// Activates the INACTIVE node `z` for the SOLVED grandson `x` of `pp`.
    fn activate(&mut self, pp: usize, x: usize, z: usize) {
        let y = self.entry(z).owner as usize;
        let y_off = self.entry(y).off as usize;
        debug_assert_eq!(z, y_off + usize::from(self.entry(y).inactive));
        // What leaves y and the nodes above it up to p.
        let (mut held, mut groups) = (0, 0);
        let ye = self.entry_mut(y);
        ye.inactive += 1;
        if ye.inactive == ye.width {
            groups += 1;
            self.groups -= 1;
        }
        let mut donor = None;
        let mut froze = false;
        if !self.entry(z).terminal_son {
            let slot = self.entry(y).donor;
            debug_assert_ne!(slot, NO_SLOT, "Claim 2: the first grandson slot has memory");
            let holder = y_off + usize::from(slot);
            debug_assert!(holder < z, "activations in a block go left to right");
            if self.entry(holder).state == State::Live {
                // Frozen: its MIN father cannot change p's value (Claim 3).
                self.entry_mut(holder).state = State::Solved;
                let (h, g) = self.release(holder);
                held += h;
                groups += g;
                froze = true;
            }
            let (off, mem) = (self.entry(holder).off, self.entry(holder).mem);
            let ze = self.entry_mut(z);
            ze.off = off;
            ze.mem = mem;
            self.entry_mut(y).donor = (z - y_off) as u16;
            donor = Some(holder);
        }
        self.entry_mut(z).state = State::Live;
        if self.events.is_some() {
            let a = Activation {
                node: self.public(z),
                solved: self.public(x),
                at: self.public(pp),
                donor: donor.map(|d| self.public(d)),
                froze,
            };
            if let Some(ev) = self.events.as_deref_mut() {
                ev.log.push(MemEvent::Activated(a));
            }
        }
        // h(q) := h(z) for every node on the path from p to z, by the
        // grandfather links; the raised node is the leftmost highest of its
        // block (what lies left of it is bounded by α < h(z), what lies
        // right of it is INACTIVE).
        let hz = self.entry(z).h;
        let (mut q, mut raised) = (y, z);
        loop {
            let e = self.entry_mut(q);
            e.h = hz;
            e.held -= held;
            e.groups -= groups;
            e.best = (raised - e.off as usize) as u16;
            debug_assert_eq!(usize::from(e.best), {
                let (off, first) = (e.off as usize, usize::from(e.inactive));
                leftmost_highest(&self.open.entries()[off..off + first])
            });
            if q == pp {
                break;
            }
            raised = q;
            q = self.entry(q).owner as usize;
        }
    }

    /// `MemSSS(p)` for the expanded entry at `pp` (depth `t`): the loop over
    /// its block's active entries, then the activation of an INACTIVE node
    /// or the solution of p.
    fn refine(&mut self, pp: usize, t: usize) -> Result<(), BestFirstError> {
        let e = self.entry(pp);
        let (off, w) = (e.off as usize, usize::from(e.inactive));
        let top = e.h;
        let mut x = off + usize::from(e.best);
        debug_assert_eq!(
            x,
            off + leftmost_highest(&self.open.entries()[off..off + w]),
            "Claim 2: a block's first grandson is never INACTIVE"
        );
        // What the searches below change in p's counts, added at the end.
        let (mut held, mut groups) = (0i64, 0i64);
        loop {
            let xe = &self.open.entries()[x];
            if xe.state != State::Live || xe.h != top {
                break;
            }
            if xe.terminal_son {
                let v = leaf(self.tree, &mut self.tally, &xe.node)?;
                let e = &mut self.open.entries_mut()[x];
                e.solve(e.h.min(v));
            } else {
                let before = (i64::from(xe.held), i64::from(xe.groups));
                if xe.expanded {
                    self.refine(x, t + 2)?;
                } else {
                    let k = &mut self.tally;
                    let w = match children(self.tree, k, &xe.node) {
                        0 => terminals(self.tree, k, &mut self.open.entries_mut()[x], top)?,
                        w => w,
                    };
                    if w != 0 {
                        self.open_node(x, t + 2, w)?;
                    }
                }
                let xe = &self.open.entries()[x];
                held += i64::from(xe.held) - before.0;
                groups += i64::from(xe.groups) - before.1;
                self.next_brother(x);
            }
            // Below top: the next leftmost highest. Above it (an activation
            // below x raised it): x is the highest, and the loop ends.
            if self.open.entries()[x].h < top {
                x = off + reselect(&self.open.entries()[off..off + w], x - off, top);
            }
        }
        let xe = &self.open.entries()[x];
        let (alpha, state) = (xe.h, xe.state);
        let e = &mut self.open.entries_mut()[pp];
        e.best = (x - off) as u16;
        e.held = (i64::from(e.held) + held) as u32;
        e.groups = (i64::from(e.groups) + groups) as u32;
        if state == State::Live {
            e.h = alpha;
            return Ok(());
        }
        match self.smallest_inactive(pp, alpha) {
            None => {
                self.entry_mut(pp).solve(alpha);
                self.release(pp);
            }
            Some(z) => self.activate(pp, x, z),
        }
        Ok(())
    }

    /// A SOLVED grandson with a right brother gives way to it, in the same
    /// slot with the same region (Bhattacharya & Bagchi 1996, §3 (iii)).
    #[inline]
    fn next_brother(&mut self, x: usize) {
        let xe = self.entry(x);
        if xe.state != State::Solved || xe.terminal_son {
            return;
        }
        let j = xe.index + 1;
        if j >= xe.father_width {
            return;
        }
        let node = self.tree.child(&xe.father, usize::from(j));
        let e = self.entry_mut(x);
        debug_assert_eq!((e.held, e.groups), (0, 0));
        e.node = node;
        e.index = j;
        e.state = State::Live;
        e.expanded = false;
    }
}

/// The OPEN to allocate for a budget of `memory` entries: at least the
/// minimum, at most the maximum (`None`: the maximum).
fn budget(
    algorithm: &'static str,
    shape: MemShape,
    memory: Option<usize>,
) -> Result<usize, BestFirstError> {
    let minimum = shape.minimum();
    match memory {
        Some(m) if m < minimum => Err(BestFirstError::BudgetTooSmall {
            algorithm,
            given: m,
            minimum,
        }),
        Some(m) => match shape.maximum() {
            Some(max) if max <= m => Ok(max),
            _ if m <= MAX_ENTRIES => Ok(m),
            _ => Err(BestFirstError::TooLarge { algorithm }),
        },
        None => shape.maximum_checked(algorithm),
    }
}

/// MemSSS\* (`limits.shift` 0) or MemDual\* on the dual view
/// (`limits.shift` 1), sized by `shape`, within `memory` entries, on the
/// array `open` (given back, whatever the result).
///
/// Also what it asked of the tree, in a `K` (`()`: nothing counted).
pub(super) fn run<T: Tree + ?Sized, K: Tally + Default>(
    tree: &T,
    shape: MemShape,
    limits: Limits,
    memory: Option<usize>,
    algorithm: &'static str,
    events: Option<&mut MemEvents>,
    open: &mut Open<MemEntry<T::Node>>,
) -> (Result<Outcome, BestFirstError>, K) {
    let shift = limits.shift;
    let capacity = match budget(algorithm, shape, memory) {
        Ok(c) => c,
        Err(e) => return (Err(e), K::default()),
    };
    let root = tree.root();
    let root = MemEntry {
        node: root.clone(),
        father: root,
        h: Value::INF,
        off: 1,
        mem: (capacity - 1) as u32,
        owner: NONE,
        held: 0,
        groups: 0,
        width: 0,
        father_width: 0,
        index: 0,
        best: 0,
        donor: NO_SLOT,
        inactive: 0,
        state: State::Live,
        terminal_son: false,
        expanded: false,
    };
    let mut mem = Mem {
        tree,
        tally: K::default(),
        shape,
        limits,
        open: std::mem::replace(open, Open::with_capacity(0)),
        maxmem: shape.maxmem_table(),
        groups: 0,
        occupied: 1,
        peak: 1,
        events,
        root_best: None,
    };
    let result = refill(&mut mem.open, algorithm, capacity, &root)
        .and_then(|()| search_root(&mut mem, shape, shift, capacity));
    *open = mem.open;
    (result, mem.tally)
}

/// The search proper, on a filled OPEN of `capacity` entries.
fn search_root<T: Tree + ?Sized, K: Tally>(
    mem: &mut Mem<'_, '_, T, K>,
    shape: MemShape,
    shift: usize,
    capacity: usize,
) -> Result<Outcome, BestFirstError> {
    // As in RecSSS*'s run: under the dual view, entry 1 is the real root's
    // current son. Below the maximum, an activation can raise its merit
    // again, and the child below which it last fell is no longer known to
    // be exact: no move is reported then.
    let dual = shift == 1 && mem.open.len() > 1 && shape.maximum() == Some(capacity);
    let mut best = None;
    while mem.entry(0).state != State::Solved {
        let before = dual.then(|| mem.entry(1).h);
        mem.search(0, 0)?;
        if let Some(h) = before {
            let e = mem.entry(1);
            best = dual_root_move(
                h,
                e.h,
                e.state == State::Solved,
                e.expanded,
                e.index,
                e.terminal_son,
                best,
            );
        }
    }
    let root = mem.entry(0);
    if shift == 0 {
        best = mem
            .root_best
            .or(root.expanded.then_some(usize::from(root.best)));
    }
    Ok(Outcome::new(
        root.h,
        best,
        Memory {
            capacity,
            peak: mem.peak,
            entry_bytes: Open::<MemEntry<T::Node>>::entry_bytes(),
        },
    ))
}

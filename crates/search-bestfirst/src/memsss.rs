//! MemSSS\*(M) and MemDual\*(M) (Bhattacharya & Bagchi 1996,
//! *Searching Game Trees Under Memory Constraints*, §3, §4): RecSSS\* that
//! uses exactly the memory it is given.
//!
//! # The memory functions
//!
//! For a tree of maximum branching b and depth d, a MAX node at depth t
//! needs, below itself (its own entry not counted, Bhattacharya & Bagchi 1996, §3),
//!
//! ```text
//! minmem(t) = b·⌈(d−t)/2⌉                         to run MemSSS* at all,
//! maxmem(t) = b + b² + … + b^⌈(d−t)/2⌉            to run RecSSS* (= (b^(⌈(d−t)/2⌉+1) − 1)/(b − 1) − 1),
//! ```
//!
//! with the limit ⌈(d−t)/2⌉ for b = 1. The root takes one entry and is given
//! M − 1, so M ranges from 1 + minmem(0) (7 for (2,6)) to 1 + maxmem(0) (15
//! for (2,6)). [`MemShape`] computes them for any [`Bounds`]: a non-uniform
//! tree is treated as embedded in the uniform tree of its maximum
//! branching and depth, which is an upper bound on what any of its
//! subtrees needs (a block never has more than b entries, a subtree never
//! more levels). With the odd-depth variant ([`MemConfig::odd_depth_leaf_search`])
//! and odd d, the lowest MAX level stores nothing, so d is replaced by d − 1
//! in both functions: this is what the memory column of Bhattacharya & Bagchi 1996,
//! Table 1 shows
//! ((6,9): 25 … 1,555; (10,7): 31 … 1,111). A budget below the minimum is
//! [`BestFirstError::BudgetTooSmall`]; one above the maximum behaves as the
//! maximum, and only the maximum is allocated.
//!
//! # OPEN
//!
//! One array of min(M, maximum) entries, allocated before the search, laid
//! out in *regions* as in RecSSS\* (see the [`recsss` module](mod@crate::recsss)): the root
//! at position 0 owns positions 1 .. M; a non-terminal MAX node p with a
//! region of mem(p) entries at `off` writes its block (one entry per son:
//! the son if terminal, else the son's current child) at `off ..
//! off + w`, and hands the remaining mem(p) − w entries to its grandson
//! slots left to right: slot i gets min(m, maxmem(t)) of the m still
//! unallocated if m ≥ minmem(t) (t = the grandsons' depth), else it and
//! every slot to its right become INACTIVE with no memory; a slot given
//! less than maxmem(t) (so possibly with INACTIVE nodes below) also makes
//! every slot to its right INACTIVE (Bhattacharya & Bagchi 1996, §3). A terminal son needs no
//! memory; it is INACTIVE exactly when a slot to its left forces it. So
//! when a block is written its INACTIVE entries are its rightmost slots and
//! nothing to their right is active — the reason MemSSS\* never examines a
//! terminal that alpha-beta prunes (Bhattacharya & Bagchi 1996, §3, last paragraph; without
//! the second rule a terminal son right of a half-funded slot is examined
//! too early). In a uniform tree terminal sons sit only on the lowest
//! level and the rules are the paper's.
//!
//! An entry holds the node, its MIN father's node and number of children,
//! its index j under that father, h, status (LIVE, SOLVED, INACTIVE),
//! expanded, its region, the position of the block's owner (the grandfather
//! back-link, used to raise h along the path on activation), which slot of
//! its own block currently holds the block's *donor region*, where that
//! block's INACTIVE suffix starts, which of its slots is the leftmost
//! highest active one, and two counts for its subtree: entries held (for
//! the peak) and blocks that still have INACTIVE entries. No Dewey code is
//! stored: the events ([`memsss_with_events`]) read one off the owner links
//! when they are recorded.
//!
//! # The procedure
//!
//! `MemSSS(p)` is the pseudo-code of Bhattacharya & Bagchi 1996, §3: evaluate a terminal;
//! expand p once as above; while the best active entry x of p's block (the
//! highest h among LIVE and SOLVED entries, leftmost on ties) is LIVE with
//! h(x) = h(p), call `MemSSS(x)` and let a SOLVED x give way to its right
//! brother (same slot, same region). Then if x is LIVE, h(p) := h(x); if x is
//! SOLVED with α = h(x), look for the lexicographically smallest INACTIVE
//! descendant z of p with h(z) > α: if there is none, p is SOLVED with α;
//! otherwise z becomes LIVE, receives memory, and every node on the path
//! from p to z (found through the grandfather links) gets h(z).
//!
//! The paper keeps a list of inactive nodes sorted on depth. Depth order
//! is not lexicographic order once activations have happened (an old,
//! shallow inactive node on the left can coexist with a deep one on the
//! right), so this implementation keeps no list: the INACTIVE entries of a
//! block are a suffix of it (the rules above make them so, and activations
//! in a block go left to right, Claim 3), all with one h, so the block's
//! candidate is the first of them; and every entry counts the blocks below
//! it that still have such a suffix. The smallest candidate below p is then
//! found by a walk in left-to-right order that enters only subtrees with a
//! non-zero count — nothing at all when M is the maximum. When a node
//! becomes SOLVED its counts are released: no activation reaches into it.
//!
//! The best active entry of a block is kept as a cursor, as in RecSSS\*
//! (see the `blocks` module): an activation raises h along its path, and
//! each raised node becomes the leftmost highest of its block (what lies
//! left of it is bounded by α < h(z), what lies right of it is INACTIVE).
//!
//! # The memory of an activated node
//!
//! The paper is ambiguous: its pseudo-code says `mem(z) := mem(x)` (the
//! memory of the solved grandson x of p), its text "the memory that is
//! currently allocated to the leftmost grandson y.1.k of y", z = y.i.j.
//! **This implementation follows the text**: z receives the region that was
//! allocated to the first grandson slot of its grandfather y (the first
//! slot whose son is not terminal: in a uniform tree, y.1.k), the largest
//! region of y's block. That region is y's *donor region*; the node holding
//! it (y.1.k, or the node of y's block activated last) is *frozen* — made
//! SOLVED with its h if it is LIVE, its INACTIVE descendants dropped from
//! the list — and z becomes its holder.
//!
//! The code's reading gives the same memory twice: x stays SOLVED in p's
//! block and may be selected SOLVED again, and if the smallest candidate
//! then lies inside the subtree of the node z that received mem(x) the
//! first time, mem(x) is still in use by z's subtree — by the candidate's
//! own ancestors — and nothing else is free. The text's reading keeps every
//! region inside its grandfather's.
//!
//! # Why the budget holds
//!
//! *Claim 1: every entry lies below M.* The root's region is 1 .. C with
//! C = min(M, maximum) the array's length. A node with a region of m
//! entries writes its block of w ≤ b ≤ m entries at its start (m ≥ minmem(t)
//! ≥ b, Claim 2) and grants its slots disjoint parts of the other m − w; an
//! activated z receives a region that was granted to a slot of its own
//! grandfather's block. So every region lies inside its grandfather's and
//! every position is below C ≤ M: OPEN, a fixed array, cannot grow, and the
//! peak reported (the most entries holding reachable nodes at once) is at
//! most M.
//!
//! *Claim 2: every region is big enough.* The root gets C − 1 ≥ minmem(0);
//! a slot gets a region only if the remainder m ≥ minmem; and the first
//! non-terminal slot of a block always gets one, since then m = mem(p) − w ≥
//! b·⌈(d−t)/2⌉ − b = minmem(t + 2). A donor region was granted to a slot at
//! the same depth as z, so it is at least minmem(depth z). Hence a block
//! always fits its owner's region and INACTIVE nodes are never the first
//! grandson of a block.
//!
//! *Claim 3: no entry still needed is overwritten.* Slots of one block have
//! disjoint regions except the donor region, which passes from the first
//! slot to z₁, z₂, … of the same block. Activations within a block go
//! strictly left to right: all of a block's INACTIVE entries carry the same
//! h (h(y) when y was expanded), so the smallest is always chosen first.
//! Hence the holder to be frozen lies to the left of z. When z is activated
//! at p, every entry below p to the left of z is bounded by α: active ones
//! because x is the best active grandson of p and a node's h is the best of
//! its block whenever the node is not on the call stack; inactive ones
//! because z is the smallest with h > α. Since x is SOLVED, p's value is at
//! least α, so the holder's MIN father, whose value is at most α, cannot
//! change p's value: replacing values ≤ α by other values ≤ α anywhere below
//! p leaves max(α, ·) at p unchanged (min and max commute with that
//! clamp). The holder is therefore frozen (SOLVED with its h, ≤ α). No
//! entry below a SOLVED one is ever read again: the procedure only descends
//! into LIVE entries, and whenever a node becomes SOLVED (solved or frozen)
//! the INACTIVE entries below it stop counting (its count of blocks with
//! INACTIVE entries is released from its ancestors), so no activation can
//! reach into it. Its region can therefore be rewritten — by z, or by the
//! right brother that takes a solved node's slot. (Missing that purge is
//! not harmless: a narrower brother leaves some of the old block in place,
//! and an INACTIVE son of the solved node would later be activated.)
//!
//! The tests check the three claims' consequences — value = minimax and
//! peak ≤ M — for every M from the minimum to the maximum on thousands of
//! uniform and non-uniform trees, and that MemSSS\* never evaluates a
//! terminal that alpha-beta prunes.
//!
//! # MemDual\*
//!
//! The same construction over RecDual\*: MemSSS\* on T's leaves negated
//! under a virtual MAX root whose only son is T's root (see
//! [`recdual`](fn@crate::recdual)). The virtual root's block has one entry, so
//! M runs from 2 + b·⌈(d−1)/2⌉ to 2 + b + … + b^⌈(d−1)/2⌉
//! ([`memdual_minimum`], [`memdual_maximum`]); the odd-depth variant
//! applies when the dual tree's depth d + 1 is odd, i.e. for even d — the
//! case Bhattacharya & Bagchi 1996, §4 expects MemDual\* to win.

use tree_core::{Bounds, Dewey, MAX_DEPTH, Tree, Value};

use crate::blocks::{
    Bounded, Limits, NONE, Slot, check_bounds, filled, last_level, leftmost_highest, reselect,
    terminal, terminals,
};
use crate::recsss::{DualView, undo_negation};
use crate::{BestFirstError, Memory, Open, Outcome};

/// The memory functions of MemSSS\* and MemDual\* for one tree shape (see
/// the [module docs](self)): the minmem and maxmem of Bhattacharya & Bagchi 1996, §3, with d lowered
/// to d − 1 on odd depths when the lowest level is searched in place.
///
/// ```
/// use search_bestfirst::MemShape;
/// use tree_core::Bounds;
/// let s = MemShape::sss(Bounds::uniform(2, 6), true);
/// assert_eq!((s.minmem(2), s.maxmem(2)), (4, Some(6)));
/// assert_eq!((s.minimum(), s.maximum()), (7, Some(15)));
/// // Bhattacharya & Bagchi 1996, Table 1, (6,9): odd depth, terminals kept out of OPEN.
/// let s = MemShape::sss(Bounds::uniform(6, 9), true);
/// assert_eq!((s.minimum(), s.maximum()), (25, Some(1_555)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MemShape {
    b: usize,
    depth: usize,
    leaf_level: usize,
    root_width: usize,
}

impl MemShape {
    /// The shape MemSSS\* and RecSSS\* size their OPEN from: b and d from
    /// `bounds` (b at least 1), the lowest MAX level searched in place on odd
    /// d if `odd_depth_leaf_search`.
    pub fn sss(bounds: Bounds, odd_depth_leaf_search: bool) -> MemShape {
        let b = bounds.branching.max(1);
        MemShape::new(b, bounds.depth, odd_depth_leaf_search, b)
    }

    /// The shape MemDual\* and RecDual\* size their OPEN from: the dual tree
    /// of depth d + 1 under a virtual root with one son; the lowest MIN
    /// level is searched in place on even d if `odd_depth_leaf_search`.
    pub fn dual(bounds: Bounds, odd_depth_leaf_search: bool) -> MemShape {
        let b = bounds.branching.max(1);
        MemShape::new(b, bounds.depth + 1, odd_depth_leaf_search, 1)
    }

    fn new(b: usize, depth: usize, leaf_search: bool, root_width: usize) -> MemShape {
        let leaf_level = if leaf_search && depth % 2 == 1 {
            depth - 1
        } else {
            depth
        };
        MemShape {
            b,
            depth,
            leaf_level,
            root_width,
        }
    }

    /// The branching degree b.
    pub fn branching(&self) -> usize {
        self.b
    }

    /// The depth of the searched tree (d + 1 for the dual's virtual root).
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The depth from which MAX nodes search their sons in place instead of
    /// storing blocks: d, or d − 1 with the odd-depth variant on odd d.
    pub fn leaf_level(&self) -> usize {
        self.leaf_level
    }

    /// ⌈(d − t)/2⌉: how many levels of blocks a MAX node at depth t stores.
    pub fn levels(&self, t: usize) -> usize {
        if t < self.leaf_level {
            (self.leaf_level - t).div_ceil(2)
        } else {
            0
        }
    }

    /// minmem(t) = b·⌈(d − t)/2⌉: the least memory below a MAX node at depth
    /// t with which MemSSS\* runs.
    pub fn minmem(&self, t: usize) -> usize {
        self.b.saturating_mul(self.levels(t))
    }

    /// maxmem(t) = b + b² + … + b^⌈(d−t)/2⌉: the memory below a MAX node at
    /// depth t with which MemSSS\* is RecSSS\*; `None` if it overflows.
    pub fn maxmem(&self, t: usize) -> Option<usize> {
        let mut sum: usize = 0;
        let mut power: usize = 1;
        for _ in 0..self.levels(t) {
            power = power.checked_mul(self.b)?;
            sum = sum.checked_add(power)?;
        }
        Some(sum)
    }

    pub(crate) fn maxmem_saturating(&self, t: usize) -> usize {
        self.maxmem(t).unwrap_or(usize::MAX)
    }

    /// The least budget M: the root's entry, its block and minmem below the
    /// first grandson (1 + minmem(0) for MemSSS\*).
    pub fn minimum(&self) -> usize {
        if self.leaf_level == 0 {
            1
        } else {
            1usize
                .saturating_add(self.root_width)
                .saturating_add(self.minmem(2))
        }
    }

    /// The budget at which MemSSS\* is RecSSS\* (1 + maxmem(0) for
    /// MemSSS\*), the size of RecSSS\*'s OPEN; `None` if it overflows.
    pub fn maximum(&self) -> Option<usize> {
        if self.leaf_level == 0 {
            return Some(1);
        }
        let below = self.root_width.checked_mul(self.maxmem(2)?)?;
        1usize.checked_add(self.root_width)?.checked_add(below)
    }

    /// [`MemShape::maximum`], as an OPEN size that fits the positions.
    pub(crate) fn maximum_checked(&self, algorithm: &'static str) -> Result<usize, BestFirstError> {
        self.maximum()
            .filter(|&m| m <= NONE as usize)
            .ok_or(BestFirstError::TooLarge { algorithm })
    }
}

/// How a MemSSS\* or MemDual\* search is configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemConfig {
    /// The budget M in OPEN entries; `None` = the maximum (RecSSS\*'s size).
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
    /// Bhattacharya & Bagchi 1996, §4: when the sons of the lowest MAX level are the terminals
    /// (odd d; for MemDual\*, the lowest MIN level and even d), search them
    /// in place, alpha-beta-like, instead of storing them in OPEN. On by
    /// default, as in the paper's experiments; it changes the memory
    /// functions (d becomes d − 1), never the terminals evaluated.
    pub odd_depth_leaf_search: bool,
}

impl Default for MemConfig {
    fn default() -> MemConfig {
        MemConfig {
            memory: None,
            shape: None,
            odd_depth_leaf_search: true,
        }
    }
}

impl MemConfig {
    /// The default configuration with budget `m`.
    pub fn with_memory(m: usize) -> MemConfig {
        MemConfig {
            memory: Some(m),
            ..MemConfig::default()
        }
    }
}

/// What MemSSS\* did with its INACTIVE nodes (from [`memsss_with_events`]),
/// in the order it happened.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MemEvents {
    /// Every inactivation and activation, in order.
    pub log: Vec<MemEvent>,
}

/// One entry of the [`MemEvents`] log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MemEvent {
    /// A node was made INACTIVE when its grandfather (its father, for a
    /// terminal son) was expanded.
    Inactivated(Dewey),
    /// An INACTIVE node was made LIVE.
    Activated(Activation),
}

impl MemEvents {
    /// Every node made INACTIVE, in order.
    pub fn inactivated(&self) -> Vec<Dewey> {
        self.log
            .iter()
            .filter_map(|e| match e {
                MemEvent::Inactivated(d) => Some(d.clone()),
                MemEvent::Activated(_) => None,
            })
            .collect()
    }

    /// Every activation, in order.
    pub fn activations(&self) -> Vec<Activation> {
        self.log
            .iter()
            .filter_map(|e| match e {
                MemEvent::Activated(a) => Some(a.clone()),
                MemEvent::Inactivated(_) => None,
            })
            .collect()
    }

    /// The nodes made INACTIVE and not (yet) activated just before the
    /// `k`-th activation (0-based), in the order they became INACTIVE.
    /// Nodes dropped with a solved or frozen subtree are still listed.
    pub fn inactive_before(&self, k: usize) -> Vec<Dewey> {
        let mut inactive: Vec<Dewey> = Vec::new();
        let mut seen = 0;
        for e in &self.log {
            match e {
                MemEvent::Inactivated(d) => inactive.push(d.clone()),
                MemEvent::Activated(a) => {
                    if seen == k {
                        break;
                    }
                    seen += 1;
                    inactive.retain(|d| *d != a.node);
                }
            }
        }
        inactive
    }
}

/// One activation of an INACTIVE node.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Activation {
    /// The node made LIVE (z).
    pub node: Dewey,
    /// The grandson of `at` selected SOLVED, which caused it (x).
    pub solved: Dewey,
    /// The node whose `MemSSS` call activated z (p).
    pub at: Dewey,
    /// The node whose region z received; `None` for a terminal, which needs
    /// none.
    pub donor: Option<Dewey>,
    /// Whether the donor was LIVE and had to be frozen (made SOLVED).
    pub froze: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Live,
    Solved,
    Inactive,
}

/// One OPEN entry of MemSSS\*.
#[derive(Debug, Clone)]
struct MemEntry<N> {
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

impl<N> Bounded for MemEntry<N> {
    #[inline]
    fn h(&self) -> Value {
        self.h
    }
}

impl<N> Slot<N> for MemEntry<N> {
    #[inline]
    fn node(&self) -> &N {
        &self.node
    }
    #[inline]
    fn set_node(&mut self, node: N) {
        self.node = node;
    }
    #[inline]
    fn father(&self) -> &N {
        &self.father
    }
    #[inline]
    fn index(&self) -> u16 {
        self.index
    }
    #[inline]
    fn set_index(&mut self, j: u16) {
        self.index = j;
    }
    #[inline]
    fn father_width(&self) -> u16 {
        self.father_width
    }
    #[inline]
    fn solve(&mut self, h: Value) {
        self.h = h;
        self.state = State::Solved;
    }
}

const NO_SLOT: u16 = u16::MAX;

struct Mem<'a, 'e, T: Tree + ?Sized> {
    tree: &'a T,
    shape: MemShape,
    limits: Limits,
    open: Open<MemEntry<T::Node>>,
    /// maxmem by ⌈(d − t)/2⌉, looked up rather than recomputed.
    maxmem: [usize; MAX_DEPTH / 2 + 2],
    /// Blocks with INACTIVE entries anywhere (0: nothing to activate).
    groups: usize,
    occupied: usize,
    peak: usize,
    events: Option<&'e mut MemEvents>,
    /// The root's best move when its sons were searched as a last level.
    root_best: Option<usize>,
}

impl<T: Tree + ?Sized> Mem<'_, '_, T> {
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
        let v = terminal(self.tree, &self.entry(pp).node)?;
        let e = self.entry_mut(pp);
        e.solve(e.h.min(v));
        Ok(())
    }

    /// `MemSSS(p)` for the entry at `pp`, a node at depth `t` (not a
    /// terminal son).
    fn search(&mut self, pp: usize, t: usize) -> Result<(), BestFirstError> {
        let e = self.entry(pp);
        if e.expanded {
            return self.refine(pp, t);
        }
        let w = self.tree.num_children(&e.node);
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
            let node = &self.entry(pp).node;
            if pp == 0 {
                let (h, best) = self
                    .limits
                    .leaf_search_at::<_, true>(self.tree, node, h, t, w)?;
                self.root_best = Some(best);
                h
            } else {
                self.limits.leaf_search(self.tree, node, h, t, w)?
            }
        } else if t + 1 == self.limits.depth {
            // Terminal sons need no memory and none is INACTIVE: the block
            // of RecSSS*'s last level, searched and released at once.
            let node = self.entry(pp).node.clone();
            let region = &mut self.open.entries_mut()[off..];
            let h = if pp == 0 {
                let (h, best) =
                    last_level::<_, _, true>(self.tree, &self.limits, &node, t, w, h, region)?;
                self.root_best = Some(best);
                h
            } else {
                last_level::<_, _, false>(self.tree, &self.limits, &node, t, w, h, region)?.0
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
        let (tree, limits) = (self.tree, &self.limits);
        let block = &mut self.open.entries_mut()[off..off + w];
        for (i, e) in block.iter_mut().enumerate() {
            let son = tree.child(&node, i);
            let sw = tree.num_children(&son);
            if sw == 0 {
                e.node = son;
                e.terminal_son = true;
            } else {
                limits.check_son(t, sw)?;
                e.node = tree.child(&son, 0);
                e.father = son;
                e.terminal_son = false;
                e.father_width = sw as u16;
                e.index = 0;
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
                let v = terminal(self.tree, &xe.node)?;
                let e = &mut self.open.entries_mut()[x];
                e.solve(e.h.min(v));
            } else {
                let before = (i64::from(xe.held), i64::from(xe.groups));
                if xe.expanded {
                    self.refine(x, t + 2)?;
                } else {
                    let w = self.tree.num_children(&xe.node);
                    let w = if w == 0 {
                        terminals(self.tree, &mut self.open.entries_mut()[x], top)?
                    } else {
                        w
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
            _ if m <= NONE as usize => Ok(m),
            _ => Err(BestFirstError::TooLarge { algorithm }),
        },
        None => shape.maximum_checked(algorithm),
    }
}

fn run<T: Tree + ?Sized>(
    tree: &T,
    shape: MemShape,
    bounds: Bounds,
    shift: usize,
    memory: Option<usize>,
    algorithm: &'static str,
    events: Option<&mut MemEvents>,
) -> Result<Outcome, BestFirstError> {
    let capacity = budget(algorithm, shape, memory)?;
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
    let mut maxmem = [0usize; MAX_DEPTH / 2 + 2];
    let mut power = 1usize;
    for m in 1..maxmem.len() {
        power = power.saturating_mul(shape.branching());
        maxmem[m] = maxmem[m - 1].saturating_add(power);
    }
    let mut mem = Mem {
        tree,
        shape,
        limits: Limits::of_shape(bounds, shape, shift),
        open: filled(algorithm, capacity, &root)?,
        maxmem,
        groups: 0,
        occupied: 1,
        peak: 1,
        events,
        root_best: None,
    };
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
            best = crate::recsss::dual_root_move(
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

fn sss_run<T: Tree + ?Sized>(
    tree: &T,
    cfg: &MemConfig,
    events: Option<&mut MemEvents>,
) -> Result<Outcome, BestFirstError> {
    let algorithm = "MemSSS*";
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    check_bounds(bounds)?;
    let shape = MemShape::sss(bounds, cfg.odd_depth_leaf_search);
    run(tree, shape, bounds, 0, cfg.memory, algorithm, events)
}

fn dual_run<T: Tree + ?Sized>(
    tree: &T,
    cfg: &MemConfig,
    events: Option<&mut MemEvents>,
) -> Result<Outcome, BestFirstError> {
    let algorithm = "MemDual*";
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    check_bounds(bounds)?;
    let shape = MemShape::dual(bounds, cfg.odd_depth_leaf_search);
    let view = DualView { tree };
    let mut out =
        run(&view, shape, bounds, 1, cfg.memory, algorithm, events).map_err(undo_negation)?;
    out.value = -out.value;
    Ok(out)
}

/// MemSSS\*(M) (Bhattacharya & Bagchi 1996, §3 pseudo-code,
/// §4 odd-depth variant): RecSSS\* whose OPEN has exactly M entries, with
/// INACTIVE nodes where the memory runs out. M = `cfg.memory`, from
/// [`memsss_minimum`] (1 + minmem(0)) to [`memsss_maximum`] (1 + maxmem(0),
/// where it is [`recsss`](fn@crate::recsss)); `None` means the maximum. See the
/// [module docs](self) for the memory rule and why peak ≤ M.
///
/// ```
/// use search_bestfirst::{MemConfig, memsss, memsss_minimum};
/// use tree_core::{Bounds, GenSpec, Generator, minimax};
///
/// let tree = GenSpec::new(Generator::STRONG, 4, 6, 3, 0).build().unwrap();
/// let least = memsss_minimum(Bounds::uniform(4, 6), true).unwrap();
/// assert_eq!(least, 1 + 4 * 3);
/// for m in [least, 30, 85] {
///     let out = memsss(&tree, &MemConfig::with_memory(m)).unwrap();
///     assert_eq!(out.value, minimax(&tree));
///     assert!(out.memory.peak <= m);
/// }
/// assert!(memsss(&tree, &MemConfig::with_memory(least - 1)).is_err());
/// ```
///
/// # Errors
/// [`BestFirstError::BudgetTooSmall`] for M below the minimum (stating it);
/// [`BestFirstError::UnknownShape`] if the tree reports no shape and none is
/// given; [`BestFirstError::TooLarge`] if M is `None` and the maximum
/// overflows (or any budget exceeds 2³² entries);
/// [`BestFirstError::TreeShape`] if the tree is deeper or wider than its
/// shape; [`BestFirstError::SentinelLeaf`].
pub fn memsss<T: Tree + ?Sized>(tree: &T, cfg: &MemConfig) -> Result<Outcome, BestFirstError> {
    sss_run(tree, cfg, None)
}

/// [`memsss`], also recording every node made INACTIVE and every
/// activation ([`MemEvents`]), in the caller's Dewey codes. The recording
/// allocates; the search itself does not.
///
/// ```
/// use search_bestfirst::{MemConfig, memsss_with_events};
/// use tree_core::worked;
/// let t = worked::FIG1.tree(); // a RECONSTRUCTION of Bhattacharya & Bagchi 1996, Fig. 1
/// let (_, ev) = memsss_with_events(&t, &MemConfig::with_memory(9)).unwrap();
/// assert_eq!(ev.inactivated(), ["21".parse().unwrap()]);
/// assert_eq!(ev.activations()[0].solved, "12".parse().unwrap());
/// ```
///
/// # Errors
/// As [`memsss`].
pub fn memsss_with_events<T: Tree + ?Sized>(
    tree: &T,
    cfg: &MemConfig,
) -> Result<(Outcome, MemEvents), BestFirstError> {
    let mut events = MemEvents::default();
    let out = sss_run(tree, cfg, Some(&mut events))?;
    Ok((out, events))
}

/// MemDual\*(M): MemSSS\* over RecDual\* (conjectured in Bhattacharya & Bagchi 1996, §4 for
/// strongly ordered trees of even depth), i.e. MemSSS\* on the dual tree
/// under a virtual root (see the [module docs](self) and
/// [`recdual`](fn@crate::recdual)). M from [`memdual_minimum`] to
/// [`memdual_maximum`]; `None` means the maximum, where it is RecDual\*.
///
/// ```
/// use search_bestfirst::{MemConfig, memdual, memdual_minimum};
/// use tree_core::{Bounds, GenSpec, Generator, minimax};
/// let tree = GenSpec::new(Generator::STRONG, 3, 6, 1, 0).build().unwrap();
/// let least = memdual_minimum(Bounds::uniform(3, 6), true).unwrap();
/// assert_eq!(least, 2 + 3 * 2); // even d: the lowest MIN level searches in place
/// let out = memdual(&tree, &MemConfig::with_memory(least)).unwrap();
/// assert_eq!(out.value, minimax(&tree));
/// assert!(out.memory.peak <= least);
/// ```
///
/// # Errors
/// As [`memsss`].
pub fn memdual<T: Tree + ?Sized>(tree: &T, cfg: &MemConfig) -> Result<Outcome, BestFirstError> {
    dual_run(tree, cfg, None)
}

/// [`memdual`] with its [`MemEvents`] (Dewey codes of the caller's tree).
///
/// # Errors
/// As [`memsss`].
pub fn memdual_with_events<T: Tree + ?Sized>(
    tree: &T,
    cfg: &MemConfig,
) -> Result<(Outcome, MemEvents), BestFirstError> {
    let mut events = MemEvents::default();
    let out = dual_run(tree, cfg, Some(&mut events))?;
    Ok((out, events))
}

/// The least budget of MemSSS\* on a tree of this shape: 1 + minmem(0) =
/// 1 + b·⌈d/2⌉ (1 + b·⌊d/2⌋ with the odd-depth variant).
///
/// # Errors
/// [`BestFirstError::TreeShape`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`] or wider than 65,535.
pub fn memsss_minimum(
    bounds: Bounds,
    odd_depth_leaf_search: bool,
) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    Ok(MemShape::sss(bounds, odd_depth_leaf_search).minimum())
}

/// The budget at which MemSSS\* is RecSSS\*, and RecSSS\*'s OPEN size:
/// 1 + maxmem(0) = 1 + b + … + b^⌈d/2⌉ (⌊d/2⌋ with the odd-depth variant).
///
/// # Errors
/// As [`memsss_minimum`], and [`BestFirstError::TooLarge`] on overflow.
pub fn memsss_maximum(
    bounds: Bounds,
    odd_depth_leaf_search: bool,
) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    MemShape::sss(bounds, odd_depth_leaf_search).maximum_checked("MemSSS*")
}

/// The least budget of MemDual\*: 2 + b·⌈(d − 1)/2⌉ (2 + b·⌊(d − 1)/2⌋ with
/// the variant on even d).
///
/// # Errors
/// As [`memsss_minimum`].
pub fn memdual_minimum(
    bounds: Bounds,
    odd_depth_leaf_search: bool,
) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    Ok(MemShape::dual(bounds, odd_depth_leaf_search).minimum())
}

/// The budget at which MemDual\* is RecDual\*, and RecDual\*'s OPEN size:
/// 2 + b + … + b^⌈(d−1)/2⌉.
///
/// # Errors
/// As [`memsss_maximum`].
pub fn memdual_maximum(
    bounds: Bounds,
    odd_depth_leaf_search: bool,
) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    MemShape::dual(bounds, odd_depth_leaf_search).maximum_checked("MemDual*")
}

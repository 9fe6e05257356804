//! RecSSS\*'s block-structured OPEN and its recursion, shared by
//! [`recsss`](crate::recsss::search)/[RecDual*](crate::recsss::search) and
//! [`mgame`](crate::mgame::search); [`Limits`] is shared with
//! [`memsss`](crate::memsss::search) too.
//!
//! Every non-terminal MAX node p in OPEN owns a *region*: its *block*, one
//! entry per son of p (the son's current grandson, or the son itself if it
//! is terminal), followed by one sub-region per grandson slot (the layout
//! is drawn in the [`recsss` module](mod@crate::recsss)). [`Blocks::search`]
//! is `RecSSS(p)` over that layout: evaluate a terminal, write p's block
//! once, then search the leftmost highest entry of the block while it is
//! LIVE with p's h, a solved grandson giving way to its right brother
//! (Bhattacharya & Bagchi 1996, §3 (iii)). RecSSS\* and MGame differ in two things only, which
//! a [`Policy`] says:
//!
//! * how many entries a MAX node at depth t owns below itself
//!   ([`Policy::region`]): RecSSS\*'s maxmem(t), MGame's share of its
//!   slab's region;
//! * what becomes of an unexpanded interior MAX node that gets no block
//!   ([`Policy::frontier`]): RecSSS\* searches the terminal sons of its
//!   lowest chooser level in place (Bhattacharya & Bagchi 1996, §4), MGame solves a node on its
//!   slab's frontier by a recursive MGame call on the next slab.
//!
//! MGame's local root is not an entry (its loop has QuickGame's stopping
//! rule and lower bound r), so it drives [`Blocks::write_block`],
//! [`Blocks::reselect`], [`Blocks::search`] and [`Blocks::advance`] itself.
//! MemSSS\* keeps its own entries (INACTIVE nodes, donor regions) and
//! recursion, and shares the shape checks of [`Limits`] and the block
//! procedures below, through [`Slot`]; QuickGame's frames share
//! [`reselect`].
//!
//! # Cost per node
//!
//! The procedures are written so that a node costs about what alpha-beta
//! pays for it (`docs/OVERHEAD.md` has the measurements):
//!
//! * no block is scanned per step: each expanded node keeps the slot of
//!   its block's leftmost highest entry, and since only that entry is ever
//!   searched and h values only fall, the next one is the first entry to
//!   its right still at the old maximum, or a full scan when the maximum
//!   falls — which ends the owner's call ([`reselect`]);
//! * terminal sons and terminal grandsons are evaluated in the owner's
//!   loop, a terminal grandson's brothers following while they leave h
//!   unchanged ([`terminals`]), and a node whose sons are at the tree's
//!   depth is searched in one go ([`last_level`]);
//! * entries are written field by field (a terminal son only needs its
//!   node, h and flags), nodes are cloned only into entries, region sizes
//!   are looked up, nothing is allocated.

use tree_core::{Bounds, Tree, Value};

use crate::error::{BestFirstError, terminal};
use crate::open::{Memory, Open};
use crate::shape::MemShape;
use crate::tally::{Tally, children, leaf};

/// Position of "no entry".
pub(crate) const NONE: u32 = u32::MAX;

/// The error for a node that does not fit the shape the search was sized
/// for. `depth` is the node's depth in the tree the caller gave.
#[cold]
fn shape_error(depth: usize, what: &str, bounds: Bounds) -> BestFirstError {
    BestFirstError::TreeShape {
        message: format!(
            "a node at depth {depth} {what}; the shape used to size OPEN is branching {} and depth {}",
            bounds.branching, bounds.depth
        ),
    }
}

/// What a block-structured OPEN was sized for, and the errors of a tree
/// that does not fit it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    /// The caller's bounds, for messages.
    pub(crate) bounds: Bounds,
    /// The widest block.
    pub(crate) branching: usize,
    /// The depth of the searched tree (d + 1 under a dual's virtual root).
    pub(crate) depth: usize,
    /// 1 for a dual search (the virtual root adds a level), else 0.
    pub(crate) shift: usize,
}

impl Limits {
    /// The limits of RecSSS\*/MemSSS\* (`shift` 0) or their duals
    /// (`shift` 1) sized by `shape`.
    pub(crate) fn of_shape(bounds: Bounds, shape: MemShape, shift: usize) -> Limits {
        Limits {
            bounds,
            branching: shape.branching(),
            depth: shape.depth(),
            shift,
        }
    }

    /// A depth of the searched tree as the caller's tree counts it.
    pub(crate) fn real_depth(&self, t: usize) -> usize {
        t.saturating_sub(self.shift)
    }

    /// The error for a node at depth `t` of the searched tree that `what`.
    #[cold]
    pub(crate) fn error(&self, t: usize, what: &str) -> BestFirstError {
        shape_error(self.real_depth(t), what, self.bounds)
    }

    /// A MAX node at depth `t` with `w` sons: its block must fit.
    #[inline]
    pub(crate) fn check_block(&self, t: usize, w: usize) -> Result<(), BestFirstError> {
        if w > self.branching {
            return Err(self.error(t, &format!("has {w} children")));
        }
        Ok(())
    }

    /// A non-terminal son (depth `t + 1`, `sw` children) of a MAX node at
    /// depth `t`: its children must be within the shape.
    #[inline]
    pub(crate) fn check_son(&self, t: usize, sw: usize) -> Result<(), BestFirstError> {
        if t + 2 > self.depth {
            return Err(self.error(t + 1, "has children"));
        }
        if sw > self.branching {
            return Err(self.error(t + 1, &format!("has {sw} children")));
        }
        Ok(())
    }

    /// Bhattacharya & Bagchi 1996, §4: a chooser at depth `t` on the lowest chooser level
    /// evaluates its `w` sons, terminals, in place, left to right, stopping
    /// at the first one ≥ `h`. Returns its new h: `h`, or the best value
    /// seen if that is lower; with `BEST` (a root), also the son that gave
    /// it: the first of the highest, or the first ≥ `h` (0 without `BEST`).
    pub(crate) fn leaf_search_at<T: Tree + ?Sized, K: Tally, const BEST: bool>(
        &self,
        tree: &T,
        k: &mut K,
        node: &T::Node,
        h: Value,
        t: usize,
        w: usize,
    ) -> Result<(Value, usize), BestFirstError> {
        let mut best = Value::NEG_INF;
        let mut at = 0;
        // Every son's evaluation is counted first; a loop that ends early
        // takes back the `rest` it did not make (the loop counts them down
        // anyway: no count per son).
        k.leaves(w);
        let mut rest = w;
        for i in 0..w {
            rest -= 1;
            let son = tree.child(node, i);
            if children(tree, k, &son) != 0 {
                k.unleaves(rest + 1);
                let depth = self.real_depth(t) + 1;
                return Err(shape_error(depth, "has children", self.bounds));
            }
            let v = match terminal(tree, &son) {
                Ok(v) => v,
                Err(e) => {
                    k.unleaves(rest);
                    return Err(e);
                }
            };
            if v >= h {
                k.unleaves(rest);
                return Ok((h, if BEST { i } else { 0 }));
            }
            if BEST && v > best {
                at = i;
            }
            best = best.max(v);
        }
        Ok((h.min(best), at))
    }
}

/// `open` emptied and filled with `size` copies of `filler`, reallocated
/// only if it is smaller.
pub(crate) fn refill<E: Clone>(
    open: &mut Open<E>,
    algorithm: &'static str,
    size: usize,
    filler: &E,
) -> Result<(), BestFirstError> {
    open.reset(size, algorithm)?;
    for _ in 0..size {
        open.push(algorithm, filler.clone())?;
    }
    Ok(())
}

/// An entry of a block (or of a QuickGame frame) with its upper bound h,
/// for [`leftmost_highest`] and [`reselect`].
pub(crate) trait Bounded {
    /// Its upper bound h.
    fn h(&self) -> Value;
}

/// What the block procedures shared by RecSSS\* ([`Blocks`]) and MemSSS\*
/// need of an OPEN entry standing for a grandson (or a terminal son).
pub(crate) trait Slot<N>: Bounded {
    /// The node it stands for.
    fn node(&self) -> &N;
    /// Makes it stand for `node`.
    fn set_node(&mut self, node: N);
    /// Its MIN father (a grandson's).
    fn father(&self) -> &N;
    /// Which child of its father it is.
    fn index(&self) -> u16;
    /// Makes it child `j` of its father.
    fn set_index(&mut self, j: u16);
    /// Its father's number of children.
    fn father_width(&self) -> u16;
    /// Makes it stand for `son`, a terminal son of its block's owner.
    fn set_terminal_son(&mut self, son: N);
    /// Makes it stand for `node`, the first of `width` children of
    /// `father`, a non-terminal son of its block's owner.
    fn set_grandson(&mut self, node: N, father: N, width: u16);
    /// Makes it SOLVED with `h`.
    fn solve(&mut self, h: Value);
}

/// Implements [`Bounded`] and [`Slot`] for an OPEN entry type `$entry<N>`
/// with the fields `node`, `father`, `h`, `terminal_son`, `father_width`
/// and `index`, whose `solve` sets `h` and then runs `$solved` on the entry
/// `$e` (RecSSS\*'s and MemSSS\*'s entries differ only in how they say
/// SOLVED).
macro_rules! impl_slot {
    ($entry:ident, |$e:ident| $solved:expr) => {
        impl<N> $crate::blocks::Bounded for $entry<N> {
            #[inline]
            fn h(&self) -> Value {
                self.h
            }
        }

        impl<N> $crate::blocks::Slot<N> for $entry<N> {
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
            fn set_terminal_son(&mut self, son: N) {
                self.node = son;
                self.terminal_son = true;
            }
            #[inline]
            fn set_grandson(&mut self, node: N, father: N, width: u16) {
                self.node = node;
                self.father = father;
                self.terminal_son = false;
                self.father_width = width;
                self.index = 0;
            }
            #[inline]
            fn solve(&mut self, h: Value) {
                self.h = h;
                let $e = self;
                $solved;
            }
        }
    };
}
pub(crate) use impl_slot;

/// Writes son `i` of `node`, a MAX node at depth `t`, into its block
/// entry `e`: the son itself if it is terminal, else its first child
/// (the son's children checked against `limits`). Returns whether the son
/// is terminal; the entry's other fields are the caller's to write.
#[inline(always)]
pub(crate) fn write_son<T: Tree + ?Sized, K: Tally, E: Slot<T::Node>>(
    tree: &T,
    k: &mut K,
    limits: &Limits,
    node: &T::Node,
    t: usize,
    i: usize,
    e: &mut E,
) -> Result<bool, BestFirstError> {
    let son = tree.child(node, i);
    let sw = children(tree, k, &son);
    if sw == 0 {
        e.set_terminal_son(son);
        return Ok(true);
    }
    limits.check_son(t, sw)?;
    e.set_grandson(tree.child(&son, 0), son, sw as u16);
    Ok(false)
}

/// `RecSSS(x)` (or `MemSSS(x)`) for a terminal `e`: SOLVED with min(h, v).
#[inline(always)]
pub(crate) fn evaluate<T: Tree + ?Sized, K: Tally, E: Slot<T::Node>>(
    tree: &T,
    k: &mut K,
    e: &mut E,
) -> Result<(), BestFirstError> {
    let v = leaf(tree, k, e.node())?;
    e.solve(e.h().min(v));
    Ok(())
}

/// The slot of the leftmost highest h in `block` (Bhattacharya & Bagchi,
/// *Searching game trees under memory constraints*, 1996, §3: ties go to
/// the lexicographically smaller node, a block being in left-to-right
/// order).
#[inline]
pub(crate) fn leftmost_highest<E: Bounded>(block: &[E]) -> usize {
    // The highest h first, a chain of branch-free steps, then its first
    // slot: quicker than tracking both in one pass on unordered values.
    let top = block.iter().fold(Value::NEG_INF, |m, e| m.max(e.h()));
    block.iter().position(|e| e.h() == top).unwrap_or(0)
}

/// The leftmost highest slot of `block` after slot `x`, which was the
/// leftmost highest with h = `top`, has dropped below `top`.
///
/// An entry's h never rises while its owner searches its block (it starts
/// at its owner's h, every step lowers it or keeps it, and a right brother
/// inherits it), and only the leftmost highest entry is ever searched, so
/// the entries left of `x` are below `top`: the answer is the first entry
/// right of `x` still at `top`, or else the leftmost highest of all. A
/// block is scanned in full only when its maximum drops.
#[inline]
pub(crate) fn reselect<E: Bounded>(block: &[E], x: usize, top: Value) -> usize {
    debug_assert!(block[..x].iter().all(|e| e.h() < top));
    debug_assert!(block.iter().all(|e| e.h() <= top));
    if let [a, b] = block {
        // Two entries: a comparison, which compiles without a branch.
        return usize::from(b.h() > a.h());
    }
    match block[x + 1..].iter().position(|e| e.h() == top) {
        Some(i) => x + 1 + i,
        None => leftmost_highest(block),
    }
}

/// `RecSSS(x)` for an unexpanded grandson `e`, LIVE with h = `top` (its
/// owner's), whose node is a terminal: it is evaluated, and while it leaves
/// h at `top` its right brothers take its place and are searched in turn,
/// as the owner's loop would select them. Stops at a terminal below `top`
/// (SOLVED with its value), at the last brother (SOLVED), or at a brother
/// with children, LIVE and unexpanded, whose number of children it returns
/// (0 otherwise) for the caller to search.
#[inline(always)]
pub(crate) fn terminals<T: Tree + ?Sized, K: Tally, E: Slot<T::Node>>(
    tree: &T,
    k: &mut K,
    e: &mut E,
    top: Value,
) -> Result<usize, BestFirstError> {
    loop {
        let v = leaf(tree, k, e.node())?;
        let j = e.index() + 1;
        if v < top || j >= e.father_width() {
            e.solve(v.min(top));
            return Ok(0);
        }
        let node = tree.child(e.father(), usize::from(j));
        let w = children(tree, k, &node);
        e.set_node(node);
        e.set_index(j);
        if w != 0 {
            return Ok(w);
        }
    }
}

/// The search of a MAX node `node` (depth `t`, `w` children, h = `top`)
/// whose sons can only be terminals, being at the tree's depth: its block
/// is written as a block of terminal sons is written (its width and every
/// son checked before any is evaluated; only the nodes are stored, at the
/// start of `region`), then
/// searched as the owner's loop searches such a block — left to right,
/// stopping at the first son ≥ `top`. Returns the node's new h; it is then
/// SOLVED and its block released. With `BEST` (a root), also the son that
/// gave it: the first of the highest, or the son ≥ `top` (0 without
/// `BEST`).
#[inline]
pub(crate) fn last_level<T: Tree + ?Sized, K: Tally, E: Slot<T::Node>, const BEST: bool>(
    tree: &T,
    k: &mut K,
    limits: &Limits,
    node: &T::Node,
    (t, w): (usize, usize),
    top: Value,
    region: &mut [E],
) -> Result<(Value, usize), BestFirstError> {
    limits.check_block(t, w)?;
    let block = &mut region[..w];
    for (i, e) in block.iter_mut().enumerate() {
        let son = tree.child(node, i);
        if children(tree, k, &son) != 0 {
            // What `Limits::check_son` says of a son at the depth.
            return Err(limits.error(t + 1, "has children"));
        }
        e.set_node(son);
    }
    let mut best = Value::NEG_INF;
    let mut at = 0;
    // The evaluations are counted once, when the loop ends (`i + 1`: the
    // loop runs over the block, so `i` costs nothing here).
    for (i, e) in block.iter().enumerate() {
        let v = match terminal(tree, e.node()) {
            Ok(v) => v,
            Err(e) => {
                k.leaves(i + 1);
                return Err(e);
            }
        };
        if v >= top {
            k.leaves(i + 1);
            return Ok((top, if BEST { i } else { 0 }));
        }
        if BEST && v > best {
            at = i;
        }
        best = best.max(v);
    }
    k.leaves(w);
    Ok((best, at))
}

/// One OPEN entry: a MAX grandson in its owner's block, or a terminal MIN
/// son stored there.
#[derive(Debug, Clone)]
pub(crate) struct RecEntry<N> {
    /// The MAX grandson (or terminal MIN son) this entry stands for.
    pub(crate) node: N,
    /// Its MIN father (a grandson entry's; unused otherwise).
    father: N,
    pub(crate) h: Value,
    pub(crate) solved: bool,
    /// A terminal MIN son stored in its father's block.
    pub(crate) terminal_son: bool,
    pub(crate) expanded: bool,
    /// Sons of this node (its block's size), once expanded.
    width: u16,
    /// Children of the MIN father (for a grandson entry).
    father_width: u16,
    /// Which child of its MIN father this grandson is (0-based).
    pub(crate) index: u16,
    /// Once expanded, the slot of this node's block holding the leftmost
    /// highest h (see [`reselect`]).
    pub(crate) best: u16,
    /// Where this node's region (its block first) starts.
    off: u32,
    /// Entries held below this node now (for the occupancy count).
    held: u32,
}

impl_slot!(RecEntry, |e| e.solved = true);

/// What [`Policy::frontier`] makes of a node: `Some(h)`, SOLVED with h, or
/// `None`, to be expanded.
pub(crate) type Solved = Result<Option<Value>, BestFirstError>;

/// How a search over [`Blocks`] sizes regions and treats nodes without a
/// block (see the [module docs](self)).
pub(crate) trait Policy<T: Tree + ?Sized, K: Tally = ()> {
    /// The entries a MAX node at depth `t` owns below itself (its block
    /// and its grandsons' regions).
    fn region(&self, t: usize) -> usize;

    /// An unexpanded interior MAX node at `pp`, depth `t` (above the
    /// tree's depth), with `w` children: `Some(h)` if the policy solves it
    /// without a block (it becomes SOLVED with h), `None` to expand it.
    ///
    /// # Errors
    /// Whatever the policy's search of the node finds.
    fn frontier(&self, blocks: &mut Blocks<'_, T, K>, pp: usize, t: usize, w: usize) -> Solved;
}

/// RecSSS\*'s OPEN array with its occupancy count, and what the search
/// asked of the tree (`K`: `()` counts nothing).
pub(crate) struct Blocks<'a, T: Tree + ?Sized, K: Tally = ()> {
    pub(crate) tree: &'a T,
    pub(crate) tally: K,
    pub(crate) limits: Limits,
    open: Open<RecEntry<T::Node>>,
    /// Entries holding reachable nodes now, and the most at once.
    pub(crate) occupied: usize,
    peak: usize,
    /// The root's best move when its sons were searched as a last level
    /// (a tree of depth 1).
    pub(crate) root_best: Option<usize>,
}

impl<'a, T: Tree + ?Sized, K: Tally + Default> Blocks<'a, T, K> {
    /// An OPEN of `size` entries on the array `open` (refilled,
    /// reallocated only if it is smaller; [`into_open`](Self::into_open)
    /// gives it back), the root's at position 0 (LIVE, h = +∞, its region
    /// from position 1).
    ///
    /// # Errors
    /// None in practice: the array is filled to its capacity.
    pub(crate) fn on(
        tree: &'a T,
        limits: Limits,
        mut open: Open<RecEntry<T::Node>>,
        size: usize,
        algorithm: &'static str,
    ) -> Result<Blocks<'a, T, K>, BestFirstError> {
        let root = tree.root();
        let root = RecEntry {
            node: root.clone(),
            father: root,
            h: Value::INF,
            solved: false,
            terminal_son: false,
            expanded: false,
            width: 0,
            father_width: 0,
            index: 0,
            best: 0,
            off: 1,
            held: 0,
        };
        refill(&mut open, algorithm, size, &root)?;
        Ok(Blocks {
            tree,
            tally: K::default(),
            limits,
            open,
            occupied: 1,
            peak: 1,
            root_best: None,
        })
    }

    /// The OPEN array, for the next search.
    pub(crate) fn into_open(self) -> Open<RecEntry<T::Node>> {
        self.open
    }

    /// [`Limits::leaf_search_at`] for the entry at `pp` (depth `t`, `w`
    /// sons), from its h.
    pub(crate) fn leaf_search<const BEST: bool>(
        &mut self,
        pp: usize,
        t: usize,
        w: usize,
    ) -> Result<(Value, usize), BestFirstError> {
        let e = &self.open.entries()[pp];
        let (tree, k) = (self.tree, &mut self.tally);
        self.limits
            .leaf_search_at::<T, K, BEST>(tree, k, &e.node, e.h, t, w)
    }

    pub(crate) fn entry(&self, i: usize) -> &RecEntry<T::Node> {
        &self.open.entries()[i]
    }

    fn entry_mut(&mut self, i: usize) -> &mut RecEntry<T::Node> {
        &mut self.open.entries_mut()[i]
    }

    /// The capacity, the peak and the bytes of an entry.
    pub(crate) fn memory(&self) -> Memory {
        Memory {
            capacity: self.open.capacity(),
            peak: self.peak,
            entry_bytes: Open::<RecEntry<T::Node>>::entry_bytes(),
        }
    }

    /// A terminal entry: SOLVED with min(h, v).
    fn evaluate(&mut self, pp: usize) -> Result<(), BestFirstError> {
        let e = &mut self.open.entries_mut()[pp];
        evaluate(self.tree, &mut self.tally, e)
    }

    /// Writes the block of `node` (a MAX node at depth `t` with `w`
    /// children) at `off`, every entry LIVE with `h`; the grandsons'
    /// regions, `slot` entries each, follow it.
    #[inline]
    pub(crate) fn write_block(
        &mut self,
        node: &T::Node,
        t: usize,
        w: usize,
        h: Value,
        off: usize,
        slot: usize,
    ) -> Result<(), BestFirstError> {
        self.limits.check_block(t, w)?;
        let (tree, limits, k) = (self.tree, &self.limits, &mut self.tally);
        let mut next = off + w;
        let block = &mut self.open.entries_mut()[off..off + w];
        for (i, e) in block.iter_mut().enumerate() {
            // Field by field: a terminal son needs only its node, h and
            // flags (it has no brothers, region or block).
            if !write_son(tree, k, limits, node, t, i, e)? {
                e.off = next as u32;
                e.held = 0;
                next += slot;
            }
            e.h = h;
            e.solved = false;
            e.expanded = false;
        }
        debug_assert!(next <= self.open.capacity());
        self.occupied += w;
        self.peak = self.peak.max(self.occupied);
        Ok(())
    }

    /// The position of the first entry with the highest h in the block of
    /// `w` entries at `off`.
    pub(crate) fn best(&self, off: usize, w: usize) -> usize {
        off + leftmost_highest(&self.open.entries()[off..off + w])
    }

    /// [`reselect`] in the block of `w` entries at `off`, positions in OPEN.
    #[inline]
    pub(crate) fn reselect(&self, off: usize, w: usize, x: usize, top: Value) -> usize {
        off + reselect(&self.open.entries()[off..off + w], x - off, top)
    }

    /// A solved grandson with a right brother gives way to it, LIVE and
    /// unexpanded, with the same h and region (Bhattacharya & Bagchi 1996, §3 (iii): no
    /// purging). Returns whether the entry's son is now completely solved.
    #[inline]
    pub(crate) fn advance(&mut self, x: usize) -> bool {
        let xe = self.entry(x);
        if !xe.solved {
            return false;
        }
        if xe.terminal_son || xe.index + 1 >= xe.father_width {
            return true;
        }
        let j = usize::from(xe.index) + 1;
        let node = self.tree.child(&xe.father, j);
        let e = self.entry_mut(x);
        debug_assert_eq!(e.held, 0);
        e.node = node;
        e.index = j as u16;
        e.solved = false;
        e.expanded = false;
        e.width = 0;
        false
    }

    /// `RecSSS(p)` for the entry at `pp`, a node at depth `t` of the
    /// searched tree. Returns the change in the number of entries held
    /// below p.
    pub(crate) fn search<P: Policy<T, K>>(
        &mut self,
        pp: usize,
        t: usize,
        policy: &P,
    ) -> Result<i64, BestFirstError> {
        let e = &self.open.entries()[pp];
        if e.terminal_son {
            self.evaluate(pp)?;
            return Ok(0);
        }
        if e.expanded {
            return self.refine(pp, t, policy);
        }
        let w = children(self.tree, &mut self.tally, &e.node);
        self.open_node(pp, t, w, policy)
    }

    /// `RecSSS(p)` for an unexpanded entry at `pp` (depth `t`) with `w`
    /// children: evaluate it, let the policy solve it, or write its block
    /// and search it. Returns the entries held below p afterwards.
    fn open_node<P: Policy<T, K>>(
        &mut self,
        pp: usize,
        t: usize,
        w: usize,
        policy: &P,
    ) -> Result<i64, BestFirstError> {
        debug_assert_eq!(self.entry(pp).held, 0);
        if w == 0 {
            self.evaluate(pp)?;
            return Ok(0);
        }
        if t >= self.limits.depth {
            return Err(self.limits.error(t, "has children"));
        }
        if let Some(h) = policy.frontier(self, pp, t, w)? {
            let e = self.entry_mut(pp);
            e.h = h;
            e.solved = true;
            return Ok(0);
        }
        let node = self.entry(pp).node.clone();
        let (h, off) = (self.entry(pp).h, self.entry(pp).off as usize);
        if t + 1 == self.limits.depth {
            // Its sons can only be terminals: searched and released at once.
            let h = if pp == 0 {
                let (h, best) = self.last_level_best(&node, t, w, h, off)?;
                self.root_best = Some(best);
                h
            } else {
                self.last_level(&node, t, w, h, off)?
            };
            let e = self.entry_mut(pp);
            e.h = h;
            e.solved = true;
            e.expanded = true;
            e.width = w as u16;
            return Ok(0);
        }
        self.write_block(&node, t, w, h, off, policy.region(t + 2))?;
        let e = self.entry_mut(pp);
        e.expanded = true;
        e.width = w as u16;
        e.best = 0;
        e.held = w as u32;
        Ok(w as i64 + self.refine(pp, t, policy)?)
    }

    /// [`last_level`] for `node` (depth `t`, `w` sons, h = `top`) with its
    /// block at `off`, counted in the peak. Returns the node's new h.
    pub(crate) fn last_level(
        &mut self,
        node: &T::Node,
        t: usize,
        w: usize,
        top: Value,
        off: usize,
    ) -> Result<Value, BestFirstError> {
        let region = &mut self.open.entries_mut()[off..];
        let (tree, k, limits) = (self.tree, &mut self.tally, &self.limits);
        let (h, _) = last_level::<_, _, _, false>(tree, k, limits, node, (t, w), top, region)?;
        self.peak = self.peak.max(self.occupied + w);
        Ok(h)
    }

    /// [`Blocks::last_level`] for a root: also the son that gave its h.
    pub(crate) fn last_level_best(
        &mut self,
        node: &T::Node,
        t: usize,
        w: usize,
        top: Value,
        off: usize,
    ) -> Result<(Value, usize), BestFirstError> {
        let region = &mut self.open.entries_mut()[off..];
        let (tree, k, limits) = (self.tree, &mut self.tally, &self.limits);
        let found = last_level::<_, _, _, true>(tree, k, limits, node, (t, w), top, region)?;
        self.peak = self.peak.max(self.occupied + w);
        Ok(found)
    }

    /// `RecSSS(p)` for the expanded entry at `pp` (depth `t`): the loop
    /// over its block. Returns the change in the number of entries held
    /// below p.
    fn refine<P: Policy<T, K>>(
        &mut self,
        pp: usize,
        t: usize,
        policy: &P,
    ) -> Result<i64, BestFirstError> {
        let e = self.entry(pp);
        let (off, w, top) = (e.off as usize, usize::from(e.width), e.h);
        let held_before = i64::from(e.held);
        let mut held = held_before;
        let mut x = off + usize::from(e.best);
        debug_assert_eq!(x, self.best(off, w));
        loop {
            let xe = &self.open.entries()[x];
            if xe.solved || xe.h != top {
                break;
            }
            if xe.terminal_son {
                // RecSSS(x) on a terminal son: evaluate it; it has no
                // brother to give way to.
                let v = leaf(self.tree, &mut self.tally, &xe.node)?;
                let e = &mut self.open.entries_mut()[x];
                e.h = e.h.min(v);
                e.solved = true;
            } else {
                if xe.expanded {
                    held += self.refine(x, t + 2, policy)?;
                } else {
                    let k = &mut self.tally;
                    let w = match children(self.tree, k, &xe.node) {
                        0 => terminals(self.tree, k, &mut self.open.entries_mut()[x], top)?,
                        w => w,
                    };
                    if w != 0 {
                        held += self.open_node(x, t + 2, w, policy)?;
                    }
                }
                self.advance(x);
            }
            if self.open.entries()[x].h != top {
                x = self.reselect(off, w, x, top);
            }
        }
        let xe = &self.open.entries()[x];
        let (hx, solved) = (xe.h, xe.solved);
        let e = &mut self.open.entries_mut()[pp];
        e.best = (x - off) as u16;
        e.h = hx;
        if solved {
            e.solved = true;
            e.held = 0;
            self.occupied -= held as usize;
            return Ok(-held_before);
        }
        e.held = held as u32;
        Ok(held - held_before)
    }
}

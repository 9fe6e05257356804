//! RecSSS\* (Bhattacharya & Bagchi 1993, described in `000_*` §3) and
//! RecDual\* (Reinefeld & Ridinger 1994): SSS\* made recursive, with an OPEN
//! array that holds MAX nodes and terminal MIN nodes and is never purged.
//!
//! # OPEN
//!
//! One array of [`memsss_maximum`](crate::memsss_maximum) entries,
//! allocated before the search: 1 + b + b² + … + b^⌈d/2⌉ for a uniform
//! (b, d) tree (`000_*` §3 (iv)). Every non-terminal MAX node p in OPEN owns a
//! *region*, the positions below it, of maxmem(t) entries (t = depth of p):
//!
//! ```text
//! region(p) = [ block of p: one entry per son i of p | region of slot 1 | … | region of slot w ]
//!               p.1.j₁  p.2.j₂  …  p.w.j_w             maxmem(t+2) each
//! ```
//!
//! Slot i of the block holds the current grandson p.i.j below son p.i (the
//! MIN son's current child; `000_*` §3: "for each non-terminal MAX node p,
//! OPEN contains one grandson of p below each son of p"), or p.i itself if
//! p.i is terminal. The block is in left-to-right order, so scanning it for
//! the highest h and keeping the first maximum resolves ties to the
//! lexicographically smaller Dewey code. An entry holds the node, h, status
//! (LIVE/SOLVED), expanded, the MIN father's node (so that the next brother
//! costs one `child` call, as in alpha-beta), the grandson's index j under
//! that father and its number of children, and where its own region starts; its
//! Dewey code is the owner's code, i and j.
//!
//! The layout is fixed by the tree's [`Bounds`] (maximum branching b, depth
//! d): a MAX node at depth t gets a block of as many entries as it has sons
//! and maxmem(t+2) entries for each grandson slot, whatever the actual tree
//! below looks like (a non-uniform tree uses part of its regions). The
//! root sits at position 0 and owns positions 1.. .
//!
//! # The procedure
//!
//! The `MemSSS` pseudo-code of `000_*` §3 with all memory at its maximum and
//! no INACTIVE nodes: `RecSSS(p)` evaluates a terminal p (h := min(h, v));
//! expands p once (one entry per son: the son if it is terminal, else its
//! first child); then, while the best entry x of p's block (highest h,
//! leftmost on ties) is LIVE with h(x) = h(p), calls `RecSSS(x)` and, if x
//! came back SOLVED and has a right brother, overwrites x's entry with that
//! brother, LIVE, unexpanded, with h(x) — property (iii): no purging; x's
//! region is simply reused. When the loop ends, h(p) := h(x), and p is
//! SOLVED if x is. The root is called until it is SOLVED.
//!
//! Property (i) of `000_*` §3 — the same terminals in the same order as
//! SSS\* when ties are resolved identically — holds with both of the crate's
//! left-hand tie rules, [`Variant::Leftmost`](crate::Variant::Leftmost) and
//! [`Variant::LeftBiased`](crate::Variant::LeftBiased): the tests compare the
//! evaluation orders on thousands of uniform and non-uniform trees full of
//! ties without a single difference (nor did a longer run over 35,000
//! trees). The block
//! scans pick, level by level, the leftmost of the highest entries, which
//! is the state the left-most priority queue pops. Left-biased SSS\*
//! agrees because it only ever stacks a state in front when that state
//! replaces the leftmost highest one (a solved state waits in OPEN until it
//! is the leftmost of the highest; its successor or parent then takes its
//! place), and its case 4 puts a solved terminal behind the equal ones to
//! its left. RecSSS\* is not Stockman's Table 11 as printed
//! ([`Variant::Stockman`](crate::Variant::Stockman)), which breaks ties to
//! the right (Campbell's counterexample: c, i, g, j, h against c, g, h).
//!
//! # RecDual\*
//!
//! Dual\* is SSS\* on the dual tree: leaf values negated, so that MIN becomes
//! the maximising player, and the roles of the levels shifted by one, so
//! that the nodes storing their grandsons are MIN nodes (Marsland et al.
//! 1987). RecSSS\* needs a chooser at its root, so RecDual\*(T) is
//! −RecSSS\*(T̃), where T̃ has a virtual root with T's root as its only son
//! and T's leaves negated: the virtual root's block has one entry (the
//! current child of T's root, which T's root, an OR node in the dual,
//! examines one at a time with the bound of the previous one, as case 2 of
//! SSS\* does); every MIN node of T is then a chooser storing one grandson
//! per son, with lower bounds that start at −∞ (upper bounds of T̃ from +∞).
//! Its OPEN holds 2 + b + … + b^⌈(d−1)/2⌉ entries. The virtual root is
//! never shown to the tree: counts and traces are those of T.
//!
//! # Odd depth
//!
//! With [`RecConfig::odd_depth_leaf_search`], when the sons of the lowest
//! chooser level are the terminals (odd d for RecSSS\*, even d for
//! RecDual\*), a chooser there evaluates its sons in place, left to right,
//! stopping at the first one ≥ h — the "simple search as in Alpha-Beta at
//! the lowest MAX level" of `000_*` §4 — instead of storing them in OPEN.
//! It evaluates the same terminals in the same order (SSS\* takes exactly
//! those steps there) and saves the lowest level of OPEN. Off by default
//! for RecSSS\*, whose published size includes the terminals.

use tree_core::{Bounds, Tree, Value};

use crate::memsss::MemShape;
use crate::{BestFirstError, Memory, Open, Outcome};

/// How a RecSSS\* or RecDual\* search is configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RecConfig {
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
    /// Search the sons of the lowest chooser level in place when they are
    /// the terminals (odd d for RecSSS\*, even d for RecDual\*), keeping them
    /// out of OPEN (`000_*` §4). Off by default.
    pub odd_depth_leaf_search: bool,
}

/// Position of "no entry".
pub(crate) const NONE: u32 = u32::MAX;

/// One OPEN entry of RecSSS\*.
#[derive(Debug, Clone)]
struct RecEntry<N> {
    /// The MAX grandson (or terminal MIN son) this entry stands for.
    node: N,
    /// Its MIN father (a grandson entry's; unused otherwise).
    father: N,
    h: Value,
    solved: bool,
    /// A terminal MIN son stored in its father's block.
    terminal_son: bool,
    expanded: bool,
    /// Sons of this node (its block's size), once expanded.
    width: u16,
    /// Children of the MIN father (for a grandson entry).
    father_width: u16,
    /// Which child of its MIN father this grandson is (0-based).
    index: u16,
    /// Where this node's region (its block first) starts.
    off: u32,
    /// Entries held below this node now (for the occupancy count).
    held: u32,
}

/// A tree seen from MIN's side with a virtual MAX root above its root:
/// RecDual\* and MemDual\* run RecSSS\*/MemSSS\* on it (see the module docs).
/// Node `None` is the virtual root.
pub(crate) struct DualView<'a, T: ?Sized> {
    pub tree: &'a T,
}

impl<T: Tree + ?Sized> Tree for DualView<'_, T> {
    type Node = Option<T::Node>;
    fn root(&self) -> Option<T::Node> {
        None
    }
    fn num_children(&self, n: &Option<T::Node>) -> usize {
        match n {
            None => 1,
            Some(n) => self.tree.num_children(n),
        }
    }
    fn child(&self, n: &Option<T::Node>, i: usize) -> Option<T::Node> {
        match n {
            None => Some(self.tree.root()),
            Some(n) => Some(self.tree.child(n, i)),
        }
    }
    fn value(&self, n: &Option<T::Node>) -> Value {
        // The virtual root has a son, so it is never evaluated.
        n.as_ref().map_or(Value::NEG_INF, |n| -self.tree.value(n))
    }
}

/// The error for a node that does not fit the shape the search was sized
/// for. `depth` is the node's depth in the tree the caller gave.
pub(crate) fn shape_error(depth: usize, what: &str, bounds: Bounds) -> BestFirstError {
    BestFirstError::TreeShape {
        message: format!(
            "a node at depth {depth} {what}; the shape used to size OPEN is branching {} and depth {}",
            bounds.branching, bounds.depth
        ),
    }
}

/// The checks every OPEN-sizing search makes on a shape before it starts.
pub(crate) fn check_bounds(bounds: Bounds) -> Result<(), BestFirstError> {
    if bounds.depth > tree_core::MAX_DEPTH {
        return Err(BestFirstError::TreeShape {
            message: format!(
                "the tree is {} deep; at most {} is supported",
                bounds.depth,
                tree_core::MAX_DEPTH
            ),
        });
    }
    if bounds.branching > usize::from(u16::MAX) {
        return Err(BestFirstError::TreeShape {
            message: format!(
                "branching {} is above the supported {}",
                bounds.branching,
                u16::MAX
            ),
        });
    }
    Ok(())
}

struct Rec<'a, T: Tree + ?Sized> {
    tree: &'a T,
    shape: MemShape,
    /// The caller's bounds, for messages.
    bounds: Bounds,
    /// 1 for RecDual\* (the virtual root adds a level), else 0.
    shift: usize,
    open: Open<RecEntry<T::Node>>,
    occupied: usize,
    peak: usize,
}

impl<T: Tree + ?Sized> Rec<'_, T> {
    fn entry(&self, i: usize) -> &RecEntry<T::Node> {
        &self.open.entries()[i]
    }

    fn entry_mut(&mut self, i: usize) -> &mut RecEntry<T::Node> {
        &mut self.open.entries_mut()[i]
    }

    fn real_depth(&self, t: usize) -> usize {
        t.saturating_sub(self.shift)
    }

    /// A terminal: SOLVED with min(h, v).
    fn evaluate(&mut self, pp: usize) -> Result<(), BestFirstError> {
        let v = self.tree.value(&self.entry(pp).node);
        if v.is_infinite() {
            return Err(BestFirstError::SentinelLeaf { value: v });
        }
        let e = self.entry_mut(pp);
        e.h = e.h.min(v);
        e.solved = true;
        Ok(())
    }

    /// `000_*` §4: the sons of a chooser on the lowest chooser level are
    /// searched in place, left to right, stopping at the first value ≥ h.
    fn leaf_search(&mut self, pp: usize, t: usize, w: usize) -> Result<(), BestFirstError> {
        let (h, best) = leaf_search(self.tree, &self.entry(pp).node, self.entry(pp).h, w)
            .map_err(|e| e.at(self.real_depth(t) + 1, self.bounds))?;
        let e = self.entry_mut(pp);
        e.h = h.min(best);
        e.solved = true;
        e.expanded = true;
        Ok(())
    }

    /// Writes p's block: one entry per son, in its region.
    fn expand(&mut self, pp: usize, t: usize, w: usize) -> Result<(), BestFirstError> {
        if w > self.shape.branching() {
            let what = format!("has {w} children");
            return Err(shape_error(self.real_depth(t), &what, self.bounds));
        }
        let node = self.entry(pp).node.clone();
        let h = self.entry(pp).h;
        let off = self.entry(pp).off as usize;
        let region = self.shape.maxmem_saturating(t + 2);
        let mut next = off + w;
        for i in 0..w {
            let son = self.tree.child(&node, i);
            let sw = self.tree.num_children(&son);
            let entry = if sw == 0 {
                RecEntry {
                    father: son.clone(),
                    node: son,
                    h,
                    solved: false,
                    terminal_son: true,
                    expanded: false,
                    width: 0,
                    father_width: 0,
                    index: 0,
                    off: NONE,
                    held: 0,
                }
            } else {
                if t + 2 > self.shape.depth() {
                    let what = "has children";
                    return Err(shape_error(self.real_depth(t + 1), what, self.bounds));
                }
                if sw > self.shape.branching() {
                    let what = format!("has {sw} children");
                    return Err(shape_error(self.real_depth(t + 1), &what, self.bounds));
                }
                let grandson = self.tree.child(&son, 0);
                let e = RecEntry {
                    node: grandson,
                    father: son,
                    h,
                    solved: false,
                    terminal_son: false,
                    expanded: false,
                    width: 0,
                    father_width: sw as u16,
                    index: 0,
                    off: next as u32,
                    held: 0,
                };
                next += region;
                e
            };
            self.open.entries_mut()[off + i] = entry;
        }
        debug_assert!(next <= self.open.capacity());
        let e = self.entry_mut(pp);
        e.expanded = true;
        e.width = w as u16;
        e.held += w as u32;
        self.occupied += w;
        self.peak = self.peak.max(self.occupied);
        Ok(())
    }

    /// `RecSSS(p)` for the entry at `pp`, a node at depth `t` of the searched
    /// tree. Returns the change in the number of entries held below p.
    fn search(&mut self, pp: usize, t: usize) -> Result<i64, BestFirstError> {
        let held_before = i64::from(self.entry(pp).held);
        if self.entry(pp).terminal_son {
            self.evaluate(pp)?;
            return Ok(0);
        }
        if !self.entry(pp).expanded {
            let w = self.tree.num_children(&self.entry(pp).node);
            if w == 0 {
                self.evaluate(pp)?;
                return Ok(0);
            }
            if t >= self.shape.leaf_level() {
                if t >= self.shape.depth() {
                    let what = "has children";
                    return Err(shape_error(self.real_depth(t), what, self.bounds));
                }
                self.leaf_search(pp, t, w)?;
                return Ok(0);
            }
            self.expand(pp, t, w)?;
        }
        let off = self.entry(pp).off as usize;
        let w = usize::from(self.entry(pp).width);
        let x = loop {
            let x = off + best(&self.open.entries()[off..off + w]);
            let xe = self.entry(x);
            if xe.solved || xe.h != self.entry(pp).h {
                break x;
            }
            let below = if xe.terminal_son { t + 1 } else { t + 2 };
            let d = self.search(x, below)?;
            let held = i64::from(self.entry(pp).held) + d;
            self.entry_mut(pp).held = held as u32;
            // (iii): a solved grandson with a right brother gives way to it.
            let xe = self.entry(x);
            if xe.solved && !xe.terminal_son && xe.index + 1 < xe.father_width {
                let j = usize::from(xe.index) + 1;
                let node = self.tree.child(&xe.father, j);
                let e = self.entry_mut(x);
                debug_assert_eq!(e.held, 0);
                e.node = node;
                e.index = j as u16;
                e.solved = false;
                e.expanded = false;
                e.width = 0;
            }
        };
        let (hx, solved) = (self.entry(x).h, self.entry(x).solved);
        let e = self.entry_mut(pp);
        e.h = hx;
        if solved {
            e.solved = true;
            let freed = e.held;
            e.held = 0;
            self.occupied -= freed as usize;
        }
        Ok(i64::from(self.entry(pp).held) - held_before)
    }
}

/// The index of the first entry with the highest h.
fn best<N>(block: &[RecEntry<N>]) -> usize {
    let mut k = 0;
    for (i, e) in block.iter().enumerate().skip(1) {
        if e.h > block[k].h {
            k = i;
        }
    }
    k
}

/// A failure of the in-place leaf search.
pub(crate) enum LeafError {
    /// A son has children.
    Deeper,
    /// A terminal returned a sentinel.
    Sentinel(Value),
}

impl LeafError {
    pub(crate) fn at(self, son_depth: usize, bounds: Bounds) -> BestFirstError {
        match self {
            LeafError::Deeper => shape_error(son_depth, "has children", bounds),
            LeafError::Sentinel(value) => BestFirstError::SentinelLeaf { value },
        }
    }
}

/// Evaluates the `w` terminal sons of `node` left to right, stopping at the
/// first one ≥ `h`: returns (h, the best value seen).
pub(crate) fn leaf_search<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
    h: Value,
    w: usize,
) -> Result<(Value, Value), LeafError> {
    let mut best = Value::NEG_INF;
    for i in 0..w {
        let son = tree.child(node, i);
        if tree.num_children(&son) != 0 {
            return Err(LeafError::Deeper);
        }
        let v = tree.value(&son);
        if v.is_infinite() {
            return Err(LeafError::Sentinel(v));
        }
        if v >= h {
            return Ok((h, h));
        }
        best = best.max(v);
    }
    Ok((h, best))
}

fn run<T: Tree + ?Sized>(
    tree: &T,
    shape: MemShape,
    bounds: Bounds,
    shift: usize,
    algorithm: &'static str,
) -> Result<Outcome, BestFirstError> {
    let size = shape.maximum_checked(algorithm)?;
    let root = RecEntry {
        node: tree.root(),
        father: tree.root(),
        h: Value::INF,
        solved: false,
        terminal_son: false,
        expanded: false,
        width: 0,
        father_width: 0,
        index: 0,
        off: 1,
        held: 0,
    };
    let mut open = Open::with_capacity(size);
    for _ in 0..size {
        open.push(algorithm, root.clone())?;
    }
    let mut rec = Rec {
        tree,
        shape,
        bounds,
        shift,
        open,
        occupied: 1,
        peak: 1,
    };
    while !rec.entry(0).solved {
        rec.search(0, 0)?;
    }
    Ok(Outcome {
        value: rec.entry(0).h,
        memory: Memory {
            capacity: size,
            peak: rec.peak,
            entry_bytes: Open::<RecEntry<T::Node>>::entry_bytes(),
        },
    })
}

/// RecSSS\* (Bhattacharya & Bagchi, *A faster alternative to SSS\* with
/// extension to variable memory\*, IPL 47, 1993; `000_*` §3 properties
/// (i)–(iv)): SSS\* as a recursion over an OPEN array of MAX nodes and
/// terminal MIN nodes, never purged, with local scans of b grandsons.
/// OPEN has 1 + b + … + b^⌈d/2⌉ entries for a (b, d) tree
/// ([`memsss_maximum`](crate::memsss_maximum) gives it for any shape).
/// Evaluates the same terminals in the same order as SSS\* with the
/// left-most tie rule ([`Variant::Leftmost`](crate::Variant::Leftmost)).
/// See the [module docs](self) for the layout.
///
/// ```
/// use search_bestfirst::{RecConfig, SssConfig, Variant, recsss, sss};
/// use tree_core::{GenSpec, Generator, Traced, minimax};
///
/// let tree = GenSpec::new(Generator::RANDOM, 3, 5, 7, 0).build().unwrap();
/// let a = Traced::new(&tree);
/// let out = recsss(&a, &RecConfig::default()).unwrap();
/// assert_eq!(out.value, minimax(&tree));
/// assert_eq!(out.memory.capacity, 1 + 3 + 9 + 27);
/// // The same terminals in the same order as left-most SSS*.
/// let b = Traced::new(&tree);
/// sss(&b, &SssConfig::new(Variant::Leftmost)).unwrap();
/// assert_eq!(a.order(), b.order());
/// ```
///
/// # Errors
/// [`BestFirstError::UnknownShape`] if the tree reports no shape and none
/// is given; [`BestFirstError::TooLarge`] if OPEN's size overflows;
/// [`BestFirstError::TreeShape`] if the tree is deeper or wider than its
/// shape; [`BestFirstError::SentinelLeaf`].
pub fn recsss<T: Tree + ?Sized>(tree: &T, cfg: &RecConfig) -> Result<Outcome, BestFirstError> {
    let algorithm = "RecSSS*";
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    check_bounds(bounds)?;
    let shape = MemShape::sss(bounds, cfg.odd_depth_leaf_search);
    run(tree, shape, bounds, 0, algorithm)
}

/// RecDual\* (Reinefeld & Ridinger, *Time-efficient state space search\*,
/// AIJ 71, 1994, as cited in `000_*` §1): RecSSS\* on the dual tree, whose
/// OPEN holds MIN nodes and terminal MAX nodes, each MIN node storing one
/// grandson per son. Derived, as that paper is not available, as
/// −RecSSS\*(T̃) with T̃ = T's leaves negated under a virtual root (see the
/// [module docs](self)); OPEN has 2 + b + … + b^⌈(d−1)/2⌉ entries
/// ([`memdual_maximum`](crate::memdual_maximum)). Evaluates the same
/// terminals in the same order as Dual\* ([`dual`](crate::dual)) with the
/// left-most tie rule.
///
/// ```
/// use search_bestfirst::{RecConfig, recdual};
/// use tree_core::{ExplicitTree, minimax};
/// let t = ExplicitTree::uniform(2, 2, &[3, 9, 4, 1]).unwrap();
/// let out = recdual(&t, &RecConfig::default()).unwrap();
/// assert_eq!(out.value, minimax(&t));
/// assert_eq!(out.memory.capacity, 2 + 2);
/// ```
///
/// # Errors
/// As [`recsss`].
pub fn recdual<T: Tree + ?Sized>(tree: &T, cfg: &RecConfig) -> Result<Outcome, BestFirstError> {
    let algorithm = "RecDual*";
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    check_bounds(bounds)?;
    let shape = MemShape::dual(bounds, cfg.odd_depth_leaf_search);
    let view = DualView { tree };
    let mut out = run(&view, shape, bounds, 1, algorithm).map_err(undo_negation)?;
    out.value = -out.value;
    Ok(out)
}

/// A sentinel reported through the dual view, as the tree returned it.
pub(crate) fn undo_negation(e: BestFirstError) -> BestFirstError {
    match e {
        BestFirstError::SentinelLeaf { value } => BestFirstError::SentinelLeaf { value: -value },
        e => e,
    }
}

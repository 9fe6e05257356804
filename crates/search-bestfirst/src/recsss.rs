//! RecSSS\* (Bhattacharya & Bagchi 1993, described in Bhattacharya & Bagchi 1996, §3) and
//! RecDual\* (Reinefeld & Ridinger 1994): SSS\* made recursive, with an OPEN
//! array that holds MAX nodes and terminal MIN nodes and is never purged.
//!
//! # OPEN
//!
//! One array of [`memsss::maximum`](crate::memsss::maximum) entries,
//! allocated before the search: 1 + b + b² + … + b^⌈d/2⌉ for a uniform
//! (b, d) tree (Bhattacharya & Bagchi 1996, §3 (iv)). Every non-terminal MAX node p in OPEN owns a
//! *region*, the positions below it, of maxmem(t) entries (t = depth of p):
//!
//! ```text
//! region(p) = [ block of p: one entry per son i of p | region of slot 1 | … | region of slot w ]
//!               p.1.j₁  p.2.j₂  …  p.w.j_w             maxmem(t+2) each
//! ```
//!
//! Slot i of the block holds the current grandson p.i.j below son p.i (the
//! MIN son's current child; Bhattacharya & Bagchi 1996, §3: "for each non-terminal MAX node p,
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
//! The `MemSSS` pseudo-code of Bhattacharya & Bagchi 1996, §3 with all memory at its maximum and
//! no INACTIVE nodes: `RecSSS(p)` evaluates a terminal p (h := min(h, v));
//! expands p once (one entry per son: the son if it is terminal, else its
//! first child); then, while the best entry x of p's block (highest h,
//! leftmost on ties) is LIVE with h(x) = h(p), calls `RecSSS(x)` and, if x
//! came back SOLVED and has a right brother, overwrites x's entry with that
//! brother, LIVE, unexpanded, with h(x) — property (iii): no purging; x's
//! region is simply reused. When the loop ends, h(p) := h(x), and p is
//! SOLVED if x is. The root is called until it is SOLVED.
//!
//! The recursion and the block layout live in the crate's `blocks` module,
//! shared with [MGame](crate::mgame::search): RecSSS\* supplies only the region
//! sizes maxmem(t) and the in-place search of the lowest level (see
//! [Odd depth](#odd-depth)).
//!
//! Property (i) of Bhattacharya & Bagchi 1996, §3 — the same terminals in the same order as
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
//! With [`Config::odd_depth_leaf_search`], when the sons of the lowest
//! chooser level are the terminals (odd d for RecSSS\*, even d for
//! RecDual\*), a chooser there evaluates its sons in place, left to right,
//! stopping at the first one ≥ h — the "simple search as in Alpha-Beta at
//! the lowest MAX level" of Bhattacharya & Bagchi 1996, §4 — instead of storing them in OPEN.
//! It evaluates the same terminals in the same order (SSS\* takes exactly
//! those steps there) and saves the lowest level of OPEN. Off by default
//! for RecSSS\*, whose published size includes the terminals; on by default
//! for MemSSS\*, whose budgets in Bhattacharya & Bagchi 1996, Table 1, leave
//! them out.
//!
//! The two settings cost the same per node but for one thing. With the
//! terminals in OPEN, a chooser on the lowest level writes its whole block
//! — every son generated and checked — before it evaluates the first, so
//! the sons beyond a cutoff are generated for nothing; in place, generation
//! stops at the cutoff. (Until issue 11 the stored block was also rescanned
//! for its highest entry after every evaluation, b steps per terminal: that
//! is why RecSSS\* was several times slower than MemSSS\* at the maximum M
//! on odd depths, wide trees most. The block is now searched in one pass,
//! as the in-place search does, see the `blocks` module.) The defaults are
//! kept, so that each algorithm's OPEN is the size its paper gives; both
//! settings are measured in `docs/OVERHEAD.md`.

use tree_core::{Bounds, Tree};

use crate::blocks::{Blocks, Limits, Policy, RecEntry, Solved};
use crate::dual_view::{DualView, dual_root_move, undo_negation};
use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::{Open, Outcome, budget};
use crate::shape::{MemShape, Sums, check_bounds};
use crate::tally::{Counts, Tally};

/// How a RecSSS\* or RecDual\* search is configured.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// RecDual\* instead of RecSSS\*.
    pub dual: bool,
    /// The OPEN budget in entries; `None` = OPEN's size ([`minimum`]),
    /// which is all the search accepts: a smaller budget is refused (that is
    /// MemSSS\*'s job, [`memsss`](crate::memsss)), a larger one accepted, but
    /// only the size is allocated.
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
    /// Search the sons of the lowest chooser level in place when they are
    /// the terminals (odd d for RecSSS\*, even d for RecDual\*), keeping them
    /// out of OPEN (Bhattacharya & Bagchi 1996, §4). Off by default.
    pub odd_depth_leaf_search: bool,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: tree_core::Limits,
}

impl Config {
    crate::open::dual_config!("RecSSS*", "RecDual*");
}

/// The size of RecSSS\*'s OPEN on a tree of shape `bounds` — its only
/// budget, so both its minimum and its maximum: 1 + b + … + b^⌈d/2⌉ (with
/// the odd-depth leaf search, ⌊d/2⌋); for RecDual\*, 2 + b + … +
/// b^⌈(d−1)/2⌉. MemSSS\*'s (MemDual\*'s) maximum.
///
/// ```
/// use search_bestfirst::recsss;
/// use tree_core::Bounds;
/// let c = recsss::Config::default();
/// assert_eq!(recsss::minimum(Bounds::uniform(3, 5), &c), Ok(1 + 3 + 9 + 27));
/// let dual = recsss::Config { dual: true, ..c };
/// assert_eq!(recsss::minimum(Bounds::uniform(2, 2), &dual), Ok(2 + 2));
/// ```
///
/// # Errors
/// [`BestFirstError::TreeShape`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`] or wider than 65,535;
/// [`BestFirstError::TooLarge`] on overflow.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    cfg.mem_shape(bounds).maximum_checked(cfg.name())
}

/// RecSSS\*'s [`Policy`]: regions of maxmem(t); a chooser on the lowest
/// level (at or below [`MemShape::leaf_level`]) searches its terminal sons
/// in place.
struct Rec {
    shape: MemShape,
    /// maxmem(t) by ⌈(d − t)/2⌉, looked up rather than recomputed.
    sums: Sums,
}

impl Rec {
    fn new(shape: MemShape) -> Rec {
        Rec {
            shape,
            sums: shape.maxmem_table(),
        }
    }
}

impl<T: Tree + ?Sized, K: Tally + Default> Policy<T, K> for Rec {
    #[inline]
    fn region(&self, t: usize) -> usize {
        let m = self.shape.levels(t);
        debug_assert_eq!(self.sums[m], self.shape.maxmem_saturating(t));
        self.sums[m]
    }

    fn frontier(&self, blocks: &mut Blocks<'_, T, K>, pp: usize, t: usize, w: usize) -> Solved {
        if t < self.shape.leaf_level() {
            return Ok(None);
        }
        if pp == 0 {
            let (h, best) = blocks.leaf_search::<true>(pp, t, w)?;
            blocks.root_best = Some(best);
            return Ok(Some(h));
        }
        blocks.leaf_search::<false>(pp, t, w).map(|(h, _)| Some(h))
    }
}

crate::open::dual_cache! {
    /// The scratch of RecSSS\* and RecDual\* searches (OPEN, and RecDual\*'s
    /// OPEN of dual nodes), kept between searches by [`search_in`]: a search
    /// no larger than one before allocates nothing.
    ///
    /// ```
    /// use search_bestfirst::recsss::{self, Cache, Config};
    /// use tree_core::worked;
    /// let tree = worked::PI.tree();
    /// let mut cache = Cache::new();
    /// let first = recsss::search_in(&tree, &Config::default(), &mut cache).unwrap();
    /// let again = recsss::search_in(&tree, &Config::default(), &mut cache).unwrap();
    /// assert_eq!(first, again);
    /// assert_eq!(first, recsss::search(&tree, &Config::default()).unwrap());
    /// ```
    RecEntry
}

/// RecSSS\* on the array `open` (given back, whatever the result).
fn run<T: Tree + ?Sized, K: Tally + Default>(
    tree: &T,
    shape: MemShape,
    bounds: Bounds,
    shift: usize,
    algorithm: &'static str,
    open: &mut Open<RecEntry<T::Node>>,
    tally: &mut K,
) -> Result<Outcome, BestFirstError> {
    let size = shape.maximum_checked(algorithm)?;
    let limits = Limits::of_shape(bounds, shape, shift);
    let array = std::mem::replace(open, Open::with_capacity(0));
    let mut blocks = Blocks::<T, K>::on(tree, limits, array, size, algorithm)?;
    let out = search_blocks(&mut blocks, shape, shift);
    *tally = std::mem::take(&mut blocks.tally);
    *open = blocks.into_open();
    out
}

/// The search proper, on a filled OPEN.
fn search_blocks<T: Tree + ?Sized, K: Tally + Default>(
    blocks: &mut Blocks<'_, T, K>,
    shape: MemShape,
    shift: usize,
) -> Result<Outcome, BestFirstError> {
    let size = blocks.memory().capacity;
    let policy = Rec::new(shape);
    let dual = shift == 1 && size > 1;
    // Under the dual view's virtual root, entry 1 is the real root's
    // current son (see `dual_root_move`).
    let mut best = None;
    while !blocks.entry(0).solved {
        let before = dual.then(|| blocks.entry(1).h);
        blocks.search(0, 0, &policy)?;
        if let Some(h) = before {
            let e = blocks.entry(1);
            best = dual_root_move(h, e.h, e.solved, e.expanded, e.index, e.terminal_son, best);
        }
    }
    let root = blocks.entry(0);
    if shift == 0 {
        // The best of a last level or leaf search at the root; else the
        // leftmost highest entry of the root's block, solved: a son solved
        // with the root's value (a lower bound on the son's value, which
        // the root's bounds from above).
        best = blocks
            .root_best
            .or(root.expanded.then_some(usize::from(root.best)));
    }
    Ok(Outcome::new(root.h, best, blocks.memory()))
}

crate::open::searches! {
    /// RecSSS\* (Bhattacharya & Bagchi, *A faster alternative to SSS\* with
    /// extension to variable memory\*, IPL 47, 1993; Bhattacharya & Bagchi 1996, §3 properties
    /// (i)–(iv)): SSS\* as a recursion over an OPEN array of MAX nodes and
    /// terminal MIN nodes, never purged, with local scans of b grandsons.
    /// OPEN has 1 + b + … + b^⌈d/2⌉ entries for a (b, d) tree
    /// ([`minimum`] gives it for any shape).
    /// Evaluates the same terminals in the same order as SSS\* with the
    /// left-most tie rule ([`Variant::Leftmost`](crate::Variant::Leftmost)).
    /// See the [module docs](self) for the layout.
    ///
    /// With [`Config::dual`], RecDual\* (Reinefeld & Ridinger, *Time-efficient
    /// state space search\*, AIJ 71, 1994, as cited in Bhattacharya & Bagchi
    /// 1996, §1): RecSSS\* on the dual tree, whose OPEN holds MIN nodes and
    /// terminal MAX nodes, each MIN node storing one grandson per son. Derived,
    /// as that paper is not available, as −RecSSS\*(T̃) with T̃ = T's leaves
    /// negated under a virtual root (see the [module docs](self)); OPEN has 2 +
    /// b + … + b^⌈(d−1)/2⌉ entries. Evaluates the same terminals in the same
    /// order as Dual\* ([`sss::search`](crate::sss::search) with
    /// [`sss::Config::dual`](crate::sss::Config::dual)) with the left-most tie
    /// rule.
    ///
    /// ```
    /// use search_bestfirst::{Variant, recsss, sss};
    /// use tree_core::{ExplicitTree, GenSpec, Generator, Traced, minimax};
    ///
    /// let tree = GenSpec::new(Generator::RANDOM, 3, 5, 7, 0).build().unwrap();
    /// let a = Traced::new(&tree);
    /// let out = recsss::search(&a, &recsss::Config::default()).unwrap();
    /// assert_eq!(out.value, minimax(&tree));
    /// assert_eq!(out.memory.capacity, 1 + 3 + 9 + 27);
    /// // The same terminals in the same order as left-most SSS*.
    /// let b = Traced::new(&tree);
    /// sss::search(&b, &sss::Config::new(Variant::Leftmost)).unwrap();
    /// assert_eq!(a.order(), b.order());
    ///
    /// let t = ExplicitTree::uniform(2, 2, &[3, 9, 4, 1]).unwrap();
    /// let dual = recsss::Config { dual: true, ..recsss::Config::default() };
    /// let out = recsss::search(&t, &dual).unwrap();
    /// assert_eq!(out.value, minimax(&t));
    /// assert_eq!(out.memory.capacity, 2 + 2);
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::UnknownShape`] if the tree reports no shape and none
    /// is given; [`BestFirstError::TooLarge`] if OPEN's size overflows;
    /// [`BestFirstError::BudgetTooSmall`] for a budget below OPEN's size;
    /// [`BestFirstError::TreeShape`] if the tree is deeper or wider than its
    /// shape; [`BestFirstError::SentinelLeaf`]; [`BestFirstError::Stopped`] if
    /// one of [`Config::limits`] stopped it.
    fn search;
    /// [`search`] on the arrays of `cache`, kept for the next search: the same
    /// outcome as [`search`] (value, best move, memory and its peak, which is
    /// this search's), the same terminals in the same order.
    ///
    /// # Errors
    /// As [`search`].
    fn search_in(tree, cfg, cache) =
        search_tallied(tree, cfg, cache, &mut ());
}

/// [`search_in`], RecSSS\*'s calls of the tree counted in `tally`
/// (RecDual\*'s are not).
fn search_tallied<T: Tree + ?Sized, K: Tally + Default>(
    tree: &T,
    cfg: &Config,
    cache: &mut Cache<T::Node>,
    tally: &mut K,
) -> Result<Outcome, BestFirstError> {
    let (algorithm, bounds, shape) = cfg.shapes(tree)?;
    if cfg.memory.is_some() {
        budget(algorithm, cfg.memory, shape.maximum_checked(algorithm)?)?;
    }
    metered!(tree, &cfg.limits, |t| if cfg.dual {
        run_dual(t, shape, bounds, algorithm, &mut cache.dual)
    } else {
        run(t, shape, bounds, 0, algorithm, &mut cache.open, tally)
    })
}

/// [`search`] of RecSSS\* (not RecDual\*, whose dual view has a virtual
/// root: `None`), counting its leaf evaluations and interior expansions
/// itself, up to a stop or an error (see [`crate::tally`]).
pub(crate) fn search_counted<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
) -> (Result<Outcome, BestFirstError>, Option<Counts>) {
    let counted = |counts: &mut Counts| search_tallied(tree, cfg, &mut Cache::new(), counts);
    crate::tally::unless_dual(cfg.dual, || search(tree, cfg), counted)
}

/// RecDual\*: [`run`] under the dual view, the value negated back.
fn run_dual<T: Tree + ?Sized>(
    tree: &T,
    shape: MemShape,
    bounds: Bounds,
    algorithm: &'static str,
    open: &mut Open<RecEntry<Option<T::Node>>>,
) -> Result<Outcome, BestFirstError> {
    let view = DualView { tree };
    let mut out = run(&view, shape, bounds, 1, algorithm, open, &mut ()).map_err(undo_negation)?;
    out.value = -out.value;
    Ok(out)
}

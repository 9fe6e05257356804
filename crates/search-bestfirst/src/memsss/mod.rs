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
//! more levels). With the odd-depth variant ([`Config::odd_depth_leaf_search`])
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
//! stored: the events ([`search_with_events`]) read one off the owner links
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
//! [RecDual\*](crate::recsss::search)). The virtual root's block has one entry, so
//! M runs from 2 + b·⌈(d−1)/2⌉ to 2 + b + … + b^⌈(d−1)/2⌉
//! ([`minimum`], [`maximum`] with [`Config::dual`]); the odd-depth variant
//! applies when the dual tree's depth d + 1 is odd, i.e. for even d — the
//! case Bhattacharya & Bagchi 1996, §4 expects MemDual\* to win.

mod events;
mod search;

use tree_core::{Bounds, Limits, Tree};

pub use self::events::{Activation, MemEvent, MemEvents};
use self::search::{MemEntry, run};
use crate::dual_view::{DualView, undo_negation};
use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::Outcome;
pub use crate::shape::MemShape;
use crate::shape::check_bounds;
use crate::tally::{Counts, Tally};

/// How a MemSSS\* or MemDual\* search is configured.
#[derive(Debug, Clone)]
pub struct Config {
    /// MemDual\* instead of MemSSS\*.
    pub dual: bool,
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
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            dual: false,
            memory: None,
            shape: None,
            odd_depth_leaf_search: true,
            limits: Limits::none(),
        }
    }
}

impl Config {
    crate::open::dual_config!("MemSSS*", "MemDual*");
}

/// MemSSS\* (MemDual\* under the dual view), recording `events` if asked,
/// MemSSS\*'s calls of the tree counted in `tally` (MemDual\*'s are not).
fn run_plain<T: Tree + ?Sized, K: Tally + Default>(
    tree: &T,
    cfg: &Config,
    events: Option<&mut MemEvents>,
    cache: &mut Cache<T::Node>,
    tally: &mut K,
) -> Result<Outcome, BestFirstError> {
    let (algorithm, bounds, shape) = cfg.shapes(tree)?;
    let memory = cfg.memory;
    if !cfg.dual {
        let limits = crate::blocks::Limits::of_shape(bounds, shape, 0);
        let (result, counted) = run(
            tree,
            shape,
            limits,
            memory,
            algorithm,
            events,
            &mut cache.open,
        );
        *tally = counted;
        return result;
    }
    let view = DualView { tree };
    let limits = crate::blocks::Limits::of_shape(bounds, shape, 1);
    let (result, ()) = run(
        &view,
        shape,
        limits,
        memory,
        algorithm,
        events,
        &mut cache.dual,
    );
    let mut out = result.map_err(undo_negation)?;
    out.value = -out.value;
    Ok(out)
}

crate::open::searches! {
    /// MemSSS\*(M) (Bhattacharya & Bagchi 1996, §3 pseudo-code,
    /// §4 odd-depth variant): RecSSS\* whose OPEN has exactly M entries, with
    /// INACTIVE nodes where the memory runs out. M = `cfg.memory`, from
    /// [`minimum`] (1 + minmem(0)) to [`maximum`] (1 + maxmem(0),
    /// where it is [`recsss`](crate::recsss)); `None` means the maximum. See the
    /// [module docs](self) for the memory rule and why peak ≤ M.
    ///
    /// With [`Config::dual`], MemDual\*(M): MemSSS\* over RecDual\*
    /// (conjectured in Bhattacharya & Bagchi 1996, §4 for strongly ordered trees
    /// of even depth), i.e. MemSSS\* on the dual tree under a virtual root (see
    /// the [module docs](self)), M from [`minimum`] to [`maximum`]; `None` means
    /// the maximum, where it is RecDual\*.
    ///
    /// ```
    /// use search_bestfirst::memsss;
    /// use tree_core::{Bounds, GenSpec, Generator, minimax};
    ///
    /// let tree = GenSpec::new(Generator::STRONG, 4, 6, 3, 0).build().unwrap();
    /// let least = memsss::minimum(Bounds::uniform(4, 6), &memsss::Config::default()).unwrap();
    /// assert_eq!(least, 1 + 4 * 3);
    /// for m in [least, 30, 85] {
    ///     let out = memsss::search(&tree, &memsss::Config::default().with_memory(m)).unwrap();
    ///     assert_eq!(out.value, minimax(&tree));
    ///     assert!(out.memory.peak <= m);
    /// }
    /// assert!(memsss::search(&tree, &memsss::Config::default().with_memory(least - 1)).is_err());
    ///
    /// // MemDual*.
    /// let tree = GenSpec::new(Generator::STRONG, 3, 6, 1, 0).build().unwrap();
    /// let dual = memsss::Config { dual: true, ..memsss::Config::default() };
    /// let least = memsss::minimum(Bounds::uniform(3, 6), &dual).unwrap();
    /// assert_eq!(least, 2 + 3 * 2); // even d: the lowest MIN level searches in place
    /// let out = memsss::search(&tree, &dual.with_memory(least)).unwrap();
    /// assert_eq!(out.value, minimax(&tree));
    /// assert!(out.memory.peak <= least);
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::BudgetTooSmall`] for M below the minimum (stating it);
    /// [`BestFirstError::UnknownShape`] if the tree reports no shape and none is
    /// given; [`BestFirstError::TooLarge`] if M is `None` and the maximum
    /// overflows (or any budget exceeds 2³² entries);
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
        metered!(tree, &cfg.limits, |t| run_plain(t, cfg, None, cache, &mut ()));
}

crate::open::dual_cache! {
    /// The scratch of MemSSS\* and MemDual\* searches (OPEN, and MemDual\*'s
    /// OPEN of dual nodes), kept between searches by [`search_in`]: a search
    /// no larger than one before allocates nothing.
    ///
    /// ```
    /// use search_bestfirst::memsss::{self, Cache, Config};
    /// use tree_core::worked;
    /// let tree = worked::FIG1.tree();
    /// let cfg = Config::default().with_memory(9);
    /// let mut cache = Cache::new();
    /// let first = memsss::search_in(&tree, &cfg, &mut cache).unwrap();
    /// let again = memsss::search_in(&tree, &cfg, &mut cache).unwrap();
    /// assert_eq!(first, again);
    /// assert_eq!(first, memsss::search(&tree, &cfg).unwrap());
    /// ```
    MemEntry
}

/// [`search`] of MemSSS\* (not MemDual\*, whose dual view has a virtual
/// root: `None`), counting its leaf evaluations and interior expansions
/// itself, up to a stop or an error (see [`crate::tally`]).
pub(crate) fn search_counted<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
) -> (Result<Outcome, BestFirstError>, Option<Counts>) {
    let counted = |counts: &mut Counts| {
        let mut cache = Cache::new();
        metered!(tree, &cfg.limits, |t| run_plain(
            t, cfg, None, &mut cache, counts
        ))
    };
    crate::tally::unless_dual(cfg.dual, || search(tree, cfg), counted)
}

/// [`search`], also recording every node made INACTIVE and every
/// activation ([`MemEvents`]), in the caller's Dewey codes. The recording
/// allocates; the search itself does not.
///
/// ```
/// use search_bestfirst::memsss;
/// use tree_core::worked;
/// let t = worked::FIG1.tree(); // a RECONSTRUCTION of Bhattacharya & Bagchi 1996, Fig. 1
/// let (_, ev) = memsss::search_with_events(&t, &memsss::Config::default().with_memory(9)).unwrap();
/// assert_eq!(ev.inactivated(), ["21".parse().unwrap()]);
/// assert_eq!(ev.activations()[0].solved, "12".parse().unwrap());
/// ```
///
/// # Errors
/// As [`search`].
pub fn search_with_events<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
) -> Result<(Outcome, MemEvents), BestFirstError> {
    let mut events = MemEvents::default();
    let mut cache = Cache::new();
    let out = metered!(tree, &cfg.limits, |t| run_plain(
        t,
        cfg,
        Some(&mut events),
        &mut cache,
        &mut ()
    ))?;
    Ok((out, events))
}

/// The least budget of MemSSS\* on a tree of this shape: 1 + minmem(0) =
/// 1 + b·⌈d/2⌉ (1 + b·⌊d/2⌋ with the odd-depth variant). For MemDual\*:
/// 2 + b·⌈(d − 1)/2⌉ (2 + b·⌊(d − 1)/2⌋ with the variant on even d).
///
/// # Errors
/// [`BestFirstError::TreeShape`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`] or wider than 65,535.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    Ok(cfg.mem_shape(bounds).minimum())
}

/// The budget at which MemSSS\* is RecSSS\*, and RecSSS\*'s OPEN size:
/// 1 + maxmem(0) = 1 + b + … + b^⌈d/2⌉ (⌊d/2⌋ with the odd-depth variant).
/// For MemDual\*, where it is RecDual\*: 2 + b + … + b^⌈(d−1)/2⌉.
///
/// # Errors
/// As [`minimum`], and [`BestFirstError::TooLarge`] on overflow.
pub fn maximum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    check_bounds(bounds)?;
    cfg.mem_shape(bounds).maximum_checked(cfg.name())
}

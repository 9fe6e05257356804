//! IterSSS\*(M) (Bhattacharya & Bagchi 1986; described in Bhattacharya & Bagchi 1996, §2):
//! SSS\* whose OPEN list never holds more than M entries.
//!
//! # The algorithm
//!
//! SSS\* keeps the frontier of the explored part of the tree in OPEN, one
//! state (n, status, h) per frontier node, and repeatedly applies Stockman's
//! Γ operator to the state of highest merit h (see [`sss`](crate::sss()) for
//! the six cases). On a uniform (b, d) tree OPEN grows to b^⌈d/2⌉ states. IterSSS\*
//! gives every state a third field, its *type*, ACTIVE or INACTIVE, and lets
//! only ACTIVE states contend: an INACTIVE state stands for solution trees
//! "held back from contention for the time being" because there is no memory
//! to explore below them. The search starts from (root, LIVE, +∞, ACTIVE) and
//! differs from SSS\* in two places (Bhattacharya & Bagchi 1996, §2):
//!
//! * when a LIVE ACTIVE MAX node x is selected and there is *not enough
//!   memory* to expand it, x is labelled INACTIVE instead of being expanded;
//! * when a SOLVED MIN node p is selected, its parent x is declared solved
//!   (SSS\*'s case 1) only if no INACTIVE descendant of x in OPEN has
//!   h > h(p); otherwise the lexicographically smallest such descendant y is
//!   activated, p stays SOLVED in OPEN, and y is searched with the memory
//!   that has been released below x.
//!
//! # Tie rule and OPEN layout
//!
//! Ties in h go to the left-most node, as in [`Variant::Leftmost`]
//! (Wikipedia's *SSS\**): the selected state is the ACTIVE state of highest h, and among
//! equal h the one with the smallest Dewey code. This is the only rule under
//! which "inactive nodes lie to the right of active ones" and the
//! domination of alpha-beta carry over from SSS\* cleanly, and it makes
//! IterSSS\* with an unlimited budget *identical* to
//! [`sss`](crate::sss()) with [`Variant::Leftmost`]: same leaves, same order.
//!
//! OPEN is stored as the tree it is the frontier of, in blocks (one per
//! expanded MAX node, one slot per MIN son, [`sss`](crate::sss())'s layout):
//! the states below any node are one subtree, so SSS\*'s purges free
//! blocks, and what IterSSS\* adds is kept on the blocks so that no step
//! scans OPEN — the ACTIVE states, a prefix of OPEN in Dewey order, as one
//! boundary along a path; every slot's and block's entries and demand (the
//! memory rule below) bottom-up, so that Need is read at the top and a
//! candidate is checked along its path; the front found as in SSS\*, the
//! current state staying in front while it beats the best ACTIVE
//! alternative on its path. (The paper's implementation scanned OPEN and
//! reports the cost: IterSSS\* "slows down" as M grows "due to the overhead
//! of searching OPEN".) From M ≥ b^⌈d/2⌉ on, where the rule never refuses
//! (point 4 below), the search runs on SSS\*'s own OPEN.
//!
//! # The memory rule: what "enough memory" means
//!
//! The paper's test — "if not enough memory is currently available for
//! exploration of the tree below x" — is not precise, and its two obvious
//! readings fail with a common pool of free memory (both were tried on the
//! random non-uniform test corpus, every budget from the minimum up):
//!
//! * *room for x's sons* (w − 1 free entries): an activated node can be
//!   refused again at once, its activator selected again, and so on — the
//!   search cycles forever on some trees — and on others it evaluates leaves
//!   that alpha-beta prunes;
//! * *room for a minimal search below x* ((b − 1)·⌈(d − t)/2⌉ free entries
//!   for x at depth t): x may take memory that an ACTIVE node to its *left*
//!   needs later. That node must then become INACTIVE to the left of ACTIVE
//!   ones, against the paper's invariant, and the search goes on to evaluate
//!   leaves to its right that alpha-beta prunes (about one (tree, M) pair in
//!   5,000 of that corpus).
//!
//! On uniform random trees neither failure was seen: they expand nodes
//! nearly left to right anyway.
//!
//! Here the test is a reservation. For the current OPEN, let **Need** be the
//! largest memory the search could require if, from now on, it finished
//! everything strictly left to right at minimum memory: for every place p
//! where a node may still have to be expanded — every state in OPEN, and the
//! next brother of every MIN node's current son — count
//!
//! * one entry for each non-empty branch to the left of p, at each MAX
//!   ancestor of p (a finished branch collapses to its one SOLVED state),
//! * every entry to the right of p (it stays where it is),
//! * the minimum memory of a search below p: 1 + (b − 1)·⌈(d − t)/2⌉ for a
//!   LIVE MAX node at depth t whose width is unknown (a MIN node at depth t
//!   counts as its sons at t + 1, searched one at a time), w + (b − 1)·⌈(d −
//!   t − 2)/2⌉ for one known to have w sons, 1 for a SOLVED state or a
//!   terminal,
//!
//! and take the largest total. (Computed as a recursion over the Dewey
//! structure of OPEN: a MAX node's demand is the largest, over its branches
//! i, of [branches left of i] + demand(i) + [entries right of i]; a MIN
//! node's is the larger of its son's and of a fresh search of its next son.)
//!
//! **A LIVE ACTIVE MAX node x is expanded if and only if Need, computed for
//! OPEN with x replaced by its sons, is at most M.** Then:
//!
//! 1. OPEN never holds more than Need ≤ M entries.
//! 2. Need never grows except by an expansion (evaluations, moves to a next
//!    brother or a parent, purges and changes of type never increase it),
//!    and every expansion is checked, so Need ≤ M holds throughout.
//! 3. At the start Need = 1 + (b − 1)·⌈d/2⌉: the paper's minimum
//!    (b − 1)·⌈d/2⌉ + 1 ([`itersss_minimum`]), "(b − 1) inactive nodes at
//!    non-terminal MAX levels and b terminal nodes".
//! 4. Every count in Need describes a partial SSS\* frontier, so Need ≤
//!    b^⌈d/2⌉ for every OPEN: with M ≥ b^⌈d/2⌉ no expansion is ever refused
//!    and IterSSS\* *is* SSS\*, step for step.
//! 5. Expanding the left-most ACTIVE state never increases Need (nothing to
//!    its left is waiting for memory), so the left-most ACTIVE state can
//!    always proceed and the search cannot deadlock.
//!
//! # Inactivation, purging and activation
//!
//! * **Inactivation.** When x is refused, x *and every ACTIVE state to its
//!   right* become INACTIVE; they keep their entries. The paper labels only
//!   x, but states to the right of x that stayed ACTIVE would be searched
//!   while x's solution trees are held back, which is what its invariant
//!   "an inactive node … is lexicographically larger than … any active node"
//!   rules out. With it, every state to the left of the selected one is in
//!   contention, so IterSSS\* is at least as well informed as alpha-beta and
//!   never evaluates a leaf alpha-beta prunes (Bhattacharya & Bagchi 1996, §2–3; checked tree by
//!   tree in the tests).
//! * **Purging.** A selected SOLVED MIN p with parent x and an INACTIVE
//!   descendant of x above h(p): every other state below x with h ≤ h(p) is
//!   purged, ACTIVE or not — x's value is at least h(p) and those states can
//!   only show values ≤ h(p); SSS\*'s case 1 would purge them too.
//!   Without such a descendant, case 1 applies as in SSS\*.
//! * **Activation.** After the purge the states below x are p and INACTIVE
//!   states above h(p); the left-most, y, becomes ACTIVE and, having the
//!   highest h in contention, is selected next with the memory the purge and
//!   the collapse of p's subtree released. ("Since any inactive successor z
//!   of x must be at a depth ≥ depth(p), the space released below p is
//!   adequate" — under the reservation rule this is a theorem when nothing
//!   to the left of x is still unfinished.)
//! * **Activation chains.** If y, or what y leads to without a leaf being
//!   evaluated (its first son if it is a MIN node, its next brother if it
//!   is a SOLVED MAX node, a further activation below), cannot be expanded because the memory is reserved for unfinished
//!   nodes left of x, then p — the state whose selection started the chain —
//!   and everything to its right become INACTIVE instead, and the search
//!   finishes the part to the left first. p is activated again later by a
//!   SOLVED MIN node higher up. This never happens when nothing to the left
//!   of x is unfinished (point 5), so it cannot loop.
//!
//! # Non-uniform trees
//!
//! The rule uses the shape's bounds: b = the largest number of sons, d = the
//! depth ([`IterConfig::shape`], else [`Tree::bounds`]). A node with more
//! than b sons or an interior node at depth ≥ d is a
//! [`BestFirstError::TreeShape`] error, since the budget was computed from
//! the bounds.
//!
//! # Memory and counting
//!
//! Memory is counted in OPEN entries, as the paper counts it: the budget is
//! min(M, b^⌈d/2⌉) entries — by point 4 a larger budget can never be used —
//! and [`Memory::capacity`] reports it; the peak is the most entries held.
//! The blocks and slots are allocated once, before the search, for that
//! budget (a block per expanded MAX node holding entries, a slot per son;
//! [`Memory::entry_bytes`] is what they take per budgeted entry), and the
//! search loop allocates nothing else. `num_children` is asked once per
//! node: the width of an INACTIVE node is kept in its slot.

use tree_core::{Bounds, Tree, Value};

mod engine;
#[cfg(test)]
mod reference;

use engine::{Arena, Run};

use crate::error::BestFirstError;
use crate::open::{Memory, Outcome};
use crate::shape::{check_levels, shape};
use crate::sss::{Gamma, Params, Start, Variant, gamma_search, minimum_memory, no_frontier};

const NAME: &str = "IterSSS*";
/// A width not asked yet.
const UNKNOWN: u32 = u32::MAX;

/// How an IterSSS\* search is configured (Bhattacharya & Bagchi 1996, §2).
///
/// ```
/// use search_bestfirst::IterConfig;
/// let cfg = IterConfig { memory: Some(13), ..IterConfig::default() };
/// assert_eq!(cfg.shape, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IterConfig {
    /// The budget M, in OPEN entries; `None` = [`itersss_minimum`].
    pub memory: Option<usize>,
    /// The tree's shape (maximum branching, depth), if the tree does not
    /// report it or a different bound is wanted.
    pub shape: Option<Bounds>,
}

/// What one IterSSS\* search did with its types (Bhattacharya & Bagchi 1996, §2), for studies of
/// how memory is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IterCounts {
    /// Inactivations: a LIVE MAX node refused for lack of memory (or an
    /// activation chain that could not proceed), with everything to its
    /// right labelled INACTIVE.
    pub inactivations: u64,
    /// Activations: an INACTIVE descendant brought back into contention when
    /// a SOLVED MIN node was selected.
    pub activations: u64,
    /// Activation chains refused: inactivations (counted in
    /// `inactivations` too) where the node that could not be expanded had
    /// just been reached through activations, so that the SOLVED MIN node
    /// that started the chain was inactivated with everything to its right.
    pub refused_chains: u64,
}

/// The reusable OPEN arena of IterSSS\* (Bhattacharya & Bagchi 1996, §2): one array of at most
/// M entries, kept in left-to-right order. Keep one between searches to
/// avoid reallocating; after a search it also holds that search's
/// [`IterCounts`].
///
/// ```
/// use search_bestfirst::{IterConfig, IterOpen, itersss_in};
/// use tree_core::worked;
/// let tree = worked::PI.tree();
/// let mut open = IterOpen::new();
/// for m in [5, 7, 9] {
///     let out = itersss_in(&tree, &IterConfig { memory: Some(m), shape: None }, &mut open)
///         .unwrap();
///     assert_eq!(out.value.get(), 2);
///     assert!(out.memory.peak <= m);
/// }
/// ```
#[derive(Debug, Clone)]
pub struct IterOpen<N> {
    arena: Arena<N>,
    counts: IterCounts,
}

impl<N> IterOpen<N> {
    /// An empty arena; the first search allocates it.
    pub fn new() -> IterOpen<N> {
        IterOpen {
            arena: Arena::new(),
            counts: IterCounts::default(),
        }
    }

    /// Inactivations and activations of the last search.
    pub fn counts(&self) -> IterCounts {
        self.counts
    }

    /// Bytes allocated by the last search's arena (blocks and slots, and
    /// the small per-level and per-width arrays of the memory rule and the
    /// freed slot ranges).
    pub fn bytes(&self) -> usize {
        self.arena.bytes()
    }
}

impl<N> Default for IterOpen<N> {
    fn default() -> Self {
        IterOpen::new()
    }
}

/// The least budget with which IterSSS\* can search every tree of this shape
/// (Bhattacharya & Bagchi 1996, §2): **(b − 1)·⌈d/2⌉ + 1** OPEN entries, "(b − 1) inactive nodes
/// at non-terminal MAX levels and b terminal nodes" (1 for a terminal root).
/// Uniform trees need all of it. From b^⌈d/2⌉
/// ([`minimum_memory`]`(bounds, false)`) on, IterSSS\* is SSS\*.
///
/// ```
/// use search_bestfirst::itersss_minimum;
/// use tree_core::Bounds;
/// assert_eq!(itersss_minimum(Bounds::uniform(2, 6)), Ok(4));
/// assert_eq!(itersss_minimum(Bounds::uniform(4, 10)), Ok(16));
/// assert_eq!(itersss_minimum(Bounds::uniform(6, 8)), Ok(21));
/// assert_eq!(itersss_minimum(Bounds::uniform(5, 0)), Ok(1));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for a branching of 0 with a depth
/// above 0, [`BestFirstError::TreeShape`] for a depth above [`MAX_DEPTH`](tree_core::MAX_DEPTH),
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn itersss_minimum(bounds: Bounds) -> Result<usize, BestFirstError> {
    check_levels(NAME, bounds)?;
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    if d == 0 {
        return Ok(1);
    }
    (b - 1)
        .checked_mul(d.div_ceil(2))
        .and_then(|m| m.checked_add(1))
        .ok_or(BestFirstError::TooLarge { algorithm: NAME })
}

/// IterSSS\*(M) (Bhattacharya & Bagchi 1986; Bhattacharya & Bagchi 1996, §2): the root's
/// minimax value by SSS\* with ACTIVE/INACTIVE states and at most M OPEN
/// entries; see the [module docs](self) for the memory rule. Ties go to the
/// left-most node; with M ≥ b^⌈d/2⌉ it evaluates the same leaves in the
/// same order as [`sss`](crate::sss()) with [`Variant::Leftmost`], and at
/// every M it evaluates no leaf that alpha-beta prunes ("it prunes at least
/// as many terminal nodes as Alpha-Beta").
///
/// ```
/// use search_bestfirst::{IterConfig, itersss, itersss_minimum};
/// use search_depthfirst::{Window, alphabeta};
/// use tree_core::{Counted, Tree, worked};
/// // Knuth and Moore's (3,4) tree of the digits of pi: alpha-beta reads 31 leaves.
/// let tree = worked::PI.tree();
/// let ab = Counted::new(&tree);
/// alphabeta(&ab, Window::FULL).unwrap();
/// let minimum = itersss_minimum(tree.bounds().unwrap()).unwrap();
/// assert_eq!(minimum, 5); // (3 - 1) * 2 + 1
/// for m in minimum..=9 {
///     let counted = Counted::new(&tree);
///     let cfg = IterConfig { memory: Some(m), ..IterConfig::default() };
///     let out = itersss(&counted, &cfg).unwrap();
///     assert_eq!(out.value.get(), 2);
///     assert!(out.memory.peak <= m);
///     assert!(counted.stats().leaves <= ab.stats().leaves);
/// }
/// let too_small = IterConfig { memory: Some(4), ..IterConfig::default() };
/// let e = itersss(&tree, &too_small).unwrap_err();
/// assert!(e.to_string().contains("at least 5"), "{e}");
/// ```
///
/// # Errors
/// * [`BestFirstError::UnknownShape`] if neither `cfg.shape` nor
///   [`Tree::bounds`] gives the shape; the errors of [`itersss_minimum`] for
///   a bad shape;
/// * [`BestFirstError::BudgetTooSmall`], stating (b − 1)·⌈d/2⌉ + 1, for a
///   budget below it — before anything is searched;
/// * [`BestFirstError::TreeShape`] if the tree exceeds its shape (a node with
///   more sons than the branching bound, an interior node at the depth
///   bound);
/// * [`BestFirstError::SentinelLeaf`] for a terminal valued ±∞.
pub fn itersss<T: Tree + ?Sized>(tree: &T, cfg: &IterConfig) -> Result<Outcome, BestFirstError> {
    itersss_in(tree, cfg, &mut IterOpen::new())
}

/// [`itersss`] (Bhattacharya & Bagchi 1996, §2) with a caller-supplied OPEN arena, reused
/// without reallocation when it is already large enough; [`IterOpen::counts`]
/// then tells how often the search inactivated and activated.
///
/// ```
/// use search_bestfirst::{IterConfig, IterOpen, itersss_in, minimum_memory};
/// use tree_core::{Tree, worked};
/// // The reconstruction of Bhattacharya & Bagchi 1996's Fig. 1 tree, a uniform (2,6) tree.
/// let tree = worked::FIG1.tree();
/// let mut open = IterOpen::new();
/// let at = |m, open: &mut IterOpen<_>| {
///     itersss_in(&tree, &IterConfig { memory: Some(m), shape: None }, open).unwrap()
/// };
/// let out = at(4, &mut open); // the minimum, (2 - 1) * 3 + 1
/// assert_eq!(out.value.get(), 6);
/// assert!(open.counts().inactivations > 0 && open.counts().activations > 0);
/// // From 2^3 = 8 entries on it never needs to hold anything back: it is SSS*.
/// assert_eq!(minimum_memory(tree.bounds().unwrap(), false), Ok(8));
/// at(8, &mut open);
/// assert_eq!(open.counts().inactivations, 0);
/// ```
///
/// # Errors
/// As [`itersss`].
pub fn itersss_in<T: Tree + ?Sized>(
    tree: &T,
    cfg: &IterConfig,
    open: &mut IterOpen<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let bounds = shape(tree, cfg.shape, NAME)?;
    let minimum = itersss_minimum(bounds)?;
    let budget = match cfg.memory {
        Some(m) if m < minimum => {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm: NAME,
                given: m,
                minimum,
            });
        }
        Some(m) => m,
        None => minimum,
    };
    // Need never exceeds b^⌈d/2⌉, so more than that is never used.
    let full = minimum_memory(bounds, false).ok();
    let capacity = full.map_or(budget, |f| budget.min(f.max(minimum)));
    open.counts = IterCounts::default();
    if full.is_some_and(|f| capacity >= f) {
        // The memory rule never refuses: IterSSS* is SSS* with the
        // left-most rule, step for step (point 4), so it runs on SSS*'s
        // block-structured OPEN, with IterSSS*'s shape checks.
        let mut g = Gamma::new(capacity, Variant::Leftmost, bounds, 0);
        let p = Params {
            variant: Variant::Leftmost,
            chooser_even: true,
            negate: false,
            horizon: usize::MAX,
            algorithm: NAME,
            shape: Some(bounds),
        };
        let root = tree.root();
        let start = Start {
            root: &root,
            depth: 0,
            lower: Value::NEG_INF,
            upper: Value::INF,
        };
        let value = gamma_search(tree, &p, &mut g, start, &mut no_frontier, None)?;
        return Ok(Outcome::new(value, g.best, g.memory()));
    }
    open.arena.reset(capacity, bounds.branching, bounds.depth);
    let mut run = Run::new(
        tree,
        &mut open.arena,
        (bounds.branching, bounds.depth),
        capacity,
        full.is_none_or(|f| capacity < f),
    );
    let result = run.run();
    let (peak, counts, best) = (run.peak, run.counts, run.best);
    open.counts = counts;
    let value = result?;
    Ok(Outcome::new(
        value,
        (best != u32::MAX).then_some(best as usize),
        Memory {
            capacity,
            peak,
            entry_bytes: open.arena.bytes().div_ceil(capacity.max(1)),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::{GenSpec, Generator, Traced, corpus};

    /// What a search shows: result, counts, leaves in order, expansions.
    type Seen = (
        Result<Outcome, BestFirstError>,
        IterCounts,
        Vec<tree_core::Dewey>,
        u64,
    );

    /// The block engine and the reference at every budget from the minimum
    /// to b^⌈d/2⌉ (a spread of them on larger trees), and with a shape too
    /// small for the tree.
    fn check_same<T: Tree>(tree: &T, what: &str) -> usize {
        let bounds = tree.bounds().unwrap();
        let lo = itersss_minimum(bounds).unwrap();
        let hi = minimum_memory(bounds, false).unwrap().max(lo);
        let mut ms: Vec<usize> = if hi - lo <= 40 {
            (lo..=hi).collect()
        } else {
            let mut v = vec![lo, lo + 1, lo + 2, (lo + hi) / 2, hi - 1];
            let mut m = lo;
            while m < hi {
                v.push(m);
                m = m * 5 / 4 + 1;
            }
            v
        };
        ms.sort_unstable();
        ms.dedup();
        let mut shapes = vec![None];
        if bounds.depth > 0 {
            shapes.push(Some(Bounds::uniform(
                bounds.branching.max(1),
                bounds.depth - 1,
            )));
        }
        let mut open = IterOpen::new();
        let mut n = 0;
        for shape in shapes {
            let b = shape.unwrap_or(bounds);
            let (lo, hi) = (
                itersss_minimum(b).unwrap(),
                minimum_memory(b, false).unwrap().max(1),
            );
            for &m in ms.iter().filter(|&&m| m >= lo && m < hi) {
                let cfg = IterConfig {
                    memory: Some(m),
                    shape,
                };
                let new: Seen = {
                    let t = Traced::new(tree);
                    let r = itersss_in(&t, &cfg, &mut open);
                    (r, open.counts(), t.order(), t.stats().interior)
                };
                let old: Seen = {
                    let t = Traced::new(tree);
                    let (r, c) = reference::run(&t, b.branching, b.depth, m, true);
                    (r, c, t.order(), t.stats().interior)
                };
                let strip = |s: &Seen| {
                    (
                        s.0.clone()
                            .map(|o| (o.value, o.memory.peak, o.memory.capacity)),
                        s.1,
                        s.2.clone(),
                        s.3,
                    )
                };
                assert_eq!(
                    strip(&new),
                    strip(&old),
                    "M = {m}, shape {shape:?} on {what}"
                );
                n += 1;
            }
        }
        n
    }

    #[test]
    fn blocks_behave_as_the_reference_on_random_trees() {
        let mut runs = 0;
        for (text, tree) in corpus::random_trees(0x17e, 2_000) {
            runs += check_same(&tree, &text);
        }
        assert!(runs > 5_000, "{runs}");
    }

    #[test]
    fn blocks_behave_as_the_reference_on_generated_trees() {
        let mut runs = 0;
        for tree in corpus::generated_trees(6) {
            runs += check_same(&tree, &format!("{:?}", tree.spec()));
        }
        for (g, b, d, n) in [
            (Generator::RANDOM, 3, 5, 6),
            (Generator::Random { lo: 0, hi: 3 }, 3, 5, 6),
            (Generator::RANDOM, 2, 8, 6),
            (Generator::STRONG, 3, 6, 3),
            (Generator::RANDOM, 4, 5, 3),
        ] {
            for seed in 0..n {
                let tree = GenSpec::new(g, b, d, seed, seed).build().unwrap();
                runs += check_same(&tree, &format!("{:?}", tree.spec()));
            }
        }
        assert!(runs > 2_000, "{runs}");
    }
}

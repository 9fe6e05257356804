//! IterSSS\*(M) (Bhattacharya & Bagchi 1986; described in Bhattacharya & Bagchi 1996, §2):
//! SSS\* whose OPEN list never holds more than M entries.
//!
//! # The algorithm
//!
//! SSS\* keeps the frontier of the explored part of the tree in OPEN, one
//! state (n, status, h) per frontier node, and repeatedly applies Stockman's
//! Γ operator to the state of highest merit h (see [`sss::search`](crate::sss::search) for
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
//! [`sss::search`](crate::sss::search) with [`Variant::Leftmost`]: same leaves, same order.
//!
//! OPEN is stored as the tree it is the frontier of, in blocks (one per
//! expanded MAX node, one slot per MIN son, [`sss::search`](crate::sss::search)'s layout):
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
//!    (b − 1)·⌈d/2⌉ + 1 ([`minimum`]), "(b − 1) inactive nodes at
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
//! depth ([`Config::shape`], else [`Tree::bounds`]). A node with more
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

mod activation;
mod arena;
mod config;
mod engine;
mod need;
#[cfg(test)]
mod reference;
mod run;
mod select;
#[cfg(test)]
mod tests;

use tree_core::Tree;

use self::arena::Arena;
use self::config::NAME;
use self::config::least;
pub use self::config::{Config, Counts, maximum, minimum};
use self::run::Run;
use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::{Memory, Outcome};
use crate::shape::shape;
use crate::sss::{Gamma, Params, Start, Variant, full_size, gamma_search, no_frontier};

/// The reusable OPEN arena of IterSSS\* (Bhattacharya & Bagchi 1996, §2): one array of at most
/// M entries, kept in left-to-right order. Keep one between searches to
/// avoid reallocating; after a search it also holds that search's
/// [`Counts`].
///
/// ```
/// use search_bestfirst::itersss::{self, Cache, Config};
/// use tree_core::worked;
/// let tree = worked::PI.tree();
/// let mut open = Cache::new();
/// for m in [5, 7, 9] {
///     let out = itersss::search_in(&tree, &Config::default().with_memory(m), &mut open)
///         .unwrap();
///     assert_eq!(out.value.get(), 2);
///     assert!(out.memory.peak <= m);
/// }
/// ```
#[derive(Debug, Clone)]
pub struct Cache<N> {
    arena: Arena<N>,
    counts: Counts,
}

impl<N> Cache<N> {
    /// An empty arena; the first search allocates it.
    pub fn new() -> Cache<N> {
        Cache {
            arena: Arena::new(),
            counts: Counts::default(),
        }
    }

    /// Inactivations and activations of the last search.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Bytes allocated by the last search's arena (blocks and slots, and
    /// the small per-level and per-width arrays of the memory rule and the
    /// freed slot ranges).
    pub fn bytes(&self) -> usize {
        self.arena.bytes()
    }
}

impl<N> Default for Cache<N> {
    fn default() -> Self {
        Cache::new()
    }
}

crate::open::searches! {
    /// IterSSS\*(M) (Bhattacharya & Bagchi 1986; Bhattacharya & Bagchi 1996, §2): the root's
    /// minimax value by SSS\* with ACTIVE/INACTIVE states and at most M OPEN
    /// entries; see the [module docs](self) for the memory rule. Ties go to the
    /// left-most node; with M ≥ b^⌈d/2⌉ it evaluates the same leaves in the
    /// same order as [`sss::search`](crate::sss::search) with [`Variant::Leftmost`], and at
    /// every M it evaluates no leaf that alpha-beta prunes ("it prunes at least
    /// as many terminal nodes as Alpha-Beta").
    ///
    /// ```
    /// use search_bestfirst::itersss::{self, Config};
    /// use search_depthfirst::{Window, alphabeta};
    /// use tree_core::{Counted, Tree, worked};
    /// // Knuth and Moore's (3,4) tree of the digits of pi: alpha-beta reads 31 leaves.
    /// let tree = worked::PI.tree();
    /// let ab = Counted::new(&tree);
    /// alphabeta(&ab, Window::FULL).unwrap();
    /// let minimum = itersss::minimum(tree.bounds().unwrap(), &Config::default()).unwrap();
    /// assert_eq!(minimum, 5); // (3 - 1) * 2 + 1
    /// for m in minimum..=9 {
    ///     let counted = Counted::new(&tree);
    ///     let cfg = Config::default().with_memory(m);
    ///     let out = itersss::search(&counted, &cfg).unwrap();
    ///     assert_eq!(out.value.get(), 2);
    ///     assert!(out.memory.peak <= m);
    ///     assert!(counted.stats().leaves <= ab.stats().leaves);
    /// }
    /// let too_small = Config::default().with_memory(4);
    /// let e = itersss::search(&tree, &too_small).unwrap_err();
    /// assert!(e.to_string().contains("at least 5"), "{e}");
    /// ```
    ///
    /// # Errors
    /// * [`BestFirstError::UnknownShape`] if neither `cfg.shape` nor
    ///   [`Tree::bounds`] gives the shape; the errors of [`minimum`] for
    ///   a bad shape;
    /// * [`BestFirstError::BudgetTooSmall`], stating (b − 1)·⌈d/2⌉ + 1, for a
    ///   budget below it — before anything is searched;
    /// * [`BestFirstError::TreeShape`] if the tree exceeds its shape (a node with
    ///   more sons than the branching bound, an interior node at the depth
    ///   bound);
    /// * [`BestFirstError::SentinelLeaf`] for a terminal valued ±∞;
    /// * [`BestFirstError::Stopped`] if one of [`Config::limits`] stopped it.
    fn search;
    /// [`search`] (Bhattacharya & Bagchi 1996, §2) with a caller-supplied OPEN arena, reused
    /// without reallocation when it is already large enough; [`Cache::counts`]
    /// then tells how often the search inactivated and activated.
    ///
    /// ```
    /// use search_bestfirst::itersss::{self, Cache, Config};
    /// use tree_core::{Tree, worked};
    /// // The reconstruction of Bhattacharya & Bagchi 1996's Fig. 1 tree, a uniform (2,6) tree.
    /// let tree = worked::FIG1.tree();
    /// let mut open = Cache::new();
    /// let at = |m, open: &mut Cache<_>| {
    ///     itersss::search_in(&tree, &Config::default().with_memory(m), open).unwrap()
    /// };
    /// let out = at(4, &mut open); // the minimum, (2 - 1) * 3 + 1
    /// assert_eq!(out.value.get(), 6);
    /// assert!(open.counts().inactivations > 0 && open.counts().activations > 0);
    /// // From 2^3 = 8 entries on it never needs to hold anything back: it is SSS*.
    /// assert_eq!(itersss::maximum(tree.bounds().unwrap(), &Config::default()), Ok(8));
    /// at(8, &mut open);
    /// assert_eq!(open.counts().inactivations, 0);
    /// ```
    ///
    /// # Errors
    /// As [`search`].
    fn search_in(tree, cfg, open) =
        metered!(tree, &cfg.limits, |t| search_plain(t, cfg, open));
}

/// [`search_in`] without looking at the limits.
fn search_plain<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
    open: &mut Cache<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let bounds = shape(tree, cfg.shape, NAME)?;
    let minimum = least(bounds)?;
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
    let full = full_size(bounds, false).ok();
    let capacity = full.map_or(budget, |f| budget.min(f.max(minimum)));
    open.counts = Counts::default();
    if full.is_some_and(|f| capacity >= f) {
        // The memory rule never refuses: IterSSS* is SSS* with the
        // left-most rule, step for step (point 4), so it runs on SSS*'s
        // block-structured OPEN, with IterSSS*'s shape checks.
        let mut g = Gamma::new(capacity, capacity, Variant::Leftmost, bounds, 0, NAME)?;
        let p = Params {
            shape: Some(bounds),
            ..Params::sss(Variant::Leftmost, NAME)
        };
        let root = tree.root();
        let start = Start::at_root(&root);
        let value = gamma_search(tree, &p, &mut g, start, &mut no_frontier, None)?;
        return Ok(Outcome::new(value, g.best, g.memory()));
    }
    open.arena.reset(capacity, bounds.branching, bounds.depth)?;
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

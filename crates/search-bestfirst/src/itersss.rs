//! IterSSS\*(M) (Bhattacharya & Bagchi, AAAI-86; described in `000_*` §2):
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
//! differs from SSS\* in two places (`000_*` §2):
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
//! Ties in h go to the left-most node, as in [`Variant::Leftmost`](crate::Variant::Leftmost)
//! (`004_*`): the selected state is the ACTIVE state of highest h, and among
//! equal h the one with the smallest Dewey code. This is the only rule under
//! which "inactive nodes lie to the right of active ones" and the
//! domination of alpha-beta carry over from SSS\* cleanly, and it makes
//! IterSSS\* with an unlimited budget *identical* to
//! [`sss`](crate::sss()) with [`Variant::Leftmost`](crate::Variant::Leftmost): same leaves, same order.
//!
//! OPEN is one [`Open`] array kept in left-to-right (Dewey) order rather than
//! in priority order: the states below any node form one contiguous run, so
//! SSS\*'s purges and the memory rule below are single passes, and selection
//! is a scan for the highest h. (The paper reports exactly this cost:
//! IterSSS\* "slows down" as M grows "due to the overhead of searching OPEN".)
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
//!   never evaluates a leaf alpha-beta prunes (`000_*` §2–3; checked tree by
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
//! Memory is counted in OPEN entries, as the paper counts it. The array is
//! allocated once, before the search, for min(M, b^⌈d/2⌉) entries — by point
//! 4 a larger budget can never be used — and [`Memory::capacity`] reports
//! what was allocated. The search loop allocates nothing else (Dewey codes
//! are inline to depth [`tree_core::INLINE_DEPTH`]). `num_children` is asked
//! once per node: the width of an INACTIVE node is kept in its entry.

use tree_core::{Bounds, Dewey, MAX_DEPTH, Tree, Value};

use crate::Variant;
use crate::sss::{Gamma, Params, Start, Status, gamma_search, no_frontier, node_at};
use crate::{BestFirstError, Memory, Open, Outcome, minimum_memory};

const NAME: &str = "IterSSS*";
/// `IterEntry::kids` before `num_children` has been asked.
const UNKNOWN: u32 = u32::MAX;

/// How an IterSSS\* search is configured (`000_*` §2).
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

/// What one IterSSS\* search did with its types (`000_*` §2), for studies of
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

/// One OPEN entry: the state (n, status, h) of SSS\*, its type, and what the
/// operator needs to move on without re-expanding.
#[derive(Debug, Clone)]
pub(crate) struct IterEntry<N> {
    node: N,
    /// The node's Dewey code.
    dewey: Dewey,
    /// widths[i] = number of sons of the ancestor at depth i.
    widths: Dewey,
    status: Status,
    /// ACTIVE (true) or INACTIVE (false).
    active: bool,
    h: Value,
    /// The node's number of sons once asked, else [`UNKNOWN`].
    kids: u32,
}

/// The reusable OPEN arena of IterSSS\* (`000_*` §2): one array of at most
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
    open: Open<IterEntry<N>>,
    counts: IterCounts,
}

impl<N> IterOpen<N> {
    /// An empty arena; the first search allocates it.
    pub fn new() -> IterOpen<N> {
        IterOpen {
            open: Open::with_capacity(0),
            counts: IterCounts::default(),
        }
    }

    /// Inactivations and activations of the last search.
    pub fn counts(&self) -> IterCounts {
        self.counts
    }

    /// Bytes of one OPEN entry for this node type.
    pub const fn entry_bytes() -> usize {
        Open::<IterEntry<N>>::entry_bytes()
    }
}

impl<N> Default for IterOpen<N> {
    fn default() -> Self {
        IterOpen::new()
    }
}

/// The least budget with which IterSSS\* can search every tree of this shape
/// (`000_*` §2): **(b − 1)·⌈d/2⌉ + 1** OPEN entries, "(b − 1) inactive nodes
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
/// above 0, [`BestFirstError::TreeShape`] for a depth above [`MAX_DEPTH`],
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn itersss_minimum(bounds: Bounds) -> Result<usize, BestFirstError> {
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    if d > MAX_DEPTH {
        return Err(BestFirstError::TreeShape {
            message: format!("{NAME}: depth {d} exceeds the supported maximum of {MAX_DEPTH}"),
        });
    }
    if b == 0 && d > 0 {
        return Err(BestFirstError::InvalidParameter {
            name: "bounds",
            message: format!("branching 0 with depth {d}: a tree with interior nodes has b >= 1"),
        });
    }
    if d == 0 {
        return Ok(1);
    }
    (b - 1)
        .checked_mul(d.div_ceil(2))
        .and_then(|m| m.checked_add(1))
        .ok_or(BestFirstError::TooLarge { algorithm: NAME })
}

/// IterSSS\*(M) (Bhattacharya & Bagchi 1986; `000_*` §2): the root's
/// minimax value by SSS\* with ACTIVE/INACTIVE states and at most M OPEN
/// entries; see the [module docs](self) for the memory rule. Ties go to the
/// left-most node; with M ≥ b^⌈d/2⌉ it evaluates the same leaves in the
/// same order as [`sss`](crate::sss()) with [`Variant::Leftmost`](crate::Variant::Leftmost), and at
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

/// [`itersss`] (`000_*` §2) with a caller-supplied OPEN arena, reused
/// without reallocation when it is already large enough; [`IterOpen::counts`]
/// then tells how often the search inactivated and activated.
///
/// ```
/// use search_bestfirst::{IterConfig, IterOpen, itersss_in, minimum_memory};
/// use tree_core::{Tree, worked};
/// // The reconstruction of 000_*'s Fig. 1 tree, a uniform (2,6) tree.
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
    let bounds = crate::shape(tree, cfg.shape, NAME)?;
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
        return Ok(Outcome {
            value,
            memory: g.memory(),
        });
    }
    open.open.reset(capacity);
    let root = tree.root();
    let mut search = Search {
        tree,
        root: &root,
        open: &mut open.open,
        b: bounds.branching,
        d: bounds.depth,
        limit: capacity,
        check: full.is_none_or(|f| capacity < f),
        counts: IterCounts::default(),
    };
    let result = search.run();
    open.counts = search.counts;
    let value = result?;
    Ok(Outcome {
        value,
        memory: Memory::of(&open.open),
    })
}

struct Search<'a, T: Tree + ?Sized> {
    tree: &'a T,
    root: &'a T::Node,
    open: &'a mut Open<IterEntry<T::Node>>,
    b: usize,
    d: usize,
    /// M (as allocated).
    limit: usize,
    /// Whether the memory rule can ever refuse (M < b^⌈d/2⌉).
    check: bool,
    counts: IterCounts,
}

/// The expansion the memory rule is asked about: the entry at `index`
/// replaced by its `width` sons.
#[derive(Clone, Copy)]
struct Candidate {
    index: usize,
    width: usize,
}

impl<T: Tree + ?Sized> Search<'_, T> {
    fn run(&mut self) -> Result<Value, BestFirstError> {
        self.open.push(
            NAME,
            IterEntry {
                node: self.root.clone(),
                dewey: Dewey::root(),
                widths: Dewey::root(),
                status: Status::Live,
                active: true,
                h: Value::INF,
                kids: UNKNOWN,
            },
        )?;
        // The state whose selection started the current activation chain.
        let mut chain: Option<Dewey> = None;
        loop {
            #[cfg(debug_assertions)]
            self.check_invariants();
            let i = self
                .select()
                .expect("the left-most OPEN entry is always ACTIVE");
            let (t, status) = {
                let e = &self.open.entries()[i];
                (e.dewey.depth(), e.status)
            };
            match status {
                Status::Solved if t == 0 => return Ok(self.open.entries()[i].h),
                Status::Solved if t % 2 == 1 => {
                    let p = self.open.entries()[i].dewey.clone();
                    if self.solved_min(i) {
                        chain.get_or_insert(p);
                        self.counts.activations += 1;
                    } else {
                        chain = None;
                    }
                }
                Status::Solved => self.solved_max(i),
                Status::Live => {
                    let w = self.width(i)?;
                    if w == 0 {
                        self.evaluate(i)?;
                        chain = None;
                    } else if t % 2 == 1 {
                        self.first_son(i, w);
                    } else if self.fits(Candidate { index: i, width: w }) {
                        self.expand(i, w)?;
                        chain = None;
                    } else {
                        let from = match chain.take() {
                            Some(origin) => {
                                self.counts.refused_chains += 1;
                                origin
                            }
                            None => self.open.entries()[i].dewey.clone(),
                        };
                        self.inactivate_from(&from);
                        self.counts.inactivations += 1;
                    }
                }
            }
        }
    }

    /// The ACTIVE entry of highest h, the left-most among equals.
    fn select(&self) -> Option<usize> {
        let es = self.open.entries();
        let mut best: Option<usize> = None;
        for (i, e) in es.iter().enumerate() {
            if e.active && best.is_none_or(|j| e.h > es[j].h) {
                best = Some(i);
            }
        }
        best
    }

    /// (b − 1)·⌈(d − t)/2⌉: the memory, beyond its own entry, of a minimal
    /// search below a MAX node at depth t of unknown width.
    fn need(&self, t: usize) -> usize {
        if t < self.d {
            (self.b - 1) * (self.d - t).div_ceil(2)
        } else {
            0
        }
    }

    /// The number of sons of entry `i`, asked once and kept.
    fn width(&mut self, i: usize) -> Result<usize, BestFirstError> {
        let e = &self.open.entries()[i];
        if e.kids != UNKNOWN {
            return Ok(e.kids as usize);
        }
        let t = e.dewey.depth();
        let w = self.tree.num_children(&e.node);
        if w > 0 && (w > self.b || t >= self.d) {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{NAME}: node {} at depth {t} has {w} children, beyond the shape \
                     (branching {}, depth {}) the budget was computed from",
                    e.dewey, self.b, self.d
                ),
            });
        }
        let kids = u16::try_from(w).map_err(|_| BestFirstError::TreeShape {
            message: format!("a node has {w} children; at most 65,535 are supported"),
        })?;
        self.open.entries_mut()[i].kids = u32::from(kids);
        Ok(w)
    }

    /// Case 4: evaluate a terminal, h := min(h, v), SOLVED.
    fn evaluate(&mut self, i: usize) -> Result<(), BestFirstError> {
        let v = self.tree.value(&self.open.entries()[i].node);
        if v.is_infinite() {
            return Err(BestFirstError::SentinelLeaf { value: v });
        }
        let e = &mut self.open.entries_mut()[i];
        e.h = e.h.min(v);
        e.status = Status::Solved;
        Ok(())
    }

    /// Case 5: a LIVE MIN node is replaced by its first son.
    fn first_son(&mut self, i: usize, w: usize) {
        let node = self.tree.child(&self.open.entries()[i].node, 0);
        let e = &mut self.open.entries_mut()[i];
        e.node = node;
        e.dewey.push(0);
        e.widths.push(w);
        e.kids = UNKNOWN;
    }

    /// Case 6: a LIVE MAX node is replaced by all its sons, left to right.
    fn expand(&mut self, i: usize, w: usize) -> Result<(), BestFirstError> {
        let parent = self.open.entries()[i].clone();
        let mut widths = parent.widths.clone();
        widths.push(w);
        let son = |k: usize| IterEntry {
            node: self.tree.child(&parent.node, k),
            dewey: parent.dewey.child(k),
            widths: widths.clone(),
            status: Status::Live,
            active: true,
            h: parent.h,
            kids: UNKNOWN,
        };
        let first = son(0);
        for k in 1..w {
            self.open.insert(NAME, i + k, son(k))?;
        }
        self.open.entries_mut()[i] = first;
        Ok(())
    }

    /// Cases 2 and 3: a SOLVED MAX node passes its h to its next brother,
    /// or, being the last, solves its MIN parent.
    fn solved_max(&mut self, i: usize) {
        let e = &self.open.entries()[i];
        let k = e.dewey.last().expect("not the root");
        let t = e.dewey.depth();
        let w = usize::from(e.widths.digits()[t - 1]);
        let mut parent = e.dewey.clone();
        parent.pop();
        let pnode = node_at(self.tree, self.root, parent.digits());
        if k + 1 < w {
            let node = self.tree.child(&pnode, k + 1);
            let e = &mut self.open.entries_mut()[i];
            e.node = node;
            e.dewey = parent.child(k + 1);
            e.status = Status::Live;
            e.kids = UNKNOWN;
        } else {
            let e = &mut self.open.entries_mut()[i];
            e.node = pnode;
            e.dewey = parent;
            e.widths.pop();
            e.kids = UNKNOWN;
        }
    }

    /// The run of entries below `x` (contiguous in Dewey order) around `i`.
    fn range_below(&self, x: &Dewey, i: usize) -> (usize, usize) {
        let es = self.open.entries();
        let mut lo = i;
        while lo > 0 && x.is_prefix_of(&es[lo - 1].dewey) {
            lo -= 1;
        }
        let mut hi = i + 1;
        while hi < es.len() && x.is_prefix_of(&es[hi].dewey) {
            hi += 1;
        }
        (lo, hi)
    }

    /// A SOLVED MIN node p at `i` is selected. Either its parent x is solved
    /// (case 1, returns false) or, with an INACTIVE descendant of x above
    /// h(p), the states below x at or below h(p) other than p are purged and
    /// the left-most remaining INACTIVE one is activated (returns true).
    fn solved_min(&mut self, i: usize) -> bool {
        let (mut x, hp) = {
            let p = &self.open.entries()[i];
            (p.dewey.clone(), p.h)
        };
        x.pop();
        let (lo, hi) = self.range_below(&x, i);
        let waiting = self.open.entries()[lo..hi]
            .iter()
            .any(|e| !e.active && e.h > hp);
        if !waiting {
            let node = node_at(self.tree, self.root, x.digits());
            let mut widths = self.open.entries()[i].widths.clone();
            widths.pop();
            self.open.retain_from(lo, |e| !x.is_prefix_of(&e.dewey));
            let solved = IterEntry {
                node,
                dewey: x,
                widths,
                status: Status::Solved,
                active: true,
                h: hp,
                kids: UNKNOWN,
            };
            self.open
                .insert(NAME, lo, solved)
                .expect("the purge freed the room");
            return false;
        }
        let p = self.open.entries()[i].dewey.clone();
        self.open.retain_from(lo, |e| {
            !x.is_prefix_of(&e.dewey) || e.dewey == p || e.h > hp
        });
        // Everything ACTIVE below x was at or below h(p), so p is now the
        // first entry below x and the INACTIVE ones follow it.
        let es = self.open.entries_mut();
        debug_assert!(es[lo].dewey == p);
        debug_assert!(x.is_prefix_of(&es[lo + 1].dewey) && !es[lo + 1].active);
        es[lo + 1].active = true;
        true
    }

    /// Every ACTIVE entry at or to the right of `from` becomes INACTIVE.
    fn inactivate_from(&mut self, from: &Dewey) {
        for e in self.open.entries_mut() {
            if e.active && e.dewey >= *from {
                e.active = false;
            }
        }
    }

    /// The memory rule: whether Need, with the candidate expanded, is at
    /// most M.
    fn fits(&self, c: Candidate) -> bool {
        if !self.check {
            return true;
        }
        let after = self.open.len() + c.width - 1;
        // Need ≤ entries + the largest reserve, which is need(0).
        if after.saturating_add(self.need(0)) <= self.limit {
            return true;
        }
        if after > self.limit {
            return false;
        }
        let n = self.open.len();
        self.demand(0, n, 0, Some(c)).1 <= self.limit
    }

    /// (entries, demand) of the structure node at `depth` whose OPEN entries
    /// are `lo..hi`; see the module docs.
    fn demand(&self, lo: usize, hi: usize, depth: usize, c: Option<Candidate>) -> (usize, usize) {
        let es = self.open.entries();
        if hi - lo == 1 && es[lo].dewey.depth() == depth {
            return self.local(lo, c);
        }
        if depth % 2 == 0 {
            // A MAX node: its branches one by one, those to the left
            // collapsed to one entry each, those to the right as they are.
            let extra = match c {
                Some(c) if (lo..hi).contains(&c.index) => c.width - 1,
                _ => 0,
            };
            let total = hi - lo + extra;
            let (mut left, mut before, mut worst) = (0usize, 0usize, 0usize);
            let mut j = lo;
            while j < hi {
                let digit = es[j].dewey.digits()[depth];
                let mut k = j + 1;
                while k < hi && es[k].dewey.digits()[depth] == digit {
                    k += 1;
                }
                let (entries, demand) = self.demand(j, k, depth + 1, c);
                worst = worst.max(left + demand + (total - before - entries));
                left += 1;
                before += entries;
                j = k;
            }
            (total, worst)
        } else {
            // A MIN node: its one current son, then a fresh search of the
            // next son if there is one.
            debug_assert!(
                es[lo..hi]
                    .iter()
                    .all(|e| e.dewey.digits()[depth] == es[lo].dewey.digits()[depth])
            );
            let (entries, demand) = self.demand(lo, hi, depth + 1, c);
            let son = usize::from(es[lo].dewey.digits()[depth]);
            let width = usize::from(es[lo].widths.digits()[depth]);
            let next = if son + 1 < width {
                1 + self.need(depth + 1)
            } else {
                0
            };
            (entries, demand.max(next))
        }
    }

    /// (entries, demand) of the single OPEN entry `k`.
    fn local(&self, k: usize, c: Option<Candidate>) -> (usize, usize) {
        let e = &self.open.entries()[k];
        let t = e.dewey.depth();
        if let Some(c) = c.filter(|c| c.index == k) {
            return (c.width, c.width + self.need(t + 2));
        }
        let demand = match (e.status, t % 2 == 1, e.kids) {
            (Status::Solved, _, _) | (Status::Live, _, 0) => 1,
            (Status::Live, true, _) => 1 + self.need(t + 1),
            (Status::Live, false, UNKNOWN) => 1 + self.need(t),
            (Status::Live, false, w) => w as usize + self.need(t + 2),
        };
        (1, demand)
    }

    /// OPEN is in strict Dewey order, no ACTIVE entry follows an INACTIVE
    /// one, and Need ≤ M (checked on OPENs of up to 256 entries, to keep
    /// debug builds usable on large budgets).
    #[cfg(debug_assertions)]
    fn check_invariants(&self) {
        let es = self.open.entries();
        assert!(es.windows(2).all(|w| w[0].dewey < w[1].dewey));
        assert!(
            es.windows(2).all(|w| w[0].active || !w[1].active),
            "an INACTIVE entry left of an ACTIVE one"
        );
        assert!(es.len() <= self.limit);
        if self.check && !es.is_empty() && es.len() <= 256 {
            assert!(self.demand(0, es.len(), 0, None).1 <= self.limit);
        }
    }
}

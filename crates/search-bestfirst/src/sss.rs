//! SSS* (Stockman 1979) by the Γ operator, in the three documented tie
//! rules, with aspiration windows, Dual*, and a horizon at which "terminals"
//! are evaluated by another search (the basis of staged SSS*, the hybrids
//! and MGame).
//!
//! # The Γ operator (Campbell 1981, App. 3, Table 11)
//!
//! OPEN is a list of states (n, s, h), n a node, s LIVE or SOLVED, h an upper
//! bound; the first state is removed and one of six cases applies. Node
//! types follow Stockman: the root is AND (the searching player chooses one
//! child there), its children OR, and so on; for SSS* AND = MAX.
//!
//! | case | state | action |
//! |---|---|---|
//! | 1 | SOLVED, n ≠ root, OR | stack (parent(n), SOLVED, h); purge every state below parent(n) |
//! | 2 | SOLVED, n ≠ root, AND, next(n) exists | stack (next(n), LIVE, h) |
//! | 3 | SOLVED, n ≠ root, AND, n last | stack (parent(n), SOLVED, h) |
//! | 4 | LIVE, n terminal | insert (n, SOLVED, min(h, v(n))) |
//! | 5 | LIVE, n OR, non-terminal | stack (first(n), LIVE, h) |
//! | 6 | LIVE, n AND, non-terminal | stack (n.i, LIVE, h) for every child |
//!
//! "Stack" puts a state at the front of OPEN, "insert" behind all states of
//! greater or equal merit. The three [`Variant`]s differ only in tie order:
//!
//! * [`Variant::Stockman`] — Table 11 as printed: case 6 stacks the children
//!   first to last (so the last ends up in front) and case 4 inserts behind
//!   every state of equal merit. It does not dominate alpha-beta (Stockman's
//!   counterexample, Figs. 19–20).
//! * [`Variant::LeftBiased`] — Campbell's Table 12: case 6 stacks last to
//!   first, and case 4 inserts in front of the equal-merit states to the
//!   right of n. Campbell shows it dominates alpha-beta.
//! * [`Variant::Leftmost`] — `004_*`: OPEN is a priority queue on h with
//!   ties to the left-most node, for every insertion.

use std::fmt;

use tree_core::{Bounds, Dewey, Tree, Value};

use crate::open::{budget, pow};
use crate::{BestFirstError, Memory, Open, Outcome};

/// The tie rule of SSS*'s OPEN list; see the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Campbell's Table 11 as printed (Stockman's original ordering).
    Stockman,
    /// Campbell's left-biased cases 4 and 6 (Table 12).
    LeftBiased,
    /// `004_*`: a priority queue with left-most tie-breaking.
    #[default]
    Leftmost,
}

impl Variant {
    /// The command-line name: `sss-stockman`, `sss-left`, `sss`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Stockman => "sss-stockman",
            Variant::LeftBiased => "sss-left",
            Variant::Leftmost => "sss",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// LIVE or SOLVED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Not yet solved.
    Live,
    /// Solved: h is the value of the best solution tree below.
    Solved,
}

/// One OPEN state (n, s, h) with what the operator needs to move on without
/// re-expanding: the node's code relative to the search's root and the
/// number of children of each of its ancestors.
#[derive(Debug, Clone)]
pub struct Entry<N> {
    node: N,
    dewey: Dewey,
    /// widths[i] = number of children of the ancestor at relative depth i.
    widths: Dewey,
    status: Status,
    h: Value,
}

impl<N> Entry<N> {
    /// The node's Dewey code relative to the search's root.
    pub fn dewey(&self) -> &Dewey {
        &self.dewey
    }
    /// LIVE or SOLVED.
    pub fn status(&self) -> Status {
        self.status
    }
    /// The merit h.
    pub fn h(&self) -> Value {
        self.h
    }
}

/// Dewey digits packed into an OPEN slot's key.
const KEY_DIGITS: usize = 4;

/// The first [`KEY_DIGITS`] digits of `d`, each plus one in 16 bits from
/// the top (so a shorter code differs from any longer one): `m` is a prefix
/// of `x` up to that many digits iff the keys agree on `m`'s digits.
fn prefix_key(d: &Dewey) -> u64 {
    d.digits()
        .iter()
        .take(KEY_DIGITS)
        .enumerate()
        .fold(0, |k, (i, &x)| {
            k | ((u64::from(x) + 1) & 0xffff) << (48 - 16 * i)
        })
}

/// OPEN of the Γ operator: the order of the states is an [`Open`] of slot
/// numbers (what insertions and purges shift: twelve bytes a state, with
/// the state's first [`KEY_DIGITS`] Dewey digits packed for the purge of
/// case 1), the states themselves live in a slab of the same capacity and
/// never move. Both are allocated once for the budget.
#[derive(Debug)]
pub(crate) struct SssOpen<N> {
    order: Open<(u32, u64)>,
    slab: Vec<Option<Entry<N>>>,
    free: Vec<u32>,
}

impl<N: Clone> SssOpen<N> {
    /// An empty OPEN for `capacity` states.
    pub fn with_capacity(capacity: usize) -> SssOpen<N> {
        SssOpen {
            order: Open::with_capacity(capacity),
            slab: Vec::with_capacity(capacity),
            free: Vec::with_capacity(capacity),
        }
    }

    /// States held.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// The state at position `i` (the front is the last position).
    fn get(&self, i: usize) -> &Entry<N> {
        let s = self.order.entries()[i].0 as usize;
        self.slab[s].as_ref().expect("ordered slots hold states")
    }

    /// Puts `e` in a free slot. Only called when the order has room, so
    /// the slab never outgrows its capacity.
    fn store(&mut self, e: Entry<N>) -> u32 {
        match self.free.pop() {
            Some(s) => {
                self.slab[s as usize] = Some(e);
                s
            }
            None => {
                self.slab.push(Some(e));
                (self.slab.len() - 1) as u32
            }
        }
    }

    fn full(&self, algorithm: &'static str) -> Result<(), BestFirstError> {
        if self.order.len() < self.order.capacity() {
            Ok(())
        } else {
            Err(BestFirstError::BudgetTooSmall {
                algorithm,
                given: self.order.capacity(),
                minimum: self.order.capacity() + 1,
            })
        }
    }

    /// Adds `e` at the front.
    fn push(&mut self, algorithm: &'static str, e: Entry<N>) -> Result<(), BestFirstError> {
        self.full(algorithm)?;
        let k = prefix_key(&e.dewey);
        let s = self.store(e);
        self.order.push(algorithm, (s, k))
    }

    /// Adds `e` at position `i`.
    fn insert(
        &mut self,
        algorithm: &'static str,
        i: usize,
        e: Entry<N>,
    ) -> Result<(), BestFirstError> {
        self.full(algorithm)?;
        let k = prefix_key(&e.dewey);
        let s = self.store(e);
        self.order.insert(algorithm, i, (s, k))
    }

    /// Removes the front state.
    fn pop(&mut self) -> Option<Entry<N>> {
        let (s, _) = self.order.pop()?;
        self.free.push(s);
        self.slab[s as usize].take()
    }

    /// Drops every state from position `len` on.
    fn truncate(&mut self, len: usize) {
        for &(s, _) in &self.order.entries()[len.min(self.order.len())..] {
            self.slab[s as usize] = None;
            self.free.push(s);
        }
        self.order.truncate(len);
    }

    /// Removes the states from position `base` on whose node is `m` or
    /// below it (case 1's purge). The packed digits decide without touching
    /// the slab unless `m` is deeper than [`KEY_DIGITS`].
    fn purge_below(&mut self, base: usize, m: &Dewey) {
        let depth = m.depth();
        let shown = depth.min(KEY_DIGITS);
        let mask = if shown == 0 {
            0
        } else {
            u64::MAX << (64 - 16 * shown)
        };
        let mk = prefix_key(m) & mask;
        let (slab, free) = (&mut self.slab, &mut self.free);
        self.order.retain_from(base, |&(s, key)| {
            let below = key & mask == mk
                && (depth <= KEY_DIGITS
                    || m.is_prefix_of(
                        &slab[s as usize]
                            .as_ref()
                            .expect("ordered slots hold states")
                            .dewey,
                    ));
            let k = !below;
            if !k {
                slab[s as usize] = None;
                free.push(s);
            }
            k
        });
    }

    /// The states from position `base` on, front first (for traces).
    fn front_first(&self, base: usize) -> Vec<Entry<N>> {
        (base..self.len())
            .rev()
            .map(|i| self.get(i).clone())
            .collect()
    }

    /// The budget, the peak, and the bytes a state costs here (its slot in
    /// the order, its slab cell and its free-list cell).
    pub fn memory(&self) -> Memory {
        Memory {
            capacity: self.order.capacity(),
            peak: self.order.peak(),
            entry_bytes: std::mem::size_of::<(u32, u64)>()
                + std::mem::size_of::<u32>()
                + std::mem::size_of::<Option<Entry<N>>>(),
        }
    }
}

/// How an SSS* search is configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SssConfig {
    /// Tie rule.
    pub variant: Variant,
    /// OPEN budget in entries; `None` = the minimum for the tree.
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
}

impl SssConfig {
    /// A configuration with the given tie rule and the minimum budget.
    pub fn new(variant: Variant) -> SssConfig {
        SssConfig {
            variant,
            ..SssConfig::default()
        }
    }
}

/// The parameters of one Γ-operator search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Params {
    pub variant: Variant,
    /// AND (choosing) nodes are at even absolute depths (SSS*) or odd ones (Dual*).
    pub chooser_even: bool,
    /// Negate leaf values (Dual*: MIN searches for the least value).
    pub negate: bool,
    /// Relative depth at which nodes are handed to the frontier evaluator;
    /// `usize::MAX` for none.
    pub horizon: usize,
    /// Algorithm name for errors.
    pub algorithm: &'static str,
}

/// The entries a Γ search of `plies` levels rooted at absolute depth
/// `root_depth` can hold at once on a tree of maximum branching `b`:
/// `b` to the number of choosing levels with children, e.g. b^⌈d/2⌉ for
/// SSS* on a (b, d) tree (`000_*` §2). Exact for uniform trees, an upper
/// bound for others.
pub(crate) fn open_size(
    algorithm: &'static str,
    b: usize,
    plies: usize,
    root_depth: usize,
    chooser_even: bool,
) -> Result<usize, BestFirstError> {
    let choosers = (root_depth..root_depth + plies)
        .filter(|t| (t % 2 == 0) == chooser_even)
        .count();
    pow(algorithm, b.max(1), choosers)
}

/// The minimum OPEN budget of plain SSS* (or Dual* with `dual`) on a tree of
/// this shape: b^⌈d/2⌉ (b^⌊d/2⌋ for Dual*).
///
/// # Errors
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn minimum_memory(bounds: Bounds, dual: bool) -> Result<usize, BestFirstError> {
    open_size("SSS*", bounds.branching, bounds.depth, 0, !dual)
}

/// Walks from `root` along `path`: regenerates a stored ancestor.
pub(crate) fn node_at<T: Tree + ?Sized>(tree: &T, root: &T::Node, path: &[u16]) -> T::Node {
    let mut n = root.clone();
    for &i in path {
        n = tree.child(&n, usize::from(i));
    }
    n
}

/// Where a state goes when it is "inserted" (case 4 for every variant,
/// every addition for `Leftmost`): behind the states of greater merit, and
/// behind or in front of equal ones by the variant's rule. OPEN's front is
/// the end of the array.
///
/// Under `Leftmost` every addition goes through here, so `OPEN[base..]` is
/// sorted on (h, left-most first) and a binary search finds the place; the
/// other variants stack states at the front and scan.
fn insert_at<N: Clone>(open: &SssOpen<N>, base: usize, e: &Entry<N>, variant: Variant) -> usize {
    let precedes = |x: &Entry<N>| x.h > e.h || (x.h == e.h && x.dewey < e.dewey);
    if variant == Variant::Leftmost {
        // partition_point over positions base..len
        let (mut lo, mut hi) = (base, open.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if precedes(open.get(mid)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
    let mut i = open.len();
    while i > base {
        let x = open.get(i - 1);
        let skip = match variant {
            Variant::Stockman => x.h >= e.h,
            Variant::LeftBiased | Variant::Leftmost => precedes(x),
        };
        if !skip {
            break;
        }
        i -= 1;
    }
    i
}

/// "Stack" (front) for Stockman and left-biased, sorted insertion for
/// left-most.
fn stack<N: Clone>(
    open: &mut SssOpen<N>,
    base: usize,
    e: Entry<N>,
    p: &Params,
) -> Result<(), BestFirstError> {
    match p.variant {
        Variant::Stockman | Variant::LeftBiased => open.push(p.algorithm, e),
        Variant::Leftmost => {
            let i = insert_at(open, base, &e, p.variant);
            open.insert(p.algorithm, i, e)
        }
    }
}

/// Where a Γ search starts: its root, the root's absolute depth, and the
/// aspiration window (lower, upper).
#[derive(Debug)]
pub(crate) struct Start<'a, N> {
    pub root: &'a N,
    pub depth: usize,
    pub lower: Value,
    pub upper: Value,
}

/// OPEN after every Γ step, front first.
pub type OpenTrace<N> = Vec<Vec<Entry<N>>>;

/// An observer of OPEN after every Γ step (front first), for traces.
pub(crate) type Observer<'a, N> = Option<&'a mut dyn FnMut(&[Entry<N>])>;

/// One Γ-operator search rooted at `root` (absolute depth `root_depth`),
/// started as (root, LIVE, `upper`), using OPEN from position `base` on
/// (positions before it belong to enclosing searches and are left alone).
/// Stops early with the top merit once it is at or below `lower`
/// (aspiration, Campbell p. 16: he says "below"; with integer values and
/// fail-hard windows, a merit equal to the lower bound already proves a
/// fail-low, as alpha-beta's `<=` cutoff does). Nodes at relative depth `p.horizon` go to `frontier`,
/// which must return min(h, their value) or any upper bound ≤ h that is
/// exact when the value is below h.
///
/// Returns min(upper, value of root) when that is ≥ `lower`.
pub(crate) fn gamma_search<T, F>(
    tree: &T,
    p: &Params,
    open: &mut SssOpen<T::Node>,
    start: Start<'_, T::Node>,
    frontier: &mut F,
    mut observer: Observer<'_, T::Node>,
) -> Result<Value, BestFirstError>
where
    T: Tree + ?Sized,
    F: FnMut(&mut SssOpen<T::Node>, &T::Node, usize, Value) -> Result<Value, BestFirstError>,
{
    let Start {
        root,
        depth: root_depth,
        lower,
        upper,
    } = start;
    let base = open.len();
    open.push(
        p.algorithm,
        Entry {
            node: root.clone(),
            dewey: Dewey::root(),
            widths: Dewey::root(),
            status: Status::Live,
            h: upper,
        },
    )?;
    let and_at = |rel: usize| ((root_depth + rel) % 2 == 0) == p.chooser_even;
    loop {
        let e = open
            .pop()
            .expect("OPEN holds the root's state until it is solved");
        let rel = e.dewey.depth();
        match e.status {
            Status::Solved if rel == 0 => {
                open.truncate(base);
                return Ok(e.h);
            }
            Status::Solved if !and_at(rel) => {
                // Case 1: an OR node is solved, so is its parent; purge below it.
                let m = e.dewey.parent().expect("not the root");
                open.purge_below(base, &m);
                let node = node_at(tree, root, m.digits());
                let mut widths = e.widths;
                widths.pop();
                stack(
                    open,
                    base,
                    Entry {
                        node,
                        dewey: m,
                        widths,
                        status: Status::Solved,
                        h: e.h,
                    },
                    p,
                )?;
            }
            Status::Solved => {
                let k = e.dewey.last().expect("not the root");
                let w = usize::from(*e.widths.digits().last().expect("not the root"));
                let parent = e.dewey.parent().expect("not the root");
                let pnode = node_at(tree, root, parent.digits());
                if k + 1 < w {
                    // Case 2: the next brother of a solved AND node.
                    let node = tree.child(&pnode, k + 1);
                    let dewey = parent.child(k + 1);
                    stack(
                        open,
                        base,
                        Entry {
                            node,
                            dewey,
                            widths: e.widths,
                            status: Status::Live,
                            h: e.h,
                        },
                        p,
                    )?;
                } else {
                    // Case 3: the last AND child is solved, so is its OR parent.
                    let mut widths = e.widths;
                    widths.pop();
                    stack(
                        open,
                        base,
                        Entry {
                            node: pnode,
                            dewey: parent,
                            widths,
                            status: Status::Solved,
                            h: e.h,
                        },
                        p,
                    )?;
                }
            }
            Status::Live => {
                if e.h <= lower {
                    open.truncate(base);
                    return Ok(e.h);
                }
                let w = if rel == p.horizon {
                    0
                } else {
                    tree.num_children(&e.node)
                };
                if w == 0 {
                    // Case 4: evaluate and insert solved.
                    let v = if rel == p.horizon {
                        frontier(open, &e.node, root_depth + rel, e.h)?
                    } else {
                        let v = tree.value(&e.node);
                        if v.is_infinite() {
                            return Err(BestFirstError::SentinelLeaf { value: v });
                        }
                        if p.negate { -v } else { v }
                    };
                    let solved = Entry {
                        h: e.h.min(v),
                        status: Status::Solved,
                        ..e
                    };
                    let i = insert_at(open, base, &solved, p.variant);
                    open.insert(p.algorithm, i, solved)?;
                } else {
                    let width = u16::try_from(w).map_err(|_| BestFirstError::TreeShape {
                        message: format!("a node has {w} children; at most 65,535 are supported"),
                    })?;
                    if root_depth + rel >= tree_core::MAX_DEPTH {
                        return Err(BestFirstError::TreeShape {
                            message: format!("the tree is deeper than {}", tree_core::MAX_DEPTH),
                        });
                    }
                    let mut widths = e.widths.clone();
                    widths.push(usize::from(width));
                    let make = |i: usize| Entry {
                        node: tree.child(&e.node, i),
                        dewey: e.dewey.child(i),
                        widths: widths.clone(),
                        status: Status::Live,
                        h: e.h,
                    };
                    if !and_at(rel) {
                        // Case 5: an OR node: its first child.
                        stack(open, base, make(0), p)?;
                    } else {
                        // Case 6: an AND node: every child.
                        match p.variant {
                            Variant::Stockman => {
                                for i in 0..w {
                                    stack(open, base, make(i), p)?;
                                }
                            }
                            Variant::LeftBiased | Variant::Leftmost => {
                                for i in (0..w).rev() {
                                    stack(open, base, make(i), p)?;
                                }
                            }
                        }
                    }
                }
            }
        }
        if let Some(obs) = observer.as_mut() {
            obs(&open.front_first(base));
        }
    }
}

/// A frontier evaluator for searches without a horizon.
pub(crate) fn no_frontier<N>(
    _: &mut SssOpen<N>,
    _: &N,
    _: usize,
    _: Value,
) -> Result<Value, BestFirstError> {
    unreachable!("no horizon, no frontier")
}

fn run<T: Tree + ?Sized>(
    tree: &T,
    cfg: &SssConfig,
    dual: bool,
    window: (Value, Value),
    observer: Observer<'_, T::Node>,
) -> Result<Outcome, BestFirstError> {
    let algorithm = if dual { "Dual*" } else { cfg.variant.name() };
    let bounds = crate::shape(tree, cfg.shape, algorithm)?;
    let minimum = open_size(algorithm, bounds.branching, bounds.depth, 0, !dual)?;
    let capacity = budget(algorithm, cfg.memory, minimum)?;
    let mut open = SssOpen::with_capacity(capacity);
    let p = Params {
        variant: cfg.variant,
        chooser_even: !dual,
        negate: dual,
        horizon: usize::MAX,
        algorithm,
    };
    let root = tree.root();
    let start = Start {
        root: &root,
        depth: 0,
        lower: window.0,
        upper: window.1,
    };
    let v = gamma_search(tree, &p, &mut open, start, &mut no_frontier, observer)?;
    Ok(Outcome {
        value: if dual { -v } else { v },
        memory: open.memory(),
    })
}

/// SSS* (Stockman 1979; Campbell 1981 App. 3): the root's minimax value by
/// best-first search over solution trees, with OPEN sized b^⌈d/2⌉ (or
/// `cfg.memory`).
///
/// ```
/// use search_bestfirst::{sss, SssConfig, Variant};
/// use tree_core::{worked, Traced};
/// let t = worked::STOCKMAN.tree();
/// let traced = Traced::new(&t);
/// let out = sss(&traced, &SssConfig::new(Variant::Stockman)).unwrap();
/// assert_eq!(out.value.get(), 4);
/// let order: Vec<String> = traced.order().iter().map(|d| d.to_string()).collect();
/// assert_eq!(order, ["11", "1221", "1211", "1222", "1212"]); // c, i, g, j, h
/// ```
///
/// # Errors
/// [`BestFirstError::BudgetTooSmall`] for a budget below b^⌈d/2⌉,
/// [`BestFirstError::UnknownShape`] if the tree's shape is unknown,
/// [`BestFirstError::SentinelLeaf`], [`BestFirstError::TreeShape`].
pub fn sss<T: Tree + ?Sized>(tree: &T, cfg: &SssConfig) -> Result<Outcome, BestFirstError> {
    run(tree, cfg, false, (Value::NEG_INF, Value::INF), None)
}

/// Dual* (SSS* on the dual tree: MIN searches its solution trees, values
/// negated; Marsland et al. 1987). OPEN is sized b^⌊d/2⌋.
///
/// # Errors
/// As [`sss`].
pub fn dual<T: Tree + ?Sized>(tree: &T, cfg: &SssConfig) -> Result<Outcome, BestFirstError> {
    run(tree, cfg, true, (Value::NEG_INF, Value::INF), None)
}

/// The result of an aspiration search: a value and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aspired {
    /// The value or bound, and memory.
    pub outcome: Outcome,
    /// Whether `outcome.value` is the minimax value: it is unless the search
    /// failed high (`value >= upper`) or low (`value <= lower`).
    pub exact: bool,
}

/// Aspiration SSS* (Campbell p. 16, Figs. 17–18): SSS* started from
/// (root, LIVE, `upper`) instead of +∞, stopping early once the top merit
/// is at or below `lower`. The result is exact when it lies strictly inside
/// (lower, upper); a result ≥ `upper` means the value is ≥ `upper` (fail
/// high), a result ≤ `lower` is an upper bound on the value (fail low).
///
/// # Errors
/// As [`sss`], and [`BestFirstError::InvalidParameter`] if `lower >= upper`.
pub fn sss_aspiration<T: Tree + ?Sized>(
    tree: &T,
    lower: Value,
    upper: Value,
    cfg: &SssConfig,
) -> Result<Aspired, BestFirstError> {
    if lower >= upper {
        return Err(BestFirstError::InvalidParameter {
            name: "window",
            message: format!("the lower bound {lower} must be below the upper bound {upper}"),
        });
    }
    let outcome = run(tree, cfg, false, (lower, upper), None)?;
    let exact = outcome.value < upper && outcome.value > lower;
    Ok(Aspired { outcome, exact })
}

/// One line of an OPEN trace: the states front first, as the thesis prints
/// them, e.g. `(f,L,4) (e,L,4)`, with `name` naming the nodes.
pub fn format_open<N>(entries: &[Entry<N>], name: &dyn Fn(&Dewey) -> String) -> String {
    entries
        .iter()
        .map(|e| {
            let s = if e.status == Status::Live { "L" } else { "S" };
            format!("({},{},{})", name(&e.dewey), s, e.h)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// SSS* with an upper bound, recording OPEN after every Γ step (front first)
/// — the thesis's Figs. 16, 18 and 20.
///
/// # Errors
/// As [`sss`].
pub fn sss_open_trace<T: Tree + ?Sized>(
    tree: &T,
    upper: Value,
    cfg: &SssConfig,
) -> Result<(Outcome, OpenTrace<T::Node>), BestFirstError> {
    let mut steps = Vec::new();
    let mut obs = |entries: &[Entry<T::Node>]| steps.push(entries.to_vec());
    let out = run(tree, cfg, false, (Value::NEG_INF, upper), Some(&mut obs))?;
    Ok((out, steps))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(d: &Dewey) -> Entry<()> {
        Entry {
            node: (),
            dewey: d.clone(),
            widths: Dewey::root(),
            status: Status::Live,
            h: Value::INF,
        }
    }

    /// The packed-key purge removes exactly the codes `m` is a prefix of,
    /// for prefixes shorter and longer than the packed digits.
    #[test]
    fn purge_below_matches_is_prefix_of() {
        let mut codes = vec![Dewey::root()];
        for len in 1..=6usize {
            for x in 0..3u16.pow(len as u32) {
                let mut d = Dewey::root();
                let mut y = x;
                for _ in 0..len {
                    d = d.child(usize::from(if y % 3 == 2 { 65_534 } else { y % 3 }));
                    y /= 3;
                }
                codes.push(d);
            }
        }
        for m in codes.iter().step_by(7) {
            let mut open = SssOpen::with_capacity(codes.len());
            for c in &codes {
                open.push("test", entry(c)).unwrap();
            }
            open.purge_below(0, m);
            let kept: Vec<Dewey> = (0..open.len()).map(|i| open.get(i).dewey.clone()).collect();
            let expected: Vec<Dewey> = codes
                .iter()
                .filter(|c| !m.is_prefix_of(c))
                .cloned()
                .collect();
            assert_eq!(kept, expected, "purge below {m}");
        }
    }
}

//! SSS* (Stockman 1979) by the Γ operator, in the three documented tie
//! rules, with aspiration windows, Dual*, and a horizon at which "terminals"
//! are evaluated by another search (the basis of staged SSS* and the
//! hybrids).
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
//! * [`Variant::Leftmost`] — Wikipedia's *SSS\**: OPEN is a priority queue
//!   on h with ties to the left-most node, for every insertion.
//!
//! # Two facts that make OPEN cheap
//!
//! **OPEN is a total order known in advance.** A stacked state takes the
//! merit of the state just removed, which is the largest in OPEN, so OPEN
//! stays sorted on h, front first. Among equal merits:
//!
//! * under the left-biased rule the states are in Dewey order: what a case
//!   stacks (the first child, the next brother, the parent) lies left of
//!   every other state of that merit, since those lie right of the removed
//!   state and outside its parent's subtree (case 1 purged the rest). So
//!   the left-biased OPEN *is* the left-most one, (h desc, Dewey asc), state
//!   for state, and both rules run on the same code;
//! * as printed, a stacked state goes in front of everything of its merit
//!   and an inserted one behind everything of its merit, so OPEN is
//!   (h desc, t asc) for a stamp t that counts additions: −n for the n-th
//!   stack, +n for the n-th insertion.
//!
//! **OPEN is a tree of blocks.** The states are the frontier of the AND/OR
//! tree searched so far: below an AND node m expanded by case 6 lie its w
//! OR children, each with its own states, until case 1 solves m and purges
//! them all; below an OR node lies one child at a time. So OPEN is stored as
//! that tree: one *block* per expanded AND node with two or more children,
//! one *slot* per child of it, and in each slot the path (OR node, its
//! current AND child, ...) down to the one state there or to the block of
//! the next AND node. Case 1 frees a whole block; nothing is ever scanned
//! for states below a node, and no ancestor is regenerated from the root.
//!
//! # Selection without a global queue
//!
//! The front state is found as the best of the tree of blocks: every slot
//! off the current path keeps the best key of its subtree, and every block
//! on the path keeps the best of its *other* slots; the front is the
//! current state as long as it beats the best alternative on its path (one
//! comparison per step: cases 1–3, 5 and 6 keep the front where it is, only
//! case 4 can lower it). When it loses, the path is left upwards until a
//! block holds the best, and entered downwards to it, reading each block's
//! slots once. Children a case 6 stacked and no step has reached yet are
//! not written at all: they still have the merit and stamp case 6 gave
//! them, are reached in their stacking order before any other state of
//! their merit, and their nodes are generated when they are reached — so a
//! block's children cost what alpha-beta's loop over them costs, and
//! purged ones that were never reached cost nothing.
//!
//! Everything is allocated once per search, for the budget: blocks, slots
//! and keys (a block per expanded AND node, at most one per state, and a
//! slot per child). OPEN's size — the number of states,
//! checked against the budget at every case 6 and reported as the peak — is
//! exactly that of the list above.

mod cases;
pub(crate) mod config;
mod gamma;
#[cfg(test)]
mod reference;
mod run;
#[cfg(test)]
mod tests;
mod trace;

use tree_core::{Bounds, Tree, Value};

pub use self::config::{Config, minimum};
pub(crate) use self::config::{Params, Variant, full_size, open_size};
pub(crate) use self::gamma::Gamma;
pub(crate) use self::run::{Start, gamma_search, no_frontier};
use self::trace::Observer;
pub use self::trace::{Entry, OpenTrace, Status, format_open};
use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::{Outcome, budget};
use crate::shape::shape;

/// The scratch of SSS\* and Dual\* searches (Γ's blocks, slots and heaps),
/// kept between searches by [`search_in`]: a search of the same budget and
/// shape as the last allocates nothing.
///
/// ```
/// use search_bestfirst::sss::{self, Cache, Config};
/// use tree_core::worked;
/// let tree = worked::PI.tree();
/// let mut cache = Cache::new();
/// let first = sss::search_in(&tree, &Config::default(), &mut cache).unwrap();
/// let again = sss::search_in(&tree, &Config::default(), &mut cache).unwrap();
/// assert_eq!(first, again);
/// assert_eq!(first, sss::search(&tree, &Config::default()).unwrap());
/// ```
#[derive(Debug)]
pub struct Cache<N> {
    gamma: Option<Gamma<N>>,
}

impl<N: Clone> Cache<N> {
    /// An empty cache; the first search allocates it.
    pub fn new() -> Cache<N> {
        Cache { gamma: None }
    }

    /// OPEN for a search of `budget` states, of which it can use at most
    /// `usable`, on a tree of shape `shape`, emptied as a new one.
    fn open(
        &mut self,
        budget: usize,
        usable: usize,
        variant: Variant,
        shape: Bounds,
        algorithm: &'static str,
    ) -> Result<&mut Gamma<N>, BestFirstError> {
        Ok(match &mut self.gamma {
            Some(g) => {
                g.reset(budget, usable, variant, shape, 0, algorithm)?;
                g
            }
            none => none.insert(Gamma::new(budget, usable, variant, shape, 0, algorithm)?),
        })
    }
}

impl<N: Clone> Default for Cache<N> {
    fn default() -> Self {
        Cache::new()
    }
}

/// One Γ search of SSS\* (Dual\* with `cfg.dual`) within `window`, on the
/// OPEN of `cache`.
fn run<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
    window: (Value, Value),
    observer: Observer<'_, T::Node>,
    cache: &mut Cache<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let dual = cfg.dual;
    let algorithm = if dual { "Dual*" } else { cfg.variant.name() };
    let bounds = shape(tree, cfg.shape, algorithm)?;
    let minimum = open_size(algorithm, bounds.branching, bounds.depth, 0, !dual)?;
    let capacity = budget(algorithm, cfg.memory, minimum)?;
    let open = cache.open(capacity, minimum, cfg.variant, bounds, algorithm)?;
    let p = Params {
        chooser_even: !dual,
        negate: dual,
        ..Params::sss(cfg.variant, algorithm)
    };
    let root = tree.root();
    let start = Start {
        lower: window.0,
        upper: window.1,
        ..Start::at_root(&root)
    };
    let v = gamma_search(tree, &p, open, start, &mut no_frontier, observer)?;
    let best = if v > window.0 { open.best } else { None };
    Ok(Outcome::new(if dual { -v } else { v }, best, open.memory()))
}

/// [`search`] without looking at the limits.
fn search_plain<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
    cache: &mut Cache<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let full = (Value::NEG_INF, Value::INF);
    if (cfg.lower, cfg.upper) == full || (cfg.lower, cfg.upper) == (Value::NEG_INF, Value::NEG_INF)
    {
        // Every value is at least −∞: nothing to aspire to.
        return run(tree, cfg, full, None, cache);
    }
    let (lower, upper) = cfg.window()?;
    let first = aspiration_plain(tree, cfg, lower, upper, cache)?;
    if first.exact {
        return Ok(first.outcome);
    }
    // Failed high: the value is at least `upper`; search above it (failed
    // low: at most `lower`; search below it).
    let again = if first.outcome.value >= upper {
        (upper.offset(-1), Value::INF)
    } else {
        (Value::NEG_INF, lower.offset(1))
    };
    let mut out = aspiration_plain(tree, cfg, again.0, again.1, cache)?.outcome;
    out.memory.peak = out.memory.peak.max(first.outcome.memory.peak);
    Ok(out)
}

crate::open::searches! {
    /// SSS\* (Stockman 1979; Campbell 1981 App. 3): the root's minimax value by
    /// best-first search over solution trees, with OPEN sized b^⌈d/2⌉ (or
    /// `cfg.memory`); Dual\* with [`Config::dual`] (SSS\* on the dual tree: MIN
    /// searches its solution trees, values negated; Marsland et al. 1987), with
    /// OPEN sized b^⌊d/2⌋.
    ///
    /// With an aspiration window ([`Config::lower`], [`Config::upper`]), this
    /// is aspiration SSS\* (Campbell p. 16, Figs. 17–18) followed, if it fails
    /// high, by a search above `upper` (if it fails low, below `lower`), so
    /// that the value returned is exact; the peak is the larger of the two
    /// searches'. [`aspiration`] is one search within the window.
    ///
    /// ```
    /// use search_bestfirst::{Variant, sss};
    /// use tree_core::{worked, Traced};
    /// let t = worked::STOCKMAN.tree();
    /// let traced = Traced::new(&t);
    /// let out = sss::search(&traced, &sss::Config::new(Variant::Stockman)).unwrap();
    /// assert_eq!(out.value.get(), 4);
    /// let order: Vec<String> = traced.order().iter().map(|d| d.to_string()).collect();
    /// assert_eq!(order, ["11", "1221", "1211", "1222", "1212"]); // c, i, g, j, h
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::BudgetTooSmall`] for a budget below b^⌈d/2⌉,
    /// [`BestFirstError::UnknownShape`] if the tree's shape is unknown,
    /// [`BestFirstError::InvalidParameter`] for an empty window (or a window
    /// with Dual\*), [`BestFirstError::SentinelLeaf`],
    /// [`BestFirstError::TreeShape`]; [`BestFirstError::Stopped`] if one of
    /// [`Config::limits`] stopped it.
    fn search;
    /// [`search`] on the OPEN of `cache`, kept for the next search: the same
    /// outcome as [`search`] (value, best move, memory and its peak, which is
    /// this search's), the same terminals in the same order.
    ///
    /// # Errors
    /// As [`search`].
    fn search_in(tree, cfg, cache) =
        metered!(tree, &cfg.limits, |t| search_plain(t, cfg, cache));
}

/// The result of an aspiration search: a value and what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aspired {
    /// The value or bound, and memory.
    pub outcome: Outcome,
    /// Whether `outcome.value` is the minimax value: it is unless the search
    /// failed high (`value >= upper`) or low (`value <= lower`).
    pub exact: bool,
}

/// Aspiration SSS\* (Campbell p. 16, Figs. 17–18), one search: SSS\*
/// started from (root, LIVE, [`Config::upper`]) instead of +∞, stopping
/// early once the top merit is at or below [`Config::lower`]. The result is
/// exact when it lies strictly inside (lower, upper); a result ≥ `upper`
/// means the value is ≥ `upper` (fail high), a result ≤ `lower` is an upper
/// bound on the value (fail low).
///
/// # Errors
/// As [`search`].
pub fn aspiration<T: Tree + ?Sized>(tree: &T, cfg: &Config) -> Result<Aspired, BestFirstError> {
    let (lower, upper) = cfg.window()?;
    metered!(tree, &cfg.limits, |t| aspiration_plain(
        t,
        cfg,
        lower,
        upper,
        &mut Cache::new()
    ))
}

/// [`aspiration`] within (`lower`, `upper`), without looking at the limits.
fn aspiration_plain<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
    lower: Value,
    upper: Value,
    cache: &mut Cache<T::Node>,
) -> Result<Aspired, BestFirstError> {
    let outcome = run(tree, cfg, (lower, upper), None, cache)?;
    let exact = outcome.value < upper && outcome.value > lower;
    Ok(Aspired { outcome, exact })
}

/// SSS\* within [`Config::upper`] (one search, as [`aspiration`] with no
/// lower bound), recording OPEN after every Γ step (front first) — the
/// thesis's Figs. 16, 18 and 20.
///
/// # Errors
/// As [`search`].
pub fn open_trace<T: Tree + ?Sized>(
    tree: &T,
    cfg: &Config,
) -> Result<(Outcome, OpenTrace<T::Node>), BestFirstError> {
    let mut steps = Vec::new();
    let mut obs = |entries: &[Entry<T::Node>]| steps.push(entries.to_vec());
    let window = (Value::NEG_INF, cfg.upper);
    let out = metered!(tree, &cfg.limits, |t| run(
        t,
        cfg,
        window,
        Some(&mut obs),
        &mut Cache::new()
    ))?;
    Ok((out, steps))
}

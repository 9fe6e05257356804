//! QuickGame and its revisiting variants QG1, QG2, QG3 (Bhattacharya 1995,
//! *Experimenting with Revisits in Game Tree Search*).
//!
//! QuickGame is called only at MAX nodes and at terminals. At an interior
//! MAX node `p` it keeps a local OPEN of one entry per son `p.i`: the son's
//! current grandson `p.i.j` (or `p.i` itself if it is terminal) with an upper
//! bound `h`. It repeatedly calls itself on the entry of highest `h` and,
//! when the call comes back, moves that entry to the next grandson. Every
//! set of solution trees below `p` that shares a MIN son is thus kept in
//! contention at once, as SSS\* does for the whole tree, but with storage
//! for only `b` entries per MAX level on the current path.
//!
//! QG1, QG2 and QG3 (procedure `QG` of §3) pass a better lower bound `lb`
//! than QuickGame's `r` to the call, chosen by `SelectLowerBound` from the
//! `h`-values of the local OPEN; a call that then fails low leaves its
//! entry LIVE with a tighter `h`, to be *revisited* later.
//!
//! The local OPENs are frames of one OPEN array used as a stack, sized
//! once at `b·⌈d/2⌉` entries: see [`Cache`] for the layout and the memory
//! bound, [`minimum`] for the budget.
//!
//! # Readings
//!
//! Where the pseudo-code leaves something open, each reading is a field of
//! [`Readings`] ([`Config::readings`]; the default, [`Readings::PRINTED`],
//! takes the pseudo-code literally, and [`Readings`] says why), stated on
//! [`Variant`] (with the investigation of the π-tree counts) and on
//! [`search_in`]; this module's unit tests tabulate the readings tried, and
//! the reproduction (`docs/reproduction/qg-readings.md`) runs every
//! combination.

mod readings;
mod search;
#[cfg(test)]
mod tests;

use tree_core::{Bounds, Limits, Tree};

use self::readings::Reading;
pub use self::readings::Variant;
pub use self::readings::{Fallback, Floor, Left, Readings, Second, Tie, Unsolved};
use self::search::{Entry, run};
use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::{Open, Outcome};
use crate::shape::{check_levels, shape};

/// The configuration of a QuickGame-family search: which one
/// ([`Variant`]), its memory budget, the tree's shape for trees that do not
/// report it, one option that is not in the paper's pseudo-code, and the
/// limits.
///
/// ```
/// use search_bestfirst::quickgame::{self, Variant};
/// use tree_core::Bounds;
/// let c = quickgame::Config { variant: Variant::Qg3, ..quickgame::Config::default() }.with_memory(8);
/// assert_eq!(c.memory, Some(8));
/// assert!(!c.alpha_floor); // the pseudo-code as printed
/// assert_eq!(quickgame::Config::default().variant, Variant::QuickGame);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// QuickGame (the default), QG1, QG2 or QG3.
    pub variant: Variant,
    /// The OPEN budget in entries; `None` = the minimum,
    /// [`minimum`] = `b·⌈d/2⌉`. A larger budget is accepted, but only
    /// the minimum is allocated (the search cannot use more).
    pub memory: Option<usize>,
    /// The shape (maximum branching `b`, depth `d`) to size OPEN from;
    /// `None` = [`Tree::bounds`].
    pub shape: Option<Bounds>,
    /// QG1–3 only: pass `max(lb, alpha)` instead of `lb`, so that no call
    /// gets a lower bound below the one its node was called with. Not in
    /// the pseudo-code (default `false`); with it QG3 never examines a leaf
    /// that Alpha-Beta prunes, as the paper claims (§3, §4 (d)), and without
    /// it it often does. See [`Variant`].
    pub alpha_floor: bool,
    /// QG1–3 only: how the lines of the pseudo-code that admit more than
    /// one reading are read (default: [`Readings::PRINTED`], the
    /// pseudo-code taken literally). `alpha_floor` raises
    /// [`Readings::floor`] from [`Floor::None`] to [`Floor::Alpha`].
    pub readings: Readings,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: Limits,
}

impl Config {
    crate::open::with_memory!();
}

/// The reusable OPEN arena of a QuickGame-family search: one OPEN array
/// whose frames are the local OPENs. Keep one between searches to avoid
/// reallocating; [`search_in`] resizes it for each tree's minimum.
///
/// # The local OPENs as one stack
///
/// The paper gives each call its own `OPEN[0..b-1]`. Here every call puts
/// its frame of `w` entries (one per son, `w` = the node's number of
/// children) on top of a stack kept in one OPEN array, allocated and
/// filled before the search (so that an entry is written field by field,
/// a terminal son's only in part), and pops it on return; the frames alive
/// at any instant are those of the interior MAX nodes on the current path,
/// the local OPENs of the paper. An entry holds the son `p.i` (a node
/// state), the current grandson `p.i.j` (a node state; for a terminal son,
/// the son), the son's number of children, the index `j`, `h` and the
/// status. Nothing is allocated during the search: node states are cloned
/// into entries and into the recursion, and the recursion holds one frame
/// of locals per MAX level.
///
/// A call does not rescan its frame at every step: only the selected entry
/// changes, and its `h` never rises, so the next selection is the first
/// entry to its right still at the old maximum, or a scan when the maximum
/// falls; the `h`-values `SelectLowerBound` reads are kept the same way. A
/// frame of terminal sons only is searched in one go (left to right until
/// one reaches `beta`, which is what the loop does there).
///
/// # Memory
///
/// Frames are pushed only by interior MAX nodes, at even depths
/// `0, 2, 4, …`, each with at most `b` entries, and only those on the
/// current path are alive. An interior MAX node has depth at most `d − 1`,
/// so there are at most `⌈d/2⌉` of them on a path (depths `0, 2, …,
/// 2⌈d/2⌉ − 2`): the minimum budget is
///
/// > **minmem(b, d) = b · ⌈d/2⌉** entries
///
/// for a tree of maximum branching `b` and depth `d` (0 for a terminal
/// root). At odd `d` the deepest frame belongs to a MAX node at depth
/// `d − 1` whose sons are terminal MIN nodes that enter OPEN themselves; at
/// even `d` the deepest frame is at depth `d − 2` and its grandsons are
/// terminals, which a call evaluates without pushing anything. On a uniform
/// (b, d) tree the leftmost path is always searched first, so the peak is
/// exactly `b·⌈d/2⌉` (the paper's "about (b·d)/2"). QuickGame and QG1–3
/// cannot use more, so a larger budget is accepted but only `b·⌈d/2⌉`
/// entries are allocated, and [`Memory::capacity`](crate::Memory::capacity) reports what was
/// allocated.
///
/// On a non-uniform tree the peak is at most the largest sum, over a
/// root-to-terminal path, of the numbers of children of the interior MAX
/// nodes on it, which is at most `b·⌈d/2⌉`; the tests check both bounds on
/// every tree of the corpus. A revisit (QG1–3) pushes its frame afresh, so
/// revisits cost time, never memory.
#[derive(Debug, Clone)]
pub struct Cache<N> {
    open: Open<Entry<N>>,
}

impl<N> Cache<N> {
    /// An empty arena; the first search allocates it.
    pub fn new() -> Cache<N> {
        Cache {
            open: Open::with_capacity(0),
        }
    }

    /// Bytes of one OPEN entry for this node type.
    pub const fn entry_bytes() -> usize {
        Open::<Entry<N>>::entry_bytes()
    }
}

impl<N> Default for Cache<N> {
    fn default() -> Self {
        Cache::new()
    }
}

/// The least OPEN budget, in entries, with which QuickGame and QG1–3 can
/// search every tree of maximum branching `b` and depth `d`:
/// **`b·⌈d/2⌉`** (one local OPEN of `b` entries per MAX level that has
/// interior nodes; 0 for a terminal root), whatever the variant. Uniform
/// trees reach it exactly, and no search uses more: this is also the
/// maximum.
///
/// ```
/// use search_bestfirst::quickgame::{Config, minimum};
/// use tree_core::Bounds;
/// let c = Config::default();
/// assert_eq!(minimum(Bounds::uniform(2, 4), &c), Ok(4));
/// assert_eq!(minimum(Bounds::uniform(3, 5), &c), Ok(9));
/// assert_eq!(minimum(Bounds::uniform(7, 0), &c), Ok(0));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for a branching of 0 with a depth
/// above 0; [`BestFirstError::TreeShape`] for a depth above
/// [`MAX_DEPTH`](tree_core::MAX_DEPTH); [`BestFirstError::TooLarge`] if the product overflows.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    min_budget(cfg.variant.name(), bounds)
}

fn min_budget(algorithm: &'static str, bounds: Bounds) -> Result<usize, BestFirstError> {
    check_levels(algorithm, bounds)?;
    bounds
        .branching
        .checked_mul(bounds.depth.div_ceil(2))
        .ok_or(BestFirstError::TooLarge { algorithm })
}

crate::open::searches! {
    /// The search of `cfg.variant` (QuickGame by default): the root's minimax
    /// value, its best move and OPEN's budget and peak.
    ///
    /// QuickGame (Bhattacharya 1995, §2; pseudo-code `Function QuickGame`)
    /// keeps local OPENs of `b` entries per MAX level:
    /// ```text
    /// Function QuickGame(p : node; alpha, beta : real) : real;
    /// begin
    ///   If p is terminal then return minimum(beta, v(p));
    ///   for (each child p.i of p) do begin
    ///     h[i] := beta;
    ///     If (p.i is terminal) then OPEN[i] := p.i else OPEN[i] := p.i.0;
    ///   end;
    ///   r := alpha; k := 0;
    ///   while (h[k] > r) do begin (* OPEN[k] = x.j, say *)
    ///     h[k] := QuickGame(OPEN[k], r, h[k]);
    ///     If (OPEN[k] is a terminal MIN node)
    ///       or (OPEN[k] has no brother to its right) then r := maximum(r, h[k])
    ///     else OPEN[k] := x.j+1;
    ///     k := index in OPEN corresponding to node with maximum h-value;
    ///   end;
    ///   return r;
    /// end;
    /// ```
    ///
    /// invoked as `QuickGame(s, -inf, +inf)`. Values are from MAX's point of
    /// view throughout, as the trait gives them: calls are made only on MAX
    /// nodes (grandsons) and on terminals (a terminal MIN son, or a terminal
    /// grandson), and each returns a value of that node from MAX's point of
    /// view, so nothing is negated. Memory: [`minimum`] = `b·⌈d/2⌉`.
    ///
    /// ```
    /// use search_bestfirst::quickgame::{self, Config, Variant};
    /// use tree_core::{Counted, Traced, worked};
    /// // Bhattacharya 1995, Table 1: 11 of the 16 leaves, in the order the paper prints.
    /// let tree = worked::TABLE1.tree();
    /// let traced = Traced::new(&tree);
    /// let out = quickgame::search(&traced, &Config::default()).unwrap();
    /// assert_eq!(out.value.get(), 2);
    /// let order: Vec<usize> = traced.order().iter().map(|d| d.rank(2) + 1).collect();
    /// assert_eq!(order, [1, 3, 2, 9, 11, 12, 13, 15, 16, 5, 7]);
    /// assert_eq!((out.memory.peak, out.memory.capacity), (4, 4)); // 2 · ⌈4/2⌉
    ///
    /// // QG1–3 (§3): procedure `QG` with the lowest `h` to the left of the
    /// // selected node (QG1), the lowest of the whole local OPEN (QG2), the
    /// // second highest to the left (QG3) as the lower bound; see `search_in`.
    /// let leaves = |tree: &tree_core::ExplicitTree, variant| {
    ///     let counted = Counted::new(tree);
    ///     let cfg = Config { variant, ..Config::default() };
    ///     let v = quickgame::search(&counted, &cfg).unwrap().value.get();
    ///     (v, counted.stats().leaves)
    /// };
    /// assert_eq!(leaves(&worked::TABLE2.tree(), Variant::Qg1), (5, 7)); // QuickGame: 9
    /// // The paper says 32 for QG2: see Variant, and Readings::KNUTH_MOORE below.
    /// assert_eq!(leaves(&worked::PI.tree(), Variant::Qg2), (2, 30));
    /// // Alpha-Beta: 31, QuickGame: 33. The paper says QG3 never examines a
    /// // distinct leaf that Alpha-Beta prunes (§4 (d)); that holds with
    /// // `Config::alpha_floor`, not for the pseudo-code as printed (see Variant).
    /// assert_eq!(leaves(&worked::PI.tree(), Variant::Qg3), (2, 30));
    /// // Remark 2's "h-value < lb" read literally gives the paper's 32.
    /// let pi = worked::PI.tree();
    /// let counted = Counted::new(&pi);
    /// let cfg = Config { variant: Variant::Qg2, readings: quickgame::Readings::KNUTH_MOORE, ..Config::default() };
    /// quickgame::search(&counted, &cfg).unwrap();
    /// assert_eq!(counted.stats().leaves, 32);
    /// ```
    ///
    /// # Errors
    /// As [`search_in`].
    fn search;
}

/// [`search`] with the scratch arena `cache` (reused between searches,
/// resized for each tree's minimum): the root's minimax value and OPEN's
/// budget and peak.
///
/// QG1–3 are the paper's procedure `QG` (§3), with `SelectLowerBound` as
/// described on [`Variant`]:
///
/// ```text
/// Procedure QG(p : node; α, β : real);
/// begin
///   If p is terminal then return (minimum(β, v(p)), SOLVED);
///   for (each child p.i of p) do begin
///     h[i] := β; status[i] := LIVE;
///     If (p.i is terminal) then OPEN[i] := p.i else OPEN[i] := p.i.0;
///   end;
///   lb := α; r := α; k := 0;                            (* Remark 1 *)
///   while (h[k] > r) do begin (* OPEN[k] = x.j, say *)
///     update h[k], status[k] with QG(OPEN[k], lb, h[k]);
///     If (status[k] = SOLVED) then                      (* Remark 2 *)
///       If (OPEN[k] is a terminal MIN node)
///         or (OPEN[k] has no brother to its right) then r := maximum(r, h[k])
///       else begin OPEN[k] := x.j+1; status[k] := LIVE; end;
///     k := index in OPEN corresponding to node with maximum h-value; (* Remark 3 *)
///     lb := SelectLowerBound(OPEN);                     (* Remark 4 *)
///     If (lb = h[k]) then lb := r;
///   end;
///   return (h[k], status[k]);
/// end;
/// ```
///
/// invoked as `QG(s, -inf, +inf)`, with `SelectLowerBound` as read on
/// [`Variant`] and, if [`Config::alpha_floor`] is set,
/// `lb := maximum(lb, α)` after the `If`. Followed line by line: an unsolved entry
/// stays in OPEN with the tighter `h` the call returned (Remark 2), a
/// solved one moves to its right brother with the returned value as its
/// `h`, and the loop ends when the highest `h` is at most `r`. A call
/// returns SOLVED with `minimum(β, value of the node)`, or LIVE with an
/// upper bound on the value; at the root the highest `h` is then the minimax value. Leaf
/// counts through [`tree_core::Counted`] include revisits (the paper's
/// "total number of terminals examined"); [`tree_core::Traced`] gives the
/// distinct ones. A revisit re-expands the node, so it counts again as an
/// interior expansion.
///
/// # Errors
/// * [`BestFirstError::UnknownShape`] if neither `config.shape` nor
///   [`Tree::bounds`] gives the shape; [`BestFirstError::InvalidParameter`],
///   [`BestFirstError::TreeShape`] or [`BestFirstError::TooLarge`] for a
///   shape [`minimum`] rejects;
/// * [`BestFirstError::BudgetTooSmall`] (stating `b·⌈d/2⌉`) if
///   `config.memory` is below the minimum — before anything is searched;
/// * [`BestFirstError::TreeShape`] if the tree turns out larger than its
///   shape says (a MAX node with more than `b` children or an interior MAX
///   node at depth `>= d`), so that OPEN can never overflow;
/// * [`BestFirstError::SentinelLeaf`] for a terminal valued ±∞;
/// * [`BestFirstError::Stopped`] if one of [`Config::limits`] stopped it.
pub fn search_in<T: Tree + ?Sized>(
    tree: &T,
    config: &Config,
    cache: &mut Cache<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let mut readings = config.readings;
    if config.alpha_floor && readings.floor == Floor::None {
        readings.floor = Floor::Alpha;
    }
    let reading = Reading {
        readings,
        strict_store: false,
    };
    metered!(tree, &config.limits, |t| search_reading(
        t,
        config.variant,
        config,
        cache,
        reading
    ))
}

/// [`search_in`] under any `reading` (the tests try them all): the budget
/// checked, then the search run in `open`.
fn search_reading<T: Tree + ?Sized>(
    tree: &T,
    variant: Variant,
    config: &Config,
    open: &mut Cache<T::Node>,
    reading: Reading,
) -> Result<Outcome, BestFirstError> {
    let algorithm = variant.name();
    let bounds = shape(tree, config.shape, algorithm)?;
    let minimum = min_budget(algorithm, bounds)?;
    let given = config.memory.unwrap_or(minimum);
    if given < minimum {
        return Err(BestFirstError::BudgetTooSmall {
            algorithm,
            given,
            minimum,
        });
    }
    if minimum
        .checked_mul(Cache::<T::Node>::entry_bytes())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(BestFirstError::TooLarge { algorithm });
    }
    run(tree, variant, reading, bounds, &mut open.open, minimum)
}

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
//! The local OPENs are frames of one [`Open`] array used as a stack, sized
//! once at `b·⌈d/2⌉` entries: see [`QgOpen`] for the layout and the memory
//! bound, [`qg_minimum_memory`] for the budget.
//!
//! # Readings
//!
//! Where the pseudo-code leaves something open, the choice made here is
//! stated on [`QgVariant`] (with the investigation of the π-tree counts)
//! and on [`qg_search`]; this module's unit tests tabulate every reading
//! tried.

use std::fmt;

use tree_core::{Bounds, Tree, Value};

use crate::blocks::{Bounded, leftmost_highest, reselect, terminal as leaf};
use crate::error::BestFirstError;
use crate::open::{Memory, Open, Outcome};
use crate::shape::{check_levels, shape};

/// Which member of the QuickGame family to run.
///
/// All four share QuickGame's local OPENs, the initialisation of `h` to
/// `beta`, the selection of the highest `h` (ties to the lexicographically
/// smaller Dewey code, which is the smaller son index since a frame lists
/// its entries left to right: Remark 3), and the replacement of a grandson
/// by its right brother. They differ in the lower bound passed to the call
/// on the selected node and in what a call returns.
///
/// # QuickGame
///
/// Every call on the selected node passes `r` (the highest value of a
/// completely explored MIN son, or `alpha`) as its alpha; the call at an
/// interior node returns `r`, at a terminal `min(beta, v(p))`. The selected
/// grandson is replaced by its right brother whatever the call returned.
///
/// # The lower bound of QG1–3 (`SelectLowerBound`, Remark 4)
///
/// After each call the pseudo-code selects the new highest entry `k`, sets
/// `lb := SelectLowerBound(OPEN)` and then `If (lb = h[k]) then lb := r`.
/// The readings taken here:
///
/// * **"To the left of p"** means the entries of the local OPEN with a
///   smaller son index than the selected entry `k`, *whatever their state*:
///   fresh, unsolved, cut off (`h <= r`) or exhausted (the solved rightmost
///   grandson, which the pseudo-code leaves in OPEN). The pseudo-code never
///   removes an entry, so all of them are "in OPEN". (Leaving out the
///   exhausted entries, or keeping only those with `h > r`, changes nothing
///   on the worked examples.)
/// * **No node to the left** (QG1 and QG3 when `k` is the leftmost son):
///   §3 says "the current lower bound of the grandfather of p has to be
///   used", i.e. `r`. This is implemented as `SelectLowerBound` answering
///   `h[k]`, which the printed `If (lb = h[k]) then lb := r` turns into `r`
///   — the only case where that line fires for QG1 and QG3, since every
///   entry left of the leftmost maximum has a smaller `h`. For QG2 it
///   fires when all `h` are equal. (The call's `alpha` as the fallback
///   instead gives the wrong order on Table 1.)
/// * **QG3's "second highest h-value to the left of p"** is the highest `h`
///   strictly left of `k`: `p` itself is the highest of "p and the nodes to
///   its left", so the second highest is the best of the others. §3's own
///   b = 2 example forces this: it passes `h(p.0.1)`, the only node to the
///   left, to the call on `p.1.0`. The other reading (the second highest
///   among the nodes strictly left) makes QG3 = QuickGame on every b = 2
///   tree, with 9 leaves on Table 2 instead of the paper's 7.
/// * **QG2's "all the nodes in the local OPEN"** includes the selected
///   entry and the exhausted ones.
/// * **`lb` is not floored**: as printed, `lb` may lie below the call's
///   own `alpha` (when every entry to the left has fallen below it), a
///   weaker bound than QuickGame's `r`. This is the default because it is
///   what the pseudo-code says and because it is what the paper's Table 3
///   measured: on 100 Korf/Fuller (8,6) trees it gives QG1/QG2/QG3
///   1,681/1,723/1,563 leaves against the paper's 1,675/1,796/1,555, and
///   the paper's order QG3 < QG1 < QG2 on strong trees; with the floor
///   `lb := max(lb, alpha)` it gives 1,519/1,566/1,659 and the order
///   reverses. The cost: **QG3 then does examine leaves that Alpha-Beta
///   prunes**, contrary to §3 and §4 (d) — on almost every (6,6) and (8,6)
///   random or strong tree, and on 10–20% of (2,6) trees. With the floor
///   ([`QgConfig::alpha_floor`]) the claim holds on every tree tested.
///
/// # The π tree (Knuth & Moore's (3,4) tree of the digits of π)
///
/// The paper reports QuickGame 33, QG1 = QG2 = 32, QG3 = 30 leaves. These
/// readings give QuickGame 33 and **QG1 = QG2 = QG3 = 30**, and every other
/// reading of `SelectLowerBound` tried gives 30 for QG1 and QG2 too
/// (leaving out exhausted entries, keeping only entries with `h > r`,
/// `alpha` as the fallback, flooring at `alpha` or at `r`: the module's
/// unit tests tabulate them). No reading revisits a leaf of this tree, so
/// counting revisits or not changes nothing either. The reason: on this
/// tree only the lower bounds passed at the root matter (below it every
/// call is on a terminal, which ignores alpha), and trying every `lb` in
/// −∞, 0..9 at every call at the root shows that 32 arises only with
/// `lb = 2` at the call on `21` (Dewey codes 1-based) and `lb < 2` at the
/// later call on `32` (or with `lb = 4` at the call on `31`, above every
/// `h` then in OPEN, which no reading gives). At both instants `r = -inf` and the entries to the
/// left have `h = 2` (`12`, fresh since `11` was solved at 2; then also
/// `21`, which came back unsolved at 2), so their minimum, their maximum,
/// and the minimum over all entries (the selected one holds the maximum)
/// are 2 at both. What does reproduce every count of the paper (Tables 1
/// and 2, and 33/32/32/30 on π) is to read Remark 2's "its h-value < lb"
/// literally: an entry that came back unsolved with `h` counts as *just
/// below* `h` (`h − 1` on integers) in `SelectLowerBound`. Stored that way,
/// as an upper bound, it is unsound on integer trees (a node whose value
/// equals the `lb` it failed against is lost: wrong minimax values on
/// 12–15% of small random trees with ties); used only to choose `lb` it
/// is sound, but it is not in the pseudo-code and it costs QG3 its
/// domination of Alpha-Beta even with the floor, so it is not used here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QgVariant {
    /// QuickGame (§2): lower bound `r`, no revisits.
    QuickGame,
    /// QG1: the lowest `h` to the left of the selected node.
    Qg1,
    /// QG2: the lowest `h` in the whole local OPEN.
    Qg2,
    /// QG3: the second highest `h` to the left of the selected node (the
    /// highest strictly to its left; see above).
    Qg3,
}

impl QgVariant {
    /// The four variants, in the paper's order.
    pub const ALL: [QgVariant; 4] = [
        QgVariant::QuickGame,
        QgVariant::Qg1,
        QgVariant::Qg2,
        QgVariant::Qg3,
    ];

    /// The paper's name: `QuickGame`, `QG1`, `QG2`, `QG3`.
    pub const fn name(self) -> &'static str {
        match self {
            QgVariant::QuickGame => "QuickGame",
            QgVariant::Qg1 => "QG1",
            QgVariant::Qg2 => "QG2",
            QgVariant::Qg3 => "QG3",
        }
    }
}

impl fmt::Display for QgVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The configuration of a QuickGame-family search: its memory budget, the
/// tree's shape for trees that do not report it, and one option that is
/// not in the paper's pseudo-code.
///
/// ```
/// use search_bestfirst::QgConfig;
/// use tree_core::Bounds;
/// let c = QgConfig::default().with_memory(8).with_shape(Bounds::uniform(2, 8));
/// assert_eq!(c.memory, Some(8));
/// assert!(!c.alpha_floor); // the pseudo-code as printed
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct QgConfig {
    /// The OPEN budget in entries; `None` = the minimum,
    /// [`qg_minimum_memory`] = `b·⌈d/2⌉`. A larger budget is accepted, but only
    /// the minimum is allocated (the search cannot use more).
    pub memory: Option<usize>,
    /// The shape (maximum branching `b`, depth `d`) to size OPEN from;
    /// `None` = [`Tree::bounds`].
    pub shape: Option<Bounds>,
    /// QG1–3 only: pass `max(lb, alpha)` instead of `lb`, so that no call
    /// gets a lower bound below the one its node was called with. Not in
    /// the pseudo-code (default `false`); with it QG3 never examines a leaf
    /// that Alpha-Beta prunes, as the paper claims (§3, §4 (d)), and without
    /// it it often does. See [`QgVariant`].
    pub alpha_floor: bool,
}

impl QgConfig {
    /// This configuration with a budget of `entries` OPEN entries.
    #[must_use]
    pub const fn with_memory(mut self, entries: usize) -> QgConfig {
        self.memory = Some(entries);
        self
    }

    /// This configuration with [`alpha_floor`](QgConfig::alpha_floor) set to `on`.
    #[must_use]
    pub const fn with_alpha_floor(mut self, on: bool) -> QgConfig {
        self.alpha_floor = on;
        self
    }

    /// This configuration with the shape `bounds`.
    #[must_use]
    pub const fn with_shape(mut self, bounds: Bounds) -> QgConfig {
        self.shape = Some(bounds);
        self
    }
}

/// The status of an OPEN entry. The paper's LIVE is split in two so that
/// the readings of Remark 2 can tell a fresh grandson from one that came
/// back unsolved; SOLVED is kept only by an exhausted entry (a terminal
/// son, or the rightmost grandson solved), since a solved grandson with a
/// right brother is replaced by it at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    /// LIVE, never called since it entered OPEN.
    Fresh,
    /// LIVE, came back unsolved (QG only): `h` is a tighter upper bound.
    Unsolved,
    /// SOLVED and exhausted: `h` is the son's value (clamped at beta).
    Solved,
}

/// One entry of a local OPEN: the paper's `OPEN[i]`, `h[i]`, `status[i]`.
#[derive(Debug, Clone)]
struct Entry<N> {
    /// The MIN son `p.i` (the brothers' father, to step to `x.j+1`).
    son: N,
    /// The node in OPEN: the grandson `p.i.j`, or `p.i` if it is terminal.
    node: N,
    /// The son's number of children; 0 if the son is terminal.
    width: u32,
    /// The index `j` of the grandson (0 for a terminal son).
    j: u32,
    /// The upper bound `h`.
    h: Value,
    /// LIVE or SOLVED.
    status: Status,
}

/// The reusable OPEN arena of a QuickGame-family search: one [`Open`] array
/// whose frames are the local OPENs. Keep one between searches to avoid
/// reallocating; [`qg_search`] resizes it for each tree's minimum.
///
/// # The local OPENs as one stack
///
/// The paper gives each call its own `OPEN[0..b-1]`. Here every call puts
/// its frame of `w` entries (one per son, `w` = the node's number of
/// children) on top of a stack kept in one [`Open`] array, allocated and
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
/// entries are allocated, and [`Memory::capacity`] reports what was
/// allocated.
///
/// On a non-uniform tree the peak is at most the largest sum, over a
/// root-to-terminal path, of the numbers of children of the interior MAX
/// nodes on it, which is at most `b·⌈d/2⌉`; the tests check both bounds on
/// every tree of the corpus. A revisit (QG1–3) pushes its frame afresh, so
/// revisits cost time, never memory.
#[derive(Debug, Clone)]
pub struct QgOpen<N> {
    open: Open<Entry<N>>,
}

impl<N> QgOpen<N> {
    /// An empty arena; the first search allocates it.
    pub fn new() -> QgOpen<N> {
        QgOpen {
            open: Open::with_capacity(0),
        }
    }

    /// Bytes of one OPEN entry for this node type.
    pub const fn entry_bytes() -> usize {
        Open::<Entry<N>>::entry_bytes()
    }
}

impl<N> Default for QgOpen<N> {
    fn default() -> Self {
        QgOpen::new()
    }
}

/// The least OPEN budget, in entries, with which QuickGame and QG1–3 can
/// search every tree of maximum branching `b` and depth `d`:
/// **`b·⌈d/2⌉`** (one local OPEN of `b` entries per MAX level that has
/// interior nodes; 0 for a terminal root). Uniform trees reach it exactly.
///
/// ```
/// use search_bestfirst::qg_minimum_memory;
/// use tree_core::Bounds;
/// assert_eq!(qg_minimum_memory(Bounds::uniform(2, 4)), Ok(4));
/// assert_eq!(qg_minimum_memory(Bounds::uniform(3, 5)), Ok(9));
/// assert_eq!(qg_minimum_memory(Bounds::uniform(7, 0)), Ok(0));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for a branching of 0 with a depth
/// above 0; [`BestFirstError::TreeShape`] for a depth above
/// [`MAX_DEPTH`](tree_core::MAX_DEPTH); [`BestFirstError::TooLarge`] if the product overflows.
pub fn qg_minimum_memory(bounds: Bounds) -> Result<usize, BestFirstError> {
    min_budget("QuickGame", bounds)
}

fn min_budget(algorithm: &'static str, bounds: Bounds) -> Result<usize, BestFirstError> {
    check_levels(algorithm, bounds)?;
    bounds
        .branching
        .checked_mul(bounds.depth.div_ceil(2))
        .ok_or(BestFirstError::TooLarge { algorithm })
}

/// QuickGame (Bhattacharya 1995, §2; pseudo-code `Function QuickGame`):
/// the root's minimax value with local OPENs of `b` entries per MAX level.
///
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
/// view, so nothing is negated. Memory: [`qg_minimum_memory`] = `b·⌈d/2⌉`.
///
/// ```
/// use search_bestfirst::{QgConfig, quickgame};
/// use tree_core::{Traced, worked};
/// // Bhattacharya 1995, Table 1: 11 of the 16 leaves, in the order the paper prints.
/// let tree = worked::TABLE1.tree();
/// let traced = Traced::new(&tree);
/// let out = quickgame(&traced, &QgConfig::default()).unwrap();
/// assert_eq!(out.value.get(), 2);
/// let order: Vec<usize> = traced.order().iter().map(|d| d.rank(2) + 1).collect();
/// assert_eq!(order, [1, 3, 2, 9, 11, 12, 13, 15, 16, 5, 7]);
/// assert_eq!((out.memory.peak, out.memory.capacity), (4, 4)); // 2 · ⌈4/2⌉
/// ```
///
/// # Errors
/// As [`qg_search`].
pub fn quickgame<T: Tree + ?Sized>(tree: &T, config: &QgConfig) -> Result<Outcome, BestFirstError> {
    qg_search(tree, QgVariant::QuickGame, config, &mut QgOpen::new())
}

/// QG1 (§3): procedure `QG` with the lowest `h` to the left of the selected
/// node as the lower bound. May examine leaves that Alpha-Beta prunes.
/// See [`qg_search`] for the pseudo-code and [`QgVariant`] for the readings.
///
/// ```
/// use search_bestfirst::{QgConfig, qg1};
/// use tree_core::{Counted, worked};
/// let tree = worked::TABLE2.tree();
/// let counted = Counted::new(&tree);
/// assert_eq!(qg1(&counted, &QgConfig::default()).unwrap().value.get(), 5);
/// assert_eq!(counted.stats().leaves, 7); // QuickGame: 9
/// ```
///
/// # Errors
/// As [`qg_search`].
pub fn qg1<T: Tree + ?Sized>(tree: &T, config: &QgConfig) -> Result<Outcome, BestFirstError> {
    qg_search(tree, QgVariant::Qg1, config, &mut QgOpen::new())
}

/// QG2 (§3): procedure `QG` with the lowest `h` of the whole local OPEN as
/// the lower bound. May examine leaves that Alpha-Beta prunes. See
/// [`qg_search`].
///
/// ```
/// use search_bestfirst::{QgConfig, qg2};
/// use tree_core::{Counted, worked};
/// let tree = worked::PI.tree();
/// let counted = Counted::new(&tree);
/// assert_eq!(qg2(&counted, &QgConfig::default()).unwrap().value.get(), 2);
/// assert_eq!(counted.stats().leaves, 30); // the paper says 32: see QgVariant
/// ```
///
/// # Errors
/// As [`qg_search`].
pub fn qg2<T: Tree + ?Sized>(tree: &T, config: &QgConfig) -> Result<Outcome, BestFirstError> {
    qg_search(tree, QgVariant::Qg2, config, &mut QgOpen::new())
}

/// QG3 (§3): procedure `QG` with the second highest `h` to the left of the
/// selected node (the highest strictly left of it) as the lower bound. The
/// paper says it never examines a distinct leaf that Alpha-Beta prunes
/// (§4 (d)); that holds with [`QgConfig::alpha_floor`], not for the
/// pseudo-code as printed (see [`QgVariant`]). See [`qg_search`].
///
/// ```
/// use search_bestfirst::{QgConfig, qg3};
/// use tree_core::{Counted, worked};
/// let tree = worked::PI.tree();
/// let counted = Counted::new(&tree);
/// assert_eq!(qg3(&counted, &QgConfig::default()).unwrap().value.get(), 2);
/// assert_eq!(counted.stats().leaves, 30); // Alpha-Beta: 31, QuickGame: 33
/// ```
///
/// # Errors
/// As [`qg_search`].
pub fn qg3<T: Tree + ?Sized>(tree: &T, config: &QgConfig) -> Result<Outcome, BestFirstError> {
    qg_search(tree, QgVariant::Qg3, config, &mut QgOpen::new())
}

/// Runs `variant` on `tree` with the scratch arena `open` (reused between
/// searches), and returns the root's minimax value and OPEN's budget and
/// peak.
///
/// QG1–3 are the paper's procedure `QG` (§3), with `SelectLowerBound` as
/// described on [`QgVariant`]:
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
/// [`QgVariant`] and, if [`QgConfig::alpha_floor`] is set,
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
///   shape [`qg_minimum_memory`] rejects;
/// * [`BestFirstError::BudgetTooSmall`] (stating `b·⌈d/2⌉`) if
///   `config.memory` is below the minimum — before anything is searched;
/// * [`BestFirstError::TreeShape`] if the tree turns out larger than its
///   shape says (a MAX node with more than `b` children or an interior MAX
///   node at depth `>= d`), so that OPEN can never overflow;
/// * [`BestFirstError::SentinelLeaf`] for a terminal valued ±∞.
pub fn qg_search<T: Tree + ?Sized>(
    tree: &T,
    variant: QgVariant,
    config: &QgConfig,
    open: &mut QgOpen<T::Node>,
) -> Result<Outcome, BestFirstError> {
    let reading = Reading {
        floor: if config.alpha_floor {
            Floor::Alpha
        } else {
            Floor::None
        },
        ..Reading::PRINTED
    };
    search(tree, variant, config, open, reading)
}

/// How `SelectLowerBound` and Remark 2 are read. [`Reading::PRINTED`] is the
/// one documented on [`QgVariant`], with [`QgConfig::alpha_floor`] choosing
/// the floor; the other settings exist for the investigation of the
/// π-tree counts in this module's tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reading {
    /// Which entries left of `k` (for QG2: other than `k`) count.
    left: Left,
    /// What "no such value" falls back to.
    fallback: Fallback,
    /// `lb := max(lb, floor)` at the end.
    floor: Floor,
    /// An unsolved entry counts as `h − 1` in `SelectLowerBound`.
    strict_unsolved: bool,
    /// An unsolved return is stored as `h − 1` (unsound on integer trees).
    strict_store: bool,
    /// QG3 takes the second highest among the entries strictly left of `k`.
    qg3_second_of_left: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Left {
    /// Every entry.
    All,
    /// Every entry but the exhausted ones.
    #[cfg_attr(not(test), allow(dead_code))] // tried in the tests
    NotExhausted,
    /// Only entries still in contention (`h > r`).
    #[cfg_attr(not(test), allow(dead_code))] // tried in the tests
    Contending,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Floor {
    /// None: `lb` as `SelectLowerBound` and the printed `If` give it.
    None,
    /// `lb := max(lb, alpha)`.
    Alpha,
    /// `lb := max(lb, r)`.
    #[cfg_attr(not(test), allow(dead_code))] // tried in the tests
    R,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fallback {
    /// `r`, the node's current lower bound.
    R,
    /// `alpha`, the lower bound the node was called with.
    #[cfg_attr(not(test), allow(dead_code))] // tried in the tests
    Alpha,
}

impl Reading {
    /// Whether `SelectLowerBound` reads plain h-values of every entry, so
    /// that [`LeftStats`] gives it without a scan.
    fn incremental(&self) -> bool {
        self.left == Left::All && !self.strict_unsolved && !self.qg3_second_of_left
    }

    const PRINTED: Reading = Reading {
        left: Left::All,
        fallback: Fallback::R,
        floor: Floor::None,
        strict_unsolved: false,
        strict_store: false,
        qg3_second_of_left: false,
    };
}

fn search<T: Tree + ?Sized>(
    tree: &T,
    variant: QgVariant,
    config: &QgConfig,
    open: &mut QgOpen<T::Node>,
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
        .checked_mul(QgOpen::<T::Node>::entry_bytes())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(BestFirstError::TooLarge { algorithm });
    }
    // The frames are written in place over an array filled once, so that
    // an entry costs only the fields it needs; `top` and `peak` are the
    // stack's own.
    open.open.reset(minimum);
    let root = tree.root();
    let filler = Entry {
        son: root.clone(),
        node: root.clone(),
        width: 0,
        j: 0,
        h: Value::INF,
        status: Status::Fresh,
    };
    for _ in 0..minimum {
        open.open.push(algorithm, filler.clone())?;
    }
    let mut s = Search {
        tree,
        open: &mut open.open,
        top: 0,
        peak: 0,
        variant,
        reading,
        bounds,
        best: None,
    };
    let width = tree.num_children(&root);
    let (value, _) = s.call(&root, width, 0, Value::NEG_INF, Value::INF)?;
    Ok(Outcome::new(
        value,
        s.best,
        Memory {
            capacity: minimum,
            peak: s.peak,
            entry_bytes: QgOpen::<T::Node>::entry_bytes(),
        },
    ))
}

struct Search<'a, T: Tree + ?Sized> {
    tree: &'a T,
    /// The frames, `open[..top]`, over an array filled to its capacity.
    open: &'a mut Open<Entry<T::Node>>,
    top: usize,
    /// The most entries held at once.
    peak: usize,
    variant: QgVariant,
    reading: Reading,
    bounds: Bounds,
    /// The root's best move: the son whose solution last raised the root's
    /// r (the highest value solved).
    best: Option<usize>,
}

impl<T: Tree + ?Sized> Search<'_, T> {
    /// `QuickGame(p, alpha, beta)` or `QG(p, alpha, beta)` on the node `p`
    /// of depth `depth` with `width` children (the caller asked once).
    /// Returns the value and whether it is SOLVED (always, for QuickGame).
    fn call(
        &mut self,
        p: &T::Node,
        width: usize,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, bool), BestFirstError> {
        let tree = self.tree;
        if width == 0 {
            return Ok((beta.min(leaf(tree, p)?), true));
        }
        self.check_frame(width, depth)?;
        let base = self.top;
        if base + width > self.open.len() {
            // Not reached: the shape checks keep the frames within b·⌈d/2⌉.
            return Err(BestFirstError::BudgetTooSmall {
                algorithm: self.variant.name(),
                given: self.open.len(),
                minimum: self.open.len() + 1,
            });
        }
        let mut all_terminal = true;
        let frame = &mut self.open.entries_mut()[base..base + width];
        for (i, e) in frame.iter_mut().enumerate() {
            let son = tree.child(p, i);
            let son_width = tree.num_children(&son);
            all_terminal &= son_width == 0;
            if son_width == 0 {
                e.node = son;
            } else {
                e.node = tree.child(&son, 0);
                e.son = son;
                e.j = 0;
            }
            e.width = son_width as u32;
            e.h = beta;
            e.status = Status::Fresh;
        }
        self.top = base + width;
        self.peak = self.peak.max(self.top);
        let result = if all_terminal {
            if depth == 0 {
                let (result, best) = self.terminal_frame::<true>(base, width, alpha, beta)?;
                self.best = best;
                Ok(result)
            } else {
                self.terminal_frame::<false>(base, width, alpha, beta)
                    .map(|(result, _)| result)
            }
        } else {
            self.frame(base, width, depth, alpha, beta)
        };
        self.top = base;
        result
    }

    /// The loop of `QuickGame(p, alpha, beta)` or `QG(p, alpha, beta)` over
    /// p's frame, the `width` entries at `base`.
    fn frame(
        &mut self,
        base: usize,
        width: usize,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, bool), BestFirstError> {
        let tree = self.tree;
        let end = base + width;
        let quickgame = self.variant == QgVariant::QuickGame;
        // k is kept the leftmost highest entry as `highest` would find it:
        // only entry k changes, and its h never rises (see `reselect`).
        let (mut lb, mut r, mut k) = (alpha, alpha, 0);
        let mut stats = LeftStats::new(beta);
        loop {
            let e = &mut self.open.entries_mut()[base + k];
            let top = e.h;
            if top <= r {
                break;
            }
            let bound = if quickgame { r } else { lb };
            let (v, solved) = if e.width == 0 {
                // A terminal MIN son: QuickGame(p.i) returns min(h, v).
                (top.min(leaf(tree, &e.node)?), true)
            } else {
                // The grandson: a call, or if it is terminal, min(h, v).
                // While v reaches h and a brother follows, h stays, entry
                // k stays selected with the same lower bound, and the loop
                // would step to the brother: that is done here, with the
                // brother then searched as the loop would search it.
                let mut w = tree.num_children(&e.node);
                loop {
                    if w > 0 {
                        let node = e.node.clone();
                        break self.call(&node, w, depth + 2, bound, top)?;
                    }
                    let v = leaf(tree, &e.node)?;
                    if v < top || e.j + 1 == e.width {
                        break (v.min(top), true);
                    }
                    e.j += 1;
                    e.node = tree.child(&e.son, e.j as usize);
                    e.status = Status::Fresh;
                    w = tree.num_children(&e.node);
                }
            };
            debug_assert!(v <= top, "a call returns at most its beta");
            let e = &mut self.open.entries_mut()[base + k];
            if solved {
                e.h = v;
                if e.width == 0 || e.j + 1 == e.width {
                    if depth == 0 && v > r {
                        self.best = Some(k);
                    }
                    r = r.max(v);
                    e.status = Status::Solved;
                } else {
                    e.j += 1;
                    e.node = tree.child(&e.son, e.j as usize);
                    e.status = Status::Fresh;
                }
            } else {
                e.h = if self.reading.strict_store {
                    v.offset(-1)
                } else {
                    v
                };
                e.status = Status::Unsolved;
            }
            let frame = &self.open.entries()[base..end];
            stats.lowered(frame[k].h);
            if frame[k].h != top {
                k = reselect(frame, k, top);
            }
            debug_assert_eq!(k, highest(frame));
            if !quickgame {
                stats.select(frame, k);
                lb = self.select_lower_bound(frame, k, r, alpha, &stats);
            }
        }
        let e = &self.open.entries()[base + k];
        Ok(if quickgame {
            (r, true)
        } else {
            (e.h, e.status == Status::Solved)
        })
    }

    /// The loop of [`Search::frame`] on a frame of terminal sons only (at
    /// `base`, every entry fresh with h = `beta`), which comes down to this:
    /// while the leftmost entry still at `beta` is above `r`, evaluate it
    /// (`r` rising to its value), so the sons are evaluated left to right
    /// until one is ≥ `beta`; the lower bounds passed down do not matter, as
    /// calls on terminals ignore them. Returns what the loop returns, and
    /// with `BEST` (the root) the son that gave it.
    fn terminal_frame<const BEST: bool>(
        &self,
        base: usize,
        width: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<((Value, bool), Option<usize>), BestFirstError> {
        if beta <= alpha {
            // The loop stops at once on the fresh entry 0.
            return Ok((
                if self.variant == QgVariant::QuickGame {
                    (alpha, true)
                } else {
                    (beta, false)
                },
                None,
            ));
        }
        let (mut r, mut best) = (alpha, Value::NEG_INF);
        let mut at = None;
        for (i, e) in self.open.entries()[base..base + width].iter().enumerate() {
            let v = leaf(self.tree, &e.node)?;
            if v >= beta {
                // Solved at beta, the leftmost highest: the loop stops.
                return Ok(((beta, true), if BEST { Some(i) } else { None }));
            }
            if BEST && v > best {
                at = Some(i);
            }
            r = r.max(v);
            best = best.max(v);
        }
        // All solved below beta: the highest is their maximum.
        Ok((
            if self.variant == QgVariant::QuickGame {
                (r, true)
            } else {
                (best, true)
            },
            at,
        ))
    }

    /// The frame of a MAX node with `width` children at `depth` must fit the
    /// shape OPEN was sized for.
    fn check_frame(&self, width: usize, depth: usize) -> Result<(), BestFirstError> {
        let Bounds {
            branching: b,
            depth: d,
            ..
        } = self.bounds;
        if width > b {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{}: a node at depth {depth} has {width} children, more than the branching {b} \
                     OPEN was sized for",
                    self.variant
                ),
            });
        }
        if depth >= d {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{}: an interior node at depth {depth}, deeper than the depth {d} \
                     OPEN was sized for",
                    self.variant
                ),
            });
        }
        Ok(())
    }

    /// `lb := SelectLowerBound(OPEN); If (lb = h[k]) then lb := r` for the
    /// frame `frame` whose highest entry is `k`, `stats` its h-values as
    /// the printed reading counts them (see [`LeftStats`]).
    fn select_lower_bound(
        &self,
        frame: &[Entry<T::Node>],
        k: usize,
        r: Value,
        alpha: Value,
        stats: &LeftStats,
    ) -> Value {
        let found = if self.reading.incremental() {
            debug_assert_eq!(stats.found(self.variant, k), self.found(frame, k, r));
            stats.found(self.variant, k)
        } else {
            self.found(frame, k, r)
        };
        self.finish_lower_bound(found, frame[k].h, r, alpha)
    }

    /// `SelectLowerBound(OPEN)`'s value, `None` for "no such value", by a
    /// scan of the frame under any reading.
    fn found(&self, frame: &[Entry<T::Node>], k: usize, r: Value) -> Option<Value> {
        let rd = self.reading;
        let hk = frame[k].h;
        let seen = |e: &Entry<T::Node>| -> Option<Value> {
            let counts = match rd.left {
                Left::All => true,
                Left::NotExhausted => e.status != Status::Solved,
                Left::Contending => e.h > r,
            };
            counts.then(|| {
                if rd.strict_unsolved && e.status == Status::Unsolved {
                    e.h.offset(-1)
                } else {
                    e.h
                }
            })
        };
        let left = frame[..k].iter().filter_map(seen);
        match self.variant {
            QgVariant::QuickGame => None,
            QgVariant::Qg1 => left.min(),
            QgVariant::Qg2 => {
                let others = frame[k + 1..].iter().filter_map(seen);
                Some(left.chain(others).fold(hk, Value::min))
            }
            QgVariant::Qg3 if rd.qg3_second_of_left => {
                let (mut first, mut second) = (None, None);
                for v in left {
                    if first.is_none_or(|f| v > f) {
                        second = first;
                        first = Some(v);
                    } else if second.is_none_or(|s| v > s) {
                        second = Some(v);
                    }
                }
                second
            }
            QgVariant::Qg3 => left.max(),
        }
    }

    /// The pseudo-code's `If (lb = h[k]) then lb := r` (also for "no such
    /// value"), then the floor.
    fn finish_lower_bound(&self, found: Option<Value>, hk: Value, r: Value, alpha: Value) -> Value {
        let rd = self.reading;
        let lb = found.unwrap_or(hk);
        let lb = if lb == hk {
            match rd.fallback {
                Fallback::R => r,
                Fallback::Alpha => alpha,
            }
        } else {
            lb
        };
        match rd.floor {
            Floor::None => lb,
            Floor::Alpha => lb.max(alpha),
            Floor::R => lb.max(r),
        }
    }
}

/// The h-values `SelectLowerBound` needs under the printed reading, kept
/// as the loop goes rather than scanned for at every step: the lowest and
/// highest h strictly left of the selected entry, and the lowest h of the
/// frame. Only the selected entry's h ever changes, and only downwards, so
/// when the selection moves right the entries it passes are added to the
/// left part, and only a move to the left (the frame's maximum dropped)
/// rescans it.
struct LeftStats {
    /// The left part is `frame[..upto]`.
    upto: usize,
    /// Its lowest and highest h (`+∞` and `−∞` when empty).
    min: Value,
    max: Value,
    /// The lowest h of the whole frame.
    all: Value,
}

impl LeftStats {
    /// A fresh frame, every entry at `beta`, entry 0 selected.
    fn new(beta: Value) -> LeftStats {
        LeftStats {
            upto: 0,
            min: Value::INF,
            max: Value::NEG_INF,
            all: beta,
        }
    }

    /// The selected entry's h was lowered to `h`.
    #[inline]
    fn lowered(&mut self, h: Value) {
        self.all = self.all.min(h);
    }

    /// Entry `k` is selected now.
    #[inline]
    fn select<N>(&mut self, frame: &[Entry<N>], k: usize) {
        if k < self.upto {
            *self = LeftStats {
                upto: 0,
                min: Value::INF,
                max: Value::NEG_INF,
                all: self.all,
            };
        }
        for e in &frame[self.upto..k] {
            self.min = self.min.min(e.h);
            self.max = self.max.max(e.h);
        }
        self.upto = k;
    }

    /// `SelectLowerBound`'s value for `variant` with entry `k` selected.
    #[inline]
    fn found(&self, variant: QgVariant, k: usize) -> Option<Value> {
        match variant {
            QgVariant::QuickGame => None,
            QgVariant::Qg1 => (k > 0).then_some(self.min),
            QgVariant::Qg2 => Some(self.all),
            QgVariant::Qg3 => (k > 0).then_some(self.max),
        }
    }
}

/// The index of the highest `h`, ties to the leftmost (Remark 3).
fn highest<N>(frame: &[Entry<N>]) -> usize {
    leftmost_highest(frame)
}

impl<N> Bounded for Entry<N> {
    #[inline]
    fn h(&self) -> Value {
        self.h
    }
}

#[cfg(test)]
mod tests {
    //! The investigation of the readings of `SelectLowerBound` and Remark 2
    //! (see `QgVariant`): every reading tried, on the paper's examples, on
    //! random integer trees with ties, and on Table 3's kind of trees.

    use super::*;

    use std::collections::BTreeSet;
    use std::fmt::Write;

    use search_depthfirst::{Window, alphabeta};
    use tree_core::{Counted, Dewey, ExplicitTree, GenSpec, Generator, Traced, minimax, worked};

    /// SplitMix64.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn below(&mut self, n: u64) -> u64 {
            ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
        }
    }

    const QG: [QgVariant; 3] = [QgVariant::Qg1, QgVariant::Qg2, QgVariant::Qg3];

    fn run<T: Tree>(tree: &T, variant: QgVariant, reading: Reading) -> Value {
        search(
            tree,
            variant,
            &QgConfig::default(),
            &mut QgOpen::new(),
            reading,
        )
        .unwrap()
        .value
    }

    fn traced(tree: &ExplicitTree, variant: QgVariant, reading: Reading) -> (Value, Vec<Dewey>) {
        let t = Traced::new(tree);
        (run(&t, variant, reading), t.order())
    }

    /// The paper's row: the rank of each leaf's first evaluation, `-` if none.
    fn row(order: &[Dewey], b: usize, d: u32) -> String {
        let mut rank = vec![None; b.pow(d)];
        let mut n = 0;
        for code in order {
            let slot = &mut rank[code.rank(b)];
            if slot.is_none() {
                n += 1;
                *slot = Some(n);
            }
        }
        let cells: Vec<String> = rank
            .iter()
            .map(|r| r.map_or("-".to_string(), |r: usize| r.to_string()))
            .collect();
        cells.join(" ")
    }

    fn leaf_set(order: Vec<Dewey>) -> BTreeSet<Dewey> {
        order.into_iter().collect()
    }

    /// Every reading tried.
    fn readings() -> Vec<(&'static str, Reading)> {
        let p = Reading::PRINTED;
        let floor = Reading {
            floor: Floor::Alpha,
            ..p
        };
        vec![
            ("printed (default)", p),
            ("printed + alpha_floor", floor),
            (
                "printed, floored at r",
                Reading {
                    floor: Floor::R,
                    ..p
                },
            ),
            (
                "exhausted entries not 'to the left'",
                Reading {
                    left: Left::NotExhausted,
                    ..p
                },
            ),
            (
                "only entries with h > r count",
                Reading {
                    left: Left::Contending,
                    ..p
                },
            ),
            (
                "fallback alpha instead of r",
                Reading {
                    fallback: Fallback::Alpha,
                    ..p
                },
            ),
            (
                "QG3: second highest strictly left",
                Reading {
                    qg3_second_of_left: true,
                    ..p
                },
            ),
            (
                "unsolved h counts as h-1 for lb",
                Reading {
                    strict_unsolved: true,
                    ..p
                },
            ),
            (
                "same + alpha_floor",
                Reading {
                    strict_unsolved: true,
                    ..floor
                },
            ),
            (
                "unsolved stored as h-1 (UNSOUND)",
                Reading {
                    strict_store: true,
                    ..p
                },
            ),
        ]
    }

    /// Random uniform trees with small integer values (many ties), deep
    /// enough for the lower bounds to matter below the root.
    fn random_trees(seed: u64, n: usize) -> Vec<ExplicitTree> {
        let mut rng = Rng(seed);
        let shapes: [(usize, u32); 6] = [(2, 5), (2, 6), (2, 7), (3, 4), (3, 5), (4, 4)];
        (0..n)
            .map(|i| {
                let (b, d) = shapes[i % shapes.len()];
                let hi = [3, 20, 1000][i % 3];
                let leaves: Vec<i64> = (0..b.pow(d)).map(|_| rng.below(hi + 1) as i64).collect();
                ExplicitTree::uniform(b, d as usize, &leaves).unwrap()
            })
            .collect()
    }

    /// Mean leaves (revisits included) of QG1-3 on 100 trees of the kind of
    /// Bhattacharya 1995, Table 3.
    fn table3_means(generator: Generator, b: usize, d: usize, reading: Reading) -> String {
        let mut sums = [0u64; 3];
        let n = 100;
        for index in 0..n {
            let tree = GenSpec::new(generator, b, d, 1, index).build().unwrap();
            for (i, v) in QG.into_iter().enumerate() {
                let c = Counted::new(&tree);
                run(&c, v, reading);
                sums[i] += c.stats().leaves;
            }
        }
        let m: Vec<String> = sums.iter().map(|s| (s / n).to_string()).collect();
        m.join("/")
    }

    #[test]
    fn readings_investigation() {
        let (t1, t2, pi) = (
            worked::TABLE1.tree(),
            worked::TABLE2.tree(),
            worked::PI.tree(),
        );
        let paper_row1 = "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9";
        let paper_row2 = "1 3 2 - 6 7 - - 4 - 5 - - - - -";
        let trees = random_trees(1, 1200);
        let ab_sets: Vec<BTreeSet<Dewey>> = trees
            .iter()
            .map(|t| {
                let tr = Traced::new(t);
                alphabeta(&tr, Window::FULL).unwrap();
                leaf_set(tr.order())
            })
            .collect();
        let mut out = String::new();
        writeln!(
            out,
            "columns: reading | Tables 1, 2 rows of QG1-3 | pi QG1/QG2/QG3 (paper 32/32/30) \
             | wrong values QG1/2/3 on {n} random trees | of those, trees where QG1/2/3 examine a \
             leaf Alpha-Beta prunes | mean leaves QG1/2/3 on 100 Korf (8,6) (paper 1675/1796/1555) \
             | on 100 random (6,6) (paper 4706/4833/5595)",
            n = trees.len()
        )
        .unwrap();
        for (name, reading) in readings() {
            let mut tables = true;
            let mut pis = Vec::new();
            for v in QG {
                let (_, o1) = traced(&t1, v, reading);
                let (_, o2) = traced(&t2, v, reading);
                tables &= row(&o1, 2, 4) == paper_row1 && row(&o2, 2, 4) == paper_row2;
                let (value, o) = traced(&pi, v, reading);
                assert_eq!(value.get(), 2);
                assert_eq!(o.len(), leaf_set(o.clone()).len(), "{name}: a revisit on π");
                pis.push(o.len().to_string());
            }
            let mut wrong = [0; 3];
            let mut pruned = [0; 3];
            for (t, ab) in trees.iter().zip(&ab_sets) {
                let exact = minimax(t);
                for (i, v) in QG.into_iter().enumerate() {
                    let (value, order) = traced(t, v, reading);
                    wrong[i] += usize::from(value != exact);
                    pruned[i] += usize::from(!leaf_set(order).is_subset(ab));
                }
            }
            writeln!(
                out,
                "{name} | {} | {} | {wrong:?} | {pruned:?} | {} | {}",
                if tables { "match" } else { "DIFFER" },
                pis.join("/"),
                table3_means(Generator::KORF, 8, 6, reading),
                table3_means(Generator::RANDOM, 6, 6, reading),
            )
            .unwrap();
            if !reading.strict_store {
                assert_eq!(wrong, [0; 3], "{name}");
            }
        }
        insta::assert_snapshot!(out);
    }

    #[test]
    fn ties_go_to_the_leftmost_entry() {
        let entry = |h: i32| Entry {
            son: 0u32,
            node: 0u32,
            width: 0,
            j: 0,
            h: Value::new(h).unwrap(),
            status: Status::Fresh,
        };
        assert_eq!(highest(&[entry(1), entry(3), entry(3)]), 1);
        assert_eq!(highest(&[entry(5), entry(3), entry(5)]), 0);
        assert_eq!(highest(&[entry(2)]), 0);
    }
}

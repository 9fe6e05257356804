//! MT and its drivers: MT-SSS*, MT-DUAL* and MTD(f) as sequences of MT
//! passes.

use tree_core::{Tree, Value};

use super::pass::{Open, mt_pass};
use super::table::TranspositionTable;
use crate::window::offset;
use crate::{Outcome, SearchError};

/// MT, Memory-enhanced Test (Plaat et al. 1996, the function `MT(n, γ)`):
/// a null-window alpha-beta with window `(γ − 1, γ)` that stores a bound for
/// every node it searches in `tt`. It decides whether the root's minimax
/// value `v` is `>= gamma`:
///
/// * a result `g >= gamma` is a lower bound: `v >= g`;
/// * a result `g < gamma` is an upper bound: `v <= g`.
///
/// `gamma` may be a sentinel: `+∞` always fails low and returns an upper
/// bound (MT-SSS*'s first pass), `−∞` always succeeds without expanding a
/// node.
///
/// The search, in MAX/MIN form with values from MAX's point of view:
///
/// ```text
/// if retrieve(n) then
///   if n.f- >= γ then return n.f-;  if n.f+ < γ then return n.f+;
/// if n = leaf then g := eval(n)
/// else if n = max then
///   g := -∞; c := firstchild(n);
///   while g < γ and c ≠ ⊥ do  g := max(g, MT(c, γ)); c := nextbrother(c)
/// else
///   g := +∞; c := firstchild(n);
///   while g >= γ and c ≠ ⊥ do  g := min(g, MT(c, γ)); c := nextbrother(c)
/// if g < γ then n.f+ := g else n.f- := g;  store(n)
/// return g
/// ```
///
/// Two details: a child's bounds are looked up in its parent's loop, as
/// Plaat et al. write it, and its node is generated only if they do not
/// decide; and a terminal stores its static value as both bounds, so no
/// terminal is ever evaluated twice (Plaat et al. reach the same by
/// returning any stored bound of a leaf).
///
/// # Errors
/// [`SearchError::TooDeep`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`]; [`SearchError::SentinelLeaf`] for a terminal
/// valued ±∞; [`SearchError::TooManyChildren`] for a node with more than
/// 65,536 children (Dewey digits are 16-bit).
pub fn mt<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    gamma: Value,
) -> Result<Value, SearchError> {
    mt_pass(tree, tt, gamma, Open).map(|(g, _)| g)
}

/// MT-SSS* (Plaat et al. 1996): SSS* as a sequence of MT calls, each
/// with the upper bound the previous one returned, starting from +∞, until
/// an MT call succeeds:
///
/// ```text
/// g := +∞;
/// repeat  γ := g;  g := MT(root, γ)  until g = γ;
/// return g
/// ```
///
/// Plaat et al. prove it evaluates the same terminals as Stockman's SSS*.
/// The table is cleared first and holds, afterwards, every node the search
/// touched.
///
/// # Errors
/// As [`mt`].
pub fn mt_sss<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
) -> Result<Outcome, SearchError> {
    run(tree, tt, Driver::Sss)
}

/// MT-DUAL* (Plaat et al. 1996): DUAL* as a sequence of MT calls from
/// below, each testing one more than the lower bound the previous one
/// returned, until an MT call fails low:
///
/// ```text
/// g := -∞;
/// repeat  γ := g + 1;  g := MT(root, γ)  until g < γ;
/// return g
/// ```
///
/// The table is cleared first.
///
/// # Errors
/// As [`mt`].
pub fn mt_dual<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
) -> Result<Outcome, SearchError> {
    run(tree, tt, Driver::Dual)
}

/// MTD(f) (Plaat et al. 1996): MT calls converging on the value from a
/// first guess `f`, narrowing an interval `[lower, upper]` until it closes:
///
/// ```text
/// g := f;  upper := +∞;  lower := -∞;
/// repeat
///   if g = lower then γ := g + 1 else γ := g;
///   g := MT(root, γ);
///   if g < γ then upper := g else lower := g
/// until lower >= upper;
/// return g
/// ```
///
/// Any first guess works, the sentinels included (`+∞` makes it MT-SSS*,
/// `−∞` MT-DUAL*); the closer it is to the value, the fewer passes. The
/// table is cleared first.
///
/// ```
/// use search_depthfirst::{TranspositionTable, mtdf};
/// use tree_core::{ExplicitTree, Value};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap(); // value 1
/// let mut tt = TranspositionTable::new();
/// let o = mtdf(&t, &mut tt, Value::new(1).unwrap()).unwrap();
/// assert_eq!(o.value, Value::new(1).unwrap());
/// assert_eq!(o.passes, 2); // fails high at γ = 1, low at γ = 2
/// ```
///
/// # Errors
/// As [`mt`].
pub fn mtdf<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    first_guess: Value,
) -> Result<Outcome, SearchError> {
    run(tree, tt, Driver::Mtdf(first_guess))
}

/// `driver`'s MT calls on `tree`, the table cleared first.
pub(super) fn run<T: Tree + ?Sized>(
    tree: &T,
    tt: &mut TranspositionTable,
    driver: Driver,
) -> Result<Outcome, SearchError> {
    tt.clear();
    drive(driver, |gamma| mt_pass(tree, tt, gamma, Open)).map(|(o, _)| o)
}

/// The sequence of MT calls of a driver.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Driver {
    /// MT-SSS\*: from +∞ down.
    Sss,
    /// MT-DUAL\*: from −∞ up.
    Dual,
    /// MTD(f) from the first guess.
    Mtdf(Value),
}

/// Runs `driver`'s MT calls through `pass` (one MT call at γ: its result
/// and, after a fail high, the root's move that reached γ) until the value
/// is known; returns it with the move of the last pass that failed high —
/// the one that proved the lower bound the value is, so a move to a
/// position of the root's value (`None` on a terminal root).
pub(crate) fn drive(
    driver: Driver,
    mut pass: impl FnMut(Value) -> Result<(Value, Option<usize>), SearchError>,
) -> Result<(Outcome, Option<usize>), SearchError> {
    let mut g = match driver {
        Driver::Sss => Value::INF,
        Driver::Dual => Value::NEG_INF,
        Driver::Mtdf(f) => f,
    };
    let (mut lower, mut upper) = (Value::NEG_INF, Value::INF);
    let mut passes = 0;
    let mut best = None;
    loop {
        let gamma = match driver {
            Driver::Sss => g,
            Driver::Dual => offset(g, 1),
            Driver::Mtdf(_) if g == lower => offset(g, 1),
            Driver::Mtdf(_) => g,
        };
        let (r, moved) = pass(gamma)?;
        g = r;
        passes += 1;
        if g < gamma {
            upper = g;
        } else {
            lower = g;
            best = moved;
        }
        let done = match driver {
            Driver::Sss => g == gamma,
            Driver::Dual => g < gamma,
            Driver::Mtdf(_) => lower >= upper,
        };
        if done {
            return Ok((Outcome { value: g, passes }, best));
        }
    }
}

//! The alpha-beta family of Campbell's thesis, ch. 2 (after Fishburn 1980):
//! `alphabeta` (Fig. 4), `falphabeta` (Fig. 5), `lalphabeta` (Fig. 6) and
//! `palphabeta` (Fig. 7).
//!
//! Every function follows its figure line by line in the negamax framework:
//! a node's value is the maximum of its children's negated values and a
//! terminal is scored from the side to move (the tree's value at even
//! depths, its negation at odd depths). The cutoff test the OCR prints as
//! `if (m > β)` (Figs. 4-6) is read as `m >= β`: that is Knuth and Moore's
//! F2, and the published counts need it — with `>=` Alpha-Beta evaluates
//! 14, 7, 31 and 3 terminals on Bhattacharya 1995's Tables 1 and 2, Knuth and Moore's
//! π tree and Stockman's tree, as the papers say; with a strict `>` it
//! would evaluate 16, 13, 76 and 5.
//! Children are generated left to right, each once per (re)search, and
//! nothing is allocated per node.

use tree_core::{Tree, Value};

use crate::control::{Control, Plain, open};
use crate::window::{neg_minus_one, static_negamax};
use crate::{Bound, Scored, SearchError, Window};

/// Fail-hard alpha-beta (Campbell 1981, p. 8, Fig. 4; Knuth & Moore's F2):
/// the value of the root clamped into the window.
///
/// For a root of minimax value `v` and window `(alpha, beta)` it returns
/// exactly [`window.clamp(v)`](Window::clamp):
///
/// * `v` if `alpha < v < beta` (the search succeeds);
/// * `alpha` if `v <= alpha` (it fails low: `v` is at most `alpha`);
/// * `beta` if `v >= beta` (it fails high: `v` is at least `beta`).
///
/// The recursion is Fig. 4 as printed:
///
/// ```text
/// m = α;
/// for i = 1 to w do
///   { t = -alphabeta(p.i, -β, -m);
///     if (t > m) m = t;
///     if (m >= β) return(m); /* cutoff */ }
/// return(m);
/// ```
///
/// Inside the tree a fail-high cutoff returns the `m` that caused it, which
/// may exceed β, and a terminal returns its static value whatever the
/// window; only the root's answer is clamped, so that the result has the
/// plain fail-hard meaning above. Use [`falphabeta`] for the tighter bound.
///
/// With [`Window::FULL`] it returns the minimax value.
///
/// ```
/// use search_depthfirst::{Window, alphabeta};
/// use tree_core::{Counted, ExplicitTree, Value};
/// let v = |x| Value::new(x).unwrap();
/// // Bhattacharya 1995's Table 1 tree, value 2.
/// let t = ExplicitTree::uniform(2, 4, &[5, 3, 3, 4, 1, 0, 1, 2, 2, 7, 5, 4, 1, 4, 6, 2]).unwrap();
/// let c = Counted::new(&t);
/// assert_eq!(alphabeta(&c, Window::FULL), Ok(v(2)));
/// assert_eq!(c.stats().leaves, 14);
/// // Windows that miss the value: fail low, fail high.
/// assert_eq!(alphabeta(&t, Window::new(v(3), v(9)).unwrap()), Ok(v(3)));
/// assert_eq!(alphabeta(&t, Window::new(v(-5), v(1)).unwrap()), Ok(v(1)));
/// ```
///
/// # Errors
/// [`SearchError::TooDeep`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`]; [`SearchError::SentinelLeaf`] for a terminal
/// valued ±∞. (An empty window cannot be built: see [`Window::new`].)
pub fn alphabeta<T: Tree + ?Sized>(tree: &T, window: Window) -> Result<Value, SearchError> {
    let m = alphabeta_at::<_, _, HARD>(
        tree,
        &tree.root(),
        0,
        window.alpha(),
        window.beta(),
        &mut Plain,
    )?;
    Ok(window.clamp(m))
}

/// [`alphabeta_at`] as Fig. 4, fail-hard.
pub(crate) const HARD: bool = false;
/// [`alphabeta_at`] as Fig. 5, fail-soft.
pub(crate) const SOFT: bool = true;

/// Fig. 4 ([`HARD`]) or Fig. 5 ([`SOFT`]) at node `p` of depth
/// `depth`, window `(a, b)`, `a < b`: the two figures differ only in where
/// `m` starts (α, or −∞) and in the child's window (`-m`, or
/// `-max(m, α)`). A fail-soft `m` may stay at or below α, when the child
/// does not improve the node to an exact value: no line then.
pub(crate) fn alphabeta_at<T: Tree + ?Sized, C: Control, const FAIL_SOFT: bool>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    a: Value,
    b: Value,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    if depth == 0 {
        alphabeta_node::<T, C, FAIL_SOFT, true>(tree, p, depth, a, b, ctl)
    } else {
        alphabeta_node::<T, C, FAIL_SOFT, false>(tree, p, depth, a, b, ctl)
    }
}

/// [`alphabeta_node`]'s `ROOT` for a node below the root (`depth > 0`):
/// what the searches that call alpha-beta inside their own recursion
/// (SCOUT's and PVS's re-searches, Fig. 6's last move) pass.
pub(crate) const BELOW: bool = false;

/// [`alphabeta_at`] at the root (`ROOT`, depth 0) or below it ([`BELOW`]):
/// the root's refutation and improvements reach the control from the
/// root's frame alone, and a node below the root reports its improvements
/// only to a control that keeps lines ([`Control::LINES`]), so that a
/// search that keeps the root's move alone tests no depth in the
/// recursion.
pub(crate) fn alphabeta_node<
    T: Tree + ?Sized,
    C: Control,
    const FAIL_SOFT: bool,
    const ROOT: bool,
>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    a: Value,
    b: Value,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    let Some(w) = open(tree, p, depth, ctl)? else {
        return static_negamax(tree, p, depth);
    };
    let mut m = if FAIL_SOFT { Value::NEG_INF } else { a };
    for i in 0..w {
        let floor = if FAIL_SOFT { m.max(a) } else { m };
        let t = -alphabeta_node::<T, C, FAIL_SOFT, false>(
            tree,
            &tree.child(p, i),
            depth + 1,
            -b,
            -floor,
            ctl,
        )?;
        if t > m {
            m = t;
            if m >= b {
                if ROOT {
                    ctl.only(0, i); // the refutation
                }
                return Ok(m); // cutoff
            }
            if (ROOT || C::LINES) && (!FAIL_SOFT || m > a) {
                ctl.improve(depth, i);
            }
        }
    }
    Ok(m)
}

/// Fail-soft alpha-beta (Campbell 1981, p. 11, Fig. 5; Fishburn 1980): the
/// value of the root, or the tightest bound on it the search found.
///
/// For a root of minimax value `v` and window `(alpha, beta)` the result `f`
/// satisfies Fishburn's relations (Campbell p. 9):
///
/// 1. if `f <= alpha`, then `v <= f` (fail low, with an upper bound);
/// 2. if `f >= beta`, then `v >= f` (fail high, with a lower bound);
/// 3. if `alpha < f < beta`, then `v = f`.
///
/// It evaluates the same terminals as [`alphabeta`]. Fig. 5 differs from
/// Fig. 4 only in starting `m` at −∞ and passing `-max(m, α)`:
///
/// ```text
/// m = -INFINITY;
/// for i = 1 to w do
///   { t = -falphabeta(p.i, -β, -max(m, α));
///     if (t > m) m = t;
///     if (m >= β) return(m); /* cutoff */ }
/// return(m);
/// ```
///
/// # Errors
/// As [`alphabeta`].
pub fn falphabeta<T: Tree + ?Sized>(tree: &T, window: Window) -> Result<Value, SearchError> {
    alphabeta_at::<_, _, SOFT>(
        tree,
        &tree.root(),
        0,
        window.alpha(),
        window.beta(),
        &mut Plain,
    )
}

/// Last-move-with-minimal-window alpha-beta (Campbell 1981, p. 11, Fig. 6;
/// Fishburn 1980), exactly as printed: it may return a bound where
/// [`alphabeta`] would return the value, and says which.
///
/// The root's first `w − 1` children are searched as in [`alphabeta`]; the
/// last one only with the minimal window `(m, m + 1)`, which decides whether
/// it beats the best score `m` so far but not by how much (children are
/// searched with Fig. 4's `alphabeta`; only the root is special):
///
/// ```text
/// m = α;
/// for i = 1 to w-1 do
///   { t = -alphabeta(p.i, -β, -m);
///     if (t > m) m = t;
///     if (m >= β) return(m); /* cutoff */ }
/// t = -alphabeta(p.w, -m-1, -m);
/// if (t > m) m = t;
/// return(m);
/// ```
///
/// The result, for a root of minimax value `v` and window `(alpha, beta)`:
///
/// * [`Bound::Exact`] — the value is `v`. This is the case for a terminal
///   root; when the last child did not fail high and `m > alpha` (then `m`,
///   the best of the first `w − 1` children, lies in the window and is `v`);
///   and when the last child failed high but is itself a terminal (its
///   static value is then the root's value).
/// * [`Bound::Upper`] — the value is `alpha` and `v <= alpha` (fail low).
/// * [`Bound::Lower`] — `v >= value`: either a cutoff among the first
///   `w − 1` children (`value >= beta`), or the last child failed high on
///   its minimal window: it is the best move, and `value` (the old `m` plus
///   one, or more) is a lower bound on `v`, which may even exceed `beta`.
///
/// [`lalphabeta_exact`] adds the re-search that turns the last case into
/// the minimax value.
///
/// # Errors
/// As [`alphabeta`].
pub fn lalphabeta<T: Tree + ?Sized>(tree: &T, window: Window) -> Result<Scored, SearchError> {
    lalphabeta_root(tree, window, false, &mut Plain)
}

/// The minimax value by [`lalphabeta`] with [`Window::FULL`], re-searching
/// the last move when its minimal-window search fails high (Campbell p. 10:
/// "the last move has been determined to be best, though the precise score
/// is not known").
///
/// The re-search is Fig. 7's: the last child `p.w`, already generated, is
/// searched again with `alphabeta(p.w, -INFINITY, -t)`, where `t` is the
/// lower bound the minimal window returned; its terminals are evaluated a
/// second time and counted again.
///
/// One departure from the figure: with the full window, a root with a
/// single move has nothing to compare that move with (`m = α = −∞`, and
/// Fig. 6 would test it with the window `(−∞, −∞ + 1)`, which always fails
/// high and forces the re-search); the move is searched with the full
/// window instead, as [`alphabeta`] would. [`lalphabeta`] keeps the figure's
/// behaviour.
///
/// # Errors
/// As [`alphabeta`].
pub fn lalphabeta_exact<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    lalphabeta_root(tree, Window::FULL, true, &mut Plain).map(|s| s.value)
}

/// Fig. 6 at the root; with `resolve`, [`lalphabeta_exact`].
pub(crate) fn lalphabeta_root<T: Tree + ?Sized, C: Control>(
    tree: &T,
    window: Window,
    resolve: bool,
    ctl: &mut C,
) -> Result<Scored, SearchError> {
    let (a, b) = (window.alpha(), window.beta());
    let p = tree.root();
    let Some(w) = open(tree, &p, 0, ctl)? else {
        let value = static_negamax(tree, &p, 0)?;
        return Ok(Scored {
            value,
            bound: Bound::Exact,
        });
    };
    let mut m = a;
    for i in 0..w - 1 {
        let t = -alphabeta_node::<_, _, HARD, BELOW>(tree, &tree.child(&p, i), 1, -b, -m, ctl)?;
        if t > m {
            m = t;
            if m >= b {
                ctl.only(0, i); // the refutation
                return Ok(Scored {
                    value: m,
                    bound: Bound::Lower,
                }); // cutoff
            }
            ctl.improve(0, i);
        }
    }
    let last = tree.child(&p, w - 1);
    if resolve && m == Value::NEG_INF {
        // A root with one move and the full window: there is no score to
        // compare the move with, so no minimal window to test; search it.
        let value =
            -alphabeta_node::<_, _, HARD, BELOW>(tree, &last, 1, Value::NEG_INF, Value::INF, ctl)?;
        ctl.improve(0, w - 1);
        return Ok(Scored {
            value,
            bound: Bound::Exact,
        });
    }
    let t = -alphabeta_node::<_, _, HARD, BELOW>(
        tree,
        &last,
        1,
        neg_minus_one(m),
        -m,
        &mut ctl.counting(),
    )?;
    if t > m {
        // The last move is the best; its line is the re-search's when that
        // ends inside its window, else unknown.
        let last_is_terminal = tree.num_children(&last) == 0;
        if !last_is_terminal {
            ctl.interior();
        }
        let scored = if last_is_terminal {
            // A terminal's static value is exact, and it beats every
            // earlier child.
            ctl.only(0, w - 1);
            Scored {
                value: t,
                bound: Bound::Exact,
            }
        } else if resolve {
            let value =
                -alphabeta_node::<_, _, HARD, BELOW>(tree, &last, 1, Value::NEG_INF, -t, ctl)?;
            if value > t {
                ctl.improve(0, w - 1);
            } else {
                ctl.only(0, w - 1);
            }
            Scored {
                value,
                bound: Bound::Exact,
            }
        } else {
            ctl.only(0, w - 1);
            Scored {
                value: t,
                bound: Bound::Lower,
            }
        };
        return Ok(scored);
    }
    let bound = if m > a { Bound::Exact } else { Bound::Upper };
    Ok(Scored { value: m, bound })
}

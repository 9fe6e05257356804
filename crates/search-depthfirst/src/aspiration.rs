//! Aspiration search (Campbell 1981, pp. 8-9, after Baudet 1978 and
//! Fishburn 1980).

use tree_core::{Tree, Value};

use crate::alphabeta::{SOFT, alphabeta_at};
use crate::control::{Control, Plain, RootLine};
use crate::{Outcome, SearchError, Window};

/// Aspiration search (Campbell 1981, pp. 8-9): a fail-soft alpha-beta
/// ([`falphabeta`](crate::falphabeta), Fig. 5) with the window
/// `(guess - delta, guess + delta)`, repeated once if it fails.
///
/// Campbell: "Searches that fail high or low must be repeated with a window
/// that actually encloses S ... Thus a search that, say, fails high can use
/// (f, INFINITY) as the window for the second search (rather than
/// (b, INFINITY))". So a first result `f >= beta` is followed by a search
/// with `(f, +inf)`, and `f <= alpha` by one with `(-inf, f)`. Since
/// `falphabeta` bounds are tight (`v >= f` after failing high), the second
/// search returns the value even when `v = f` (it then fails with exactly
/// `f`). [`Outcome::passes`] is 1 or 2.
///
/// The window ends saturate at ±∞.
///
/// ```
/// use search_depthfirst::aspiration;
/// use tree_core::{ExplicitTree, Value};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap(); // value 1
/// let v = |x| Value::new(x).unwrap();
/// assert_eq!(aspiration(&t, v(1), 1).unwrap().passes, 1);
/// let o = aspiration(&t, v(50), 5).unwrap(); // fails low, searches again
/// assert_eq!((o.value, o.passes), (v(1), 2));
/// ```
///
/// # Errors
/// [`SearchError::EmptyWindow`] if `delta` is 0; otherwise as
/// [`alphabeta`](crate::alphabeta).
pub fn aspiration<T: Tree + ?Sized>(
    tree: &T,
    guess: Value,
    delta: u32,
) -> Result<Outcome, SearchError> {
    aspiration_root(tree, guess, delta, &mut Plain).map(|(outcome, _)| outcome)
}

/// [`aspiration`], and what the table of lines (see
/// [`Reporting`](crate::control::Reporting)) says of the root's line. The
/// line of a search whose value lies inside its window is whole. A second
/// search that returns the first one's bound `f` fails at its own window's
/// end: its line says nothing (after a first search that failed high), or
/// only its first move (after one that failed low: the move with which it
/// failed high); after a first search that failed high, the move it failed
/// high with has the value `f`.
pub(crate) fn aspiration_root<T: Tree + ?Sized, C: Control>(
    tree: &T,
    guess: Value,
    delta: u32,
    ctl: &mut C,
) -> Result<(Outcome, RootLine), SearchError> {
    let window = Window::around(guess, delta)?;
    let root = tree.root();
    let f = alphabeta_at::<_, _, SOFT>(tree, &root, 0, window.alpha(), window.beta(), ctl)?;
    let (second, refutation) = if f <= window.alpha() {
        (Window::new(Value::NEG_INF, f)?, None)
    } else if f >= window.beta() {
        (Window::new(f, Value::INF)?, Some(ctl.first_move()))
    } else {
        let outcome = Outcome {
            value: f,
            passes: 1,
        };
        return Ok((outcome, RootLine::Whole));
    };
    let value = alphabeta_at::<_, _, SOFT>(tree, &root, 0, second.alpha(), second.beta(), ctl)?;
    let line = match refutation {
        _ if value != f => RootLine::Whole,
        Some(best) => RootLine::Best(best),
        None => RootLine::Best(ctl.first_move()),
    };
    Ok((Outcome { value, passes: 2 }, line))
}

//! Search windows, bounds, and the little value arithmetic the searches need.

use std::fmt;

use tree_core::{MAX_DEPTH, Tree, Value};

use crate::SearchError;

/// An open alpha-beta window `(alpha, beta)` with `alpha < beta`.
///
/// As in Campbell's thesis (p. 7), the window is open: a search "succeeds"
/// when the value `v` satisfies `alpha < v < beta`, *fails low* when
/// `v <= alpha` and *fails high* when `v >= beta`. Either end may be one of
/// the sentinels [`Value::NEG_INF`], [`Value::INF`]; [`Window::FULL`] is
/// `(-inf, +inf)`, which contains every leaf value.
///
/// ```
/// use search_depthfirst::Window;
/// use tree_core::Value;
/// let v = |x| Value::new(x).unwrap();
/// let w = Window::new(v(3), v(8)).unwrap();
/// assert!(w.contains(v(5)) && !w.contains(v(3)) && !w.contains(v(8)));
/// assert!(Window::new(v(8), v(8)).is_err());
/// assert_eq!(Window::null(v(4)).unwrap(), Window::new(v(3), v(4)).unwrap());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Window {
    alpha: Value,
    beta: Value,
}

impl Window {
    /// `(-inf, +inf)`: the window that contains every leaf value.
    pub const FULL: Window = Window {
        alpha: Value::NEG_INF,
        beta: Value::INF,
    };

    /// The window `(alpha, beta)`.
    ///
    /// # Errors
    /// [`SearchError::EmptyWindow`] if `alpha >= beta`.
    pub fn new(alpha: Value, beta: Value) -> Result<Window, SearchError> {
        if alpha < beta {
            Ok(Window { alpha, beta })
        } else {
            Err(SearchError::EmptyWindow { alpha, beta })
        }
    }

    /// The minimal (null) window `(gamma - 1, gamma)` of integer values
    /// (Campbell p. 10, Fishburn 1980): a search with it fails high iff the
    /// value is `>= gamma`.
    ///
    /// # Errors
    /// [`SearchError::EmptyWindow`] if `gamma` is [`Value::NEG_INF`], below
    /// which there is nothing.
    pub fn null(gamma: Value) -> Result<Window, SearchError> {
        Window::new(offset(gamma, -1), gamma)
    }

    /// The aspiration window `(guess - delta, guess + delta)` (Campbell
    /// p. 8), each end saturating at the sentinels.
    ///
    /// # Errors
    /// [`SearchError::EmptyWindow`] if `delta` is 0.
    pub fn around(guess: Value, delta: u32) -> Result<Window, SearchError> {
        let delta = i64::from(delta);
        Window::new(offset(guess, -delta), offset(guess, delta))
    }

    /// The lower end, alpha.
    pub const fn alpha(self) -> Value {
        self.alpha
    }

    /// The upper end, beta.
    pub const fn beta(self) -> Value {
        self.beta
    }

    /// Whether `alpha < v < beta`.
    pub fn contains(self, v: Value) -> bool {
        self.alpha < v && v < self.beta
    }

    /// The value `v` clamped into `[alpha, beta]`: what a fail-hard search
    /// returns for a tree of value `v`.
    pub fn clamp(self, v: Value) -> Value {
        v.clamp(self.alpha, self.beta)
    }
}

impl Default for Window {
    fn default() -> Window {
        Window::FULL
    }
}

impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.alpha, self.beta)
    }
}

/// What a returned value says about the true minimax value `v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Bound {
    /// The returned value is `v`.
    Exact,
    /// `v` is at least the returned value.
    Lower,
    /// `v` is at most the returned value.
    Upper,
}

/// A value together with what it says about the minimax value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Scored {
    /// The value returned.
    pub value: Value,
    /// Whether it is the minimax value or a bound on it.
    pub bound: Bound,
}

impl Scored {
    /// Whether `v` is consistent with this result.
    pub fn admits(self, v: Value) -> bool {
        match self.bound {
            Bound::Exact => v == self.value,
            Bound::Lower => v >= self.value,
            Bound::Upper => v <= self.value,
        }
    }
}

/// What the iterated searches (aspiration, the MT drivers) report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The minimax value of the root.
    pub value: Value,
    /// How many searches of the root it took: 1 or 2 for aspiration search,
    /// the number of MT calls for the MT drivers.
    pub passes: u32,
}

/// `v + d`, saturating at the sentinels ([`Value::offset`]).
#[inline]
pub(crate) fn offset(v: Value, d: i64) -> Value {
    v.offset(d)
}

/// `-m - 1`: the lower end of the child's side of the minimal window
/// `(m, m + 1)` in the negamax framework.
#[inline]
pub(crate) fn neg_minus_one(m: Value) -> Value {
    offset(-m, -1)
}

/// The static value of the terminal `node` at `depth` from the point of view
/// of the side to move (Campbell's `staticvalue`, negamax framework): the
/// tree's value at even depths (MAX to move), its negation at odd depths.
#[inline]
pub(crate) fn static_negamax<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
    depth: usize,
) -> Result<Value, SearchError> {
    let v = static_max(tree, node, depth)?;
    Ok(if depth.is_multiple_of(2) { v } else { -v })
}

/// The static value of the terminal `node` from MAX's point of view,
/// checked against the sentinels.
#[inline]
pub(crate) fn static_max<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
    depth: usize,
) -> Result<Value, SearchError> {
    let value = tree.value(node);
    if value.is_infinite() {
        return Err(SearchError::SentinelLeaf { value, depth });
    }
    Ok(value)
}

/// Checks that the children of an interior node at `depth` may be searched.
#[inline]
pub(crate) fn expand(depth: usize) -> Result<(), SearchError> {
    if depth >= MAX_DEPTH {
        Err(SearchError::TooDeep { depth: depth + 1 })
    } else {
        Ok(())
    }
}

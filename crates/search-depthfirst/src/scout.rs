//! SCOUT and TEST (Pearl 1980, in the negamax form of Campbell's thesis,
//! Figs. 8 and 9).

use tree_core::{Tree, Value};

use crate::SearchError;
use crate::alphabeta::{BELOW, HARD, SOFT, alphabeta_node};
use crate::control::{Control, Plain, open};
use crate::window::{neg_minus_one, static_negamax};

/// The comparison a [`test`](fn@test) decides: whether the value is `> v` or `>= v`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `value > v`.
    Greater,
    /// `value >= v`.
    GreaterOrEqual,
}

impl Relation {
    /// The relation a child must *fail* for its parent to pass, in the
    /// negamax framework: `max_i(-v_i) > v` iff some `v_i >= -v` fails,
    /// and `max_i(-v_i) >= v` iff some `v_i > -v` fails.
    fn for_child(self) -> Relation {
        match self {
            Relation::Greater => Relation::GreaterOrEqual,
            Relation::GreaterOrEqual => Relation::Greater,
        }
    }

    fn holds(self, value: Value, v: Value) -> bool {
        match self {
            Relation::Greater => value > v,
            Relation::GreaterOrEqual => value >= v,
        }
    }
}

/// SCOUT (Pearl 1980; Campbell 1981, p. 13, Fig. 8, with the minimal-window
/// `alphabeta` as the test): the minimax value. The first child is scored
/// by SCOUT; every later child is tested with a minimal window and, if it
/// beats the best so far, scored by SCOUT again.
///
/// ```text
/// m = -SCOUT(p.1);
/// for i = 2 to w do
///   { t = -alphabeta(p.i, -m-1, -m);
///     if (t > m)
///       m = -SCOUT(p.i); }
/// return(m);
/// ```
///
/// The test is fail-hard (Fig. 4) and its bound is not used (Campbell p. 14:
/// "the bound that is returned by TEST (or a minimal window search) is not
/// used to further reduce search"). As in [`palphabeta`](crate::palphabeta),
/// a terminal child that passes the test is scored again, i.e. evaluated a
/// second time. Non-directional.
///
/// # Errors
/// [`SearchError::TooDeep`] for a tree deeper than
/// [`tree_core::MAX_DEPTH`]; [`SearchError::SentinelLeaf`] for a terminal
/// valued ±∞.
pub fn scout<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    probe_at::<_, _, SCOUT>(tree, &tree.root(), 0, &mut Plain)
}

/// [`probe_at`]'s test, a fail-hard minimal window, and re-search,
/// SCOUT again (Fig. 8).
pub(crate) const SCOUT: u8 = 0;
/// [`probe_at`]'s test, TEST (Fig. 9), and re-search, SCOUT with TEST.
pub(crate) const SCOUT_TEST: u8 = 1;
/// [`probe_at`]'s test, a fail-soft minimal window, and re-search,
/// alpha-beta from the test's bound (Fig. 7).
pub(crate) const PVS: u8 = 2;

/// The loop Figs. 7 and 8 share, at node `p` of depth `depth`: the first
/// child is scored by the search itself; every later child is tested
/// against the best score `m` so far and, if it beats it, searched again
/// for its value. `KIND` ([`SCOUT`], [`SCOUT_TEST`], [`PVS`]) says how a
/// child is tested and searched again.
pub(crate) fn probe_at<T: Tree + ?Sized, C: Control, const KIND: u8>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    ctl: &mut C,
) -> Result<Value, SearchError> {
    let Some(w) = open(tree, p, depth, ctl)? else {
        return static_negamax(tree, p, depth);
    };
    let mut m = -probe_at::<T, C, KIND>(tree, &tree.child(p, 0), depth + 1, ctl)?;
    ctl.improve(depth, 0);
    for i in 1..w {
        let c = tree.child(p, i);
        let (child, a, b) = (depth + 1, neg_minus_one(m), -m);
        // Whether the child beats `m`, and the bound the test found (TEST
        // finds none): -value(c) > m  iff  not (value(c) >= -m).
        let (beats, t) = match KIND {
            SCOUT | PVS => {
                // The minimal window: fail-soft for PVS, fail-hard for SCOUT.
                let counting = &mut ctl.counting();
                let t = -if KIND == PVS {
                    alphabeta_node::<_, _, SOFT, BELOW>(tree, &c, child, a, b, counting)
                } else {
                    alphabeta_node::<_, _, HARD, BELOW>(tree, &c, child, a, b, counting)
                }?;
                (t > m, t)
            }
            _ => {
                let test = Relation::GreaterOrEqual;
                (!test_at(tree, &c, child, -m, test, &mut ctl.counting())?, m)
            }
        };
        if beats {
            if KIND == PVS {
                m = -alphabeta_node::<_, _, HARD, BELOW>(tree, &c, child, Value::NEG_INF, -t, ctl)?;
                if m > t {
                    ctl.improve(depth, i);
                } else {
                    // The re-search failed high by exactly its bound: the
                    // move's value is known, its line is not.
                    ctl.only(depth, i);
                }
            } else {
                m = -probe_at::<T, C, KIND>(tree, &c, child, ctl)?;
                ctl.improve(depth, i);
            }
        }
    }
    Ok(m)
}

/// SCOUT as Pearl stated it, with [`test`](fn@test) instead of the minimal-window
/// alpha-beta (Campbell 1981, p. 14: "TEST could be used instead of the
/// minimal window call to alphabeta in the body of the SCOUT procedure"):
/// a later child is re-scored when `TEST` says its negated value exceeds
/// the best so far, i.e. when the child's value is *not* `>= -m`.
///
/// # Errors
/// As [`scout`].
pub fn scout_test<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    probe_at::<_, _, SCOUT_TEST>(tree, &tree.root(), 0, &mut Plain)
}

/// TEST (Pearl 1980; Campbell 1981, p. 15, Fig. 9): decides whether the
/// minimax value of the root is `> v` ([`Relation::Greater`]) or `>= v`
/// ([`Relation::GreaterOrEqual`]) without computing it, returning at the
/// first child that settles the question.
///
/// Fig. 9 as printed (negamax form) compares a terminal with `>` and has an
/// interior node pass when some child's TEST fails:
///
/// ```text
/// if (terminal(p))
///   if (staticvalue(p) > v) return(TRUE); else return(FALSE);
/// for i = 1 to w do
///   { if (not(TEST(p.i, -v))) return(TRUE); }
/// return(FALSE);
/// ```
///
/// Negating `>` gives `<=`, so a node whose children are terminals passes
/// iff its value is `>= v`, one level up `> v` again: as printed, the
/// relation tested depends on the parity of the height, and on a tree with
/// terminals at mixed depths the answer can be wrong. Pearl's TEST takes
/// the relation as a parameter; here it does, and it flips between
/// `>` and `>=` at every level, which makes TEST exact on every tree.
///
/// ```
/// use search_depthfirst::{Relation, test};
/// use tree_core::{ExplicitTree, Value};
/// let t: ExplicitTree = "[[4,[[5,5],[5,5]]]]".parse().unwrap(); // value 4
/// let v = |x| Value::new(x).unwrap();
/// assert_eq!(test(&t, v(4), Relation::Greater), Ok(false));
/// assert_eq!(test(&t, v(4), Relation::GreaterOrEqual), Ok(true));
/// ```
///
/// # Errors
/// As [`scout`].
pub fn test<T: Tree + ?Sized>(tree: &T, v: Value, relation: Relation) -> Result<bool, SearchError> {
    test_at(tree, &tree.root(), 0, v, relation, &mut Plain)
}

fn test_at<T: Tree + ?Sized, C: Control>(
    tree: &T,
    p: &T::Node,
    depth: usize,
    v: Value,
    relation: Relation,
    ctl: &mut C,
) -> Result<bool, SearchError> {
    let Some(w) = open(tree, p, depth, ctl)? else {
        return Ok(relation.holds(static_negamax(tree, p, depth)?, v));
    };
    for i in 0..w {
        let c = tree.child(p, i);
        if !test_at(tree, &c, depth + 1, -v, relation.for_child(), ctl)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Principal-variation alpha-beta (Campbell 1981, p. 13, Fig. 7; Fishburn
/// 1980): the minimax value, searching the first child fully (recursively
/// by `palphabeta`) and every later one with a minimal window, re-searched
/// when it fails high.
///
/// ```text
/// m = -palphabeta(p.1);
/// for i = 2 to w do
///   { t = -falphabeta(p.i, -m-1, -m);
///     if (t > m)
///       m = -alphabeta(p.i, -INFINITY, -t); }
/// return(m);
/// ```
///
/// The minimal-window test is fail-soft ([`falphabeta`](crate::falphabeta)), so a failing-high
/// child's re-search starts from the bound `t` it returned rather than from
/// `m + 1`. The re-search regenerates nothing at `p` (it reuses `p.i`) but
/// re-expands the subtree and re-evaluates its terminals, which counts.
/// As printed, a child that is itself a terminal is "re-searched" too, so a
/// terminal that beats its elder brothers is evaluated twice; with that
/// reading the counts on Campbell's trees come out close to his Tables 1, 4
/// and 7 (e.g. (8,2) random: 44 here, 43.3 there; PAB below AB from depth
/// 4 on random trees, as there). Non-directional: it may evaluate a
/// terminal to the left of one already evaluated.
///
/// # Errors
/// As [`alphabeta`](crate::alphabeta).
pub fn palphabeta<T: Tree + ?Sized>(tree: &T) -> Result<Value, SearchError> {
    probe_at::<_, _, PVS>(tree, &tree.root(), 0, &mut Plain)
}

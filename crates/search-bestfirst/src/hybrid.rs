//! Staged SSS* and Campbell's SSS*/alpha-beta hybrids (thesis pp. 16–17,
//! 22–29): SSS* over the top plies with another search below, or the other
//! way round.
//!
//! * **Staged SSS*** with stage depth k: SSS* to depth k, whose "terminals"
//!   are evaluated by a further staged SSS* of depth k started with the
//!   state's merit as its upper bound, and so on; no lower bound is passed
//!   (Campbell: "staged SSS* suffers from the fact that no lower bound is
//!   available"). OPEN is linear in depth: one stage's OPEN per stage level.
//! * **SSS* over alpha-beta** (SAB, SA2, SA4): SSS* on the top k plies; a
//!   frontier node is evaluated by alpha-beta with the window (−∞, h),
//!   which returns min(h, value) ("when alpha-beta is called from SSS*,
//!   alpha must be initialized to −INFINITY").
//! * **Alpha-beta over SSS*** (ABS, AS2, AS4): fail-hard alpha-beta on the
//!   top k plies; a frontier node is evaluated by aspiration SSS* with the
//!   window (α, β) ("the nodes at the maximum search depth for alpha-beta
//!   will have a window which can be utilized by SSS*").
//!
//! Campbell's names fix k: SAB = SA2 (2-ply SSS* on top), SA4 (4-ply SSS*
//! on top), ABS = AS2 (2-ply alpha-beta on top), AS4 (4-ply alpha-beta on
//! top); SAB and ABS are his 4-ply names, SA2/SA4/AS2/AS4 his 6-ply ones.
//!
//! The three share one [`Config`] (the SSS\* tie rule, the budget, the
//! shape, the limits) whose [`Kind`] says which hybrid, with its k: they
//! are all SSS\* cut at a horizon, and differ only in what is above or
//! below it.
//!
//! ```
//! use search_bestfirst::hybrid::{self, Kind};
//! use tree_core::{GenSpec, Generator, minimax};
//! let tree = GenSpec::new(Generator::RANDOM, 3, 6, 7, 0).build().unwrap();
//! for kind in [Kind::Staged(2), Kind::SssOverAlphaBeta(4), Kind::AlphaBetaOverSss(2)] {
//!     let cfg = hybrid::Config { kind, ..hybrid::Config::default() };
//!     let out = hybrid::search(&tree, &cfg).unwrap();
//!     assert_eq!(out.value, minimax(&tree));
//!     assert!(out.memory.peak <= hybrid::minimum(tree_core::Bounds::uniform(3, 6), &cfg).unwrap());
//! }
//! ```

use std::cell::Cell;

use search_depthfirst::{SearchError, Window, alphabeta};
use tree_core::{Bounds, Limits, Subtree, Tree, Value};

use crate::error::BestFirstError;
use crate::limited::metered;
use crate::open::{Outcome, budget};
use crate::shape::shape;
use crate::sss::{Gamma, Params, Start, Variant, gamma_search, no_frontier, open_size};

/// Which hybrid, and its k.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Staged SSS\* (Campbell pp. 16–17, SS in Tables 4–7) with stage
    /// depth k (his tables use k = 2).
    Staged(usize),
    /// SSS\* on the top k plies over alpha-beta (SAB/SA2 with k = 2, SA4
    /// with k = 4). OPEN: b^⌈k/2⌉ entries (alpha-beta keeps only its stack).
    SssOverAlphaBeta(usize),
    /// Fail-hard alpha-beta on the top k plies over aspiration SSS\*
    /// (ABS/AS2 with k = 2, AS4 with k = 4). OPEN: one SSS\* below depth k
    /// at a time, b^(choosing levels from k to d) entries.
    AlphaBetaOverSss(usize),
}

impl Default for Kind {
    fn default() -> Kind {
        Kind::Staged(2)
    }
}

/// How a hybrid search is configured.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// Which hybrid, and its k (default: staged SSS\* with stage depth 2).
    pub kind: Kind,
    /// The tie rule of the SSS\* in it.
    pub variant: Variant,
    /// OPEN budget in entries; `None` = the minimum for the tree
    /// ([`minimum`]).
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: Limits,
}

impl Config {
    crate::open::with_memory!();
}

/// min(h, value of `node`) by fail-hard alpha-beta with the window (−∞, h);
/// `depth` is the node's absolute depth (odd = MIN to move).
///
/// The node's width is asked here, once: a terminal (every frontier node
/// of a tree no deeper than the SSS\* plies) is evaluated at once, as
/// alpha-beta would evaluate it, and alpha-beta on an interior node is told
/// the width instead of asking again (so the tree sees the same calls).
#[inline(always)]
fn alphabeta_below<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
    depth: usize,
    h: Value,
) -> Result<Value, BestFirstError> {
    if h == Value::NEG_INF {
        return Ok(h);
    }
    let w = tree.num_children(node);
    if w == 0 {
        let v = tree.value(node);
        if v.is_infinite() {
            // Alpha-beta's error on a terminal root (Subtree passes the
            // sentinels through unchanged).
            return Err(SearchError::SentinelLeaf { value: v, depth: 0 }.into());
        }
        return Ok(v.min(h));
    }
    alphabeta_interior(tree, node, depth, h, w)
}

/// [`alphabeta_below`] on an interior node of `w` children.
#[inline(never)]
fn alphabeta_interior<T: Tree + ?Sized>(
    tree: &T,
    node: &T::Node,
    depth: usize,
    h: Value,
    w: usize,
) -> Result<Value, BestFirstError> {
    let max = depth.is_multiple_of(2);
    let sub = Known {
        sub: Subtree::new(tree, node.clone(), !max),
        width: Cell::new(Some(w)),
    };
    if max {
        Ok(alphabeta(&sub, Window::new(Value::NEG_INF, h)?)?)
    } else {
        // min(h, v) = −max(−h, −v): search the negated subtree from MAX's side.
        Ok(-alphabeta(&sub, Window::new(-h, Value::INF)?)?)
    }
}

/// A subtree whose root's width is known: the first question asked, which
/// alpha-beta asks of its root, is answered without asking the tree.
struct Known<'a, T: Tree + ?Sized> {
    sub: Subtree<'a, T>,
    width: Cell<Option<usize>>,
}

impl<T: Tree + ?Sized> Tree for Known<'_, T> {
    type Node = T::Node;
    tree_core::forward_tree!(sub: root, child, value);
    #[inline]
    fn num_children(&self, node: &T::Node) -> usize {
        match self.width.take() {
            Some(w) => w,
            None => self.sub.num_children(node),
        }
    }
}

impl Kind {
    /// The name in errors.
    fn name(self) -> &'static str {
        match self {
            Kind::Staged(_) => "staged-sss",
            Kind::SssOverAlphaBeta(_) => "sss-over-alphabeta",
            Kind::AlphaBetaOverSss(_) => "alphabeta-over-sss",
        }
    }

    /// k, checked to be at least 1.
    fn plies(self) -> Result<usize, BestFirstError> {
        let (name, k) = match self {
            Kind::Staged(k) => ("stage depth", k),
            Kind::SssOverAlphaBeta(k) => ("SSS* plies", k),
            Kind::AlphaBetaOverSss(k) => ("alpha-beta plies", k),
        };
        if k == 0 {
            return Err(BestFirstError::InvalidParameter {
                name,
                message: "must be at least 1".into(),
            });
        }
        Ok(k)
    }
}

/// The OPEN entries the hybrid of `cfg` needs on a tree of shape
/// `bounds` (its OPEN has one size): for staged SSS\*, one stage's OPEN for
/// each stage level, b^(choosing levels in the stage) each; for SSS\* over
/// k plies of alpha-beta, b^⌈k/2⌉; for alpha-beta on the top k plies over
/// SSS\*, one SSS\* below depth k.
///
/// ```
/// use search_bestfirst::hybrid::{self, Kind};
/// use tree_core::Bounds;
/// let at = |kind| hybrid::minimum(Bounds::uniform(3, 6), &hybrid::Config { kind, ..Default::default() });
/// assert_eq!(at(Kind::Staged(2)), Ok(9)); // three stages of 3
/// assert_eq!(at(Kind::SssOverAlphaBeta(4)), Ok(9));
/// assert_eq!(at(Kind::AlphaBetaOverSss(2)), Ok(9));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for k = 0;
/// [`BestFirstError::TooLarge`] on overflow.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    crate::shape::check_bounds(bounds)?;
    let k = cfg.kind.plies()?;
    match cfg.kind {
        Kind::Staged(_) => staged_open(bounds, k),
        Kind::SssOverAlphaBeta(_) => sab_open(bounds, k),
        Kind::AlphaBetaOverSss(_) => abs_open(bounds, k),
    }
}

/// The OPEN entries staged SSS* with stage depth `k` needs: one stage's
/// OPEN for each stage level, b^(choosing levels in the stage) each.
pub(crate) fn staged_open(bounds: Bounds, k: usize) -> Result<usize, BestFirstError> {
    let k = k.max(1);
    (0..bounds.depth.max(1))
        .step_by(k)
        .try_fold(0usize, |acc, top| {
            let plies = k.min(bounds.depth - top.min(bounds.depth));
            let s = open_size("staged SSS*", bounds.branching, plies, top, true)?;
            acc.checked_add(s).ok_or(BestFirstError::TooLarge {
                algorithm: "staged SSS*",
            })
        })
}

/// The OPEN entries SSS\* over `k` plies of alpha-beta needs: b^⌈k/2⌉.
fn sab_open(bounds: Bounds, k: usize) -> Result<usize, BestFirstError> {
    open_size(
        "sss-over-alphabeta",
        bounds.branching,
        k.min(bounds.depth),
        0,
        true,
    )
}

/// The OPEN entries alpha-beta on the top `k` plies over SSS\* needs: one
/// SSS\* below depth `k`.
fn abs_open(bounds: Bounds, k: usize) -> Result<usize, BestFirstError> {
    let below = bounds.depth.saturating_sub(k);
    open_size(
        "alphabeta-over-sss",
        bounds.branching,
        below,
        k.min(bounds.depth),
        true,
    )
}

/// The hybrid of `cfg.kind` (see the [module docs](self)): the root's
/// minimax value, the best move, OPEN's use.
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for k = 0;
/// [`BestFirstError::BudgetTooSmall`] for a budget below [`minimum`];
/// [`BestFirstError::UnknownShape`], [`BestFirstError::SentinelLeaf`],
/// [`BestFirstError::TreeShape`] as for [`sss::search`](crate::sss::search);
/// [`BestFirstError::Stopped`] if one of [`Config::limits`] stopped it.
pub fn search<T: Tree + ?Sized>(tree: &T, cfg: &Config) -> Result<Outcome, BestFirstError> {
    metered!(tree, &cfg.limits, |t| search_plain(t, cfg))
}

/// [`search`] without looking at the limits: OPEN sized for the hybrid,
/// then SSS\* with its horizon.
fn search_plain<T: Tree + ?Sized>(tree: &T, cfg: &Config) -> Result<Outcome, BestFirstError> {
    let name = cfg.kind.name();
    let k = cfg.kind.plies()?;
    let bounds = shape(tree, cfg.shape, name)?;
    let least = minimum(bounds, cfg)?;
    let capacity = budget(name, cfg.memory, least)?;
    // Staged SSS\* nests a search per stage; alpha-beta over SSS\* has no
    // horizon inside its SSS\* (it starts each one at its own horizon).
    let (nest, horizon) = match cfg.kind {
        Kind::Staged(_) => (bounds.depth.div_ceil(k), k),
        Kind::SssOverAlphaBeta(_) => (0, k),
        Kind::AlphaBetaOverSss(_) => (0, usize::MAX),
    };
    let mut open = Gamma::new(capacity, least, cfg.variant, bounds, nest, name)?;
    let p = Params {
        horizon,
        ..Params::sss(cfg.variant, name)
    };
    let (value, best) = match cfg.kind {
        Kind::Staged(_) => (staged_sss(tree, &p, &mut open)?, open.best),
        Kind::SssOverAlphaBeta(_) => (sss_over_alphabeta(tree, &p, &mut open)?, open.best),
        Kind::AlphaBetaOverSss(_) => alphabeta_over_sss(tree, k, &p, &mut open)?,
    };
    Ok(Outcome::new(value, best, open.memory()))
}

/// Staged SSS\* (Campbell pp. 16–17, SS in Tables 4–7): SSS\* to the
/// horizon of `p`, each frontier node evaluated by a further staged SSS\*
/// started with its merit as the upper bound.
fn staged_sss<T: Tree + ?Sized>(
    tree: &T,
    p: &Params,
    open: &mut Gamma<T::Node>,
) -> Result<Value, BestFirstError> {
    fn stage<T: Tree + ?Sized>(
        tree: &T,
        p: &Params,
        open: &mut Gamma<T::Node>,
        node: &T::Node,
        depth: usize,
        h: Value,
    ) -> Result<Value, BestFirstError> {
        let start = Start {
            root: node,
            depth,
            lower: Value::NEG_INF,
            upper: h,
        };
        gamma_search(
            tree,
            p,
            open,
            start,
            &mut |o: &mut Gamma<T::Node>, n: &T::Node, d: usize, h: Value| {
                stage(tree, p, o, n, d, h)
            },
            None,
        )
    }
    stage(tree, p, open, &tree.root(), 0, Value::INF)
}

/// SSS\* on the top plies (the horizon of `p`) over alpha-beta (SAB/SA2
/// with k = 2, SA4 with k = 4).
fn sss_over_alphabeta<T: Tree + ?Sized>(
    tree: &T,
    p: &Params,
    open: &mut Gamma<T::Node>,
) -> Result<Value, BestFirstError> {
    let root = tree.root();
    gamma_search(
        tree,
        p,
        open,
        Start::at_root(&root),
        &mut |_: &mut Gamma<T::Node>, n: &T::Node, d: usize, h: Value| {
            alphabeta_below(tree, n, d, h)
        },
        None,
    )
}

/// Fail-hard alpha-beta on the top `k` plies over aspiration SSS\* (ABS/AS2
/// with k = 2, AS4 with k = 4): the value and the root's best move.
fn alphabeta_over_sss<T: Tree + ?Sized>(
    tree: &T,
    k: usize,
    p: &Params,
    open: &mut Gamma<T::Node>,
) -> Result<(Value, Option<usize>), BestFirstError> {
    /// What every call of the alpha-beta on top carries: the tree, the
    /// parameters of the SSS\* below it, and the depth `k` at which it hands
    /// over.
    struct Top<'a, T: Tree + ?Sized> {
        tree: &'a T,
        p: &'a Params,
        k: usize,
    }
    /// Fail-hard alpha-beta in the minimax form (MAX at even depths); at
    /// the root, `best` is the last child that raised alpha (exact, the
    /// root's window being the full one).
    fn ab<T: Tree + ?Sized>(
        top: &Top<'_, T>,
        open: &mut Gamma<T::Node>,
        node: &T::Node,
        depth: usize,
        (alpha, beta): (Value, Value),
        best: &mut Option<usize>,
    ) -> Result<Value, BestFirstError> {
        let Top { tree, p, k } = *top;
        if depth == k {
            // Aspiration SSS* with the window (alpha, beta).
            let start = Start {
                root: node,
                depth,
                lower: alpha,
                upper: beta,
            };
            return gamma_search(tree, p, open, start, &mut no_frontier, None);
        }
        let w = tree.num_children(node);
        if w == 0 {
            let v = tree.value(node);
            if v.is_infinite() {
                return Err(BestFirstError::SentinelLeaf { value: v });
            }
            return Ok(v.clamp(alpha, beta));
        }
        let (mut alpha, mut beta) = (alpha, beta);
        for i in 0..w {
            let c = tree.child(node, i);
            let v = ab(top, open, &c, depth + 1, (alpha, beta), best)?;
            if depth == 0 && v > alpha {
                *best = Some(i);
            }
            if depth.is_multiple_of(2) {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(if depth.is_multiple_of(2) { alpha } else { beta })
    }
    let mut best = None;
    let top = Top { tree, p, k };
    let window = (Value::NEG_INF, Value::INF);
    let value = ab(&top, open, &tree.root(), 0, window, &mut best)?;
    Ok((value, best))
}

#[cfg(test)]
mod tests {
    use search_depthfirst::{Window, alphabeta};
    use tree_core::{Subtree, Traced, Tree, Value, corpus};

    use super::alphabeta_below;
    use crate::error::BestFirstError;

    /// What the frontier evaluator was before it asked the width itself:
    /// alpha-beta on the node's subtree.
    fn plain<T: Tree + ?Sized>(
        tree: &T,
        node: &T::Node,
        depth: usize,
        h: Value,
    ) -> Result<Value, BestFirstError> {
        if h == Value::NEG_INF {
            return Ok(h);
        }
        let max = depth.is_multiple_of(2);
        let sub = Subtree::new(tree, node.clone(), !max);
        if max {
            Ok(alphabeta(&sub, Window::new(Value::NEG_INF, h)?)?)
        } else {
            Ok(-alphabeta(&sub, Window::new(-h, Value::INF)?)?)
        }
    }

    /// Every node of every corpus tree (sentinels included), at both
    /// parities and a spread of merits: the same value or error, the same
    /// leaves in the same order, the same interior and generation counts.
    #[test]
    fn the_frontier_evaluator_is_alphabeta_on_the_subtree() {
        let hs = [
            Value::NEG_INF,
            Value::INF,
            Value::new(-8).unwrap(),
            Value::new(0).unwrap(),
            Value::new(3).unwrap(),
            Value::new(7).unwrap(),
        ];
        let mut checked = 0;
        for (_, t) in corpus::random_trees(11, 300) {
            let s = corpus::Sentinels(&t);
            let tr = Traced::new(&s);
            let mut stack = vec![(tr.root(), 0usize)];
            while let Some((n, d)) = stack.pop() {
                for i in 0..tr.num_children(&n) {
                    stack.push((tr.child(&n, i), d + 1));
                }
                for parity in [d, d + 1] {
                    for &h in &hs {
                        tr.reset();
                        let x = alphabeta_below(&tr, &n, parity, h);
                        let seen = (tr.order(), tr.stats());
                        tr.reset();
                        assert_eq!(x, plain(&tr, &n, parity, h));
                        assert_eq!(seen, (tr.order(), tr.stats()));
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}

//! The block engine against the reference implementation (`reference`),
//! step by step, on the corpus.

use tree_core::{Bounds, Dewey, Traced, TracedNode, Tree, Value, corpus};

use super::config::{Config, Params, Variant, open_size};
use super::gamma::{COMPACTIONS, Gamma};
use super::reference::{self, RefOpen};
use super::run::{Start, gamma_search, no_frontier};
use super::trace::{Entry, Observer, Status};
use crate::error::BestFirstError;
use crate::hybrid::staged_open;
use crate::open::budget;
use crate::shape::shape;

thread_local! {
    /// Searches that failed part-way on this thread.
    static FAILURES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// What one search shows: its result (value and peak, or the error),
/// the leaves in evaluation order, the interior expansions, and OPEN
/// after every step.
type Seen = (
    Result<(Value, usize), BestFirstError>,
    Vec<Dewey>,
    u64,
    Vec<String>,
);

fn line(entries: impl Iterator<Item = (Dewey, Status, Value)>) -> String {
    entries
        .map(|(d, s, h)| {
            let s = if s == Status::Live { "L" } else { "S" };
            format!("({d},{s},{h})")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One search by the block engine (`reference`: by the reference), with
/// the horizon `k` handed to staged SSS* (`k` = 0: none).
fn seen<T: Tree>(
    tree: &T,
    cfg: &Config,
    dual: bool,
    window: (Value, Value),
    k: usize,
    steps: bool,
    by_reference: bool,
) -> Seen {
    let traced = Traced::new(tree);
    let algorithm = if k > 0 {
        "staged-sss"
    } else if dual {
        "Dual*"
    } else {
        cfg.variant.name()
    };
    let bounds = shape(tree, cfg.shape, algorithm).unwrap();
    let minimum = if k > 0 {
        staged_open(bounds, k).unwrap()
    } else {
        open_size(algorithm, bounds.branching, bounds.depth, 0, !dual).unwrap()
    };
    let capacity = budget(algorithm, cfg.memory, minimum).unwrap();
    let p = Params {
        variant: cfg.variant,
        chooser_even: !dual,
        negate: dual,
        horizon: if k > 0 { k } else { usize::MAX },
        algorithm,
        shape: None,
    };
    let root = traced.root();
    let start = Start {
        lower: window.0,
        upper: window.1,
        ..Start::at_root(&root)
    };
    let mut lines = Vec::new();
    let out = if by_reference {
        let mut open = RefOpen::new(capacity);
        let mut obs = |e: &[reference::RefEntry<TracedNode<T::Node>>]| {
            if steps {
                lines.push(line(e.iter().map(|e| (e.dewey.clone(), e.status, e.h))));
            }
        };
        ref_stage(&traced, &p, k, &mut open, start, &mut obs).map(|v| (v, open.peak))
    } else {
        let mut open = Gamma::new(
            capacity,
            capacity,
            cfg.variant,
            bounds,
            bounds.depth.div_ceil(k.max(1)),
            "test",
        )
        .unwrap();
        let mut obs = |e: &[Entry<TracedNode<T::Node>>]| {
            lines.push(line(
                e.iter().map(|e| (e.dewey().clone(), e.status(), e.h())),
            ));
        };
        let observer: Observer<'_, _> = if steps { Some(&mut obs) } else { None };
        stage(&traced, &p, k, &mut open, start, observer).map(|v| (v, open.memory().peak))
    };
    let out = out.map(|(v, peak)| (if dual { -v } else { v }, peak));
    (out, traced.order(), traced.stats().interior, lines)
}

/// A (staged, for `k` > 0) search on the block engine.
fn stage<T: Tree>(
    tree: &T,
    p: &Params,
    k: usize,
    open: &mut Gamma<T::Node>,
    start: Start<'_, T::Node>,
    observer: Observer<'_, T::Node>,
) -> Result<Value, BestFirstError> {
    if k == 0 {
        return gamma_search(tree, p, open, start, &mut no_frontier, observer);
    }
    gamma_search(
        tree,
        p,
        open,
        start,
        &mut |o: &mut Gamma<T::Node>, n: &T::Node, d: usize, h: Value| {
            stage(tree, p, k, o, below(n, d, h), None)
        },
        observer,
    )
}

/// The same on the reference.
fn ref_stage<T: Tree>(
    tree: &T,
    p: &Params,
    k: usize,
    open: &mut RefOpen<T::Node>,
    start: Start<'_, T::Node>,
    observer: reference::RefObserver<'_, T::Node>,
) -> Result<Value, BestFirstError> {
    if k == 0 {
        return reference::gamma_search(
            tree,
            p,
            open,
            start,
            &mut |_: &mut RefOpen<T::Node>, _: &T::Node, _: usize, _: Value| unreachable!(),
            observer,
        );
    }
    reference::gamma_search(
        tree,
        p,
        open,
        start,
        &mut |o: &mut RefOpen<T::Node>, n: &T::Node, d: usize, h: Value| {
            ref_stage(tree, p, k, o, below(n, d, h), &mut |_| {})
        },
        observer,
    )
}

/// Where a stage below the horizon starts: at `node` (depth `depth`), with
/// no lower bound and the state's merit `h` as its upper bound.
fn below<N>(node: &N, depth: usize, h: Value) -> Start<'_, N> {
    Start {
        root: node,
        depth,
        lower: Value::NEG_INF,
        upper: h,
    }
}

/// The block engine against the reference on one tree: every tie rule,
/// Dual*, aspiration windows, staged SSS*, OPEN after every step
/// (`steps`), and budgets too small for the tree (by understating its
/// shape) so that the search fails part-way.
fn check_same<T: Tree>(tree: &T, what: &str, steps: bool) {
    let truth = tree_core::minimax(tree);
    let b = tree.bounds().unwrap();
    let mut cfgs = Vec::new();
    for variant in [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost] {
        cfgs.push(Config::new(variant));
        for depth in [b.depth.saturating_sub(1), b.depth.saturating_sub(2)] {
            cfgs.push(Config {
                shape: Some(Bounds::uniform(b.branching.max(1), depth)),
                ..Config::new(variant)
            });
        }
    }
    let full = (Value::NEG_INF, Value::INF);
    for cfg in &cfgs {
        let both = |dual, window, k, steps| {
            let new = seen(tree, cfg, dual, window, k, steps, false);
            let old = seen(tree, cfg, dual, window, k, steps, true);
            (new, old)
        };
        for dual in [false, true] {
            let (new, old) = both(dual, full, 0, steps);
            if new.0.is_err() {
                FAILURES.with(|c| c.set(c.get() + 1));
            } else if cfg.shape.is_none() {
                assert_eq!(new.0.as_ref().map(|r| r.0), Ok(truth), "{what}");
            }
            assert_eq!(new, old, "{cfg:?} dual {dual} on {what}");
        }
        for (lo, hi) in [(-1i64, 1i64), (-5, 0), (0, 3), (2, 9), (-3, -1)] {
            let window = (truth.offset(lo), truth.offset(hi));
            if window.0 >= window.1 {
                continue;
            }
            let (new, old) = both(false, window, 0, steps);
            assert_eq!(new, old, "{cfg:?} window {window:?} on {what}");
        }
        for k in [1, 2, 3] {
            let (new, old) = both(false, full, k, false);
            assert_eq!(new, old, "{cfg:?} staged {k} on {what}");
        }
    }
}

#[test]
fn blocks_behave_as_the_reference_on_random_trees() {
    let mut n = 0;
    for (text, tree) in corpus::random_trees(0x1a2e, 3_000) {
        check_same(&tree, &text, n % 4 == 0);
        n += 1;
    }
    assert_eq!(n, 3_000);
    assert!(COMPACTIONS.with(|c| c.get()) > 100);
    assert!(FAILURES.with(|c| c.get()) > 1_000);
}

#[test]
fn blocks_behave_as_the_reference_on_generated_trees() {
    let mut n = 0;
    for tree in corpus::generated_trees(4) {
        let small = tree
            .bounds()
            .is_some_and(|b| b.branching.pow(b.depth as u32) <= 4_096);
        check_same(&tree, &format!("{:?}", tree.spec()), small && n % 3 == 0);
        n += 1;
    }
    assert!(n >= 500, "{n}");
}

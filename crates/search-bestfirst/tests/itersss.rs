//! IterSSS*(M) (Bhattacharya & Bagchi 1996, §2): exact at every budget, never above the budget,
//! never a leaf alpha-beta prunes, SSS* itself from b^⌈d/2⌉ on, and budgets
//! below (b − 1)·⌈d/2⌉ + 1 refused.

use std::collections::BTreeSet;

use crate::support::{
    alphabeta_leaves, each_generated_tree, each_random_tree, itersss_minimum, minimum_memory,
};
use search_bestfirst::{BestFirstError, Variant, itersss, sss};
use search_depthfirst::{Window, alphabeta};
use tree_core::{
    Bounds, Dewey, ExplicitTree, GenSpec, Generator, Traced, Tree, Value, corpus, corpus::Hooked,
    minimax, worked,
};

fn cfg(m: usize) -> itersss::Config {
    itersss::Config {
        memory: Some(m),
        shape: None,
        ..itersss::Config::default()
    }
}

/// The budgets tried on a tree: every M from the minimum to b^⌈d/2⌉ when
/// that is at most `every` values, else a spread including both ends.
fn budgets(bounds: Bounds, every: usize) -> Vec<usize> {
    let lo = itersss_minimum(bounds).unwrap();
    let hi = minimum_memory(bounds, false).unwrap().max(lo);
    if hi - lo < every {
        return (lo..=hi).collect();
    }
    let points = [lo, lo + 1, lo + 2, 2 * lo, (lo + hi) / 2, hi - 1, hi];
    tree_core::corpus::budget_spread(lo, hi, &points, 3, 2)
}

/// At every budget: the minimax value, OPEN within the budget, and no leaf
/// that alpha-beta does not evaluate. Returns how many searches ran.
fn check<T: Tree>(tree: &T, what: &dyn std::fmt::Display, every: usize) -> usize {
    let truth = minimax(tree);
    let ab = alphabeta_leaves(tree);
    let mut open = itersss::Cache::new();
    let ms = budgets(tree.bounds().unwrap(), every);
    for &m in &ms {
        let traced = Traced::new(tree);
        let out = itersss::search_in(&traced, &cfg(m), &mut open)
            .unwrap_or_else(|e| panic!("M = {m} on {what}: {e}"));
        assert_eq!(out.value, truth, "M = {m} on {what}");
        assert!(
            out.memory.peak <= m,
            "peak {} > M = {m} on {what}",
            out.memory.peak
        );
        assert!(out.memory.capacity <= m);
        let order = traced.order();
        let seen: BTreeSet<Dewey> = order.iter().cloned().collect();
        assert_eq!(
            seen.len(),
            order.len(),
            "a leaf evaluated twice, M = {m} on {what}"
        );
        if let Some(n) = seen.difference(&ab).next() {
            panic!("M = {m}: leaf {n} is pruned by alpha-beta, on {what}");
        }
    }
    ms.len()
}

#[test]
fn exact_within_budget_and_dominating_alphabeta_on_generated_trees() {
    let (mut trees, mut runs) = (0, 0);
    for tree in corpus::generated_trees(20) {
        runs += check(&tree, &format_args!("{:?}", tree.spec()), 64);
        trees += 1;
    }
    assert!(
        trees >= 3_700 && runs > 15_000,
        "{trees} trees, {runs} runs"
    );
}

#[test]
fn exact_within_budget_and_dominating_alphabeta_on_random_nonuniform_trees() {
    let (mut trees, mut runs) = (0, 0);
    for (text, tree) in corpus::random_trees(0x1735, 7_000) {
        runs += check(&tree, &text, 24);
        trees += 1;
    }
    assert!(
        trees == 7_000 && runs > 30_000,
        "{trees} trees, {runs} runs"
    );
}

/// Larger uniform random trees, every M from the minimum to b^⌈d/2⌉.
#[test]
fn every_budget_on_larger_uniform_trees() {
    let mut runs = 0;
    for (g, b, d, n) in [
        (Generator::RANDOM, 3, 5, 30),
        (Generator::Random { lo: 0, hi: 3 }, 3, 5, 30),
        (Generator::RANDOM, 2, 8, 30),
        (Generator::STRONG, 3, 6, 10),
        (Generator::RANDOM, 4, 5, 10),
    ] {
        for seed in 0..n {
            let tree = GenSpec::new(g, b, d, seed, seed).build().unwrap();
            runs += check(&tree, &format_args!("{:?}", tree.spec()), 100);
        }
    }
    assert!(runs > 2_000);
}

/// With M ≥ b^⌈d/2⌉ nothing is ever inactivated: the same leaves in the same
/// order as SSS* with the left-most tie rule.
fn check_is_sss<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let full = minimum_memory(tree.bounds().unwrap(), false).unwrap();
    let sss_order = {
        let traced = Traced::new(tree);
        sss::search(&traced, &sss::Config::new(Variant::Leftmost)).unwrap();
        traced.order()
    };
    for m in [full, full + 1, 10 * full + 3] {
        let traced = Traced::new(tree);
        let mut open = itersss::Cache::new();
        let out = itersss::search_in(&traced, &cfg(m), &mut open).unwrap();
        assert_eq!(traced.order(), sss_order, "M = {m} on {what}");
        assert_eq!(open.counts().inactivations, 0);
        assert_eq!(open.counts().activations, 0);
        assert!(
            out.memory.capacity <= full.max(1),
            "no more than SSS* can use"
        );
    }
}

#[test]
fn at_full_memory_it_is_sss() {
    let mut n = each_generated_tree(10, |tree, what| check_is_sss(tree, what));
    n += each_random_tree(0x5555, 2_000, |tree, what| check_is_sss(tree, what));
    for seed in 0..20 {
        let tree = GenSpec::new(Generator::RANDOM, 4, 6, seed, seed)
            .build()
            .unwrap();
        check_is_sss(&tree, &format_args!("{:?}", tree.spec()));
        n += 1;
    }
    assert!(n > 3_800);
}

#[test]
fn minimum_budgets() {
    for (b, d, m) in [
        (2, 6, 4),
        (2, 5, 4),
        (3, 4, 5),
        (4, 6, 10),
        (6, 4, 11),
        (4, 10, 16),
        (6, 8, 21),
        (8, 1, 8),
        (1, 9, 1),
        (0, 0, 1),
        (7, 0, 1),
    ] {
        assert_eq!(itersss_minimum(Bounds::uniform(b, d)), Ok(m), "({b},{d})");
    }
    assert!(matches!(
        itersss_minimum(Bounds::uniform(0, 3)),
        Err(BestFirstError::InvalidParameter { .. })
    ));
    assert!(matches!(
        itersss_minimum(Bounds::uniform(usize::MAX, 4)),
        Err(BestFirstError::TooLarge { .. })
    ));
    assert!(matches!(
        itersss_minimum(Bounds::uniform(2, 10_000)),
        Err(BestFirstError::TreeShape { .. })
    ));
}

#[test]
fn a_budget_below_the_minimum_is_an_error_stating_it() {
    let t = worked::FIG1.tree(); // (2,6): minimum 4
    let e = itersss::search(&t, &cfg(3)).unwrap_err();
    assert_eq!(
        e,
        BestFirstError::BudgetTooSmall {
            algorithm: "IterSSS*",
            given: 3,
            minimum: 4
        }
    );
    assert!(e.to_string().contains("at least 4"), "{e}");
    assert!(itersss::search(&t, &cfg(0)).is_err());
    // The default budget is the minimum, and a uniform tree needs all of it.
    let out = itersss::search(&t, &itersss::Config::default()).unwrap();
    assert_eq!((out.memory.capacity, out.memory.peak), (4, 4));
    assert_eq!(out.value, minimax(&t));
}

#[test]
fn uniform_trees_use_exactly_the_minimum_at_the_minimum() {
    for tree in corpus::generated_trees(3) {
        let b = tree.bounds().unwrap();
        if b.branching < 2 || b.depth == 0 {
            continue;
        }
        let m = itersss_minimum(b).unwrap();
        let out = itersss::search(&tree, &cfg(m)).unwrap();
        assert_eq!(out.memory.peak, m, "{:?}", tree.spec());
    }
}

/// The π tree without its shape, every terminal shown as `leaf` if given:
/// a tree that does not report its shape, and one whose leaves are
/// sentinels.
fn shapeless_pi(leaf: Option<Value>) -> Hooked<ExplicitTree, impl Fn(Value) -> Value> {
    Hooked {
        tree: worked::PI.tree(),
        on_leaf: move |v| leaf.unwrap_or(v),
        shape: false,
    }
}

#[test]
fn bad_input_is_an_error() {
    let bare = shapeless_pi(None);
    assert!(matches!(
        itersss::search(&bare, &itersss::Config::default()),
        Err(BestFirstError::UnknownShape { .. })
    ));
    let shaped = itersss::Config {
        memory: None,
        shape: Some(Bounds::uniform(3, 4)),
        ..itersss::Config::default()
    };
    assert_eq!(itersss::search(&bare, &shaped).unwrap().value.get(), 2);
    // A shape smaller than the tree: refused when it shows, never overrun.
    for shape in [Bounds::uniform(2, 4), Bounds::uniform(3, 3)] {
        let wrong = itersss::Config {
            memory: None,
            shape: Some(shape),
            ..itersss::Config::default()
        };
        let e = itersss::search(&bare, &wrong).unwrap_err();
        assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
        assert!(e.to_string().contains("beyond the shape"), "{e}");
    }
    let inf = shapeless_pi(Some(Value::INF));
    let e = itersss::search(&inf, &shaped).unwrap_err();
    assert_eq!(e, BestFirstError::SentinelLeaf { value: Value::INF });
}

#[test]
fn terminal_root_and_chains() {
    for text in ["7", "[3]", "[[[[-2]]]]", "[[1],[2,[3]]]", "[[5,5],[5,5]]"] {
        let t = ExplicitTree::parse(text).unwrap();
        let m = itersss_minimum(t.bounds().unwrap()).unwrap();
        let out = itersss::search(&t, &cfg(m)).unwrap();
        assert_eq!(out.value, minimax(&t), "{text}");
        assert!(out.memory.peak <= m);
    }
}

/// The reconstructed Fig. 1 tree of Bhattacharya & Bagchi 1996 (see `tree_core::worked::FIG1`; a stand-in for the
/// lost figure): IterSSS* at every M from its minimum 4 to SSS*'s 8, leaves
/// as a row of x/. under alpha-beta's row.
#[test]
fn fig1_reconstruction_rows() {
    let t = worked::FIG1.tree();
    let row = |order: &[Dewey]| -> String {
        let mut cells = vec!['.'; 64];
        for d in order {
            cells[d.rank(2)] = 'x';
        }
        cells.into_iter().collect()
    };
    let traced = Traced::new(&t);
    alphabeta(&traced, Window::FULL).unwrap();
    let mut rows = vec![format!("AB    {}", row(&traced.order()))];
    let mut counts = Vec::new();
    for m in 4..=8 {
        let traced = Traced::new(&t);
        let out = itersss::search(&traced, &cfg(m)).unwrap();
        assert_eq!(out.value, minimax(&t));
        rows.push(format!("M = {m} {}", row(&traced.order())));
        counts.push(traced.order().len());
    }
    let text = rows.join("\n");
    eprintln!("{text}");
    insta::assert_snapshot!("itersss_fig1_reconstruction", text);
    // At M = 8 = 2^3 it is SSS*.
    let traced = Traced::new(&t);
    sss::search(&traced, &sss::Config::new(Variant::Leftmost)).unwrap();
    assert_eq!(counts[4], traced.order().len());
}

/// Average leaves of alpha-beta, IterSSS* at several M, and SSS*, on random
/// uniform trees; printed (run with `--nocapture`), with the trend checked on
/// the averages only: the paper says a given tree can go either way.
fn averages(b: usize, d: usize, trees: u64) -> (f64, Vec<(usize, f64)>, f64) {
    let bounds = Bounds::uniform(b, d);
    let lo = itersss_minimum(bounds).unwrap();
    let hi = minimum_memory(bounds, false).unwrap();
    let mut ms = vec![lo, lo + lo / 2, 2 * lo, 4 * lo, hi / 2, hi];
    ms.retain(|&m| m <= hi);
    ms.sort_unstable();
    ms.dedup();
    let (mut ab, mut it, mut ss) = (0u64, vec![0u64; ms.len()], 0u64);
    let mut open = itersss::Cache::new();
    for seed in 0..trees {
        let t = GenSpec::new(Generator::RANDOM, b, d, 0x17e5, seed)
            .build()
            .unwrap();
        let c = tree_core::Counted::new(&t);
        alphabeta(&c, Window::FULL).unwrap();
        ab += c.stats().leaves;
        for (k, &m) in ms.iter().enumerate() {
            let c = tree_core::Counted::new(&t);
            itersss::search_in(&c, &cfg(m), &mut open).unwrap();
            it[k] += c.stats().leaves;
        }
        let c = tree_core::Counted::new(&t);
        sss::search(&c, &sss::Config::new(Variant::Leftmost)).unwrap();
        ss += c.stats().leaves;
    }
    let n = trees as f64;
    (
        ab as f64 / n,
        ms.iter()
            .zip(&it)
            .map(|(&m, &l)| (m, l as f64 / n))
            .collect(),
        ss as f64 / n,
    )
}

#[test]
fn leaf_counts_fall_with_memory_on_average() {
    for (b, d) in [(4, 6), (6, 4), (3, 8)] {
        let (ab, it, ss) = averages(b, d, 100);
        let cells: Vec<String> = it.iter().map(|(m, l)| format!("M={m}: {l:.1}")).collect();
        eprintln!(
            "({b},{d}) random, 100 trees: alpha-beta {ab:.1} | IterSSS* {} | SSS* {ss:.1}",
            cells.join(", ")
        );
        let (first, last) = (it[0].1, it[it.len() - 1].1);
        assert!(first <= ab, "at the minimum, no more than alpha-beta");
        assert!(last <= first, "more memory, fewer leaves on average");
        assert_eq!(last, ss, "at b^ceil(d/2) it is SSS*");
    }
}

/// A tree (found by search in the random corpus) on which an activation
/// chain is refused at the minimum budget: the activated node cannot be
/// expanded while a node to the left of its activator is unfinished, so the
/// activator is inactivated instead and activated again later.
#[test]
fn a_refused_activation_chain_still_gives_the_value() {
    let t = ExplicitTree::parse("[[[0],[0]],[[1,[[0,2],1,1,2],2],2]]").unwrap();
    let b = t.bounds().unwrap();
    assert_eq!((b.branching, b.depth), (4, 5));
    assert_eq!(itersss_minimum(b), Ok(10));
    let mut open = itersss::Cache::new();
    let traced = Traced::new(&t);
    let out = itersss::search_in(&traced, &cfg(10), &mut open).unwrap();
    assert!(open.counts().refused_chains >= 1, "{:?}", open.counts());
    assert_eq!(out.value, minimax(&t));
    assert!(out.memory.peak <= 10);
    let seen: BTreeSet<Dewey> = traced.order().into_iter().collect();
    assert!(seen.is_subset(&alphabeta_leaves(&t)));
}

//! Every algorithm returns the plain minimax value (`tree_core::minimax`)
//! on thousands of random uniform and non-uniform trees.

use proptest::prelude::*;
use search_depthfirst::{
    Algorithm, Relation, TranspositionTable, Window, alphabeta, aspiration, falphabeta,
    lalphabeta_exact, mtdf, palphabeta, scout, test,
};
use tree_core::{Counted, ExplicitTree, Traced, Tree, Value, minimax};

use crate::common::{
    Rng, evaluated_leaves, generated_trees, mt_sss_evaluated_leaves, random_trees,
};

/// Every algorithm of `Algorithm::ALL` on `tree`, against the oracle, plus
/// the counting discipline: `value` once per evaluation, the same counts as
/// seen through `Traced`.
fn check_all<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let expected = minimax(tree);
    for &a in Algorithm::ALL {
        let counted = Counted::new(tree);
        assert_eq!(a.run(&counted), Ok(expected), "{a} on {what}");
        if matches!(
            a,
            Algorithm::AlphaBeta | Algorithm::MtSss | Algorithm::Scout
        ) {
            let traced = Traced::new(tree);
            a.run(&traced).unwrap();
            assert_eq!(traced.stats(), counted.stats(), "{a} on {what}");
        }
    }
}

#[test]
fn every_algorithm_on_generated_trees() {
    let mut n = 0;
    for tree in generated_trees(60) {
        check_all(&tree, &format_args!("{:?}", tree.spec()));
        n += 1;
    }
    assert!(n >= 10_000, "{n} trees");
}

#[test]
fn every_algorithm_on_random_non_uniform_trees() {
    let mut n = 0;
    let mut terminal_roots = 0;
    let mut single_children = 0;
    for (text, tree) in random_trees(0x5eed, 12_000) {
        check_all(&tree, &text);
        n += 1;
        terminal_roots += usize::from(tree.num_children(&tree.root()) == 0);
        single_children += usize::from(has_single_child(&tree, &tree.root()));
    }
    assert_eq!(n, 12_000);
    // The corpus has the awkward cases it claims to have.
    assert!(terminal_roots > 20, "{terminal_roots} terminal roots");
    assert!(single_children > 100);
}

#[test]
fn drivers_with_any_parameters() {
    // Aspiration with any guess and width, MTD(f) with any first guess,
    // sentinels included, and a table reused across searches.
    let mut rng = Rng::new(11);
    let mut tt = TranspositionTable::new();
    let specials = [
        Value::NEG_INF,
        Value::INF,
        Value::new(Value::MIN_LEAF).unwrap(),
        Value::new(Value::MAX_LEAF).unwrap(),
    ];
    for (text, tree) in random_trees(0xd1, 1_500) {
        let expected = minimax(&tree);
        let guess = match rng.below(4) {
            0 => specials[rng.below(4) as usize],
            1 => expected,
            _ => Value::new(rng.range(-12, 12)).unwrap(),
        };
        let delta = [1, 2, 5, 1_000, u32::MAX][rng.below(5) as usize];
        let o = aspiration(&tree, guess, delta).unwrap();
        assert_eq!(o.value, expected, "aspiration({guess}, {delta}) on {text}");
        assert!(o.passes == 1 || o.passes == 2);
        if Window::around(guess, delta).unwrap().contains(expected) {
            assert_eq!(o.passes, 1);
        }
        let o = mtdf(&tree, &mut tt, guess).unwrap();
        assert_eq!(o.value, expected, "mtdf({guess}) on {text}");
        if guess == expected {
            assert!(
                o.passes <= 2,
                "mtdf from the value itself takes at most 2 passes"
            );
        }
    }
}

#[test]
fn test_decides_both_relations() {
    let mut rng = Rng::new(3);
    for (text, tree) in random_trees(0x7e57, 1_500) {
        let v = minimax(&tree);
        let probes = [
            v,
            Value::saturating(i64::from(v.get()) - 1),
            Value::saturating(i64::from(v.get()) + 1),
            Value::NEG_INF,
            Value::INF,
            Value::new(rng.range(-10, 10)).unwrap(),
        ];
        for x in probes {
            assert_eq!(
                test(&tree, x, Relation::Greater),
                Ok(v > x),
                "TEST {text} > {x}"
            );
            assert_eq!(
                test(&tree, x, Relation::GreaterOrEqual),
                Ok(v >= x),
                "TEST {text} >= {x}"
            );
        }
    }
}

/// Fig. 9 exactly as printed: `>` at every terminal.
fn test_as_printed<T: Tree>(tree: &T, p: &T::Node, depth: usize, v: Value) -> bool {
    let w = tree.num_children(p);
    if w == 0 {
        let s = tree.value(p);
        let s = if depth.is_multiple_of(2) { s } else { -s };
        return s > v;
    }
    (0..w).any(|i| !test_as_printed(tree, &tree.child(p, i), depth + 1, -v))
}

#[test]
fn test_as_printed_decides_the_wrong_relation_at_odd_height() {
    // A MAX root over one terminal 4: the value is 4, and 4 > 4 is false,
    // but the printed TEST answers true (it tested >= one level up).
    let t: ExplicitTree = "[4]".parse().unwrap();
    assert!(test_as_printed(&t, &t.root(), 0, Value::new(4).unwrap()));
    assert_eq!(
        test(&t, Value::new(4).unwrap(), Relation::Greater),
        Ok(false)
    );
    // With terminals at both parities it decides neither relation: both
    // trees have value 4; the printed TEST says "> 4" of the first (wrong
    // for >) and "not > 4" of the second (so it is not >= either).
    let four = Value::new(4).unwrap();
    for (text, printed) in [("[4,[3]]", true), ("[3,[4]]", false)] {
        let t: ExplicitTree = text.parse().unwrap();
        assert_eq!(minimax(&t), four);
        assert_eq!(test_as_printed(&t, &t.root(), 0, four), printed, "{text}");
        assert_eq!(test(&t, four, Relation::Greater), Ok(false));
        assert_eq!(test(&t, four, Relation::GreaterOrEqual), Ok(true));
    }
}

#[test]
fn falphabeta_searches_the_same_terminals_as_alphabeta() {
    // Campbell p. 9: "Falphabeta is guaranteed to search the same nodes as
    // alphabeta" — for any window, in the same order.
    let mut rng = Rng::new(5);
    for (text, tree) in random_trees(0xfa1, 2_000) {
        let v = i64::from(minimax(&tree).get());
        let a = Value::saturating(v + rng.range(-3, 1));
        let b = Value::saturating(i64::from(a.get()) + rng.range(1, 4));
        for w in [Window::FULL, Window::new(a, b).unwrap_or(Window::FULL)] {
            let (t1, t2) = (Traced::new(&tree), Traced::new(&tree));
            alphabeta(&t1, w).unwrap();
            falphabeta(&t2, w).unwrap();
            assert_eq!(t1.order(), t2.order(), "{w} on {text}");
            assert_eq!(t1.stats(), t2.stats(), "{w} on {text}");
        }
    }
}

#[test]
fn directional_algorithms_evaluate_left_to_right_once() {
    for (text, tree) in random_trees(0xd12, 1_000) {
        for &a in &[
            Algorithm::Minimax,
            Algorithm::Negamax,
            Algorithm::AlphaBeta,
            Algorithm::FAlphaBeta,
            Algorithm::MtSss,
            Algorithm::MtDual,
            Algorithm::Mtdf,
        ] {
            let traced = Traced::new(&tree);
            a.run(&traced).unwrap();
            let order = traced.order();
            assert_eq!(
                traced.distinct_leaves(),
                order.len() as u64,
                "{a} revisits on {text}"
            );
            if !a.uses_table() {
                assert!(
                    order.windows(2).all(|w| w[0] < w[1]),
                    "{a} not left to right on {text}"
                );
            }
        }
    }
}

#[test]
fn sss_family_dominates_alphabeta() {
    // Plaat et al. 1996: MT-SSS* evaluates the terminals of SSS* (with
    // left-most tie-breaking), which never evaluates one alpha-beta skips;
    // MT-DUAL* likewise. Checked on random trees, ties included.
    for (text, tree) in random_trees(0x555, 2_000) {
        let ab = evaluated_leaves(&tree, |t| {
            alphabeta(t, Window::FULL).unwrap();
        });
        let sss = mt_sss_evaluated_leaves(&tree);
        assert!(
            sss.is_subset(&ab),
            "MT-SSS* evaluates {:?} outside alpha-beta on {text}",
            sss.difference(&ab).collect::<Vec<_>>()
        );
        let dual = evaluated_leaves(&tree, |t| {
            Algorithm::MtDual.run(t).unwrap();
        });
        assert!(dual.is_subset(&ab), "MT-DUAL* outside alpha-beta on {text}");
    }
}

#[test]
fn two_ply_dominance_chain() {
    // Campbell p. 24: on two-ply trees "alphabeta dominates palphabeta
    // dominates SCOUT", in terminal evaluations.
    let count = |tree: &ExplicitTree, f: &dyn Fn(&Counted<&ExplicitTree>)| {
        let c = Counted::new(tree);
        f(&c);
        c.stats().leaves
    };
    let mut rng = Rng::new(2);
    for _ in 0..2_000 {
        let b = rng.range(1, 8) as usize;
        let hi = [2, 9, 1_000][rng.below(3) as usize];
        let leaves: Vec<i64> = (0..b * b).map(|_| rng.range(0, hi)).collect();
        let tree = ExplicitTree::uniform(b, 2, &leaves).unwrap();
        let ab = count(&tree, &|t| {
            alphabeta(t, Window::FULL).unwrap();
        });
        let pab = count(&tree, &|t| {
            palphabeta(t).unwrap();
        });
        let sc = count(&tree, &|t| {
            scout(t).unwrap();
        });
        assert!(ab <= pab && pab <= sc, "{ab} {pab} {sc} on {leaves:?}");
    }
}

#[test]
fn lalphabeta_exact_re_searches_only_when_the_last_move_fails_high() {
    // Its evaluations are alpha-beta's, plus a re-search of the last root
    // move when that move is strictly best.
    for (text, tree) in random_trees(0x1a1, 2_000) {
        let (c1, c2) = (Counted::new(&tree), Counted::new(&tree));
        alphabeta(&c1, Window::FULL).unwrap();
        lalphabeta_exact(&c2).unwrap();
        let root = tree.root();
        let w = tree.num_children(&root);
        if w == 0 {
            continue;
        }
        let last = tree.child(&root, w - 1);
        let last_value = minimax_at_child(&tree, &last);
        let others_best = (0..w - 1)
            .map(|i| minimax_at_child(&tree, &tree.child(&root, i)))
            .max();
        let strictly_best = others_best.is_none_or(|o| last_value > o);
        if !strictly_best {
            assert!(c2.stats().leaves <= c1.stats().leaves, "{text}");
        }
    }
}

fn has_single_child<T: Tree>(tree: &T, n: &T::Node) -> bool {
    let w = tree.num_children(n);
    w == 1 || (0..w).any(|i| has_single_child(tree, &tree.child(n, i)))
}

fn minimax_at_child(tree: &ExplicitTree, node: &u32) -> Value {
    tree_core::minimax_at(tree, node, false)
}

fn arb_tree() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        (-3i64..=3).prop_map(|v| v.to_string()),
        Just(Value::MIN_LEAF.to_string()),
        Just(Value::MAX_LEAF.to_string()),
    ];
    leaf.prop_recursive(6, 120, 6, |inner| {
        prop::collection::vec(inner, 1..=6).prop_map(|kids| format!("[{}]", kids.join(",")))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn every_algorithm_on_arbitrary_trees(text in arb_tree()) {
        let tree = ExplicitTree::parse(&text).unwrap();
        let expected = minimax(&tree);
        for &a in Algorithm::ALL {
            prop_assert_eq!(a.run(&tree), Ok(expected), "{} on {}", a, text);
        }
    }
}

//! SSS*: the thesis's traces, exactness on the corpus, memory, domination.

use std::collections::BTreeSet;

use crate::support::{
    dual, each_generated_tree, each_random_tree, minimum_memory, sss_aspiration, sss_open_trace,
};
use search_bestfirst::{BestFirstError, Variant, sss};
use search_depthfirst::{TranspositionTable, Window, alphabeta, mt_sss};
use tree_core::{Bounds, Dewey, ExplicitTree, Traced, Tree, Value, corpus, minimax, worked};

const VARIANTS: [Variant; 3] = [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost];

fn leaves<T: Tree>(tree: &T, search: impl Fn(&Traced<&T>)) -> Vec<Dewey> {
    let traced = Traced::new(tree);
    search(&traced);
    traced.order()
}

fn set(v: Vec<Dewey>) -> BTreeSet<Dewey> {
    v.into_iter().collect()
}

/// The OPEN list after every Γ step, named by `name`, as the thesis prints it.
fn trace(
    tree: &ExplicitTree,
    upper: Value,
    variant: Variant,
    name: &dyn Fn(&Dewey) -> String,
) -> Vec<String> {
    let (_, steps) = sss_open_trace(tree, upper, &sss::Config::new(variant)).unwrap();
    steps.iter().map(|s| sss::format_open(s, name)).collect()
}

/// The figures' names: the node at `codes[k]` (Dewey codes, the root
/// `""`) is the k-th letter (the figures letter the nodes level by level);
/// any other node keeps its code.
fn letters(codes: &'static [&'static str]) -> impl Fn(&Dewey) -> String {
    move |d: &Dewey| {
        let code = if d.depth() == 0 {
            String::new()
        } else {
            d.to_string()
        };
        codes
            .iter()
            .position(|c| *c == code)
            .map_or(code, |k| char::from(b'a' + k as u8).to_string())
    }
}

/// Campbell Fig. 19: a → b → [c = 4, d]; d → [e, f]; e → [g, h]; f → [i, j].
const FIG19: &[&str] = &[
    "", "1", "11", "12", "121", "122", "1211", "1212", "1221", "1222",
];

#[test]
fn stockman_counterexample_as_printed_follows_fig20() {
    let t = worked::STOCKMAN.tree();
    let name = letters(FIG19);
    // Fig. 20, steps 2-18 (step 1 is the start state (a,L,INF)). The OCR's
    // "(i,S,4) (h,S,4)" at step 14 is read as (j,S,4): i was solved at step
    // 10 and j's solution is the only state that can be in front there.
    let fig20 = [
        "(b,L,+inf)",
        "(c,L,+inf)",
        "(c,S,4)",
        "(d,L,4)",
        "(f,L,4) (e,L,4)",
        "(i,L,4) (e,L,4)",
        "(e,L,4) (i,S,4)",
        "(g,L,4) (i,S,4)",
        "(i,S,4) (g,S,4)",
        "(j,L,4) (g,S,4)",
        "(g,S,4) (j,S,4)",
        "(h,L,4) (j,S,4)",
        "(j,S,4) (h,S,4)",
        "(f,S,4) (h,S,4)",
        "(d,S,4)",
        "(b,S,4)",
        "(a,S,4)",
    ];
    assert_eq!(trace(&t, Value::INF, Variant::Stockman, &name), fig20);
    let order: Vec<String> = leaves(&t, |tr| {
        sss::search(tr, &sss::Config::new(Variant::Stockman)).unwrap();
    })
    .iter()
    .map(&name)
    .collect();
    assert_eq!(order, ["c", "i", "g", "j", "h"]);
}

#[test]
fn left_biased_sss_evaluates_what_alphabeta_does_on_the_counterexample() {
    let t = worked::STOCKMAN.tree();
    let name = letters(FIG19);
    for v in [Variant::LeftBiased, Variant::Leftmost] {
        let order: Vec<String> = leaves(&t, |tr| {
            assert_eq!(
                sss::search(tr, &sss::Config::new(v)).unwrap().value.get(),
                4
            );
        })
        .iter()
        .map(&name)
        .collect();
        assert_eq!(order, ["c", "g", "h"], "{v}");
    }
    // As printed, SSS* evaluates i and j, which alpha-beta prunes.
    let ab = set(leaves(&t, |tr| {
        alphabeta(tr, Window::FULL).unwrap();
    }));
    let printed = set(leaves(&t, |tr| {
        sss::search(tr, &sss::Config::new(Variant::Stockman)).unwrap();
    }));
    assert!(!printed.is_subset(&ab));
}

#[test]
fn fig16_trace() {
    // Campbell Fig. 15: a → [b, c]; b → [d = 1, e = 2]; c → [f = 3, g = 4].
    let t = ExplicitTree::parse("[[1,2],[3,4]]").unwrap();
    const NAMES: &[&str] = &["", "1", "2", "11", "12", "21", "22"];
    let fig16 = [
        "(b,L,+inf) (c,L,+inf)",
        "(d,L,+inf) (c,L,+inf)",
        "(c,L,+inf) (d,S,1)",
        "(f,L,+inf) (d,S,1)",
        "(f,S,3) (d,S,1)",
        "(g,L,3) (d,S,1)",
        "(g,S,3) (d,S,1)",
        "(c,S,3) (d,S,1)",
        "(a,S,3)",
    ];
    // The figure lists b in front of c after the first step: the left-biased
    // case 6. Table 11 as printed stacks c last, so in front.
    for v in [Variant::LeftBiased, Variant::Leftmost] {
        assert_eq!(trace(&t, Value::INF, v, &letters(NAMES)), fig16, "{v}");
    }
    let printed = trace(&t, Value::INF, Variant::Stockman, &letters(NAMES));
    assert_eq!(printed[0], "(c,L,+inf) (b,L,+inf)");
}

#[test]
fn fig18_aspiration_trace() {
    // Campbell Fig. 17: a → [b, c = 4]; b → [d, e = 2]; d → [f = 7, g]. The
    // figure does not give g's value: it is never evaluated, whatever it is.
    const NAMES: &[&str] = &["", "1", "2", "11", "12", "111", "112"];
    let fig18 = [
        "(b,L,5) (c,L,5)",
        "(d,L,5) (c,L,5)",
        "(f,L,5) (g,L,5) (c,L,5)",
        "(f,S,5) (g,L,5) (c,L,5)",
        "(d,S,5) (c,L,5)",
        "(e,L,5) (c,L,5)",
        "(c,L,5) (e,S,2)",
        "(c,S,4) (e,S,2)",
        "(a,S,4)",
    ];
    for g in [-100, 0, 5, 9, 100] {
        let t = ExplicitTree::parse(&format!("[[[7,{g}],2],4]")).unwrap();
        for v in [Variant::LeftBiased, Variant::Leftmost] {
            let five = Value::new(5).unwrap();
            assert_eq!(trace(&t, five, v, &letters(NAMES)), fig18, "{v}, g = {g}");
            let order = leaves(&t, |tr| {
                let a = sss_aspiration(tr, Value::NEG_INF, five, &sss::Config::new(v)).unwrap();
                assert!(a.exact && a.outcome.value.get() == 4);
            });
            assert!(!order.contains(&"112".parse().unwrap()), "g is cut off");
        }
    }
}

/// Every variant, Dual* and aspiration SSS* (with a re-search on failure)
/// against minimax.
fn check_exact<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let truth = minimax(tree);
    let b = tree.bounds().unwrap();
    for v in VARIANTS {
        let cfg = sss::Config::new(v);
        let out = sss::search(tree, &cfg).unwrap();
        assert_eq!(out.value, truth, "{v} on {what}");
        assert!(out.memory.peak <= out.memory.capacity);
        assert_eq!(out.memory.capacity, minimum_memory(b, false).unwrap());
        let d = dual(tree, &cfg).unwrap();
        assert_eq!(d.value, truth, "dual {v} on {what}");
        assert!(d.memory.peak <= minimum_memory(b, true).unwrap());
        // Aspiration with a window around a guess near the value.
        for (lo, hi) in [(-1i64, 1i64), (-5, 0), (0, 3), (2, 9)] {
            let (lower, upper) = (truth.offset(lo), truth.offset(hi));
            if lower >= upper {
                continue;
            }
            let a = sss_aspiration(tree, lower, upper, &cfg).unwrap();
            if a.exact {
                assert_eq!(
                    a.outcome.value, truth,
                    "aspiration {v} ({lower},{upper}) on {what}"
                );
            } else if a.outcome.value >= upper {
                assert!(truth >= upper, "fail high on {what}");
            } else {
                assert!(
                    a.outcome.value <= lower && truth <= a.outcome.value,
                    "fail low on {what}"
                );
            }
        }
    }
}

#[test]
fn exact_on_generated_trees() {
    let n = each_generated_tree(20, |tree, what| check_exact(tree, what));
    assert!(n >= 3_000);
}

#[test]
fn exact_on_random_nonuniform_trees() {
    let n = each_random_tree(0x555, 8_000, |tree, what| check_exact(tree, what));
    assert!(n >= 8_000);
}

/// Left-biased and left-most SSS* evaluate no leaf alpha-beta does not.
fn check_domination<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let ab = set(leaves(tree, |tr| {
        alphabeta(tr, Window::FULL).unwrap();
    }));
    for v in [Variant::LeftBiased, Variant::Leftmost] {
        let s = set(leaves(tree, |tr| {
            sss::search(tr, &sss::Config::new(v)).unwrap();
        }));
        assert!(
            s.is_subset(&ab),
            "{v} evaluates a leaf alpha-beta prunes on {what}"
        );
    }
}

#[test]
fn left_biased_sss_dominates_alphabeta_tree_by_tree() {
    let mut checked = 0;
    for tree in corpus::generated_trees(10) {
        check_domination(&tree, &format_args!("{:?}", tree.spec()));
        checked += 1;
    }
    for (text, tree) in corpus::random_trees(0xab, 3_000) {
        check_domination(&tree, &text);
        checked += 1;
    }
    assert!(checked > 4_000);
}

#[test]
fn mt_sss_evaluates_the_same_leaves_as_sss() {
    // Plaat et al. 1996: MT-SSS* expands the same leaves as SSS*.
    let mut checked = 0;
    for tree in corpus::generated_trees(10) {
        let mt = set(leaves(&tree, |tr| {
            mt_sss(tr, &mut TranspositionTable::new()).unwrap();
        }));
        let s = set(leaves(&tree, |tr| {
            sss::search(tr, &sss::Config::new(Variant::Leftmost)).unwrap();
        }));
        assert_eq!(mt, s, "{:?}", tree.spec());
        checked += 1;
    }
    assert!(checked > 1_000);
}

#[test]
fn budgets() {
    let t = worked::PI.tree();
    // (3,4): SSS* needs 3^2 = 9 entries, Dual* 3^2 as well.
    let e = sss::search(&t, &sss::Config::default().with_memory(8)).unwrap_err();
    assert_eq!(
        e,
        BestFirstError::BudgetTooSmall {
            algorithm: "sss",
            given: 8,
            minimum: 9
        }
    );
    assert!(e.to_string().contains("at least 9"), "{e}");
    let out = sss::search(&t, &sss::Config::default().with_memory(100)).unwrap();
    assert_eq!((out.memory.capacity, out.value.get()), (100, 2));
    assert!(out.memory.peak <= 9);
    assert_eq!(minimum_memory(Bounds::uniform(8, 6), false).unwrap(), 512);
    assert_eq!(minimum_memory(Bounds::uniform(8, 5), true).unwrap(), 64);
    assert!(matches!(
        minimum_memory(Bounds::uniform(1000, 40), false),
        Err(BestFirstError::TooLarge { .. })
    ));
    // The full budget is reached on a uniform tree whose first solution trees tie.
    let flat = ExplicitTree::uniform(3, 4, &[5; 81]).unwrap();
    assert_eq!(
        sss::search(&flat, &sss::Config::default())
            .unwrap()
            .memory
            .peak,
        9
    );
    let e = sss_aspiration(&t, Value::INF, Value::INF, &sss::Config::default()).unwrap_err();
    assert!(e.to_string().contains("below"), "{e}");
}

//! Every best-first algorithm by name: exact on the corpus, within its
//! budget, and refusing budgets below its minimum.

use crate::support::{
    alphabeta_over_sss, each_generated_tree, each_random_tree, sss_over_alphabeta, staged_minimum,
    staged_sss, tie_stage_grid,
};
use search_bestfirst::{Algorithm, BestFirstError, Options, sss};
use tree_core::{Bounds, GenSpec, Generator, Tree, Value, corpus, minimax, worked};

fn check_all<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let truth = minimax(tree);
    for &a in Algorithm::ALL {
        for (variant, stage, opts) in tie_stage_grid(a, truth) {
            let out = a
                .run(tree, &opts)
                .unwrap_or_else(|e| panic!("{a} on {what}: {e}"));
            assert_eq!(out.value, truth, "{a} ({variant}, stage {stage}) on {what}");
            assert!(out.memory.peak <= out.memory.capacity, "{a} on {what}");
        }
    }
}

#[test]
fn every_algorithm_is_exact_on_generated_trees() {
    assert!(each_generated_tree(6, check_all) > 1_000);
}

#[test]
fn every_algorithm_is_exact_on_random_nonuniform_trees() {
    assert_eq!(each_random_tree(0x4b1d, 2_000, check_all), 2_000);
}

/// Default options on 10,000 more trees: every algorithm sees ≥ 10,000
/// distinct random trees in this file alone.
#[test]
fn every_algorithm_is_exact_on_ten_thousand_more_trees() {
    let mut n = 0;
    for (text, tree) in corpus::random_trees(0x10_000, 10_000) {
        let truth = minimax(&tree);
        for &a in Algorithm::ALL {
            let out = a
                .run(&tree, &Options::default())
                .unwrap_or_else(|e| panic!("{a} on {text}: {e}"));
            assert_eq!(out.value, truth, "{a} on {text}");
            assert!(out.memory.peak <= out.memory.capacity);
        }
        n += 1;
    }
    assert_eq!(n, 10_000);
}

#[test]
fn budgets_are_minimal_and_enforced() {
    let b = Bounds::uniform(8, 6);
    // Staged SSS* with stages of 2: three stages of b entries each.
    assert_eq!(staged_minimum(b, 2).unwrap(), 24);
    assert_eq!(staged_minimum(b, 3).unwrap(), 64 + 8);
    assert_eq!(staged_minimum(b, 6).unwrap(), 512);
    let t = GenSpec::new(Generator::RANDOM, 8, 6, 1, 0).build().unwrap();
    let out = staged_sss(&t, 2, &sss::Config::default()).unwrap();
    assert!(out.memory.peak <= 24 && out.memory.capacity == 24);
    let e = staged_sss(
        &t,
        2,
        &sss::Config {
            memory: Some(23),
            ..sss::Config::default()
        },
    )
    .unwrap_err();
    assert!(
        matches!(e, BestFirstError::BudgetTooSmall { minimum: 24, .. }),
        "{e}"
    );
    // SSS* over alpha-beta keeps b^⌈k/2⌉; alpha-beta over SSS* b^⌈(d-k)/2⌉.
    type Hybrid = fn(&tree_core::GeneratedTree, usize, &sss::Config) -> crate::support::Found;
    let hybrids: [(&str, Hybrid, usize, usize); 4] = [
        ("sss over alpha-beta", sss_over_alphabeta, 2, 8),
        ("sss over alpha-beta", sss_over_alphabeta, 4, 64),
        ("alpha-beta over sss", alphabeta_over_sss, 2, 64),
        ("alpha-beta over sss", alphabeta_over_sss, 4, 8),
    ];
    for (name, search, k, capacity) in hybrids {
        let out = search(&t, k, &sss::Config::default()).unwrap();
        assert_eq!(out.memory.capacity, capacity, "{name}, k = {k}");
    }
    let e = staged_sss(&t, 0, &sss::Config::default()).unwrap_err();
    assert!(e.to_string().contains("stage depth"), "{e}");
}

#[test]
fn names_round_trip() {
    for &a in Algorithm::ALL {
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        assert!(!a.description().is_empty());
    }
    let e = "nope".parse::<Algorithm>().unwrap_err().to_string();
    assert!(e.contains("known:") && e.contains("staged-sss"), "{e}");
}

#[test]
fn aspiration_re_searches_when_it_fails_high() {
    let t = worked::PI.tree();
    for upper in [-5, 0, 1, 2, 3, 10] {
        let opts = Options {
            upper: Some(Value::new(upper).unwrap()),
            ..Options::default()
        };
        assert_eq!(
            Algorithm::SssAspiration.run(&t, &opts).unwrap().value.get(),
            2,
            "upper {upper}"
        );
    }
}

/// The budget figures are total: a shape no tree has (a depth of
/// `usize::MAX`, a branching of 0 or `usize::MAX`) is an answer or an
/// error at once, never a walk over its depth.
#[test]
fn budget_figures_of_impossible_shapes_are_answers_not_hangs() {
    use search_bestfirst::{hybrid, itersss, memsss, mgame, quickgame, recsss};
    for depth in [
        0,
        1,
        31,
        tree_core::MAX_DEPTH,
        tree_core::MAX_DEPTH + 1,
        usize::MAX,
    ] {
        for branching in [0, 1, 2, 3, 65_535, 65_536, usize::MAX] {
            let bounds = Bounds {
                branching,
                depth,
                uniform: true,
            };
            for &a in Algorithm::ALL {
                let _ = a.minimum_memory(bounds, &Options::default());
                let _ = a.maximum_memory(bounds, &Options::default());
            }
            let _ = sss::minimum(bounds, &sss::Config::default());
            let _ = hybrid::minimum(bounds, &hybrid::Config::default());
            let _ = quickgame::minimum(bounds, &quickgame::Config::default());
            let _ = recsss::minimum(bounds, &recsss::Config::default());
            let _ = memsss::minimum(bounds, &memsss::Config::default());
            let _ = memsss::maximum(bounds, &memsss::Config::default());
            let _ = itersss::minimum(bounds, &itersss::Config::default());
            let _ = itersss::maximum(bounds, &itersss::Config::default());
            let _ = mgame::minimum(bounds, &mgame::Config::default());
        }
    }
    // A depth past what any search supports is an error, not a figure.
    let deep = Bounds::uniform(2, usize::MAX);
    assert!(sss::minimum(deep, &sss::Config::default()).is_err());
    assert!(
        Algorithm::StagedSss
            .minimum_memory(deep, &Options::default())
            .is_err()
    );
}

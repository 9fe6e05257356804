//! search-depthfirst's own public API under extreme inputs: every search
//! entry point and constructor given empty, one-leaf and 10^6-deep trees,
//! tables of 0, 1 and `usize::MAX` bytes, windows at the sentinels, depths
//! of 0 and `u32::MAX` and games that declare absurd sizes gives an error
//! or the documented result, never a panic, never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use search_depthfirst::{
    Algorithm, Enhanced, EnhancedAlgorithm, EnhancedConfig, GameTable, Relation, SearchConfig,
    SearchError, SharedTable, TranspositionTable, Window, alphabeta, aspiration, falphabeta,
    lalphabeta, lalphabeta_exact, minimax, mt, mt_dual, mt_sss, mtdf, negamax, palphabeta, scout,
    scout_test, test,
};
use tree_core::corpus::{Chain, Endless};
use tree_core::{Bounds, ExplicitTree, HashTree, Limits, Tree, Value};

/// The leaf value of the chains below.
const ONE: Value = Value::from_small(1);

/// Runs `f`, turning a panic into a failure that names the case.
fn total<R>(case: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{case}: panicked"))
}

fn v(x: i32) -> Value {
    Value::new(x).unwrap()
}

/// A root with 70,000 children, more than a Dewey digit holds, that are
/// leaves valued 0.
struct Wide;

impl Tree for Wide {
    type Node = u8;
    fn root(&self) -> u8 {
        0
    }
    fn num_children(&self, n: &u8) -> usize {
        if *n == 0 { 70_000 } else { 0 }
    }
    fn child(&self, _: &u8, _: usize) -> u8 {
        1
    }
    fn value(&self, _: &u8) -> Value {
        v(0)
    }
    fn bounds(&self) -> Option<Bounds> {
        Some(Bounds {
            branching: 70_000,
            depth: 1,
            uniform: true,
        })
    }
}

/// Every free search function and every `Algorithm` on `tree`; `Ok`
/// results must equal `expected` where given.
fn every_search<T: Tree>(case: &str, tree: &T, expected: Option<Value>) -> Vec<String> {
    let mut errors = Vec::new();
    let mut check = |name: &str, r: Result<Value, SearchError>| match r {
        Ok(x) => {
            if let Some(e) = expected {
                assert_eq!(x, e, "{case}: {name}");
            }
        }
        Err(e) => errors.push(format!("{name}: {e}")),
    };
    let table = || TranspositionTable::with_bytes(1 << 16).unwrap();
    let w = Window::FULL;
    check("minimax", total(case, || minimax(tree)));
    check("negamax", total(case, || negamax(tree)));
    check("alphabeta", total(case, || alphabeta(tree, w)));
    check("falphabeta", total(case, || falphabeta(tree, w)));
    let _ = total(case, || lalphabeta(tree, w));
    check("lalphabeta_exact", total(case, || lalphabeta_exact(tree)));
    check("palphabeta", total(case, || palphabeta(tree)));
    check("scout", total(case, || scout(tree)));
    check("scout_test", total(case, || scout_test(tree)));
    let _ = total(case, || test(tree, Value::INF, Relation::GreaterOrEqual));
    let _ = total(case, || test(tree, Value::NEG_INF, Relation::Greater));
    check(
        "aspiration",
        total(case, || {
            aspiration(tree, Value::INF, u32::MAX).map(|o| o.value)
        }),
    );
    let _ = total(case, || mt(tree, &mut table(), Value::INF));
    check(
        "mt_sss",
        total(case, || mt_sss(tree, &mut table()).map(|o| o.value)),
    );
    check(
        "mt_dual",
        total(case, || mt_dual(tree, &mut table()).map(|o| o.value)),
    );
    check(
        "mtdf",
        total(case, || {
            mtdf(tree, &mut table(), Value::NEG_INF).map(|o| o.value)
        }),
    );
    for &a in Algorithm::ALL {
        check(a.name(), total(case, || a.run(tree)));
        for config in [
            SearchConfig::new().with_table_bytes(0),
            SearchConfig::new().with_table_bytes(1),
            SearchConfig::new().with_table_bytes(usize::MAX),
            SearchConfig::new().with_limits(Limits::none().with_max_leaves(0)),
            SearchConfig::new()
                .with_limits(
                    Limits::none()
                        .with_time(Duration::MAX)
                        .with_max_leaves(u64::MAX),
                )
                .with_lines(true),
        ] {
            let _ = total(&format!("{case}: {}", a.name()), || a.search(tree, &config));
        }
    }
    errors
}

#[test]
fn trees_at_the_edges() {
    let one = ExplicitTree::uniform(3, 0, &[7]).unwrap();
    assert!(every_search("one leaf", &one, Some(v(7))).is_empty());
    let extremes = ExplicitTree::uniform(
        2,
        1,
        &[i64::from(Value::MAX_LEAF), i64::from(Value::MIN_LEAF)],
    )
    .unwrap();
    assert!(
        every_search(
            "leaf extremes",
            &extremes,
            Some(Value::new(Value::MAX_LEAF).unwrap())
        )
        .is_empty()
    );
    let errors = every_search("chain 10^6", &Chain(1_000_000, ONE), None);
    assert!(!errors.is_empty());
    assert!(errors.iter().all(|e| e.contains("deep")), "{errors:?}");
    assert!(
        every_search("chain 256", &Chain(256, ONE), Some(v(1))).len() <= Algorithm::ALL.len() + 10
    );
    // Searched (the value 0) or refused (more children than a line of
    // play records), never a panic.
    let _ = every_search("70,000 wide", &Wide, Some(v(0)));
    let hash = HashTree::new(3, 3, u64::MAX).unwrap();
    let value = tree_core::minimax(&hash);
    assert!(every_search("hash (3,3)", &hash, Some(value)).is_empty());
}

#[test]
fn windows_at_the_sentinels() {
    assert!(Window::new(Value::INF, Value::NEG_INF).is_err());
    assert!(Window::new(v(3), v(3)).is_err());
    let _ = total("null +inf", || Window::null(Value::INF));
    let _ = total("null -inf", || Window::null(Value::NEG_INF));
    for guess in [Value::NEG_INF, v(0), Value::INF] {
        for delta in [0, 1, u32::MAX] {
            let _ = total("around", || Window::around(guess, delta));
        }
    }
    let w = Window::around(v(0), u32::MAX).unwrap();
    assert_eq!(w.clamp(Value::INF), w.beta().min(Value::INF));
    assert!(Window::FULL.contains(v(0)));
}

#[test]
fn tables_of_every_size() {
    for bytes in [0, 1, 31, 32, 4096, usize::MAX] {
        let case = format!("{bytes} bytes");
        let _ = total(&case, || TranspositionTable::with_bytes(bytes));
        if let Ok(t) = total(&case, || GameTable::new(bytes)) {
            assert!(t.bytes() <= bytes);
        }
        if let Ok(t) = total(&case, || SharedTable::new(bytes)) {
            assert!(t.bytes() <= bytes);
        }
    }
    assert!(matches!(
        GameTable::new(usize::MAX),
        Err(SearchError::TableTooLarge { .. })
    ));
    assert!(matches!(
        SharedTable::new(usize::MAX),
        Err(SearchError::TableTooLarge { .. })
    ));
    for b in [0, 1, usize::MAX] {
        for d in [0, 1, 1_000_000, usize::MAX] {
            let t = total("for_shape", || {
                TranspositionTable::for_shape(Some(Bounds::uniform(b, d)))
            });
            assert!(t.bytes() <= 64 << 20);
        }
    }
    assert!(
        TranspositionTable::new()
            .get(&tree_core::Dewey::from_digits(&[u16::MAX; 300]))
            .is_none()
    );
}

#[test]
fn enhanced_engines_at_the_edges() {
    let d = EnhancedConfig::default();
    let configs = [
        d.with_table_bytes(0),
        d.with_table_bytes(1),
        d.with_table_bytes(usize::MAX),
        d.with_aspiration(Some(u32::MAX))
            .with_first_guess(Value::INF),
        d.with_aspiration(Some(0)).with_first_guess(Value::NEG_INF),
        d.with_sort(u32::MAX, u32::MAX),
        EnhancedConfig::plain(),
    ];
    let game = Endless { keys: 2 };
    for config in configs {
        let Ok(mut engine) = total("new", || {
            Enhanced::new(config.with_table_bytes(config.table_bytes.min(1 << 16)))
        }) else {
            continue;
        };
        for &a in EnhancedAlgorithm::ALL {
            for depth in [0, 1, 6, 257, u32::MAX] {
                let case = format!("{} depth {depth} {config:?}", a.name());
                match total(&case, || engine.search(a, &game, &0, depth)) {
                    Ok(r) => assert!(depth <= 256, "{case}: {:?}", r.value),
                    Err(e) => assert!(depth > 256 || !e.to_string().is_empty(), "{case}: {e}"),
                }
            }
            let limits = Limits::none().with_max_leaves(0);
            let _ = total("limits", || {
                engine.search_with_limits(a, &game, &0, 8, &limits)
            });
        }
    }
    // A game declaring more move keys than memory holds is an error.
    let absurd = Endless { keys: usize::MAX };
    let mut engine = Enhanced::new(d.with_table_bytes(0)).unwrap();
    let r = total("usize::MAX keys", || {
        engine.search(EnhancedAlgorithm::ALL[0], &absurd, &0, 2)
    });
    assert!(
        matches!(r, Err(SearchError::HistoryTooLarge { keys: usize::MAX })),
        "{r:?}"
    );
    let shared = SharedTable::new(0).unwrap();
    let r = total("worker", || {
        search_depthfirst::Worker::new(&absurd, &shared, &d, None).map(|_| ())
    });
    assert!(
        matches!(r, Err(SearchError::HistoryTooLarge { .. })),
        "{r:?}"
    );
    // ... and the engine searches again afterwards.
    assert!(
        engine
            .search(EnhancedAlgorithm::ALL[0], &game, &0, 3)
            .is_ok()
    );
}

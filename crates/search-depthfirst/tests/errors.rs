//! Bad input gets an error naming the problem, never a panic.

use search_depthfirst::{
    Algorithm, Relation, SearchError, TranspositionTable, Window, alphabeta, aspiration,
    falphabeta, lalphabeta, mt, test,
};
use tree_core::corpus::Chain;
use tree_core::{ExplicitTree, MAX_DEPTH, Tree, Value};

use crate::common::v;

#[test]
fn empty_windows_are_rejected() {
    for (a, b) in [
        (v(5), v(5)),
        (v(6), v(5)),
        (Value::INF, Value::INF),
        (Value::INF, Value::NEG_INF),
        (Value::NEG_INF, Value::NEG_INF),
    ] {
        let e = Window::new(a, b).unwrap_err();
        assert_eq!(e, SearchError::EmptyWindow { alpha: a, beta: b });
        assert!(e.to_string().contains("empty search window"), "{e}");
        assert!(e.to_string().contains(&format!("({a}, {b})")), "{e}");
    }
    assert!(matches!(
        Window::null(Value::NEG_INF),
        Err(SearchError::EmptyWindow { .. })
    ));
    assert!(matches!(
        Window::around(v(3), 0),
        Err(SearchError::EmptyWindow { .. })
    ));
    let t = ExplicitTree::uniform(2, 1, &[1, 2]).unwrap();
    assert!(matches!(
        aspiration(&t, v(0), 0),
        Err(SearchError::EmptyWindow { .. })
    ));
}

/// Every function of the crate on `tree`, each result reduced to `Ok(())`
/// or its error.
fn every_search<T: Tree>(tree: &T) -> Vec<(String, Result<(), SearchError>)> {
    let mut out: Vec<(String, Result<(), SearchError>)> = Algorithm::ALL
        .iter()
        .map(|a| (a.to_string(), a.run(tree).map(drop)))
        .collect();
    out.push((
        "alphabeta window".into(),
        alphabeta(tree, Window::null(v(1)).unwrap()).map(drop),
    ));
    out.push((
        "falphabeta window".into(),
        falphabeta(tree, Window::null(v(1)).unwrap()).map(drop),
    ));
    out.push((
        "lalphabeta".into(),
        lalphabeta(tree, Window::null(v(1)).unwrap()).map(drop),
    ));
    out.push(("test".into(), test(tree, v(0), Relation::Greater).map(drop)));
    out.push((
        "mt".into(),
        mt(tree, &mut TranspositionTable::new(), v(1)).map(drop),
    ));
    out.push(("aspiration".into(), aspiration(tree, v(0), 1).map(drop)));
    out
}

#[test]
fn trees_deeper_than_max_depth_are_errors() {
    for (name, r) in every_search(&Chain(MAX_DEPTH, v(1))) {
        assert_eq!(r, Ok(()), "{name} at depth MAX_DEPTH");
    }
    for (name, r) in every_search(&Chain(MAX_DEPTH + 1, v(1))) {
        assert_eq!(
            r,
            Err(SearchError::TooDeep {
                depth: MAX_DEPTH + 1
            }),
            "{name}"
        );
    }
    for (name, r) in every_search(&Chain(100_000, v(1))) {
        let e = r.unwrap_err();
        assert!(
            e.to_string().contains(&format!("maximum of {MAX_DEPTH}")),
            "{name}: {e}"
        );
    }
}

/// A tree breaking the contract: its terminals are valued +inf.
struct Sentinel;

impl Tree for Sentinel {
    type Node = u8;
    fn root(&self) -> u8 {
        0
    }
    fn num_children(&self, n: &u8) -> usize {
        if *n < 2 { 2 } else { 0 }
    }
    fn child(&self, n: &u8, _: usize) -> u8 {
        n + 1
    }
    fn value(&self, _: &u8) -> Value {
        Value::INF
    }
}

#[test]
fn sentinel_leaves_are_errors() {
    for (name, r) in every_search(&Sentinel) {
        let e = r.unwrap_err();
        assert_eq!(
            e,
            SearchError::SentinelLeaf {
                value: Value::INF,
                depth: 2
            },
            "{name}"
        );
        assert!(e.to_string().contains("+inf"), "{e}");
    }
}

/// A root with 70,000 terminal children, valued by index.
struct Wide;

impl Tree for Wide {
    type Node = u32;
    fn root(&self) -> u32 {
        u32::MAX
    }
    fn num_children(&self, n: &u32) -> usize {
        if *n == u32::MAX { 70_000 } else { 0 }
    }
    fn child(&self, _: &u32, i: usize) -> u32 {
        i as u32
    }
    fn value(&self, n: &u32) -> Value {
        v(i64::from(*n % 1_000))
    }
}

#[test]
fn too_many_children_for_dewey_keys() {
    for a in Algorithm::ALL {
        let r = a.run(&Wide);
        if a.uses_table() {
            assert_eq!(
                r,
                Err(SearchError::TooManyChildren { children: 70_000 }),
                "{a}"
            );
        } else {
            assert_eq!(r, Ok(v(999)), "{a}");
        }
    }
}

#[test]
fn unknown_algorithm_names_list_the_known_ones() {
    for a in Algorithm::ALL {
        assert_eq!(a.name().parse::<Algorithm>(), Ok(*a));
        assert_eq!(a.name().to_uppercase().parse::<Algorithm>(), Ok(*a));
        assert!(!a.description().is_empty());
    }
    let e = "sss*".parse::<Algorithm>().unwrap_err();
    let msg = e.to_string();
    assert!(msg.contains("'sss*'"), "{msg}");
    for name in [
        "minimax",
        "alphabeta",
        "falphabeta",
        "lalphabeta",
        "palphabeta",
        "scout",
        "aspiration",
        "mt-sss",
        "mt-dual",
        "mtdf",
    ] {
        assert!(msg.contains(name), "{msg}");
        assert!(name.parse::<Algorithm>().is_ok());
    }
}

//! Windows that miss the value: fail-hard, fail-soft, lalphabeta and MT
//! bound semantics.

use search_depthfirst::{Bound, TranspositionTable, Window, alphabeta, falphabeta, lalphabeta, mt};
use tree_core::{Value, minimax};

use crate::common::{Rng, generated_trees, random_trees, v};

/// Windows around, below, above and touching `x`, sentinels included.
fn windows(rng: &mut Rng, x: Value) -> Vec<Window> {
    let s = |d: i64| Value::saturating(i64::from(x.get()) + d);
    let mut ws = vec![
        Window::FULL,
        Window::new(Value::NEG_INF, x).unwrap(),
        Window::new(x, Value::INF).unwrap_or(Window::FULL),
        Window::new(s(-1), s(1)).unwrap(),
        Window::new(s(-1), x).unwrap_or(Window::FULL),
        Window::new(x, s(1)).unwrap_or(Window::FULL),
        Window::new(s(1), s(2)).unwrap_or(Window::FULL),
        Window::new(s(-5), s(-2)).unwrap_or(Window::FULL),
        Window::new(s(3), Value::INF).unwrap_or(Window::FULL),
        Window::new(Value::NEG_INF, s(-3)).unwrap_or(Window::FULL),
    ];
    for _ in 0..4 {
        let a = s(rng.range(-6, 6));
        let b = Value::saturating(i64::from(a.get()) + rng.range(1, 6));
        ws.extend(Window::new(a, b));
    }
    ws
}

fn check_windows<T: tree_core::Tree>(tree: &T, rng: &mut Rng, what: &dyn std::fmt::Display) {
    let value = minimax(tree);
    for w in windows(rng, value) {
        // Fail-hard: exactly the value clamped into [alpha, beta].
        let hard = alphabeta(tree, w).unwrap();
        assert_eq!(hard, w.clamp(value), "alphabeta {w} on {what}");
        // Fail-soft (Fishburn, Campbell p. 9).
        let f = falphabeta(tree, w).unwrap();
        if f <= w.alpha() {
            assert!(
                value <= f && value <= w.alpha(),
                "falphabeta {w} = {f}, value {value}, on {what}"
            );
        } else if f >= w.beta() {
            assert!(value >= f, "falphabeta {w} = {f}, value {value}, on {what}");
        } else {
            assert_eq!(f, value, "falphabeta {w} on {what}");
        }
        // The soft bound is never looser than the hard one, and the search
        // fails the same way.
        assert_eq!(f <= w.alpha(), value <= w.alpha(), "{w} on {what}");
        assert_eq!(f >= w.beta(), value >= w.beta(), "{w} on {what}");
        // lalphabeta: whatever it returns, the bound it claims holds.
        let l = lalphabeta(tree, w).unwrap();
        assert!(
            l.admits(value),
            "lalphabeta {w} = {l:?}, value {value}, on {what}"
        );
        match l.bound {
            Bound::Upper => assert_eq!(l.value, w.alpha(), "{w} on {what}"),
            Bound::Lower => assert!(l.value > w.alpha(), "{w} on {what}"),
            Bound::Exact => {}
        }
        if w.contains(value) && l.bound != Bound::Lower {
            assert_eq!(l.value, value, "{w} on {what}");
        }
    }
    // MT decides value >= gamma, with a bound, from a fresh table and from
    // one reused across tests of the same tree.
    let mut shared = TranspositionTable::new();
    let s = |d: i64| Value::saturating(i64::from(value.get()) + d);
    for gamma in [
        value,
        s(1),
        s(-1),
        s(7),
        s(-7),
        Value::INF,
        Value::NEG_INF,
        s(1),
        value,
    ] {
        for tt in [&mut TranspositionTable::new(), &mut shared] {
            let g = mt(tree, tt, gamma).unwrap();
            if g >= gamma {
                assert!(
                    value >= g && value >= gamma,
                    "mt({gamma}) = {g}, value {value}, on {what}"
                );
            } else {
                assert!(value <= g, "mt({gamma}) = {g}, value {value}, on {what}");
            }
        }
    }
}

#[test]
fn bound_semantics_on_random_trees() {
    let mut rng = Rng::new(17);
    for (text, tree) in random_trees(0x3d, 2_500) {
        check_windows(&tree, &mut rng, &text);
    }
}

#[test]
fn bound_semantics_on_generated_trees() {
    let mut rng = Rng::new(19);
    for tree in generated_trees(2) {
        check_windows(&tree, &mut rng, &format_args!("{:?}", tree.spec()));
    }
}

#[test]
fn fail_hard_and_fail_soft_differ_on_the_bound() {
    // Table 1 of Bhattacharya 1995: value 2.
    let t =
        tree_core::ExplicitTree::uniform(2, 4, &[5, 3, 3, 4, 1, 0, 1, 2, 2, 7, 5, 4, 1, 4, 6, 2])
            .unwrap();
    let w = Window::new(v(5), v(9)).unwrap();
    assert_eq!(alphabeta(&t, w), Ok(v(5)));
    let f = falphabeta(&t, w).unwrap();
    assert!(f <= v(5) && f >= v(2), "{f}");
    let w = Window::new(v(-9), v(0)).unwrap();
    assert_eq!(alphabeta(&t, w), Ok(v(0)));
    let f = falphabeta(&t, w).unwrap();
    assert!((v(0)..=v(2)).contains(&f), "{f}");
}

#[test]
fn window_constructors() {
    assert_eq!(Window::FULL.alpha(), Value::NEG_INF);
    assert_eq!(Window::FULL.beta(), Value::INF);
    assert_eq!(Window::default(), Window::FULL);
    assert_eq!(
        Window::null(v(4)).unwrap(),
        Window::new(v(3), v(4)).unwrap()
    );
    assert_eq!(
        Window::null(Value::INF).unwrap().alpha(),
        v(i64::from(Value::MAX_LEAF))
    );
    let min = v(i64::from(Value::MIN_LEAF));
    assert_eq!(
        Window::null(min).unwrap(),
        Window::new(Value::NEG_INF, min).unwrap()
    );
    assert_eq!(Window::around(v(0), u32::MAX).unwrap(), Window::FULL);
    assert_eq!(
        Window::around(v(10), 3).unwrap(),
        Window::new(v(7), v(13)).unwrap()
    );
    assert_eq!(Window::around(Value::INF, 3).unwrap().beta(), Value::INF);
    assert_eq!(Window::FULL.to_string(), "(-inf, +inf)");
    assert!(Window::FULL.contains(min));
}

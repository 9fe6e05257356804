//! `Algorithm::search`: the value, best move and principal variation of
//! every algorithm against the minimax oracle on the shared corpus, node
//! for node the same search as the plain function, and windows.

use search_depthfirst::{
    Algorithm, Bound, Report, SearchConfig, SearchError, Window, alphabeta, falphabeta, lalphabeta,
};
use tree_core::corpus::check_line;
use tree_core::{Counted, ExplicitTree, Limits, Tree, Value, minimax, minimax_at};

use crate::common::{Rng, generated_trees, random_trees, v};

/// The algorithms whose line always runs down to a terminal when the
/// value is exact (the others may stop it after a re-search that ended on
/// its window's edge).
fn whole_line(a: Algorithm) -> bool {
    matches!(
        a,
        Algorithm::Minimax
            | Algorithm::Negamax
            | Algorithm::AlphaBeta
            | Algorithm::FAlphaBeta
            | Algorithm::Scout
            | Algorithm::ScoutTest
    )
}

/// `a.search` with the full window on `tree`: the plain function's value
/// and counts, and a best move and line the oracle accepts. Returns the
/// line's length.
fn check_search<T: Tree>(a: Algorithm, tree: &T, what: &dyn std::fmt::Display) -> usize {
    let plain = Counted::new(tree);
    let expected = a.run(&plain).unwrap();
    let counted = Counted::new(tree);
    let r = a.search(&counted, &SearchConfig::new()).unwrap();
    assert_eq!(r.value, expected, "{a} on {what}");
    assert_eq!(r.bound, Bound::Exact, "{a} on {what}");
    assert_eq!(
        counted.stats(),
        plain.stats(),
        "{a} on {what}: the same search"
    );
    assert_eq!(r.leaves, plain.stats().leaves, "{a} on {what}");
    assert!(a.takes_limits());
    check_line(tree, r.value, r.best, &r.pv, whole_line(a))
        .unwrap_or_else(|e| panic!("{a} on {what}: {e} ({r:?})"));
    r.pv.depth()
}

#[test]
fn best_move_and_line_on_the_corpus() {
    let mut trees = 0;
    let mut partial = 0;
    for (text, tree) in random_trees(0xbe57, 3000) {
        for &a in Algorithm::ALL {
            let len = check_search(a, &tree, &text);
            if !whole_line(a) {
                let depth = deepest_line(&tree);
                partial += usize::from(len < depth);
            }
        }
        trees += 1;
    }
    for tree in generated_trees(12) {
        for &a in Algorithm::ALL {
            check_search(a, &tree, &format_args!("{:?}", tree.spec()));
        }
        trees += 1;
    }
    assert!(trees > 5000, "{trees}");
    // Some lines of the re-searching algorithms do stop early, or the
    // check of the whole ones would prove nothing about them.
    assert!(partial > 0);
}

/// The depth of the deepest terminal.
fn deepest_line<T: Tree>(tree: &T) -> usize {
    fn go<T: Tree>(t: &T, n: &T::Node) -> usize {
        (0..t.num_children(n))
            .map(|i| 1 + go(t, &t.child(n, i)))
            .max()
            .unwrap_or(0)
    }
    go(tree, &tree.root())
}

#[test]
fn lines_on_a_worked_example() {
    // Knuth & Moore's pi tree would do; this one has a single best line:
    // MAX takes the second move (a MIN node worth 5), MIN its first.
    let t: ExplicitTree = "[[3,7],[5,9],[[1,2],4]]".parse().unwrap();
    for &a in Algorithm::ALL.iter().filter(|a| a.takes_limits()) {
        let r = a.search(&t, &SearchConfig::new()).unwrap();
        assert_eq!((r.value, r.best), (v(5), Some(1)), "{a}");
        if whole_line(a) {
            assert_eq!(r.pv.to_string(), "21", "{a}");
        } else {
            // PVS re-searches the second move with the window (-inf, 5)
            // after its minimal window said "at least 5": it fails high by
            // exactly its bound, which proves the value, not the line.
            assert!("21".starts_with(&r.pv.to_string()), "{a}: {}", r.pv);
        }
    }
    // A terminal root: no move.
    let leaf: ExplicitTree = "7".parse().unwrap();
    for &a in Algorithm::ALL {
        let r = a.search(&leaf, &SearchConfig::new()).unwrap();
        assert_eq!((r.value, r.best, r.pv.depth()), (v(7), None, 0), "{a}");
    }
}

/// The value with window `w` as the plain functions give it.
fn plain_with_window<T: Tree>(a: Algorithm, tree: &T, w: Window) -> (Value, Option<Bound>) {
    match a {
        Algorithm::AlphaBeta => (alphabeta(tree, w).unwrap(), None),
        Algorithm::FAlphaBeta => (falphabeta(tree, w).unwrap(), None),
        Algorithm::LAlphaBeta => {
            let s = lalphabeta(tree, w).unwrap();
            (s.value, Some(s.bound))
        }
        _ => unreachable!("{a} takes no window"),
    }
}

/// The minimax value of the root's move `i`, from MAX's side.
fn move_value<T: Tree>(tree: &T, i: usize) -> Value {
    minimax_at(tree, &tree.child(&tree.root(), i), false)
}

fn check_window<T: Tree>(a: Algorithm, tree: &T, w: Window, what: &dyn std::fmt::Display) {
    let truth = minimax(tree);
    let (value, bound) = plain_with_window(a, tree, w);
    let r: Report = a.search(tree, &SearchConfig::new().with_window(w)).unwrap();
    assert_eq!(r.value, value, "{a} {w} on {what}");
    if let Some(b) = bound {
        assert_eq!(r.bound, b, "{a} {w} on {what}");
    }
    match r.bound {
        Bound::Exact => {
            assert_eq!(r.value, truth, "{a} {w} on {what}");
            check_line(tree, r.value, r.best, &r.pv, a != Algorithm::LAlphaBeta)
                .unwrap_or_else(|e| panic!("{a} {w} on {what}: {e}"));
        }
        Bound::Lower => {
            assert!(truth >= r.value, "{a} {w} on {what}");
            // The move that failed high reaches the bound.
            let best = r.best.expect("a move failed high");
            assert!(move_value(tree, best) >= r.value, "{a} {w} on {what}");
            assert_eq!(r.pv.digits(), [best as u16], "{a} {w} on {what}");
        }
        Bound::Upper => {
            assert!(truth <= r.value, "{a} {w} on {what}");
            assert_eq!((r.best, r.pv.depth()), (None, 0), "{a} {w} on {what}");
        }
    }
}

#[test]
fn windows_fail_high_with_a_refutation_and_low_with_nothing() {
    let mut rng = Rng::new(0x3141);
    let mut seen = [0usize; 3];
    for (text, tree) in random_trees(0x5eed, 3000) {
        if tree.num_children(&tree.root()) == 0 {
            continue;
        }
        let lo = rng.range(-12, 10);
        let w = Window::new(v(lo), v(lo + rng.range(1, 8))).unwrap();
        for a in [
            Algorithm::AlphaBeta,
            Algorithm::FAlphaBeta,
            Algorithm::LAlphaBeta,
        ] {
            check_window(a, &tree, w, &text);
            let r = a
                .search(&tree, &SearchConfig::new().with_window(w))
                .unwrap();
            seen[r.bound as usize] += 1;
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
}

#[test]
fn a_window_for_an_algorithm_that_takes_none_is_an_error() {
    let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap();
    let w = Window::new(v(0), v(4)).unwrap();
    for &a in Algorithm::ALL {
        let r = a.search(&t, &SearchConfig::new().with_window(w));
        if a.takes_window() {
            assert!(r.is_ok(), "{a}");
        } else {
            let e = r.unwrap_err();
            assert!(
                matches!(e, SearchError::Unsupported { algorithm, .. } if algorithm == a.name()),
                "{a}: {e:?}"
            );
            assert!(e.to_string().contains("window"), "{e}");
        }
    }
}

#[test]
fn a_limit_that_does_not_bind_changes_nothing() {
    let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap();
    let limits = SearchConfig::new().with_limits(Limits::none().with_max_leaves(1000));
    for &a in Algorithm::ALL {
        let free = a.search(&t, &SearchConfig::new()).unwrap();
        let r = a.search(&t, &limits).unwrap();
        assert_eq!(r.value, v(5), "{a}");
        assert_eq!((r.best, r.leaves), (free.best, free.leaves), "{a}");
    }
}

/// Without lines (`SearchConfig::with_lines(false)`) a search is the same
/// search: the same value, bound, best move, leaves in the same counts;
/// its line is the best move alone.
#[test]
fn without_lines_the_search_and_its_best_move_are_the_same() {
    let no_lines = SearchConfig::new().with_lines(false);
    for (text, tree) in random_trees(0x11e5, 300) {
        for &a in Algorithm::ALL {
            let with = Counted::new(&tree);
            let full = a.search(&with, &SearchConfig::new()).unwrap();
            let without = Counted::new(&tree);
            let r = a.search(&without, &no_lines).unwrap();
            assert_eq!(
                (r.value, r.bound, r.best, r.leaves),
                (full.value, full.bound, full.best, full.leaves),
                "{a} on {text}"
            );
            assert_eq!(with.stats(), without.stats(), "{a} on {text}");
            assert!(r.pv.depth() <= 1, "{a} on {text}: {}", r.pv);
            assert_eq!(r.pv.digits().first().map(|&i| usize::from(i)), r.best);
        }
    }
}

//! The worked-example trees parse and have the minimax values their sources state.

use tree_core::{Dewey, Tree, minimax, worked};

#[test]
fn every_example_has_its_stated_value() {
    for ex in worked::ALL {
        let t = ex.tree();
        if let Some(v) = ex.stated_value {
            assert_eq!(minimax(&t).get(), v, "{}", ex.name);
        }
        assert_eq!(
            ex.reconstruction,
            ex.text.contains("RECONSTRUCTION"),
            "{}",
            ex.name
        );
        assert_eq!(worked::by_name(ex.name).map(|e| e.name), Some(ex.name));
    }
}

#[test]
fn example_shapes() {
    let shape = |ex: &worked::Example| {
        let b = ex.tree().bounds().unwrap();
        (b.branching, b.depth, b.uniform)
    };
    assert_eq!(shape(&worked::TABLE1), (2, 4, true));
    assert_eq!(shape(&worked::TABLE2), (2, 4, true));
    assert_eq!(shape(&worked::PI), (3, 4, true));
    assert_eq!(shape(&worked::STOCKMAN), (2, 4, false));
    assert_eq!(shape(&worked::FIG1), (2, 6, true));
}

fn leaf(t: &impl Tree<Node = u32>, code: &str) -> i32 {
    let d: Dewey = code.parse().unwrap();
    let mut n = t.root();
    for &i in d.digits() {
        n = t.child(&n, usize::from(i));
    }
    assert_eq!(t.num_children(&n), 0, "{code} is not a terminal");
    t.value(&n).get()
}

#[test]
fn fig1_reconstruction_matches_the_text() {
    // Bhattacharya & Bagchi 1996, §3: "terminal nodes having Dewey codes 211211, 211221 and 211222
    // with values 3, 4 and 5 respectively".
    let t = worked::FIG1.tree();
    assert_eq!(leaf(&t, "211211"), 3);
    assert_eq!(leaf(&t, "211221"), 4);
    assert_eq!(leaf(&t, "211222"), 5);
    assert_eq!(t.leaves().count(), 64);
}

#[test]
fn stockman_tree_as_described() {
    // a -> b -> [c = 4, d]; d -> [e, f]; e -> [g = 5, h = 5]; f -> [i = 5, j = 5]
    let t = worked::STOCKMAN.tree();
    assert_eq!(leaf(&t, "11"), 4);
    for g in ["1211", "1212", "1221", "1222"] {
        assert_eq!(leaf(&t, g), 5);
    }
    assert_eq!(t.num_children(&t.root()), 1);
}

#[test]
fn pi_tree_holds_the_digits_of_pi() {
    let digits: String = worked::PI.tree().leaves().map(|v| v.to_string()).collect();
    assert_eq!(digits.len(), 81);
    assert!(digits.starts_with(
        "3141592653589793238462643383279502884197169399375105820974944592307816406286"
    ));
}

#[test]
fn minimax_oracle_is_iterative() {
    // A chain far deeper than any recursion would survive on a test thread.
    let depth = 200_000;
    let text = format!("{}7{}", "[".repeat(depth), "]".repeat(depth));
    // The parser caps depth, so build the chain as a trait implementation.
    assert!(tree_core::ExplicitTree::parse(&text).is_err());
    let chain = tree_core::corpus::Chain(depth, tree_core::Value::new(7).unwrap());
    assert_eq!(minimax(&chain).get(), 7);
}

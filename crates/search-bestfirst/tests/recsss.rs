//! RecSSS* and RecDual*: the same terminals in the same order as SSS* and
//! Dual*, exactness on the corpus, OPEN's size and peak, errors.

use crate::support::{
    SMALL_SHAPES, dual, each_random_tree, each_tree, memdual_maximum, memsss_maximum, order,
    rec_orders, recdual, uniform_grid,
};
use search_bestfirst::{BestFirstError, Variant, recsss, sss};
use tree_core::{
    Bounds, ExplicitTree, GenSpec, GeneratedTree, Generator, Tree, Value, corpus, minimax, worked,
};

/// Small uniform trees from several generators, ties included.
fn uniform_trees(per_cell: u64) -> impl Iterator<Item = GeneratedTree> {
    const GENERATORS: &[Generator] = &[
        Generator::Random { lo: 0, hi: 3 },
        Generator::Random { lo: 0, hi: 1 },
        Generator::RANDOM,
        Generator::STRONG,
        Generator::KORF,
    ];
    uniform_grid(GENERATORS, SMALL_SHAPES, 0x5e55, per_cell)
}

/// RecSSS* (and RecDual*) against SSS* (and Dual*) with both left-hand tie
/// rules: the same terminals in the same order (Bhattacharya & Bagchi 1996, §3 (i)).
fn same_order_as_sss<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    for leaf in [false, true] {
        let (rec, rd) = rec_orders(tree, leaf);
        for v in [Variant::Leftmost, Variant::LeftBiased] {
            let s = order(tree, |t| {
                sss::search(t, &sss::Config::new(v)).unwrap();
            });
            assert_eq!(rec, s, "RecSSS* vs {v} on {what}");
            let d = order(tree, |t| {
                dual(t, &sss::Config::new(v)).unwrap();
            });
            assert_eq!(rd, d, "RecDual* vs Dual* ({v}) on {what}");
        }
    }
}

#[test]
fn recsss_evaluates_what_sss_does_in_the_same_order_on_uniform_trees() {
    assert!(each_tree(uniform_trees(20), same_order_as_sss) >= 1_000);
}

#[test]
fn recsss_evaluates_what_sss_does_in_the_same_order_on_nonuniform_trees() {
    let n = each_random_tree(0x5e55, 3_000, |tree, what| same_order_as_sss(tree, what));
    assert_eq!(n, 3_000);
}

#[test]
fn stockman_counterexample() {
    // Campbell App. 3: a → b → [c = 4, d]; d → [e, f]; e → [g, h]; f → [i, j].
    // SSS* as printed evaluates c, i, g, j, h; RecSSS* breaks ties to the
    // left, as the left-biased and left-most rules do: c, g, h.
    let t = worked::STOCKMAN.tree();
    let rec: Vec<String> = order(&t, |tr| {
        assert_eq!(
            recsss::search(tr, &recsss::Config::default())
                .unwrap()
                .value
                .get(),
            4
        );
    })
    .iter()
    .map(|d| d.to_string())
    .collect();
    assert_eq!(rec, ["11", "1211", "1212"]);
    let printed = order(&t, |tr| {
        sss::search(tr, &sss::Config::new(Variant::Stockman)).unwrap();
    });
    assert_eq!(printed.len(), 5);
}

#[test]
fn open_size_and_peak() {
    for (b, d) in [(2, 6), (3, 4), (3, 5), (5, 3), (1, 4), (4, 1)] {
        let tree = GenSpec::new(Generator::RANDOM, b, d, 1, 0).build().unwrap();
        let bounds = Bounds::uniform(b, d);
        let size: usize = (0..=d.div_ceil(2)).map(|k| b.pow(k as u32)).sum();
        let out = recsss::search(&tree, &recsss::Config::default()).unwrap();
        assert_eq!(out.memory.capacity, size, "({b},{d})");
        assert_eq!(memsss_maximum(bounds, false).unwrap(), size);
        assert!(out.memory.peak <= size);
        assert_eq!(out.value, minimax(&tree));
        let dual_size: usize = 2
            + (1..=(d.max(1) - 1).div_ceil(2))
                .map(|k| b.pow(k as u32))
                .sum::<usize>();
        let out = recdual(&tree, &recsss::Config::default()).unwrap();
        assert_eq!(out.memory.capacity, dual_size, "dual ({b},{d})");
        assert_eq!(memdual_maximum(bounds, false).unwrap(), dual_size);
        assert_eq!(out.value, minimax(&tree));
    }
    // With every leaf equal, every solution tree ties and RecSSS*'s OPEN
    // fills up: 1 + 3 + 9 on (3,4). RecDual*'s 2 + 3 + 9 is not reached
    // there: its first terminal already meets every bound.
    let flat = ExplicitTree::uniform(3, 4, &[5; 81]).unwrap();
    let out = recsss::search(&flat, &recsss::Config::default()).unwrap();
    assert_eq!((out.memory.capacity, out.memory.peak), (13, 13));
    let out = recdual(&flat, &recsss::Config::default()).unwrap();
    assert_eq!(out.memory.capacity, 14);
    assert!(out.memory.peak <= 14);
    // Odd depth with the lowest MAX level searched in place: one level less.
    let t = GenSpec::new(Generator::RANDOM, 3, 5, 2, 0).build().unwrap();
    let cfg = recsss::Config {
        odd_depth_leaf_search: true,
        ..recsss::Config::default()
    };
    let (a, b) = (
        recsss::search(&t, &cfg).unwrap(),
        recsss::search(&t, &recsss::Config::default()).unwrap(),
    );
    assert_eq!((a.memory.capacity, b.memory.capacity), (13, 40));
    assert_eq!(a.value, b.value);
}

#[test]
fn exact_on_the_corpus() {
    let mut n = 0;
    for tree in corpus::generated_trees(8) {
        let truth = minimax(&tree);
        for leaf in [false, true] {
            let cfg = recsss::Config {
                odd_depth_leaf_search: leaf,
                ..recsss::Config::default()
            };
            let out = recsss::search(&tree, &cfg).unwrap();
            assert_eq!(out.value, truth, "{:?}", tree.spec());
            assert!(out.memory.peak <= out.memory.capacity);
            let out = recdual(&tree, &cfg).unwrap();
            assert_eq!(out.value, truth, "dual {:?}", tree.spec());
            assert!(out.memory.peak <= out.memory.capacity);
        }
        n += 1;
    }
    assert!(n >= 1_000);
}

/// A tree that reports no shape and returns `bad` at its leftmost leaf.
struct Odd<'a> {
    tree: &'a ExplicitTree,
    bad: Value,
}

impl Tree for Odd<'_> {
    type Node = (<ExplicitTree as Tree>::Node, bool);
    fn root(&self) -> Self::Node {
        (self.tree.root(), true)
    }
    fn num_children(&self, n: &Self::Node) -> usize {
        self.tree.num_children(&n.0)
    }
    fn child(&self, n: &Self::Node, i: usize) -> Self::Node {
        (self.tree.child(&n.0, i), n.1 && i == 0)
    }
    fn value(&self, n: &Self::Node) -> Value {
        if n.1 { self.bad } else { self.tree.value(&n.0) }
    }
}

#[test]
fn errors() {
    let t = ExplicitTree::parse("[[1,2],[3,[4,5]]]").unwrap();
    let shape = Some(t.bounds().unwrap());
    for bad in [Value::INF, Value::NEG_INF] {
        let odd = Odd { tree: &t, bad };
        let cfg = recsss::Config {
            shape,
            ..recsss::Config::default()
        };
        assert_eq!(
            recsss::search(&odd, &cfg).unwrap_err(),
            BestFirstError::SentinelLeaf { value: bad }
        );
        assert_eq!(
            recdual(&odd, &cfg).unwrap_err(),
            BestFirstError::SentinelLeaf { value: bad }
        );
    }
    let odd = Odd {
        tree: &t,
        bad: Value::new(1).unwrap(),
    };
    assert!(matches!(
        recsss::search(&odd, &recsss::Config::default()),
        Err(BestFirstError::UnknownShape {
            algorithm: "RecSSS*"
        })
    ));
    for shape in [Bounds::uniform(2, 2), Bounds::uniform(1, 3)] {
        let cfg = recsss::Config {
            shape: Some(shape),
            ..recsss::Config::default()
        };
        let e = recsss::search(&odd, &cfg).unwrap_err();
        assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
        let e = recdual(&odd, &cfg).unwrap_err();
        assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
    }
    let e = recsss::search(
        &t,
        &recsss::Config {
            shape: Some(Bounds::uniform(2, 300)),
            ..recsss::Config::default()
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("300"), "{e}");
    // A terminal root and a chain of single children.
    for text in ["7", "[[[[7]]]]"] {
        let t = ExplicitTree::parse(text).unwrap();
        for leaf in [false, true] {
            let cfg = recsss::Config {
                odd_depth_leaf_search: leaf,
                ..recsss::Config::default()
            };
            assert_eq!(recsss::search(&t, &cfg).unwrap().value.get(), 7, "{text}");
            assert_eq!(recdual(&t, &cfg).unwrap().value.get(), 7, "{text}");
        }
    }
}

//! tree-core's own public API under extreme inputs: every constructor and
//! entry point given 0, 1, the largest values of its types, a depth of
//! 10^6, empty and one-leaf trees gives an error or the documented result,
//! never a panic, never a hang.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Duration;

use proptest::prelude::*;
use tree_core::corpus::Chain;
use tree_core::{
    BestChild, Bounds, Counted, Dewey, ExplicitTree, GenSpec, Generator, HashTree, Horizon,
    LeafCost, Limits, Meter, OrderedHashTree, Quarter, RootScore, Subtree, Traced, Tree, Value,
    leaf_count, minimax, minimax_at,
};

/// The leaf value of the chains below.
const ONE: Value = Value::from_small(1);

const SIZES: [usize; 6] = [0, 1, 2, 65_535, 65_536, usize::MAX];
const DEPTHS: [usize; 6] = [0, 1, 256, 257, 1_000_000, usize::MAX];

/// Runs `f`, turning a panic into a failure that names the case.
fn total<R>(case: &str, f: impl FnOnce() -> R) -> R {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| panic!("{case}: panicked"))
}

#[test]
fn shapes_at_the_edges_are_errors_or_trees() {
    for b in SIZES {
        for d in DEPTHS {
            let case = format!("({b},{d})");
            let count = total(&case, || leaf_count(b, d));
            let small = b <= 65_535 && d <= 256 && count.is_ok();
            total(&case, || {
                if let Ok(t) = HashTree::new(b, d, u64::MAX) {
                    assert!(small, "{case}: HashTree accepted");
                    assert_eq!(t.bounds(), Some(Bounds::uniform(b, d)));
                }
                let _ = HashTree::with_range(b, d, 0, i32::MIN, i32::MAX).map(|_| panic!("range"));
                let _ = OrderedHashTree::strong(b, d, 0);
                let _ = OrderedHashTree::new(b, d, 0, BestChild::Geometric(0.5), i32::MAX);
                for g in [
                    Generator::RANDOM,
                    Generator::STRONG,
                    Generator::KORF,
                    Generator::PERFECT,
                    Generator::campbell(BestChild::MARSLAND),
                    Generator::Random {
                        lo: i32::MIN,
                        hi: i32::MAX,
                    },
                    Generator::Campbell(BestChild::First, RootScore::Fixed(i32::MAX)),
                    Generator::EdgeSum { max_edge: i32::MAX },
                    Generator::Perfect { spread: i32::MAX },
                ] {
                    let _ = GenSpec::new(g, b, d, u64::MAX, u64::MAX).build();
                }
                // Trees held in memory refuse every shape past 2^28 nodes
                // before allocating.
                let _ = ExplicitTree::uniform(b, d, &[]);
                let _ = ExplicitTree::uniform_values(b, d, &[Value::INF]);
                let _ = ExplicitTree::read_campbell(&[0u8; 4][..], b, d);
            });
        }
    }
    // The trees of one leaf.
    let one = ExplicitTree::uniform(7, 0, &[5]).unwrap();
    assert_eq!(minimax(&one), Value::new(5).unwrap());
    assert_eq!(leaf_count(0, 0).unwrap(), 1);
    let generated = GenSpec::new(Generator::RANDOM, 0, 0, 0, 0).build().unwrap();
    assert_eq!(generated.num_children(&generated.root()), 0);
    assert!(HashTree::new(0, 1, 0).is_err());
    assert!(ExplicitTree::parse("").is_err());
    assert!(ExplicitTree::parse("[]").is_err());
    assert!(ExplicitTree::uniform(1, 0, &[i64::MAX]).is_err());
    assert!(ExplicitTree::uniform(1, 0, &[i64::from(Value::MAX_LEAF)]).is_ok());
    assert!(!one.contains(u32::MAX));
    // A node the tree did not give: the documented panic, and `contains`
    // beside it.
    assert!(!one.contains(123_456));
    assert!(catch_unwind(|| one.num_children(&123_456)).is_err());
}

#[test]
fn values_saturate_and_refuse() {
    for v in [
        i64::MIN,
        i64::from(i32::MIN),
        -i64::from(i32::MAX),
        i64::from(i32::MAX),
        i64::MAX,
    ] {
        assert!(Value::new(v).is_err(), "{v}");
    }
    for v in [Value::NEG_INF, Value::INF, Value::new(0).unwrap()] {
        for d in [i64::MIN, -1, 0, 1, i64::MAX] {
            let o = total(&format!("{v:?} offset {d}"), || v.offset(d));
            assert!(o >= Value::NEG_INF && o <= Value::INF);
        }
        assert_eq!(-(-v), v);
    }
    assert_eq!(Value::INF.offset(i64::MIN), Value::NEG_INF);
    assert_eq!(Value::NEG_INF.offset(i64::MAX), Value::INF);
    assert_eq!(Value::saturating(i64::MIN).get(), Value::MIN_LEAF);
    assert_eq!(Value::saturating(i64::MAX).get(), Value::MAX_LEAF);
    assert_eq!(Value::from_small(i16::MIN).get(), i32::from(i16::MIN));
}

#[test]
fn dewey_codes_check_their_digits() {
    let mut d = Dewey::root();
    assert!(!d.try_push(65_536) && d == Dewey::root());
    assert!(d.try_push(65_535));
    assert_eq!(d.try_child(usize::MAX), None);
    assert_eq!(d.try_child(0).map(|c| c.depth()), Some(2));
    assert!(
        catch_unwind(|| Dewey::root().child(usize::MAX)).is_err(),
        "documented panic"
    );
    let deep = Dewey::from_digits(&[u16::MAX; 1000]);
    assert_eq!(deep.checked_rank(usize::MAX), None);
    assert_eq!(deep.checked_rank(0), Some(usize::from(u16::MAX)));
    assert_eq!(Dewey::root().checked_rank(usize::MAX), Some(0));
    assert_eq!(
        "3.10".parse::<Dewey>().unwrap().checked_rank(16),
        Some(2 * 16 + 9)
    );
    assert!(deep.display_for_width(usize::MAX).to_string().len() > 1000);
    for s in [
        "0",
        "65537.",
        "1.65537",
        "99999999999999999999.1",
        "..",
        "1..2",
        "x",
        "\u{0}",
    ] {
        assert!(total(s, || s.parse::<Dewey>()).is_err(), "{s}");
    }
    assert_eq!("65536.".parse::<Dewey>().unwrap().digits(), &[u16::MAX]);
}

#[test]
fn orderings_give_distributions_for_every_width() {
    let orderings = [
        BestChild::Uniform,
        BestChild::First,
        BestChild::MARSLAND,
        BestChild::Marsland(Quarter::Floor),
        BestChild::Marsland(Quarter::Nearest),
        BestChild::FirstMoveBest(0.5),
        BestChild::FirstMoveExactly(0.5),
        BestChild::Geometric(0.5),
    ];
    for best in orderings {
        for b in SIZES {
            for i in [0, 1, b / 2, b.saturating_sub(1), b, usize::MAX] {
                let p = total(&format!("{best:?} ({i},{b})"), || best.probability(i, b));
                assert!((0.0..=1.0).contains(&p), "{best:?} child {i} of {b}: {p}");
                if i >= b {
                    assert_eq!(p, 0.0);
                }
            }
        }
    }
    for q in Quarter::ALL {
        for b in SIZES {
            let s = total(&format!("{q:?} of {b}"), || q.sons(b));
            assert!(s <= b.max(1));
        }
    }
}

#[test]
fn a_million_deep_chain_is_searched_without_recursion() {
    let chain = Chain(1_000_000, ONE);
    assert_eq!(minimax(&chain), Value::new(1).unwrap());
    assert_eq!(minimax_at(&chain, &999_999, false), Value::new(1).unwrap());
    let counted = Counted::new(&chain);
    assert_eq!(minimax(&counted), Value::new(1).unwrap());
    assert_eq!(counted.stats().leaves, 1);
    let sub = Subtree::new(&chain, 1_000_000, true);
    assert_eq!(minimax(&sub), Value::new(-1).unwrap());
    let traced = Traced::new(Chain(300, ONE));
    assert_eq!(minimax(&traced), Value::new(1).unwrap());
    assert_eq!(traced.distinct_leaves(), 1);
    let costly = LeafCost::new(Chain(10, ONE), 0);
    assert_eq!(minimax(&costly), Value::new(1).unwrap());
    assert_eq!(costly.spun(), 0);
}

#[test]
fn limits_at_the_edges() {
    let limits = Limits::none()
        .with_time(Duration::MAX)
        .with_max_leaves(u64::MAX);
    let mut m = Meter::new(&limits);
    for _ in 0..3000 {
        m.leaf().unwrap();
    }
    let mut none = Meter::new(&Limits::none().with_max_leaves(0));
    assert!(none.leaf().is_err());
    let mut past = Meter::new(&Limits::none().with_time(Duration::ZERO));
    assert!(past.leaf().is_err());
    assert!(Meter::unlimited().check().is_ok());
}

#[test]
fn a_game_horizon_deeper_than_the_game() {
    let take = tree_core::corpus::Take {
        most: 3,
        bounded: true,
        evaluate: |_| Value::new(0).unwrap(),
    };
    let tree = Horizon::new(take, 12, u32::MAX);
    let _ = tree.bounds();
    let _ = minimax(&tree);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any shape is a generated tree or an error, and a tree's root has
    /// the children its shape says.
    #[test]
    fn any_shape_is_a_tree_or_an_error(b in any::<usize>(), d in any::<usize>(), seed in any::<u64>()) {
        for (b, d) in [(b, d), (b % 70_000, d % 300)] {
            if let Ok(t) = total("generated", || GenSpec::new(Generator::STRONG, b, d, seed, 0).build()) {
                prop_assert_eq!(t.num_children(&t.root()), if d == 0 { 0 } else { b });
            }
            let _ = total("hash", || HashTree::new(b, d, seed));
        }
    }

    /// Any offset stays between the sentinels.
    #[test]
    fn any_offset_saturates(v in any::<i64>(), d in any::<i64>()) {
        let o = Value::saturating(v).offset(d);
        prop_assert!(o >= Value::NEG_INF && o <= Value::INF);
    }
}

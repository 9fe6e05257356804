//! MT's fixed-size table: any size gives the exact value (tiny tables
//! run out and only search more), a table with room for every entry MT
//! takes behaves as unlimited memory (the same terminals in the same
//! order), and sizes are checked.

use search_depthfirst::{SearchError, TranspositionTable, mt, mt_dual, mt_sss, mtdf};
use tree_core::{Dewey, HashTree, Traced, Tree, Value, minimax};

use crate::common::{generated_trees, random_trees};

/// One driver on a traced tree with a table.
type Driver<'a, T> = &'a dyn Fn(&Traced<&T>, &mut TranspositionTable) -> Value;

/// The drivers' values, leaves (in order) and nodes stored with `tt`, on
/// `tree`.
fn drivers<T: Tree>(tree: &T, tt: &mut TranspositionTable) -> Vec<(Value, Vec<Dewey>, usize)> {
    let truth = minimax(tree);
    let runs: [Driver<'_, T>; 5] = [
        &|t, tt| mt_sss(t, tt).unwrap().value,
        &|t, tt| mt_dual(t, tt).unwrap().value,
        &|t, tt| mtdf(t, tt, Value::from_small(0)).unwrap().value,
        &|t, tt| mtdf(t, tt, truth).unwrap().value,
        &|t, tt| mtdf(t, tt, truth.offset(5)).unwrap().value,
    ];
    runs.iter()
        .map(|run| {
            let traced = Traced::new(tree);
            let v = run(&traced, tt);
            (v, traced.order(), tt.len())
        })
        .collect()
}

/// Every table size from none to roomy: the value is exact; from a size
/// that holds every entry taken on, the terminals are those of the default
/// table, in the same order.
fn check_sizes<T: Tree>(tree: &T, what: &dyn std::fmt::Display, small: &mut u64) {
    let truth = minimax(tree);
    let reference = drivers(tree, &mut TranspositionTable::new());
    for bytes in [0, 16, 32, 48, 64, 128, 256, 1 << 10, 1 << 12, 1 << 16] {
        let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
        let got = drivers(tree, &mut tt);
        for ((v, order, _), (_, want, stored)) in got.iter().zip(&reference) {
            let stored = *stored;
            assert_eq!(*v, truth, "{bytes} bytes on {what}");
            if stored <= tt.entries() {
                assert_eq!(order, want, "{bytes} bytes, {stored} nodes, on {what}");
            } else {
                *small += 1;
            }
        }
        assert!(tt.len() <= tt.entries());
    }
}

#[test]
fn any_table_size_gives_the_value_on_random_trees() {
    let mut small = 0;
    for (text, tree) in random_trees(0x77, 1_500) {
        check_sizes(&tree, &text, &mut small);
    }
    assert!(small > 10_000, "{small} searches with tables too small");
}

#[test]
fn any_table_size_gives_the_value_on_generated_trees() {
    let mut small = 0;
    for tree in generated_trees(2) {
        check_sizes(&tree, &format_args!("{:?}", tree.spec()), &mut small);
    }
    for (b, d) in [(2, 10), (3, 7), (8, 4), (24, 3)] {
        let tree = HashTree::with_range(b, d, 3, 0, 20).unwrap();
        check_sizes(&tree, &format_args!("hash ({b},{d})"), &mut small);
    }
    assert!(small > 1_000, "{small}");
}

#[test]
fn sizes_entries_and_reuse() {
    assert_eq!(TranspositionTable::ENTRY_BYTES, 16);
    assert_eq!(
        TranspositionTable::with_bytes(15).unwrap_err(),
        SearchError::TableTooSmall {
            bytes: 15,
            minimum: 16
        }
    );
    assert_eq!(TranspositionTable::with_bytes(0).unwrap().entries(), 0);
    let t = TranspositionTable::with_bytes(1000).unwrap();
    assert_eq!((t.entries(), t.bytes()), (62, 992));
    assert_eq!(
        TranspositionTable::new().bytes(),
        TranspositionTable::DEFAULT_BYTES
    );
    // Sized for a tree: every node fits.
    let tree = HashTree::new(4, 6, 1).unwrap();
    let nodes = (0..=6).map(|k| 4usize.pow(k)).sum::<usize>();
    assert!(4 * nodes <= 3 * TranspositionTable::for_shape(tree.bounds()).entries());
    assert_eq!(
        TranspositionTable::for_shape(None).bytes(),
        TranspositionTable::DEFAULT_BYTES
    );
    // MT stores bounds that bracket the root's value, and the drivers clear
    // the table (in constant time) before they search.
    let v = minimax(&tree);
    let mut tt = TranspositionTable::with_bytes(1 << 20).unwrap();
    assert!(tt.is_empty());
    for gamma in [v, v.offset(1), v.offset(-3)] {
        let g = mt(&tree, &mut tt, gamma).unwrap();
        assert!(if g >= gamma { v >= g } else { v <= g });
        let e = tt.get(&Dewey::root()).unwrap();
        assert!(e.lower <= v && v <= e.upper);
    }
    let before = tt.len();
    for _ in 0..600 {
        // Past the generation counter's wrap.
        let o = mt_sss(&tree, &mut tt).unwrap();
        assert_eq!(o.value, v);
        assert_eq!(tt.len(), before.max(tt.len()));
    }
    let n = tt.len();
    tt.clear();
    assert!(tt.is_empty() && tt.get(&Dewey::root()).is_none());
    assert_eq!(mt_sss(&tree, &mut tt).unwrap().value, v);
    assert_eq!(tt.len(), n, "the same nodes after a clear");
}

/// Every node's minimax value (from MAX's point of view), with its Dewey
/// code.
fn node_values<T: Tree>(tree: &T) -> Vec<(Dewey, Value)> {
    fn walk<T: Tree>(
        tree: &T,
        n: &T::Node,
        at: &mut Dewey,
        max: bool,
        out: &mut Vec<(Dewey, Value)>,
    ) -> Value {
        let w = tree.num_children(n);
        let mut v = if max { Value::NEG_INF } else { Value::INF };
        if w == 0 {
            v = tree.value(n);
        }
        for i in 0..w {
            at.push(i);
            let c = walk(tree, &tree.child(n, i), at, !max, out);
            at.pop();
            v = if max { v.max(c) } else { v.min(c) };
        }
        out.push((at.clone(), v));
        v
    }
    let mut out = Vec::new();
    walk(tree, &tree.root(), &mut Dewey::root(), true, &mut out);
    out
}

/// Checks that every bound `tt` holds for a node of `tree` is true, and
/// returns how many nodes have bounds there.
fn check_bounds(tt: &TranspositionTable, values: &[(Dewey, Value)], what: &str) -> usize {
    let mut stored = 0;
    for (d, v) in values {
        if let Some(e) = tt.get(d) {
            assert!(
                e.lower <= *v && *v <= e.upper,
                "{e:?} for {d} ({v}), {what}"
            );
            stored += 1;
        }
    }
    stored
}

/// The sizes that fill up on the corpus: none, one to four entries, the
/// smallest tables with an overflow area (10 entries: its two buckets of
/// four and the blocks' quarter) and a few more.
const SMALL: [usize; 12] = [0, 16, 32, 48, 64, 144, 160, 176, 192, 256, 512, 1 << 10];

/// The value driver `d` finds on `tree` with `tt`: MT-SSS*, MT-DUAL*,
/// MTD(f) from 0, and (`d` 3) MTD(f) from the value `truth`.
fn driver<T: Tree>(tree: &T, d: usize, tt: &mut TranspositionTable, truth: Value) -> Value {
    match d {
        0 => mt_sss(tree, tt).unwrap().value,
        1 => mt_dual(tree, tt).unwrap().value,
        2 => mtdf(tree, tt, Value::from_small(0)).unwrap().value,
        _ => mtdf(tree, tt, truth).unwrap().value,
    }
}

/// The value of every driver, and every bound a table that fills up holds
/// after each of them (the blocks, and the overflow area's nodes, moved
/// there or stored there), on the corpus; and after MT calls at random
/// γ, which keep the table between calls.
#[test]
fn a_table_that_fills_up_holds_only_true_bounds() {
    let mut rng = crate::common::Rng::new(0x0ff1);
    let (mut filled, mut overflowing) = (0, 0);
    let mut check = |tree: &dyn Fn() -> Vec<(Dewey, Value)>,
                     drivers: &dyn Fn(usize, &mut TranspositionTable) -> Value,
                     mts: &mut dyn FnMut(&mut TranspositionTable, Value) -> Value,
                     what: &str| {
        let values = tree();
        let truth = values.last().unwrap().1;
        for bytes in SMALL {
            let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
            for driver in 0..4 {
                assert_eq!(drivers(driver, &mut tt), truth, "{bytes} bytes, {what}");
                let stored = check_bounds(&tt, &values, what);
                if tt.entries() > 0 && tt.len() == tt.entries() {
                    filled += 1;
                    // More nodes known than the blocks' quarter holds.
                    if stored > tt.entries() / 4 {
                        overflowing += 1;
                    }
                }
            }
            tt.clear();
            for _ in 0..6 {
                let gamma = truth.offset(rng.range(-40, 40));
                let g = mts(&mut tt, gamma);
                assert!(if g >= gamma { truth >= g } else { truth <= g }, "{what}");
                check_bounds(&tt, &values, what);
            }
        }
    };
    for (text, tree) in random_trees(0xf111, 400) {
        let truth = minimax(&tree);
        check(
            &|| node_values(&tree),
            &|d, tt| driver(&tree, d, tt, truth),
            &mut |tt, gamma| mt(&tree, tt, gamma).unwrap(),
            &text,
        );
    }
    for tree in generated_trees(1) {
        let truth = minimax(&tree);
        check(
            &|| node_values(&tree),
            &|d, tt| driver(&tree, d, tt, truth),
            &mut |tt, gamma| mt(&tree, tt, gamma).unwrap(),
            &format!("{:?}", tree.spec()),
        );
    }
    assert!(filled > 5_000, "{filled} searches filled their table");
    assert!(overflowing > 2_000, "{overflowing} used the overflow area");
}

/// With a table of a quarter of the entries a search takes, the drivers
/// examine at most 1.05× their terminals with unlimited memory, on the
/// (8,5) `HashTree` of seed 0: MT-DUAL\* 3,406 terminals taking 7,503
/// entries with unlimited memory, 3,447 with 1,875 entries (1.012×;
/// without the overflow area it examined 22,174 with 2,048 entries,
/// 6.5×); MT-SSS\* 2,257 (4,203 entries), 2,330 with 1,050 (1.032×);
/// MTD(f) from the value 1,932 (4,055 entries), 1,935 with 1,013.
#[test]
fn the_overflow_area_keeps_a_quarter_table_near_unlimited_memory() {
    let tree = HashTree::new(8, 5, 0).unwrap();
    let truth = minimax(&tree);
    let runs: [(&str, Driver<'_, HashTree>, u64); 3] = [
        ("MT-SSS*", &|t, tt| mt_sss(t, tt).unwrap().value, 2_257),
        ("MT-DUAL*", &|t, tt| mt_dual(t, tt).unwrap().value, 3_406),
        ("MTD(f)", &|t, tt| mtdf(t, tt, truth).unwrap().value, 1_932),
    ];
    for (name, run, unlimited) in runs {
        let leaves = |tt: &mut TranspositionTable| {
            let traced = Traced::new(&tree);
            assert_eq!(run(&traced, tt), truth, "{name}");
            traced.order().len() as u64
        };
        let mut roomy = TranspositionTable::new();
        assert_eq!(leaves(&mut roomy), unlimited, "{name}");
        let quarter = roomy.len() / 4;
        let mut tt =
            TranspositionTable::with_bytes(quarter * TranspositionTable::ENTRY_BYTES).unwrap();
        let got = leaves(&mut tt);
        assert_eq!(tt.len(), tt.entries(), "{name}: the table filled up");
        assert!(
            got * 100 <= unlimited * 105,
            "{name}: {got} terminals with {quarter} entries, {unlimited} with unlimited memory"
        );
    }
}

/// A table that filled up in one search is cleared for the next as a new
/// one: the same terminals in the same order as a new table of its size.
#[test]
fn a_kept_table_that_filled_up_searches_as_a_new_one() {
    for bytes in [160, 256, 1 << 10] {
        let mut kept = TranspositionTable::with_bytes(bytes).unwrap();
        for (text, tree) in random_trees(0x4e3, 300) {
            let again = drivers(&tree, &mut kept);
            let fresh = drivers(&tree, &mut TranspositionTable::with_bytes(bytes).unwrap());
            assert_eq!(again, fresh, "{bytes} bytes on {text}");
        }
    }
}

/// Through `Algorithm::search` (MT asking its leaf budget before every
/// terminal), a table that fills up gives the driver function's terminals
/// and value, and a leaf budget stops the search at exactly that many
/// terminals, before the table fills up or after.
#[test]
fn a_table_that_fills_up_under_a_leaf_budget() {
    use search_depthfirst::{Algorithm, SearchConfig};
    use tree_core::{Counted, GenSpec, Generator, Limits};
    let tree = GenSpec::new(Generator::RANDOM, 5, 6, 3, 1).build().unwrap();
    let truth = minimax(&tree);
    for bytes in [160, 1 << 10, 1 << 14] {
        let config = SearchConfig::new().with_table_bytes(bytes);
        for a in [Algorithm::MtSss, Algorithm::MtDual, Algorithm::Mtdf] {
            let full = a.search(&tree, &config).unwrap();
            assert_eq!(full.value, truth, "{a}, {bytes} bytes");
            assert_eq!(
                full.table_entries,
                Some(bytes / 16),
                "{a}: the table filled up"
            );
            let counted = Counted::new(&tree);
            let mut tt = TranspositionTable::with_bytes(bytes).unwrap();
            match a {
                Algorithm::MtSss => mt_sss(&counted, &mut tt),
                Algorithm::MtDual => mt_dual(&counted, &mut tt),
                _ => mtdf(&counted, &mut tt, Value::from_small(0)),
            }
            .unwrap();
            assert_eq!(full.leaves, counted.stats().leaves, "{a}, {bytes} bytes");
            for budget in [0, 1, 7, 100, full.leaves / 2, full.leaves - 1] {
                let limited = config
                    .clone()
                    .with_limits(Limits::none().with_max_leaves(budget));
                let counted = Counted::new(&tree);
                match a.search(&counted, &limited) {
                    Err(SearchError::Stopped(s)) => assert_eq!(s.leaves, budget, "{a}"),
                    other => panic!("{a}, {bytes} bytes, budget {budget}: {other:?}"),
                }
                assert_eq!(counted.stats().leaves, budget, "{a}, {bytes} bytes");
            }
            let enough = config
                .clone()
                .with_limits(Limits::none().with_max_leaves(full.leaves));
            let r = a.search(&tree, &enough).unwrap();
            assert_eq!(
                (r.value, r.best, r.leaves),
                (full.value, full.best, full.leaves)
            );
        }
    }
}

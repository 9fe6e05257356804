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

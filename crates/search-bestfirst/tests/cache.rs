//! Searches through one `Cache` give what fresh searches give: the same
//! value, best move, memory and peak, leaf and interior counts, and the
//! same terminals in the same order.

use search_bestfirst::{BestFirstError, Outcome, Variant, memsss, mgame, recsss, sss};
use tree_core::{GenSpec, GeneratedTree, Generator, Traced, Tree};

/// The tree a search sees here: a generated tree, traced.
type View<'a> = Traced<&'a GeneratedTree>;

/// Its nodes, which a cache is for.
type Node<'a> = <View<'a> as Tree>::Node;

/// Trees of several sizes and shapes, larger and smaller in turn, so that
/// a cache serves searches both larger and smaller than its last.
fn trees() -> Vec<GeneratedTree> {
    [(3, 5), (2, 8), (4, 4), (2, 3), (5, 4), (3, 6), (2, 2)]
        .into_iter()
        .enumerate()
        .map(|(i, (b, d))| {
            let g = [Generator::STRONG, Generator::RANDOM][i % 2];
            GenSpec::new(g, b, d, 0xcace, i as u64).build().unwrap()
        })
        .collect()
}

/// Every tree, twice over, searched through one cache (from `new_cache`)
/// and afresh, for each configuration: the outcomes (errors included),
/// counts and orders agree, and most searches succeed.
fn same_as_fresh<C, S>(
    configs: &[C],
    new_cache: impl Fn() -> S,
    fresh: impl Fn(&View<'_>, &C) -> Result<Outcome, BestFirstError>,
    cached: impl Fn(&View<'_>, &C, &mut S) -> Result<Outcome, BestFirstError>,
) {
    let trees = trees();
    for (k, cfg) in configs.iter().enumerate() {
        let mut cache = new_cache();
        let mut searched = 0;
        for round in 0..2 {
            for (i, tree) in trees.iter().enumerate() {
                let a = Traced::new(tree);
                let want = fresh(&a, cfg);
                let b = Traced::new(tree);
                let got = cached(&b, cfg, &mut cache);
                let what = format!("configuration {k}, round {round}, tree {i}");
                assert_eq!(got, want, "{what}");
                assert_eq!(b.stats(), a.stats(), "{what}");
                assert_eq!(b.order(), a.order(), "{what}");
                searched += usize::from(got.is_ok());
            }
        }
        assert!(searched >= 6, "configuration {k}: {searched} searches");
    }
}

/// [`same_as_fresh`] with the `Cache`, `search` and `search_in` of the
/// module `$m`.
macro_rules! same_as_fresh {
    ($m:ident, $configs:expr) => {
        same_as_fresh(
            &$configs,
            $m::Cache::<Node<'_>>::new,
            |t, c| $m::search(t, c),
            |t, c, cache| $m::search_in(t, c, cache),
        )
    };
}

#[test]
fn sss_through_one_cache() {
    let configs = [
        sss::Config::default(),
        sss::Config::new(Variant::Stockman),
        sss::Config {
            dual: true,
            ..sss::Config::default()
        },
        sss::Config::default().with_memory(600),
    ];
    same_as_fresh!(sss, configs);
}

#[test]
fn recsss_through_one_cache() {
    let configs = [
        recsss::Config::default(),
        recsss::Config {
            dual: true,
            ..recsss::Config::default()
        },
        recsss::Config {
            odd_depth_leaf_search: true,
            ..recsss::Config::default()
        },
    ];
    same_as_fresh!(recsss, configs);
}

#[test]
fn memsss_through_one_cache() {
    // The maximum (RecSSS*), and a budget that is below it on the larger
    // trees (INACTIVE nodes) and refused on trees that need more.
    let configs = [
        memsss::Config::default(),
        memsss::Config::default().with_memory(14),
        memsss::Config {
            dual: true,
            ..memsss::Config::default()
        },
        memsss::Config {
            dual: true,
            ..memsss::Config::default().with_memory(16)
        },
        memsss::Config {
            odd_depth_leaf_search: false,
            ..memsss::Config::default().with_memory(12)
        },
    ];
    same_as_fresh!(memsss, configs);
}

#[test]
fn mgame_through_one_cache() {
    let configs = [
        mgame::Config::new(2),
        mgame::Config::new(4),
        mgame::Config::new(6),
    ];
    same_as_fresh!(mgame, configs);
}

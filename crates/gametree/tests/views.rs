//! What the front door adds between a caller and an engine, seen from
//! outside: its counts are what the engine asks of the tree, its traced
//! view is the tree, a tree searched by the enhanced engines is searched
//! as a game, its names cover every engine, and a kept cache searches as
//! a new one. (The library's own unit tests live here, through the public
//! API, so that `cargo test` does not compile the library twice.)

use std::str::FromStr;
use std::time::Duration;

use gametree::{Algorithm, Cache, Config, Family, search};
use tree_core::{
    Counted, ExplicitTree, GenSpec, Generator, Limits, StopHandle, Traced, Tree, minimax,
};

/// The engine's limits for a test `Config`: none, a leaf limit, or a
/// stop handle (the three this file uses).
fn limits(max_leaves: Option<u64>, stop: Option<&StopHandle>) -> Limits {
    let mut l = Limits::none();
    if let Some(n) = max_leaves {
        l = l.with_max_leaves(n);
    }
    if let Some(s) = stop {
        l = l.with_stop(s.clone());
    }
    l
}

/// What `tree_core::Counted` counts of the engine's own call of
/// `algorithm` (a sequential one, found by its name) on `tree`.
fn counted<T: Tree>(algorithm: Algorithm, tree: &T, limits: Limits) -> (u64, u64) {
    let c = Counted::new(tree);
    match algorithm.family() {
        Family::DepthFirst => {
            let a = search_depthfirst::Algorithm::from_str(algorithm.name()).unwrap();
            let config = search_depthfirst::SearchConfig::new().with_limits(limits);
            let _ = a.search(&c, &config);
        }
        Family::BestFirst => {
            let a = search_bestfirst::Algorithm::from_str(algorithm.name()).unwrap();
            let options = search_bestfirst::Options {
                limits,
                ..Default::default()
            };
            let _ = a.run(&c, &options);
        }
        f => unreachable!("{algorithm} is {f}, not sequential"),
    }
    (c.stats().leaves, c.stats().interior)
}

/// The front door's counts of a sequential search are `Counted`'s of the
/// engine's own call, whether the search finishes or a limit stops it, and
/// with a trace as without.
#[test]
fn sequential_counts_are_counted_counts() {
    let trees = [
        GenSpec::new(Generator::RANDOM, 3, 6, 4, 0).build().unwrap(),
        GenSpec::new(Generator::STRONG, 5, 4, 2, 0).build().unwrap(),
    ];
    let stopped = StopHandle::new();
    stopped.stop();
    let configs = [
        (Config::default(), limits(None, None)),
        (Config::default().max_leaves(25), limits(Some(25), None)),
        (
            Config::default().cancel(stopped.clone()),
            limits(None, Some(&stopped)),
        ),
    ];
    for tree in &trees {
        for &a in Algorithm::ALL {
            if !matches!(a.family(), Family::DepthFirst | Family::BestFirst) {
                continue;
            }
            for (config, limits) in &configs {
                let r = search(a, tree, config).unwrap();
                assert_eq!(
                    (r.leaves, r.interior),
                    counted(a, tree, limits.clone()),
                    "{a}"
                );
                let traced = search(a, tree, &config.clone().trace(true)).unwrap();
                assert_eq!((traced.leaves, traced.interior), (r.leaves, r.interior));
            }
        }
    }
}

/// Minimax through the front door counts what `Counted` counts of plain
/// minimax: 27 leaves and 13 interior nodes on the uniform (3,3) tree.
#[test]
fn counts_as_counted_does() {
    let t = ExplicitTree::uniform(3, 3, &(0..27).collect::<Vec<i64>>()).unwrap();
    let plain = Counted::new(&t);
    minimax(&plain);
    let s = plain.stats();
    let r = search(Algorithm::Minimax, &t, &Config::default()).unwrap();
    assert_eq!((r.leaves, r.interior), (s.leaves, s.interior));
    assert_eq!((r.leaves, r.interior), (27, 13));
}

/// A traced search (which runs on the front door's type-erased view of the
/// tree) examines the leaves `Traced` records of the plain tree, in the
/// same order, with the same counts.
#[test]
fn the_erased_view_is_the_same_tree() {
    let t =
        ExplicitTree::uniform(3, 3, &(0..27).map(|i| (i * 7) % 11).collect::<Vec<_>>()).unwrap();
    let plain = Traced::new(&t);
    let value = minimax(&plain);
    let r = search(Algorithm::Minimax, &t, &Config::default().trace(true)).unwrap();
    assert_eq!(r.exact(), Some(value));
    assert_eq!(r.trace.as_deref(), Some(plain.order().as_slice()));
    assert_eq!(
        (r.leaves, r.interior),
        (plain.stats().leaves, plain.stats().interior)
    );
}

/// Whether `path` (child indices) leads from the root of `tree` to a
/// terminal (written apart from the library's check, as an oracle).
fn reaches_terminal<T: Tree>(tree: &T, path: &[usize]) -> bool {
    let end = path.iter().try_fold(tree.root(), |node, &i| {
        (i < tree.num_children(&node)).then(|| tree.child(&node, i))
    });
    !path.is_empty() && end.is_some_and(|node| tree.num_children(&node) == 0)
}

/// The enhanced engines search a `Tree` as a game (moves are child
/// indices): the minimax value, and a line that runs to a terminal, on a
/// generated tree and on a tree whose leaves lie at odd and even depths.
#[test]
fn the_enhanced_engines_solve_a_tree_as_a_game() {
    let t = GenSpec::new(Generator::RANDOM, 3, 5, 2, 0).build().unwrap();
    let odd: ExplicitTree = "[[4,[[5,5],[5,5]]],[7,[1]]]".parse().unwrap();
    for a in Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Enhanced)
    {
        let r = search(a, &t, &Config::default().threads(1)).unwrap();
        assert_eq!(r.exact(), Some(minimax(&t)), "{a}");
        assert!(reaches_terminal(&t, &r.pv), "{a}: {:?}", r.pv);
        assert!(r.pv_complete, "{a}");
        let r = search(a, &odd, &Config::default().table_bytes(1 << 16)).unwrap();
        assert_eq!(r.exact(), Some(minimax(&odd)), "{a}");
    }
}

/// Every engine's algorithm is an `Algorithm`, under a name of its own.
#[test]
fn names_are_distinct_and_cover_every_engine_enum() {
    let mut names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
    names.sort_unstable();
    let n = names.len();
    names.dedup();
    assert_eq!(names.len(), n, "a name is used twice");
    let engines = search_depthfirst::Algorithm::ALL.len()
        + search_depthfirst::EnhancedAlgorithm::ALL.len()
        + search_bestfirst::Algorithm::ALL.len()
        + search_parallel::threads::ThreadAlgorithm::ALL.len();
    #[cfg(feature = "mpi")]
    let engines = engines + search_distributed::DistAlgorithm::ALL.len();
    assert_eq!(n, engines, "every engine's algorithm is an Algorithm");
}

/// `Algorithm::ALL` lists the families in `Family::ALL`'s order.
#[test]
fn all_lists_the_families_in_order() {
    let order: Vec<Family> = Algorithm::ALL.iter().map(|a| a.family()).collect();
    let mut sorted = order.clone();
    sorted.sort_by_key(|f| Family::ALL.iter().position(|g| g == f));
    assert_eq!(order, sorted);
}

/// A cache's MT table, kept from one search to the next (of other
/// trees, shapes and table sizes), gives every search's report. (On
/// generated trees, the type the other tests search, so that the engines
/// are not compiled once more for another tree type.)
#[test]
fn a_kept_mt_table_searches_as_a_new_one() {
    let mut cache = Cache::new();
    for (b, d, seed) in [(4, 6, 0), (4, 6, 1), (3, 7, 2), (8, 4, 3), (4, 6, 4)] {
        let tree = GenSpec::new(Generator::RANDOM, b, d, seed, 0)
            .build()
            .unwrap();
        for a in [Algorithm::MtSss, Algorithm::MtDual, Algorithm::Mtdf] {
            for config in [
                Config::default(),
                Config::default().table_bytes(1 << 10),
                Config::default().max_leaves(40),
            ] {
                let mut kept = cache.search(a, &tree, &config).unwrap();
                let mut new = search(a, &tree, &config).unwrap();
                kept.elapsed = Duration::ZERO;
                new.elapsed = Duration::ZERO;
                assert_eq!(kept, new, "{a} on ({b},{d}) seed {seed}");
            }
        }
    }
}

/// The threads' own counts are the trait boundary's: on one thread,
/// those of sequential alpha-beta.
#[test]
fn one_thread_counts_are_alpha_betas() {
    let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
    let ab = counted(Algorithm::AlphaBeta, &tree, Limits::none());
    for a in [Algorithm::TreeSplit, Algorithm::PvSplit, Algorithm::Ybwc] {
        let r = search(a, &tree, &Config::default().threads(1)).unwrap();
        assert_eq!((r.leaves, r.interior), ab, "{a}");
    }
}

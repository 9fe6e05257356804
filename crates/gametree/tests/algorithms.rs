//! Every [`Algorithm`] through [`search`] on the corpus: the exact value,
//! a best move of that value, the line as far as it goes; every option an
//! algorithm does not take is an error naming both.

use gametree::{Algorithm, Bound, Config, Error, Family, Setting, search};
use tree_core::corpus::{check_line, generated_trees, random_trees};
use tree_core::{Dewey, MAX_DEPTH, Tree, minimax};

/// A configuration that sets `setting` to a valid value for an
/// algorithm that takes it.
fn with(setting: Setting) -> Config {
    use gametree::{
        EnhancedConfig, GameParallel, MgTie, ProcessorTree, StageWorker, StopHandle, TieRule,
        Value, Window,
    };
    use std::time::Duration;
    let c = Config::default();
    match setting {
        Setting::Memory => c.memory(1000),
        Setting::TableBytes => c.table_bytes(1 << 16),
        Setting::Threads => c.threads(2),
        Setting::TimeLimit => c.time_limit(Duration::from_secs(60)),
        Setting::MaxLeaves => c.max_leaves(1 << 40),
        Setting::Cancel => c.cancel(StopHandle::new()),
        Setting::Window => c.window(Window::FULL),
        Setting::TieRule => c.tie_rule(TieRule::Leftmost),
        Setting::Stage => c.stage(2),
        Setting::Upper => c.upper(Value::INF),
        Setting::Searchd => c.searchd(2),
        Setting::MgameTie => c.mgame_tie(MgTie::Auto),
        Setting::AlphaFloor => c.alpha_floor(false),
        Setting::OddDepthLeafSearch => c.odd_depth_leaf_search(true),
        Setting::Shape => c.shape(tree_core::Bounds::uniform(3, 3)),
        Setting::Processors => c.processors(ProcessorTree { depth: 1, width: 2 }),
        Setting::Type2 => c.type2(true),
        Setting::StageWorker => c.stage_worker(StageWorker::AlphaBeta),
        Setting::SplitPlies => c.split_plies(3),
        Setting::Parallel => c.threads(2).parallel(GameParallel::Ybwc),
        Setting::Trace => c.trace(true),
        Setting::Enhancements => c.enhancements(EnhancedConfig::default()),
        Setting::Pv => c.pv(false),
        #[cfg(feature = "mpi")]
        Setting::RankTimeout => c.rank_timeout(Duration::from_secs(10)),
        other => panic!("no value for {other:?}"),
    }
}

#[test]
fn every_setting_has_a_taker_and_a_value() {
    for &s in Setting::ALL {
        assert!(
            s.algorithms().next().is_some(),
            "{s} is taken by no algorithm"
        );
        let _ = with(s);
    }
}

/// An option an algorithm does not take is an error naming both; one it
/// takes is accepted, and the search runs.
#[test]
fn an_option_not_taken_is_an_error_naming_both() {
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 3, 3, 1, 0)
        .build()
        .unwrap();
    let mut refused = 0;
    for a in crate::in_process() {
        for &s in Setting::ALL {
            let config = with(s);
            let result = search(a, &tree, &config);
            if a.takes(s) {
                let r = result.unwrap_or_else(|e| panic!("{a} with {s}: {e}"));
                assert_eq!(r.value, minimax(&tree), "{a} with {s}");
            } else {
                refused += 1;
                let e = result.expect_err(&format!("{a} took {s}"));
                assert!(
                    matches!(e, Error::NotTaken { algorithm, setting: _ } if algorithm == a),
                    "{a} {s}: {e:?}"
                );
                let message = e.to_string();
                assert!(message.contains(a.name()), "{message}");
                assert!(message.contains(s.name()), "{message}");
            }
        }
    }
    assert!(refused > 500, "{refused}");
}

/// The line a search reports, checked against the oracle: the exact value,
/// a best move of that value, every move of the line on a path of that
/// value, whole where the report says so.
fn check<T: Tree + Sync + ?Sized>(a: Algorithm, tree: &T, config: &Config, what: &str)
where
    T::Node: Send + Sync,
{
    let r = search(a, tree, config).unwrap_or_else(|e| panic!("{a} on {what}: {e}"));
    assert_eq!(r.bound, Bound::Exact, "{a} on {what}");
    assert_eq!(r.stopped, None);
    let mut line = Dewey::root();
    for &m in &r.pv {
        line.push(m);
    }
    check_line(tree, r.value, r.best, &line, r.pv_complete)
        .unwrap_or_else(|e| panic!("{a} on {what}: {e}"));
    assert!(r.leaves > 0 || tree.num_children(&tree.root()) > 0 || a.family() == Family::Enhanced);
    if a.takes_memory() {
        assert!(r.peak_memory.is_some(), "{a} reports its peak");
    }
}

/// Every algorithm on `tree` (`what`), the threaded ones on `threads`
/// threads.
fn every_algorithm<T: Tree + Sync>(tree: &T, threads: usize, what: &str)
where
    T::Node: Send + Sync,
{
    for a in crate::in_process() {
        let config = if a.family() == Family::Threads {
            Config::default().threads(threads)
        } else {
            Config::default()
        };
        check(a, tree, &config, what);
    }
}

#[test]
fn every_algorithm_is_exact_on_random_trees() {
    for (text, tree) in random_trees(0x5EED, 120) {
        every_algorithm(&tree, 2, &text);
    }
}

#[test]
fn every_algorithm_is_exact_on_generated_trees() {
    for tree in generated_trees(1) {
        every_algorithm(&tree, 3, &format!("{:?}", tree.bounds()));
    }
}

/// The searches that know the whole line report it whole; the best-first
/// ones report the best move alone, marked partial.
#[test]
fn whole_and_partial_lines_are_marked() {
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 3, 4, 9, 0)
        .build()
        .unwrap();
    for a in [
        Algorithm::Minimax,
        Algorithm::AlphaBeta,
        Algorithm::MtdfEnhanced,
    ] {
        let r = search(a, &tree, &Config::default()).unwrap();
        assert!(r.pv_complete && r.pv.len() == 4, "{a}: {:?}", r.pv);
    }
    for a in [Algorithm::Sss, Algorithm::MemSss, Algorithm::Mtdf] {
        let r = search(a, &tree, &Config::default()).unwrap();
        assert!(!r.pv_complete && r.pv.len() == 1, "{a}: {:?}", r.pv);
    }
}

#[test]
fn a_window_gives_bounds() {
    use gametree::{Value, Window};
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 3, 4, 9, 0)
        .build()
        .unwrap();
    let v = minimax(&tree);
    let below = Window::new(Value::NEG_INF, v.offset(-1)).unwrap();
    let above = Window::new(v.offset(1), Value::INF).unwrap();
    for a in [Algorithm::AlphaBeta, Algorithm::FAlphaBeta, Algorithm::Ybwc] {
        let r = search(a, &tree, &Config::default().window(below)).unwrap();
        assert_eq!(r.bound, Bound::Lower, "{a}");
        assert!(r.value >= v.offset(-1) && r.value <= v, "{a}");
        let r = search(a, &tree, &Config::default().window(above)).unwrap();
        assert_eq!(r.bound, Bound::Upper, "{a}");
        assert!(r.value <= v.offset(1) && r.value >= v, "{a}");
        assert_eq!(r.best, None);
    }
}

#[test]
fn names_parse_and_bad_names_list_the_known_ones() {
    for &a in Algorithm::ALL {
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        assert_eq!(a.to_string(), a.name());
        assert!(!a.description().is_empty());
    }
    let e = "nope".parse::<Algorithm>().unwrap_err().to_string();
    assert!(
        e.contains("memsss") && e.contains("ybwc") && e.contains("ab-enh"),
        "{e}"
    );
}

#[test]
fn bad_settings_are_errors() {
    let tree = tree_core::GenSpec::new(tree_core::Generator::RANDOM, 3, 3, 1, 0)
        .build()
        .unwrap();
    let bad = [
        (Algorithm::Ybwc, Config::default().threads(0)),
        (Algorithm::StagedSss, Config::default().stage(0)),
        (
            Algorithm::TreeSplit,
            Config::default()
                .threads(2)
                .processors(gametree::ProcessorTree { depth: 1, width: 2 }),
        ),
        (
            Algorithm::PvsEnhanced,
            Config::default().parallel(gametree::GameParallel::LazySmp),
        ),
    ];
    for (a, config) in bad {
        let e = search(a, &tree, &config).unwrap_err();
        assert!(matches!(e, Error::InvalidSetting { .. }), "{a}: {e:?}");
    }
    // A tree too deep for the engines is an error, not a panic.
    let deep =
        tree_core::GenSpec::new(tree_core::Generator::RANDOM, 1, MAX_DEPTH + 1, 1, 0).build();
    if let Ok(deep) = deep {
        for a in crate::in_process() {
            let config = if a.family() == Family::Threads {
                Config::default().threads(1)
            } else {
                Config::default()
            };
            assert!(search(a, &deep, &config).is_err(), "{a}");
        }
    }
}

/// `pv(false)`: the same search, value and best move, the line the best
/// move alone (marked partial).
#[test]
fn without_a_line_the_best_move_stays() {
    for tree in generated_trees(1) {
        for &a in Algorithm::ALL.iter().filter(|a| a.takes(Setting::Pv)) {
            let full = search(a, &tree, &Config::default()).unwrap();
            let r = search(a, &tree, &Config::default().pv(false)).unwrap();
            assert_eq!(
                (r.value, r.best, r.leaves, r.interior),
                (full.value, full.best, full.leaves, full.interior),
                "{a}"
            );
            assert!(r.pv.len() <= 1 && r.pv.first() == r.best.as_ref(), "{a}");
        }
    }
}

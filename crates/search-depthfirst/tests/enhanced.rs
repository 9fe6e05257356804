//! The enhanced searches on synthetic games: exact fixed-depth values and
//! best moves against the `Horizon` oracle with every enhancement on and
//! off, tables from tiny to large, degenerate hashes; and what the
//! enhancements save, on average.

use search_depthfirst::testgames::{
    Lattice, LatticePosition, PathGame, PathValues, TreeGame, WeakHash, horizon_value,
};
use search_depthfirst::{
    Enhanced, EnhancedAlgorithm, EnhancedConfig, EnhancedReport, GameTable, HintEval, ProbCut,
    SearchError, SharedTable, SplitJob, Splitter, TranspositionTable, Window, Worker, falphabeta,
    mt_sss,
};
use std::num::NonZeroU32;
use tree_core::{Counted, Game, GenSpec, Generator, Horizon, MAX_DEPTH, MoveBuffer, Value};

use crate::common::Rng;

/// Positions of `game`: the start and random walks of 1 to 4 moves.
fn positions<G: Game>(game: &G, start: &G::Position, count: usize, seed: u64) -> Vec<G::Position> {
    let mut rng = Rng::new(seed);
    let mut out = vec![start.clone()];
    while out.len() < count {
        let mut p = start.clone();
        for _ in 0..1 + rng.below(4) {
            let n = game.num_moves(&p);
            if n == 0 {
                break;
            }
            let m = game.nth_move(&p, rng.below(n as u64) as usize).unwrap();
            p = game.play(&p, m);
        }
        out.push(p);
    }
    out
}

/// Checks one report against the oracle: value, best move, principal
/// variation, iterations.
fn check<G: Game>(
    game: &G,
    root: &G::Position,
    depth: u32,
    r: &EnhancedReport<G::Move>,
    what: &str,
) {
    let v = horizon_value(game, root, depth);
    assert_eq!(r.value, v, "{what}: value at depth {depth}");
    let n = game.num_moves(root);
    match r.best_move {
        None => {
            assert!(depth == 0 || n == 0, "{what}: no best move");
            assert!(r.pv.is_empty() && r.best_index.is_none(), "{what}: no PV");
        }
        Some(m) => {
            let i = r.best_index.expect("an index with the move");
            assert!(i < n, "{what}: best move {i} of {n}");
            assert_eq!(game.nth_move(root, i), Some(m), "{what}: index and move");
            let child = game.play(root, m);
            assert_eq!(
                -horizon_value(game, &child, depth - 1),
                v,
                "{what}: best move {m:?} at depth {depth}"
            );
            // Every prefix of the PV keeps the value.
            assert_eq!(
                r.pv.first(),
                Some(&m),
                "{what}: PV starts with the best move"
            );
            assert!(r.pv.len() <= depth as usize, "{what}: PV too long");
            let mut pos = root.clone();
            let mut sign = 1;
            for (k, &mv) in r.pv.iter().enumerate() {
                let mut moves = G::Moves::default();
                game.moves(&pos, &mut moves);
                assert!(
                    moves.as_slice().contains(&mv),
                    "{what}: PV move {k} illegal"
                );
                pos = game.play(&pos, mv);
                sign = -sign;
                assert_eq!(
                    horizon_value(game, &pos, depth - 1 - k as u32),
                    if sign < 0 { -v } else { v },
                    "{what}: PV prefix of {} moves",
                    k + 1
                );
            }
        }
    }
    for it in &r.per_iteration {
        if depth > 0 && n > 0 {
            assert_eq!(
                it.value,
                horizon_value(game, root, it.depth),
                "{what}: iteration {}",
                it.depth
            );
        }
    }
    let leaves: u64 = r.per_iteration.iter().map(|i| i.leaves).sum();
    assert_eq!(leaves, r.leaves, "{what}: leaves add up");
}

fn configs() -> Vec<(String, EnhancedConfig)> {
    let base = EnhancedConfig::default().with_table_bytes(1 << 16);
    let mut out = vec![
        ("default-64k".to_owned(), base),
        ("plain".to_owned(), EnhancedConfig::plain()),
        ("no-history".to_owned(), base.with_history(false)),
        ("no-id".to_owned(), base.with_iterative_deepening(false)),
        ("no-table-move".to_owned(), base.with_table_move(false)),
        ("no-table".to_owned(), base.with_table_bytes(0)),
        ("no-exact".to_owned(), base.with_exact_solve(false)),
        (
            "no-hints-no-endgame".to_owned(),
            base.with_hints(false).with_endgame(false),
        ),
        ("sort-2-from-3".to_owned(), base.with_sort(2, 3)),
        ("etc-from-1".to_owned(), base.with_etc_plies(1)),
        (
            "etc-sort-tiny".to_owned(),
            base.with_etc_plies(2)
                .with_sort(1, 3)
                .with_table_bytes(GameTable::BUCKET_BYTES),
        ),
        (
            "sort-1-from-1-tiny".to_owned(),
            base.with_sort(1, 1)
                .with_table_bytes(GameTable::BUCKET_BYTES),
        ),
        // Selective passes, from the barely selective to cutting nearly
        // everywhere, before every exact solve: no value may change.
        (
            "probcut-every".to_owned(),
            base.with_sort(1, 3).with_probcut(Some(ProbCut {
                root_plies: 0,
                plies: 1,
                depth: 1,
                margins: [1, 50, 0, 0],
            })),
        ),
        (
            "probcut-static-tiny".to_owned(),
            base.with_table_bytes(GameTable::BUCKET_BYTES)
                .with_probcut(Some(ProbCut {
                    root_plies: 0,
                    plies: 2,
                    depth: 0,
                    margins: [5, 1000, 0, 0],
                })),
        ),
        (
            "probcut-four-passes".to_owned(),
            base.with_etc_plies(2).with_probcut(Some(ProbCut {
                root_plies: 0,
                plies: 3,
                depth: 2,
                margins: [1, 2, 3, u32::MAX],
            })),
        ),
        // The ordering evaluation in the hints, everywhere and coarsely
        // (an evaluation unit per hint unit), or with ordering searches.
        (
            "hint-eval-every".to_owned(),
            base.with_hint_eval(Some(HintEval {
                plies: 0,
                per: NonZeroU32::MIN,
            })),
        ),
        (
            "hint-eval-sort-tiny".to_owned(),
            base.with_sort(1, 3)
                .with_table_bytes(GameTable::BUCKET_BYTES)
                .with_hint_eval(Some(HintEval {
                    plies: 2,
                    per: NonZeroU32::new(7).unwrap(),
                })),
        ),
        ("aspiration-1".to_owned(), base.with_aspiration(Some(1))),
        ("aspiration-30".to_owned(), base.with_aspiration(Some(30))),
        (
            "guess-extreme".to_owned(),
            base.with_first_guess(Value::new(Value::MAX_LEAF).unwrap()),
        ),
    ];
    for bytes in [GameTable::BUCKET_BYTES, 4 * GameTable::BUCKET_BYTES, 1000] {
        out.push((format!("table-{bytes}"), base.with_table_bytes(bytes)));
    }
    out
}

/// Every algorithm and config on `positions` to depths `0..=max_depth`,
/// one `Enhanced` per config kept across all searches of the game (so the
/// table also carries entries from earlier searches).
fn every_search<G: Game>(game: &G, roots: &[G::Position], max_depth: u32, name: &str) -> usize {
    let mut searches = 0;
    for (cname, config) in configs() {
        let mut e = Enhanced::new(config).unwrap();
        for a in EnhancedAlgorithm::ALL {
            for (k, root) in roots.iter().enumerate() {
                for depth in 0..=max_depth {
                    let r = e.search(*a, game, root, depth).unwrap();
                    check(
                        game,
                        root,
                        depth,
                        &r,
                        &format!("{name} {cname} {a} root {k}"),
                    );
                    searches += 1;
                }
            }
        }
    }
    searches
}

#[test]
fn exact_on_lattice_games() {
    let mut searches = 0;
    for (seed, kinds, length) in [(1, 3, 9), (2, 5, 7), (3, 8, 6), (4, 2, 12)] {
        let noisy = Lattice::new(seed, kinds, length);
        let flat = Lattice::new(seed, kinds, length).with_noise(0);
        let extreme = Lattice::new(seed, kinds, length).with_extremes(true);
        // The game's hooks: hints, and its own solver for the last plies.
        let hinted = Lattice::new(seed, kinds, length)
            .with_hints(true)
            .with_solver(3);
        let flat_solved = Lattice::new(seed, kinds, length)
            .with_noise(0)
            .with_solver(2);
        for (name, g) in [
            ("noisy", noisy),
            ("flat", flat),
            ("extreme", extreme),
            ("hinted", hinted),
            ("flat-solved", flat_solved),
        ] {
            let roots = positions(&g, &LatticePosition::START, 3, seed);
            searches += every_search(&g, &roots, 5, &format!("lattice {seed} {name}"));
        }
    }
    assert!(searches > 8000, "{searches}");
}

/// A game whose ordering evaluation is the opposite of its evaluation:
/// the ordering searches then put the worst moves first.
struct Contrary<G>(G);

impl<G: Game> Game for Contrary<G> {
    type Position = G::Position;
    type Move = G::Move;
    type Moves = G::Moves;

    tree_core::forward_game!(
        0: moves,
        play,
        evaluate,
        hash,
        num_moves,
        nth_move,
        move_name,
        move_key,
        move_keys,
        max_moves,
        plies_left,
        order_hint,
        solve_end,
    );

    fn order_evaluate(&self, pos: &G::Position) -> Value {
        -self.0.evaluate(pos)
    }
}

#[test]
fn the_ordering_evaluation_changes_no_value() {
    // Every search of `every_search` (one table per configuration, kept
    // across roots and depths, so heuristic searches meet the entries of
    // earlier exact solves and their ordering searches) still returns the
    // minimax value of the game's own evaluation.
    let mut searches = 0;
    for (seed, kinds, length) in [(5, 3, 8), (6, 4, 7)] {
        let g = Contrary(
            Lattice::new(seed, kinds, length)
                .with_hints(true)
                .with_solver(2),
        );
        let roots = positions(&g, &LatticePosition::START, 4, seed);
        searches += every_search(&g, &roots, 6, &format!("contrary lattice {seed}"));
    }
    assert!(searches > 1000, "{searches}");
}

#[test]
fn selective_passes_run_before_exact_solves_only() {
    // A selective pass is one more root search per margin, only when the
    // search reaches the end of the game; it changes no value.
    let g = Lattice::new(21, 4, 8).with_hints(true).with_solver(2);
    let root = LatticePosition::START;
    let exact_depth = g.plies_left(&root).unwrap();
    let base = EnhancedConfig::default()
        .with_table_bytes(1 << 16)
        .with_iterative_deepening(false);
    let probcut = ProbCut {
        root_plies: 0,
        plies: 2,
        depth: 1,
        margins: [3, 9, 0, 0],
    };
    assert_eq!(probcut.passes().collect::<Vec<_>>(), [3, 9]);
    for a in EnhancedAlgorithm::ALL {
        for depth in [exact_depth - 2, exact_depth] {
            let plain = Enhanced::new(base)
                .unwrap()
                .search(*a, &g, &root, depth)
                .unwrap();
            let with = Enhanced::new(base.with_probcut(Some(probcut)))
                .unwrap()
                .search(*a, &g, &root, depth)
                .unwrap();
            assert_eq!(with.value, plain.value, "{a} depth {depth}");
            if depth == exact_depth {
                assert!(with.passes >= 3, "{a}: {} passes", with.passes);
                assert_ne!(with.leaves, plain.leaves, "{a}: the passes searched");
            } else {
                assert_eq!(with.passes, plain.passes, "{a}: not an exact solve");
                assert_eq!(with.leaves, plain.leaves, "{a}: not an exact solve");
            }
        }
    }
}

#[test]
fn exact_on_path_games() {
    let mut searches = 0;
    for (seed, b, length, values) in [
        (11, 3, 8, PathValues::Small),
        (12, 5, 6, PathValues::Wide),
        (13, 4, 7, PathValues::Extreme),
        (14, 1, 9, PathValues::Small),
    ] {
        let g = PathGame::new(seed, b, length, values);
        let roots = positions(&g, &g.start(), 3, seed);
        searches += every_search(&g, &roots, 5, &format!("path {seed}"));
    }
    assert!(searches > 3000, "{searches}");
}

#[test]
fn exact_on_generated_trees_as_games() {
    for (g, b, d) in [
        (Generator::STRONG, 4, 5),
        (Generator::KORF, 3, 6),
        (Generator::RANDOM, 3, 5),
    ] {
        for index in 0..3 {
            let tree = GenSpec::new(g, b, d, 9, index).build().unwrap();
            let game = TreeGame::new(&tree);
            let root = game.start();
            // Searched to the tree's depth, the game is the tree.
            assert_eq!(
                horizon_value(&game, &root, d as u32),
                tree_core::minimax(&tree)
            );
            every_search(&game, &[root], d as u32, &format!("{g:?} {index}"));
        }
    }
}

#[test]
fn a_degenerate_hash_never_panics_or_hangs() {
    let mut wrong = 0;
    let mut total = 0;
    for seed in 0..6 {
        let g = WeakHash {
            game: Lattice::new(seed, 4, 8),
            modulus: 16,
        };
        for a in EnhancedAlgorithm::ALL {
            for config in [
                EnhancedConfig::default().with_table_bytes(1 << 12),
                EnhancedConfig::default().with_table_bytes(0),
            ] {
                for depth in 0..=6 {
                    let r = a.run(&g, &LatticePosition::START, depth, &config).unwrap();
                    let exact = r.value == horizon_value(&g, &LatticePosition::START, depth);
                    if config.table_bytes == 0 {
                        assert!(exact, "no table, no confusion");
                    }
                    if let Some(i) = r.best_index {
                        assert!(i < g.num_moves(&LatticePosition::START));
                    }
                    wrong += usize::from(!exact);
                    total += 1;
                }
            }
        }
    }
    // Not asserted: how many values a 4-bit hash gets wrong (it does).
    eprintln!("degenerate hash: {wrong} of {total} values wrong");
}

#[test]
fn the_table_finds_transpositions_and_tiny_tables_replace() {
    let g = Lattice::new(3, 6, 20);
    let root = LatticePosition::START;
    let big = EnhancedConfig::default().with_table_bytes(1 << 20);
    let r = EnhancedAlgorithm::AlphaBeta
        .run(&g, &root, 6, &big)
        .unwrap();
    let t = r.table;
    assert!(
        t.probes > 0 && t.hits > 0 && t.cutoffs > 0 && t.stores > 0,
        "{t:?}"
    );
    assert!(t.depth_hits <= t.hits && t.hits <= t.probes && t.cutoffs <= t.depth_hits);
    // 2^20 / 48 = 21,845 buckets fit; the largest power of two is 2^14.
    assert_eq!(r.table_entries, 2 << 14);
    // Without iterative deepening every hit at the same depth is a
    // transposition (a second path to the same position).
    let r = EnhancedAlgorithm::AlphaBeta
        .run(&g, &root, 6, &big.with_iterative_deepening(false))
        .unwrap();
    assert!(r.table.depth_hits > 0, "{:?}", r.table);
    // A path game has none.
    let p = PathGame::new(3, 4, 10, PathValues::Wide);
    let r = EnhancedAlgorithm::AlphaBeta
        .run(&p, &p.start(), 6, &big.with_iterative_deepening(false))
        .unwrap();
    assert_eq!(r.table.depth_hits, 0, "{:?}", r.table);
    // One bucket: most stores evict something, and the value is right.
    let tiny = big.with_table_bytes(GameTable::BUCKET_BYTES);
    let r = EnhancedAlgorithm::Mtdf.run(&g, &root, 6, &tiny).unwrap();
    assert_eq!(r.table_entries, 2);
    assert!(2 * r.table.overwrites > r.table.stores, "{:?}", r.table);
    assert_eq!(r.value, horizon_value(&g, &root, 6));
}

#[test]
fn bad_input_is_an_error() {
    let g = Lattice::new(1, 3, 5);
    let p = LatticePosition::START;
    let too_small = EnhancedConfig::default().with_table_bytes(GameTable::BUCKET_BYTES - 1);
    let e = EnhancedAlgorithm::AlphaBeta
        .run(&g, &p, 3, &too_small)
        .unwrap_err();
    assert!(matches!(e, SearchError::TableTooSmall { .. }), "{e}");
    assert!(e.to_string().contains("at least 64 bytes"), "{e}");
    let no_window = EnhancedConfig::default().with_aspiration(Some(0));
    let e = Enhanced::new(no_window).unwrap_err();
    assert!(matches!(e, SearchError::EmptyWindow { .. }), "{e}");
    let e = EnhancedAlgorithm::Mtdf
        .run(&g, &p, MAX_DEPTH as u32 + 1, &EnhancedConfig::plain())
        .unwrap_err();
    assert_eq!(
        e,
        SearchError::TooDeep {
            depth: MAX_DEPTH + 1
        }
    );

    // Every position valued +∞: the first one evaluated (at depth 1, the
    // first iteration's horizon) is refused.
    let sentinel = tree_core::corpus::Take {
        most: 2,
        bounded: false,
        evaluate: |_| Value::INF,
    };
    for a in EnhancedAlgorithm::ALL {
        let e = a.run(
            &sentinel,
            &2,
            3,
            &EnhancedConfig::default().with_table_bytes(1024),
        );
        assert!(
            matches!(e, Err(SearchError::SentinelLeaf { depth: 1, .. })),
            "{a}: {e:?}"
        );
    }
}

#[test]
fn depth_zero_and_game_over_evaluate_the_root() {
    let g = PathGame::new(5, 3, 0, PathValues::Wide);
    let root = g.start();
    for a in EnhancedAlgorithm::ALL {
        for depth in [0, 4] {
            let r = a
                .run(
                    &g,
                    &root,
                    depth,
                    &EnhancedConfig::default().with_table_bytes(1024),
                )
                .unwrap();
            assert_eq!(r.value, g.evaluate(&root));
            assert_eq!((r.best_move, r.leaves, r.interior), (None, 1, 0));
            assert_eq!(r.per_iteration.len(), 1);
        }
    }
}

/// Without enhancements the searches are the plain algorithms of the crate
/// on the `Horizon` tree, leaf for leaf.
#[test]
fn plain_searches_match_the_tree_algorithms() {
    for seed in 0..20 {
        let g = PathGame::new(seed, 4, 9, PathValues::Wide);
        let root = g.start();
        for depth in 1..=6 {
            let h = Horizon::new(&g, root, depth);
            let c = Counted::new(&h);
            falphabeta(&c, Window::FULL).unwrap();
            let r = EnhancedAlgorithm::AlphaBeta
                .run(&g, &root, depth, &EnhancedConfig::plain())
                .unwrap();
            assert_eq!(
                r.leaves,
                c.stats().leaves,
                "alpha-beta, seed {seed} depth {depth}"
            );
            assert_eq!(r.interior, c.stats().interior, "alpha-beta interior");

            // MT-SSS* with a table that never drops an entry and no move
            // reordering: Plaat et al.'s MT-SSS* exactly.
            let c = Counted::new(&h);
            let o = mt_sss(&c, &mut TranspositionTable::new()).unwrap();
            let config = EnhancedConfig::plain().with_table_bytes(1 << 22);
            let r = EnhancedAlgorithm::MtSss
                .run(&g, &root, depth, &config)
                .unwrap();
            assert_eq!(r.value, o.value);
            assert_eq!(
                r.passes, o.passes,
                "MT-SSS* passes, seed {seed} depth {depth}"
            );
            assert_eq!(
                r.leaves,
                c.stats().leaves,
                "MT-SSS* leaves, seed {seed} depth {depth}"
            );
        }
    }
}

/// Leaves summed over `roots` at `depth` for one algorithm and config:
/// (all iterations, the last iteration).
fn leaves<G: Game>(
    game: &G,
    roots: &[G::Position],
    depth: u32,
    a: EnhancedAlgorithm,
    config: EnhancedConfig,
) -> (u64, u64) {
    let mut total = (0, 0);
    for root in roots {
        let r = a.run(game, root, depth, &config).unwrap();
        total.0 += r.leaves;
        total.1 += r.per_iteration.last().unwrap().leaves;
    }
    total
}

/// Leaves of every algorithm over a set of roots for one config: (all
/// iterations, last iteration).
type Measure<'a> = dyn Fn(EnhancedAlgorithm, EnhancedConfig) -> (u64, u64) + 'a;

/// The enhancements' savings on one family of positions, asserted on sums
/// over the family (never per position); `history_helps` where move keys
/// mean the same move everywhere (`Lattice`), `id_pays` where iterative
/// deepening's whole cost is below a plain search's.
fn savings(name: &str, measure: &Measure<'_>, history_helps: bool, id_pays: bool) {
    // What iterative deepening, the table and history save: without the
    // exact-solve mode, which skips the iterations of searches that reach
    // the end of the game (measured by `exact_solving_pays`).
    let big = EnhancedConfig::default()
        .with_table_bytes(1 << 22)
        .with_exact_solve(false);
    let table_only = EnhancedConfig::plain().with_table_bytes(1 << 22);
    for &a in EnhancedAlgorithm::ALL {
        let none = measure(a, EnhancedConfig::plain());
        let table = measure(a, table_only);
        let table_history = measure(a, table_only.with_history(true));
        let all = measure(a, big);
        let all_but_history = measure(a, big.with_history(false));
        let id_no_table = measure(a, big.with_table_bytes(0));
        eprintln!(
            "{name} {a}: none {} | table {} | table+history {} | all {} (last iteration {}) | all but history {} | ID without table: last iteration {}",
            none.0, table.0, table_history.0, all.0, all.1, all_but_history.0, id_no_table.1
        );
        // The last iteration, ordered by the earlier ones through the
        // table, is cheaper than a plain search to the same depth, and
        // than the last iteration without a table.
        assert!(
            all.1 < none.0,
            "{name} {a}: last iteration {} vs plain {}",
            all.1,
            none.0
        );
        assert!(
            all.1 <= id_no_table.1,
            "{name} {a}: ID with table {} vs without {}",
            all.1,
            id_no_table.1
        );
        if id_pays {
            assert!(
                all.0 < none.0,
                "{name} {a}: all enhancements {} vs none {}",
                all.0,
                none.0
            );
        }
        if history_helps {
            assert!(
                table_history.0 < table.0,
                "{name} {a}: history {} vs none {}",
                table_history.0,
                table.0
            );
            assert!(
                all.0 < all_but_history.0,
                "{name} {a}: history {} vs none {}",
                all.0,
                all_but_history.0
            );
        }
    }
}

#[test]
fn enhancements_reduce_leaves_on_average() {
    for (g, depth) in [(Lattice::new(22, 8, 30), 7), (Lattice::new(23, 6, 30), 8)] {
        let roots = positions(&g, &LatticePosition::START, 20, 5);
        let m = |a, c| leaves(&g, &roots, depth, a, c);
        savings(&format!("lattice d{depth}"), &m, true, true);
    }
    for (gen_, b, d, id_pays) in [
        // Strong trees and edge-sum trees come (nearly) sorted: for some
        // algorithms the shallower iterations cost more than they save.
        (Generator::STRONG, 8, 6, false),
        (Generator::KORF, 6, 6, false),
        (Generator::TOPDOWN_RANDOM, 6, 6, true),
    ] {
        let trees: Vec<_> = (0..10)
            .map(|i| GenSpec::new(gen_, b, d, 77, i).build().unwrap())
            .collect();
        let m = |a, c| {
            trees.iter().fold((0, 0), |acc, t| {
                let game = TreeGame::new(t);
                let r = leaves(&game, &[game.start()], d as u32, a, c);
                (acc.0 + r.0, acc.1 + r.1)
            })
        };
        savings(&format!("{gen_:?} ({b},{d})"), &m, false, id_pays);
    }
}

/// Searches that reach the end of the game: exact-solve mode (one search,
/// exact-game table entries, the game's solver) evaluates fewer leaves than
/// iterative deepening through heuristic depths, summed over a family of
/// games, for every algorithm; and the game's solver, counted, changes no
/// value.
#[test]
fn exact_solving_pays() {
    let config = EnhancedConfig::default().with_table_bytes(1 << 22);
    for &a in EnhancedAlgorithm::ALL {
        let (mut exact, mut iterated, mut solved) = (0, 0, 0);
        for seed in 0..10 {
            let g = Lattice::new(seed, 4, 10);
            let solving = g.with_solver(4);
            for root in positions(&g, &LatticePosition::START, 4, seed) {
                let e = a.run(&g, &root, 10, &config).unwrap();
                assert_eq!(e.per_iteration.len(), 1, "{a}: one iteration");
                assert!(e.per_iteration[0].exact, "{a}: solved to the end");
                let i = a
                    .run(&g, &root, 10, &config.with_exact_solve(false))
                    .unwrap();
                if g.num_moves(&root) > 0 {
                    assert!(!i.per_iteration.last().unwrap().exact);
                }
                let s = a.run(&solving, &root, 10, &config).unwrap();
                assert_eq!((e.value, s.value), (i.value, i.value), "{a} seed {seed}");
                exact += e.leaves;
                iterated += i.leaves;
                solved += s.leaves;
            }
        }
        eprintln!("{a}: exact {exact}, iterated {iterated}, with the game's solver {solved}");
        assert!(exact < iterated, "{a}: {exact} vs {iterated}");
        assert!(solved > 0);
    }
}

/// Stockman's theorem through Plaat et al.'s MT-SSS*: without
/// transpositions and in the same move order, MT-SSS* with a table that
/// keeps everything evaluates no leaf alpha-beta skips, so never more.
#[test]
fn mt_sss_never_evaluates_more_than_alpha_beta() {
    let table = EnhancedConfig::plain().with_table_bytes(1 << 22);
    let (mut sss, mut ab) = (0, 0);
    for seed in 0..40 {
        let g = PathGame::new(seed, 5, 12, PathValues::Small);
        for depth in 1..=6 {
            let s = EnhancedAlgorithm::MtSss
                .run(&g, &g.start(), depth, &table)
                .unwrap();
            let a = EnhancedAlgorithm::AlphaBeta
                .run(&g, &g.start(), depth, &EnhancedConfig::plain())
                .unwrap();
            assert!(
                s.leaves <= a.leaves,
                "seed {seed} depth {depth}: {} > {}",
                s.leaves,
                a.leaves
            );
            sss += s.leaves;
            ab += a.leaves;
        }
    }
    assert!(sss < ab, "{sss} vs {ab}");
}

/// A table larger than the system can give is an error, not an abort: the
/// tables reserve their memory before they fill it.
#[test]
fn a_table_the_system_cannot_give_is_an_error() {
    for bytes in [usize::MAX, 1 << 50] {
        let e = GameTable::new(bytes).unwrap_err();
        assert!(matches!(e, SearchError::TableTooLarge { .. }), "{e}");
        assert!(e.to_string().contains("cannot be allocated"), "{e}");
        let e = search_depthfirst::SharedTable::new(bytes).unwrap_err();
        assert!(matches!(e, SearchError::TableTooLarge { .. }), "{e}");
    }
}

/// A splitter that records whether each node it is given is searched to
/// the end of the game, and searches the node's moves itself, one after
/// another, on the calling engine.
struct Recorder(std::sync::Mutex<Vec<bool>>);

impl<G: Game> Splitter<G> for Recorder {
    fn min_depth(&self) -> u32 {
        1
    }

    fn split(
        &self,
        job: &SplitJob<'_, G>,
        own: &mut dyn FnMut(usize, Value) -> Result<Value, SearchError>,
    ) -> Result<(Value, usize), SearchError> {
        self.0.lock().unwrap().push(job.exact);
        let (mut best, mut at, mut alpha) = (Value::NEG_INF, 0, job.alpha);
        for k in 0..job.moves.len() {
            let s = own(k, alpha)?;
            if s > best {
                (best, at) = (s, k);
            }
            if s >= job.beta {
                break;
            }
            alpha = alpha.max(s);
        }
        Ok((best, at))
    }
}

#[test]
fn no_node_of_an_ordering_search_is_split() {
    // An exact solve with ordering searches of 3 plies at every node with
    // 4 plies or more left: the splitter sees only nodes of the exact
    // search (a helper would score an ordering search's leaves by
    // `evaluate`, and such a split is too small to pay), and the value is
    // still the game's.
    let config = EnhancedConfig::default()
        .with_table_bytes(1 << 16)
        .with_sort(3, 4);
    for seed in 0..6u64 {
        let game = Lattice::new(seed, 4, 10).with_hints(true);
        let root = LatticePosition::START;
        let depth = game.plies_left(&root).unwrap();
        for a in EnhancedAlgorithm::ALL.iter().copied() {
            let table = SharedTable::new(config.table_bytes).unwrap();
            let recorder = Recorder(std::sync::Mutex::new(Vec::new()));
            let r = Worker::new(&game, &table, &config, None)
                .unwrap()
                .with_splitter(&recorder)
                .search(a, &root, depth)
                .unwrap();
            assert_eq!(
                r.value,
                horizon_value(&game, &root, depth),
                "seed {seed} {a}"
            );
            let exact = recorder.0.into_inner().unwrap();
            assert!(!exact.is_empty(), "seed {seed} {a}: no split");
            assert!(
                exact.iter().all(|&e| e),
                "seed {seed} {a}: {} splits inside ordering searches",
                exact.iter().filter(|&&e| !e).count()
            );
        }
    }
}

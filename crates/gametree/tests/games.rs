//! Every [`Algorithm`] through [`search_game`]: a game searched to a depth
//! gives the value of its horizon tree and a best move of that value.

use gametree::{Algorithm, Cache, Config, Family, Game, Value, search_game};
use othello::{Othello, Position};
use tree_core::{ArrayVec, Horizon, minimax};

/// Take 1, 2 or 3 from a heap; whoever takes the last wins.
#[derive(Debug)]
struct Take3;

impl Game for Take3 {
    type Position = u32;
    type Move = u32;
    type Moves = ArrayVec<u32, 3>;
    fn moves(&self, heap: &u32, out: &mut ArrayVec<u32, 3>) {
        out.clear();
        out.extend(1..=(*heap).min(3));
    }
    fn play(&self, heap: &u32, take: u32) -> u32 {
        heap - take
    }
    fn evaluate(&self, heap: &u32) -> Value {
        Value::from_small(if *heap == 0 { -100 } else { (*heap % 4) as i16 })
    }
    fn hash(&self, heap: &u32) -> u64 {
        u64::from(*heap).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn max_moves(&self) -> Option<usize> {
        Some(3)
    }
    fn plies_left(&self, heap: &u32) -> Option<u32> {
        Some(*heap)
    }
}

fn config_for(a: Algorithm) -> Config {
    match a.family() {
        Family::Threads => Config::default().threads(2),
        _ => Config::default(),
    }
}

/// The value of `game` from `pos` at `depth`, by the oracle.
fn oracle<G: Game>(game: &G, pos: &G::Position, depth: u32) -> Value {
    minimax(&Horizon::new(game, pos.clone(), depth))
}

#[test]
fn every_algorithm_searches_a_game() {
    for heap in [0u32, 1, 5, 9, 12] {
        for depth in [0u32, 1, 4, 7] {
            let v = oracle(&Take3, &heap, depth);
            for a in crate::in_process() {
                let r = search_game(a, &Take3, &heap, depth, &config_for(a))
                    .unwrap_or_else(|e| panic!("{a} heap {heap} depth {depth}: {e}"));
                assert_eq!(r.value, v, "{a} heap {heap} depth {depth}");
                assert_eq!(r.depth, Some(depth), "{a}");
                match r.best {
                    None => assert!(depth == 0 || heap == 0, "{a} heap {heap}"),
                    Some(mv) => {
                        let after = oracle(&Take3, &Take3.play(&heap, mv), depth - 1);
                        assert_eq!(-after, v, "{a} heap {heap} depth {depth}: move {mv}");
                        assert_eq!(r.pv.first(), Some(&mv), "{a}");
                    }
                }
            }
        }
    }
}

#[test]
fn every_algorithm_searches_othello() {
    let positions = othello::experiment_positions();
    for pos in positions.iter().take(2) {
        let depth = 3;
        let v = oracle(&Othello, pos, depth);
        for a in crate::in_process() {
            let r = search_game(a, &Othello, pos, depth, &config_for(a))
                .unwrap_or_else(|e| panic!("{a}: {e}"));
            assert_eq!(r.value, v, "{a} on {pos}");
            let mv = r.best.expect("a move");
            let after = oracle(&Othello, &pos.play(mv).unwrap(), depth - 1);
            assert_eq!(-after, v, "{a}: {mv}");
        }
    }
}

/// A cache keeps the enhanced engine's table from move to move: the
/// second search of a position finds what the first stored.
#[test]
fn a_cache_keeps_the_table() {
    let mut cache = Cache::new();
    let config = Config::default().table_bytes(1 << 20);
    let pos = Position::initial();
    let first = cache
        .search_game(Algorithm::MtdfEnhanced, &Othello, &pos, 6, &config)
        .unwrap();
    let again = cache
        .search_game(Algorithm::MtdfEnhanced, &Othello, &pos, 6, &config)
        .unwrap();
    assert_eq!(first.value, again.value);
    assert!(
        again.leaves < first.leaves,
        "{} then {}",
        first.leaves,
        again.leaves
    );
    cache.clear();
    let cleared = cache
        .search_game(Algorithm::MtdfEnhanced, &Othello, &pos, 6, &config)
        .unwrap();
    assert_eq!(cleared.leaves, first.leaves);
}

/// The enhanced engines search a game on several threads and give the
/// one-thread value.
#[test]
fn threaded_game_searches_give_the_one_thread_value() {
    let pos = othello::experiment_positions()[3];
    let one = search_game(
        Algorithm::PvsEnhanced,
        &Othello,
        &pos,
        6,
        &Config::default(),
    )
    .unwrap();
    for method in [
        gametree::GameParallel::Ybwc,
        gametree::GameParallel::LazySmp,
    ] {
        let config = Config::default().threads(2).parallel(method);
        let r = search_game(Algorithm::PvsEnhanced, &Othello, &pos, 6, &config).unwrap();
        assert_eq!(r.value, one.value, "{method}");
        assert_eq!(r.threads, 2);
        assert_eq!(r.per_thread.len(), 2);
    }
}

#[test]
fn a_best_first_search_of_a_game_without_a_move_bound_needs_a_shape() {
    // Take 1 or 2 from a heap, with no declared move bound.
    let unbounded = tree_core::corpus::Take {
        most: 2,
        bounded: false,
        evaluate: |heap| Value::from_small(if heap == 0 { -1 } else { 0 }),
    };
    let e = search_game(Algorithm::Sss, &unbounded, &6, 6, &Config::default()).unwrap_err();
    assert!(e.to_string().contains("branching and depth"), "{e}");
    let shape = gametree::Bounds {
        branching: 2,
        depth: 6,
        uniform: false,
    };
    let r = search_game(
        Algorithm::Sss,
        &unbounded,
        &6,
        6,
        &Config::default().shape(shape),
    )
    .unwrap();
    assert_eq!(r.value, oracle(&unbounded, &6, 6));
}

/// An enhanced engine's peak memory is the table it allocated (a power of
/// two of buckets within the bytes asked for), on one thread and several.
#[test]
fn an_enhanced_engines_memory_is_its_table() {
    use gametree::MemoryUnit;
    use search_depthfirst::{GameTable, SharedTable};
    let pos = Position::initial();
    for bytes in [1000, 1 << 16, 3 << 20] {
        let config = Config::default().table_bytes(bytes);
        let r = search_game(Algorithm::MtdfEnhanced, &Othello, &pos, 3, &config).unwrap();
        assert_eq!(r.memory_unit, Some(MemoryUnit::TableBytes));
        assert_eq!(
            r.peak_memory,
            Some(GameTable::new(bytes).unwrap().bytes()),
            "{bytes}"
        );
        let r = search_game(
            Algorithm::MtdfEnhanced,
            &Othello,
            &pos,
            3,
            &config.threads(2),
        )
        .unwrap();
        assert_eq!(
            r.peak_memory,
            Some(SharedTable::new(bytes).unwrap().bytes()),
            "{bytes}"
        );
    }
}

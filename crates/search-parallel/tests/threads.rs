//! The multi-threaded searches: exact values on the shared corpus for every
//! thread count, sequential equivalence with one thread, dynamic window
//! updates and termination, errors and panics. Every test body runs under
//! [`bounded`](tree_core::corpus::bounded), which fails the test instead of hanging if a search never
//! returns.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::SeqCst};
use std::time::Duration;

use search_depthfirst::{SearchError, Window, alphabeta};
use search_parallel::ProcessorTree;
use search_parallel::threads::{
    StageWorker, ThreadActivity, ThreadAlgorithm, ThreadConfig, ThreadError, ThreadReport, search,
};
use tree_core::corpus::{Hooked, bounded};
use tree_core::{
    Counted, ExplicitTree, GenSpec, Generator, HashTree, Horizon, OrderedHashTree, Tree, Value,
    corpus, minimax,
};

const THREADS: [usize; 4] = [1, 2, 3, 8];

fn cfg(threads: usize) -> ThreadConfig {
    ThreadConfig::new(threads)
}

fn run<T>(algorithm: ThreadAlgorithm, tree: &T, config: ThreadConfig) -> ThreadReport
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let r = search(algorithm, tree, config.clone())
        .unwrap_or_else(|e| panic!("{algorithm} with {config:?}: {e}"));
    assert_eq!(r.algorithm, algorithm);
    assert_eq!(r.per_thread.iter().sum::<u64>(), r.leaves, "{algorithm}");
    r
}

/// Terminal evaluations of sequential fail-hard alpha-beta (Fig. 4).
fn alphabeta_leaves<T: Tree>(tree: &T, window: Window) -> (Value, u64) {
    let c = Counted::new(tree);
    let v = alphabeta(&c, window).expect("alpha-beta runs");
    (v, c.stats().leaves)
}

/// The report of a full-window search of `t` against the oracle: the
/// minimax value, and a best move and line (the move alone)
/// `corpus::check_line` accepts.
fn check_report<T: Tree>(t: &T, r: &ThreadReport, k: usize, what: &dyn std::fmt::Display) {
    corpus::check_line(t, r.value, r.best, &r.pv, false)
        .unwrap_or_else(|e| panic!("{}, {k} threads, on {what}: {e} ({r:?})", r.algorithm));
    assert!(r.pv.depth() <= 1, "{}: the best move alone", r.algorithm);
}

/// Every algorithm, every thread count, 5,000 random non-uniform trees
/// (ties, extreme values, terminal roots, single children) and the grid of
/// generated trees: the minimax value, and a best move and line the oracle
/// accepts. With more than one thread, also with frames (split nodes) in
/// the top two plies of these small trees, which would otherwise be too
/// small to split.
fn minimax_everywhere(algorithm: ThreadAlgorithm) {
    bounded(move || {
        let mut checked = 0;
        let configs = |k: usize| {
            let split =
                (k > 1 && algorithm != ThreadAlgorithm::ParallelStagedSss).then(|| ThreadConfig {
                    split_plies: Some(2),
                    ..cfg(k)
                });
            std::iter::once(cfg(k)).chain(split)
        };
        for (text, t) in corpus::random_trees(0x7412, 5000) {
            for k in THREADS {
                for c in configs(k) {
                    let r = run(algorithm, &t, c);
                    check_report(&t, &r, k, &text);
                }
                checked += 1;
            }
        }
        for g in corpus::generated_trees(2) {
            for k in THREADS {
                for c in configs(k) {
                    let r = run(algorithm, &g, c);
                    check_report(&g, &r, k, &format_args!("{:?}", g.spec()));
                }
                checked += 1;
            }
        }
        assert_eq!(
            checked,
            4 * (5000 + 2 * corpus::GENERATORS.len() * corpus::SHAPES.len())
        );
    });
}

/// Tree-splitting, pv-splitting, parallel staged SSS* and YBWC.
#[test]
fn every_algorithm_is_minimax() {
    for algorithm in ThreadAlgorithm::ALL {
        minimax_everywhere(algorithm);
    }
}

/// With a window, every algorithm returns the minimax value clamped into
/// it, as fail-hard alpha-beta does.
#[test]
fn windows_clamp_like_alphabeta() {
    bounded(|| {
        let v = |x: i32| Value::new(x).unwrap();
        let windows = [
            Window::new(v(-3), v(4)).unwrap(),
            Window::new(v(0), v(1)).unwrap(),
            Window::new(Value::NEG_INF, v(0)).unwrap(),
            Window::new(v(2), Value::INF).unwrap(),
        ];
        for (text, t) in corpus::random_trees(99, 800) {
            let m = minimax(&t);
            for w in windows {
                for algorithm in ThreadAlgorithm::ALL {
                    for k in [1, 3] {
                        let c = ThreadConfig {
                            window: w,
                            split_plies: Some(2),
                            ..cfg(k)
                        };
                        let r = run(algorithm, &t, c);
                        assert_eq!(r.value, w.clamp(m), "{algorithm} {w} {text}");
                        check_window_report(&t, &r, w, k, &text);
                    }
                }
            }
        }
    });
}

/// The best move with a window, as `search_depthfirst::Report` has it:
/// none after a fail low, a move that reaches β after a fail high, and the
/// oracle's check when the value is inside the window.
fn check_window_report<T: Tree>(t: &T, r: &ThreadReport, w: Window, k: usize, what: &str) {
    let a = r.algorithm;
    if r.value <= w.alpha() || t.num_children(&t.root()) == 0 {
        assert_eq!((r.best, r.pv.depth()), (None, 0), "{a} {w} {k} on {what}");
    } else if r.value >= w.beta() {
        let best = r
            .best
            .unwrap_or_else(|| panic!("{a} {w} {k} on {what}: no move failed high ({r:?})"));
        let v = tree_core::minimax_at(t, &t.child(&t.root(), best), false);
        assert!(
            v >= w.beta(),
            "{a} {w} {k} on {what}: move {best} is worth {v}"
        );
        assert_eq!(r.pv.digits(), [best as u16], "{a} {w} {k} on {what}");
    } else {
        check_report(t, r, k, &what);
    }
}

/// One thread is the sequential algorithm: tree-splitting, pv-splitting (one
/// slave) and YBWC evaluate exactly the terminals alpha-beta does, on the
/// same window.
#[test]
fn one_thread_is_alphabeta() {
    bounded(|| {
        let full = Window::FULL;
        let narrow = Window::new(Value::new(-2).unwrap(), Value::new(3).unwrap()).unwrap();
        let mut n = 0;
        for (text, t) in corpus::random_trees(5, 2000) {
            for w in [full, narrow] {
                let (v, leaves) = alphabeta_leaves(&t, w);
                for algorithm in crate::ALPHA_BETA_ON_ONE_THREAD {
                    let r = run(
                        algorithm,
                        &t,
                        ThreadConfig {
                            window: w,
                            ..cfg(1)
                        },
                    );
                    assert_eq!(
                        (r.value, r.leaves),
                        (v, leaves),
                        "{algorithm} {w} on {text}"
                    );
                    n += 1;
                }
            }
        }
        for g in corpus::generated_trees(2) {
            let (v, leaves) = alphabeta_leaves(&g, full);
            for algorithm in crate::ALPHA_BETA_ON_ONE_THREAD {
                let r = run(algorithm, &g, cfg(1));
                assert_eq!(
                    (r.value, r.leaves),
                    (v, leaves),
                    "{algorithm} on {:?}",
                    g.spec()
                );
            }
        }
        assert_eq!(n, 2000 * 2 * 3);
    });
}

/// A processor tree of depth 0 is alpha-beta on the calling thread; the
/// master of (1, K) evaluates nothing on trees with a non-terminal root.
#[test]
fn processor_tree_layout() {
    bounded(|| {
        let t = corpus::generated(Generator::RANDOM, 5, 5, 3);
        let (v, leaves) = alphabeta_leaves(&t, Window::FULL);
        for algorithm in [ThreadAlgorithm::TreeSplit, ThreadAlgorithm::PvSplit] {
            let c = ThreadConfig {
                processors: Some(ProcessorTree { depth: 0, width: 4 }),
                ..cfg(1)
            };
            let r = run(algorithm, &t, c);
            assert_eq!((r.value, r.leaves, r.per_thread.len()), (v, leaves, 1));
            let r = run(algorithm, &t, cfg(3));
            assert_eq!(r.per_thread.len(), 4);
            assert_eq!(r.per_thread[0], 0, "the master only hands out work");
            let c = ThreadConfig {
                processors: Some(ProcessorTree { depth: 2, width: 3 }),
                ..cfg(1)
            };
            assert_eq!(run(algorithm, &t, c).per_thread.len(), 13);
        }
        assert_eq!(
            run(ThreadAlgorithm::ParallelStagedSss, &t, cfg(3))
                .per_thread
                .len(),
            4
        );
        assert_eq!(run(ThreadAlgorithm::Ybwc, &t, cfg(3)).per_thread.len(), 3);
    });
}

/// Tree-splitting and pv-splitting, type-2 on and off, on processor trees
/// (2,2), (2,3), (3,2) and (1,5), each equal to minimax on `t`.
fn every_processor_tree<T>(t: &T, text: &str)
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let v = minimax(t);
    for (depth, width) in [(2, 2), (2, 3), (3, 2), (1, 5)] {
        for algorithm in [ThreadAlgorithm::TreeSplit, ThreadAlgorithm::PvSplit] {
            for type2 in [true, false] {
                let c = ThreadConfig {
                    processors: Some(ProcessorTree { depth, width }),
                    type2,
                    ..cfg(1)
                };
                let r = run(algorithm, t, c);
                assert_eq!(
                    r.value, v,
                    "{algorithm} ({depth},{width}) type2={type2} {text}"
                );
                check_report(t, &r, width.pow(depth as u32), &text);
            }
        }
    }
}

/// Deeper processor trees (masters below masters, windows through two
/// links), pv-splitting with and without the type-2 optimisation.
#[test]
fn deep_processor_trees() {
    bounded(|| {
        let trees: Vec<(String, ExplicitTree)> = corpus::random_trees(77, 300).collect();
        for g in corpus::generated_trees(1) {
            every_processor_tree(&g, &format!("{:?}", g.spec()));
        }
        for (text, t) in trees {
            every_processor_tree(&t, &text);
        }
    });
}

/// A (2, 1) processor tree (a chain: root processor, one sub-master, one
/// leaf processor) is sequential, so its leaf counts are deterministic: on
/// perfectly ordered trees tree-splitting and pv-splitting, with or without
/// the type-2 optimisation (which then only changes who searches what),
/// evaluate alpha-beta's minimal tree.
#[test]
fn pvsplit_chain_is_sequential() {
    bounded(|| {
        for (b, d) in [(3, 4), (4, 5), (2, 6)] {
            let t = corpus::generated(Generator::PERFECT, b, d, 1);
            let (v, leaves) = alphabeta_leaves(&t, Window::FULL);
            for type2 in [true, false] {
                for algorithm in [ThreadAlgorithm::TreeSplit, ThreadAlgorithm::PvSplit] {
                    let c = ThreadConfig {
                        processors: Some(ProcessorTree { depth: 2, width: 1 }),
                        type2,
                        ..cfg(1)
                    };
                    let r = run(algorithm, &t, c);
                    assert_eq!(
                        (r.value, r.leaves),
                        (v, leaves),
                        "{algorithm} type2={type2} ({b},{d})"
                    );
                }
            }
        }
    });
}

/// Parallel staged SSS*: every stage depth, both worker searches.
#[test]
fn staged_stage_depths_and_workers() {
    bounded(|| {
        for g in corpus::generated_trees(2) {
            let v = minimax(&g);
            for stage_depth in [1, 2, 3, 5] {
                for stage_worker in [StageWorker::AlphaBeta, StageWorker::Sss] {
                    for k in [1, 2, 4] {
                        let c = ThreadConfig {
                            stage_depth,
                            stage_worker,
                            ..cfg(k)
                        };
                        let r = run(ThreadAlgorithm::ParallelStagedSss, &g, c);
                        assert_eq!(
                            r.value,
                            v,
                            "k={stage_depth} {stage_worker:?} {:?}",
                            g.spec()
                        );
                    }
                }
            }
        }
        for (text, t) in corpus::random_trees(3, 1000) {
            let v = minimax(&t);
            for stage_depth in [1, 3] {
                let c = ThreadConfig {
                    stage_depth,
                    stage_worker: StageWorker::Sss,
                    ..cfg(2)
                };
                assert_eq!(
                    run(ThreadAlgorithm::ParallelStagedSss, &t, c).value,
                    v,
                    "{text}"
                );
            }
        }
    });
}

/// Larger trees, where searches really overlap: every algorithm on 2 and 3
/// threads.
#[test]
fn larger_trees() {
    bounded(|| {
        let gens = [
            Generator::RANDOM,
            Generator::STRONG,
            Generator::PERFECT,
            Generator::Random { lo: 0, hi: 2 },
        ];
        for g in gens {
            for (b, d) in [(8, 4), (5, 6)] {
                for seed in 0..3 {
                    let t = corpus::generated(g, b, d, seed);
                    let v = minimax(&t);
                    for algorithm in ThreadAlgorithm::ALL {
                        for k in [2, 3] {
                            assert_eq!(
                                run(algorithm, &t, cfg(k)).value,
                                v,
                                "{algorithm} {g:?} ({b},{d})"
                            );
                        }
                    }
                }
            }
        }
    });
}

/// A tree for the window-update tests: the root (MAX) has two successors.
/// The first is a terminal worth 10; the second a MIN node with `n`
/// terminals worth 5, which wait until the first has been evaluated and
/// then take a millisecond each. A slave searching the second successor
/// with the full window must evaluate all `n`; once the master's α = 10
/// reaches it (Fig. 11), its window is (−∞, −10) at its root, and the next
/// node cuts off.
struct Race {
    n: usize,
    first_done: AtomicBool,
    slow_leaves: AtomicU64,
}

impl Tree for Race {
    type Node = u32; // 0 root, 1 first, 2 second, 3.. terminals of second
    fn root(&self) -> u32 {
        0
    }
    fn num_children(&self, n: &u32) -> usize {
        match n {
            0 => 2,
            2 => self.n,
            _ => 0,
        }
    }
    fn child(&self, n: &u32, i: usize) -> u32 {
        match n {
            0 => 1 + i as u32,
            _ => 3 + i as u32,
        }
    }
    fn value(&self, n: &u32) -> Value {
        if *n == 1 {
            self.first_done.store(true, SeqCst);
            return Value::new(10).unwrap();
        }
        // Wait (bounded) for the first successor, then be slow.
        for _ in 0..10_000 {
            if self.first_done.load(SeqCst) {
                break;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.slow_leaves.fetch_add(1, SeqCst);
        std::thread::sleep(Duration::from_millis(1));
        Value::new(5).unwrap()
    }
}

/// Fig. 11: the bound found by one slave reaches the other's running search.
#[test]
fn window_updates_reach_running_slaves() {
    bounded(|| {
        for algorithm in [ThreadAlgorithm::TreeSplit, ThreadAlgorithm::PvSplit] {
            let t = Race {
                n: 2000,
                first_done: AtomicBool::new(false),
                slow_leaves: AtomicU64::new(0),
            };
            let r = run(algorithm, &t, cfg(2));
            assert_eq!(r.value, Value::new(10).unwrap());
            // Without the update the second slave evaluates all 2000.
            assert!(r.leaves < 1 + 2000, "{algorithm}: {} leaves", r.leaves);
        }
    });
}

/// Fig. 10's terminate(): a cutoff at the master stops the running slave.
#[test]
fn cutoff_terminates_slaves() {
    bounded(|| {
        let beta = Value::new(3).unwrap();
        let t = Race {
            n: 2000,
            first_done: AtomicBool::new(false),
            slow_leaves: AtomicU64::new(0),
        };
        let c = ThreadConfig {
            window: Window::new(Value::NEG_INF, beta).unwrap(),
            ..cfg(2)
        };
        let r = run(ThreadAlgorithm::TreeSplit, &t, c);
        assert_eq!(r.value, beta);
        assert!(t.slow_leaves.load(SeqCst) < 2000);
    });
}

/// A tree that panics in `value` at one terminal, or in `num_children` at
/// the root (which only the calling thread sees).
struct Panicky<T> {
    inner: T,
    /// Panic at the `at`-th value call (1-based); 0 = at the root's
    /// `num_children`.
    at: u64,
    calls: AtomicU64,
}

impl<T: Tree> Tree for Panicky<T> {
    type Node = T::Node;
    fn root(&self) -> T::Node {
        self.inner.root()
    }
    fn num_children(&self, n: &T::Node) -> usize {
        if self.at == 0 {
            panic!("the root cannot be expanded");
        }
        self.inner.num_children(n)
    }
    fn child(&self, n: &T::Node, i: usize) -> T::Node {
        self.inner.child(n, i)
    }
    fn value(&self, n: &T::Node) -> Value {
        if self.calls.fetch_add(1, SeqCst) + 1 == self.at {
            panic!("leaf number {} is broken", self.at);
        }
        self.inner.value(n)
    }
    fn bounds(&self) -> Option<tree_core::Bounds> {
        self.inner.bounds()
    }
}

/// A panic in the user's tree, on any thread, is an error, never a hang or
/// a propagated panic.
#[test]
fn panics_become_errors() {
    bounded(|| {
        for algorithm in ThreadAlgorithm::ALL {
            for at in [0, 1, 7, 150] {
                for k in [1, 2, 8] {
                    let t = Panicky {
                        inner: corpus::generated(Generator::RANDOM, 6, 5, 11),
                        at,
                        calls: AtomicU64::new(0),
                    };
                    match search(algorithm, &t, cfg(k)) {
                        Err(ThreadError::WorkerPanicked { message }) => {
                            let expected = if at == 0 {
                                "the root cannot be expanded".to_string()
                            } else {
                                format!("leaf number {at} is broken")
                            };
                            assert_eq!(message, expected, "{algorithm} {k}");
                        }
                        other => panic!("{algorithm} at={at} k={k}: {other:?}"),
                    }
                }
            }
        }
    });
}

/// A terminal valued +∞ breaks the `Tree` contract: an error, as in the
/// sequential searches.
#[test]
fn sentinel_leaf_is_an_error() {
    bounded(|| {
        // A root of three leaves, the middle one +∞, its shape not reported.
        let t = ExplicitTree::parse("[1,7,1]").unwrap();
        let shapeless = Hooked::shapeless(&t);
        let sentinel = corpus::Sentinels(&shapeless);
        for algorithm in ThreadAlgorithm::ALL {
            for k in [1, 2] {
                let e = search(algorithm, &sentinel, cfg(k)).unwrap_err();
                assert!(
                    matches!(e, ThreadError::Search(SearchError::SentinelLeaf { .. })),
                    "{algorithm}: {e}"
                );
            }
        }
    });
}

#[test]
fn bad_configurations() {
    let t = corpus::generated(Generator::RANDOM, 3, 3, 1);
    for algorithm in ThreadAlgorithm::ALL {
        assert_eq!(search(algorithm, &t, cfg(0)), Err(ThreadError::ZeroThreads));
    }
    let zero_width = ThreadConfig {
        processors: Some(ProcessorTree { depth: 1, width: 0 }),
        ..cfg(2)
    };
    assert_eq!(
        search(ThreadAlgorithm::TreeSplit, &t, zero_width),
        Err(ThreadError::ZeroThreads)
    );
    let huge = ThreadConfig {
        processors: Some(ProcessorTree {
            depth: 3,
            width: 16,
        }),
        ..cfg(2)
    };
    assert!(matches!(
        search(ThreadAlgorithm::PvSplit, &t, huge),
        Err(ThreadError::TooManyThreads { requested: 4369 })
    ));
    assert!(matches!(
        search(ThreadAlgorithm::Ybwc, &t, cfg(5000)),
        Err(ThreadError::TooManyThreads { .. })
    ));
    let stage0 = ThreadConfig {
        stage_depth: 0,
        ..cfg(2)
    };
    assert_eq!(
        search(ThreadAlgorithm::ParallelStagedSss, &t, stage0),
        Err(ThreadError::ZeroStageDepth)
    );
    // SSS* workers need the shape; a tree that does not report it is an error.
    let sss_workers = ThreadConfig {
        stage_worker: StageWorker::Sss,
        ..cfg(2)
    };
    assert!(matches!(
        search(
            ThreadAlgorithm::ParallelStagedSss,
            &Hooked::shapeless(&t),
            sss_workers
        ),
        Err(ThreadError::BestFirst(_))
    ));
    // ... while alpha-beta workers do not.
    assert_eq!(
        search(
            ThreadAlgorithm::ParallelStagedSss,
            &Hooked::shapeless(&t),
            cfg(2)
        )
        .map(|r| r.value),
        Ok(minimax(&t))
    );
}

#[test]
fn names() {
    for a in ThreadAlgorithm::ALL {
        assert_eq!(a.to_string().parse::<ThreadAlgorithm>(), Ok(a));
    }
    let names: Vec<String> = ThreadAlgorithm::ALL.iter().map(|a| a.to_string()).collect();
    assert_eq!(
        names,
        ["treesplit", "pvsplit", "parallel-staged-sss", "ybwc"]
    );
    let e = "tree-split".parse::<ThreadAlgorithm>().unwrap_err();
    assert_eq!(
        e,
        ThreadError::UnknownAlgorithm {
            name: "tree-split".into()
        }
    );
    assert!(
        e.to_string()
            .contains("treesplit, pvsplit, parallel-staged-sss, ybwc")
    );
}

/// Parallel staged SSS* speculates: with two idle workers at the start, the
/// master hands out the first children of the root's first two MIN
/// successors at once (the horizon states OPEN will produce), and SSS* must
/// evaluate both, so both workers evaluate terminals.
#[test]
fn staged_sss_uses_every_worker() {
    bounded(|| {
        for g in [Generator::RANDOM, Generator::STRONG] {
            let t = corpus::generated(g, 6, 4, 5);
            let r = run(ThreadAlgorithm::ParallelStagedSss, &t, cfg(2));
            assert_eq!(r.value, minimax(&t));
            assert_eq!(r.per_thread.len(), 3);
            assert!(
                r.per_thread[1] > 0 && r.per_thread[2] > 0,
                "{:?}",
                r.per_thread
            );
        }
    });
}

/// The worker threads are kept between searches: a second search runs on
/// the same threads as the first, a panic in one search does not break the
/// threads, and the next search on them is exact again.
#[test]
fn threads_are_reused_and_survive_panics() {
    bounded(|| {
        let build = |seed| corpus::generated(Generator::RANDOM, 8, 5, seed);
        for algorithm in ThreadAlgorithm::ALL {
            for k in [2, 3] {
                let mut seen = Vec::new();
                for seed in 0..6 {
                    if seed == 3 {
                        // A failed search in between.
                        let t = Panicky {
                            inner: build(seed),
                            at: 50,
                            calls: AtomicU64::new(0),
                        };
                        assert!(matches!(
                            search(algorithm, &t, cfg(k)),
                            Err(ThreadError::WorkerPanicked { .. })
                        ));
                        continue;
                    }
                    // The threads that evaluate the tree's terminals.
                    let threads = std::sync::Mutex::new(std::collections::HashSet::new());
                    let t = Hooked::new(build(seed), |v| {
                        threads.lock().unwrap().insert(std::thread::current().id());
                        v
                    });
                    let r = run(algorithm, &t, cfg(k));
                    assert_eq!(r.value, minimax(&t.tree), "{algorithm} {k}");
                    let mut ids: Vec<_> = threads.lock().unwrap().iter().copied().collect();
                    ids.retain(|id| *id != std::thread::current().id());
                    seen.push(ids);
                }
                // No search started threads of its own: every worker thread
                // seen is one of a fixed set, at most the pool's size.
                let all: std::collections::HashSet<_> = seen.iter().flatten().collect();
                assert!(
                    all.len() <= k,
                    "{algorithm} on {k} threads used {} distinct worker threads",
                    all.len()
                );
            }
        }
    });
}

/// With one worker parallel staged SSS* speculates nothing: every job is
/// the one its master pops next, so with SSS* workers on trees of at most
/// two stages it evaluates exactly the terminals of sequential staged SSS*.
#[test]
fn staged_one_worker_is_sequential_staged_sss() {
    use search_bestfirst::{Variant, hybrid};
    bounded(|| {
        for g in [Generator::RANDOM, Generator::STRONG, Generator::PERFECT] {
            for (b, d) in [(24, 4), (6, 4), (5, 3), (3, 2)] {
                for seed in 0..3 {
                    let t = corpus::generated(g, b, d, seed);
                    let c = Counted::new(&t);
                    let staged = hybrid::Config {
                        kind: hybrid::Kind::Staged(2),
                        variant: Variant::Leftmost,
                        ..hybrid::Config::default()
                    };
                    let o = hybrid::search(&c, &staged).unwrap();
                    let config = ThreadConfig {
                        stage_worker: StageWorker::Sss,
                        ..cfg(1)
                    };
                    let r = run(ThreadAlgorithm::ParallelStagedSss, &t, config);
                    assert_eq!(
                        (r.value, r.leaves),
                        (o.value, c.stats().leaves),
                        "{g:?} ({b},{d}) seed {seed}"
                    );
                }
            }
        }
    });
}

/// Searches started from several threads at once share the kept pools:
/// each still returns the exact value, and none waits forever for threads
/// another search holds.
#[test]
fn concurrent_searches_share_pools() {
    bounded(|| {
        std::thread::scope(|s| {
            for caller in 0..3u64 {
                s.spawn(move || {
                    for seed in 0..8 {
                        let t = GenSpec::new(Generator::RANDOM, 6, 5, 100 * caller + seed, 0)
                            .build()
                            .unwrap();
                        let v = minimax(&t);
                        for algorithm in ThreadAlgorithm::ALL {
                            for k in [2, 3] {
                                assert_eq!(run(algorithm, &t, cfg(k)).value, v, "{algorithm} {k}");
                            }
                        }
                    }
                });
            }
        });
    });
}

/// `algorithm` on `t` for 1, 2, 3 and 8 threads and several split regions:
/// the one-thread value and leaves are alpha-beta's, every other value
/// equals it; a hand-off offered is a hand-off taken. Returns the
/// hand-offs made.
fn equals_one_thread<T>(t: &T, what: &str) -> u64
where
    T: Tree + Sync,
    T::Node: Send + Sync,
{
    let (v, leaves) = alphabeta_leaves(t, Window::FULL);
    let mut handoffs = 0;
    for algorithm in crate::ALPHA_BETA_ON_ONE_THREAD {
        let one = run(algorithm, t, cfg(1));
        assert_eq!(
            (one.value, one.leaves),
            (v, leaves),
            "{algorithm} on {what}"
        );
        assert!(one.activity.is_empty());
        for k in THREADS {
            for split_plies in [None, Some(0), Some(1), Some(3)] {
                let c = ThreadConfig {
                    split_plies,
                    ..cfg(k)
                };
                let r = run(algorithm, t, c);
                assert_eq!(
                    r.value, one.value,
                    "{algorithm}, {k} threads, split plies {split_plies:?}, on {what}"
                );
                if k > 1 {
                    assert_eq!(r.activity.len(), k, "{algorithm} on {what}");
                    let total = ThreadActivity::total(&r.activity);
                    assert_eq!(total.splits, total.joins, "{algorithm} on {what}");
                    handoffs += total.joins;
                }
            }
        }
    }
    handoffs
}

/// The cheap trees the speed-up table uses (smaller), with and without
/// their shape: random and strongly ordered, narrow and wide, with the
/// split region reaching several plies.
#[test]
fn cheap_trees_equal_one_thread() {
    bounded(|| {
        let mut handoffs = 0;
        for (b, d) in [(8, 7), (24, 4), (4, 10), (2, 19)] {
            for seed in 0..2 {
                let t = HashTree::new(b, d, seed).unwrap();
                handoffs += equals_one_thread(&t, &format!("random ({b},{d}) seed {seed}"));
                let s = OrderedHashTree::strong(b, d + 1, seed).unwrap();
                handoffs += equals_one_thread(&s, &format!("strong ({b},{}) seed {seed}", d + 1));
            }
        }
        let ties = HashTree::with_range(8, 7, 3, 0, 2).unwrap();
        handoffs += equals_one_thread(&ties, "random (8,7) values 0..=2");
        let t = HashTree::new(8, 6, 9).unwrap();
        handoffs += equals_one_thread(&Hooked::shapeless(t), "random (8,6) without its shape");
        let s = OrderedHashTree::strong(8, 7, 9).unwrap();
        handoffs += equals_one_thread(&Hooked::shapeless(s), "strong (8,7) without its shape");
        // Hundreds of searches on 2–8 threads: some work changed hands
        // (how much depends on the scheduler, not on the search).
        assert!(handoffs > 0, "no thread ever helped another");
    });
}

/// Othello positions (the experiment positions, searched to depths 4–6
/// through `Horizon`): every algorithm, 1/2/3/8 threads, equals one thread
/// and alpha-beta.
#[test]
fn othello_positions_equal_one_thread() {
    bounded(|| {
        let positions = othello::experiment_positions();
        for (k, depth) in [(0, 6), (7, 5), (21, 5), (49, 4)] {
            let t = Horizon::new(othello::Othello, positions[k], depth);
            let _ = equals_one_thread(&t, &format!("Othello position {k} depth {depth}"));
        }
    });
}

/// Many searches of mid-sized cheap trees on 2, 3 and 8 threads, to shake
/// out races in the split-point engine (`cargo test -- --ignored`; about
/// ten seconds).
#[test]
#[ignore]
fn engine_stress() {
    bounded(|| {
        for seed in 0..1000 {
            let t = if seed % 2 == 0 {
                HashTree::with_range(8, 7, seed, 0, 20).unwrap()
            } else {
                HashTree::with_range(2, 20, seed, 0, 20).unwrap()
            };
            let s = OrderedHashTree::strong(6, 8, seed).unwrap();
            let (vt, vs) = (
                alphabeta(&t, Window::FULL).unwrap(),
                alphabeta(&s, Window::FULL).unwrap(),
            );
            for algorithm in crate::ALPHA_BETA_ON_ONE_THREAD {
                for k in [2, 3, 8] {
                    assert_eq!(
                        run(algorithm, &t, cfg(k)).value,
                        vt,
                        "{algorithm} {k} {seed}"
                    );
                    assert_eq!(
                        run(algorithm, &s, cfg(k)).value,
                        vs,
                        "{algorithm} {k} {seed}"
                    );
                }
            }
        }
    });
}

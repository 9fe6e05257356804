//! The protocol on ranks that are threads of this process
//! ([`LocalTransport`]): exact values on the shared corpus for every
//! processor tree, algorithm and option; sequential equivalence and the
//! simulator's counts where the schedule cannot vary; window updates and
//! termination; heartbeats; and every failure — wrong rank counts, bad
//! configurations, refusing, mismatched, silent and rogue ranks, a sentinel
//! leaf on a slave. Every test body runs under [`bounded`], which fails the
//! test instead of hanging.

use std::time::{Duration, Instant};

use search_depthfirst::{Window, alphabeta};
use search_distributed::{
    DistAlgorithm, DistConfig, DistError, DistReport, LocalTransport, MessageKind, PvReading,
    Transport, local_cluster, refuse, search,
};
use search_parallel::{ProcessorTree, SimAlgorithm, simulate};

use crate::support::mute::Mute;
use crate::support::two_way::TwoWay;
use tree_core::corpus::{Hooked, bounded};
use tree_core::{
    BestChild, Counted, ExplicitTree, GenSpec, Generator, Tree, Value, corpus, minimax,
};

fn pt(depth: usize, width: usize) -> ProcessorTree {
    ProcessorTree { depth, width }
}

use tree_core::corpus::value as v;

/// The configuration the tests use: short idle sleeps (threads on a small
/// machine), default timeouts.
fn config(p: ProcessorTree) -> DistConfig {
    let mut c = DistConfig::new(p);
    c.idle_sleep = Duration::from_micros(20);
    c
}

/// [`config`] with every evaluation taking `evaltime`.
fn paced(p: ProcessorTree, evaltime: Duration) -> DistConfig {
    DistConfig {
        evaltime: Some(evaltime),
        ..config(p)
    }
}

fn size(p: ProcessorTree) -> usize {
    p.processors().unwrap() as usize
}

/// What each rank's thread returns: its results, one per search.
type RankResults = Vec<Result<Option<DistReport>, DistError>>;

/// Runs `rank(r, transport)` on one thread per rank and returns each
/// rank's output, in rank order.
fn on_ranks<R: Send>(ranks: usize, rank: impl Fn(usize, LocalTransport) -> R + Sync) -> Vec<R> {
    std::thread::scope(|s| {
        let rank = &rank;
        let handles: Vec<_> = local_cluster(ranks)
            .into_iter()
            .enumerate()
            .map(|(r, t)| s.spawn(move || rank(r, t)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a rank panicked"))
            .collect()
    })
}

/// One search after another on the same ranks; stops at a rank's first
/// error (aborting the job if it needs it).
fn searches<T: Tree + Sync>(
    algorithm: DistAlgorithm,
    trees: &[T],
    config: DistConfig,
) -> Vec<RankResults> {
    on_ranks(size(config.processors), |_, mut t| {
        let mut out = Vec::new();
        for tree in trees {
            let r = search(algorithm, tree, &mut t, &config);
            let failed = r.is_err();
            if let Err(e) = &r
                && e.needs_abort()
            {
                t.abort(1);
            }
            out.push(r);
            if failed {
                break;
            }
        }
        out
    })
}

/// Rank 0's reports of a run of searches that all succeeded.
fn reports<T: Tree + Sync>(
    algorithm: DistAlgorithm,
    trees: &[T],
    config: DistConfig,
) -> Vec<DistReport> {
    let mut all = searches(algorithm, trees, config);
    if let Some(Err(e)) = all[0].last() {
        panic!("{algorithm} on {config:?}, tree {}: {e}", all[0].len() - 1);
    }
    for (r, results) in all.iter().enumerate().skip(1) {
        assert_eq!(results.len(), trees.len(), "rank {r}: {:?}", results.last());
        for x in results {
            assert_eq!(x, &Ok(None), "rank {r}");
        }
    }
    all.swap_remove(0)
        .into_iter()
        .map(|r| {
            r.unwrap_or_else(|e| panic!("{algorithm} on {config:?}: {e}"))
                .expect("rank 0 reports")
        })
        .collect()
}

/// The report's own consistency: one entry per rank, messages sent equal
/// messages received, jobs given equal jobs handed out.
fn consistent(r: &DistReport) {
    let n = size(r.processors);
    assert_eq!(r.per_rank.len(), n);
    for k in MessageKind::ALL {
        if matches!(k, MessageKind::Stats | MessageKind::Done) {
            continue; // sent after the counts are taken
        }
        let received: u64 = r.per_rank.iter().map(|s| s.received[k.index()].count).sum();
        assert_eq!(r.sent(k), received, "{k}");
    }
    assert_eq!(r.jobs(), r.per_rank.iter().map(|s| s.jobs).sum::<u64>());
    assert!(r.per_rank.iter().all(|s| s.terminated <= s.jobs));
    assert_eq!(r.per_rank[0].jobs, 0);
}

/// Every variant of both algorithms the tests run.
fn variants(p: ProcessorTree) -> Vec<(DistAlgorithm, DistConfig)> {
    let mut out = Vec::new();
    for update in [true, false] {
        let mut c = config(p);
        c.update = update;
        out.push((DistAlgorithm::TreeSplit, c));
    }
    for (pv, type2, update) in [
        (PvReading::Fig12, true, true),
        (PvReading::Simulated, true, false),
        (PvReading::Fig12, false, true),
    ] {
        let mut c = config(p);
        c.pv = pv;
        c.type2 = type2;
        c.update = update;
        out.push((DistAlgorithm::PvSplit, c));
    }
    out
}

/// The best move leads to a position of the root's value (the oracle's
/// check; with ties any such move is right).
fn best_is_right<T: Tree>(tree: &T, r: &DistReport) {
    if let Err(e) = corpus::check_best(tree, r.value, r.best) {
        panic!("{} on {:?}: {e}", r.algorithm, r.processors);
    }
}

#[test]
fn exact_on_the_corpus() {
    bounded(|| {
        let random: Vec<ExplicitTree> = corpus::random_trees(13, 150).map(|(_, t)| t).collect();
        let generated: Vec<_> = corpus::generated_trees(1).collect();
        let want_r: Vec<Value> = random.iter().map(minimax).collect();
        let want_g: Vec<Value> = generated.iter().map(minimax).collect();
        for p in [pt(0, 1), pt(1, 1), pt(1, 2), pt(1, 3), pt(2, 2)] {
            for (algorithm, c) in variants(p) {
                let got = reports(algorithm, &random, c);
                for (i, r) in got.iter().enumerate() {
                    assert_eq!(r.value, want_r[i], "{algorithm} {c:?} random tree {i}");
                    best_is_right(&random[i], r);
                    consistent(r);
                }
                let got = reports(algorithm, &generated, c);
                for (i, r) in got.iter().enumerate() {
                    assert_eq!(r.value, want_g[i], "{algorithm} {c:?} generated tree {i}");
                    best_is_right(&generated[i], r);
                    consistent(r);
                }
            }
        }
    });
}

#[test]
fn windows_give_alphabetas_fail_hard_value() {
    bounded(|| {
        let trees: Vec<ExplicitTree> = corpus::random_trees(5, 60).map(|(_, t)| t).collect();
        for (lo, hi) in [(-3, 4), (0, 1), (-9, -2)] {
            let w = Window::new(v(lo), v(hi)).unwrap();
            for p in [pt(1, 2), pt(2, 2)] {
                for algorithm in DistAlgorithm::ALL {
                    let mut c = config(p);
                    c.window = w;
                    for (t, r) in trees.iter().zip(reports(algorithm, &trees, c)) {
                        assert_eq!(r.value, alphabeta(t, w).unwrap(), "{algorithm} {w} {p}");
                    }
                }
            }
        }
    });
}

/// Terminal evaluations of sequential fail-hard alpha-beta.
fn alphabeta_leaves<T: Tree>(tree: &T, w: Window) -> u64 {
    let c = Counted::new(tree);
    alphabeta(&c, w).unwrap();
    c.stats().leaves
}

#[test]
fn one_slave_at_a_time_is_alpha_beta() {
    // With one leaf processor nothing can run out of order: every
    // algorithm evaluates alpha-beta's terminals, on the leaf processor.
    bounded(|| {
        let trees: Vec<ExplicitTree> = corpus::random_trees(21, 80).map(|(_, t)| t).collect();
        for p in [pt(0, 3), pt(1, 1), pt(2, 1)] {
            for (algorithm, c) in variants(p) {
                for (t, r) in trees.iter().zip(reports(algorithm, &trees, c)) {
                    // (Masters evaluate the terminals they are given, so
                    // the evaluations may sit on several ranks.)
                    assert_eq!(
                        r.leaves(),
                        alphabeta_leaves(t, Window::FULL),
                        "{algorithm} {c:?}"
                    );
                    if p.depth == 0 {
                        assert_eq!(r.per_rank[0].leaves, r.leaves());
                    }
                }
            }
        }
    });
}

#[test]
fn the_simulators_counts_where_the_schedule_is_fixed() {
    // The simulator (EVALTIME = 1, free messages) and the real protocol
    // make the same decisions whenever no decision depends on timing: one
    // slave (a chain), or, without window updates, a root with no more
    // successors than slaves (every job starts at once under the full
    // window and the root never cuts off). Then the terminals of every
    // rank agree exactly.
    bounded(|| {
        let shapes = [(3, 4), (2, 5), (3, 3), (2, 6)];
        let mut trees = Vec::new();
        for (k, &(b, d)) in shapes.iter().enumerate() {
            for g in [Generator::RANDOM, Generator::STRONG, Generator::PERFECT] {
                for index in 0..3 {
                    trees.push(GenSpec::new(g, b, d, 40 + k as u64, index).build().unwrap());
                }
            }
        }
        let cases = [
            (pt(1, 1), DistAlgorithm::TreeSplit, SimAlgorithm::TreeSplit),
            (pt(2, 1), DistAlgorithm::TreeSplit, SimAlgorithm::TreeSplit),
            (pt(1, 1), DistAlgorithm::PvSplit, SimAlgorithm::PvSplitType2),
            (pt(2, 1), DistAlgorithm::PvSplit, SimAlgorithm::PvSplitType2),
            (pt(2, 1), DistAlgorithm::PvSplit, SimAlgorithm::PvSplit),
            (pt(1, 3), DistAlgorithm::TreeSplit, SimAlgorithm::TreeSplit),
            (pt(1, 6), DistAlgorithm::TreeSplit, SimAlgorithm::TreeSplit),
        ];
        for (p, algorithm, sim) in cases {
            let mut c = config(p);
            c.update = false;
            c.pv = PvReading::Simulated;
            c.type2 = sim == SimAlgorithm::PvSplitType2;
            let plies = sim.plies_needed(p.depth).unwrap_or(0);
            let fixed: Vec<_> = trees
                .iter()
                .filter(|t| p.width == 1 || t.num_children(&t.root()) <= p.width)
                .filter(|t| t.bounds().unwrap().depth >= plies)
                .cloned()
                .collect();
            assert!(fixed.len() >= 9, "{p}");
            for (t, r) in fixed.iter().zip(reports(algorithm, &fixed, c)) {
                let s = simulate(sim, t, p).unwrap();
                assert_eq!(r.per_rank_leaves(), s.evaluations, "{algorithm} {sim} {p}");
            }
        }
    });
}

#[test]
fn under_evaltime_emulation_the_counts_are_the_simulators() {
    // EVALTIME emulation (3 ms) puts the ranks on the simulator's clock:
    // wherever no rank fell off it, every rank evaluated exactly the
    // terminals the simulator gives its processor, and the search took the
    // simulator's time — timing decisions included (which slave gets
    // which successor, under which window, and when a cutoff stops whom).
    bounded(|| {
        let mut trees = Vec::new();
        for best in [BestChild::Uniform, BestChild::First] {
            for index in 0..2 {
                let spec = GenSpec::new(Generator::campbell(best), 4, 4, 11, index);
                trees.push(spec.build().unwrap());
            }
        }
        // Emulation is only as good as the host's scheduler: on a loaded
        // machine a message can arrive late enough to change a decision
        // without any evaluation being late. So each search is tried up to
        // three times; it counts as kept to the clock when one attempt
        // matches the simulator, and the test fails when every attempt
        // claimed to be on the clock (`late() == 0`) and none matched.
        let mut checked = 0;
        for p in [pt(1, 2), pt(2, 2)] {
            for (algorithm, sim) in [
                (DistAlgorithm::TreeSplit, SimAlgorithm::TreeSplit),
                (DistAlgorithm::PvSplit, SimAlgorithm::PvSplitType2),
            ] {
                let mut c = config(p);
                c.update = false;
                c.pv = PvReading::Simulated;
                c.evaltime = Some(Duration::from_millis(3));
                for t in &trees {
                    let s = simulate(sim, t, p).unwrap();
                    let mut on_clock_mismatches = Vec::new();
                    for _attempt in 0..3 {
                        let r = reports(algorithm, std::slice::from_ref(t), c).remove(0);
                        assert_eq!(r.value, minimax(t));
                        if r.late() != 0 {
                            continue;
                        }
                        let seen = (r.per_rank_leaves(), r.virtual_elapsed);
                        if seen == (s.evaluations.clone(), Some(s.elapsed)) {
                            checked += 1;
                            on_clock_mismatches.clear();
                            break;
                        }
                        on_clock_mismatches.push(seen);
                    }
                    assert!(
                        on_clock_mismatches.len() < 3,
                        "{algorithm} {p}: three on-clock runs, none as simulated \
                         ({:?}, {:?}): {on_clock_mismatches:?}",
                        s.evaluations,
                        s.elapsed
                    );
                }
            }
        }
        assert!(
            checked >= 4,
            "only {checked} of 16 searches kept to the clock"
        );
    });
}

fn two_way(first: i32, b: usize, d: usize) -> TwoWay {
    TwoWay::new(first, b, d)
}

#[test]
fn terminate_stops_a_running_slave() {
    // Window (-inf, 0): the first successor (a terminal worth 5) is a
    // cutoff at the root, so the slave on the big second successor is
    // terminated. It stops within one poll interval of the TERMINATE.
    bounded(|| {
        let t = two_way(5, 8, 7);
        let w = Window::new(Value::NEG_INF, v(0)).unwrap();
        let sub = tree_core::Subtree::new(&t, t.child(&t.root(), 1), true);
        let full = alphabeta_leaves(&sub, Window::new(v(0), Value::INF).unwrap());
        assert!(full > 50_000, "{full}");
        for p in [pt(1, 2), pt(2, 2)] {
            let mut c = config(p);
            c.window = w;
            // 50 µs per evaluation: unstopped, the slave would run for
            // seconds.
            c.evaltime = Some(Duration::from_micros(50));
            let r = &reports(DistAlgorithm::TreeSplit, std::slice::from_ref(&t), c)[0];
            assert_eq!(r.value, v(0));
            let second = if p.depth == 1 { 2 } else { 4 };
            let cut: u64 = r.per_rank[second..].iter().map(|s| s.leaves).sum();
            assert!(cut < full / 10, "{p}: {cut} of {full} evaluated");
            assert_eq!(r.per_rank[second].terminated, 1, "{p}");
            assert!(r.sent(MessageKind::Terminate) >= 1);
            assert!(
                r.after_terminate() <= 2 * u64::from(c.poll) * (size(p) as u64),
                "{p}: {} after TERMINATE",
                r.after_terminate()
            );
        }
    });
}

#[test]
fn updates_narrow_a_running_slaves_window() {
    // The first successor's value reaches the slave searching the second
    // one (Fig. 11), which then needs far fewer evaluations than with the
    // window it started with.
    bounded(|| {
        // 9000 is near the top of the random leaves' range (0..9999), so
        // the second successor is refuted as soon as one of its
        // successors is at most 9000.
        let t = two_way(9000, 6, 7);
        let p = pt(1, 2);
        let mut on = config(p);
        on.poll = 8;
        // Evaluations slow enough (20 µs) that the update, a few
        // microseconds away, comes early even on a loaded machine.
        on.evaltime = Some(Duration::from_micros(20));
        let mut off = on;
        off.update = false;
        let with = &reports(DistAlgorithm::TreeSplit, std::slice::from_ref(&t), on)[0];
        let without = &reports(DistAlgorithm::TreeSplit, std::slice::from_ref(&t), off)[0];
        assert_eq!(with.value, minimax(&t));
        assert_eq!(without.value, minimax(&t));
        assert!(with.per_rank[2].received[MessageKind::Update.index()].count >= 1);
        assert_eq!(without.sent(MessageKind::Update), 0);
        let sub = tree_core::Subtree::new(&t, t.child(&t.root(), 1), true);
        let full = alphabeta_leaves(&sub, Window::FULL);
        assert_eq!(without.per_rank[2].leaves, full);
        assert!(
            with.per_rank[2].leaves < full * 3 / 4,
            "{} with updates, {full} without",
            with.per_rank[2].leaves
        );
    });
}

#[test]
fn busy_slaves_send_heartbeats_and_are_not_declared_dead() {
    bounded(|| {
        // Up to 8 terminals per slave job, 100 ms each: jobs of up to
        // 0.8 s against a timeout of 0.4 s and heartbeats every 40 ms.
        // (A single Tree call must stay under the timeout: a rank cannot
        // speak in the middle of one.)
        // (An explicit tree whose terminals take their time; its shape
        // unreported.)
        let t = Hooked {
            tree: ExplicitTree::uniform(2, 4, &(0..16).map(|i| (i * 7) % 5).collect::<Vec<_>>())
                .unwrap(),
            on_leaf: |v| {
                std::thread::sleep(Duration::from_millis(100));
                v
            },
            shape: false,
        };
        let mut c = config(pt(1, 2));
        c.heartbeat = Duration::from_millis(40);
        c.timeout = Duration::from_millis(400);
        c.poll = 1;
        let r = &reports(DistAlgorithm::TreeSplit, std::slice::from_ref(&t), c)[0];
        assert_eq!(r.value, minimax(&t.tree));
        let longest = r.per_rank.iter().map(|s| s.busy_ns).max().unwrap();
        assert!(
            longest > 400_000_000,
            "a job longer than the timeout: {r:?}"
        );
        assert!(r.sent(MessageKind::Heartbeat) >= 5, "{r:?}");
    });
}

#[test]
fn evaltime_paces_the_evaluations() {
    bounded(|| {
        let t = corpus::generated(Generator::RANDOM, 3, 3, 1);
        let c = DistConfig {
            update: false,
            ..paced(pt(1, 2), Duration::from_millis(2))
        };
        let start = Instant::now();
        let r = &reports(DistAlgorithm::TreeSplit, std::slice::from_ref(&t), c)[0];
        // The busiest slave's evaluations take at least their EVALTIME.
        let most = r.per_rank.iter().map(|s| s.leaves).max().unwrap();
        assert!(start.elapsed() >= Duration::from_millis(2) * most as u32);
        assert_eq!(r.value, minimax(&t));
    });
}

// ----- failures ------------------------------------------------------------

#[test]
fn configuration_errors_on_every_rank_before_any_message() {
    bounded(|| {
        let t = corpus::generated(Generator::RANDOM, 2, 3, 1);
        let cases = [
            (
                5,
                config(pt(2, 2)),
                "has 7 processors, one per MPI rank, but the job has 5 ranks",
            ),
            (8, config(pt(2, 2)), "mpirun -np 7"),
            (3, config(pt(2, 0)), "width >= 1"),
            (2, config(pt(40, 2)), "more than"),
            (
                3,
                DistConfig {
                    poll: 0,
                    ..config(pt(1, 2))
                },
                "poll interval",
            ),
            (
                3,
                DistConfig {
                    timeout: Duration::from_millis(10),
                    heartbeat: Duration::from_millis(10),
                    ..config(pt(1, 2))
                },
                "longer than the heartbeat",
            ),
        ];
        for (ranks, c, message) in cases {
            for r in on_ranks(ranks, |_, mut x| {
                search(DistAlgorithm::PvSplit, &t, &mut x, &c)
            }) {
                let e = r.unwrap_err();
                assert!(e.to_string().contains(message), "{e}");
                assert!(!e.needs_abort());
            }
        }
        assert!(matches!(
            "ybwc".parse::<DistAlgorithm>(),
            Err(DistError::UnknownAlgorithm { .. })
        ));
        assert_eq!(
            "pvsplit".parse::<DistAlgorithm>(),
            Ok(DistAlgorithm::PvSplit)
        );
    });
}

#[test]
fn a_sentinel_leaf_on_a_slave_is_reported_by_rank_0() {
    bounded(|| {
        let good = corpus::generated(Generator::RANDOM, 3, 3, 2);
        // A tree text cannot hold ±inf: wrap a tree whose leaf 99 lies.
        let liar = Hooked {
            tree: "[[1,2,3],[[99,4],5],[6,7]]"
                .parse::<ExplicitTree>()
                .unwrap(),
            on_leaf: |x| if x == v(99) { Value::INF } else { x },
            shape: false,
        };
        for p in [pt(1, 3), pt(2, 2)] {
            let results = searches(
                DistAlgorithm::TreeSplit,
                std::slice::from_ref(&liar),
                config(p),
            );
            let e = results[0][0].clone().unwrap_err();
            assert!(matches!(e, DistError::Remote { .. }), "{e:?}");
            assert!(e.to_string().contains("+inf"), "{e}");
            assert!(!e.needs_abort());
            // The others were told to stop, and the ranks still work.
            let failed = results[1..]
                .iter()
                .filter(|r| matches!(r[0], Err(DistError::Search(_))))
                .count();
            assert_eq!(failed, 1);
            assert!(results[1..].iter().all(|r| r[0].is_err()));
        }
        // The good tree on a fresh set of ranks is fine.
        let r = &reports(
            DistAlgorithm::TreeSplit,
            std::slice::from_ref(&good),
            config(pt(1, 3)),
        )[0];
        assert_eq!(r.value, minimax(&good));
    });
}

#[test]
fn a_rank_that_cannot_load_its_tree_is_reported() {
    bounded(|| {
        let t = corpus::generated(Generator::RANDOM, 3, 3, 2);
        let c = config(pt(1, 3));
        for bad_rank in [0, 2] {
            let results = on_ranks(4, |r, mut x| {
                if r == bad_rank {
                    Err(refuse(&mut x, &c, "cannot read tree file 'x.tree'"))
                } else {
                    search(DistAlgorithm::TreeSplit, &t, &mut x, &c)
                }
            });
            let e = results[0].clone().unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("rank {bad_rank} cannot take part: cannot read tree file 'x.tree'")
            );
            for (r, x) in results.iter().enumerate() {
                assert!(x.is_err(), "rank {r}");
            }
        }
    });
}

#[test]
fn ranks_with_other_inputs_are_refused() {
    bounded(|| {
        let a = corpus::generated(Generator::RANDOM, 3, 3, 2);
        let b = GenSpec::new(Generator::RANDOM, 3, 3, 2, 1).build().unwrap();
        let c = config(pt(1, 3));
        let mut other = c;
        other.update = false;
        for (tree_of_2, config_of_2) in [(&b, c), (&a, other)] {
            let results = on_ranks(4, |r, mut x| {
                if r == 2 {
                    search(DistAlgorithm::TreeSplit, tree_of_2, &mut x, &config_of_2)
                } else {
                    search(DistAlgorithm::TreeSplit, &a, &mut x, &c)
                }
            });
            assert_eq!(results[0], Err(DistError::Mismatch { rank: 2 }));
            assert!(results[1..].iter().all(|r| r == &Err(DistError::Aborted)));
        }
    });
}

/// Runs a search in which rank `mute` goes silent after `sends` messages;
/// returns rank 0's error and how long it took to come.
fn silent_rank(p: ProcessorTree, mute: usize, sends: usize) -> (DistError, Duration) {
    let t = corpus::generated(Generator::RANDOM, 6, 6, 3);
    let mut c = config(p);
    c.heartbeat = Duration::from_millis(50);
    c.timeout = Duration::from_millis(400);
    // Slow enough that the search is still running when the rank falls
    // silent.
    c.evaltime = Some(Duration::from_micros(200));
    let start = Instant::now();
    let results = on_ranks(size(p), |r, x| {
        let mut x = Mute {
            inner: x,
            sends: if r == mute { sends } else { usize::MAX },
        };
        let out = search(DistAlgorithm::TreeSplit, &t, &mut x, &c);
        if let Err(e) = &out
            && r == 0
        {
            // What the command line does after printing the error.
            if e.needs_abort() {
                x.abort(1);
            }
            return (out, start.elapsed());
        }
        (out, start.elapsed())
    });
    let (r0, when) = results[0].clone();
    (r0.unwrap_err(), when)
}

#[test]
fn a_silent_rank_is_reported_within_the_timeout() {
    bounded(|| {
        // Silent from the start: no READY.
        let (e, when) = silent_rank(pt(1, 2), 2, 0);
        assert!(
            matches!(
                e,
                DistError::Silent {
                    rank: 2,
                    during: "starting (no READY)",
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.needs_abort());
        assert!(when < Duration::from_secs(5), "{when:?}");
        // A leaf processor under rank 0 dies after its first result.
        let (e, _) = silent_rank(pt(1, 2), 1, 2);
        assert!(matches!(e, DistError::Silent { rank: 1, .. }), "{e:?}");
        assert!(
            e.to_string()
                .contains("it has died, hangs or is unreachable"),
            "{e}"
        );
        // A slave master dies; rank 0 notices.
        let (e, _) = silent_rank(pt(2, 2), 4, 2);
        assert_eq!(e.silent_rank(), Some(4), "{e:?}");
        // A leaf under a slave master dies; the slave master notices and
        // tells rank 0.
        let (e, _) = silent_rank(pt(2, 2), 5, 2);
        assert!(
            matches!(
                e,
                DistError::Remote {
                    rank: 4,
                    silent: Some(5),
                    ..
                }
            ),
            "{e:?}"
        );
        assert!(e.needs_abort());
    });
}

#[test]
fn a_rogue_message_is_a_protocol_error_not_a_panic() {
    bounded(|| {
        let t = corpus::generated(Generator::RANDOM, 4, 5, 3);
        let c = paced(pt(1, 2), Duration::from_micros(300));
        let results = on_ranks(3, |r, mut x| {
            if r == 2 {
                // Garbage instead of READY.
                let _ = x.send(0, &[0xff; 12]);
                // Wait for rank 0's ABORT.
                loop {
                    match x.try_recv() {
                        Ok(None) => std::thread::sleep(Duration::from_millis(1)),
                        _ => return Err(DistError::Aborted),
                    }
                }
            }
            search(DistAlgorithm::TreeSplit, &t, &mut x, &c)
        });
        let e = results[0].clone().unwrap_err();
        assert!(matches!(e, DistError::Protocol { .. }), "{e:?}");
    });
}

#[test]
fn a_job_for_a_node_the_tree_lacks_is_refused() {
    // Same shape, root branching and end values, different middles: the
    // fingerprint cannot tell, the node path can.
    bounded(|| {
        let a: ExplicitTree = "[[1,[2,3]],[4,5],9]".parse().unwrap();
        let c_tree: ExplicitTree = "[[[1,3]],[4,5],9]".parse().unwrap();
        let c = config(pt(2, 1));
        let results = on_ranks(3, |r, mut x| {
            let t = if r == 2 { &c_tree } else { &a };
            search(DistAlgorithm::TreeSplit, t, &mut x, &c)
        });
        let e = results[0].clone().unwrap_err();
        assert!(
            matches!(&e, DistError::Remote { rank: 2, .. }) && e.to_string().contains("node 12"),
            "{e:?}"
        );
        assert!(matches!(results[2], Err(DistError::BadPath { .. })));
    });
}

//! The task farm on ranks that are threads of this process
//! ([`LocalTransport`]): results in job order on every rank whatever the
//! rank count and the speed of the jobs, every job computed once, the
//! first failing job reported alike everywhere, and every failure of the
//! farm itself — silent ranks on either side, ranks at different batches,
//! bad configurations — an error within the timeout, never a hang. Every
//! test body runs under [`bounded`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use search_distributed::{
    DistError, Farm, FarmConfig, FarmError, LocalTransport, Transport, local_cluster,
};

use tree_core::corpus::bounded;

use crate::support::mute::Mute;

/// Quick heartbeats and a short timeout (still long against a time slice
/// on a loaded machine), for the failure tests.
fn brisk(threads: usize) -> FarmConfig {
    FarmConfig {
        heartbeat: Duration::from_millis(50),
        timeout: Duration::from_millis(1500),
        idle_sleep: Duration::from_micros(50),
        ..FarmConfig::new(threads)
    }
}

/// Runs `body(farm)` on every rank of a `size`-rank cluster (rank r with
/// `config(r)`, each on its own thread); returns what each rank returned.
fn on_ranks<R: Send>(
    size: usize,
    config: impl Fn(usize) -> FarmConfig + Sync,
    body: impl Fn(&mut Farm<LocalTransport>) -> R + Sync,
) -> Vec<R> {
    std::thread::scope(|s| {
        let handles: Vec<_> = local_cluster(size)
            .into_iter()
            .enumerate()
            .map(|(r, x)| {
                let (config, body) = (&config, &body);
                s.spawn(move || body(&mut Farm::new(x, config(r)).expect("a valid farm")))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

/// Job `i`'s bytes after some uneven work, so that ranks and threads
/// finish out of order.
fn square(i: usize) -> Result<Vec<u8>, String> {
    let spin = (0..(i as u64 % 7) * 3_000).fold(0u64, |a, x| a ^ x.wrapping_mul(i as u64));
    std::hint::black_box(spin);
    Ok(((i * i) as u64).to_le_bytes().to_vec())
}

fn squares(n: usize) -> Vec<Vec<u8>> {
    (0..n).map(|i| square(i).unwrap()).collect()
}

#[test]
fn results_come_back_in_job_order_on_every_rank() {
    bounded(|| {
        for size in [1, 2, 4] {
            let batches = [7, 0, 1, 200, 3];
            let out = on_ranks(
                size,
                |r| FarmConfig::new(1 + r % 2),
                |farm| {
                    let mut seen = Vec::new();
                    let results: Vec<_> = batches
                        .iter()
                        .map(|&n| {
                            farm.run(n, n as u64, square, |j| seen.push(j))
                                .expect("no failure")
                        })
                        .collect();
                    (results, seen, farm.jobs_by_rank().to_vec())
                },
            );
            let total: usize = batches.iter().sum();
            for (r, (results, seen, by_rank)) in out.iter().enumerate() {
                for (&n, got) in batches.iter().zip(results) {
                    assert_eq!(got, &squares(n), "rank {r} of {size}, batch of {n}");
                }
                if r == 0 {
                    // Every job reported once as done, every job counted
                    // once against the rank that ran it.
                    let mut seen = seen.clone();
                    seen.sort_unstable();
                    assert_eq!(seen.len(), total);
                    assert_eq!(by_rank.iter().sum::<u64>(), total as u64);
                } else {
                    assert!(seen.is_empty(), "rank {r} reported progress");
                }
            }
        }
    });
}

#[test]
fn a_leading_rank_without_threads_hands_every_job_out_once() {
    bounded(|| {
        let n = 300;
        let computed: Vec<AtomicUsize> = (0..n).map(|_| AtomicUsize::new(0)).collect();
        let by_rank = Mutex::new(Vec::new());
        let out = on_ranks(
            3,
            |r| FarmConfig::new(if r == 0 { 0 } else { 2 }),
            |farm| {
                let rank = farm.rank();
                let work = |i: usize| {
                    computed[i].fetch_add(1, Ordering::Relaxed);
                    by_rank.lock().unwrap().push((rank, i));
                    square(i)
                };
                let got = farm.run(n, 1, work, |_| {}).unwrap();
                (got, farm.jobs_by_rank().to_vec())
            },
        );
        for (got, _) in &out {
            assert_eq!(got, &squares(n));
        }
        assert!(computed.iter().all(|c| c.load(Ordering::Relaxed) == 1));
        let ran = by_rank.into_inner().unwrap();
        assert!(ran.iter().all(|&(r, _)| r != 0), "rank 0 computed");
        // Rank 0's tally agrees with who really ran what.
        let tally = &out[0].1;
        assert_eq!(tally[0], 0);
        for (r, &n) in tally.iter().enumerate().skip(1) {
            let really = ran.iter().filter(|&&(x, _)| x == r).count() as u64;
            assert_eq!(n, really, "rank {r}");
        }
    });
}

#[test]
fn the_first_failing_job_is_the_error_everywhere_and_the_farm_goes_on() {
    bounded(|| {
        let out = on_ranks(
            3,
            |_| FarmConfig::new(2),
            |farm| {
                let failing = |i: usize| {
                    if i >= 13 && i % 10 == 3 {
                        Err(format!("job {i} is bad"))
                    } else if i == 40 {
                        panic!("job 40 panicked")
                    } else {
                        square(i)
                    }
                };
                let first = farm.run(100, 0, failing, |_| {});
                let panicking = farm.run(
                    100,
                    1,
                    |i| if i == 40 { failing(i) } else { square(i) },
                    |_| {},
                );
                let after = farm.run(5, 2, square, |_| {});
                (first, panicking, after)
            },
        );
        for (r, (first, panicking, after)) in out.into_iter().enumerate() {
            assert_eq!(
                first,
                Err(FarmError::Job {
                    job: 13,
                    message: "job 13 is bad".into()
                }),
                "rank {r}"
            );
            match panicking {
                Err(FarmError::Job { job: 40, message }) => {
                    assert!(message.contains("job 40 panicked"), "{message}")
                }
                other => panic!("rank {r}: {other:?}"),
            }
            assert_eq!(after, Ok(squares(5)), "rank {r}");
        }
    });
}

/// Whether `e` reports `rank` silent while `during`.
fn silent(e: &FarmError, rank: usize, during: &str) -> bool {
    match e {
        FarmError::Dist(DistError::Silent {
            rank: r, during: d, ..
        }) => (*r, *d) == (rank, during),
        _ => false,
    }
}

/// Runs one batch of slow jobs on 3 ranks, rank `mute` going silent after
/// `after` messages; returns each rank's error and when it came.
fn with_a_mute_rank(mute: usize, after: usize) -> Vec<(FarmError, Duration)> {
    let start = Instant::now();
    std::thread::scope(|s| {
        let handles: Vec<_> = local_cluster(3)
            .into_iter()
            .map(|x| {
                s.spawn(move || {
                    let r = x.rank();
                    let x = Mute {
                        inner: x,
                        sends: if r == mute { after } else { usize::MAX },
                    };
                    let mut farm = Farm::new(x, brisk(1)).unwrap();
                    let slow = |i| {
                        std::thread::sleep(Duration::from_millis(30));
                        square(i)
                    };
                    let e = farm.run(60, 0, slow, |_| {}).unwrap_err();
                    (e, start.elapsed())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn a_silent_worker_is_reported_by_rank_0_within_the_timeout() {
    bounded(|| {
        // Rank 2 says hello, answers a job or two, then falls silent.
        let out = with_a_mute_rank(2, 2);
        let (e, at) = &out[0];
        assert!(silent(e, 2, "running jobs"), "{e:?}");
        assert!(e.needs_abort());
        assert!(e.to_string().contains("rank 2 sent nothing"), "{e}");
        // Not a performance threshold: the batch alone takes 60 × 30 ms /
        // 3 threads; far less than that means the silence was seen, not
        // the batch run to its end.
        assert!(*at < Duration::from_secs(120), "{at:?}");
        // Rank 1 is told to stop by rank 0.
        assert!(
            matches!(
                &out[1].0,
                FarmError::Dist(DistError::Remote { rank: 0, .. })
            ),
            "{:?}",
            out[1].0
        );
    });
}

#[test]
fn a_silent_rank_0_is_reported_by_the_others_and_nobody_hangs() {
    bounded(|| {
        // Rank 0 hands out a few jobs, then falls silent.
        let out = with_a_mute_rank(0, 2);
        for (r, (e, _)) in out.iter().enumerate() {
            match (r, e) {
                // Rank 0 sees nothing from rank 1, which stopped when rank
                // 0 went silent; whichever it noticed first.
                (0, FarmError::Dist(DistError::Silent { rank, .. })) => assert_ne!(*rank, 0),
                (
                    _,
                    FarmError::Dist(DistError::Silent {
                        rank: 0, during, ..
                    }),
                ) => {
                    assert_eq!(*during, "leading a batch of jobs")
                }
                _ => panic!("rank {r}: {e:?}"),
            }
            assert!(e.needs_abort());
        }
    });
}

#[test]
fn a_rank_that_never_comes_is_reported() {
    bounded(|| {
        let mut ranks = local_cluster(2);
        // Rank 1 exists but never joins the batch.
        let _absent = ranks.pop();
        let x = ranks.pop().unwrap();
        let mut farm = Farm::new(x, brisk(1)).unwrap();
        let e = farm.run(4, 0, square, |_| {}).unwrap_err();
        let during = "the other ranks started a batch of jobs";
        assert!(silent(&e, 1, during), "{e:?}");
    });
}

#[test]
fn ranks_at_different_batches_are_an_error_not_a_hang() {
    bounded(|| {
        let out = on_ranks(3, brisk, |farm| {
            // Rank 2 has one job more than the others.
            let n = if farm.rank() == 2 { 6 } else { 5 };
            farm.run(n, 0, square, |_| {}).unwrap_err()
        });
        match &out[0] {
            FarmError::Dist(DistError::Protocol { message }) => {
                assert!(
                    message.contains("every rank must run the same command"),
                    "{message}"
                )
            }
            e => panic!("{e:?}"),
        }
        for e in &out[1..] {
            assert!(
                matches!(e, FarmError::Dist(DistError::Remote { rank: 0, .. })),
                "{e:?}"
            );
            assert!(!e.needs_abort());
        }
        // A different fingerprint is caught too.
        let out = on_ranks(2, FarmConfig::new, |farm| {
            farm.run(5, farm.rank() as u64, square, |_| {}).unwrap_err()
        });
        assert!(out[0].to_string().contains("fingerprint"), "{}", out[0]);
    });
}

#[test]
fn bad_configurations_are_refused() {
    let mut ranks = local_cluster(2);
    let one = ranks.pop().unwrap();
    let zero = ranks.pop().unwrap();
    let slow_beat = FarmConfig {
        timeout: Duration::from_secs(1),
        ..FarmConfig::new(1)
    };
    let e = Farm::new(zero, slow_beat).unwrap_err();
    assert!(matches!(e, DistError::BadConfig { .. }), "{e:?}");
    let e = Farm::new(one, FarmConfig::new(0)).unwrap_err();
    assert!(
        e.to_string().contains("rank 1 of 2 needs at least one"),
        "{e}"
    );
    let alone = local_cluster(1).pop().unwrap();
    assert!(Farm::new(alone, FarmConfig::new(0)).is_err());
}

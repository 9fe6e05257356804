//! `reproduce::sweep`: the reproduction swept over in-process ranks, and
//! what crosses the wire.

use anyhow::Result;
use search_distributed::{Farm, FarmConfig, FarmError, Transport, local_cluster};
use xtask::reproduce::config::{Config, Timings};
use xtask::reproduce::doc::Outputs;
use xtask::reproduce::progress::{Mode, Progress};
use xtask::reproduce::sweep::{decode, encode, farm_error, install, uninstall};
use xtask::reproduce::{self, jobs};

/// `body` on `size` ranks that are threads of this process, a farm
/// installed on each, rank 0 only leading (so that every result
/// crosses the transport): what each rank returned, and rank 0's jobs
/// per rank.
fn on_ranks<T: Send>(size: usize, body: impl Fn() -> T + Sync) -> Vec<(T, Vec<u64>)> {
    std::thread::scope(|s| {
        let ranks: Vec<_> = local_cluster(size)
            .into_iter()
            .map(|x| {
                let body = &body;
                s.spawn(move || {
                    let threads = usize::from(x.rank() != 0);
                    let x: Box<dyn Transport> = Box::new(x);
                    install(Farm::new(x, FarmConfig::new(threads)).unwrap(), 7);
                    let out = body();
                    let farm = uninstall().expect("installed");
                    (out, farm.jobs_by_rank().to_vec())
                })
            })
            .collect();
        ranks.into_iter().map(|h| h.join().unwrap()).collect()
    })
}

fn swept(size: usize, cfg: &Config) -> Vec<(Outputs, Vec<u64>)> {
    on_ranks(size, || {
        reproduce::run(cfg, None).expect("the reproduction runs")
    })
}

/// The property `cargo xtask reproduce --mpi` promises, without MPI:
/// every experiment swept over 3 ranks gives the counts documents of a
/// single-process run, byte for byte, on every rank; the timed run's
/// durations cross the wire too (made-up ones, so that they differ
/// from call to call: every rank still shows the same).
#[test]
fn a_sweep_over_ranks_gives_the_counts_of_one_process() {
    let timed = Config {
        timings: Timings::Fake,
        ..Config::new(true, Some(1), false)
    };
    let want = crate::one_tree_run();
    let ranks = swept(3, &timed);
    for (r, (out, _)) in ranks.iter().enumerate() {
        let names = |o: &Outputs| o.counts.iter().map(|d| d.name.clone()).collect::<Vec<_>>();
        assert_eq!(names(out), names(want), "rank {r}");
        for (got, want) in out.counts.iter().zip(&want.counts) {
            assert!(got == want, "rank {r}: {} differs", got.name);
        }
        // The times themselves (the prose mentions each rank's host).
        let csvs = |o: &Outputs| o.times.iter().map(|d| d.csv.clone()).collect::<Vec<_>>();
        assert!(csvs(out) == csvs(&ranks[0].0), "rank {r}: times differ");
    }
    // Every experiment but those without times (worked examples,
    // campbell-tables-8-10, hypotheses, the two Campbell p. 29 experiments,
    // qg-readings), and the claims about time gathered from the others.
    assert_eq!(ranks[0].0.times.len(), 7, "times documents of a timed run");
    assert_eq!(
        ranks[0].0.times.last().map(|d| d.name.as_str()),
        Some("claims-time")
    );
    let tally = &ranks[0].1;
    assert_eq!(tally[0], 0, "rank 0 only leads");
    assert!(tally[1] + tally[2] > 0, "no job ran: {tally:?}");
}

#[test]
fn a_failing_job_fails_every_rank_as_in_one_process() {
    let jobs: Vec<u64> = (0..50).collect();
    let hidden = Progress::new(Mode::Hidden, "test", 0);
    let work = |&j: &u64| -> Result<u64> {
        if j % 10 == 3 {
            anyhow::bail!("job {j} failed")
        }
        Ok(j)
    };
    let alone = jobs::run(&jobs, &hidden, work).unwrap_err();
    for (r, (e, _)) in on_ranks(3, || jobs::run(&jobs, &hidden, work).unwrap_err())
        .into_iter()
        .enumerate()
    {
        assert_eq!(e.to_string(), alone.to_string(), "rank {r}");
        assert!(
            matches!(farm_error(&e), Some(FarmError::Job { job: 3, .. })),
            "rank {r}: {e:?}"
        );
    }
    assert!(farm_error(&alone).is_none());
}

/// Integers, options, durations and floats of every kind.
type Mixed = (Vec<Option<(u64, u64)>>, std::time::Duration, f64, f64);

#[test]
fn results_round_trip_exactly() {
    let x: Mixed = (
        vec![Some((u64::MAX, 0u64)), None],
        std::time::Duration::new(3, 999_999_999),
        -0.1f64,
        f64::MIN_POSITIVE,
    );
    let back: Mixed = decode(&encode(&x).unwrap()).unwrap();
    assert_eq!(back.0, x.0);
    assert_eq!(back.1, x.1);
    assert_eq!(back.2.to_bits(), x.2.to_bits());
    assert_eq!(back.3.to_bits(), x.3.to_bits());
    assert!(decode::<u64>(b"\xff\x00").is_err());
}

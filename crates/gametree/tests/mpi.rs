//! The searches on MPI ranks through the front door (feature `mpi`; run by
//! `scripts/test-mpi.sh`). What the configuration refuses is checked here,
//! before any MPI call; the searches run under `mpirun` on the
//! `mpi-check` driver (the package's example `examples/mpi_check.rs`,
//! which the first test to need it builds with cargo), each `mpirun` a
//! batch of searches one after another on the same ranks, rank 0 printing
//! a JSON line per search.

use std::time::Duration;

use gametree::{Algorithm, Config, Error, Family, ProcessorTree, Setting, StopHandle, search};
use serde_json::Value as Json;
use tree_core::corpus::mpirun as job;
use tree_core::{GenSpec, Generator};

const BOTH: [Algorithm; 2] = [Algorithm::MpiTreeSplit, Algorithm::MpiPvSplit];

#[test]
fn the_distributed_searches_are_algorithms() {
    for a in BOTH {
        assert_eq!(a.family(), Family::Distributed);
        assert!(Algorithm::ALL.contains(&a));
        assert_eq!(a.name().parse::<Algorithm>().unwrap(), a);
        assert!(a.description().contains("MPI ranks"), "{}", a.description());
    }
    assert_eq!(Algorithm::MpiTreeSplit.name(), "mpi-treesplit");
    assert_eq!(Algorithm::MpiPvSplit.name(), "mpi-pvsplit");
    assert_eq!(Family::ALL.last(), Some(&Family::Distributed));
}

#[test]
fn mpi_searches_take_processors_window_type2_and_a_timeout() {
    for a in BOTH {
        let taken: Vec<Setting> = Setting::ALL
            .iter()
            .copied()
            .filter(|&s| a.takes(s))
            .collect();
        let mut want = vec![Setting::Window, Setting::Processors];
        if a == Algorithm::MpiPvSplit {
            want.push(Setting::Type2);
        }
        want.push(Setting::RankTimeout);
        assert_eq!(taken, want, "{a}");
    }
    assert_eq!(
        Setting::RankTimeout.algorithms().collect::<Vec<_>>(),
        BOTH.to_vec()
    );
}

/// Every option the searches do not take is refused by name, before MPI
/// is touched (this test process never initialises it).
#[test]
fn mpi_options_not_taken_are_refused() {
    let tree = GenSpec::new(Generator::RANDOM, 3, 4, 1, 0).build().unwrap();
    let configs = [
        (Setting::Memory, Config::default().memory(100)),
        (Setting::TableBytes, Config::default().table_bytes(1 << 16)),
        (Setting::Threads, Config::default().threads(2)),
        (
            Setting::TimeLimit,
            Config::default().time_limit(Duration::from_secs(1)),
        ),
        (Setting::MaxLeaves, Config::default().max_leaves(10)),
        (Setting::Cancel, Config::default().cancel(StopHandle::new())),
        (Setting::Trace, Config::default().trace(true)),
        (Setting::Stage, Config::default().stage(2)),
        (Setting::SplitPlies, Config::default().split_plies(1)),
        (Setting::Pv, Config::default().pv(false)),
    ];
    for a in BOTH {
        for (setting, config) in &configs {
            match search(a, &tree, config) {
                Err(Error::NotTaken {
                    algorithm,
                    setting: s,
                }) => assert_eq!((algorithm, s), (a, *setting)),
                other => panic!("{a} with {setting}: {other:?}"),
            }
        }
        let e = search(a, &tree, &configs[0].1).unwrap_err().to_string();
        assert!(e.contains(&format!("'{a}' does not take")), "{e}");
    }
    let no_type2 = Config::default().type2(false);
    assert!(matches!(
        search(Algorithm::MpiTreeSplit, &tree, &no_type2),
        Err(Error::NotTaken {
            setting: Setting::Type2,
            ..
        })
    ));
    let zero = Config::default().rank_timeout(Duration::ZERO);
    assert!(matches!(
        search(Algorithm::MpiPvSplit, &tree, &zero),
        Err(Error::InvalidSetting {
            setting: Setting::RankTimeout,
            ..
        })
    ));
    // The threads' processor tree is theirs; the MPI searches' too.
    let p = Config::default().processors(ProcessorTree { depth: 1, width: 2 });
    assert!(p.check(Algorithm::MpiTreeSplit).is_ok());
}

/// `mpirun -np ranks mpi-check cases…`: rank 0's JSON lines, one per case;
/// the job killed and the test failed after two minutes.
fn mpirun(ranks: usize, cases: &[String]) -> Vec<Json> {
    let program = job::example(env!("CARGO_MANIFEST_DIR"), "mpi-check");
    let out = job::run(ranks, &[], program, cases, Duration::from_secs(120));
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    let status = out.status;
    assert!(status.success(), "mpirun -np {ranks}: {stdout}\n{stderr}");
    let lines: Vec<Json> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), cases.len(), "{stdout}");
    for (line, case) in lines.iter().zip(cases) {
        assert_eq!(line["case"], case.as_str());
    }
    lines
}

fn data(name: &str) -> String {
    format!("{}/../tree-core/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The trees every batch searches, and their minimax values where the
/// papers give them.
fn trees() -> Vec<(String, Option<i64>)> {
    vec![
        (format!("tree={}", data("table1.tree")), Some(2)),
        (format!("tree={}", data("pi.tree")), Some(2)),
        (format!("tree={}", data("stockman.tree")), None),
        (format!("tree={}", data("table2.tree")), None),
        ("gen=random,5,6,1".into(), None),
        ("gen=strong,4,7,2".into(), None),
        ("gen=perfect,8,4,0".into(), None),
        ("gen=random,3,0,0".into(), None),
        ("take3=9,5".into(), None),
        ("take3=12,7".into(), None),
    ]
}

/// Rank 0's report of a search that ran on `ranks` ranks: the exact
/// value, a best move of that value, the counts summed over the ranks.
fn check_report(line: &Json, ranks: usize, known: Option<i64>) {
    let (r, oracle) = (&line["report"], &line["oracle"]);
    assert!(r.is_object(), "{line}");
    assert_eq!(r["value"], oracle["value"], "{line}");
    if let Some(v) = known {
        assert_eq!(r["value"], v, "{line}");
    }
    assert_eq!(r["bound"], "exact", "{line}");
    assert_eq!(oracle["best_ok"], "yes", "{line}");
    assert_eq!(
        r["pv"].as_array().unwrap().len(),
        usize::from(!r["best"].is_null())
    );
    assert_eq!(r["threads"], ranks);
    let per_rank = r["per_thread"].as_array().unwrap();
    assert_eq!(per_rank.len(), ranks, "{line}");
    let sum: u64 = per_rank.iter().map(|x| x.as_u64().unwrap()).sum();
    assert_eq!(r["leaves"].as_u64(), Some(sum), "{line}");
    let mpi = &r["mpi"];
    assert_eq!(mpi["ranks"], ranks);
    let stats = mpi["per_rank"].as_array().unwrap();
    assert_eq!(stats.len(), ranks);
    let interior: u64 = stats.iter().map(|s| s["interior"].as_u64().unwrap()).sum();
    assert_eq!(r["interior"].as_u64(), Some(interior), "{line}");
    let jobs: u64 = stats.iter().map(|s| s["jobs"].as_u64().unwrap()).sum();
    let assigns = mpi["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "assign")
        .expect("assign messages")["sent"]
        .as_u64();
    assert_eq!(assigns, Some(jobs), "{line}");
}

/// Both searches on `ranks` ranks, with the processor tree given and (the
/// tree (1, ranks − 1)) without: exact values on every tree.
fn exact_values(ranks: usize, processors: &str) {
    let mut cases = Vec::new();
    let mut known = Vec::new();
    for a in BOTH {
        for (tree, value) in trees() {
            for p in [format!(" processors={processors}"), String::new()] {
                cases.push(format!("{a} {tree}{p}"));
                known.push(value);
            }
        }
    }
    cases.push(format!(
        "mpi-pvsplit gen=strong,4,7,2 processors={processors} no-type2"
    ));
    known.push(None);
    cases.push(format!(
        "mpi-treesplit gen=random,5,6,1 processors={processors} timeout-ms=5000"
    ));
    known.push(None);
    let lines = mpirun(ranks, &cases);
    for (line, value) in lines.iter().zip(known) {
        check_report(line, ranks, value);
    }
}

#[test]
fn mpi_exact_values_on_3_ranks() {
    exact_values(3, "1,2");
}

#[test]
fn mpi_exact_values_on_7_ranks() {
    exact_values(7, "2,2");
}

/// A window: the fail-hard value and its bound; errors on rank 0, after
/// which the same ranks search again; a rank that cannot build its tree.
#[test]
fn mpi_windows_errors_and_refusals() {
    let pi = format!("tree={}", data("pi.tree"));
    let table1 = format!("tree={}", data("table1.tree"));
    let cases: Vec<String> = vec![
        format!("mpi-pvsplit {pi} alpha=3 beta=9"),
        format!("mpi-treesplit {pi} alpha=-5 beta=1"),
        format!("mpi-treesplit {pi} alpha=1 beta=3"),
        format!("mpi-treesplit {table1} memory=10"),
        format!("mpi-pvsplit {table1} threads=2"),
        format!("mpi-treesplit {table1} time-ms=100"),
        format!("mpi-treesplit {table1} trace"),
        format!("mpi-treesplit {table1} no-type2"),
        format!("mpi-pvsplit {table1} processors=2,2"),
        format!("mpi-pvsplit {table1} processors=1,2"),
        format!("mpi-treesplit {table1} refuse=2"),
    ];
    let lines = mpirun(3, &cases);
    let r = &lines[0]["report"];
    assert_eq!(
        (&r["value"], &r["bound"]),
        (&Json::from(3), &Json::from("upper"))
    );
    assert_eq!(
        r["best"],
        Json::Null,
        "failed low: no move rose above alpha"
    );
    let r = &lines[1]["report"];
    assert_eq!(
        (&r["value"], &r["bound"]),
        (&Json::from(1), &Json::from("lower"))
    );
    let r = &lines[2]["report"];
    assert_eq!(
        (&r["value"], &r["bound"]),
        (&Json::from(2), &Json::from("exact"))
    );
    for (line, setting) in
        lines[3..8]
            .iter()
            .zip(["memory", "threads", "time_limit", "trace", "type2"])
    {
        assert_eq!(line["kind"], format!("not-taken {setting}"), "{line}");
    }
    let e = lines[8]["error"].as_str().unwrap();
    assert!(
        e.contains("has 7 processors, one per MPI rank, but the job has 3 ranks"),
        "{e}"
    );
    check_report(&lines[9], 3, Some(2));
    let e = lines[10]["error"].as_str().unwrap();
    assert_eq!(e, "rank 2 cannot take part: rank 2 has no tree");
}

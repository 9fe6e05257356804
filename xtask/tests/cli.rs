//! `cargo xtask reproduce --mpi` without MPI: the errors that stop it
//! before anything runs (no `mpirun`, an xtask built without its `mpi`
//! feature under `mpirun`, options that do not combine). The sweep itself
//! is tested over in-process ranks by the unit tests
//! (`tests/unit/sweep.rs`), and on MPI ranks by `tests/mpi.rs`
//! (`scripts/test-mpi.sh`).

mod support;

use std::process::{Command, Output};

fn xtask(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
    cmd.args(args);
    support::outside_mpi(&mut cmd);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("xtask runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn without_mpirun_the_sweep_says_what_to_install() {
    let out = xtask(
        &[
            "reproduce",
            "--mpi",
            "--ranks",
            "2",
            "--quick",
            "--out",
            "unused",
        ],
        &[("PATH", "")],
    );
    let e = stderr(&out);
    assert!(!out.status.success());
    assert!(
        e.contains("`mpirun`") && e.contains("apt-get install openmpi-bin"),
        "{e}"
    );
    assert!(!std::path::Path::new("unused").exists());
}

#[cfg(not(feature = "mpi"))]
#[test]
fn a_build_without_the_feature_refuses_to_be_a_rank() {
    let out = xtask(
        &["reproduce", "--mpi", "--quick"],
        &[("OMPI_COMM_WORLD_SIZE", "2")],
    );
    let e = stderr(&out);
    assert!(!out.status.success());
    assert!(e.contains("built without its `mpi` feature"), "{e}");
    assert!(e.contains("--features mpi"), "{e}");
    // Only rank 0 says it; the others fail quietly.
    let out = xtask(
        &["reproduce", "--mpi", "--quick"],
        &[("OMPI_COMM_WORLD_SIZE", "2"), ("OMPI_COMM_WORLD_RANK", "1")],
    );
    assert!(!out.status.success());
    assert_eq!(stderr(&out), "");
}

#[test]
fn options_that_do_not_combine_are_refused() {
    // --ranks, --hostfile, --rank-timeout need --mpi.
    for extra in [
        &["--ranks", "2"][..],
        &["--hostfile", "h"],
        &["--rank-timeout", "5"],
    ] {
        let mut args = vec!["reproduce", "--quick"];
        args.extend(extra);
        let out = xtask(&args, &[]);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("--mpi"), "{}", stderr(&out));
    }
    let out = xtask(
        &["reproduce", "--mpi", "--quick", "--rank-timeout", "0"],
        &[],
    );
    assert!(
        stderr(&out).contains("--rank-timeout must be a positive"),
        "{}",
        stderr(&out)
    );
    // The launcher's own checks, also before mpirun is looked for.
    for (args, says) in [
        (&["--ranks", "0"][..], "--ranks must be at least 1"),
        (&["--ranks=-1"], "invalid value '-1'"),
        (
            &["--hostfile", "/no/such/hostfile"],
            "--hostfile /no/such/hostfile: no such file",
        ),
    ] {
        let mut all = vec!["reproduce", "--mpi", "--quick"];
        all.extend(args);
        let out = xtask(&all, &[("PATH", "")]);
        assert!(!out.status.success(), "{all:?}");
        assert!(stderr(&out).contains(says), "{all:?}: {}", stderr(&out));
    }
    // Under mpirun the job's size is given: --ranks is a mistake.
    let out = xtask(
        &["reproduce", "--mpi", "--quick", "--ranks", "3"],
        &[("OMPI_COMM_WORLD_SIZE", "2")],
    );
    assert!(stderr(&out).contains("leave them out"), "{}", stderr(&out));
    // The run's own checks come before mpirun is looked for.
    let out = xtask(
        &["reproduce", "--mpi", "--only", "no-such-table"],
        &[("PATH", "")],
    );
    assert!(
        stderr(&out).contains("no experiment matches"),
        "{}",
        stderr(&out)
    );
}

/// The quick reproduction of the `campbell` experiments into `dir`,
/// started (not waited for).
fn start_reproduction(dir: &std::path::Path) -> std::process::Child {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xtask"));
    cmd.args(["reproduce", "--quick", "--only", "campbell", "--out"])
        .arg(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    support::outside_mpi(&mut cmd);
    cmd.spawn().expect("xtask starts")
}

/// The documents of `dir` (hidden temporary files left out), by name.
fn documents(dir: &std::path::Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .expect("the folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| !p.file_name().unwrap().to_string_lossy().starts_with('.'))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("a document"))
        })
        .collect()
}

/// A reproduction killed (SIGKILL) at any point leaves each document old or
/// new, whole: runs killed at random points of the whole run, and runs
/// killed just after the first document changed, while the others are
/// being renamed into place.
#[test]
fn a_killed_reproduction_leaves_every_document_old_or_new() {
    use std::time::{Duration, Instant};
    let base = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("killed-reproduction-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    // The new documents, from a run left alone.
    let fresh = base.join("fresh");
    let start = Instant::now();
    let status = start_reproduction(&fresh).wait().expect("xtask finishes");
    let whole_run = start.elapsed();
    assert!(status.success());
    let new = documents(&fresh);
    assert!(new.len() >= 6, "{:?}", new.keys());
    // Delays from a fixed seed (SplitMix64), so that a failure reruns.
    let mut seed = 0x5EED_u64;
    let mut fraction = move || {
        seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        (tree_core::mix64(seed) >> 11) as f64 / (1u64 << 53) as f64
    };
    let (mut all_old, mut mixed, mut all_new) = (0, 0, 0);
    for run in 0..6 {
        let dir = base.join(format!("run-{run}"));
        std::fs::create_dir_all(&dir).unwrap();
        let old = |name: &str| format!("the old {name}\n").into_bytes();
        for name in new.keys() {
            std::fs::write(dir.join(name), old(name)).unwrap();
        }
        let mut child = start_reproduction(&dir);
        if run % 2 == 0 {
            // Anywhere in the run.
            std::thread::sleep(whole_run.mul_f64(fraction()));
        } else {
            // Once the first document is new: the burst of renames.
            let deadline = Instant::now() + whole_run * 20;
            while Instant::now() < deadline
                && child.try_wait().unwrap().is_none()
                && new
                    .keys()
                    .all(|n| std::fs::read(dir.join(n)).ok() == Some(old(n)))
            {
                std::hint::spin_loop();
            }
            std::thread::sleep(Duration::from_micros((fraction() * 2000.0) as u64));
        }
        let _ = child.kill();
        let _ = child.wait();
        let now = documents(&dir);
        assert_eq!(
            now.keys().collect::<Vec<_>>(),
            new.keys().collect::<Vec<_>>(),
            "run {run}: the documents present"
        );
        let mut fresh_ones = 0;
        for (name, contents) in &now {
            assert!(
                *contents == old(name) || Some(contents) == new.get(name),
                "run {run}: {name} is neither the old document nor the new one ({} bytes)",
                contents.len()
            );
            fresh_ones += usize::from(Some(contents) == new.get(name));
        }
        match fresh_ones {
            0 => all_old += 1,
            n if n == now.len() => all_new += 1,
            _ => mixed += 1,
        }
    }
    eprintln!("killed runs: {all_old} all old, {mixed} mixed, {all_new} all new");
    let _ = std::fs::remove_dir_all(&base);
}

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

//! `cargo xtask reproduce --mpi`: the reproduction's jobs spread over MPI
//! ranks.
//!
//! One command does it: started by hand, `--mpi` finds `mpirun`, gets an
//! xtask built with its `mpi` feature (itself if it is one, otherwise it
//! runs `cargo build --release -p xtask --features mpi` and copies the
//! binary to `target/release/xtask-mpi`, so that the next plain build does
//! not replace it under a running job), and starts `mpirun -np K` on it
//! with the same arguments. Each process `mpirun` starts sees that it is a
//! rank of an MPI job and runs the reproduction as that rank
//! ([`crate::reproduce::sweep`]): rank 0 prints and writes, the documents
//! are those of a single-process run, byte for byte. On a cluster, run
//! the `mpi` build under `mpirun` yourself: `mpirun --hostfile FILE -np K
//! target/release/xtask reproduce --mpi …` (or `--hostfile` here).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, anyhow, bail};

use crate::cli::ReproduceArgs;
use crate::paths;
use crate::plan;
use crate::reproduce::progress::{self, Mode};

/// `reproduce --mpi`: one rank of the job under `mpirun`, or the command
/// that starts `mpirun`.
pub fn mpi(args: &ReproduceArgs) -> Result<()> {
    if let Some(t) = args.mpi.rank_timeout
        && !(t.is_finite() && t > 0.0 && t < 1e9)
    {
        bail!("--rank-timeout must be a positive number of seconds, not {t}");
    }
    match job_size() {
        Some(size) => {
            if args.mpi.ranks.is_some() || args.mpi.hostfile.is_some() {
                bail!(
                    "--ranks and --hostfile start a sweep with mpirun; this process is already \
                     one of {size} ranks under mpirun: leave them out"
                );
            }
            rank(args)
        }
        None => start(args),
    }
}

/// The size of the MPI job this process belongs to, if it was started by
/// `mpirun` (Open MPI, or a PMI launcher such as MPICH's Hydra).
fn job_size() -> Option<usize> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
}

/// Compute threads for this rank: `RAYON_NUM_THREADS` if set, otherwise
/// the cores this process may run on shared by its host's ranks (the
/// launcher starts the ranks unbound, so that is every core of the host).
#[cfg_attr(not(feature = "mpi"), allow(dead_code))]
fn threads_per_rank() -> usize {
    let env = |v: &str| -> Option<usize> {
        std::env::var(v)
            .ok()?
            .parse()
            .ok()
            .filter(|&n: &usize| n > 0)
    };
    if let Some(n) = env("RAYON_NUM_THREADS") {
        return n;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let here = env("OMPI_COMM_WORLD_LOCAL_SIZE")
        .or_else(|| env("MPI_LOCALNRANKS"))
        .unwrap_or(1);
    (cores / here).max(1)
}

/// Starts `mpirun` on an xtask built with its `mpi` feature.
fn start(args: &ReproduceArgs) -> Result<()> {
    // The checks every rank would make, and the launcher's own, before
    // anything starts.
    plan::plan(args, Mode::Hidden)?;
    // With a hostfile and no --ranks, mpirun fills the hostfile's slots.
    let ranks = match (args.mpi.ranks, &args.mpi.hostfile) {
        (Some(0), _) => bail!("--ranks must be at least 1"),
        (Some(k), _) => Some(k),
        (None, Some(_)) => None,
        (None, None) => Some(std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    if let Some(file) = &args.mpi.hostfile
        && !file.is_file()
    {
        bail!("--hostfile {}: no such file", file.display());
    }
    let version = Command::new("mpirun")
        .arg("--version")
        .output()
        .map_err(|e| {
            anyhow!(
                "--mpi starts the ranks with `mpirun`, which cannot be run ({e}): install an MPI \
             implementation (Debian/Ubuntu: apt-get install openmpi-bin libopenmpi-dev \
             libclang-dev) or leave out --mpi"
            )
        })?;
    let version = String::from_utf8_lossy(&version.stdout).to_string();
    let open_mpi = version.contains("Open MPI") || version.contains("OpenRTE");
    let exe = mpi_binary()?;
    let mut cmd = Command::new("mpirun");
    match &args.mpi.hostfile {
        Some(file) => {
            cmd.arg("--hostfile").arg(file);
        }
        // More ranks than cores on one machine.
        None if open_mpi => {
            cmd.arg("--oversubscribe");
        }
        None => {}
    }
    if open_mpi {
        // Open MPI binds each rank to a core (or socket) by default; a
        // rank runs several threads, shared out by threads_per_rank.
        cmd.args(["--bind-to", "none"]);
    }
    if let Some(k) = ranks {
        cmd.arg("-np").arg(k.to_string());
    }
    if open_mpi && std::env::var_os("RAYON_NUM_THREADS").is_some() {
        cmd.args(["-x", "RAYON_NUM_THREADS"]);
    }
    cmd.arg(&exe).args(rank_args(args)?);
    progress::eprintln_flushed(&format!(
        "reproduce: {} {}",
        cmd.get_program().to_string_lossy(),
        cmd.get_args()
            .map(|a| a.to_string_lossy())
            .collect::<Vec<_>>()
            .join(" ")
    ));
    let status = cmd.status().context("starting mpirun")?;
    if !status.success() {
        // Rank 0 (or mpirun) has said why.
        std::process::exit(status.code().unwrap_or(1));
    }
    Ok(())
}

/// The arguments of each rank: this command's, paths made absolute.
fn rank_args(args: &ReproduceArgs) -> Result<Vec<String>> {
    let absolute = |p: &Path| -> Result<String> {
        Ok(std::path::absolute(p)
            .with_context(|| format!("the path {}", p.display()))?
            .to_string_lossy()
            .into_owned())
    };
    let mut v = vec!["reproduce".to_string(), "--mpi".to_string()];
    if args.quick {
        v.push("--quick".into());
    }
    if args.write_docs {
        v.push("--write-docs".into());
    }
    if let Some(only) = &args.only {
        v.extend(["--only".into(), only.clone()]);
    }
    if let Some(trees) = args.trees {
        v.extend(["--trees".into(), trees.to_string()]);
    }
    if let Some(out) = &args.out {
        v.extend(["--out".into(), absolute(out)?]);
    }
    if let Some(t) = args.mpi.rank_timeout {
        v.extend(["--rank-timeout".into(), t.to_string()]);
    }
    if let Some(dir) = &args.mpi.pid_dir {
        v.extend(["--pid-dir".into(), absolute(dir)?]);
    }
    Ok(v)
}

/// An xtask built with its `mpi` feature: this one, or one built now.
fn mpi_binary() -> Result<PathBuf> {
    if cfg!(feature = "mpi") {
        return std::env::current_exe().context("finding this program");
    }
    let root = paths::workspace_root();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    progress::eprintln_flushed(
        "reproduce: building xtask with its `mpi` feature (cargo build --release -p xtask \
         --features mpi)",
    );
    let status = Command::new(&cargo)
        .current_dir(&root)
        .args(["build", "--release", "-p", "xtask", "--features", "mpi"])
        .status()
        .context("running cargo")?;
    if !status.success() {
        bail!(
            "building xtask with its `mpi` feature failed (above): it needs an MPI \
             implementation with `mpicc` and libclang (Debian/Ubuntu: apt-get install \
             openmpi-bin libopenmpi-dev libclang-dev)"
        );
    }
    let release = paths::target_dir(&root).join("release");
    let copy = release.join("xtask-mpi");
    std::fs::copy(release.join("xtask"), &copy)
        .with_context(|| format!("copying the mpi build to {}", copy.display()))?;
    Ok(copy)
}

/// One rank of the sweep: impossible without MPI. Rank 0 says so, the
/// others fail quietly (mpirun then ends the job).
#[cfg(not(feature = "mpi"))]
fn rank(_: &ReproduceArgs) -> Result<()> {
    let job_rank = ["OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse::<usize>().ok());
    if job_rank.is_some_and(|r| r != 0) {
        std::process::exit(1);
    }
    bail!(
        "this xtask was built without its `mpi` feature, so it cannot be a rank of an MPI job: \
         run `cargo xtask reproduce --mpi` (which builds one and starts mpirun), or build it \
         with `cargo build --release -p xtask --features mpi` and start target/release/xtask \
         under mpirun"
    )
}

/// One rank of the sweep: the reproduction with its jobs spread over the
/// ranks; rank 0 reports a failure, then ends the job if a rank stopped
/// answering (a normal end would wait for it forever).
#[cfg(feature = "mpi")]
fn rank(args: &ReproduceArgs) -> Result<()> {
    use std::hash::{DefaultHasher, Hash, Hasher};
    use std::time::Duration;

    use search_distributed::{DistError, Farm, FarmConfig, FarmError, MpiTransport, Transport};

    use crate::reproduce::sweep;

    let transport = MpiTransport::init().map_err(|e| anyhow!("starting MPI: {e}"))?;
    let rank = transport.rank();
    if let Some(dir) = &args.mpi.pid_dir {
        let file = dir.join(format!("rank-{rank}.pid"));
        std::fs::write(&file, std::process::id().to_string())
            .with_context(|| format!("writing {}", file.display()))?;
    }
    let mut cfg = FarmConfig::new(threads_per_rank());
    if let Some(t) = args.mpi.rank_timeout {
        cfg.timeout = Duration::from_secs_f64(t);
        cfg.heartbeat = cfg.heartbeat.min(cfg.timeout / 5);
    }
    let farm = Farm::new(Box::new(transport) as Box<dyn Transport>, cfg)?;
    // What every rank must agree on (the output directory is rank 0's
    // business).
    let mut h = DefaultHasher::new();
    (
        args.quick,
        args.write_docs,
        args.counts_only,
        &args.only,
        args.trees,
    )
        .hash(&mut h);
    sweep::install(farm, h.finish());
    let result = plan::reproduce(args, rank);
    let mut farm = sweep::uninstall().expect("installed above");
    let Err(e) = result else {
        // Finalises MPI.
        drop(farm);
        return Ok(());
    };
    let failure = sweep::farm_error(&e);
    // Rank 0 reports the batch's error, and a failure it told the others.
    let relayed = rank != 0
        && matches!(
            failure,
            Some(FarmError::Job { .. } | FarmError::Dist(DistError::Remote { rank: 0, .. }))
        );
    if !relayed {
        let who = if rank == 0 {
            String::new()
        } else {
            format!("rank {rank}: ")
        };
        progress::eprintln_flushed(&format!("reproduce: {who}error: {e:#}"));
    }
    if failure.is_some_and(FarmError::needs_abort) {
        // MPI_Abort: ends every rank, does not return.
        farm.transport_mut().abort(1);
    }
    drop(farm);
    std::process::exit(1)
}

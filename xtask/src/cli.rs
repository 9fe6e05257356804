//! The command line: `cargo xtask`'s subcommands and their arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::train::TrainArgs;

// The command line. (Plain comments on the clap types: a doc comment
// would become their help text.)
#[derive(Parser, Debug)]
#[command(name = "cargo xtask", about = "Automation for the gametree workspace")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Regenerate the papers' tables and worked examples under docs/reproduction/.
    ///
    /// Counts go to docs/reproduction/ (unchanged bytes unless a count
    /// changed); wall-clock times to target/reproduction/ unless
    /// --write-docs.
    Reproduce(ReproduceArgs),
    /// Fuzz every parser (tree text, Campbell files, OBF files, positions,
    /// generator names, Dewey paths, algorithm names) from its seed corpus
    /// in fuzz/corpus/.
    ///
    /// A failing input (a panic, or a parse that breaks its promise) is
    /// written to target/fuzz/failures/TARGET/ and stops the run.
    Fuzz(FuzzArgs),
    /// Train Othello's pattern evaluation (move ordering only) on exact
    /// scores of positions our solver computes; write crates/othello/data/eval.bin.
    ///
    /// Deterministic: the same seed and sizes write the same bytes.
    TrainEval(TrainArgs),
}

// The arguments of `cargo xtask fuzz`.
#[derive(clap::Args, Debug, Clone)]
pub struct FuzzArgs {
    /// Fuzz only this target (tree-text, campbell, obf, position,
    /// generator, dewey, algorithm) [default: every one in turn].
    #[arg(long, value_name = "NAME")]
    pub target: Option<String>,
    /// Mutated inputs per target [default: 100000].
    #[arg(long, value_name = "N")]
    pub cases: Option<u64>,
    /// Run for this many seconds in all, shared between the targets.
    #[arg(long, value_name = "S")]
    pub seconds: Option<u64>,
    /// The random generator's seed: the same seed tries the same inputs.
    #[arg(long, value_name = "SEED", default_value_t = 1)]
    pub seed: u64,
}

// The arguments of `cargo xtask reproduce`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReproduceArgs {
    /// Small deterministic run (counts only, no timings) written to
    /// docs/reproduction/quick/; `cargo test` checks it is up to date.
    #[arg(long, conflicts_with = "write_docs")]
    pub quick: bool,
    /// Also write the times documents (NAME-time.md/.csv, time plots)
    /// into docs/reproduction/; do it on a quiet machine.
    #[arg(long)]
    pub write_docs: bool,
    /// A full run without timing: the counts documents only (the same
    /// bytes as a timed run writes), fast on a busy machine; no times
    /// documents.
    #[arg(long, conflicts_with_all = ["write_docs", "quick"])]
    pub counts_only: bool,
    /// Run only the experiments whose name contains this text.
    #[arg(long)]
    pub only: Option<String>,
    /// Trees per cell (default: 100, or 10 with --quick). Results with a
    /// non-default count are not the committed ones: they go to
    /// target/reproduction/ (unless --out).
    #[arg(long)]
    pub trees: Option<usize>,
    /// Write every document here instead.
    #[arg(long, conflicts_with = "write_docs")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub mpi: MpiArgs,
}

/// The options of a sweep over MPI ranks.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct MpiArgs {
    /// Spread the jobs over MPI ranks (same documents, byte for byte).
    /// Run by hand, starts `mpirun` on an xtask built with its `mpi`
    /// feature (building it if needed); under `mpirun`, is one rank.
    #[arg(long)]
    pub mpi: bool,
    /// With --mpi: how many ranks to start (default: this machine's cores,
    /// or with --hostfile the hostfile's slots).
    /// Each rank computes on cores / (its host's ranks) threads, or
    /// RAYON_NUM_THREADS.
    #[arg(long, requires = "mpi", value_name = "K")]
    pub ranks: Option<usize>,
    /// With --mpi: mpirun's hostfile, for ranks on several machines (rank
    /// 0, which writes the documents, runs on the first host).
    #[arg(long, requires = "mpi", value_name = "FILE")]
    pub hostfile: Option<PathBuf>,
    /// With --mpi: a rank silent for this long is reported dead and the
    /// job ended (default 30). Must exceed the time the ranks can drift
    /// apart between two batches of jobs.
    #[arg(long, requires = "mpi", value_name = "SECONDS")]
    pub rank_timeout: Option<f64>,
    /// With --mpi: each rank writes its process id to DIR/rank-R.pid
    /// (tests).
    #[arg(long, requires = "mpi", value_name = "DIR", hide = true)]
    pub pid_dir: Option<PathBuf>,
}

//! The command line as clap sees it: syntax and types only.
//!
//! Everything clap can check on its own (numbers that parse, a required
//! `--algo`) is checked here and reported in clap's format. How the tree
//! arguments combine (`--tree` or `--gen`) is checked in [`crate::source`];
//! whether the algorithm takes an option (`--memory` for alpha-beta, a
//! window for SSS\*) is the library's check ([`gametree::Algorithm::takes`]),
//! reported with the option's flag by [`crate::options::explain`] as one
//! `gametree: error: …` line. The options of `gametree othello` and
//! `gametree solve` are declared beside their commands, and the tree's
//! ([`TreeArgs`]) beside the code that reads it ([`crate::source`]).

use clap::{Args, Parser, Subcommand};
use tree_core::Value;

use crate::othello::OthelloArgs;
use crate::parse::whole;
use crate::solve::SolveArgs;
use crate::source::TreeArgs;

/// `gametree`: search one game tree with one algorithm and report what it cost.
#[derive(Parser, Debug)]
#[command(name = "gametree", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per run: boxing buys nothing
pub enum Command {
    /// Search one tree: print the minimax value, the best move and line, leaf
    /// evaluations, interior expansions, peak memory and (with --trace) the
    /// evaluation order.
    Search(SearchArgs),
    /// List every algorithm name with a one-line description.
    Algos,
    /// Simulate a parallel algorithm on Campbell's processor tree (EVALTIME
    /// = 1 per terminal): elapsed time, evaluations, search overhead and
    /// speed-up against sequential alpha-beta.
    Simulate(SimulateArgs),
    /// Play Othello against an engine using any algorithm, or let two
    /// engines play a match (--match A,B).
    Othello(OthelloArgs),
    /// Solve Othello endgames exactly: every position of an Othello Board
    /// File (the FFO problems' format), its value, best move, principal
    /// variation, nodes and time, checked against the file's scores.
    Solve(SolveArgs),
}

/// `gametree search`.
#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct SearchArgs {
    /// The algorithm (see `gametree algos`).
    #[arg(long, value_name = "NAME")]
    pub algo: String,

    /// Where the tree comes from.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// Memory budget M in OPEN entries for the best-first algorithms
    /// [default: the algorithm's own on this tree, its minimum for most];
    /// the algorithms without an OPEN list refuse it.
    #[arg(long, value_name = "M", allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub memory: Option<u64>,

    /// Transposition table in bytes of an MT driver or an enhanced engine
    /// [default: sized from the tree's shape].
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub table_bytes: Option<usize>,

    /// Upper bound of aspiration SSS* (sss-aspiration only): an integer or
    /// ±inf [default: +inf].
    #[arg(long, value_name = "U", allow_hyphen_values = true, value_parser = parse_window_end)]
    pub upper: Option<Value>,

    /// Stage depth of staged SSS* and parallel staged SSS* (staged-sss,
    /// parallel-staged-sss) [default: 2].
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub stage: Option<usize>,

    /// Height of MGame's local searches (mgame only; even, >= 2): 2 is
    /// QuickGame, d or more is RecSSS* [default: 2].
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub searchd: Option<usize>,

    /// Lower end of the search window (alphabeta, falphabeta, lalphabeta
    /// and the multi-threaded algorithms): an integer or -inf [default:
    /// -inf].
    #[arg(long, value_name = "A", allow_hyphen_values = true, value_parser = parse_window_end)]
    pub alpha: Option<Value>,

    /// Upper end of the search window: an integer or +inf [default: +inf].
    #[arg(long, value_name = "B", allow_hyphen_values = true, value_parser = parse_window_end)]
    pub beta: Option<Value>,

    /// Searching threads K of a multi-threaded algorithm (treesplit,
    /// pvsplit, parallel-staged-sss, ybwc) or an enhanced engine (ab-enh,
    /// …) [default: the machine's cores,
    /// std::thread::available_parallelism(), for the multi-threaded
    /// algorithms; 1 for the enhanced engines].
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = whole::<usize>)]
    pub threads: Option<usize>,

    /// An explicit processor tree DEPTH,WIDTH for treesplit and pvsplit
    /// (Campbell p. 37), instead of --threads K, which is the tree 1,K.
    #[arg(long, value_name = "DEPTH,WIDTH", allow_hyphen_values = true)]
    pub processors: Option<String>,

    /// Turn off pv-splitting's type-2 optimisation (pvsplit only; it acts
    /// only on processor trees of depth 2 or more).
    #[arg(long)]
    pub no_type2: bool,

    /// The search on MPI ranks (`--mpi`).
    #[command(flatten)]
    pub mpi: MpiArgs,

    /// Stop the search after MS milliseconds: it then reports the leaves so
    /// far, its value unknown (every algorithm).
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub time_ms: Option<u64>,

    /// Stop the search before its (N+1)-th leaf evaluation, on all threads
    /// together: it then reports the leaves so far, its value unknown
    /// (every algorithm).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = whole::<u64>)]
    pub max_leaves: Option<u64>,

    /// Also print the Dewey codes of the leaves in evaluation order
    /// (1-based). The trace is kept in memory, so a traced search stops
    /// after 4194304 leaf evaluations (about 170 MB), or at --max-leaves if
    /// that is lower.
    #[arg(long)]
    pub trace: bool,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// The `--mpi` options of `gametree search`.
#[derive(Args, Debug)]
pub struct MpiArgs {
    /// Run treesplit or pvsplit on MPI ranks, one per processor of
    /// --processors DEPTH,WIDTH (start it with `mpirun -np K`, K = 1 + W +
    /// … + W^D; needs a build with `--features mpi`).
    #[arg(long)]
    pub mpi: bool,

    /// With --mpi: seconds a busy rank may stay silent before rank 0
    /// reports it dead and aborts the job [default: 10].
    #[arg(long, value_name = "SECS")]
    pub mpi_timeout: Option<f64>,
}

/// `gametree simulate`.
#[derive(Args, Debug)]
#[command(after_help = simulate_after_help())]
pub struct SimulateArgs {
    /// The simulated algorithm: treesplit, treesplit-update, pvsplit,
    /// pvsplit-type2, pvsplit-all, parallel-staged-sss,
    /// parallel-staged-sss-no-lookahead, or Campbell's column labels ts (=
    /// treesplit), pv (= pvsplit-type2), sss (= parallel-staged-sss).
    #[arg(long, value_name = "NAME")]
    pub algo: String,

    /// The processor tree DEPTH,WIDTH: DEPTH levels of slaves, WIDTH slaves
    /// per master (0,1 is one processor running alpha-beta; 1,K is p. 41's
    /// master with K slaves).
    #[arg(long, value_name = "DEPTH,WIDTH", allow_hyphen_values = true)]
    pub processors: String,

    /// Where the tree comes from.
    #[command(flatten)]
    pub tree: TreeArgs,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn simulate_after_help() -> &'static str {
    "Examples:\n  \
     gametree simulate --algo treesplit --gen perfect --b 8 --d 4 --processors 1,4\n  \
     gametree simulate --algo pv --gen campbell-fmb:0.8 --b 8 --d 4 --seed 1 --processors 1,4 --json\n  \
     gametree simulate --algo sss --tree crates/tree-core/data/pi.tree --processors 1,3\n\n\
     Time is counted in EVALTIME units (one per terminal evaluation; moves and messages \
     are free), so the results are the same on every host. Campbell 1981, p. 41: \
     treesplit on --gen perfect --b 8 --d 4 evaluates 127, 190, 316 and 568 terminals \
     on processor trees 0,1, 1,2, 1,4 and 1,8."
}

fn after_help() -> &'static str {
    "Examples:\n  \
     gametree search --algo alphabeta --tree crates/tree-core/data/table1.tree --trace\n  \
     gametree search --algo scout --gen strong --b 3 --d 6 --seed 7 --json\n  \
     gametree search --algo falphabeta --tree table1.tree --alpha 3 --beta 9\n  \
     gametree search --algo sss --gen random --b 4 --d 6 --memory 100\n  \
     gametree search --algo alphabeta --tree tree.bin --b 2 --d 10\n  \
     gametree search --algo ybwc --threads 2 --gen random --b 8 --d 6 --json\n  \
     gametree search --algo pvsplit --processors 2,2 --gen strong --b 4 --d 8\n  \
     gametree search --algo ybwc --gen random --b 8 --d 14 --time-ms 2000\n  \
     gametree search --algo mtdf-enh --threads 2 --gen random --b 8 --d 8\n\n\
     The report gives the root's best move and principal variation as 1-based Dewey codes \
     (best 2: the second move; pv 213: second move, then first, then third), the line marked \
     partial where the algorithm knows only its first moves. A search stopped by --time-ms or \
     --max-leaves reports what it has (stopped, the leaves so far, value unknown; status 0); \
     a search longer than a second prints a progress line on standard error every second.\n\n\
     Peak resident memory (tested for every algorithm): at most 8 MiB, plus 128 bytes per \
     OPEN entry of a best-first search, 32 bytes per MT table entry, an enhanced engine's \
     table bytes and 2 MiB per thread (the counts the report's peak memory and threads lines \
     give), plus the tree (a file: see --tree; a generated tree: nothing) and a trace (at \
     most 170 MB). OPEN holds at most --memory entries, or without it what the tree can use \
     (b^ceil(d/2) for SSS*); an OPEN or a table the system cannot give is an error, not an \
     abort."
}

/// A window end: an integer in the leaf range, or `inf`, `+inf`, `-inf`.
fn parse_window_end(s: &str) -> Result<Value, String> {
    match s {
        "inf" | "+inf" => Ok(Value::INF),
        "-inf" => Ok(Value::NEG_INF),
        _ => {
            let v: i64 = s.parse().map_err(|e: std::num::ParseIntError| {
                use std::num::IntErrorKind::{NegOverflow, PosOverflow};
                match e.kind() {
                    PosOverflow | NegOverflow => format!(
                        "'{s}' is out of range: leaves must lie in {}..={}, or give ±inf",
                        Value::MIN_LEAF,
                        Value::MAX_LEAF
                    ),
                    _ => format!("'{s}' is neither an integer nor ±inf"),
                }
            })?;
            Value::new(v).map_err(|e| e.to_string())
        }
    }
}

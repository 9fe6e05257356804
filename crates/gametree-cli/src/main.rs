//! # gametree: search one game tree from the command line
//!
//! The front end of the workspace for people rather than programs: it reads
//! one tree (a nested-array text file, a Campbell tree file, or a
//! generator's spec), searches it with one algorithm, and prints the value,
//! the best move and principal variation, and what the search cost,
//! measured at the trait boundary like every other measurement in the
//! workspace, by the counting wrapper [`parallel::SyncCounted`] (and
//! [`tree_core::Traced`] for `--trace`). `gametree simulate` runs
//! Campbell's parallel algorithms on a simulated processor tree instead.
//!
//! ```text
//! $ gametree search --algo alphabeta --tree crates/tree-core/data/table1.tree --trace
//! algorithm   alphabeta
//! tree        crates/tree-core/data/table1.tree: uniform (2,4), 31 nodes
//! value       2
//! best        2
//! pv          2222
//! leaves      14 (14 distinct)
//! interior    15
//! peak OPEN   n/a
//! order       1111 1112 1121 1211 1212 1221 1222 2111 2112 2121 2122 2211 2221
//!             2222
//! $ gametree search --algo mt-sss --gen strong --b 3 --d 6 --seed 7 --json
//! {"schema":1,"algorithm":"mt-sss","tree":{"source":"generator","generator":"strong","b":3,"d":6,"seed":7,"index":0},"value":0,"best":"1","pv":"1","leaves":78,"distinct_leaves":78,"interior":126,"peak_open":null,"wall_seconds":0.000136}
//! $ gametree search --algo scout --tree crates/tree-core/data/table1.tree --memory 100
//! gametree: error: algorithm 'scout' is depth-first: it has no OPEN list and takes no memory budget (--memory 100 is for the best-first algorithms)
//! $ gametree search --algo treesplit --threads 2 --tree crates/tree-core/data/table1.tree --json
//! {"schema":1,"algorithm":"treesplit","tree":{"source":"file","path":"crates/tree-core/data/table1.tree"},"value":2,"best":"2","pv":"2","leaves":14,"distinct_leaves":14,"interior":15,"peak_open":null,"wall_seconds":0.000412,"threads":2,"processor_tree":{"depth":1,"width":2},"processors":3,"per_thread":[0,14,0],"jobs":0}
//! $ gametree search --algo pvsplit --threads 2 --tree crates/tree-core/data/pi.tree
//! algorithm   pvsplit
//! tree        crates/tree-core/data/pi.tree: uniform (3,4), 121 nodes
//! value       2
//! best        1
//! pv          1
//! leaves      31 (31 distinct)
//! interior    24
//! peak OPEN   n/a
//! threads     2
//! processors  (1, 2): 3 processors
//! per thread  0 31 0
//! jobs        0
//! $ gametree search --algo alphabeta --gen random --b 8 --d 16 --time-ms 2500
//! gametree: searching, 1 s, 17260509 leaves (17.3 million per second)
//! gametree: searching, 2 s, 35012424 leaves (17.5 million per second)
//! gametree: error: search stopped because the deadline passed after 43824128 leaves in 2.500 s
//! $ gametree search --algo alphabeta --threads 2 --tree crates/tree-core/data/pi.tree
//! gametree: error: algorithm 'alphabeta' is sequential; --threads is for treesplit, pvsplit, parallel-staged-sss, ybwc
//! $ gametree simulate --algo treesplit --gen perfect --b 8 --d 4 --processors 1,4
//! algorithm   treesplit
//! tree        perfect (8,4), seed 0, index 0
//! processors  (1, 4): 5 processors
//! value       0
//! elapsed     79 EVALTIME units
//! evaluations 316 (sequential alpha-beta: 127)
//! overhead    2.488 (S = N(A(k))/N(A(1)) = 316/127)
//! speed-up    1.608 (127 sequential units / 79 elapsed)
//! per proc.   0 79 79 79 79
//! $ gametree algos
//! minimax     minimax, every node (Campbell 1981, Fig. 1)
//! …
//! ```
//!
//! `best` is the root's best move and `pv` the principal variation, as
//! 1-based Dewey codes printed like the `order` codes (`best 2`: the second
//! move; `pv 2222`: the second move, then each time the second reply): the
//! whole line for minimax, alpha-beta, fail-soft alpha-beta and SCOUT, as
//! far as the algorithm knows it for the others (a re-search that ends on
//! its window's edge proves a move's value, not its line), the best move
//! alone for the threaded searches; `none` for a terminal root or a search
//! that failed low, `n/a` (JSON `null`) for the algorithms that do not
//! report moves yet (the MT drivers and the best-first searches).
//! `leaves` counts every evaluation (re-searches included), `distinct` the
//! different leaves among them (not counted, `null`, for a tree of more
//! than 2^28 nodes: see [`parallel::SyncCounted`]), `interior` the
//! expansions (first children generated); `peak OPEN` is `n/a` for the
//! depth-first algorithms, which have no OPEN list. `--alpha`/`--beta`
//! search alphabeta, falphabeta or lalphabeta with a window and then also
//! print whether the value is exact or a bound. Bad input gets one line,
//! `gametree: error: …`, and exit status 1 (clap's usage errors: its own
//! format, status 2).
//!
//! The JSON object starts with `schema` (the version of its keys,
//! [`report::SCHEMA`]) and carries the tree's source (`tree`: the file, or
//! the generator with its shape, seed and index) and the search's wall
//! time in seconds (`wall_seconds`, JSON only, so that the text output of a
//! search is the same from run to run).
//!
//! ## Limits and progress
//!
//! `--time-ms MS` and `--max-leaves N` set the search's
//! [`tree_core::Limits`] (for the depth-first algorithms but the MT drivers,
//! and the parallel ones; the others refuse them): the deadline is counted
//! from the moment the tree is ready, and the leaf budget holds for all
//! threads together. A search that reaches a limit returns no value: it
//! fails with one line giving the leaves evaluated and the time taken, exit
//! status 1. (None of these searches is iterative, so there is no earlier
//! iteration to fall back on.) A search that runs longer than a second
//! prints a progress line on standard error once a second (on a terminal,
//! one line rewritten in place): the time so far and the leaves evaluated.
//!
//! ## Parallel searches
//!
//! `--algo treesplit|pvsplit|parallel-staged-sss|ybwc` runs
//! `search_parallel::threads::search` with `--threads K` (default: the
//! host's available parallelism), or for the splitting algorithms an
//! explicit processor tree `--processors DEPTH,WIDTH`; `--alpha`/`--beta`,
//! `--stage K` (parallel-staged-sss) and `--no-type2` (pvsplit) set the rest
//! of its `ThreadConfig`. The value is always the minimax value (clamped
//! into the window); the counts vary from run to run with more than one
//! thread, which is why `--trace` is refused. The report adds `threads`,
//! `per_thread` (leaf evaluations per thread, in the library's order),
//! `jobs`, and for the splitting algorithms `processor_tree` and
//! `processors`. `distinct_leaves` is `null` for a tree of more than 2^28
//! nodes (see [`parallel::SyncCounted`]). `interior` counts, as everywhere,
//! calls of `num_children` on interior nodes; the threaded algorithms make
//! more than one per node (a master and the slave it hands the node to both
//! ask, pv-splitting walks the leftmost path first), so it can exceed the
//! number of interior nodes.
//!
//! `gametree simulate --algo NAME --processors DEPTH,WIDTH` runs
//! `search_parallel::simulate` (EVALTIME = 1 per terminal, so the numbers
//! are host-independent) and prints the elapsed simulated time, the
//! evaluations in all and per processor, sequential alpha-beta's, the
//! search overhead S = N(A(k))/N(A(1)) and the speed-up.
//!
//! ## Layout
//!
//! * [`cli`]: the clap structs — syntax and types only; [`cli::TreeArgs`],
//!   the tree-source options, is flattened into `search` and `simulate`.
//! * [`source`]: where the tree comes from, reading it, and the
//!   [`source::TreeVisitor`] that sequential, threaded and simulated runs
//!   implement, so that one match knows the tree types.
//! * [`run`]: how the arguments combine, and the one generic
//!   `search<T: Tree>` every sequential search goes through.
//! * [`parallel`]: threaded searches, their counting wrapper, and
//!   `gametree simulate`.
//! * [`report`]: the results and their two renderings, aligned text and JSON.
//! * [`progress`]: the progress line of long searches.
//! * [`othello`]: `gametree othello`, a game against an engine or a match.
//! * [`solve`]: `gametree solve FILE.obf`, exact Othello endgames checked
//!   against the file's scores.
//!
//! This binary sees every crate; no library crate knows it exists.

mod cli;
mod mpi;
mod othello;
mod progress;
mod report;
mod run;
mod simulate;
mod solve;
mod source;

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match run::run(&cli.command) {
        Ok(out) => match std::io::stdout().lock().write_all(out.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            // `gametree … | head`: the reader has all it wanted.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(e) => fail(&anyhow::Error::new(e).context("cannot write the output")),
        },
        Err(e) => fail(&e),
    }
}

/// Reports `e` as exactly one line, `gametree: error: …`, and fails.
fn fail(e: &anyhow::Error) -> ExitCode {
    let message = format!("{e:#}").replace(['\n', '\r'], " ");
    let _ = writeln!(std::io::stderr(), "gametree: error: {message}");
    ExitCode::FAILURE
}

//! # gametree: search one game tree from the command line
//!
//! The front end of the workspace for people rather than programs, and a
//! thin client of the front-door library [`gametree`]: it reads one tree (a
//! nested-array text file, a Campbell tree file, or a generator's spec),
//! turns the options into a [`gametree::Config`], searches the tree with
//! [`gametree::search`], and prints the library's [`gametree::Report`]: the
//! value, the best move and principal variation, and what the search cost,
//! counted by the library at the trait boundary like every other
//! measurement in the workspace. Every algorithm of `gametree algos` runs,
//! the enhanced engines included (they search the tree as a game).
//! `gametree othello` and `gametree solve` search Othello through
//! [`gametree::Cache::search_game`]; `gametree simulate` runs Campbell's
//! parallel algorithms on a simulated processor tree instead.
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
//! peak memory n/a
//! trace       1111 1112 1121 1211 1212 1221 1222 2111 2112 2121 2122 2211 2221
//!             2222
//! $ gametree search --algo mt-sss --gen strong --b 3 --d 6 --seed 7 --json
//! {"schema":2,"tree":{"source":"generator","generator":"strong","b":3,"d":6,"seed":7,"index":0},"algorithm":"mt-sss","value":0,"bound":"exact","best":"1","pv":["1"],"pv_complete":false,"leaves":78,"interior":126,"distinct_leaves":null,"peak_memory":304,"memory_unit":"table-entries","seconds":0.000020942,"stopped":null,"depth":null,"threads":1,"per_thread":[]}
//! $ gametree search --algo memsss --gen random --b 4 --d 8 --memory 50
//! algorithm   memsss
//! tree        random (4,8), seed 0, index 0
//! value       2934
//! best        4
//! pv          4 (partial: the algorithm knows only the first move)
//! leaves      6330
//! interior    4905
//! peak memory 49 OPEN entries
//! $ gametree search --algo scout --tree crates/tree-core/data/table1.tree --memory 100
//! gametree: error: algorithm 'scout' takes no --memory (a memory budget in OPEN entries); the algorithms that do: sss-stockman, sss-left, sss, sss-aspiration, dual, staged-sss, sab, abs, sa2, sa4, as2, as4, quickgame, qg1, qg2, qg3, recsss, recdual, memsss, memdual, mgame, itersss
//! $ gametree search --algo treesplit --threads 2 --tree crates/tree-core/data/table1.tree --json
//! {"schema":2,"tree":{"source":"file","path":"crates/tree-core/data/table1.tree"},"algorithm":"treesplit","value":2,"bound":"exact","best":"2","pv":["2"],"pv_complete":false,"leaves":14,"interior":15,"distinct_leaves":null,"peak_memory":null,"memory_unit":null,"seconds":0.00003371,"stopped":null,"depth":null,"threads":2,"per_thread":[0,14,0],"processor_tree":{"depth":1,"width":2},"processors":3}
//! $ gametree search --algo pvsplit --threads 2 --tree crates/tree-core/data/pi.tree
//! algorithm   pvsplit
//! tree        crates/tree-core/data/pi.tree: uniform (3,4), 121 nodes
//! value       2
//! best        1
//! pv          1 (partial: the algorithm knows only the first move)
//! leaves      31
//! interior    24
//! peak memory n/a
//! threads     2
//! processors  (1, 2): 3 processors
//! per thread  0 31 0
//! $ gametree search --algo alphabeta --gen random --b 8 --d 16 --time-ms 2500
//! gametree: searching, 1 s, 20329485 leaves (20.3 million per second)
//! gametree: searching, 2 s, 41303517 leaves (20.7 million per second)
//! algorithm   alphabeta
//! tree        random (8,16), seed 0, index 0
//! value       unknown
//! best        unknown
//! pv          unknown
//! leaves      51760128
//! interior    15467218
//! peak memory n/a
//! stopped     deadline, after 2.503 s
//! $ gametree search --algo alphabeta --threads 2 --tree crates/tree-core/data/pi.tree
//! gametree: error: algorithm 'alphabeta' takes no --threads (a thread count); the algorithms that do: ab-enh, pvs-enh, mtdf-enh, mtsss-enh, mtdual-enh, treesplit, pvsplit, parallel-staged-sss, ybwc
//! $ gametree simulate --algo treesplit --gen perfect --b 8 --d 4 --processors 1,4
//! algorithm   treesplit
//! tree        perfect (8,4), seed 0, index 0
//! processors  (1, 4): 5 processors
//! value       0
//! best move   1
//! elapsed     79 EVALTIME units
//! evaluations 316 (sequential alpha-beta: 127)
//! overhead    2.488 (S = N(A(k))/N(A(1)) = 316/127)
//! speed-up    1.608 (127 sequential units / 79 elapsed)
//! per proc.   0 79 79 79 79
//! $ gametree algos
//! minimax              minimax, every node (Campbell 1981, Fig. 1)
//! …
//! ```
//!
//! `best` is the root's best move and `pv` the principal variation, both
//! 1-based in the text and in the JSON (`best 2`: the second move; `pv
//! 2222`: the second move, then each time the second reply; in JSON
//! `"best":"2"`, `"pv":["2","2","2","2"]`), with `.` between the moves in
//! the text when some node may have more than 9 children. The line is as
//! far as the algorithm knows it: the whole line for minimax, alpha-beta,
//! fail-soft alpha-beta, SCOUT and the enhanced engines, often the best
//! move alone for the others; a line that stops short of a terminal is
//! marked `(partial: …)` in the text and `"pv_complete":false` in the JSON.
//! `none` is a terminal root or a search that failed low. `leaves` counts
//! every evaluation (re-searches included; for an enhanced engine, its
//! static evaluations), `distinct` the different leaves among them (with
//! `--trace`), `interior` the expansions; `peak memory` is a best-first
//! search's peak OPEN entries, an MT driver's table entries or an enhanced
//! engine's table bytes, `n/a` for the searches that keep only a stack.
//! `--alpha`/`--beta` search alpha-beta, fail-soft alpha-beta, Fig. 6's
//! alpha-beta or a multi-threaded search with a window and then also print
//! whether the value is exact or a bound. Bad input gets one line,
//! `gametree: error: …`, and exit status 1 (clap's usage errors: its own
//! format, status 2). An option the algorithm does not take is the
//! library's error ([`gametree::Error::NotTaken`]), with the option's flag.
//!
//! The JSON object is the library's report (`serde::Serialize` of
//! [`gametree::Report`], moves 1-based, the trace as Dewey codes)
//! flattened into an object that adds `schema` (the version of its keys,
//! [`report::SCHEMA`]), `tree` (the file, or the generator with its shape,
//! seed and index), and the `window` and `processor_tree` asked for. The
//! text renders the same report without its time (`seconds`, JSON only),
//! so that the text of a finished search is the same from run to run.
//!
//! ## Limits and progress
//!
//! `--time-ms MS` and `--max-leaves N` set the search's limits, for every
//! algorithm: the deadline is counted from the moment the tree is ready,
//! and the leaf budget holds for all threads together. A search that
//! reaches a limit is a report like any other, exit status 0: `stopped`
//! says which limit (`deadline`, with the time, or `leaf-limit`), `leaves`
//! the evaluations so far, and the value, best move and line are
//! `unknown` (JSON: `"bound":"unknown"`, `"best":null`). (On a tree no
//! search is iterative — the enhanced engines solve it at once — so there
//! is no earlier iteration to fall back on; `gametree othello` plays the
//! enhanced engines' last completed depth.) A search that runs longer than
//! a second prints a progress line on standard error once a second (on a
//! terminal, one line rewritten in place): the time so far and the leaves
//! evaluated ([`progress`]).
//!
//! ## Parallel searches
//!
//! `--algo treesplit|pvsplit|parallel-staged-sss|ybwc` runs the library's
//! multi-threaded searches with `--threads K` (default: the library's, the
//! machine's cores), or for the splitting algorithms an explicit processor
//! tree `--processors DEPTH,WIDTH`; `--alpha`/`--beta`, `--stage K`
//! (parallel-staged-sss) and `--no-type2` (pvsplit) set the rest. The
//! enhanced engines take `--threads K` too (one shared table). The value is
//! always the minimax value (clamped into the window); the counts vary
//! from run to run with more than one thread, which is why `--trace` (and
//! with it the distinct leaves) is refused. The report adds `per_thread`
//! (leaf evaluations per thread, in the library's order), and for the
//! splitting algorithms `processor_tree` and `processors`. `interior`
//! counts, as everywhere, calls of `num_children` on interior nodes; the
//! threaded algorithms make more than one per node (a master and the slave
//! it hands the node to both ask), so it can exceed the interior nodes.
//!
//! `gametree simulate --algo NAME --processors DEPTH,WIDTH` runs
//! `search_parallel::simulate` (EVALTIME = 1 per terminal, so the numbers
//! are host-independent) and prints the elapsed simulated time, the root
//! processor's best move, the evaluations in all and per processor,
//! sequential alpha-beta's, the search overhead S = N(A(k))/N(A(1)) and
//! the speed-up. `gametree search --mpi` runs tree- and pv-splitting on MPI
//! ranks through the front door (`mpi-treesplit`, `mpi-pvsplit`; [`mpi`],
//! feature `mpi`).
//!
//! ## Layout
//!
//! Modules depend only downward, and none imports the crate root:
//!
//! * [`run`]: which module runs each subcommand (`gametree algos` itself);
//! * [`cli`]: the clap structs — syntax and types only (the options of
//!   `othello` and `solve` beside their commands, [`source::TreeArgs`]
//!   beside the code that reads the tree);
//! * the subcommands: [`search`] (`gametree search`, its options as a
//!   [`gametree::Config`]), [`mpi`] (`gametree search --mpi`),
//!   [`simulate`], [`othello`] (a game against an engine, or a match),
//!   [`solve`] (exact Othello endgames checked against the file's
//!   scores);
//! * what they share: [`source`] (where the tree comes from, reading it,
//!   and the [`source::TreeVisitor`] that the search, the simulation and
//!   the MPI search implement, so that one match knows the tree types),
//!   [`report`] (the report as aligned text and as JSON, and the
//!   simulator's report), [`progress`] (the progress line of long
//!   searches), [`options`] (the library's settings by their flags, its
//!   errors in the command line's words, the one error line), [`parse`]
//!   (the options' value parsers: counts that name what is allowed).
//!
//! This binary sees every crate; no library crate knows it exists.

mod cli;
mod mpi;
mod options;
mod othello;
mod parse;
mod progress;
mod report;
mod run;
mod search;
mod settings;
mod simulate;
mod solve;
mod source;

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

use crate::options::fail;

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

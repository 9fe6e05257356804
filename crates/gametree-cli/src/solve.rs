//! `gametree solve FILE.obf`: solve Othello endgames exactly, one position
//! per line of an Othello Board File (the format of the FFO problems), and
//! say whether each result agrees with the file's scores.
//!
//! **Engines.** Every position is searched to the end of the game through
//! the front door, [`gametree::Cache::search_game`], with the cache cleared
//! before each position. The enhanced searches (`mtdf-enh`, the default and
//! the fastest on the FFO problems; `ab-enh`, `pvs-enh`, `mtsss-enh`,
//! `mtdual-enh`) solve it with their default configuration — exact-solve
//! mode, fastest-first hints, the Othello endgame solver, an ordering search
//! at 18+ empty squares — and a table of `--table-bytes` (default 16 MiB).
//! Any other algorithm of `gametree algos` searches the position's whole
//! game tree instead; the best-first ones size OPEN for the tree's true
//! shape (the most moves of any position and the longest game, found by
//! walking the tree, so only positions of at most
//! [`MAX_BEST_FIRST_EMPTIES`] empty squares) and take `--memory M`. Every
//! engine names the best move it found.
//!
//! **Output.** Text: one line per position as it is solved (the file's
//! line, empty squares, side to move, value in discs, best move, the
//! principal variation's first moves, leaves, nodes, time, and the file's
//! score with `ok` or `DIFFERS`), and a summary. With `--moves`, every move
//! the file scores is solved too and compared. `--json`: one object with
//! every position, its `schema` the search's. A line that is not a position
//! is reported on standard error with its line number and skipped; if any
//! line was skipped or any score differs from the file's, the summary is
//! followed by one `gametree: error: …` line and exit status 1.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::Args;
use gametree::{Algorithm, Cache, Config, Game as _, Setting};
use othello::obf::{ObfPosition, parse_obf};
use othello::{Color, Othello, Position};
use serde::Serialize;

use crate::options::explain;
use crate::report::SCHEMA;

/// The default engine.
pub const DEFAULT_ALGO: Algorithm = Algorithm::MtdfEnhanced;
/// The most empty squares a best-first search is asked to solve: its OPEN
/// list is sized for the whole game tree, found by walking it.
pub const MAX_BEST_FIRST_EMPTIES: u32 = 10;

/// `gametree solve`.
#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct SolveArgs {
    /// The Othello Board File: one position per line, 64 squares (a1 … h8;
    /// X, O, -), the side to move, then `MOVE:SCORE;` fields. `-` reads
    /// standard input.
    #[arg(value_name = "FILE.obf")]
    pub file: PathBuf,

    /// The engine: an enhanced search (mtdf-enh, ab-enh, pvs-enh,
    /// mtsss-enh, mtdual-enh) or any other algorithm of `gametree algos`
    /// [default: mtdf-enh].
    #[arg(long, value_name = "NAME")]
    pub algo: Option<String>,

    /// Transposition table of an enhanced engine or an MT driver, in bytes
    /// [default: 16777216 = 16 MiB for the enhanced engines].
    #[arg(long, value_name = "N")]
    pub table_bytes: Option<usize>,

    /// OPEN budget M in entries for a best-first algorithm [default: the
    /// algorithm's own].
    #[arg(long, value_name = "M")]
    pub memory: Option<u64>,

    /// Also solve the position after every move the file scores, and
    /// compare.
    #[arg(long)]
    pub moves: bool,

    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

fn after_help() -> &'static str {
    "Examples:\n  \
     gametree solve crates/othello/data/ffo/fforum-1-19.obf\n  \
     gametree solve crates/othello/data/ffo/fforum-1-19.obf --algo pvs-enh --table-bytes 1048576 --json\n  \
     gametree solve crates/othello/data/ffo/fforum-20-39.obf --moves\n  \
     gametree solve small.obf --algo memsss --memory 500\n\n\
     Scores are final disc differences for the side to move, the empty squares counted \
     for the winner (the FFO convention)."
}

/// How positions are solved: the algorithm, its configuration, and its
/// tables.
struct Solver {
    algorithm: Algorithm,
    config: Config,
    cache: Cache,
}

/// One solved position.
#[derive(Debug, Clone, Serialize)]
struct Solved {
    /// The score in discs for the side to move.
    value: i32,
    /// The best move, named (`d3`, `pass`); `None` when the game is over.
    best: Option<String>,
    /// The principal variation, named.
    pv: Vec<String>,
    leaves: u64,
    nodes: u64,
    /// Wall time in seconds.
    seconds: f64,
}

/// One line of the file, solved.
#[derive(Debug, Clone, Serialize)]
struct Row {
    line: usize,
    empties: u32,
    to_move: &'static str,
    #[serde(flatten)]
    solved: Solved,
    /// The file's score, when it lists one.
    file_score: Option<i32>,
    /// Whether `value` is the file's score (`None` if there is none).
    agrees: Option<bool>,
    /// With `--moves`: each scored move's value and the file's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    moves: Vec<MoveRow>,
}

#[derive(Debug, Clone, Serialize)]
struct MoveRow {
    #[serde(rename = "move")]
    mv: String,
    value: i32,
    file_score: i32,
    agrees: bool,
    nodes: u64,
    seconds: f64,
}

/// A line that was skipped.
#[derive(Debug, Clone, Serialize)]
struct Skipped {
    line: usize,
    error: String,
}

#[derive(Debug, Serialize)]
struct Summary<'a> {
    schema: u32,
    file: String,
    algorithm: &'a str,
    positions: &'a [Row],
    skipped: &'a [Skipped],
    agree: usize,
    disagree: usize,
    seconds: f64,
}

/// Runs `gametree solve`; text is printed as it goes, JSON returned.
///
/// # Errors
/// Arguments that do not combine, an unreadable file, a search that fails
/// outright; after the output, skipped lines or scores that differ.
pub fn run(args: &SolveArgs) -> Result<String> {
    match solve_file(args) {
        // `gametree solve … | head`: the reader has all it wanted.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(String::new())
        }
        r => r,
    }
}

fn solve_file(args: &SolveArgs) -> Result<String> {
    let mut solver = solver(args)?;
    let text = if args.file.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?
    };
    let name = solver.algorithm.name();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if !args.json {
        writeln!(
            out,
            "{:>5}  {:>7}  {:<5}  {:>5}  {:<4}  {:<24}  {:>12}  {:>12}  {:>8}  file",
            "line",
            "empties",
            "turn",
            "value",
            "best",
            "principal variation",
            "leaves",
            "nodes",
            "time (s)"
        )?;
    }
    let (mut rows, mut skipped) = (Vec::new(), Vec::new());
    let start = Instant::now();
    for entry in parse_obf(&text) {
        let problem = match entry {
            Ok(p) => p,
            Err(e) => {
                eprintln!("gametree: skipped {e}");
                skipped.push(Skipped {
                    line: e.line,
                    error: e.to_string(),
                });
                continue;
            }
        };
        match solve_line(&mut solver, &problem, args.moves) {
            Ok(row) => {
                if !args.json {
                    write_row(&mut out, &row)?;
                }
                rows.push(row);
            }
            Err(e) => {
                let error = format!("line {}: {e:#}", problem.line);
                eprintln!("gametree: skipped {error}");
                skipped.push(Skipped {
                    line: problem.line,
                    error,
                });
            }
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let differs = |r: &Row| r.agrees == Some(false) || r.moves.iter().any(|m| !m.agrees);
    let disagree = rows.iter().filter(|r| differs(r)).count();
    let agree = rows
        .iter()
        .filter(|r| r.agrees == Some(true) && !differs(r))
        .count();
    let result = if args.json {
        let summary = Summary {
            schema: SCHEMA,
            file: args.file.display().to_string(),
            algorithm: name,
            positions: &rows,
            skipped: &skipped,
            agree,
            disagree,
            seconds,
        };
        let mut s = serde_json::to_string(&summary).context("JSON")?;
        s.push('\n');
        s
    } else {
        writeln!(
            out,
            "{} positions solved by {name} in {seconds:.3} s: {agree} agree with the file, \
             {disagree} differ, {} without a score; {} lines skipped",
            rows.len(),
            rows.len() - agree - disagree,
            skipped.len()
        )?;
        String::new()
    };
    if !skipped.is_empty() || disagree > 0 {
        if args.json {
            out.write_all(result.as_bytes())?;
        }
        out.flush()?;
        bail!(
            "{} line(s) skipped, {disagree} position(s) differ from the file",
            skipped.len()
        );
    }
    Ok(result)
}

/// The engine the arguments ask for, checked: the library refuses a
/// setting the algorithm does not take, and a search of a finished game
/// refuses a table or a budget it cannot use, before any position.
fn solver(args: &SolveArgs) -> Result<Solver> {
    let algorithm = match &args.algo {
        Some(name) => name.parse()?,
        None => DEFAULT_ALGO,
    };
    let mut config = Config::default();
    if let Some(b) = args.table_bytes {
        config = config.table_bytes(b);
    }
    if let Some(m) = args.memory {
        config = config.memory(usize::try_from(m).context("--memory is too large")?);
    }
    config.check(algorithm).map_err(explain)?;
    let mut solver = Solver {
        algorithm,
        config,
        cache: Cache::new(),
    };
    let over = Position::new(u64::MAX, 0, Color::Black).expect("a full board");
    solver.search(&over)?;
    Ok(solver)
}

impl Solver {
    /// Searches `pos` to the end of the game, with a clean cache.
    fn search(&mut self, pos: &Position) -> Result<gametree::Report<othello::Move>> {
        let mut config = self.config.clone();
        if self.algorithm.takes(Setting::Shape) {
            let empties = pos.empty().count_ones();
            if empties > MAX_BEST_FIRST_EMPTIES {
                bail!(
                    "{empties} empty squares: best-first searches size OPEN for the whole \
                     game tree, which is walked first; at most {MAX_BEST_FIRST_EMPTIES} \
                     (use an enhanced engine)"
                );
            }
            config = config.shape(othello::game_tree_shape(pos));
        }
        let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
        self.cache.clear();
        self.cache
            .search_game(self.algorithm, &Othello, pos, depth, &config)
            .map_err(explain)
    }
}

/// Solves one problem (and with `moves` each scored move's position).
fn solve_line(solver: &mut Solver, problem: &ObfPosition, moves: bool) -> Result<Row> {
    let pos = problem.position;
    let solved = solve_position(solver, &pos)?;
    let file_score = problem.best_score();
    let mut row = Row {
        line: problem.line,
        empties: pos.empty().count_ones(),
        to_move: match pos.to_move() {
            Color::Black => "black",
            Color::White => "white",
        },
        agrees: file_score.map(|s| s == solved.value),
        file_score,
        solved,
        moves: Vec::new(),
    };
    if moves {
        for &(mv, score) in &problem.scores {
            let child = pos.play(mv).context("a scored move")?;
            let s = solve_position(solver, &child)?;
            row.moves.push(MoveRow {
                mv: mv.to_string(),
                value: -s.value,
                file_score: score,
                agrees: -s.value == score,
                nodes: s.nodes,
                seconds: s.seconds,
            });
        }
    }
    Ok(row)
}

/// The exact score of `pos` for its side to move, by `solver`.
fn solve_position(solver: &mut Solver, pos: &Position) -> Result<Solved> {
    let r = solver.search(pos)?;
    let mut q = *pos;
    let pv =
        r.pv.iter()
            .map(|&mv| {
                let name = Othello.move_name(&q, mv);
                q = Othello.play(&q, mv);
                name
            })
            .collect();
    Ok(Solved {
        value: r.value.get() / othello::eval::WIN_SCALE,
        best: r.best.map(|mv| Othello.move_name(pos, mv)),
        pv,
        leaves: r.leaves,
        nodes: r.leaves + r.interior,
        seconds: r.elapsed.as_secs_f64(),
    })
}

fn write_row(out: &mut dyn std::io::Write, r: &Row) -> Result<()> {
    let s = &r.solved;
    let mut pv = s.pv.iter().take(6).cloned().collect::<Vec<_>>().join(" ");
    if s.pv.len() > 6 {
        pv.push_str(" …");
    }
    let file = match (r.file_score, r.agrees) {
        (Some(f), Some(true)) => format!("{f:+} ok"),
        (Some(f), _) => format!("{f:+} DIFFERS"),
        (None, _) => "-".to_owned(),
    };
    writeln!(
        out,
        "{:>5}  {:>7}  {:<5}  {:>+5}  {:<4}  {:<24}  {:>12}  {:>12}  {:>8.3}  {file}",
        r.line,
        r.empties,
        r.to_move,
        s.value,
        s.best.as_deref().unwrap_or("-"),
        pv,
        s.leaves,
        s.nodes,
        s.seconds
    )?;
    for m in &r.moves {
        let mut line = String::new();
        let _ = write!(
            line,
            "{:>5}  {:>7}  {:<5}  {:>+5}  {:<4}  {:<24}  {:>12}  {:>12}  {:>8.3}  {:+} {}",
            "",
            "",
            "move",
            m.value,
            m.mv,
            "",
            "",
            m.nodes,
            m.seconds,
            m.file_score,
            if m.agrees { "ok" } else { "DIFFERS" }
        );
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

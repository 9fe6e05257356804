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
//! every position, its `schema` the search's, written as the positions are
//! solved (each position's entry flushed as soon as it is known, the
//! summary's keys last). A line that is not a position (or not UTF-8 text;
//! a byte-order mark is dropped) is reported on standard error with its
//! line number and skipped; if any line was skipped or any score differs
//! from the file's, the summary is followed by one `gametree: error: …`
//! line and exit status 1.
//!
//! **Limits.** `--time-ms MS` and `--max-leaves N` hold for each position's
//! search (and each scored move's, with `--moves`): a position whose search
//! a limit stops is reported with its value unknown (`?`, JSON `"value":
//! null`) and the limit (`"stopped": "deadline"` or `"leaf-limit"`), and
//! the next position starts; the summary counts the stopped positions. A
//! stop is not an error (exit status 0, as for `gametree search`).

use std::fmt::Write as _;
use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use clap::Args;
use gametree::{
    Algorithm, Cache, Config, EnhancedConfig, Family, Game as _, MAX_PROBCUT_PASSES, ProbCut,
    Setting,
};
use othello::obf::{ObfPosition, parse_obf};
use othello::{Color, Othello, Position};
use serde::Serialize;

use crate::options::explain;
use crate::report::{SCHEMA, stop_name};

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
    /// [default: 16777216 = 16 MiB for the enhanced engines]. The
    /// command's peak memory is this table, about 4 MB more and the file
    /// (16 MB in all for FFO #1-#39 with the default table).
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::parse::whole::<usize>)]
    pub table_bytes: Option<usize>,

    /// OPEN budget M in entries for a best-first algorithm [default: the
    /// algorithm's own].
    #[arg(long, value_name = "M", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub memory: Option<u64>,

    /// Also solve the position after every move the file scores, and
    /// compare.
    #[arg(long)]
    pub moves: bool,

    /// Stop each position's search after MS milliseconds: the position is
    /// then reported as stopped (value unknown), and the next one starts.
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub time_ms: Option<u64>,

    /// Stop each position's search before its (N+1)-th leaf evaluation, as
    /// --time-ms.
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub max_leaves: Option<u64>,

    /// Print one JSON object instead of text (written as the positions
    /// are solved: each position's entry as soon as it is).
    #[arg(long)]
    pub json: bool,

    /// Solve in one exact pass, without the selective passes (ProbCut)
    /// that the enhanced engines otherwise run first at positions of 22 or
    /// more empty squares (they change no score: the last pass is exact).
    #[arg(long)]
    pub no_probcut: bool,
}

/// Othello's selective passes ([`othello::endgame::PROBCUT_MARGINS`] and
/// the constants before it) in the engine's terms.
pub(crate) fn othello_probcut() -> ProbCut {
    use othello::endgame::{PROBCUT_DEPTH, PROBCUT_EMPTIES, PROBCUT_MARGINS, PROBCUT_ROOT_EMPTIES};
    let mut margins = [0; MAX_PROBCUT_PASSES];
    for (m, discs) in margins.iter_mut().zip(PROBCUT_MARGINS) {
        *m = discs * othello::eval::WIN_SCALE as u32;
    }
    ProbCut {
        root_plies: 2 * PROBCUT_ROOT_EMPTIES,
        plies: 2 * PROBCUT_EMPTIES,
        depth: PROBCUT_DEPTH,
        margins,
    }
}

fn after_help() -> &'static str {
    "Examples:\n  \
     gametree solve crates/othello/data/ffo/fforum-1-19.obf\n  \
     gametree solve crates/othello/data/ffo/fforum-1-19.obf --algo pvs-enh --table-bytes 1048576 --json\n  \
     gametree solve crates/othello/data/ffo/fforum-20-39.obf --moves\n  \
     gametree solve small.obf --algo memsss --memory 500\n  \
     gametree solve crates/othello/data/ffo/fforum-40-59.obf --time-ms 10000\n\n\
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
    /// The score in discs for the side to move; `None` when a limit
    /// stopped the search.
    value: Option<i32>,
    /// The limit that stopped the search (`deadline`, `leaf-limit`), if
    /// one did.
    stopped: Option<String>,
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
    value: Option<i32>,
    file_score: i32,
    /// `None` when a limit stopped the search.
    agrees: Option<bool>,
    stopped: Option<String>,
    nodes: u64,
    seconds: f64,
}

/// A line that was skipped.
#[derive(Debug, Clone, Serialize)]
struct Skipped {
    line: usize,
    error: String,
}

/// The JSON object's first keys, written before any position.
#[derive(Debug, Serialize)]
struct Head<'a> {
    schema: u32,
    file: String,
    algorithm: &'a str,
}

/// The JSON object's last keys, written after the positions.
#[derive(Debug, Serialize)]
struct Tail<'a> {
    skipped: &'a [Skipped],
    agree: usize,
    disagree: usize,
    stopped: usize,
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
    let bytes = if args.file.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin()
            .read_to_end(&mut bytes)
            .context("cannot read standard input")?;
        bytes
    } else {
        std::fs::read(&args.file).with_context(|| format!("cannot read {}", args.file.display()))?
    };
    let (text, mut skipped) = decode(&bytes);
    if skipped.is_empty() && text.trim().is_empty() {
        bail!(
            "{} holds no position: an OBF file has one position a line",
            args.file.display()
        );
    }
    for s in &skipped {
        eprintln!("gametree: skipped {}", s.error);
    }
    let name = solver.algorithm.name();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        // One object, written as it goes: the positions' array is open
        // while they are solved, each entry flushed when it is.
        let head = serde_json::to_string(&Head {
            schema: SCHEMA,
            file: args.file.display().to_string(),
            algorithm: name,
        })
        .context("JSON")?;
        write!(out, "{},\"positions\":[", head.trim_end_matches('}'))?;
        out.flush()?;
    } else {
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
    let mut rows = Vec::new();
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
                if args.json {
                    let comma = if rows.is_empty() { "" } else { "," };
                    write!(
                        out,
                        "{comma}{}",
                        serde_json::to_string(&row).context("JSON")?
                    )?;
                    out.flush()?;
                } else {
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
    skipped.sort_by_key(|s| s.line);
    let seconds = start.elapsed().as_secs_f64();
    let differs =
        |r: &Row| r.agrees == Some(false) || r.moves.iter().any(|m| m.agrees == Some(false));
    let stopped =
        |r: &Row| r.solved.stopped.is_some() || r.moves.iter().any(|m| m.stopped.is_some());
    let disagree = rows.iter().filter(|r| differs(r)).count();
    let unfinished = rows.iter().filter(|r| stopped(r) && !differs(r)).count();
    let agree = rows
        .iter()
        .filter(|r| r.agrees == Some(true) && !differs(r) && !stopped(r))
        .count();
    if args.json {
        let tail = serde_json::to_string(&Tail {
            skipped: &skipped,
            agree,
            disagree,
            stopped: unfinished,
            seconds,
        })
        .context("JSON")?;
        writeln!(out, "],{}", tail.trim_start_matches('{'))?;
    } else {
        writeln!(
            out,
            "{} positions solved by {name} in {seconds:.3} s: {agree} agree with the file, \
             {disagree} differ, {unfinished} stopped by a limit, {} without a score; \
             {} lines skipped",
            rows.len(),
            rows.len() - agree - disagree - unfinished,
            skipped.len()
        )?;
    }
    out.flush()?;
    if !skipped.is_empty() || disagree > 0 {
        bail!(
            "{} line(s) skipped, {disagree} position(s) differ from the file",
            skipped.len()
        );
    }
    Ok(String::new())
}

/// The text of an OBF file's bytes: a UTF-8 byte-order mark dropped, and
/// each line that is not UTF-8 blanked (so that the others keep their
/// numbers) and reported as skipped, with its line number and the
/// offending byte's column.
fn decode(bytes: &[u8]) -> (String, Vec<Skipped>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut text = String::with_capacity(bytes.len());
    let mut skipped = Vec::new();
    for (n, line) in bytes.split(|&b| b == b'\n').enumerate() {
        if n > 0 {
            text.push('\n');
        }
        match std::str::from_utf8(line) {
            Ok(l) => text.push_str(l),
            Err(e) => skipped.push(Skipped {
                line: n + 1,
                error: format!(
                    "line {}: not UTF-8 text (byte 0x{:02X} at column {})",
                    n + 1,
                    line[e.valid_up_to()],
                    e.valid_up_to() + 1
                ),
            }),
        }
    }
    (text, skipped)
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
    if algorithm.family() == Family::Enhanced && !args.no_probcut {
        config =
            config.enhancements(EnhancedConfig::default().with_probcut(Some(othello_probcut())));
    }
    if let Some(b) = args.table_bytes {
        config = config.table_bytes(b);
    }
    if let Some(m) = args.memory {
        config = config.memory(usize::try_from(m).context("--memory is too large")?);
    }
    if let Some(ms) = args.time_ms {
        config = config.time_limit(std::time::Duration::from_millis(ms));
    }
    if let Some(n) = args.max_leaves {
        config = config.max_leaves(n);
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
        agrees: file_score.zip(solved.value).map(|(f, v)| f == v),
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
                value: s.value.map(|v| -v),
                file_score: score,
                agrees: s.value.map(|v| -v == score),
                stopped: s.stopped,
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
    let stopped = r.stopped.map(|s| stop_name(s).to_owned());
    Ok(Solved {
        value: stopped
            .is_none()
            .then(|| r.value.get() / othello::eval::WIN_SCALE),
        stopped,
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
    let file = match (r.file_score, r.agrees, &s.stopped) {
        (_, _, Some(why)) => format!("stopped ({why})"),
        (Some(f), Some(true), _) => format!("{f:+} ok"),
        (Some(f), _, _) => format!("{f:+} DIFFERS"),
        (None, _, _) => "-".to_owned(),
    };
    writeln!(
        out,
        "{:>5}  {:>7}  {:<5}  {:>5}  {:<4}  {:<24}  {:>12}  {:>12}  {:>8.3}  {file}",
        r.line,
        r.empties,
        r.to_move,
        discs(s.value),
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
            "{:>5}  {:>7}  {:<5}  {:>5}  {:<4}  {:<24}  {:>12}  {:>12}  {:>8.3}  {:+} {}",
            "",
            "",
            "move",
            discs(m.value),
            m.mv,
            "",
            "",
            m.nodes,
            m.seconds,
            m.file_score,
            match (m.agrees, &m.stopped) {
                (_, Some(why)) => format!("stopped ({why})"),
                (Some(true), _) => "ok".to_owned(),
                _ => "DIFFERS".to_owned(),
            }
        );
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// A score in discs with its sign, `?` when unknown (a stopped search).
fn discs(value: Option<i32>) -> String {
    value.map_or_else(|| "?".to_owned(), |v| format!("{v:+}"))
}

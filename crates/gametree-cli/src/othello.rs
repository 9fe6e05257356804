//! `gametree othello`: play Othello against an engine built from any
//! algorithm of the workspace, or let two engines play a match.
//!
//! **The engine.** To choose a move in a position with several moves, the
//! engine searches every child, in the game's move order (ascending square
//! index), as a [`Horizon`] of `depth − 1` plies with the chosen algorithm
//! (whose `run` returns the child's value for the opponent), negates, and
//! plays the best; ties go to the first in move order. A position with a
//! single move (one legal square, or a forced pass) is played without a
//! search. Every registry algorithm returns the exact minimax value, so
//! every algorithm plays the same moves at the same depth; they differ in
//! the leaves they evaluate (counted by [`Counted`] at the trait boundary)
//! and the time they take — what a match measures.
//!
//! The enhanced engines (`ab-enh`, `pvs-enh`, `mtdf-enh`, `mtsss-enh`,
//! `mtdual-enh`: `search_depthfirst::enhanced`) search the position itself
//! with iterative deepening, a 16 MiB transposition table kept from move to
//! move, and the history heuristic, and play the best move they name (the
//! first in their own move order among equals, so they may pick a
//! different move of the same value than the registry engines).
//! With `--threads K` they search on K threads sharing one lock-free table
//! (`search_parallel::search_game`), by YBWC (the default: on two threads
//! it was as fast as Lazy SMP or faster, with fewer extra nodes) or, with
//! `--parallel lazy-smp`, Lazy SMP; the value is the one-thread value and
//! the move one of that value (possibly another of equal value).
//! With `--time-ms MS` or `--max-leaves N` (enhanced engines only; with
//! `--threads`, only `--time-ms`) each move's search deepens to `--depth`
//! or until the limit, and plays the best move of the last depth it
//! completed (printed as `depth D of E`).
//!
//! **Playing.** The human types a square (`d3`), `help` or `quit`. Input
//! that is not a move, and moves that are not legal, are refused with the
//! reason and the legal moves, and the prompt repeats. A human with no
//! legal move passes automatically (with a message); typing `pass` while a
//! square can be played is refused. The end of standard input quits
//! cleanly, so a script can be piped in. The last line of a finished game
//! is `result: black B, white W, black wins|white wins|draw`.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Args;
use othello::{Color, Move, Othello, Position};
use search_bestfirst::Options;
use search_depthfirst::{Enhanced, EnhancedAlgorithm, EnhancedConfig, SharedTable};
use search_parallel::{GameParallel, GameThreadConfig, search_game_with_limits};
use std::cell::RefCell;
use tree_core::{Counted, Horizon, Limits, Value};

use crate::run::Algo;

/// The engine's default algorithm.
pub const DEFAULT_ALGO: &str = "alphabeta";
/// The engine's default search depth in plies.
pub const DEFAULT_DEPTH: u32 = 4;
/// The deepest search the command accepts: a game has at most 60 moves
/// (and passes), far beyond what any search here finishes.
pub const MAX_ENGINE_DEPTH: u32 = 64;
/// The deepest a best-first engine searches without an explicit
/// `--memory`: OPEN lists are sized for Othello's bound of 60 moves per
/// position, so SSS\* below a depth-8 engine (children at depth 7) would
/// allocate 60⁴ ≈ 13 million entries per search.
pub const MAX_BEST_FIRST_DEPTH: u32 = 7;
/// What the program prints when it waits for the human's move.
pub const PROMPT: &str = "your move> ";

/// `gametree othello`.
#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct OthelloArgs {
    /// The engine's algorithm: any name `gametree algos` lists, or an
    /// enhanced engine (ab-enh, pvs-enh, mtdf-enh, mtsss-enh, mtdual-enh)
    /// [default: alphabeta].
    #[arg(long, value_name = "NAME")]
    pub algo: Option<String>,

    /// The engine's search depth in plies (at least 1) [default: 4].
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,

    /// Memory budget M in OPEN entries for a best-first engine [default:
    /// the algorithm's own default; required above depth 7]; depth-first
    /// engines reject it.
    #[arg(long, value_name = "M")]
    pub memory: Option<u64>,

    /// The human's colour: black (moves first) or white [default: black].
    #[arg(long, value_name = "COLOR")]
    pub color: Option<String>,

    /// Start from this position instead of the initial one: 64 board
    /// characters (a1 b1 … h1 a2 … h8; X black, O white, - empty) and the
    /// side to move, X or O, e.g. `---------------------------OX------XO---------------------------
    /// X` (white space ignored).
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub position: Option<String>,

    /// Engine against engine: `--match A,B` plays --games games between
    /// algorithms A and B, alternating colours, and prints a summary.
    #[arg(long = "match", value_name = "A,B")]
    pub match_algos: Option<String>,

    /// Number of games of a --match [default: 2]. Game g (from 0) starts
    /// from experiment position ⌊g/2⌋ mod 50, or from --position, with A
    /// playing black in even games and white in odd ones.
    #[arg(long, value_name = "N")]
    pub games: Option<u32>,

    /// Threads for the enhanced engines (ab-enh, pvs-enh, …), sharing one
    /// lock-free transposition table; the value at each depth is the
    /// one-thread value [default: 1].
    #[arg(long, value_name = "K")]
    pub threads: Option<usize>,

    /// How --threads share the work: lazy-smp (every thread searches the
    /// root, sharing the table) or ybwc (young brothers wait along the
    /// leftmost path) [default: ybwc].
    #[arg(long, value_name = "METHOD")]
    pub parallel: Option<String>,

    /// Time per move in milliseconds for the enhanced engines (also with
    /// --threads): iterative deepening to --depth or until the time is up,
    /// playing the best move of the last completed depth.
    #[arg(long = "time-ms", value_name = "MS")]
    pub time_ms: Option<u64>,

    /// Leaf evaluations per move for the one-thread enhanced engines (not
    /// with --threads), as --time-ms.
    #[arg(long = "max-leaves", value_name = "N")]
    pub max_leaves: Option<u64>,
}

fn after_help() -> &'static str {
    "Examples:\n  \
     gametree othello                              play black against alpha-beta, depth 4\n  \
     gametree othello --algo mt-sss --depth 6 --color white\n  \
     gametree othello --algo memsss --memory 500 --depth 4\n  \
     gametree othello --match alphabeta,sss --games 10 --depth 4\n  \
     gametree othello --algo pvs-enh --depth 10 --threads 2 --parallel ybwc\n  \
     gametree othello --algo mtdf-enh --depth 30 --time-ms 1000"
}

/// Runs `gametree othello`: a game on standard input and output, or a
/// match. Everything is printed as it happens; the returned string is
/// empty.
///
/// # Errors
/// Arguments that do not combine, a bad position, a search that fails (a
/// budget too small), or output that cannot be written.
pub fn run(args: &OthelloArgs) -> Result<String> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = if args.match_algos.is_some() {
        match_command(args, &mut out)
    } else {
        let stdin = std::io::stdin();
        play_command(args, &mut stdin.lock(), &mut out)
    };
    match result {
        // `gametree othello | head`: the reader has all it wanted.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(String::new())
        }
        r => r.map(|()| String::new()),
    }
}

/// What searches for an engine.
#[derive(Debug)]
enum Kind {
    /// A registry algorithm on each child's [`Horizon`].
    Tree(Algo),
    /// An enhanced search of the game (iterative deepening, transposition
    /// table kept from move to move, history), which names its best move.
    Enhanced(EnhancedAlgorithm, RefCell<Enhanced>),
    /// The same on several threads over one shared table (kept from move
    /// to move).
    Parallel(EnhancedAlgorithm, GameThreadConfig, RefCell<SharedTable>),
}

/// An engine: an algorithm searching to a depth.
#[derive(Debug)]
pub struct Engine {
    kind: Kind,
    depth: u32,
    options: Options,
    /// Per-move limits of an enhanced engine: the time, the leaves.
    limits: (Option<Duration>, Option<u64>),
}

/// An engine's decision.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The line the engine expects, from its move on (the enhanced engines'
    /// principal variation; the move alone for the others).
    pub line: Vec<Move>,
    /// Its value for the engine; `None` if the move was forced (no search).
    pub value: Option<Value>,
    /// Leaves the searches evaluated.
    pub leaves: u64,
    /// The depth a limited search completed, if a limit stopped it short
    /// of the engine's depth.
    pub completed: Option<u32>,
}

impl Engine {
    /// The engine `algo` at `depth` plies with a budget of `memory` OPEN
    /// entries.
    ///
    /// # Errors
    /// An unknown algorithm, a depth outside 1..=64, or a budget for a
    /// depth-first algorithm.
    pub fn new(algo: &str, depth: u32, memory: Option<u64>) -> Result<Engine> {
        if !(1..=MAX_ENGINE_DEPTH).contains(&depth) {
            bail!("--depth must be between 1 and {MAX_ENGINE_DEPTH}, not {depth}");
        }
        if let Ok(e) = algo.parse::<EnhancedAlgorithm>() {
            if let Some(m) = memory {
                bail!(
                    "algorithm '{e}' is an enhanced depth-first search with a {} MiB \
                     transposition table; it has no OPEN list (--memory {m} is for the \
                     best-first algorithms)",
                    EnhancedConfig::default().table_bytes >> 20
                );
            }
            let search = Enhanced::new(EnhancedConfig::default())?;
            return Ok(Engine {
                kind: Kind::Enhanced(e, RefCell::new(search)),
                depth,
                options: Options::default(),
                limits: (None, None),
            });
        }
        let algo: Algo = algo.parse().map_err(|e: anyhow::Error| {
            let enhanced: Vec<&str> = EnhancedAlgorithm::ALL.iter().map(|a| a.name()).collect();
            anyhow::anyhow!("{e}; or an enhanced engine: {}", enhanced.join(", "))
        })?;
        if let Algo::Thread(a) = algo {
            bail!(
                "algorithm '{a}' is a multi-threaded search; the Othello engines run the \
                 sequential algorithms of `gametree algos` and the enhanced ones"
            );
        }
        let mut options = Options::default();
        if matches!(algo, Algo::Best(_)) && memory.is_none() && depth > MAX_BEST_FIRST_DEPTH {
            bail!(
                "a best-first engine deeper than {MAX_BEST_FIRST_DEPTH} plies needs --memory M: \
                 its OPEN list is sized for 60 moves per position, and SSS* at depth {depth} \
                 would need about 60^{} entries (memory-bounded algorithms such as memsss, \
                 itersss or quickgame work within M)",
                depth / 2
            );
        }
        if let Some(m) = memory {
            match algo {
                Algo::Depth(_) | Algo::Thread(_) => bail!(
                    "algorithm '{algo}' is depth-first: it has no OPEN list and takes no memory \
                     budget (--memory {m} is for the best-first algorithms)"
                ),
                Algo::Best(_) => {
                    options.memory = Some(usize::try_from(m).context("--memory is too large")?);
                }
            }
        }
        let engine = Engine {
            kind: Kind::Tree(algo),
            depth,
            options,
            limits: (None, None),
        };
        engine.check()?;
        Ok(engine)
    }

    /// The engine on `threads` threads sharing the work by `method`
    /// (`None`: the default); only the enhanced engines take threads.
    ///
    /// # Errors
    /// 0 threads, an unknown method, a method without threads, or threads
    /// for an engine other than an enhanced one.
    pub fn with_threads(self, threads: Option<usize>, method_name: Option<&str>) -> Result<Engine> {
        let method: GameParallel = match method_name {
            None => GameParallel::Ybwc,
            Some(m) => m.parse().map_err(|_| {
                anyhow::anyhow!("unknown --parallel method '{m}' (known: lazy-smp, ybwc)")
            })?,
        };
        let Some(threads) = threads else {
            if let Some(m) = method_name {
                bail!("--parallel {m} is for --threads K");
            }
            return Ok(self);
        };
        if threads == 0 || threads > search_parallel::threads::MAX_THREADS {
            bail!(
                "--threads must be between 1 and {}, not {threads}",
                search_parallel::threads::MAX_THREADS
            );
        }
        let Kind::Enhanced(a, _) = self.kind else {
            bail!(
                "--threads is for the enhanced engines ({}); '{}' is sequential",
                EnhancedAlgorithm::ALL
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.name()
            );
        };
        let config = GameThreadConfig {
            threads,
            method,
            ..GameThreadConfig::default()
        };
        let table = SharedTable::new(EnhancedConfig::default().table_bytes)?;
        Ok(Engine {
            kind: Kind::Parallel(a, config, RefCell::new(table)),
            ..self
        })
    }

    /// The engine with a time (`time_ms` milliseconds) and a leaf budget
    /// per move (`None`: no such limit); only the one-thread enhanced
    /// engines take limits, and with threads only the time.
    ///
    /// # Errors
    /// A limit for another engine, or a leaf budget with threads.
    pub fn with_limits(self, time_ms: Option<u64>, max_leaves: Option<u64>) -> Result<Engine> {
        if time_ms.is_none() && max_leaves.is_none() {
            return Ok(self);
        }
        match self.kind {
            Kind::Enhanced(..) => {}
            Kind::Parallel(..) if max_leaves.is_some() => bail!(
                "--max-leaves is for the one-thread enhanced engines; the parallel search \
                 (--threads) takes --time-ms but no leaf budget"
            ),
            Kind::Parallel(..) => {}
            Kind::Tree(_) => bail!(
                "--time-ms and --max-leaves are for the enhanced engines ({}), which deepen \
                 iteratively; '{}' searches to a fixed depth",
                EnhancedAlgorithm::ALL
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.name()
            ),
        }
        Ok(Engine {
            limits: (time_ms.map(Duration::from_millis), max_leaves),
            ..self
        })
    }

    /// The limits of one move's search, starting now.
    fn move_limits(&self) -> Limits {
        let mut limits = Limits::none();
        if let Some(t) = self.limits.0 {
            limits = limits.with_time(t);
        }
        if let Some(n) = self.limits.1 {
            limits = limits.with_max_leaves(n);
        }
        limits
    }

    /// A parallel search of `pos` to `depth` under `limits`.
    fn parallel(
        a: EnhancedAlgorithm,
        config: &GameThreadConfig,
        table: &RefCell<SharedTable>,
        pos: &Position,
        depth: u32,
        limits: &Limits,
    ) -> Result<search_parallel::GameThreadReport<Move>> {
        let mut table = table.borrow_mut();
        Ok(search_game_with_limits(
            a,
            &Othello,
            pos,
            depth,
            &EnhancedConfig::default(),
            &mut table,
            config,
            limits,
        )?)
    }

    /// Refuses, before any output, a budget the algorithm would refuse:
    /// searches of a finished game's tree, of the same shape as the
    /// engine's, check their budget up front and cost one leaf.
    fn check(&self) -> Result<()> {
        let over = Position::new(1, 0, Color::Black).expect("one disc");
        self.search(over, self.depth - 1)
            .with_context(|| format!("engine {} at depth {}", self.name(), self.depth))?;
        Ok(())
    }

    /// The algorithm's name.
    pub fn name(&self) -> &'static str {
        match &self.kind {
            Kind::Tree(a) => a.name(),
            Kind::Enhanced(a, _) | Kind::Parallel(a, _, _) => a.name(),
        }
    }

    /// Whether the engine is a best-first search (takes `--memory`).
    fn is_best_first(&self) -> bool {
        matches!(self.kind, Kind::Tree(Algo::Best(_)))
    }

    /// The value of `pos` for its player to move, searched `depth` plies,
    /// and the leaves evaluated.
    fn search(&self, pos: Position, depth: u32) -> Result<(Value, u64)> {
        let tree = Counted::new(Horizon::new(Othello, pos, depth));
        let value = match &self.kind {
            Kind::Tree(Algo::Depth(a)) => a.run(&tree)?,
            Kind::Tree(Algo::Best(a)) => a.run(&tree, &self.options)?.value,
            Kind::Tree(Algo::Thread(a)) => bail!("algorithm '{a}' is not an Othello engine"),
            Kind::Enhanced(a, search) => {
                let r = search.borrow_mut().search(*a, &Othello, &pos, depth)?;
                return Ok((r.value, r.leaves));
            }
            Kind::Parallel(a, config, table) => {
                let r = Engine::parallel(*a, config, table, &pos, depth, &Limits::none())?;
                return Ok((r.report.value, r.leaves()));
            }
        };
        Ok((value, tree.stats().leaves))
    }

    /// The engine's move in `pos` (see the module docs), or `None` at the
    /// end of the game.
    ///
    /// # Errors
    /// A search that fails, e.g. a memory budget below the algorithm's
    /// minimum.
    pub fn choose(&self, pos: &Position) -> Result<Option<Choice>> {
        let moves = pos.moves();
        if moves.len() <= 1 {
            return Ok(moves.first().map(|&mv| Choice {
                mv,
                line: vec![mv],
                value: None,
                leaves: 0,
                completed: None,
            }));
        }
        if let Kind::Enhanced(a, search) = &self.kind {
            let r = search
                .borrow_mut()
                .search_with_limits(*a, &Othello, pos, self.depth, &self.move_limits())
                .with_context(|| format!("{} cannot search", self.name()))?;
            let i = r
                .best_move
                .context("a position with moves has a best move")?;
            return Ok(Some(Choice {
                mv: i,
                line: r.pv,
                value: Some(r.value),
                leaves: r.leaves,
                completed: r.stopped.map(|_| r.completed_depth),
            }));
        }
        if let Kind::Parallel(a, config, table) = &self.kind {
            let limits = self.move_limits();
            let r = Engine::parallel(*a, config, table, pos, self.depth, &limits)
                .with_context(|| format!("{} cannot search", self.name()))?;
            let leaves = r.leaves();
            let r = r.report;
            let mv = r
                .best_move
                .context("a position with moves has a best move")?;
            return Ok(Some(Choice {
                mv,
                line: r.pv,
                value: Some(r.value),
                leaves,
                completed: r.stopped.map(|_| r.completed_depth),
            }));
        }
        let mut leaves = 0;
        let mut best: Option<(Value, Move)> = None;
        for (i, &mv) in moves.iter().enumerate() {
            let (v, n) = self
                .search(pos.play_nth(i), self.depth - 1)
                .with_context(|| format!("{} cannot search move {mv}", self.name()))?;
            leaves += n;
            let score = -v;
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, mv));
            }
        }
        Ok(best.map(|(value, mv)| Choice {
            mv,
            line: vec![mv],
            value: Some(value),
            leaves,
            completed: None,
        }))
    }
}

/// The start position: `--position` or the initial one.
fn start_position(args: &OthelloArgs) -> Result<Option<Position>> {
    args.position
        .as_deref()
        .map(|s| {
            s.parse::<Position>()
                .with_context(|| "--position is not a position")
        })
        .transpose()
}

fn play_command(args: &OthelloArgs, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<()> {
    if args.games.is_some() {
        bail!("--games is for --match A,B; a game against the engine is one game");
    }
    let human: Color = match &args.color {
        None => Color::Black,
        Some(c) => c.parse()?,
    };
    let engine = Engine::new(
        args.algo.as_deref().unwrap_or(DEFAULT_ALGO),
        args.depth.unwrap_or(DEFAULT_DEPTH),
        args.memory,
    )?
    .with_threads(args.threads, args.parallel.as_deref())?
    .with_limits(args.time_ms, args.max_leaves)?;
    let start = start_position(args)?.unwrap_or_else(Position::initial);
    play(&engine, human, start, input, out)
}

/// The disc count line.
fn score_line(pos: &Position) -> String {
    format!(
        "black (X) {}, white (O) {}",
        pos.count(Color::Black),
        pos.count(Color::White)
    )
}

/// The final result line.
pub fn result_line(pos: &Position) -> String {
    let outcome = match pos.leader() {
        Some(c) => format!("{c} wins"),
        None => "draw".to_owned(),
    };
    format!(
        "result: black {}, white {}, {outcome}",
        pos.count(Color::Black),
        pos.count(Color::White)
    )
}

fn legal_line(pos: &Position) -> String {
    let moves: Vec<String> = pos.moves().iter().map(ToString::to_string).collect();
    format!("legal moves: {}", moves.join(" "))
}

fn help(out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(
        out,
        "Type a square such as d3 (file a-h, rank 1-8) to put a disc there; legal squares \
         are marked * on the board.\nYou pass automatically when you have no legal move. \
         'quit' (or the end of input) stops the game."
    )
}

/// One line of input (lossy UTF-8), or `None` at the end of input.
fn read_line(input: &mut dyn BufRead) -> Result<Option<String>> {
    let mut buf = Vec::new();
    let n = input
        .read_until(b'\n', &mut buf)
        .context("cannot read standard input")?;
    Ok((n > 0).then(|| String::from_utf8_lossy(&buf).into_owned()))
}

/// A game between the human (`human`) and `engine` from `start`.
///
/// # Errors
/// A failing search or unwritable output.
pub fn play(
    engine: &Engine,
    human: Color,
    start: Position,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<()> {
    let machine = human.opponent();
    writeln!(
        out,
        "Othello: you play {human} ({}), the engine plays {machine} ({}) with {} at depth {}.",
        human.symbol(),
        machine.symbol(),
        engine.name(),
        engine.depth
    )?;
    writeln!(
        out,
        "Type a square such as d3, 'help', or 'quit'. Legal moves are marked *."
    )?;
    let mut pos = start;
    writeln!(out, "{}{}", pos.diagram().with_marks(), score_line(&pos))?;
    loop {
        if pos.is_game_over() {
            let verdict = match pos.leader() {
                Some(c) if c == human => "You win.",
                Some(_) => "The engine wins.",
                None => "A draw.",
            };
            writeln!(out, "Game over. {verdict}")?;
            writeln!(out, "{}", result_line(&pos))?;
            return Ok(());
        }
        if pos.to_move() == human {
            if pos.must_pass() {
                writeln!(out, "You have no legal move: you pass.")?;
                pos = pos.play(Move::Pass)?;
                continue;
            }
            let Some((mv, next)) = ask_move(&pos, input, out)? else {
                return Ok(());
            };
            pos = next;
            writeln!(out, "you play {mv}")?;
            writeln!(out, "{}{}", pos.diagram(), score_line(&pos))?;
        } else {
            let t = Instant::now();
            let choice = engine.choose(&pos)?.context("the engine has no move")?;
            let seconds = t.elapsed().as_secs_f64();
            match (choice.mv, choice.value) {
                (Move::Pass, _) => {
                    writeln!(out, "engine ({machine}) passes: it has no legal move")?
                }
                (mv, None) => writeln!(out, "engine ({machine}) plays {mv} (its only move)")?,
                (mv, Some(v)) => {
                    // The enhanced engines also say what they expect next.
                    let expects = if choice.line.len() > 1 {
                        let rest: Vec<String> = choice.line[1..]
                            .iter()
                            .take(8)
                            .map(Move::to_string)
                            .collect();
                        format!("; expects {}", rest.join(" "))
                    } else {
                        String::new()
                    };
                    let depth = match choice.completed {
                        Some(d) => format!("depth {d} of {}, ", engine.depth),
                        None => String::new(),
                    };
                    writeln!(
                        out,
                        "engine ({machine}) plays {mv} ({depth}value {v}, {} leaves, {seconds:.3} s{expects})",
                        choice.leaves
                    )?
                }
            }
            pos = pos.play(choice.mv)?;
            writeln!(out, "{}{}", pos.diagram().with_marks(), score_line(&pos))?;
        }
    }
}

/// Prompts until the human types a legal move (`Some`) or quits (`None`).
fn ask_move(
    pos: &Position,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<(Move, Position)>> {
    loop {
        writeln!(out, "{}", legal_line(pos))?;
        write!(out, "{PROMPT}")?;
        out.flush()?;
        let Some(line) = read_line(input)? else {
            writeln!(out)?;
            writeln!(out, "End of input: the game stops unfinished.")?;
            return Ok(None);
        };
        let text = line.trim();
        match text.to_ascii_lowercase().as_str() {
            "" => continue,
            "quit" | "exit" | "q" => {
                writeln!(out, "You quit: the game stops unfinished.")?;
                return Ok(None);
            }
            "help" | "?" => {
                help(out)?;
                continue;
            }
            _ => {}
        }
        let shown: String = text.chars().take(40).collect();
        match shown.parse::<Move>() {
            Err(_) => writeln!(
                out,
                "'{}' is not a move: type a square such as d3 (or help, quit).",
                shown.escape_debug()
            )?,
            Ok(mv) => match pos.play(mv) {
                Ok(next) => return Ok(Some((mv, next))),
                Err(e) => writeln!(out, "{mv} is not legal: {e}.")?,
            },
        }
    }
}

/// What one engine did over a match.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    discs: u64,
    leaves: u64,
    time: Duration,
}

fn match_command(args: &OthelloArgs, out: &mut dyn Write) -> Result<()> {
    let spec = args.match_algos.as_deref().unwrap_or_default();
    let names: Vec<&str> = spec.split(',').map(str::trim).collect();
    let [a, b] = names[..] else {
        bail!("--match takes two algorithm names separated by a comma, e.g. alphabeta,sss");
    };
    if args.algo.is_some() {
        bail!("--algo is for a game against the engine; --match A,B names both engines");
    }
    if args.color.is_some() {
        bail!("--color is for a game against the engine; a --match has no human");
    }
    let depth = args.depth.unwrap_or(DEFAULT_DEPTH);
    let games = args.games.unwrap_or(2);
    if games == 0 {
        bail!("--games must be at least 1");
    }
    let budget = |name: &str| -> Option<u64> {
        match (args.memory, name.parse::<Algo>()) {
            (Some(m), Ok(Algo::Best(_))) => Some(m),
            _ => None,
        }
    };
    let (threads, method) = (args.threads, args.parallel.as_deref());
    let engines = [
        Engine::new(a, depth, budget(a))?
            .with_threads(threads, method)?
            .with_limits(args.time_ms, args.max_leaves)?,
        Engine::new(b, depth, budget(b))?
            .with_threads(threads, method)?
            .with_limits(args.time_ms, args.max_leaves)?,
    ];
    if args.memory.is_some() && !engines.iter().any(Engine::is_best_first) {
        bail!("--memory is for best-first engines; '{a}' and '{b}' are depth-first");
    }
    let fixed = start_position(args)?;
    let experiment = othello::experiment_positions();
    writeln!(
        out,
        "match: {a} vs {b}, depth {depth}, {games} game{}, from {}",
        if games == 1 { "" } else { "s" },
        if fixed.is_some() {
            "--position"
        } else {
            "the experiment positions"
        }
    )?;
    let mut tally = [Tally::default(); 2];
    for g in 0..games {
        let (mut pos, from) = match fixed {
            Some(p) => (p, "--position".to_owned()),
            None => {
                let k = (g / 2) as usize % experiment.len();
                (experiment[k], format!("position {k}"))
            }
        };
        // Engine 0 plays black in even games.
        let black = (g % 2) as usize;
        let engine_of = |c: Color| match c {
            Color::Black => black,
            Color::White => 1 - black,
        };
        while !pos.is_game_over() {
            let e = engine_of(pos.to_move());
            let t = Instant::now();
            let choice = engines[e].choose(&pos)?.context("a move")?;
            tally[e].time += t.elapsed();
            tally[e].leaves += choice.leaves;
            pos = pos.play(choice.mv)?;
        }
        for c in [Color::Black, Color::White] {
            let e = engine_of(c);
            tally[e].discs += u64::from(pos.count(c));
            match pos.leader() {
                None => tally[e].draws += 1,
                Some(w) if w == c => tally[e].wins += 1,
                Some(_) => tally[e].losses += 1,
            }
        }
        let outcome = match pos.leader() {
            None => "draw".to_owned(),
            Some(w) => format!("{} wins", engines[engine_of(w)].name()),
        };
        writeln!(
            out,
            "game {}: {from}, {} black {} - {} white {}, {outcome}",
            g + 1,
            engines[engine_of(Color::Black)].name(),
            pos.count(Color::Black),
            engines[engine_of(Color::White)].name(),
            pos.count(Color::White),
        )?;
    }
    let width = engines
        .iter()
        .map(|e| e.name().len())
        .max()
        .unwrap_or(0)
        .max("engine".len());
    writeln!(
        out,
        "{:<width$}  {:>5}  {:>5}  {:>6}  {:>6}  {:>12}  {:>9}",
        "engine", "wins", "draws", "losses", "discs", "leaves", "time (s)"
    )?;
    for (e, t) in engines.iter().zip(tally) {
        writeln!(
            out,
            "{:<width$}  {:>5}  {:>5}  {:>6}  {:>6}  {:>12}  {:>9.3}",
            e.name(),
            t.wins,
            t.draws,
            t.losses,
            t.discs,
            t.leaves,
            t.time.as_secs_f64()
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new("alphabeta", 2, None).unwrap()
    }

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        play(
            &engine(),
            Color::Black,
            Position::initial(),
            &mut input.as_bytes(),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn bad_input_is_refused_and_the_prompt_repeats() {
        let out = session("z9\nd4\n\npass\n\u{1F600}\nhelp\nquit\n");
        assert!(out.contains("'z9' is not a move"), "{out}");
        assert!(
            out.contains("d4 is not legal: d4 is already occupied."),
            "{out}"
        );
        assert!(out.contains("pass is not legal"), "{out}");
        assert!(out.contains("is not a move"), "{out}");
        assert!(out.contains("Type a square such as d3 (file a-h"), "{out}");
        assert!(
            out.ends_with("You quit: the game stops unfinished.\n"),
            "{out}"
        );
        assert_eq!(out.matches("legal moves: d3 c4 f5 e6").count(), 7);
    }

    #[test]
    fn the_end_of_input_stops_the_game() {
        let out = session("d3\n");
        assert!(out.contains("you play d3"));
        assert!(out.contains("engine (white) plays"));
        assert!(
            out.ends_with("End of input: the game stops unfinished.\n"),
            "{out}"
        );
    }

    #[test]
    fn the_engine_takes_the_first_best_move() {
        // At the start every move is worth the same: the first, d3.
        let c = engine().choose(&Position::initial()).unwrap().unwrap();
        assert_eq!(c.mv.to_string(), "d3");
        assert!(c.leaves > 0);
        // A finished game has no move.
        let over: Position = format!("X{} X", "-".repeat(63)).parse().unwrap();
        assert!(engine().choose(&over).unwrap().is_none());
    }

    #[test]
    fn bad_engines_are_errors() {
        assert!(Engine::new("nope", 2, None).is_err());
        assert!(Engine::new("alphabeta", 0, None).is_err());
        assert!(Engine::new("alphabeta", 2, Some(10)).is_err());
        assert!(Engine::new("memsss", 2, Some(10)).is_ok());
        let deep = Engine::new("sss", 8, None).unwrap_err().to_string();
        assert!(deep.contains("needs --memory M"), "{deep}");
        assert!(Engine::new("sss", 7, None).is_ok());
        assert!(Engine::new("itersss", 9, Some(400)).is_ok());
        let e = Engine::new("ab-enh", 4, Some(100)).unwrap_err().to_string();
        assert!(e.contains("no OPEN list"), "{e}");
        let e = Engine::new("nope", 2, None).unwrap_err().to_string();
        assert!(e.contains("mtdf-enh"), "{e}");
    }

    /// An enhanced engine plays a move of the best value (the value every
    /// registry engine finds for its own choice), keeping its table from
    /// move to move.
    #[test]
    fn enhanced_engines_play_moves_of_the_best_value() {
        let positions = othello::experiment_positions();
        for name in ["ab-enh", "pvs-enh", "mtdf-enh", "mtsss-enh", "mtdual-enh"] {
            let enhanced = Engine::new(name, 3, None).unwrap();
            let plain = Engine::new("alphabeta", 3, None).unwrap();
            for pos in positions.iter().take(8) {
                let e = enhanced.choose(pos).unwrap().unwrap();
                let p = plain.choose(pos).unwrap().unwrap();
                assert_eq!(e.value, p.value, "{name} on {pos}");
                // The chosen move really has that value.
                let child = pos.play(e.mv).unwrap();
                let (v, _) = plain.search(child, 2).unwrap();
                assert_eq!(Some(-v), e.value, "{name} on {pos}");
            }
        }
    }

    /// `--threads K`: the parallel enhanced engines play moves of the
    /// one-thread value, by either method; bad combinations are errors.
    #[test]
    fn threaded_engines_play_moves_of_the_best_value() {
        let positions = othello::experiment_positions();
        for name in ["ab-enh", "pvs-enh", "mtdf-enh"] {
            let one = Engine::new(name, 4, None).unwrap();
            for (threads, method) in [(2, Some("lazy-smp")), (3, Some("ybwc")), (2, None)] {
                let par = Engine::new(name, 4, None)
                    .unwrap()
                    .with_threads(Some(threads), method)
                    .unwrap();
                for pos in positions.iter().take(4) {
                    let e = par.choose(pos).unwrap().unwrap();
                    let o = one.choose(pos).unwrap().unwrap();
                    assert_eq!(e.value, o.value, "{name} {method:?} on {pos}");
                    let (v, _) = one.search(pos.play(e.mv).unwrap(), 3).unwrap();
                    assert_eq!(Some(-v), e.value, "{name} on {pos}");
                    assert_eq!(e.line.first(), Some(&e.mv));
                }
            }
        }
        let e = |t, m| {
            Engine::new("pvs-enh", 4, None)
                .unwrap()
                .with_threads(t, m)
                .unwrap_err()
                .to_string()
        };
        assert!(e(Some(0), None).contains("--threads must be"));
        assert!(e(Some(2), Some("smp")).contains("unknown --parallel"));
        assert!(e(None, Some("ybwc")).contains("is for --threads"));
        let seq = Engine::new("alphabeta", 4, None)
            .unwrap()
            .with_threads(Some(2), None);
        assert!(seq.unwrap_err().to_string().contains("enhanced engines"));
    }
}

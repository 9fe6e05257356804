//! `gametree othello`: play Othello against an engine built from any
//! algorithm of the workspace, or let two engines play a match.
//!
//! **The engine.** In a position with several moves, the engine searches
//! the position to `--depth` plies through the front door,
//! [`gametree::Cache::search_game`], and plays the best move the search
//! names; a position with a single move (one legal square, or a forced
//! pass) is played without a search. Every algorithm of `gametree algos`
//! is an engine: the enhanced ones (`ab-enh`, `pvs-enh`, `mtdf-enh`,
//! `mtsss-enh`, `mtdual-enh`) search the game itself with iterative
//! deepening, the history heuristic and a 16 MiB transposition table kept
//! from move to move in the engine's [`Cache`]; the others search the
//! game's tree to the depth (`tree_core::Horizon`). Every algorithm finds
//! the exact minimax value, so all play moves of the same value at a
//! depth; they may pick different moves of equal value, and they differ in
//! the leaves they evaluate and the time they take — what a match
//! measures. `--memory` is a best-first engine's OPEN budget; without one,
//! an engine whose default OPEN (sized for Othello's bound of 60 moves a
//! position) would pass a million entries is refused, with the figure.
//! `--threads K` runs a multi-threaded algorithm on K threads, or an
//! enhanced one on K threads over one shared table, by YBWC (the default)
//! or `--parallel lazy-smp`. With `--time-ms MS` or `--max-leaves N`
//! (the enhanced engines, which deepen iteratively) each move's search
//! deepens to `--depth` or until the limit, and plays the best move of the
//! last depth it completed (printed as `depth D of E`). A setting the
//! algorithm does not take is refused by the library, naming both.
//!
//! **Playing.** The human types a square (`d3`), `help` or `quit`. Input
//! that is not a move, and moves that are not legal, are refused with the
//! reason and the legal moves, and the prompt repeats. A human with no
//! legal move passes automatically (with a message); typing `pass` while a
//! square can be played is refused. The end of standard input quits
//! cleanly, so a script can be piped in. The engine's moves come with the
//! value of its search for the engine's colour (`value -6 for white`). The
//! last line of a finished game is `result: black B, white W, black
//! wins|white wins|draw`.

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Args;
use gametree::{
    Algorithm, Bounds, Cache, Config, Family, Game as _, GameParallel, Value, maximum_memory_for,
    minimum_memory_for,
};
use othello::{Color, Move, Othello, Position};

use crate::options::explain;

/// The engine's default algorithm.
pub const DEFAULT_ALGO: &str = "alphabeta";
/// The engine's default search depth in plies.
pub const DEFAULT_DEPTH: u32 = 4;
/// The deepest search the command accepts: a game has at most 60 moves
/// (and passes), far beyond what any search here finishes.
pub const MAX_ENGINE_DEPTH: u32 = 64;
/// The most OPEN entries a best-first engine may hold without an explicit
/// `--memory`: its OPEN list is sized for Othello's bound of 60 moves a
/// position, so SSS\* at depth 7 would hold 60⁴ ≈ 13 million.
pub const MAX_DEFAULT_OPEN: usize = 1 << 20;
/// What the program prints when it waits for the human's move.
pub const PROMPT: &str = "your move> ";

/// `gametree othello`.
#[derive(Args, Debug)]
#[command(after_help = after_help())]
pub struct OthelloArgs {
    /// The engine's algorithm: any name `gametree algos` lists [default:
    /// alphabeta].
    #[arg(long, value_name = "NAME")]
    pub algo: Option<String>,

    /// The engine's search depth in plies (at least 1) [default: 4].
    #[arg(long, value_name = "D", allow_hyphen_values = true, value_parser = crate::parse::whole::<u32>)]
    pub depth: Option<u32>,

    /// Memory budget M in OPEN entries for a best-first engine [default:
    /// the algorithm's own, if it stays below 2^20 entries at this depth];
    /// the engines without an OPEN list refuse it.
    #[arg(long, value_name = "M", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
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
    #[arg(long, value_name = "N", allow_hyphen_values = true, value_parser = crate::parse::whole::<u32>)]
    pub games: Option<u32>,

    /// Threads of a multi-threaded engine (treesplit, pvsplit,
    /// parallel-staged-sss, ybwc) [default: the machine's cores] or of an
    /// enhanced engine (ab-enh, pvs-enh, …), sharing one lock-free
    /// transposition table [default: 1].
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = crate::parse::whole::<usize>)]
    pub threads: Option<usize>,

    /// How an enhanced engine's --threads share the work: lazy-smp (every
    /// thread searches the root, sharing the table) or ybwc (young brothers
    /// wait along the leftmost path) [default: ybwc].
    #[arg(long, value_name = "METHOD")]
    pub parallel: Option<String>,

    /// Time per move in milliseconds for the enhanced engines: iterative
    /// deepening to --depth or until the time is up, playing the best move
    /// of the last completed depth.
    #[arg(long = "time-ms", value_name = "MS", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub time_ms: Option<u64>,

    /// Leaf evaluations per move for the enhanced engines, as --time-ms.
    #[arg(long = "max-leaves", value_name = "N", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub max_leaves: Option<u64>,
}

fn after_help() -> &'static str {
    "Examples:\n  \
     gametree othello                              play black against alpha-beta, depth 4\n  \
     gametree othello --algo mt-sss --depth 6 --color white\n  \
     gametree othello --algo memsss --memory 500 --depth 4\n  \
     gametree othello --match alphabeta,sss --games 10 --depth 4\n  \
     gametree othello --algo ybwc --threads 2 --depth 6\n  \
     gametree othello --algo pvs-enh --depth 10 --threads 2 --parallel ybwc\n  \
     gametree othello --algo mtdf-enh --depth 30 --time-ms 1000\n\n\
     Memory: an enhanced engine's table (16 MiB by default), or a best-first engine's \
     OPEN (at most 2^20 entries unless --memory says more), and about 4 MB more: a \
     match of mtdf-enh against sss at depth 5 peaks at 19 MB."
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

/// The configuration the options give every engine (`--memory` aside:
/// [`Engine::new`] takes it for the engines that have an OPEN list).
fn engine_config(args: &OthelloArgs) -> Result<Config> {
    let mut config = Config::default();
    if let Some(k) = args.threads {
        config = config.threads(k);
    }
    if let Some(m) = &args.parallel {
        let method: GameParallel = m.parse().map_err(|_| {
            anyhow::anyhow!("unknown --parallel method '{m}' (known: lazy-smp, ybwc)")
        })?;
        config = config.parallel(method);
    }
    if let Some(ms) = args.time_ms {
        config = config.time_limit(Duration::from_millis(ms));
    }
    if let Some(n) = args.max_leaves {
        config = config.max_leaves(n);
    }
    Ok(config)
}

/// An engine: an algorithm searching to a depth, and what it keeps from
/// move to move.
#[derive(Debug)]
pub struct Engine {
    algorithm: Algorithm,
    depth: u32,
    config: Config,
    cache: Cache,
}

/// An engine's decision.
#[derive(Debug, Clone)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The line the engine expects, from its move on (as far as the
    /// algorithm knows it).
    pub line: Vec<Move>,
    /// Its value for the engine; `None` if the move was forced (no search).
    pub value: Option<Value>,
    /// Leaves the search evaluated.
    pub leaves: u64,
    /// The depth a limited search completed, if a limit stopped it short
    /// of the engine's depth.
    pub completed: Option<u32>,
}

impl Engine {
    /// The engine `algo` at `depth` plies, configured by `config` and with
    /// a budget of `memory` OPEN entries.
    ///
    /// # Errors
    /// An unknown algorithm, a depth outside 1..=64, a setting the
    /// algorithm does not take, a limit for an engine that does not deepen
    /// iteratively, a default OPEN list too large, a budget the algorithm
    /// refuses.
    pub fn new(algo: &str, depth: u32, memory: Option<u64>, config: Config) -> Result<Engine> {
        if !(1..=MAX_ENGINE_DEPTH).contains(&depth) {
            bail!("--depth must be between 1 and {MAX_ENGINE_DEPTH}, not {depth}");
        }
        let algorithm: Algorithm = algo.parse()?;
        let config = match memory {
            Some(m) => config.memory(usize::try_from(m).context("--memory is too large")?),
            None => config,
        };
        config.check(algorithm).map_err(explain)?;
        let limited = config.get_time_limit().is_some() || config.get_max_leaves().is_some();
        if limited && algorithm.family() != Family::Enhanced {
            let enhanced: Vec<&str> = Algorithm::ALL
                .iter()
                .filter(|a| a.family() == Family::Enhanced)
                .map(|a| a.name())
                .collect();
            bail!(
                "--time-ms and --max-leaves are for the enhanced engines ({}), which deepen \
                 iteratively and play the best move of the last depth they completed; \
                 '{algorithm}' searches to a fixed depth and would have no move when stopped",
                enhanced.join(", ")
            );
        }
        if algorithm.takes_memory() && memory.is_none() {
            default_open(algorithm, depth, &config)?;
        }
        let mut engine = Engine {
            algorithm,
            depth,
            config,
            cache: Cache::new(),
        };
        engine.check()?;
        Ok(engine)
    }

    /// Refuses, before any output, what the library would refuse at the
    /// first move (a budget below the algorithm's minimum, too many
    /// threads): a search of a finished game, of the engine's shape, costs
    /// one leaf.
    fn check(&mut self) -> Result<()> {
        let over = Position::new(u64::MAX, 0, Color::Black).expect("a full board");
        self.cache
            .search_game(self.algorithm, &Othello, &over, self.depth, &self.config)
            .map_err(explain)
            .with_context(|| format!("engine {} at depth {}", self.algorithm, self.depth))?;
        self.cache.clear();
        Ok(())
    }

    /// The algorithm's name.
    pub fn name(&self) -> &'static str {
        self.algorithm.name()
    }

    /// The engine's move in `pos` (see the module docs), or `None` at the
    /// end of the game.
    ///
    /// # Errors
    /// A search that fails, or a limit that stopped it before it completed
    /// a depth.
    pub fn choose(&mut self, pos: &Position) -> Result<Option<Choice>> {
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
        let r = self
            .cache
            .search_game(self.algorithm, &Othello, pos, self.depth, &self.config)
            .map_err(explain)
            .with_context(|| format!("{} cannot search", self.name()))?;
        let Some(mv) = r.best else {
            bail!(
                "engine {} has no move: {}",
                self.name(),
                if r.stopped.is_some() {
                    "its limit stopped the search before it completed a depth (raise --time-ms \
                     or --max-leaves)"
                } else {
                    "the search named none"
                }
            );
        };
        Ok(Some(Choice {
            mv,
            line: r.pv,
            value: Some(r.value),
            leaves: r.leaves,
            completed: r.stopped.and(r.depth),
        }))
    }
}

/// Refuses a best-first engine whose default OPEN list, sized for
/// Othello's bound of 60 moves a position at `depth` plies, would pass
/// [`MAX_DEFAULT_OPEN`] entries.
fn default_open(algorithm: Algorithm, depth: u32, config: &Config) -> Result<()> {
    let shape = Bounds {
        branching: Othello.max_moves().unwrap_or(64),
        depth: depth as usize,
        uniform: false,
    };
    // The default budget: the minimum, but MemSSS*'s and MemDual*'s is
    // their maximum (RecSSS*'s and RecDual*'s OPEN).
    let entries = match algorithm {
        Algorithm::MemSss | Algorithm::MemDual => maximum_memory_for(algorithm, shape, config),
        _ => minimum_memory_for(algorithm, shape, config),
    };
    if entries.is_none_or(|n| n > MAX_DEFAULT_OPEN) {
        let figure = entries.map_or_else(
            || "more than a machine word counts".to_owned(),
            |n| n.to_string(),
        );
        bail!(
            "engine {algorithm} at depth {depth} needs --memory M: sized for Othello's bound of \
             {} moves a position, its OPEN list would hold {figure} entries by default (at most \
             {MAX_DEFAULT_OPEN} without --memory); the memory-bounded algorithms (memsss, \
             itersss, mgame, quickgame) search within a given M",
            shape.branching
        );
    }
    Ok(())
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
    let mut engine = Engine::new(
        args.algo.as_deref().unwrap_or(DEFAULT_ALGO),
        args.depth.unwrap_or(DEFAULT_DEPTH),
        args.memory,
        engine_config(args)?,
    )?;
    let start = start_position(args)?.unwrap_or_else(Position::initial);
    play(&mut engine, human, start, input, out)
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
    engine: &mut Engine,
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
                    // What the engine expects next, as far as it knows.
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
                        "engine ({machine}) plays {mv} ({depth}value {v} for {machine}, {} leaves, \
                         {seconds:.3} s{expects})",
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
    for name in [a, b] {
        name.parse::<Algorithm>()?;
    }
    // --memory is the budget of the engines that have an OPEN list.
    let budget = |name: &str| {
        args.memory
            .filter(|_| name.parse::<Algorithm>().is_ok_and(Algorithm::takes_memory))
    };
    if args.memory.is_some() && budget(a).is_none() && budget(b).is_none() {
        bail!("--memory is for the best-first engines; neither '{a}' nor '{b}' has an OPEN list");
    }
    let config = engine_config(args)?;
    let mut engines = [
        Engine::new(a, depth, budget(a), config.clone())?,
        Engine::new(b, depth, budget(b), config)?,
    ];
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

    fn engine(name: &str, depth: u32) -> Engine {
        Engine::new(name, depth, None, Config::default()).unwrap()
    }

    fn session(input: &str) -> String {
        let mut out = Vec::new();
        play(
            &mut engine("alphabeta", 2),
            Color::Black,
            Position::initial(),
            &mut input.as_bytes(),
            &mut out,
        )
        .unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The value of `pos` for its player to move at `depth`, by plain
    /// alpha-beta through the front door.
    fn value(pos: &Position, depth: u32) -> Value {
        gametree::search_game(
            Algorithm::AlphaBeta,
            &Othello,
            pos,
            depth,
            &Config::default(),
        )
        .unwrap()
        .value
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
        assert!(out.contains(" for white, "), "{out}");
        assert!(
            out.ends_with("End of input: the game stops unfinished.\n"),
            "{out}"
        );
    }

    #[test]
    fn the_engine_plays_a_best_move() {
        let pos = Position::initial();
        let c = engine("alphabeta", 2).choose(&pos).unwrap().unwrap();
        // At the start every move is worth the same: alpha-beta keeps the
        // first, d3.
        assert_eq!(c.mv.to_string(), "d3");
        assert_eq!(c.value, Some(value(&pos, 2)));
        assert_eq!(c.value, Some(-value(&pos.play(c.mv).unwrap(), 1)));
        assert!(c.leaves > 0);
        // A finished game has no move.
        let over: Position = format!("X{} X", "-".repeat(63)).parse().unwrap();
        assert!(engine("alphabeta", 2).choose(&over).unwrap().is_none());
    }

    #[test]
    fn bad_engines_are_errors() {
        let new = |name: &str, depth, memory| Engine::new(name, depth, memory, Config::default());
        assert!(new("nope", 2, None).is_err());
        assert!(new("alphabeta", 0, None).is_err());
        let e = new("alphabeta", 2, Some(10)).unwrap_err().to_string();
        assert!(e.contains("'alphabeta' takes no --memory"), "{e}");
        assert!(new("memsss", 2, Some(61)).is_ok());
        let e = format!("{:#}", new("memsss", 2, Some(60)).unwrap_err());
        assert!(
            e.contains("engine memsss at depth 2: MemSSS* needs at least 61"),
            "{e}"
        );
        // SSS* at depth 7 would hold 60^4 OPEN entries: the figure is said.
        let deep = new("sss", 7, None).unwrap_err().to_string();
        assert!(deep.contains("needs --memory M"), "{deep}");
        assert!(deep.contains("12960000 entries"), "{deep}");
        assert!(new("sss", 6, None).is_ok());
        assert!(
            new("quickgame", 9, None).is_ok(),
            "QuickGame's OPEN is small"
        );
        assert!(new("itersss", 9, Some(400)).is_ok());
        let e = new("ab-enh", 4, Some(100)).unwrap_err().to_string();
        assert!(e.contains("'ab-enh' takes no --memory"), "{e}");
        let e = format!("{:#}", new("memsss", 4, Some(1)).unwrap_err());
        assert!(e.contains("engine memsss at depth 4: "), "{e}");
        let limited = Config::default().max_leaves(100);
        let e = Engine::new("alphabeta", 4, None, limited).unwrap_err();
        assert!(e.to_string().contains("searches to a fixed depth"), "{e}");
    }

    /// Every engine plays a move of the best value, the enhanced ones
    /// keeping their table from move to move.
    #[test]
    fn every_engine_plays_moves_of_the_best_value() {
        let positions = othello::experiment_positions();
        for name in [
            "ab-enh",
            "pvs-enh",
            "mtdf-enh",
            "mtsss-enh",
            "mtdual-enh",
            "sss",
            "memsss",
            "mt-sss",
            "ybwc",
        ] {
            let mut e = engine(name, 3);
            for pos in positions.iter().take(8) {
                let c = e.choose(pos).unwrap().unwrap();
                assert_eq!(c.value, Some(value(pos, 3)), "{name} on {pos}");
                // The chosen move really has that value.
                let child = pos.play(c.mv).unwrap();
                assert_eq!(c.value, Some(-value(&child, 2)), "{name} on {pos}");
                assert_eq!(c.line.first(), Some(&c.mv), "{name} on {pos}");
            }
        }
    }

    /// `--threads K`: the multi-threaded engines and the parallel enhanced
    /// ones play moves of the one-thread value, by either method; bad
    /// combinations are errors.
    #[test]
    fn threaded_engines_play_moves_of_the_best_value() {
        let positions = othello::experiment_positions();
        let threaded = |name: &str, threads, method: Option<GameParallel>| {
            let mut config = Config::default().threads(threads);
            if let Some(m) = method {
                config = config.parallel(m);
            }
            Engine::new(name, 4, None, config)
        };
        for (name, method) in [
            ("ab-enh", Some(GameParallel::LazySmp)),
            ("pvs-enh", Some(GameParallel::Ybwc)),
            ("mtdf-enh", None),
            ("ybwc", None),
            ("treesplit", None),
        ] {
            for threads in [2, 3] {
                let mut e = threaded(name, threads, method).unwrap();
                for pos in positions.iter().take(4) {
                    let c = e.choose(pos).unwrap().unwrap();
                    assert_eq!(c.value, Some(value(pos, 4)), "{name} {method:?} on {pos}");
                    let child = pos.play(c.mv).unwrap();
                    assert_eq!(c.value, Some(-value(&child, 3)), "{name} on {pos}");
                    assert_eq!(c.line.first(), Some(&c.mv));
                }
            }
        }
        let e = |r: Result<Engine>| r.unwrap_err().to_string();
        assert!(e(threaded("pvs-enh", 0, None)).contains("invalid --threads"));
        assert!(e(threaded("pvs-enh", 1, Some(GameParallel::Ybwc))).contains("--parallel"));
        let seq = e(threaded("alphabeta", 2, None));
        assert!(seq.contains("'alphabeta' takes no --threads"), "{seq}");
    }
}

//! `cargo xtask train-eval`: trains Othello's pattern evaluation
//! ([`othello::pattern`]) on positions of games played here, scored
//! exactly by the project's own solver, and writes the weights file
//! (`crates/othello/data/eval.bin`).
//!
//! What it does, deterministically from `--seed` and the sizes:
//!
//! 1. **Games.** Game `g` is played from the initial position with a
//!    SplitMix64 generator seeded `seed × 2^32 + g`: at each ply, one move
//!    in [`RANDOM_PERCENT`] is drawn uniformly, the others are the best
//!    move by the simple evaluation one ply ahead ([`othello::eval`]; the
//!    first of equals). A game that ends before its target number of
//!    empty squares is dropped.
//! 2. **Exact scores.** At `solve_empties + g mod spread` empty squares
//!    (the `deep_games` games after the first `games`: at `deep_empties +
//!    g mod spread`, where the ordering searches of the larger FFO
//!    problems put their leaves) the position is solved exactly (MTD(f),
//!    a fresh 16 MiB table, the ordering evaluation off so the data do not
//!    depend on the weights being trained); the position and every
//!    position of the solver's principal variation carry that exact score
//!    (negated at each ply). The game then goes on by the same policy,
//!    and every position of at most `line_empties` (by default
//!    [`LINE_EMPTIES`]; with `--quick`, `solve_empties − 4`; deep games:
//!    `deep_empties − 4`) and at least [`MIN_EMPTIES`] empty squares is
//!    solved too (cheap, and off the optimal line). The principal
//!    variations are the solver's, so the positions depend on the engine's
//!    version (its choice among equally good moves), not only on the
//!    arguments.
//! 3. **Fit.** For each stage, least squares of the final disc difference
//!    on the features ([`othello::pattern::features`]) of the samples of
//!    that stage and the two next to it, by full-batch
//!    gradient steps preconditioned per weight (each weight moves by its
//!    residual sum over its count plus a ridge [`RIDGE`]), [`EPOCHS`]
//!    steps; games with `g mod 10 = 0` are held out to report the error.
//!    Weights are rounded to 1/64 disc. Stages without samples copy the
//!    nearest trained stage.
//!
//! The games are played and solved on `--jobs` threads (each game on its
//! own, with its own generator and a fresh table for every solve) and
//! their positions gathered in the order of the games; the fit is
//! sequential (one thread, a fixed order). So the same arguments write the
//! same bytes, whatever the number of threads.

use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use gametree::{Algorithm, Cache, Config, EnhancedConfig};
use othello::pattern::{self, Features, SCALARS, STAGE_WEIGHTS, STAGES, WEIGHT_SCALE, Weights};
use othello::{Move, Othello, Position, SplitMix64};
use tree_core::Game;

use crate::paths::workspace_root;

/// One move in this many percent is drawn at random.
pub const RANDOM_PERCENT: u64 = 30;

/// Positions with fewer empty squares are not used (the solver's own
/// region).
pub const MIN_EMPTIES: u32 = 8;

/// The ridge added to each weight's count.
pub const RIDGE: f64 = 64.0;

/// Empty squares of the deep games' first exact solve, at least.
pub const DEEP_EMPTIES: u32 = 19;

/// Deep games played by default (each cost about 2 s of a core in the
/// committed run, twenty times a game of the first phase: they feed the
/// stages of 20–23 empty squares, where the ordering searches of the
/// larger FFO problems put their leaves; see `docs/OTHELLO.md`).
pub const DEEP_GAMES: u64 = 2000;

/// Games of the first phase played by default.
pub const GAMES: u64 = 20_000;

/// Empty squares of the first phase's first exact solve, at least.
pub const SOLVE_EMPTIES: u32 = 16;

/// Off the optimal line, the first phase's positions with at most this
/// many empty squares are solved too, by default.
pub const LINE_EMPTIES: u32 = 15;

// The arguments of `cargo xtask train-eval`.
#[derive(clap::Args, Debug, Clone)]
pub struct TrainArgs {
    /// A few games of small solves (seconds), written to
    /// target/eval-quick.bin unless --out.
    #[arg(long)]
    pub quick: bool,
    /// The generator's seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games to play (default 20000, or 12 with --quick).
    #[arg(long)]
    pub games: Option<u64>,
    /// Empty squares of each game's first exact solve, at least (default
    /// 16, or 14 with --quick).
    #[arg(long)]
    pub solve_empties: Option<u32>,
    /// Game g solves first at solve-empties + g mod spread empty squares
    /// (default 4, or 2 with --quick).
    #[arg(long)]
    pub spread: Option<u32>,
    /// Games played after the first --games, solved first at
    /// --deep-empties + g mod spread empty squares (default 2000, or 0
    /// with --quick).
    #[arg(long)]
    pub deep_games: Option<u64>,
    /// Empty squares of the deep games' first exact solve, at least.
    #[arg(long, default_value_t = DEEP_EMPTIES)]
    pub deep_empties: u32,
    /// Off the optimal line, the positions of the first --games games with
    /// at most this many empty squares are solved too (default 15; with
    /// --quick, --solve-empties less 4; deep games: --deep-empties less
    /// 4).
    #[arg(long)]
    pub line_empties: Option<u32>,
    /// Threads playing and solving the games (default: the machine's
    /// cores); the weights do not depend on it.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// The ridge: each pattern weight is fitted as if seen this many more
    /// times with a residual of 0 (more: weights of rare patterns nearer 0).
    #[arg(long, default_value_t = RIDGE)]
    pub ridge: f64,
    /// Write the weights here instead.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Keep the scored positions in this file: read them from it if it
    /// exists (no games played), else write them there.
    #[arg(long)]
    pub samples: Option<PathBuf>,
    /// Compare with the file instead of writing it (fails if they differ).
    #[arg(long)]
    pub check: bool,
}

/// Gradient steps per stage.
pub const EPOCHS: usize = 400;

/// The step size of the preconditioned gradient steps.
pub const STEP: f64 = 0.015;

/// A position and its exact final score (discs, for the player to move).
struct Sample {
    features: Features,
    empties: u32,
    score: i32,
    held_out: bool,
}

/// A scored position as generated: the mover's discs, the opponent's, the
/// exact score for the mover, the game it comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Scored {
    me: u64,
    opp: u64,
    score: i32,
    game: u64,
}

impl Scored {
    fn sample(&self) -> Sample {
        Sample {
            features: pattern::features(self.me, self.opp),
            empties: (!(self.me | self.opp)).count_ones(),
            score: self.score,
            held_out: self.game.is_multiple_of(10),
        }
    }
}

/// The sizes of a run.
#[derive(Debug, Clone, Copy)]
pub struct Sizes {
    /// Games played.
    pub games: u64,
    /// The generator's seed.
    pub seed: u64,
    /// Empty squares of the first exact solve of a game (at least).
    pub solve_empties: u32,
    /// Games solve at `solve_empties + g mod spread` empty squares.
    pub spread: u32,
    /// Games played after the first `games`, solved first at
    /// `deep_empties + g mod spread` empty squares.
    pub deep_games: u64,
    /// Empty squares of the deep games' first exact solve, at least.
    pub deep_empties: u32,
    /// Off the optimal line, the positions of the first `games` games with
    /// at most this many empty squares are solved (`None`:
    /// `solve_empties − 4`).
    pub line_empties: Option<u32>,
    /// The ridge added to each pattern weight's count.
    pub ridge: f64,
}

impl Sizes {
    /// The sizes the arguments ask for (`--quick`: a few games of small
    /// solves, for a test).
    pub fn from_args(args: &TrainArgs) -> Sizes {
        let (games, solve_empties, spread, deep_games, line_empties) = if args.quick {
            (12, 14, 2, 0, None)
        } else {
            (GAMES, SOLVE_EMPTIES, 4, DEEP_GAMES, Some(LINE_EMPTIES))
        };
        Sizes {
            games: args.games.unwrap_or(games),
            seed: args.seed,
            solve_empties: args.solve_empties.unwrap_or(solve_empties),
            spread: args.spread.unwrap_or(spread).max(1),
            deep_games: args.deep_games.unwrap_or(deep_games),
            deep_empties: args.deep_empties,
            line_empties: args.line_empties.or(line_empties),
            ridge: args.ridge,
        }
    }

    /// The least empty squares of game `g`'s first exact solve: its
    /// phase's (`solve_empties` or `deep_empties`), before the spread.
    fn first(&self, g: u64) -> u32 {
        if g < self.games {
            self.solve_empties
        } else {
            self.deep_empties
        }
    }

    /// The most empty squares of the positions off game `g`'s optimal
    /// line that are solved.
    fn line(&self, g: u64) -> u32 {
        match self.line_empties {
            Some(n) if g < self.games => n,
            _ => self.first(g) - 4,
        }
    }

    /// Empty squares of game `g`'s first exact solve.
    fn target(&self, g: u64) -> u32 {
        self.first(g) + (g % u64::from(self.spread)) as u32
    }
}

/// `cargo xtask train-eval`.
pub fn run(args: &TrainArgs) -> Result<()> {
    let sizes = Sizes::from_args(args);
    for (name, empties) in [
        ("--solve-empties", sizes.solve_empties),
        ("--deep-empties", sizes.deep_empties),
    ] {
        if empties < MIN_EMPTIES + 4 || empties + sizes.spread > 40 {
            bail!(
                "{name} must be at least {} and {name} + --spread at most 40",
                MIN_EMPTIES + 4
            );
        }
    }
    if sizes.line_empties.is_some_and(|n| n < MIN_EMPTIES) {
        bail!("--line-empties must be at least {MIN_EMPTIES}");
    }
    let jobs = args.jobs.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    if jobs == 0 {
        bail!("--jobs must be at least 1");
    }
    let out = args.out.clone().unwrap_or_else(|| {
        if args.quick {
            crate::paths::target_dir(&workspace_root()).join("eval-quick.bin")
        } else {
            workspace_root().join("crates/othello/data/eval.bin")
        }
    });
    let start = Instant::now();
    let scored = match &args.samples {
        Some(file) if file.exists() => read_samples(file)?,
        _ => {
            let scored = generate(sizes, jobs, true, args.samples.as_ref())?;
            if let Some(file) = &args.samples {
                write_samples(file, &scored)?;
            }
            scored
        }
    };
    eprintln!(
        "{} positions scored in {:.1} s; fitting",
        scored.len(),
        start.elapsed().as_secs_f64()
    );
    let weights = fit(&scored, sizes.ridge, true);
    eprintln!(
        "done in {:.1} s: {} weights not 0",
        start.elapsed().as_secs_f64(),
        weights.non_zero()
    );
    write(&out, &weights.to_bytes(), args.check)
}

/// Writes the scored positions, one a line: the mover's discs and the
/// opponent's in hexadecimal, the score, the game.
fn write_samples(file: &std::path::Path, scored: &[Scored]) -> Result<()> {
    let text: String = scored
        .iter()
        .map(|s| format!("{:016x} {:016x} {} {}\n", s.me, s.opp, s.score, s.game))
        .collect();
    crate::reproduce::doc::write_atomic(file, text.as_bytes())
}

/// Reads what [`write_samples`] wrote.
fn read_samples(file: &PathBuf) -> Result<Vec<Scored>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = || anyhow::anyhow!("{}:{}: not a scored position", file.display(), i + 1);
            if f.len() != 4 {
                return Err(bad());
            }
            let me = u64::from_str_radix(f[0], 16).map_err(|_| bad())?;
            let opp = u64::from_str_radix(f[1], 16).map_err(|_| bad())?;
            if me & opp != 0 {
                return Err(bad());
            }
            Ok(Scored {
                me,
                opp,
                score: f[2].parse().map_err(|_| bad())?,
                game: f[3].parse().map_err(|_| bad())?,
            })
        })
        .collect()
}

/// Writes `bytes` to `out`, or with `check` compares them with it.
fn write(out: &PathBuf, bytes: &[u8], check: bool) -> Result<()> {
    if check {
        let old = std::fs::read(out).with_context(|| format!("reading {}", out.display()))?;
        if old != bytes {
            bail!("{} differs from the weights trained now", out.display());
        }
        eprintln!("{}: the same {} bytes", out.display(), bytes.len());
        return Ok(());
    }
    crate::reproduce::doc::write_atomic(out, bytes)?;
    eprintln!("wrote {} ({} bytes)", out.display(), bytes.len());
    Ok(())
}

/// Plays the games on `jobs` threads, solves their positions and fits the
/// weights; with `progress`, says how it goes on standard error.
pub fn train(sizes: Sizes, jobs: usize, progress: bool) -> Result<Weights> {
    Ok(fit(
        &generate(sizes, jobs.max(1), progress, None)?,
        sizes.ridge,
        progress,
    ))
}

/// The move the playing policy picks in `pos` (which has moves).
fn pick(pos: &Position, rng: &mut SplitMix64) -> Move {
    let moves = pos.moves();
    if rng.next_u64() % 100 < RANDOM_PERCENT {
        return moves[(rng.next_u64() % moves.len() as u64) as usize];
    }
    let mut best = (i32::MIN, moves[0]);
    for &m in &moves {
        let v = -othello::eval::evaluate(&pos.play_unchecked(m));
        if v > best.0 {
            best = (v, m);
        }
    }
    best.1
}

/// The exact score of `pos` (discs, player to move) and the principal
/// variation the solver names.
fn solve(cache: &mut Cache, config: &Config, pos: &Position) -> Result<(i32, Vec<Move>)> {
    cache.clear();
    let depth = Othello.plies_left(pos).expect("Othello knows");
    let r = cache
        .search_game(Algorithm::MtdfEnhanced, &Othello, pos, depth, config)
        .context("an exact solve")?;
    Ok((r.value.get() / othello::eval::WIN_SCALE, r.pv))
}

/// The scored positions of game `g`.
fn play_game(sizes: Sizes, g: u64, cache: &mut Cache, config: &Config) -> Result<Vec<Scored>> {
    let mut samples = Vec::new();
    let mut add = |pos: &Position, score: i32| {
        let e = pos.empty().count_ones();
        if e < MIN_EMPTIES || pos.is_game_over() {
            return;
        }
        let (me, opp) = pos.mine_theirs();
        samples.push(Scored {
            me,
            opp,
            score,
            game: g,
        });
    };
    let mut rng = SplitMix64::new((sizes.seed << 32).wrapping_add(g));
    let target = sizes.target(g);
    let mut pos = Position::initial();
    while pos.empty().count_ones() > target && !pos.is_game_over() {
        pos = pos.play_unchecked(pick(&pos, &mut rng));
    }
    if pos.is_game_over() {
        return Ok(samples);
    }
    let (score, pv) = solve(cache, config, &pos)?;
    add(&pos, score);
    let (mut p, mut s) = (pos, score);
    for mv in pv {
        p = p.play_unchecked(mv);
        s = -s;
        add(&p, s);
    }
    // Off the optimal line: the game goes on by the policy.
    while !pos.is_game_over() && pos.empty().count_ones() >= MIN_EMPTIES {
        pos = pos.play_unchecked(pick(&pos, &mut rng));
        let e = pos.empty().count_ones();
        if e <= sizes.line(g) && e >= MIN_EMPTIES && !pos.is_game_over() {
            let (score, _) = solve(cache, config, &pos)?;
            add(&pos, score);
        }
    }
    Ok(samples)
}

/// The samples of every game, in the order of the games, played on `jobs`
/// threads; every 100 games the samples of the games done so far are also
/// written to `partial` with `.partial` appended, if given.
fn generate(
    sizes: Sizes,
    jobs: usize,
    progress: bool,
    partial: Option<&PathBuf>,
) -> Result<Vec<Scored>> {
    let config = Config::default()
        .table_bytes(16 << 20)
        .enhancements(EnhancedConfig::default().with_order_eval(false));
    let total = sizes.games + sizes.deep_games;
    let next = AtomicU64::new(0);
    // Each game's samples, by game; the games done.
    let done: Mutex<(Vec<Option<Vec<Scored>>>, u64)> = Mutex::new((vec![None; total as usize], 0));
    let failed = AtomicBool::new(false);
    let start = Instant::now();
    let gathered = |games: &[Option<Vec<Scored>>]| -> Vec<Scored> {
        games.iter().flatten().flatten().copied().collect()
    };
    let work = || -> Result<()> {
        let mut cache = Cache::new();
        loop {
            let g = next.fetch_add(1, Relaxed);
            if g >= total || failed.load(Relaxed) {
                return Ok(());
            }
            let samples = play_game(sizes, g, &mut cache, &config).inspect_err(|_| {
                failed.store(true, Relaxed);
            })?;
            let mut d = done.lock().expect("no thread panics holding it");
            d.0[g as usize] = Some(samples);
            d.1 += 1;
            if d.1.is_multiple_of(100) {
                if let Some(file) = partial {
                    let mut name = file.clone().into_os_string();
                    name.push(".partial");
                    write_samples(&PathBuf::from(name), &gathered(&d.0)).inspect_err(|_| {
                        failed.store(true, Relaxed);
                    })?;
                }
                if progress {
                    eprintln!(
                        "game {}/{total}: {} positions, {:.1} s",
                        d.1,
                        d.0.iter().flatten().map(Vec::len).sum::<usize>(),
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        }
    };
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs).map(|_| scope.spawn(work)).collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a training thread panicked"))
            .collect::<Result<Vec<()>>>()
    })?;
    let (games, _) = done.into_inner().expect("no thread panicked holding it");
    Ok(gathered(&games))
}

/// Whether a sample of `empties` empty squares trains `stage`: its own
/// stage and the two next to it.
fn trains(stage: usize, empties: u32) -> bool {
    let w = pattern::STAGE_WIDTH;
    let lo = (stage as u32 * w).saturating_sub(w);
    let hi = stage as u32 * w + 2 * w - 1;
    (lo..=hi).contains(&empties)
}

/// Fits every stage.
fn fit(scored: &[Scored], ridge: f64, progress: bool) -> Weights {
    let samples: Vec<Sample> = scored.iter().map(Scored::sample).collect();
    let mut weights = Weights::zero();
    let mut done = Vec::new();
    for stage in 0..STAGES {
        let train: Vec<&Sample> = samples
            .iter()
            .filter(|s| !s.held_out && trains(stage, s.empties))
            .collect();
        if train.len() < 100 {
            continue;
        }
        let test: Vec<&Sample> = samples
            .iter()
            .filter(|s| s.held_out && trains(stage, s.empties))
            .collect();
        let w = fit_stage(&train, ridge);
        let q: Vec<i16> = w
            .iter()
            .map(|&x| {
                (x * f64::from(WEIGHT_SCALE))
                    .round()
                    .clamp(-32767.0, 32767.0) as i16
            })
            .collect();
        weights.stage_mut(stage).copy_from_slice(&q);
        done.push(stage);
        if progress {
            let rms = |set: &[&Sample]| {
                let e: f64 = set
                    .iter()
                    .map(|s| {
                        let f = Features {
                            stage,
                            ..s.features.clone()
                        };
                        let p = f64::from(weights.score(&f)) / f64::from(WEIGHT_SCALE);
                        (p - f64::from(s.score)).powi(2)
                    })
                    .sum();
                (e / set.len().max(1) as f64).sqrt()
            };
            eprintln!(
                "stage {stage} ({}–{} empty squares): {} positions, error {:.2} discs (held out: {} positions, {:.2} discs)",
                stage as u32 * pattern::STAGE_WIDTH,
                stage as u32 * pattern::STAGE_WIDTH + pattern::STAGE_WIDTH - 1,
                train.len(),
                rms(&train),
                test.len(),
                rms(&test)
            );
        }
    }
    // Stages without data take the nearest trained stage's weights (the
    // lower one on a tie).
    if !done.is_empty() {
        for stage in (0..STAGES).filter(|s| !done.contains(s)) {
            let near = *done
                .iter()
                .min_by_key(|&&s| (s.abs_diff(stage), s))
                .expect("not empty");
            let w = weights.stage(near).to_vec();
            weights.stage_mut(stage).copy_from_slice(&w);
        }
    }
    weights
}

/// Least squares on one stage's samples: preconditioned full-batch
/// gradient steps from 0.
fn fit_stage(train: &[&Sample], ridge: f64) -> Vec<f64> {
    let n = STAGE_WEIGHTS;
    let scalar0 = n - SCALARS;
    // Each weight's sum of squared feature values, plus the ridge.
    let mut norm = vec![ridge; n];
    norm[scalar0..].fill(0.0);
    for s in train {
        for &i in &s.features.indices {
            norm[i as usize] += 1.0;
        }
        for (k, &x) in s.features.scalars.iter().enumerate() {
            norm[scalar0 + k] += f64::from(x) * f64::from(x);
        }
    }
    let mut w = vec![0.0; n];
    let mut grad = vec![0.0; n];

    for _ in 0..EPOCHS {
        grad.fill(0.0);
        for s in train {
            let mut p = 0.0;
            for &i in &s.features.indices {
                p += w[i as usize];
            }
            for (k, &x) in s.features.scalars.iter().enumerate() {
                p += w[scalar0 + k] * f64::from(x);
            }
            let r = f64::from(s.score) - p;
            for &i in &s.features.indices {
                grad[i as usize] += r;
            }
            for (k, &x) in s.features.scalars.iter().enumerate() {
                grad[scalar0 + k] += r * f64::from(x);
            }
        }
        for j in 0..n {
            // Weights no sample touches stay 0; the ridge pulls the
            // patterns' weights (not the counts') towards 0.
            if norm[j] > 0.0 {
                let pull = if j < scalar0 { ridge * w[j] } else { 0.0 };
                w[j] += STEP * (grad[j] - pull) / norm[j];
            }
        }
    }
    w
}

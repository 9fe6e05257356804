//! Othello against real data: the FFO endgame problems (Fédération
//! Française d'Othello), solved exactly, and what memory buys on them.
//!
//! Three parts, every value checked against the published score:
//!
//! 1. **Exact.** Every enhanced search (`search_depthfirst::Enhanced`:
//!    alpha-beta, PVS, MTD(f), MT-SSS\*, MT-DUAL\*, default configuration,
//!    a 64 MiB table cleared before each problem) solves FFO #1–#39
//!    (#1–#5 with `--quick`) to the end of the game; MTD(f) also solves
//!    the position after every move the file scores (#1–#19; #1–#5 quick).
//! 2. **Table size.** The same searches on FFO #1–#19 (#1–#5 quick) with
//!    transposition tables from 64 KiB to 256 MiB, and MTD(f) on #21–#30
//!    (full runs only): nodes against memory.
//! 3. **Small positions, both families.** Positions small enough for SSS\*
//!    with known values: each of FFO #1–#19 (#1–#3 quick) played along its
//!    solution down to [`SMALL_EMPTIES`] empty squares
//!    ([`SMALL_EMPTIES_QUICK`] quick), at each ply the lowest-numbered
//!    move that keeps the score (so the positions do not depend on the
//!    engine), whose value is the problem's score (negated when the other
//!    side is to move there).
//!    SSS\*, RecSSS\* and MemSSS\*(M) for M from its minimum to its maximum
//!    (where it is RecSSS\*) search the whole game tree through
//!    `tree_core::Horizon`, OPEN sized for the tree's true shape
//!    (`othello::game_tree_shape`); the enhanced searches run with tables
//!    from one bucket to 1 MiB. Memory is OPEN's allocation (M × bytes
//!    per entry) or the table's bytes; leaves are counted by
//!    `tree_core::Counted` for the best-first searches and by the engine
//!    for the enhanced ones (static evaluations; here every leaf is an end
//!    of the game).
//!
//! The enhanced searches run through the front door (`gametree::Cache`,
//! whose table is kept from problem to problem and cleared before each);
//! the best-first searches of part 3 run on their engine, whose report
//! alone has OPEN's allocation in bytes.
//!
//! The counts document (`othello-ffo`) is deterministic: the same bytes on
//! every run. Times go to the times document (`othello-ffo-time`), written
//! only when the run is timed: each search's CPU time on its thread (Linux;
//! wall time elsewhere), since the searches are CPU-bound and the machine
//! may be shared. Independent searches run as [`jobs`](super::jobs::run), one
//! per algorithm, table size, problem or (searcher, position).

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use gametree::{
    Algorithm, Cache, Config as Settings, EnhancedConfig, Family, maximum_memory_for,
    minimum_memory_for,
};
use othello::obf::FfoProblem;
use othello::{Othello, Position};
use search_bestfirst::{Algorithm as BestFirst, Options};
use search_depthfirst::GameTable;
use tree_core::{Counted, Game, Horizon};

use super::config::Config;
use super::doc::{Doc, Output};
use super::jobs;
use super::render::{csv, md_table, num, times_intro, times_link};

const NAME: &str = "othello-ffo";

/// The empty squares of the small positions (part 3).
pub const SMALL_EMPTIES: u32 = 9;
/// The same with `--quick`.
pub const SMALL_EMPTIES_QUICK: u32 = 7;
/// The table of part 1.
const EXACT_TABLE: usize = 64 << 20;
/// The disc scale of Othello's values.
const W: i32 = othello::eval::WIN_SCALE;

/// One search's result.
#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
struct Cell {
    leaves: u64,
    nodes: u64,
    /// Bytes of memory the search had: the table, or OPEN's allocation.
    bytes: u64,
    time: Duration,
}

impl std::ops::AddAssign for Cell {
    fn add_assign(&mut self, o: Cell) {
        self.leaves += o.leaves;
        self.nodes += o.nodes;
        self.bytes = self.bytes.max(o.bytes);
        self.time += o.time;
    }
}

/// The enhanced engines (`mtdf-enh`, …), in the front door's order.
fn enhanced() -> Vec<Algorithm> {
    Algorithm::ALL
        .iter()
        .copied()
        .filter(|a| a.family() == Family::Enhanced)
        .collect()
}

/// Solves `pos` with the enhanced engine `a` as `settings` say (its table
/// kept in `cache`, cleared first), checks the value, and counts.
fn solve(
    cfg: &Config,
    cache: &mut Cache,
    a: Algorithm,
    settings: &Settings,
    pos: &Position,
    want: i32,
    what: &str,
) -> Result<(Cell, Vec<othello::Move>)> {
    let (r, time) = cfg.cpu_time(|| solve_exactly(cache, a, settings, pos));
    let r = r?;
    if r.value.get() != want * W {
        bail!(
            "{a} on {what}: {} where the file says {want}",
            r.value.get() / W
        );
    }
    let allocated = r.peak_memory.context("an enhanced engine has a table")?;
    Ok((
        Cell {
            leaves: r.leaves,
            nodes: r.leaves + r.interior,
            bytes: allocated as u64,
            time,
        },
        r.pv,
    ))
}

/// `pos` searched to the end of the game with `cache`'s table cleared
/// first.
fn solve_exactly(
    cache: &mut Cache,
    a: Algorithm,
    settings: &Settings,
    pos: &Position,
) -> Result<gametree::Report<othello::Move>, gametree::Error> {
    cache.clear();
    let depth = Othello.plies_left(pos).expect("Othello bounds its plies");
    cache.search_game(a, &Othello, pos, depth, settings)
}

fn problems(cfg: &Config) -> Vec<FfoProblem> {
    let all = othello::obf::ffo();
    if cfg.quick {
        all.into_iter().take(5).collect()
    } else {
        all
    }
}

/// Part 1: every enhanced algorithm on every problem.
fn exact(cfg: &Config, problems: &[FfoProblem]) -> Result<Vec<Vec<Cell>>> {
    let settings = Settings::default().table_bytes(if cfg.quick { 1 << 20 } else { EXACT_TABLE });
    let algos = enhanced();
    let bar = cfg.bar("ffo: exact", algos.len() as u64);
    // One job per algorithm: its engine (and table) is reused, cleared,
    // from problem to problem.
    let cells = jobs::run(&algos, &bar, |&a| {
        let mut cache = Cache::new();
        problems
            .iter()
            .map(|p| {
                let best = p.problem.best_score().expect("scored");
                let what = format!("FFO #{}", p.number);
                solve(
                    cfg,
                    &mut cache,
                    a,
                    &settings,
                    &p.problem.position,
                    best,
                    &what,
                )
                .map(|c| c.0)
            })
            .collect::<Result<Vec<Cell>>>()
    })?;
    bar.finish_and_clear();
    Ok(cells)
}

/// Part 1b: MTD(f) on the position after every scored move; the number of
/// moves checked.
fn listed_moves(cfg: &Config, problems: &[FfoProblem]) -> Result<usize> {
    let upto = if cfg.quick { 5 } else { 19 };
    let set: Vec<&FfoProblem> = problems.iter().filter(|p| p.number <= upto).collect();
    let bar = cfg.bar("ffo: listed moves", set.len() as u64);
    let counts = jobs::run(&set, &bar, |p| {
        let mut cache = Cache::new();
        let settings = Settings::default().table_bytes(1 << 22);
        for &(mv, score) in &p.problem.scores {
            let child = p.problem.position.play(mv)?;
            let what = format!("FFO #{} after {mv}", p.number);
            let mtdf = Algorithm::MtdfEnhanced;
            solve(cfg, &mut cache, mtdf, &settings, &child, -score, &what)?;
        }
        Ok(p.problem.scores.len())
    })?;
    bar.finish_and_clear();
    Ok(counts.iter().sum())
}

/// Table sizes of part 2.
fn table_sizes(cfg: &Config) -> Vec<usize> {
    if cfg.quick {
        vec![64 << 10, 1 << 20, 16 << 20]
    } else {
        (0..=6).map(|k| (64 << 10) << (2 * k)).collect()
    }
}

/// Part 2: every enhanced algorithm at every table size, totals over the
/// problems `range`; `[algorithm][size]`.
fn table_sweep(
    cfg: &Config,
    problems: &[FfoProblem],
    range: std::ops::RangeInclusive<usize>,
    algorithms: &[Algorithm],
) -> Result<Vec<Vec<Cell>>> {
    let sizes = table_sizes(cfg);
    let set: Vec<&FfoProblem> = problems
        .iter()
        .filter(|p| range.contains(&p.number))
        .collect();
    let jobs: Vec<(usize, usize)> = (0..algorithms.len())
        .flat_map(|a| (0..sizes.len()).map(move |s| (a, s)))
        .collect();
    let bar = cfg.bar("ffo: table sizes", jobs.len() as u64);
    // One table per job, so at most one per thread lives at once.
    let cells = jobs::run(&jobs, &bar, |&(a, s)| {
        let alg = algorithms[a];
        let (mut cache, settings) = (Cache::new(), Settings::default().table_bytes(sizes[s]));
        let mut total = Cell::default();
        for p in &set {
            let best = p.problem.best_score().expect("scored");
            let what = format!("FFO #{} with {} bytes", p.number, sizes[s]);
            let pos = &p.problem.position;
            total += solve(cfg, &mut cache, alg, &settings, pos, best, &what)?.0;
        }
        Ok(total)
    })?;
    bar.finish_and_clear();
    Ok(cells.chunks(sizes.len()).map(<[Cell]>::to_vec).collect())
}

/// A small position with its known value.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Small {
    name: String,
    #[serde(with = "position_text")]
    position: Position,
    value: i32,
}

/// A position as its one-line text form (jobs' results travel between
/// MPI ranks serialised).
mod position_text {
    use othello::Position;
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(p: &Position, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(p)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

/// Part 3's positions: each problem played down to `empties` empty squares
/// along its solution, taking at each ply the lowest-numbered best move —
/// the first move, in the order of `Position::moves` (ascending squares),
/// whose child's exact value (MTD(f), checked from the root by the file's
/// score) keeps the problem's score. The positions so depend on the game
/// alone, not on the engine's move ordering or table.
fn small_positions(cfg: &Config, problems: &[FfoProblem]) -> Result<Vec<Small>> {
    let (upto, empties) = if cfg.quick {
        (3, SMALL_EMPTIES_QUICK)
    } else {
        (19, SMALL_EMPTIES)
    };
    let set: Vec<&FfoProblem> = problems.iter().filter(|p| p.number <= upto).collect();
    let bar = cfg.bar("ffo: small positions' solutions", set.len() as u64);
    let small = jobs::run(&set, &bar, |p| {
        let settings = Settings::default().table_bytes(1 << 22);
        let mut cache = Cache::new();
        let best = p.problem.best_score().expect("scored");
        let what = format!("FFO #{}", p.number);
        // The root's value, checked against the file; every later value
        // follows from it.
        solve(
            cfg,
            &mut cache,
            Algorithm::MtdfEnhanced,
            &settings,
            &p.problem.position,
            best,
            &what,
        )?;
        let (mut q, mut v, mut plies) = (p.problem.position, best, 0);
        while q.empty().count_ones() > empties && !q.is_game_over() {
            let mut next = None;
            for mv in q.moves() {
                let child = q.play(mv)?;
                let r = solve_exactly(&mut cache, Algorithm::MtdfEnhanced, &settings, &child)?;
                if r.value.get() == -v * W {
                    next = Some(child);
                    break;
                }
            }
            let Some(child) = next else {
                bail!("{what}: no move of {q} keeps the value {v}");
            };
            q = child;
            v = -v;
            plies += 1;
        }
        if q.empty().count_ones() != empties || q.is_game_over() {
            bail!("{what}: the solution does not reach {empties} empty squares");
        }
        Ok(Small {
            name: format!("#{} +{plies}", p.number),
            position: q,
            value: v,
        })
    })?;
    bar.finish_and_clear();
    Ok(small)
}

/// A searcher of part 3.
#[derive(Debug, Clone)]
struct Searcher {
    label: String,
    family: &'static str,
    kind: Kind,
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    /// An enhanced search with a table of this many bytes, with every
    /// enhancement (`true`) or with the table alone (`false`: generation
    /// order, no hints, no endgame solver — MT-SSS* so is Plaat et al.'s
    /// SSS* reformulated, memory in a table instead of OPEN).
    Enhanced(Algorithm, usize, bool),
    /// A best-first search; for MemSSS*, M as a fraction of the way from
    /// its minimum (0) to its maximum (1) on a geometric scale.
    BestFirst(BestFirst, Option<f64>),
}

fn searchers(cfg: &Config) -> Vec<Searcher> {
    let mut out = Vec::new();
    let tables: &[usize] = if cfg.quick {
        &[GameTable::BUCKET_BYTES, 16 << 10, 1 << 20]
    } else {
        &[
            GameTable::BUCKET_BYTES,
            1 << 10,
            16 << 10,
            64 << 10,
            256 << 10,
            1 << 20,
        ]
    };
    for (a, all, family) in [
        (Algorithm::MtdfEnhanced, true, "mtdf-enh"),
        (Algorithm::MtSssEnhanced, false, "mt-sss table only"),
    ] {
        for &t in tables {
            out.push(Searcher {
                label: format!("{family} {}", bytes_label(t as u64)),
                family,
                kind: Kind::Enhanced(a, t, all),
            });
        }
    }
    out.push(Searcher {
        label: "sss".into(),
        family: "sss",
        kind: Kind::BestFirst(BestFirst::Sss, None),
    });
    out.push(Searcher {
        label: "recsss".into(),
        family: "recsss",
        kind: Kind::BestFirst(BestFirst::RecSss, None),
    });
    let steps: &[f64] = if cfg.quick {
        &[0.0, 0.5, 1.0]
    } else {
        &[0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0]
    };
    for &f in steps {
        out.push(Searcher {
            label: format!("memsss M at {:.0}%", 100.0 * f),
            family: "memsss",
            kind: Kind::BestFirst(BestFirst::MemSss, Some(f)),
        });
    }
    out
}

fn bytes_label(b: u64) -> String {
    match b {
        b if b >= 1 << 20 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 => format!("{} KiB", b >> 10),
        b => format!("{b} B"),
    }
}

/// One searcher on one small position, value checked.
fn small_cell(cfg: &Config, s: &Searcher, p: &Small) -> Result<Cell> {
    match s.kind {
        Kind::Enhanced(a, bytes, all) => {
            let mut settings = Settings::default().table_bytes(bytes);
            if !all {
                settings = settings.enhancements(EnhancedConfig::plain().with_exact_solve(true));
            }
            let cache = &mut Cache::new();
            Ok(solve(cfg, cache, a, &settings, &p.position, p.value, &p.name)?.0)
        }
        Kind::BestFirst(a, fraction) => {
            let shape = othello::game_tree_shape(&p.position);
            let memory = match fraction {
                None => None,
                Some(f) => {
                    // MemSSS*'s budgets without the odd-depth leaf search
                    // (it runs with it, as by default): the committed scale.
                    let plain = Settings::default().odd_depth_leaf_search(false);
                    let budget = |rule: fn(Algorithm, _, &Settings) -> Option<usize>| {
                        rule(Algorithm::MemSss, shape, &plain)
                            .map(|m| m as f64)
                            .with_context(|| format!("no MemSSS* budget on {shape:?}"))
                    };
                    let (lo, hi) = (budget(minimum_memory_for)?, budget(maximum_memory_for)?);
                    Some((lo * (hi / lo).powf(f)).round() as usize)
                }
            };
            // The engine itself, not the front door: OPEN's allocation
            // (its budget times its bytes per entry) is in the engine's
            // report only.
            let tree = Counted::new(Horizon::new(Othello, p.position, shape.depth as u32));
            let opts = Options {
                memory,
                shape: Some(shape),
                ..Options::default()
            };
            let (o, time) = cfg.cpu_time(|| a.run(&tree, &opts));
            let o = o?;
            if o.value.get() != p.value * W {
                bail!(
                    "{} on {}: {} where the file says {}",
                    s.label,
                    p.name,
                    o.value.get() / W,
                    p.value
                );
            }
            let st = tree.stats();
            Ok(Cell {
                leaves: st.leaves,
                nodes: st.leaves + st.interior,
                bytes: (o.memory.capacity * o.memory.entry_bytes) as u64,
                time,
            })
        }
    }
}

pub fn run(cfg: &Config) -> Result<Output> {
    let problems = problems(cfg);
    let exact_cells = exact(cfg, &problems)?;
    let moves_checked = listed_moves(cfg, &problems)?;
    let sizes = table_sizes(cfg);
    let upto = if cfg.quick { 5 } else { 19 };
    let sweep = table_sweep(cfg, &problems, 1..=upto, &enhanced())?;
    // Where the table holds more of the tree: MTD(f) on #21–#30 (full runs).
    let sweep_big = if cfg.quick {
        None
    } else {
        Some(table_sweep(
            cfg,
            &problems,
            21..=30,
            &[Algorithm::MtdfEnhanced],
        )?)
    };
    let small = small_positions(cfg, &problems)?;
    let searchers = searchers(cfg);
    // One job per (searcher, position); `small_cells[searcher][position]`.
    let pairs: Vec<(usize, usize)> = (0..searchers.len())
        .flat_map(|s| (0..small.len()).map(move |p| (s, p)))
        .collect();
    let bar = cfg.bar("ffo: small positions", pairs.len() as u64);
    let flat = jobs::run(&pairs, &bar, |&(s, p)| {
        small_cell(cfg, &searchers[s], &small[p])
    })?;
    bar.finish_and_clear();
    let small_cells: Vec<Vec<Cell>> = flat
        .chunks(small.len().max(1))
        .map(<[Cell]>::to_vec)
        .collect();

    let algos = enhanced();
    let mut md = String::new();
    let last = problems.last().map_or(0, |p| p.number);
    writeln!(
        md,
        "# Othello: the FFO endgame problems, exact, and what memory buys\n\n\
         The FFO problems (`crates/othello/data/ffo/`, scores by the federation's rule: the \
         empty squares go to the winner) solved to the end of the game by every enhanced \
         search of `search_depthfirst::Enhanced` with its default configuration \
         (exact-solve mode, the game's fastest-first hints and endgame solver, an ordering \
         search at 18+ empty squares, history). Every value below equals the file's score; \
         MTD(f) also reproduced the score of all {moves_checked} moves the files list for \
         FFO #1–#{}. Leaves are static evaluations (here ends of the game, counted also \
         inside the game's solver), nodes are leaves plus positions expanded.{}\n",
        if cfg.quick { 5 } else { 19 },
        times_link(cfg, NAME),
    )?;

    // Part 1: counts.
    let mut headers = vec!["#".to_owned(), "empties".to_owned(), "score".to_owned()];
    headers.extend(algos.iter().map(|a| format!("{a} nodes")));
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = problems
        .iter()
        .enumerate()
        .map(|(k, p)| {
            let mut r = vec![
                p.number.to_string(),
                p.problem.position.empty().count_ones().to_string(),
                format!("{:+}", p.problem.best_score().unwrap_or(0)),
            ];
            r.extend((0..algos.len()).map(|a| num(exact_cells[a][k].nodes as f64, 0)));
            r
        })
        .collect();
    let table_note = bytes_label(if cfg.quick {
        1 << 20
    } else {
        EXACT_TABLE as u64
    });
    writeln!(
        md,
        "## Nodes per problem (#1–#{last}, table {table_note})\n\n{}",
        md_table(&h, &rows)
    )?;
    let ranges: &[(usize, usize)] = if cfg.quick {
        &[(1, 5)]
    } else {
        &[(1, 19), (20, 39)]
    };
    let total = |a: usize, lo: usize, hi: usize| {
        let mut c = Cell::default();
        for (k, p) in problems.iter().enumerate() {
            if (lo..=hi).contains(&p.number) {
                c += exact_cells[a][k];
            }
        }
        c
    };
    let total_rows: Vec<Vec<String>> = algos
        .iter()
        .enumerate()
        .map(|(a, alg)| {
            let mut r = vec![alg.name().to_owned()];
            for &(lo, hi) in ranges {
                let c = total(a, lo, hi);
                r.push(num(c.leaves as f64, 0));
                r.push(num(c.nodes as f64, 0));
            }
            r
        })
        .collect();
    let mut th = vec!["algorithm".to_owned()];
    for &(lo, hi) in ranges {
        th.push(format!("leaves #{lo}–#{hi}"));
        th.push(format!("nodes #{lo}–#{hi}"));
    }
    let th: Vec<&str> = th.iter().map(String::as_str).collect();
    writeln!(md, "## Totals\n\n{}", md_table(&th, &total_rows))?;

    // Part 2: counts against table size.
    let mut sh = vec!["table".to_owned()];
    sh.extend(algos.iter().map(|a| format!("{a} nodes")));
    let mut sh: Vec<&str> = sh.iter().map(String::as_str).collect();
    if sweep_big.is_some() {
        sh.push("mtdf-enh nodes #21–#30");
    }
    let sweep_rows: Vec<Vec<String>> = sizes
        .iter()
        .enumerate()
        .map(|(s, &b)| {
            let mut r = vec![bytes_label(b as u64)];
            r.extend((0..algos.len()).map(|a| num(sweep[a][s].nodes as f64, 0)));
            if let Some(big) = &sweep_big {
                r.push(num(big[0][s].nodes as f64, 0));
            }
            r
        })
        .collect();
    writeln!(
        md,
        "## Nodes against table size (FFO #1–#{}, totals)\n\n{}",
        if cfg.quick { 5 } else { 19 },
        md_table(&sh, &sweep_rows)
    )?;

    // Part 3: counts against memory.
    let names: Vec<String> = small
        .iter()
        .map(|p| format!("{} ({:+})", p.name, p.value))
        .collect();
    let small_rows: Vec<Vec<String>> = searchers
        .iter()
        .zip(&small_cells)
        .map(|(s, cells)| {
            let n = cells.len() as f64;
            let mean_bytes = cells.iter().map(|c| c.bytes as f64).sum::<f64>() / n;
            vec![
                s.label.clone(),
                bytes_label(mean_bytes as u64),
                num(cells.iter().map(|c| c.leaves as f64).sum::<f64>() / n, 0),
                num(cells.iter().map(|c| c.nodes as f64).sum::<f64>() / n, 0),
            ]
        })
        .collect();
    writeln!(
        md,
        "## Small positions: nodes against memory, both families\n\n\
         {} positions of {} empty squares, each an FFO problem played along its solution, \
         at each ply the lowest-numbered move that keeps the score \
         (problem +plies, value for the side to move): {}. Every search below returns \
         these values. The best-first searches and MT-SSS* with its table alone search in \
         generation order (ascending squares) with no game knowledge; MTD(f) with every \
         enhancement is the reference. Memory: mean bytes of the table or of OPEN's allocation \
         (MemSSS*'s M from its minimum, 0%, to its maximum, 100%, where it is RecSSS*, on a \
         geometric scale). Means per position.\n\n{}",
        small.len(),
        if cfg.quick {
            SMALL_EMPTIES_QUICK
        } else {
            SMALL_EMPTIES
        },
        names.join(", "),
        md_table(&["searcher", "memory", "leaves", "nodes"], &small_rows)
    )?;

    writeln!(
        md,
        "The plot `othello-ffo-memory.svg` shows part 3: mean nodes against memory, log–log."
    )?;

    // CSV: counts only (times are in the times document).
    let mut csv_rows = Vec::new();
    for (a, alg) in algos.iter().enumerate() {
        for (k, p) in problems.iter().enumerate() {
            let c = exact_cells[a][k];
            csv_rows.push(csv_row("exact", alg.name(), &format!("#{}", p.number), c));
        }
        for (s, &b) in sizes.iter().enumerate() {
            let c = sweep[a][s];
            csv_rows.push(csv_row("table", alg.name(), &b.to_string(), c));
        }
    }
    if let Some(big) = &sweep_big {
        for (s, &b) in sizes.iter().enumerate() {
            csv_rows.push(csv_row(
                "table #21-#30",
                "mtdf-enh",
                &b.to_string(),
                big[0][s],
            ));
        }
    }
    for (s, cells) in searchers.iter().zip(&small_cells) {
        for (p, &c) in small.iter().zip(cells) {
            csv_rows.push(csv_row("small", &s.label, &p.name, c));
        }
    }
    let csv_text = csv(
        &["part", "searcher", "case", "bytes", "leaves", "nodes"],
        &csv_rows,
    );
    let series: Vec<(String, Vec<(f64, f64)>)> =
        ["mtdf-enh", "mt-sss table only", "memsss", "recsss", "sss"]
            .iter()
            .map(|family| {
                let pts = searchers
                    .iter()
                    .zip(&small_cells)
                    .filter(|(s, _)| s.family == *family)
                    .map(|(_, cells)| {
                        let n = cells.len() as f64;
                        (
                            cells.iter().map(|c| c.bytes as f64).sum::<f64>() / n,
                            cells.iter().map(|c| c.nodes as f64).sum::<f64>() / n,
                        )
                    })
                    .collect();
                ((*family).to_owned(), pts)
            })
            .collect();
    let svg = plot(&series)?;
    let counts = Doc::new(NAME, md, csv_text).with_plot(cfg, "othello-ffo-memory.svg", svg);
    let times = if cfg.timed() {
        let ranges: Vec<((usize, usize), Vec<Duration>)> = ranges
            .iter()
            .map(|&(lo, hi)| {
                (
                    (lo, hi),
                    (0..algos.len()).map(|a| total(a, lo, hi).time).collect(),
                )
            })
            .collect();
        Some(times_doc(&Timed {
            problems: &problems,
            exact: &exact_cells,
            ranges: &ranges,
            upto,
            sizes: &sizes,
            sweep: &sweep,
            sweep_big: sweep_big.as_deref(),
            searchers: &searchers,
            small: &small,
            small_cells: &small_cells,
        })?)
    } else {
        None
    };
    Ok(Output { counts, times })
}

/// What the times document shows: the cells of every part, with their times.
struct Timed<'a> {
    problems: &'a [FfoProblem],
    /// `[algorithm][problem]`.
    exact: &'a [Vec<Cell>],
    /// Each range of problems and every algorithm's total time on it.
    ranges: &'a [((usize, usize), Vec<Duration>)],
    /// The last problem of the table-size sweep.
    upto: usize,
    sizes: &'a [usize],
    /// `[algorithm][size]`.
    sweep: &'a [Vec<Cell>],
    /// MTD(f) on #21–#30, `[0][size]` (full runs).
    sweep_big: Option<&'a [Vec<Cell>]>,
    searchers: &'a [Searcher],
    small: &'a [Small],
    /// `[searcher][position]`.
    small_cells: &'a [Vec<Cell>],
}

/// The times document: CPU seconds of every part, by algorithm.
fn times_doc(t: &Timed<'_>) -> Result<Doc> {
    let algos = enhanced();
    let secs = |d: Duration| format!("{:.2}", d.as_secs_f64());
    let mut md = String::new();
    writeln!(
        md,
        "# Othello: the FFO endgame problems, times\n\n{}\n\nHere the times are CPU seconds of \
         the searching thread (Linux; wall time elsewhere), one search per thread, two threads \
         at a time. Counts: [{NAME}.md]({NAME}.md).\n",
        times_intro(&format!(
            "FFO #1–#{}",
            t.problems.last().map_or(0, |p| p.number)
        ))
    )?;
    let time_rows: Vec<Vec<String>> = algos
        .iter()
        .enumerate()
        .map(|(a, alg)| {
            let mut r = vec![alg.name().to_owned()];
            r.extend(t.ranges.iter().map(|(_, times)| secs(times[a])));
            r.extend(t.sweep[a].iter().map(|c| secs(c.time)));
            r
        })
        .collect();
    let mut headers = vec!["algorithm".to_owned()];
    headers.extend(
        t.ranges
            .iter()
            .map(|((lo, hi), _)| format!("#{lo}–#{hi} (s)")),
    );
    headers.extend(
        t.sizes
            .iter()
            .map(|&b| format!("#1–#{} {} (s)", t.upto, bytes_label(b as u64))),
    );
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    writeln!(
        md,
        "## Exact solutions and table sizes\n\n{}",
        md_table(&headers, &time_rows)
    )?;
    if let Some(big) = t.sweep_big {
        let rows: Vec<Vec<String>> = t
            .sizes
            .iter()
            .zip(&big[0])
            .map(|(&b, c)| vec![bytes_label(b as u64), secs(c.time)])
            .collect();
        writeln!(
            md,
            "## MTD(f) on #21–#30 against table size\n\n{}",
            md_table(&["table", "seconds"], &rows)
        )?;
    }
    let small_times: Vec<Vec<String>> = t
        .searchers
        .iter()
        .zip(t.small_cells)
        .map(|(s, cells)| {
            let total: f64 = cells.iter().map(|c| c.time.as_secs_f64()).sum();
            vec![
                s.label.clone(),
                format!("{:.4}", total / cells.len().max(1) as f64),
            ]
        })
        .collect();
    writeln!(
        md,
        "## Small positions: mean time per position\n\n{}",
        md_table(&["searcher", "seconds"], &small_times)
    )?;
    let mut rows = Vec::new();
    let row = |part: &str, searcher: &str, case: String, c: &Cell| {
        vec![
            part.to_owned(),
            searcher.to_owned(),
            case,
            format!("{:.4}", c.time.as_secs_f64()),
        ]
    };
    for (a, alg) in algos.iter().enumerate() {
        for (p, c) in t.problems.iter().zip(&t.exact[a]) {
            rows.push(row("exact", alg.name(), format!("#{}", p.number), c));
        }
        for (&b, c) in t.sizes.iter().zip(&t.sweep[a]) {
            rows.push(row("table", alg.name(), b.to_string(), c));
        }
    }
    if let Some(big) = t.sweep_big {
        for (&b, c) in t.sizes.iter().zip(&big[0]) {
            rows.push(row("table #21-#30", "mtdf-enh", b.to_string(), c));
        }
    }
    for (s, cells) in t.searchers.iter().zip(t.small_cells) {
        for (p, c) in t.small.iter().zip(cells) {
            rows.push(row("small", &s.label, p.name.clone(), c));
        }
    }
    Ok(Doc::new(
        format!("{NAME}-time"),
        md,
        csv(&["part", "searcher", "case", "seconds"], &rows),
    ))
}

fn csv_row(part: &str, searcher: &str, case: &str, c: Cell) -> Vec<String> {
    vec![
        part.to_owned(),
        searcher.to_owned(),
        case.to_owned(),
        c.bytes.to_string(),
        c.leaves.to_string(),
        c.nodes.to_string(),
    ]
}

/// Mean nodes against memory (bytes), log–log, one line per family.
fn plot(series: &[(String, Vec<(f64, f64)>)]) -> Result<String> {
    super::render::LogXChart {
        caption: "Othello FFO endgames (small positions): mean nodes against memory",
        x_desc: "memory: table bytes, or OPEN's allocation (log scale)",
        y_desc: "mean nodes (log scale)",
        series,
        reference: None,
        x_label: &|x| bytes_label(*x as u64),
        legend: plotters::prelude::SeriesLabelPosition::UpperRight,
        log_y: true,
    }
    .svg()
}

//! The iterative-deepening driver over the engine: the searches of every
//! [`EnhancedAlgorithm`] as passes of the one negamax, iteration after
//! iteration, and the principal variation read at the end.

use tree_core::{Game, Limits, MAX_DEPTH, MoveBuffer, StopReason, Value};

use super::algorithm::EnhancedAlgorithm;
use super::config::EnhancedConfig;
use super::report::{EnhancedReport, IterationStats};
use super::search::{At, Engine};
use super::table::TableAccess;
use super::table::TableStats;
use crate::{SearchError, Window};

/// Sets an engine's switches from `config`.
pub(crate) fn configure<G: Game + ?Sized, T>(
    engine: &mut Engine<'_, G, T>,
    config: &EnhancedConfig,
) {
    engine.use_history = config.history;
    engine.table_move = config.table_move;
    engine.hints = config.hints;
    engine.exact_solve = config.exact_solve;
    engine.endgame = config.endgame;
    engine.sort = (config.sort_depth, config.sort_plies);
    engine.order_eval = config.order_eval;
    engine.etc_plies = config.etc_plies;
    engine.probcut = config.probcut;
    engine.hint_eval = config.hint_eval;
}

/// What one search found, before its counts are added.
pub(crate) struct Run<M> {
    per_iteration: Vec<IterationStats<M>>,
    best_index: Option<usize>,
    pv: Vec<M>,
    stopped: Option<StopReason>,
}

impl<M: Copy> Run<M> {
    /// The report, with the search's counts and its table's statistics.
    pub(crate) fn report(
        self,
        leaves: u64,
        interior: u64,
        table: TableStats,
        table_entries: usize,
    ) -> EnhancedReport<M> {
        let last = self.per_iteration[self.per_iteration.len() - 1];
        EnhancedReport {
            value: last.value,
            best_move: last.best_move,
            best_index: self.best_index,
            pv: self.pv,
            leaves,
            interior,
            passes: self.per_iteration.iter().map(|i| i.passes).sum(),
            per_iteration: self.per_iteration,
            table,
            table_entries,
            completed_depth: last.depth,
            stopped: self.stopped,
        }
    }
}

/// The search of [`Enhanced::search`](super::Enhanced::search) on any engine (its depth checked):
/// the iterations, the best move and the principal variation.
pub(crate) fn iterate<G: Game + ?Sized, T: TableAccess>(
    engine: &mut Engine<'_, G, T>,
    algorithm: EnhancedAlgorithm,
    config: &EnhancedConfig,
    root: &G::Position,
    depth: u32,
) -> Result<Run<G::Move>, SearchError> {
    if depth as usize > MAX_DEPTH {
        return Err(SearchError::TooDeep {
            depth: depth as usize,
        });
    }
    let game = engine.game;
    let mut root_moves = G::Moves::default();
    game.moves(root, &mut root_moves);
    let root_moves = root_moves.as_slice();
    let mut per_iteration = Vec::new();
    let mut best_index = None;
    let mut stopped = None;
    engine.root_pv = None;
    if depth == 0 || root_moves.is_empty() {
        let leaves = engine.leaves;
        let value = engine.negamax(root, At::root(0, false), Value::NEG_INF, Value::INF)?;
        per_iteration.push(IterationStats {
            depth,
            value,
            best_move: None,
            exact: depth > 0,
            leaves: engine.leaves - leaves,
            interior: 0,
            passes: 1,
        });
    } else {
        let exact = engine.reaches_end(root, depth);
        // Under limits, even a search that solves the game deepens first,
        // so that it has a completed iteration to fall back on.
        let first = if config.iterative_deepening && (!exact || engine.limited()) {
            1
        } else {
            depth
        };
        let mut guess = config.first_guess;
        for d in first..=depth {
            // An iteration that reaches the end of the game is the
            // last one needed: deeper searches have the same value.
            let (d, exact) = if engine.reaches_end(root, d) {
                (depth, true)
            } else {
                (d, false)
            };
            let (leaves, interior) = (engine.leaves, engine.interior);
            // A limit reached after an iteration completed ends the search
            // with that iteration; before, it is the search's error.
            let result = if per_iteration.is_empty() {
                Ok(())
            } else {
                engine.check_limits()
            };
            let result = result.and_then(|()| {
                let selective = if exact {
                    selective_passes(engine, root, depth, &mut guess)?
                } else {
                    0
                };
                let (value, best, passes) = drive(engine, algorithm, config, root, d, guess)?;
                Ok((value, best, passes + selective))
            });
            let (value, best, passes) = match result {
                Err(SearchError::Stopped(s)) if engine.limited() && !per_iteration.is_empty() => {
                    stopped = Some(s.reason);
                    break;
                }
                r => r?,
            };
            per_iteration.push(IterationStats {
                depth: d,
                value,
                best_move: best.map(|i| root_moves[i]),
                exact,
                leaves: engine.leaves - leaves,
                interior: engine.interior - interior,
                passes,
            });
            engine.root_pv = best;
            best_index = best;
            guess = value;
            if d == depth {
                break;
            }
        }
    }
    let last = per_iteration[per_iteration.len() - 1];
    // The principal variation is read after the search, under no limit.
    engine.set_limits(&Limits::none());
    let pv = match best_index {
        Some(i) => engine.principal_variation(root, last.depth, last.value, i),
        None => Vec::new(),
    };
    Ok(Run {
        per_iteration,
        best_index,
        pv,
        stopped,
    })
}

/// The selective passes of the engine's [`ProbCut`](super::ProbCut) (if
/// any) before the exact search of `root` to `depth`: each a PVS search
/// of the whole window, its best move tried first at the root by the next
/// pass, its value the next guess. The number of passes run.
fn selective_passes<G: Game + ?Sized, T: TableAccess>(
    e: &mut Engine<'_, G, T>,
    root: &G::Position,
    depth: u32,
    guess: &mut Value,
) -> Result<u32, SearchError> {
    let Some(probcut) = e.probcut else {
        return Ok(0);
    };
    if e.game
        .plies_left(root)
        .is_none_or(|p| p < probcut.root_plies)
    {
        return Ok(0);
    }
    let mut passes = 0;
    for (k, margin) in probcut.passes().enumerate() {
        e.selective = Some((margin, k as u32));
        let v = e.negamax(root, At::root(depth, true), Value::NEG_INF, Value::INF);
        e.selective = None;
        *guess = v?;
        e.root_pv = e.root_best;
        passes += 1;
    }
    Ok(passes)
}

/// One iteration of `algorithm` at `depth` (> 0, root not over) from the
/// guess `guess`: the value, the best move and the number of root searches.
fn drive<G: Game + ?Sized, T: TableAccess>(
    e: &mut Engine<'_, G, T>,
    algorithm: EnhancedAlgorithm,
    config: &EnhancedConfig,
    root: &G::Position,
    depth: u32,
    guess: Value,
) -> Result<(Value, Option<usize>, u32), SearchError> {
    let (inf, neg_inf) = (Value::INF, Value::NEG_INF);
    match algorithm {
        EnhancedAlgorithm::AlphaBeta => {
            let v = e.negamax(root, At::root(depth, false), neg_inf, inf)?;
            Ok((v, e.root_best, 1))
        }
        EnhancedAlgorithm::Pvs => {
            let Some(delta) = config.aspiration else {
                let v = e.negamax(root, At::root(depth, true), neg_inf, inf)?;
                return Ok((v, e.root_best, 1));
            };
            let w = Window::around(guess, delta)?;
            let r = e.negamax(root, At::root(depth, true), w.alpha(), w.beta())?;
            let (a, b) = if r <= w.alpha() {
                (neg_inf, r.offset(1))
            } else if r >= w.beta() {
                (r.offset(-1), inf)
            } else {
                return Ok((r, e.root_best, 1));
            };
            let v = e.negamax(root, At::root(depth, true), a, b)?;
            Ok((v, e.root_best, 2))
        }
        EnhancedAlgorithm::Mtdf | EnhancedAlgorithm::MtSss | EnhancedAlgorithm::MtDual => {
            let mut g = match algorithm {
                EnhancedAlgorithm::Mtdf => guess,
                EnhancedAlgorithm::MtSss => inf,
                _ => neg_inf,
            };
            let (mut lower, mut upper) = (neg_inf, inf);
            let mut best = None;
            let mut passes = 0;
            // Each pass raises `lower` or lowers `upper` to a value some
            // search returned, so the loop ends.
            while lower < upper {
                let gamma = if g == lower { g.offset(1) } else { g };
                g = e.negamax(root, At::root(depth, false), gamma.offset(-1), gamma)?;
                passes += 1;
                if g < gamma {
                    upper = g;
                } else {
                    lower = g;
                    // The move that reached `g`: its position's value is
                    // at least `g`, and the root's is at most the final
                    // `lower`.
                    best = e.root_best;
                }
            }
            Ok((g, best, passes))
        }
    }
}

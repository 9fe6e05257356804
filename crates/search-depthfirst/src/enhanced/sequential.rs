//! [`Enhanced`]: the sequential enhanced searcher, whose settings and
//! scratch space (the table, the history) are kept between searches.

use tree_core::{Game, Limits};

use super::algorithm::EnhancedAlgorithm;
use super::config::EnhancedConfig;
use super::iterate::{configure, iterate};
use super::order::History;
use super::report::EnhancedReport;
use super::search::Engine;
use super::table::GameTable;
use crate::SearchError;

/// An enhanced searcher: the settings and the scratch space (table,
/// history), allocated once and reused by every
/// [`search`](Enhanced::search) (which allocates only its per-ply move
/// buffers, typed by the game).
///
/// The table survives from one search to the next (each search is a new
/// [generation](GameTable::new_search), so old entries are replaced first):
/// keep an `Enhanced` for one game, and [`clear`](Enhanced::clear) it before
/// searching another game whose hashes mean other positions. The history
/// is reset by every search, so a search's leaf count depends only on the
/// table it starts with.
#[derive(Debug, Clone)]
pub struct Enhanced {
    config: EnhancedConfig,
    table: GameTable,
    history: History,
}

impl Enhanced {
    /// A searcher for `config`, its table allocated.
    ///
    /// # Errors
    /// As [`EnhancedConfig::validate`].
    pub fn new(config: EnhancedConfig) -> Result<Enhanced, SearchError> {
        config.validate()?;
        Ok(Enhanced {
            config,
            table: GameTable::new(config.table_bytes)?,
            history: History::default(),
        })
    }

    /// The settings.
    pub fn config(&self) -> &EnhancedConfig {
        &self.config
    }

    /// The transposition table.
    pub fn table(&self) -> &GameTable {
        &self.table
    }

    /// Forgets the table's entries.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The minimax value of `game` from `root` searched to `depth` plies by
    /// `algorithm`, with a best move, the principal variation and the
    /// counts.
    ///
    /// At depth 0, or if the game is over at the root, the root is
    /// evaluated once and there is no best move (one iteration is reported).
    /// With [`EnhancedConfig::exact_solve`], a depth of at least the game's
    /// [`plies_left`](Game::plies_left) at the root solves the game from
    /// the root in one iteration (reported at `depth`), whatever
    /// [`EnhancedConfig::iterative_deepening`] says.
    ///
    /// # Errors
    /// [`SearchError::TooDeep`] for `depth >` [`tree_core::MAX_DEPTH`];
    /// [`SearchError::SentinelLeaf`] if the game evaluates a position as
    /// ±∞; [`SearchError::HistoryTooLarge`] if the game declares more
    /// [`Game::move_keys`](tree_core::Game::move_keys) than memory holds.
    pub fn search<G: Game + ?Sized>(
        &mut self,
        algorithm: EnhancedAlgorithm,
        game: &G,
        root: &G::Position,
        depth: u32,
    ) -> Result<EnhancedReport<G::Move>, SearchError> {
        self.search_with_limits(algorithm, game, root, depth, &Limits::none())
    }

    /// As [`search`](Enhanced::search), under `limits` (a deadline, a leaf
    /// budget, a stop handle; [`Limits::none`] is exactly
    /// [`search`](Enhanced::search)).
    ///
    /// The limits are looked at before every static evaluation (the leaf
    /// budget: exactly; the clock and the stop handle: every
    /// [`Meter::CHECK_EVERY`](tree_core::Meter::CHECK_EVERY) evaluations)
    /// and between iterations. A search that reaches one during an
    /// iteration abandons that iteration and returns the last one it
    /// completed: its value, best move and principal variation, at
    /// [`EnhancedReport::completed_depth`], with
    /// [`EnhancedReport::stopped`] saying why. Those are exactly what an
    /// unlimited search to that depth returns (the iterations before are
    /// the same searches, and the abandoned iteration changes nothing that
    /// was reported: an unfinished node stores nothing in the table, and
    /// the finished ones store true bounds, so the table stays sound for
    /// later searches); the principal variation is proven again from the
    /// table and may name other moves of the same value below the root.
    /// `leaves` and `interior` count the abandoned iteration too;
    /// `per_iteration` lists the completed ones. Under limits (any but
    /// [`Limits::none`]), a depth that reaches the end of the game from
    /// the root in exact-solve mode is still approached by iterative
    /// deepening (depths 1, 2, … below the end, then the solve), so that
    /// a stopped solve has a completed iteration to return.
    ///
    /// The leaf budget counts the leaves of the game's endgame solver
    /// ([`Game::solve_end`]) after each call: a call that overruns it is
    /// abandoned like the rest of its iteration (the error's count then
    /// exceeds the budget by at most that call's leaves). Without the
    /// solver, no iteration evaluates more leaves than the budget allows.
    ///
    /// # Errors
    /// As [`search`](Enhanced::search); [`SearchError::Stopped`] (with the
    /// reason and the counts so far) if a limit is reached before the
    /// first iteration completes.
    pub fn search_with_limits<G: Game + ?Sized>(
        &mut self,
        algorithm: EnhancedAlgorithm,
        game: &G,
        root: &G::Position,
        depth: u32,
        limits: &Limits,
    ) -> Result<EnhancedReport<G::Move>, SearchError> {
        self.table.new_search();
        let mut history = std::mem::take(&mut self.history);
        history.reset(game.move_keys())?;
        let mut engine = Engine::new(game, &mut self.table, history);
        configure(&mut engine, &self.config);
        engine.set_limits(limits);
        let run = iterate(&mut engine, algorithm, &self.config, root, depth);
        let (leaves, interior) = (engine.leaves, engine.interior);
        self.history = engine.history;
        let run = run?;
        Ok(run.report(leaves, interior, self.table.stats(), self.table.entries()))
    }
}

/// The sequential searcher's shortcut, beside it.
impl EnhancedAlgorithm {
    /// Searches `game` from `root` to `depth` plies with a fresh
    /// [`Enhanced`] for `config`.
    ///
    /// # Errors
    /// As [`Enhanced::new`] and [`Enhanced::search`].
    pub fn run<G: Game + ?Sized>(
        self,
        game: &G,
        root: &G::Position,
        depth: u32,
        config: &EnhancedConfig,
    ) -> Result<EnhancedReport<G::Move>, SearchError> {
        Enhanced::new(*config)?.search(self, game, root, depth)
    }
}

//! [`Worker`]: one thread's enhanced engine over a [`SharedTable`], for
//! the parallel searches.

use std::sync::atomic::AtomicBool;

use tree_core::{Game, Value};

use super::algorithm::EnhancedAlgorithm;
use super::config::EnhancedConfig;
use super::iterate::{configure, iterate};
use super::report::EnhancedReport;
use super::search::Engine;
use super::shared::{SharedHandle, SharedTable};
use super::split::{SplitJob, Splitter};
use super::table::TableStats;
use crate::SearchError;

/// One thread's enhanced engine over a [`SharedTable`]: its own history,
/// move buffers and counters, the table shared. A parallel search runs one
/// per thread: Lazy SMP runs [`search`](Worker::search) on every thread,
/// YBWC runs it on one thread (with a [`Splitter`]) and
/// [`search_move`](Worker::search_move) on the others.
pub struct Worker<'t, G: Game + ?Sized> {
    config: EnhancedConfig,
    engine: Engine<'t, G, SharedHandle<'t>>,
}

impl<G: Game + ?Sized> std::fmt::Debug for Worker<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Worker")
            .field("config", &self.config)
            .field("leaves", &self.engine.leaves)
            .field("interior", &self.engine.interior)
            .finish_non_exhaustive()
    }
}

impl<'t, G: Game + ?Sized> Worker<'t, G> {
    /// A worker for `game` on `table` with `config` (its `table_bytes` is
    /// ignored: the table is `table`), stopped by raising `stop`.
    ///
    /// # Errors
    /// As [`EnhancedConfig::validate`] (for the settings other than the
    /// table's size); [`SearchError::HistoryTooLarge`] if the game declares
    /// more [`Game::move_keys`](tree_core::Game::move_keys) than memory holds.
    pub fn new(
        game: &'t G,
        table: &'t SharedTable,
        config: &EnhancedConfig,
        stop: Option<&'t AtomicBool>,
    ) -> Result<Worker<'t, G>, SearchError> {
        config.with_table_bytes(0).validate()?;
        let mut engine = Engine::new(game, table.handle(), Default::default());
        configure(&mut engine, config);
        engine.history.reset(game.move_keys())?;
        engine.stop = stop;
        Ok(Worker {
            config: *config,
            engine,
        })
    }

    /// Searches the root's moves in their usual order rotated left by
    /// `shift` (a Lazy SMP helper's perturbation).
    pub fn with_root_shift(mut self, shift: usize) -> Worker<'t, G> {
        self.engine.root_shift = shift;
        self
    }

    /// Marks the positions this worker searches in the shared table and
    /// searches last the moves of a node whose positions another worker
    /// is searching (ABDADA's deferral; Weill 1996): only the order of
    /// moves changes, never a value.
    pub fn with_deferral(mut self, on: bool) -> Worker<'t, G> {
        self.engine.table.defer = on;
        self
    }

    /// Puts this worker's searches under `limits` (see
    /// [`Enhanced::search_with_limits`](super::Enhanced::search_with_limits)):
    /// [`search`](Worker::search) then returns its last completed
    /// iteration when one is reached, and the leaf budget counts this
    /// worker's leaves from now on.
    pub fn with_limits(mut self, limits: &tree_core::Limits) -> Worker<'t, G> {
        self.engine.set_limits(limits);
        self
    }

    /// Splits nodes with `splitter` (YBWC).
    pub fn with_splitter(mut self, splitter: &'t dyn Splitter<G>) -> Worker<'t, G> {
        self.engine.splitter = Some(splitter);
        self
    }

    /// As [`Enhanced::search`](super::Enhanced::search), on the shared
    /// table: the fixed-depth value, best move, principal variation, and
    /// this worker's counts (`table` = this worker's probes and stores).
    ///
    /// # Errors
    /// As [`Enhanced::search`](super::Enhanced::search);
    /// [`SearchError::Stopped`] once the stop flag is raised.
    pub fn search(
        &mut self,
        algorithm: EnhancedAlgorithm,
        root: &G::Position,
        depth: u32,
    ) -> Result<EnhancedReport<G::Move>, SearchError> {
        let (leaves, interior) = (self.engine.leaves, self.engine.interior);
        let run = iterate(&mut self.engine, algorithm, &self.config, root, depth)?;
        Ok(run.report(
            self.engine.leaves - leaves,
            self.engine.interior - interior,
            self.engine.table.stats,
            self.engine.table.entries(),
        ))
    }

    /// Searches the `k`-th move of `job` in the window `(alpha, job.beta)`
    /// as a later move (see [`Splitter::split`]).
    ///
    /// # Errors
    /// As [`search`](Worker::search).
    pub fn search_move(
        &mut self,
        job: &SplitJob<'_, G>,
        k: usize,
        alpha: Value,
    ) -> Result<Value, SearchError> {
        self.engine.search_move(job, k, alpha)
    }

    /// Static evaluations so far, over every call.
    pub fn leaves(&self) -> u64 {
        self.engine.leaves
    }

    /// Positions expanded so far, over every call.
    pub fn interior(&self) -> u64 {
        self.engine.interior
    }

    /// This worker's table statistics so far.
    pub fn table_stats(&self) -> TableStats {
        self.engine.table.stats
    }
}

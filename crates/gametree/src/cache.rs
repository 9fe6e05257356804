//! [`Cache`], [`search`] and [`search_game`]: the one place where an
//! [`Algorithm`] becomes an engine call, once per search.

use std::time::Instant;

use search_bestfirst::{Algorithm as BestFirst, BestFirstError, Options};
use search_depthfirst::{
    Algorithm as DepthFirst, Enhanced, EnhancedAlgorithm, EnhancedConfig, EnhancedReport,
    SearchConfig, SearchError, SharedTable, TranspositionTable,
};
use search_parallel::threads::{ThreadAlgorithm, ThreadError};
use tree_core::{Dewey, Game, Horizon, Limits, StopReason, Traced, Tree, Value};

use crate::adapt::{TreeGame, game_line, reaches_terminal};
use crate::count::Counts;
use crate::engine::Engine;
use crate::erased::Erased;
use crate::report::classify;
use crate::{Algorithm, Bound, Config, Error, Report};

/// Searches `tree` with `algorithm` as `config` says: the root's value,
/// best move and principal variation, and what the search cost.
///
/// Every [`Algorithm`] runs here: the enhanced engines see the tree as a
/// game whose moves are child indices and solve it at once; the
/// multi-threaded searches share it among threads (hence `Sync`, which
/// every tree of `tree_core` is). The report's counts are what
/// `tree_core::Counted` counts at the trait boundary (calls of `value`,
/// and of `num_children` on interior nodes), as every measurement of the
/// workspace is; wrap nothing yourself. The depth-first engines, RecSSS\*,
/// MemSSS\* and the threads count both themselves (plain integers beside
/// the search, summed at the end for the threads); the other best-first
/// engines are counted by a view of the tree that adds a counter per call
/// and nothing else.
///
/// ```
/// use std::time::Duration;
/// use gametree::{Algorithm, Config, search};
/// use tree_core::{GenSpec, Generator, minimax};
///
/// let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build()?;
/// let config = Config::default().memory(40).time_limit(Duration::from_secs(10));
/// let report = search(Algorithm::MemSss, &tree, &config)?;
/// assert_eq!(report.value, minimax(&tree));
/// assert!(report.peak_memory.unwrap() <= 40);
/// println!("best move {:?}, {} leaves", report.best, report.leaves);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`Error::NotTaken`] and [`Error::InvalidSetting`] for a configuration
/// the algorithm refuses; the engine's errors (a budget below the
/// minimum, which the message states; a tree deeper than
/// [`tree_core::MAX_DEPTH`]; a terminal valued ±∞; a panic in the tree on
/// another thread). A limit is not an error: see [`Report::stopped`].
pub fn search<T>(algorithm: Algorithm, tree: &T, config: &Config) -> Result<Report, Error>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    Cache::new().search(algorithm, tree, config)
}

/// Searches `game` from `position` to `depth` plies with `algorithm`: the
/// value for the player to move, the best move and the line, in the
/// game's moves.
///
/// The enhanced engines search the game itself (iterative deepening, a
/// transposition table keyed by the game's hash, move ordering, the
/// game's endgame solver); every other algorithm searches the game's tree
/// to that depth (`tree_core::Horizon`), evaluated by the game at the
/// horizon. To keep an enhanced engine's table from one search to the
/// next (moves of one game), use a [`Cache`].
///
/// # Errors
/// As [`search`]; a best-first search of a game that does not report its
/// largest number of moves ([`Game::max_moves`]) needs
/// [`Config::shape`].
pub fn search_game<G>(
    algorithm: Algorithm,
    game: &G,
    position: &G::Position,
    depth: u32,
    config: &Config,
) -> Result<Report<G::Move>, Error>
where
    G: Game + Sync + ?Sized,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
{
    Cache::new().search_game(algorithm, game, position, depth, config)
}

/// What searches keep from one to the next: the enhanced engines' tables
/// (and history) and the MT drivers' transposition table, allocated once.
///
/// [`search`] and [`search_game`] start from a new cache each time. Keep
/// one to play a game move by move (the table's entries from the last
/// move help the next); [`clear`](Cache::clear) it before searching
/// another game whose hashes mean other positions. Tree searches never
/// see each other's entries (each is salted differently); the MT drivers
/// (`mt-sss`, `mt-dual`, `mtdf`) clear their table before each search, so
/// a kept table only saves its allocation, and they search as with a new
/// one.
///
/// ```
/// use gametree::{Algorithm, Cache, Config};
/// use othello::{Othello, Position};
///
/// let mut cache = Cache::new();
/// let config = Config::default().table_bytes(1 << 20);
/// let mut pos = Position::initial();
/// for _ in 0..4 {
///     let r = cache.search_game(Algorithm::MtdfEnhanced, &Othello, &pos, 4, &config)?;
///     pos = pos.play(r.best.expect("a move"))?;
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Cache {
    tree_engine: Option<Enhanced>,
    game_engine: Option<Enhanced>,
    shared: Option<(usize, SharedTable)>,
    /// The MT drivers' table, kept while searches ask for its size.
    mt: Option<TranspositionTable>,
    salt: u64,
}

impl Cache {
    /// An empty cache: nothing is allocated until a search needs it.
    pub fn new() -> Cache {
        Cache::default()
    }

    /// Forgets what the game searches stored (before searching another
    /// game).
    pub fn clear(&mut self) {
        if let Some(e) = &mut self.game_engine {
            e.clear();
        }
        if let Some((_, table)) = &mut self.shared {
            table.clear();
        }
    }

    /// [`search`], keeping what it allocates for the next search.
    ///
    /// # Errors
    /// As [`search`].
    pub fn search<T>(
        &mut self,
        algorithm: Algorithm,
        tree: &T,
        config: &Config,
    ) -> Result<Report, Error>
    where
        T: Tree + Sync + ?Sized,
        T::Node: Send + Sync,
    {
        config.check(algorithm)?;
        let start = Instant::now();
        let limits = config.limits(start);
        let mut report = self.tree_report(algorithm, tree, config, limits)?;
        report.elapsed = start.elapsed();
        report.memory_budget = memory_budget(algorithm, tree.bounds(), config);
        Ok(report)
    }

    /// [`search_game`], keeping the enhanced engine's table for the next
    /// search.
    ///
    /// # Errors
    /// As [`search_game`].
    pub fn search_game<G>(
        &mut self,
        algorithm: Algorithm,
        game: &G,
        position: &G::Position,
        depth: u32,
        config: &Config,
    ) -> Result<Report<G::Move>, Error>
    where
        G: Game + Sync + ?Sized,
        G::Position: Send + Sync,
        G::Move: Send + Sync,
    {
        config.check(algorithm)?;
        let start = Instant::now();
        let limits = config.limits(start);
        let mut report = match algorithm.engine() {
            Engine::Enhanced(a) => {
                let job = EnhancedJob::new(
                    a,
                    depth,
                    config,
                    (EnhancedConfig::default().table_bytes, false),
                    &limits,
                );
                self.enhanced(Slot::Game, &job, game, position)?
                    .report(algorithm)
            }
            _ => {
                let tree = Horizon::new(game, position.clone(), depth);
                let r = self.tree_report(algorithm, &tree, config, limits)?;
                let best = r.best.and_then(|i| game.nth_move(position, i));
                let pv = game_line(game, position, &r.pv);
                let mut report = r.with_moves(best, pv);
                report.depth = Some(depth);
                report.memory_budget = memory_budget(algorithm, tree.bounds(), config);
                report
            }
        };
        report.elapsed = start.elapsed();
        Ok(report)
    }

    /// A tree search, its configuration checked, the limits counted from
    /// its start.
    fn tree_report<T>(
        &mut self,
        algorithm: Algorithm,
        tree: &T,
        config: &Config,
        limits: Limits,
    ) -> Result<Report, Error>
    where
        T: Tree + Sync + ?Sized,
        T::Node: Send + Sync,
    {
        if config.get_trace() {
            return self.traced_report(algorithm, &Erased::new(tree), config, limits);
        }
        match algorithm.engine() {
            Engine::Depth(_) | Engine::Best(_) => {
                self.sequential(algorithm, tree, config, limits, CountedView)
            }
            Engine::Thread(a) => threaded(algorithm, a, tree, config, limits),
            #[cfg(feature = "mpi")]
            Engine::Dist(a) => crate::mpi::search(algorithm, a, tree, config),
            Engine::Enhanced(a) => {
                self.salt = self.salt.wrapping_add(1);
                let game = TreeGame::new(tree, self.salt);
                let depth = game.depth();
                let job = EnhancedJob::new(a, depth, config, (game.table_bytes(), true), &limits);
                let found = self.enhanced(Slot::Tree, &job, &game, &game.root())?;
                let mut report = found.report(algorithm);
                report.depth = None;
                if report.stopped.is_some() && found.completed < depth {
                    // A horizon inside a tree evaluates interior nodes as
                    // 0: that iteration's value means nothing.
                    report.bound = Bound::Unknown;
                    report.value = Value::from_small(0);
                    report.best = None;
                    report.pv.clear();
                }
                report.pv_complete = reaches_terminal(tree, &report.pv);
                Ok(report)
            }
        }
    }

    /// A traced search (the configuration allows it only for the
    /// sequential engines), on the erased view of the tree: compiled once,
    /// here, whatever the tree's type.
    fn traced_report(
        &mut self,
        algorithm: Algorithm,
        tree: &Erased<'_>,
        config: &Config,
        limits: Limits,
    ) -> Result<Report, Error> {
        self.sequential(algorithm, tree, config, limits, TracedView)
    }

    /// A sequential engine's search of `tree`, measured by `view`
    /// ([`sequential`] or [`traced`]).
    fn sequential<T: Tree + ?Sized>(
        &mut self,
        algorithm: Algorithm,
        tree: &T,
        config: &Config,
        limits: Limits,
        view: impl View<T>,
    ) -> Result<Report, Error> {
        match algorithm.engine() {
            Engine::Depth(a) => {
                let table = if a.uses_table() {
                    self.mt_table(tree.bounds(), config)
                } else {
                    None
                };
                let mut run = DepthRun {
                    algorithm: a,
                    config: config.depthfirst(limits),
                    table,
                };
                view.run(algorithm, tree, &mut run)
            }
            Engine::Best(a) => {
                let mut run = BestRun {
                    algorithm: a,
                    options: config.bestfirst(algorithm, limits),
                };
                view.run(algorithm, tree, &mut run)
            }
            _ => unreachable!("{algorithm} is not a sequential search"),
        }
    }

    /// The MT drivers' table for a tree of shape `bounds`: of
    /// [`Config::table_bytes`], or sized as `search_depthfirst` sizes a
    /// new one; the kept one if it has that size. `None` for a size no
    /// table has (the search reports it, after the checks that come first).
    fn mt_table(
        &mut self,
        bounds: Option<tree_core::Bounds>,
        config: &Config,
    ) -> Option<&mut TranspositionTable> {
        let wanted = match config.get_table_bytes() {
            Some(bytes) => TranspositionTable::with_bytes(bytes).ok()?,
            None => TranspositionTable::for_shape(bounds),
        };
        // Nothing is allocated until a search stores something, so the
        // table made to learn the size costs nothing.
        if self
            .mt
            .as_ref()
            .is_none_or(|t| t.entries() != wanted.entries())
        {
            self.mt = Some(wanted);
        }
        self.mt.as_mut()
    }

    /// An enhanced engine's search of `game`, on one thread (with the
    /// engine kept in `slot`) or several over a shared table.
    fn enhanced<G>(
        &mut self,
        slot: Slot,
        job: &EnhancedJob<'_>,
        game: &G,
        position: &G::Position,
    ) -> Result<EnhancedFound<G::Move>, Error>
    where
        G: Game + Sync + ?Sized,
        G::Position: Send + Sync,
        G::Move: Send + Sync,
    {
        let (settings, threads) = (&job.settings, job.threads.threads);
        let allocated;
        let result = if threads == 1 {
            let slot = match slot {
                Slot::Tree => &mut self.tree_engine,
                Slot::Game => &mut self.game_engine,
            };
            if slot.as_ref().is_none_or(|e| e.config() != settings) {
                *slot = Some(Enhanced::new(*settings)?);
            }
            let engine = slot.as_mut().expect("just made");
            allocated = engine.table().bytes();
            engine
                .search_with_limits(job.algorithm, game, position, job.depth, job.limits)
                .map(|r| (r, Vec::new()))
                .map_err(Error::from)
        } else {
            settings.validate()?;
            let bytes = settings.table_bytes;
            if self.shared.as_ref().is_none_or(|s| s.0 != bytes) {
                self.shared = Some((bytes, SharedTable::new(bytes)?));
            }
            let table = &mut self.shared.as_mut().expect("just made").1;
            allocated = table.bytes();
            let search = search_parallel::threads::GameSearch {
                algorithm: job.algorithm,
                game,
                root: position,
                depth: job.depth,
                enhanced: settings,
            };
            search_parallel::threads::search_game_with_limits(
                search,
                table,
                &job.threads,
                job.limits,
            )
            .map(|r| {
                let per_thread = r.per_thread.iter().map(|t| t.leaves).collect();
                let (leaves, interior) = (r.leaves(), r.interior());
                let mut report = r.report;
                report.leaves = leaves;
                report.interior = interior;
                (report, per_thread)
            })
            .map_err(Error::from)
        };
        match result {
            Ok((r, per_thread)) => Ok(EnhancedFound {
                completed: r.completed_depth,
                allocated,
                threads,
                per_thread,
                report: Some(r),
                stopped: None,
            }),
            Err(Error::DepthFirst(SearchError::Stopped(s)))
            | Err(Error::Threads(ThreadError::Stopped(s)))
            | Err(Error::Threads(ThreadError::Search(SearchError::Stopped(s)))) => {
                Ok(EnhancedFound {
                    completed: 0,
                    allocated,
                    threads,
                    per_thread: Vec::new(),
                    report: None,
                    stopped: Some((s.reason, s.leaves)),
                })
            }
            Err(e) => Err(e),
        }
    }
}

/// Which of a [`Cache`]'s one-thread enhanced engines a search uses.
#[derive(Debug, Clone, Copy)]
enum Slot {
    /// Tree searches (tables sized for the tree, salted hashes).
    Tree,
    /// Game searches (the table kept from move to move).
    Game,
}

/// An enhanced engine's search, its settings resolved.
struct EnhancedJob<'a> {
    algorithm: EnhancedAlgorithm,
    depth: u32,
    settings: EnhancedConfig,
    threads: search_parallel::threads::GameThreadConfig,
    limits: &'a Limits,
}

impl<'a> EnhancedJob<'a> {
    fn new(
        algorithm: EnhancedAlgorithm,
        depth: u32,
        config: &Config,
        (table_bytes, tree): (usize, bool),
        limits: &'a Limits,
    ) -> EnhancedJob<'a> {
        EnhancedJob {
            algorithm,
            depth,
            settings: config.enhanced(table_bytes, tree),
            threads: config.game_threads(),
            limits,
        }
    }
}

/// What an enhanced engine's search gave.
struct EnhancedFound<M> {
    report: Option<EnhancedReport<M>>,
    /// A stop before the first iteration completed: why, and the leaves.
    stopped: Option<(StopReason, u64)>,
    completed: u32,
    /// The bytes the transposition table took.
    allocated: usize,
    threads: usize,
    per_thread: Vec<u64>,
}

impl<M: Copy> EnhancedFound<M> {
    fn report(&self, algorithm: Algorithm) -> Report<M> {
        let mut report = Report::empty(algorithm);
        report.threads = self.threads;
        report.per_thread.clone_from(&self.per_thread);
        report.peak_memory = Some(self.allocated);
        if let Some((reason, leaves)) = self.stopped {
            report.stopped = Some(reason);
            report.leaves = leaves;
            return report;
        }
        let r = self.report.as_ref().expect("a report or a stop");
        report.value = r.value;
        report.bound = Bound::Exact;
        report.best = r.best_move;
        report.pv.clone_from(&r.pv);
        report.pv_complete = r.best_move.is_some();
        report.leaves = r.leaves;
        report.interior = r.interior;
        report.stopped = r.stopped;
        report.depth = Some(r.completed_depth);
        report
    }
}

/// What a sequential engine found on a (counting) view of the tree.
struct Found {
    value: Value,
    bound: Bound,
    best: Option<usize>,
    pv: Vec<usize>,
    peak: Option<usize>,
    stopped: Option<StopReason>,
    /// The leaf evaluations and interior expansions, if the engine counts
    /// them (see [`Sequential::counts`]).
    counts: Option<(u64, u64)>,
}

impl Found {
    fn stopped(reason: StopReason, counts: Option<(u64, u64)>) -> Found {
        Found {
            value: Value::from_small(0),
            bound: Bound::Unknown,
            best: None,
            pv: Vec::new(),
            peak: None,
            stopped: Some(reason),
            counts,
        }
    }
}

/// A line as child indices.
fn indices(line: &Dewey) -> Vec<usize> {
    line.digits().iter().map(|&i| usize::from(i)).collect()
}

/// A sequential engine, run on whatever view of the tree measures it.
trait Sequential {
    /// Whether the engine counts its leaf evaluations (calls of `value`)
    /// and interior expansions (calls of `num_children` on an interior
    /// node) itself, in [`Found::counts`], finished or stopped: then the
    /// tree is searched as it is, not through a counting view.
    fn counts(&self) -> bool;

    fn run<U: Tree + ?Sized>(&mut self, tree: &U) -> Result<Found, Error>;
}

struct DepthRun<'c> {
    algorithm: DepthFirst,
    config: SearchConfig,
    /// The MT drivers' table (kept in a [`Cache`]).
    table: Option<&'c mut TranspositionTable>,
}

impl Sequential for DepthRun<'_> {
    /// The depth-first engines count every terminal evaluation against
    /// their limits, just before it (so a stopped search's count is the
    /// evaluations made), and every interior expansion beside it, in
    /// their control (`Algorithm::search_counted`): a plain increment the
    /// optimiser keeps next to the search, where a counting view of the
    /// tree would add a load and a store through it per node.
    fn counts(&self) -> bool {
        true
    }

    fn run<U: Tree + ?Sized>(&mut self, tree: &U) -> Result<Found, Error> {
        let (result, counts) =
            self.algorithm
                .search_counted(tree, &self.config, self.table.as_deref_mut());
        let counts = Some((counts.leaves, counts.interior));
        match result {
            Ok(r) => Ok(Found {
                value: r.value,
                bound: match r.bound {
                    search_depthfirst::Bound::Exact => Bound::Exact,
                    search_depthfirst::Bound::Lower => Bound::Lower,
                    search_depthfirst::Bound::Upper => Bound::Upper,
                },
                best: r.best,
                pv: indices(&r.pv),
                peak: r.table_entries,
                stopped: None,
                counts,
            }),
            Err(SearchError::Stopped(s)) => Ok(Found::stopped(s.reason, counts)),
            Err(e) => Err(e.into()),
        }
    }
}

struct BestRun {
    algorithm: BestFirst,
    options: Options,
}

impl Sequential for BestRun {
    /// RecSSS\* and MemSSS\* count for themselves
    /// (`search_bestfirst::Algorithm::run_counted`): a plain increment in
    /// the search's own state, where a counting view would make them
    /// reload the tree's fields around every call. The others run on the
    /// counting view.
    fn counts(&self) -> bool {
        self.algorithm.counts_itself()
    }

    fn run<U: Tree + ?Sized>(&mut self, tree: &U) -> Result<Found, Error> {
        let (result, counts) = self.algorithm.run_counted(tree, &self.options);
        let counts = counts.map(|c| (c.leaves, c.interior));
        match result {
            Ok(o) => Ok(Found {
                value: o.value,
                bound: Bound::Exact,
                best: o.best,
                pv: indices(&o.pv),
                peak: Some(o.memory.peak),
                stopped: None,
                counts,
            }),
            Err(BestFirstError::Stopped(s)) => Ok(Found::stopped(s.reason, counts)),
            Err(e) => Err(e.into()),
        }
    }
}

/// How a sequential engine's search is measured: counted
/// ([`sequential`]) or traced ([`traced`]). A trait rather than a closure
/// because the engine's type is chosen inside (one call per engine).
trait View<T: ?Sized> {
    fn run<R: Sequential>(
        self,
        algorithm: Algorithm,
        tree: &T,
        engine: &mut R,
    ) -> Result<Report, Error>;
}

/// The counted view: [`sequential`].
#[derive(Clone, Copy)]
struct CountedView;

impl<T: Tree + ?Sized> View<T> for CountedView {
    fn run<R: Sequential>(
        self,
        algorithm: Algorithm,
        tree: &T,
        engine: &mut R,
    ) -> Result<Report, Error> {
        sequential(algorithm, tree, engine)
    }
}

/// The traced view: [`traced`].
#[derive(Clone, Copy)]
struct TracedView;

impl View<Erased<'_>> for TracedView {
    fn run<R: Sequential>(
        self,
        algorithm: Algorithm,
        tree: &Erased<'_>,
        engine: &mut R,
    ) -> Result<Report, Error> {
        traced(algorithm, tree, engine)
    }
}

/// Runs `engine` on `tree` counted, and makes its report. The counts are
/// `tree_core::Counted`'s: leaf evaluations and interior expansions (the
/// engine's own counts when it keeps them).
fn sequential<T: Tree + ?Sized, R: Sequential>(
    algorithm: Algorithm,
    tree: &T,
    engine: &mut R,
) -> Result<Report, Error> {
    let mut report = Report::empty(algorithm);
    let found = if engine.counts() {
        let found = engine.run(tree)?;
        (report.leaves, report.interior) = found.counts.unwrap_or_default();
        found
    } else {
        let counted = Counts::new(tree);
        let found = engine.run(&counted)?;
        (report.leaves, report.interior) = counted.counts();
        found
    };
    Ok(report.found(tree, found))
}

/// The OPEN budget a best-first search held to ([`Report::memory_budget`]):
/// the configured one, or without one the algorithm's own on a tree of
/// known shape, capped at the most the tree can use.
fn memory_budget(
    algorithm: Algorithm,
    bounds: Option<tree_core::Bounds>,
    config: &Config,
) -> Option<usize> {
    if !algorithm.takes(crate::Setting::Memory) {
        return None;
    }
    let most = bounds.and_then(|b| crate::maximum_memory_for(algorithm, b, config));
    match (config.get_memory(), most) {
        (Some(m), Some(most)) => Some(m.min(most)),
        (m, most) => m.or(most),
    }
}

/// Runs `engine` on `tree` traced (`tree_core::Traced`: the counts, and
/// the Dewey code of every evaluation in order), and makes its report.
fn traced<R: Sequential>(
    algorithm: Algorithm,
    tree: &Erased<'_>,
    engine: &mut R,
) -> Result<Report, Error> {
    let mut report = Report::empty(algorithm);
    let traced = Traced::new(tree);
    let found = engine.run(&traced)?;
    let stats = traced.stats();
    (report.leaves, report.interior) = (stats.leaves, stats.interior);
    report.distinct_leaves = Some(traced.distinct_leaves());
    report.trace = Some(traced.order());
    Ok(report.found(tree, found))
}

impl Report {
    /// The report of a sequential search that found `found` on `tree`, its
    /// counts already set.
    fn found<T: Tree + ?Sized>(mut self, tree: &T, found: Found) -> Report {
        self.value = found.value;
        self.bound = found.bound;
        self.best = found.best;
        self.pv_complete = reaches_terminal(tree, &found.pv);
        self.pv = found.pv;
        self.peak_memory = found.peak;
        self.stopped = found.stopped;
        if self.peak_memory.is_none() {
            self.memory_unit = None;
        }
        self
    }
}

/// A multi-threaded search of `tree`, counted by its threads
/// ([`search_parallel::threads::ThreadCounts`]: what `tree_core::Counted`
/// would count, without a shared counter per node).
fn threaded<T>(
    algorithm: Algorithm,
    engine: ThreadAlgorithm,
    tree: &T,
    config: &Config,
    limits: Limits,
) -> Result<Report, Error>
where
    T: Tree + Sync + ?Sized,
    T::Node: Send + Sync,
{
    let settings = config.threads_config(limits);
    let window = settings.window;
    let mut report = Report::empty(algorithm);
    report.threads = settings.threads;
    let (result, counts) = search_parallel::threads::search_counted(engine, tree, settings);
    (report.leaves, report.interior) = (counts.leaves, counts.interior);
    match result {
        Ok(r) => {
            report.value = r.value;
            report.bound = classify(window, r.value);
            report.best = r.best;
            report.pv = indices(&r.pv);
            report.pv_complete = reaches_terminal(tree, &report.pv);
            report.per_thread = r.per_thread;
            Ok(report)
        }
        Err(ThreadError::Stopped(s)) => {
            report.stopped = Some(s.reason);
            Ok(report)
        }
        Err(e) => Err(e.into()),
    }
}

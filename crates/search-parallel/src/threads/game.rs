//! The enhanced searches of a [`Game`] (alpha-beta, PVS, MTD(f), MT-SSS\*,
//! MT-DUAL\* with iterative deepening, transposition table and history, see
//! [`search_depthfirst::Enhanced`]) on K threads over one lock-free
//! [`SharedTable`]:
//!
//! * **Lazy SMP**: every thread runs the whole iterative-deepening search
//!   of the root on its own engine (its own history and move buffers), all
//!   sharing the table; the calling thread's result is the answer, and the
//!   others are stopped when it has it. Helper `t` searches the root's
//!   moves in the same order (optionally rotated left by `t`, or with
//!   ABDADA's deferral of moves another thread is searching: both
//!   measured, neither pays on Othello); the threads drift apart through
//!   the table (a thread finding a subtree already stored skips it) and
//!   their own histories. The table's bounds are stored for exactly the
//!   depth searched, so a helper searching deeper than the main thread
//!   would help it only with move ordering: every thread searches the same
//!   depths.
//! * **YBWC** (Feldmann, Monien, Mysliwietz & Vornberger 1989), as
//!   principal-variation splitting: the calling thread runs the engine;
//!   at each node of remaining depth at least
//!   [`GameThreadConfig::split_depth`] that is not inside a split (the
//!   root, the eldest son of the root, its eldest son, …: the nodes of the
//!   leftmost path of every root search) nor inside an ordering search
//!   (`EnhancedConfig::sort_depth`: small searches, scored by the game's
//!   ordering evaluation), once the eldest brother is
//!   searched the young brothers are searched by all threads, each taking
//!   the next from a shared counter, with the best value so far as alpha
//!   (an atomic), a null window first under PVS. A cutoff stops the
//!   others (their unfinished searches store nothing). Helpers wait on a
//!   condition variable between splits.
//!
//! **Exact at every depth.** Every thread's searches store only true bounds
//! (for exactly the depth searched, or exact-game bounds in exact-solve
//! mode), the table's entries are checked against their key (a torn entry
//! is a miss, see [`SharedTable`]), and an unfinished search stores
//! nothing, so the value is the one-thread value at the same depth (the
//! architecture's invariant for enhanced searches). At a split, a move's
//! result `s` searched with alpha `a` is exact if `a < s < beta` and an
//! upper bound otherwise, with `a` the value of a move already searched; so
//! the largest result is the node's value (or a bound on the same side of
//! the window as one thread's), and its best move is a move with that
//! result searched inside its window.
//!
//! Leaf and node counts, the table's statistics and the best move may
//! differ from run to run.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use search_depthfirst::{
    EnhancedAlgorithm, EnhancedConfig, EnhancedReport, SearchError, SharedTable, SplitJob,
    Splitter, TableStats, Worker,
};
use tree_core::{Game, Limits, StopReason, Value};

use super::error::{ThreadError, check_threads};
use super::pool;
use super::shared::panic_message;

/// How the threads share the work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameParallel {
    /// Lazy SMP (`lazy-smp`): every thread searches the root, sharing the
    /// table.
    #[default]
    LazySmp,
    /// Young brothers wait along the leftmost path (`ybwc`).
    Ybwc,
}

impl GameParallel {
    /// Both, in the order above.
    pub const ALL: &'static [GameParallel] = &[GameParallel::LazySmp, GameParallel::Ybwc];

    /// The command-line name: `lazy-smp` or `ybwc`.
    pub const fn name(self) -> &'static str {
        match self {
            GameParallel::LazySmp => "lazy-smp",
            GameParallel::Ybwc => "ybwc",
        }
    }
}

tree_core::display_by_name!(GameParallel);

// `lazy-smp` or `ybwc`, ASCII case-insensitively.
tree_core::from_str_by_name!(GameParallel, ThreadError, |s| {
    ThreadError::UnknownAlgorithm { name: s.to_owned() }
});

/// The settings of a parallel game search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameThreadConfig {
    /// Threads, the calling thread included (1 = the one-thread engine on
    /// the shared table). Default 2.
    pub threads: usize,
    /// Lazy SMP or YBWC. Default Lazy SMP.
    pub method: GameParallel,
    /// YBWC: split nodes of at least this remaining depth. Default 3.
    pub split_depth: u32,
    /// Lazy SMP: helper `t` searches the root's moves rotated left by `t`.
    /// Default off (on Othello it costs 30% more nodes: a helper's first
    /// root move, searched with the full window, is a poor one).
    pub root_shift: bool,
    /// Lazy SMP: every thread searches last the moves whose positions
    /// another thread is searching (ABDADA's deferral, Weill 1996).
    /// Default off (on Othello it did not pay, see `docs/PARALLEL.md`).
    pub defer: bool,
}

impl Default for GameThreadConfig {
    fn default() -> GameThreadConfig {
        GameThreadConfig {
            threads: 2,
            method: GameParallel::LazySmp,
            split_depth: 3,
            root_shift: false,
            defer: false,
        }
    }
}

/// One thread's share of a parallel game search.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameThreadStats {
    /// Static evaluations.
    pub leaves: u64,
    /// Positions expanded.
    pub interior: u64,
    /// The thread's table probes and stores.
    pub table: TableStats,
    /// Time spent waiting for work (YBWC; 0 under Lazy SMP).
    pub idle: Duration,
}

/// What a parallel game search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameThreadReport<M> {
    /// The calling thread's report: value, best move, principal variation,
    /// per-iteration values; its counts are the calling thread's alone.
    pub report: EnhancedReport<M>,
    /// Every thread's counts, the calling thread first.
    pub per_thread: Vec<GameThreadStats>,
    /// YBWC: the number of splits.
    pub splits: u64,
}

impl<M> GameThreadReport<M> {
    /// Static evaluations on all threads.
    pub fn leaves(&self) -> u64 {
        self.per_thread.iter().map(|t| t.leaves).sum()
    }

    /// Positions expanded on all threads.
    pub fn interior(&self) -> u64 {
        self.per_thread.iter().map(|t| t.interior).sum()
    }
}

/// Searches `game` from `root` to `depth` plies by `algorithm` on
/// `config.threads` threads sharing `table` (a new search of it: older
/// entries stay readable, and are replaced first), with the settings
/// `enhanced` (its `table_bytes` is ignored).
///
/// # Errors
/// [`ThreadError::ZeroThreads`], [`ThreadError::TooManyThreads`];
/// [`ThreadError::Search`] for the engine's errors (bad settings, a depth
/// over [`tree_core::MAX_DEPTH`], a position evaluated as ±∞);
/// [`ThreadError::WorkerPanicked`] if the game panics on any thread.
pub fn search_game<G: SharedGame + ?Sized>(
    algorithm: EnhancedAlgorithm,
    game: &G,
    root: &G::Position,
    depth: u32,
    enhanced: &EnhancedConfig,
    table: &mut SharedTable,
    config: &GameThreadConfig,
) -> Result<GameThreadReport<G::Move>, ThreadError> {
    let search = GameSearch {
        algorithm,
        game,
        root,
        depth,
        enhanced,
    };
    search_game_with_limits(search, table, config, &Limits::none())
}

/// A game the threads may share: `Sync`, with positions and moves that
/// cross threads. Every such [`Game`] is one.
pub trait SharedGame: Game<Position: Send + Sync, Move: Send + Sync> + Sync {}

impl<G: Game<Position: Send + Sync, Move: Send + Sync> + Sync + ?Sized> SharedGame for G {}

/// What a parallel game search searches, and how: [`search_game`]'s
/// arguments but the table and the threads, for
/// [`search_game_with_limits`].
#[derive(Debug)]
pub struct GameSearch<'a, G: Game + ?Sized> {
    /// The algorithm every thread runs.
    pub algorithm: EnhancedAlgorithm,
    /// The game.
    pub game: &'a G,
    /// The position searched.
    pub root: &'a G::Position,
    /// The depth in plies.
    pub depth: u32,
    /// The enhanced searches' settings (`table_bytes` is ignored: the
    /// table is the caller's).
    pub enhanced: &'a EnhancedConfig,
}

impl<G: Game + ?Sized> Clone for GameSearch<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game + ?Sized> Copy for GameSearch<'_, G> {}

/// As [`search_game`] (its arguments but the table and the threads in a
/// [`GameSearch`]), under a deadline and a stop handle (see
/// [`Enhanced::search_with_limits`](search_depthfirst::Enhanced::search_with_limits)):
/// the calling thread looks at them (every 1,024 of its leaves and between
/// iterations) and, when one is reached, abandons its iteration and
/// returns its last completed one (`report.stopped`,
/// `report.completed_depth`); the helpers are then stopped as at the end
/// of any search. An abandoned iteration stores only true bounds, so the
/// value is the one-thread value at the completed depth.
///
/// # Errors
/// As [`search_game`]; [`ThreadError::Unsupported`] for a leaf budget
/// (the threads would have to share one counter);
/// [`ThreadError::Search`] with [`SearchError::Stopped`] if a limit is
/// reached before the first iteration completes.
pub fn search_game_with_limits<G: SharedGame + ?Sized>(
    search: GameSearch<'_, G>,
    table: &mut SharedTable,
    config: &GameThreadConfig,
    limits: &Limits,
) -> Result<GameThreadReport<G::Move>, ThreadError> {
    let (game, enhanced) = (search.game, search.enhanced);
    if limits.max_leaves.is_some() {
        return Err(ThreadError::Unsupported {
            message: "the parallel game search takes a deadline and a stop handle, \
                      not a leaf budget",
        });
    }
    let k = config.threads;
    if k == 0 {
        return Err(ThreadError::ZeroThreads);
    }
    check_threads(k as u64)?;
    table.new_search();
    let table = &*table;
    // Settings are checked before any thread starts.
    Worker::new(game, table, enhanced, None).map_err(ThreadError::Search)?;
    let team = Team::<G> {
        threads: k,
        split_depth: config.split_depth.max(1),
        stop: AtomicBool::new(false),
        failure: Mutex::new(None),
        current: Mutex::new((0, None)),
        posted: Condvar::new(),
        splits: AtomicU64::new(0),
        waited: AtomicU64::new(0),
    };
    let helper_stats = Mutex::new(Vec::new());
    let ybwc = config.method == GameParallel::Ybwc;
    let main = |team: &Team<G>| {
        let mut w = Worker::new(game, table, enhanced, Some(&team.stop))?.with_limits(limits);
        if ybwc && k > 1 {
            w = w.with_splitter(team);
        }
        if !ybwc && k > 1 {
            w = w.with_deferral(config.defer);
        }
        let r = w.search(search.algorithm, search.root, search.depth);
        let idle = Duration::from_nanos(team.waited.load(SeqCst));
        Ok::<_, SearchError>((r, stats_of(&w, idle)))
    };
    let result = if k == 1 {
        guarded(&team, || main(&team))
    } else {
        let pool = pool::pool(k - 1)?;
        pool.in_place_scope(|s| {
            let (team, helper_stats) = (&team, &helper_stats);
            for t in 1..k {
                s.spawn(move |_| {
                    let stats = guarded(team, || {
                        if ybwc {
                            team.help(game, table, enhanced)
                        } else {
                            let shift = if config.root_shift { t } else { 0 };
                            let mut w = Worker::new(game, table, enhanced, Some(&team.stop))?
                                .with_root_shift(shift)
                                .with_deferral(config.defer);
                            // Stopped when the main thread has the answer.
                            let _ = w.search(search.algorithm, search.root, search.depth);
                            Ok(stats_of(&w, Duration::ZERO))
                        }
                    });
                    if let Some(s) = stats {
                        lock(helper_stats).push(s);
                    }
                });
            }
            let r = guarded(team, || main(team));
            team.finish();
            r
        })
    };
    if let Some(e) = lock(&team.failure).take() {
        return Err(e);
    }
    let (report, stats) = result.ok_or(ThreadError::WorkerPanicked {
        message: "a thread failed".into(),
    })?;
    let report = report.map_err(ThreadError::Search)?;
    let mut per_thread = vec![stats];
    per_thread.extend(lock(&helper_stats).iter().copied());
    Ok(GameThreadReport {
        report,
        per_thread,
        splits: team.splits.load(SeqCst),
    })
}

fn stats_of<G: Game + ?Sized>(w: &Worker<'_, G>, idle: Duration) -> GameThreadStats {
    GameThreadStats {
        leaves: w.leaves(),
        interior: w.interior(),
        table: w.table_stats(),
        idle,
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Runs `f`, turning a panic or an error other than a stop into the
/// team's failure (which stops every thread); `None` on failure.
fn guarded<G: Game + ?Sized, R>(
    team: &Team<G>,
    f: impl FnOnce() -> Result<R, SearchError>,
) -> Option<R> {
    let e = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(r)) => return Some(r),
        Ok(Err(e)) => ThreadError::Search(e),
        Err(payload) => ThreadError::WorkerPanicked {
            message: panic_message(payload.as_ref()),
        },
    };
    team.fail(e);
    None
}

/// How a thread searches move `k` of a split with alpha `a`.
type MoveSearch<'f, G> =
    dyn FnMut(&SplitJob<'_, G>, usize, Value) -> Result<Value, SearchError> + 'f;

/// A split published to the helpers: the job's data (owned), the next
/// move to hand out, alpha, the best result, and who is inside.
struct Split<G: Game + ?Sized> {
    parent: G::Position,
    moves: Vec<(usize, G::Move)>,
    depth: u32,
    exact: bool,
    ply: usize,
    alpha: Value,
    beta: Value,
    pvs: bool,
    selective: Option<(u32, u32)>,
    next: AtomicUsize,
    /// The best result so far (for the alpha of later moves).
    raised: AtomicI32,
    /// The best result: (value, searched inside its window, −position)
    /// packed so that `fetch_max` keeps the best (see [`pack`]).
    best: AtomicU64,
    /// Threads working on the split.
    inside: AtomicUsize,
    /// A result reached beta: hand out nothing more, stop the searches.
    cutoff: AtomicBool,
}

/// Packs a result for `fetch_max`: larger values first, then results
/// searched inside their window (exact) over fail-low bounds, then
/// earlier moves.
fn pack(value: Value, inside: bool, k: usize) -> u64 {
    let v = (i64::from(value.get()) - i64::from(i32::MIN)) as u64;
    (v << 32) | (u64::from(inside) << 31) | (0x7FFF_FFFF - (k as u64).min(0x7FFF_FFFF))
}

fn unpack(x: u64) -> (Value, usize) {
    let v = ((x >> 32) as i64 + i64::from(i32::MIN)) as i32;
    (
        Value::from_small(0).offset(i64::from(v)),
        (0x7FFF_FFFF - (x & 0x7FFF_FFFF)) as usize,
    )
}

impl<G: Game + ?Sized> Split<G> {
    fn job(&self) -> SplitJob<'_, G> {
        SplitJob {
            parent: &self.parent,
            moves: &self.moves,
            depth: self.depth,
            exact: self.exact,
            ply: self.ply,
            alpha: self.alpha,
            beta: self.beta,
            pvs: self.pvs,
            selective: self.selective,
        }
    }

    /// Searches moves of the split with `search` until none is left or a
    /// cutoff; a search stopped by a cutoff is dropped.
    fn work(&self, team: &Team<G>, search: &mut MoveSearch<'_, G>) -> Result<(), SearchError> {
        let job = self.job();
        loop {
            if self.cutoff.load(SeqCst) {
                return Ok(());
            }
            let k = self.next.fetch_add(1, SeqCst);
            if k >= self.moves.len() {
                return Ok(());
            }
            let a = self
                .alpha
                .max(Value::from_small(0).offset(i64::from(self.raised.load(SeqCst))));
            let a = a.min(self.beta.offset(-1));
            match search(&job, k, a) {
                Ok(s) => {
                    self.best.fetch_max(pack(s, s > a, k), SeqCst);
                    if s >= self.beta {
                        self.cutoff.store(true, SeqCst);
                        team.stop.store(true, SeqCst);
                        return Ok(());
                    }
                    self.raised.fetch_max(s.get(), SeqCst);
                }
                Err(SearchError::Stopped(_)) if self.cutoff.load(SeqCst) => return Ok(()),
                Err(e) => {
                    // The others stop too: the search fails.
                    self.cutoff.store(true, SeqCst);
                    team.stop.store(true, SeqCst);
                    return Err(e);
                }
            }
        }
    }
}

/// The threads of one search: the stop flag (a cutoff at a split, or a
/// failure; Lazy SMP: the main thread is done), the current split and
/// the failure, if any.
struct Team<G: Game + ?Sized> {
    threads: usize,
    split_depth: u32,
    stop: AtomicBool,
    failure: Mutex<Option<ThreadError>>,
    /// (epoch, split): the epoch counts posts; `None` when no split is
    /// open; the helpers wait on `posted` for a new epoch.
    #[allow(clippy::type_complexity)] // a counter and an optional split
    current: Mutex<(u64, Option<Arc<Split<G>>>)>,
    posted: Condvar,
    splits: AtomicU64,
    /// Nanoseconds the calling thread waited at the end of its splits.
    waited: AtomicU64,
}

impl<G: Game + ?Sized> Team<G> {
    fn fail(&self, e: ThreadError) {
        let mut f = lock(&self.failure);
        if f.is_none() {
            *f = Some(e);
        }
        drop(f);
        self.stop.store(true, SeqCst);
        self.finish();
    }

    /// Ends the search: every thread stops, the helpers stop waiting.
    fn finish(&self) {
        self.stop.store(true, SeqCst);
        let mut c = lock(&self.current);
        c.0 = u64::MAX;
        c.1 = None;
        self.posted.notify_all();
    }

    /// A YBWC helper: waits for splits and works on them until the search
    /// ends; returns its counts.
    fn help<'t>(
        &'t self,
        game: &'t G,
        table: &'t SharedTable,
        enhanced: &EnhancedConfig,
    ) -> Result<GameThreadStats, SearchError> {
        let mut w = Worker::new(game, table, enhanced, Some(&self.stop))?;
        let mut seen = 0;
        let mut idle = Duration::ZERO;
        loop {
            let since = Instant::now();
            let split = {
                let mut c = lock(&self.current);
                while c.0 == seen {
                    c = self.posted.wait(c).unwrap_or_else(|p| p.into_inner());
                }
                seen = c.0;
                if seen == u64::MAX {
                    break;
                }
                c.1.clone()
            };
            idle += since.elapsed();
            if let Some(split) = split {
                split.inside.fetch_add(1, SeqCst);
                // Leaves the split even if the game panics.
                let _inside = Inside(&split.inside);
                split.work(self, &mut |job, k, a| w.search_move(job, k, a))?;
            }
        }
        Ok(stats_of(&w, idle))
    }
}

impl<G> Splitter<G> for Team<G>
where
    G: Game + ?Sized,
    G::Position: Send + Sync,
    G::Move: Send + Sync,
{
    fn min_depth(&self) -> u32 {
        if self.threads > 1 {
            self.split_depth
        } else {
            u32::MAX
        }
    }

    fn split(
        &self,
        job: &SplitJob<'_, G>,
        own: &mut dyn FnMut(usize, Value) -> Result<Value, SearchError>,
    ) -> Result<(Value, usize), SearchError> {
        let split = Arc::new(Split {
            parent: job.parent.clone(),
            moves: job.moves.to_vec(),
            depth: job.depth,
            exact: job.exact,
            ply: job.ply,
            alpha: job.alpha,
            beta: job.beta,
            pvs: job.pvs,
            selective: job.selective,
            next: AtomicUsize::new(0),
            raised: AtomicI32::new(job.alpha.get()),
            best: AtomicU64::new(0),
            inside: AtomicUsize::new(1),
            cutoff: AtomicBool::new(false),
        });
        {
            let mut c = lock(&self.current);
            if c.0 == u64::MAX {
                // The search is ending (a failure elsewhere).
                return Err(stopped());
            }
            c.0 += 1;
            c.1 = Some(Arc::clone(&split));
            self.posted.notify_all();
        }
        self.splits.fetch_add(1, SeqCst);
        let r = {
            let _inside = Inside(&split.inside);
            split.work(self, &mut |_, k, a| own(k, a))
        };
        {
            let mut c = lock(&self.current);
            if c.0 != u64::MAX {
                c.1 = None;
            }
        }
        // Wait for the helpers still searching a move of the split.
        let since = Instant::now();
        while split.inside.load(SeqCst) > 0 {
            std::thread::yield_now();
        }
        let waited = u64::try_from(since.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.waited.fetch_add(waited, SeqCst);
        if let Err(e) = r {
            // A limit of the calling thread (not a failure) stopped the
            // split: the flag it raised is lowered again, for the
            // principal variation of its last completed iteration.
            if matches!(e, SearchError::Stopped(_)) && lock(&self.failure).is_none() {
                self.stop.store(false, SeqCst);
            }
            return Err(e);
        }
        if lock(&self.failure).is_some() {
            return Err(stopped());
        }
        // A cutoff raised the stop flag for the split's searches only.
        self.stop.store(false, SeqCst);
        Ok(unpack(split.best.load(SeqCst)))
    }
}

/// A thread inside a split: leaves it when dropped (also by a panic, so
/// that the split's owner, waiting for the threads inside, never hangs).
struct Inside<'a>(&'a AtomicUsize);

impl Drop for Inside<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, SeqCst);
    }
}

fn stopped() -> SearchError {
    SearchError::Stopped(tree_core::Stopped {
        reason: StopReason::Cancelled,
        leaves: 0,
        elapsed: Duration::ZERO,
    })
}

//! Enhanced searches for real games: iterative deepening, a transposition
//! table keyed by position hash, and move ordering by the table's move and
//! the history heuristic, under alpha-beta, NegaScout/PVS, MTD(f), MT-SSS\*
//! and MT-DUAL\* (Srivastava 2019, §IV: enhanced alpha-beta against SSS\* with the
//! same enhancements; Schaeffer 1989; Plaat, Schaeffer, Pijls & de Bruin
//! 1996).
//!
//! These searches see a game through [`Game`], not [`Tree`](tree_core::Tree):
//! they need a position hash, and they count their own leaves (static
//! evaluations, at the horizon or at the end of the game, and ends of the
//! game the game's own solver scores) and interior nodes (positions
//! expanded), since there is no tree to wrap in
//! [`Counted`](tree_core::Counted). Every one returns exactly the value
//! [`minimax`](tree_core::minimax) gives the fixed-depth tree
//! [`Horizon::new(game, root, depth)`](tree_core::Horizon), a best move
//! (a [`Game::Move`]) whose position has that value, and the principal
//! variation.
//!
//! ## The engine
//!
//! One negamax function (values from the point of view of the player to
//! move) serves every algorithm: **fail-soft** alpha-beta (a result `g <=
//! alpha` is an upper bound, `g >= beta` a lower bound, anything between the
//! value), since MT needs fail-soft bounds and they make the table's bounds
//! tighter. At each position it:
//!
//! 1. decides whether it is in **exact-solve mode**
//!    ([`EnhancedConfig::exact_solve`]): its remaining depth is at least the
//!    game's bound on the plies left ([`Game::plies_left`]), or an
//!    ancestor's was. Every line below then ends with the end of the game,
//!    so the position's value is its exact game value, the same at every
//!    such depth. In this mode the game's own solver for the last plies
//!    ([`Game::solve_end`], with [`EnhancedConfig::endgame`]) is asked
//!    first, and table entries are exact-game entries;
//! 2. probes the [`GameTable`]: bounds stored for this position at exactly
//!    this remaining depth (in exact-solve mode: exact-game bounds) end the
//!    search of the position when they decide it (`lower >= beta`, `upper
//!    <= alpha` or `lower = upper`), except at the root, which is always
//!    expanded so that every pass names a best move;
//! 3. at the horizon or the end of the game, evaluates and stores the value;
//! 4. generates the moves once ([`Game::moves`] into a per-ply buffer) and
//!    searches first the table's best move (from an entry of any depth) and
//!    at the root the previous iteration's best move; then orders the rest:
//!    by the game's hint ([`Game::order_hint`], with
//!    [`EnhancedConfig::hints`]; the positions after the moves are computed
//!    once for it and kept), then (with [`EnhancedConfig::history`]) by the
//!    history heuristic, each move key's score raised by `2^min(depth, 32)`
//!    whenever its move was best at a position of remaining depth `depth` —
//!    a cutoff or an exact value, not a fail-low — as in Schaeffer's paper;
//!    then generation order;
//! 5. searches the moves (PVS: the first with the window, the others with a
//!    null window, re-searched when they land inside), and stores the
//!    result as bounds with the best move (its index in the move list).
//!
//! ## Why stored values need the exact depth
//!
//! The depth-`d` value of a position is the minimax value of its
//! depth-`d` horizon tree; the same position's depth-`d + 2` value is a
//! different number. Engines that play games use deeper results for cutoffs
//! (they are "better" values); here that would make the searches return
//! something other than the fixed-depth minimax value the experiments
//! compare, and make leaf counts depend on what happened to be in the
//! table. So entries of any other depth give only their best move, for
//! ordering. The one exception is sound: once the depth reaches the end of
//! the game (the game's bound on the plies left), every depth gives the
//! same value, the exact one, so exact-game entries serve every such depth
//! (and only those). Every stored bound is a true bound of the value it is stored
//! for, and bounds for the same position and depth are intersected, so with
//! distinct hashes for distinct positions every search is exact. See
//! [`GameTable`] for the replacement rule and the collision risk.
//!
//! ## The drivers
//!
//! * **alpha-beta**: one full-window search per depth.
//! * **PVS** (NegaScout): the same with null windows after the first move,
//!   and optionally an aspiration window `(g − δ, g + δ)` at the root around
//!   the previous iteration's value `g` ([`EnhancedConfig::aspiration`]),
//!   re-searched with `(−∞, r + 1)` or `(r − 1, +∞)` when it fails.
//! * **MTD(f)**: null-window calls `(γ − 1, γ)` converging on the value from
//!   the previous iteration's value (the first iteration, or a search
//!   without iterative deepening, starts from
//!   [`EnhancedConfig::first_guess`]).
//! * **MT-SSS\***: MTD(+∞), null-window calls from `γ = +∞` down, each at the
//!   upper bound the last returned, until one succeeds; **MT-DUAL\***:
//!   MTD(−∞), from below.
//!
//! With [`EnhancedConfig::iterative_deepening`] each driver runs at depths
//! 1, 2, …, d in turn with the table (and the history) kept from one
//! iteration to the next; the report gives every iteration's counts. In
//! exact-solve mode an iteration whose depth reaches the end of the game at
//! the root is the last (deeper ones have the same value), and a search
//! whose depth reaches it from the start runs no heuristic iteration at
//! all: it solves the game at once.
//!
//! ## Memory
//!
//! The table's bytes ([`EnhancedConfig::table_bytes`], allocated once in
//! [`Enhanced::new`]), a history table of [`Game::move_keys`] `u64`s, and
//! per ply of the search a move buffer ([`Game::Moves`]), an order buffer
//! of 16 bytes per move and (with hints) the positions after the moves,
//! allocated by each search as it goes deeper and reused within it:
//! O(depth × branching). The recursion holds one position per ply.
//!
//! ```
//! use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig};
//! use tree_core::{ArrayVec, Game, Horizon, Value, minimax};
//!
//! /// Take 1, 2 or 3 from a heap; whoever takes the last wins. Heaps reached
//! /// by different orders of moves are transpositions.
//! struct Take3;
//! impl Game for Take3 {
//!     type Position = u32;
//!     type Move = u32; // how many to take
//!     type Moves = ArrayVec<u32, 3>;
//!     fn moves(&self, heap: &u32, out: &mut ArrayVec<u32, 3>) {
//!         out.clear();
//!         out.extend(1..=(*heap).min(3));
//!     }
//!     fn play(&self, heap: &u32, take: u32) -> u32 { heap - take }
//!     fn evaluate(&self, heap: &u32) -> Value {
//!         Value::new(if *heap == 0 { -100 } else { *heap as i32 % 4 }).unwrap()
//!     }
//!     fn hash(&self, heap: &u32) -> u64 { u64::from(*heap).wrapping_mul(0x9E37_79B9_7F4A_7C15) }
//!     // The game ends within `heap` moves: searches that deep solve it.
//!     fn plies_left(&self, heap: &u32) -> Option<u32> { Some(*heap) }
//! }
//!
//! let config = EnhancedConfig::default().with_table_bytes(1 << 16);
//! for a in EnhancedAlgorithm::ALL {
//!     let r = a.run(&Take3, &21, 12, &config).unwrap();
//!     assert_eq!(r.value, minimax(&Horizon::new(&Take3, 21, 12)), "{a}");
//!     assert_eq!(r.value, Value::new(100).unwrap()); // 21 is a win: take 1
//!     assert_eq!(r.best_move, Some(1));
//!     assert_eq!(r.pv[0], 1);
//!     assert_eq!(r.per_iteration.len(), 12);
//!     // Deep enough to reach the end: solved at once, no iterations.
//!     let r = a.run(&Take3, &9, 9, &config).unwrap();
//!     assert_eq!((r.value, r.best_move), (Value::new(100).unwrap(), Some(1)));
//!     assert!(r.per_iteration.len() == 1 && r.per_iteration[0].exact);
//!     // The principal variation runs to the end: every stone is taken.
//!     assert_eq!(r.pv.iter().sum::<u32>(), 9);
//! }
//! ```

mod order;
mod search;
mod shared;
mod split;
mod table;

use std::fmt;
use std::str::FromStr;

use tree_core::{Game, Limits, MAX_DEPTH, MoveBuffer, StopReason, Value};

pub use shared::SharedTable;
pub use split::{SplitJob, Splitter, Worker};
pub use table::{GameTable, TableStats};

use crate::{SearchError, Window};
use order::History;
use search::Engine;
use table::TableAccess;

/// The settings of an enhanced search.
///
/// ```
/// use search_depthfirst::EnhancedConfig;
/// let c = EnhancedConfig::default().with_table_bytes(1 << 20).with_history(false);
/// assert_eq!(c.table_bytes, 1 << 20);
/// assert!(!c.history && c.iterative_deepening);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnhancedConfig {
    /// The transposition table's size in bytes (see [`GameTable::new`]); 0
    /// = no table. Default 16 MiB.
    pub table_bytes: usize,
    /// Order moves by the history heuristic. Default on.
    pub history: bool,
    /// Search depths 1, 2, …, d in turn, the table kept between them, the
    /// previous iteration's best move tried first at the root. Default on.
    pub iterative_deepening: bool,
    /// Try the table's best move for a position first. Default on; off,
    /// the table only cuts searches off (MT-SSS\* then evaluates exactly
    /// the leaves of [`mt_sss`](crate::mt_sss) on the
    /// [`Horizon`](tree_core::Horizon) tree, if the table never drops an
    /// entry).
    pub table_move: bool,
    /// PVS only: the half-width of an aspiration window at the root around
    /// the previous iteration's value (or [`first_guess`](Self::first_guess)).
    /// Default `None` (full window).
    pub aspiration: Option<u32>,
    /// MTD(f)'s first guess for its first search, and the centre of PVS's
    /// first aspiration window. Default 0.
    pub first_guess: Value,
    /// Order moves by the game's [`Game::order_hint`] (after the table's
    /// move; history breaks ties). Default on; it costs a
    /// [`Game::play`] of every move before the first is searched (the
    /// table's move excepted), so a game without hints loses a little.
    pub hints: bool,
    /// Exact-solve mode: a position searched to at least the game's bound
    /// on the plies left ([`Game::plies_left`]) is solved to the end of
    /// the game, which is its value at that depth: the table stores and
    /// finds its bounds as exact-game bounds, valid at every such depth,
    /// and with iterative deepening a root the depth reaches is searched
    /// once, with no shallower (heuristic) iterations. Default on; a game
    /// without a bound is never in this mode.
    pub exact_solve: bool,
    /// In exact-solve mode, ask the game's own solver
    /// ([`Game::solve_end`]) first at every position but the root. Default
    /// on.
    pub endgame: bool,
    /// In exact-solve mode, order the moves of positions whose bound on
    /// the plies left ([`Game::plies_left`]) is at least `sort_plies` by a
    /// heuristic search of `sort_depth` plies of each (the value of the
    /// position after the move searched `sort_depth − 1` plies, full
    /// window; the game's hints and history break ties). Its leaves and
    /// nodes are counted with the search's. Default 5 (0: off): the best
    /// of 0–6 on Othello's FFO endgames #21–#38 (see `docs/OTHELLO.md`),
    /// where it cuts the nodes by 2–5× on the largest.
    pub sort_depth: u32,
    /// See [`sort_depth`](Self::sort_depth). Default 36: Othello positions
    /// with 18 or more empty squares (its bound is twice the empty
    /// squares).
    pub sort_plies: u32,
}

impl Default for EnhancedConfig {
    fn default() -> EnhancedConfig {
        EnhancedConfig {
            table_bytes: 16 << 20,
            history: true,
            iterative_deepening: true,
            table_move: true,
            aspiration: None,
            first_guess: Value::from_small(0),
            hints: true,
            exact_solve: true,
            endgame: true,
            sort_depth: 5,
            sort_plies: 36,
        }
    }
}

impl EnhancedConfig {
    /// Every enhancement off: no table, no history, no iterative deepening,
    /// no table move, no hints, no exact-solve mode, no endgame solver; the
    /// searches are then the plain algorithms in generation order (MT
    /// drivers without memory re-search everything).
    pub fn plain() -> EnhancedConfig {
        EnhancedConfig {
            table_bytes: 0,
            history: false,
            iterative_deepening: false,
            table_move: false,
            aspiration: None,
            first_guess: Value::from_small(0),
            hints: false,
            exact_solve: false,
            endgame: false,
            sort_depth: 0,
            sort_plies: 0,
        }
    }

    /// With a table of `bytes` bytes (0 = none).
    pub fn with_table_bytes(mut self, bytes: usize) -> EnhancedConfig {
        self.table_bytes = bytes;
        self
    }

    /// With or without the history heuristic.
    pub fn with_history(mut self, on: bool) -> EnhancedConfig {
        self.history = on;
        self
    }

    /// With or without iterative deepening.
    pub fn with_iterative_deepening(mut self, on: bool) -> EnhancedConfig {
        self.iterative_deepening = on;
        self
    }

    /// With or without the table's move first.
    pub fn with_table_move(mut self, on: bool) -> EnhancedConfig {
        self.table_move = on;
        self
    }

    /// With an aspiration window of half-width `delta` at PVS's root.
    pub fn with_aspiration(mut self, delta: Option<u32>) -> EnhancedConfig {
        self.aspiration = delta;
        self
    }

    /// With this first guess.
    pub fn with_first_guess(mut self, guess: Value) -> EnhancedConfig {
        self.first_guess = guess;
        self
    }

    /// With or without the game's ordering hints.
    pub fn with_hints(mut self, on: bool) -> EnhancedConfig {
        self.hints = on;
        self
    }

    /// With or without exact-solve mode.
    pub fn with_exact_solve(mut self, on: bool) -> EnhancedConfig {
        self.exact_solve = on;
        self
    }

    /// With ordering by a heuristic search of `depth` plies at positions
    /// whose bound on the plies left is at least `plies`, in exact-solve
    /// mode (`depth` 0: off).
    pub fn with_sort(mut self, depth: u32, plies: u32) -> EnhancedConfig {
        self.sort_depth = depth;
        self.sort_plies = plies;
        self
    }

    /// With or without the game's endgame solver (in exact-solve mode).
    pub fn with_endgame(mut self, on: bool) -> EnhancedConfig {
        self.endgame = on;
        self
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`SearchError::TableTooSmall`] for a table smaller than one bucket
    /// (but not 0); [`SearchError::EmptyWindow`] for an aspiration
    /// half-width of 0.
    pub fn validate(&self) -> Result<(), SearchError> {
        GameTable::buckets_for(self.table_bytes)?;
        if let Some(delta) = self.aspiration {
            Window::around(self.first_guess, delta)?;
        }
        Ok(())
    }
}

/// One iteration of an enhanced search (the only one without iterative
/// deepening, or when the depth reaches the end of the game in exact-solve
/// mode).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IterationStats<M> {
    /// The depth searched.
    pub depth: u32,
    /// The minimax value at that depth.
    pub value: Value,
    /// The best root move at that depth.
    pub best_move: Option<M>,
    /// Whether the iteration solved the root to the end of the game
    /// (exact-solve mode).
    pub exact: bool,
    /// Static evaluations in this iteration.
    pub leaves: u64,
    /// Positions expanded in this iteration.
    pub interior: u64,
    /// Searches of the root in this iteration (MT calls, aspiration
    /// re-searches).
    pub passes: u32,
}

/// What an enhanced search found and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnhancedReport<M> {
    /// The minimax value of the root at the depth asked for, from the point
    /// of view of the player to move at the root (= MAX of the
    /// [`Horizon`](tree_core::Horizon) tree).
    pub value: Value,
    /// The best move: a move of the root whose position has the root's
    /// value; `None` at depth 0 or when the game is over.
    pub best_move: Option<M>,
    /// The best move's index in the root's [`Game::moves`] (as
    /// [`Horizon`](tree_core::Horizon) numbers the root's children).
    pub best_index: Option<usize>,
    /// The principal variation: the best move, then the best reply, and so
    /// on to the horizon or the end of the game: every prefix leads to a
    /// position whose value at the remaining depth is the root's (negated
    /// on the opponent's turn). Read from the table after the search, each
    /// move proven by the table's bounds or, where they do not decide, by
    /// a null-window search around the known value (not counted in
    /// `leaves` and `interior`; with a table it costs little, without one
    /// it re-searches). Empty without a best move.
    pub pv: Vec<M>,
    /// Static evaluations (horizon positions and ends of the game), over
    /// all iterations.
    pub leaves: u64,
    /// Positions expanded, over all iterations.
    pub interior: u64,
    /// Searches of the root, over all iterations.
    pub passes: u32,
    /// Each iteration's value and counts, shallowest first.
    pub per_iteration: Vec<IterationStats<M>>,
    /// What the table did, over all iterations.
    pub table: TableStats,
    /// The table's capacity in entries.
    pub table_entries: usize,
    /// The depth `value`, `best_move` and `pv` are for: the depth asked
    /// for, unless a limit stopped the search (see `stopped`).
    pub completed_depth: u32,
    /// Why the search stopped before the depth asked for
    /// ([`Enhanced::search_with_limits`]): it then reports its last
    /// completed iteration, at `completed_depth`. `None` for a search that
    /// finished.
    pub stopped: Option<StopReason>,
}

/// An enhanced search algorithm, by name.
///
/// ```
/// use search_depthfirst::EnhancedAlgorithm;
/// for a in EnhancedAlgorithm::ALL {
///     assert_eq!(a.name().parse::<EnhancedAlgorithm>(), Ok(*a));
/// }
/// let e = "sss".parse::<EnhancedAlgorithm>().unwrap_err();
/// assert!(e.to_string().contains("mtsss-enh"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnhancedAlgorithm {
    /// Fail-soft alpha-beta with the full window (`ab-enh`).
    AlphaBeta,
    /// NegaScout / principal-variation search (`pvs-enh`).
    Pvs,
    /// MTD(f) from the previous iteration's value (`mtdf-enh`).
    Mtdf,
    /// MT-SSS\*, MTD(+∞) (`mtsss-enh`).
    MtSss,
    /// MT-DUAL\*, MTD(−∞) (`mtdual-enh`).
    MtDual,
}

impl EnhancedAlgorithm {
    /// Every enhanced algorithm, in the order above.
    pub const ALL: &'static [EnhancedAlgorithm] = &[
        EnhancedAlgorithm::AlphaBeta,
        EnhancedAlgorithm::Pvs,
        EnhancedAlgorithm::Mtdf,
        EnhancedAlgorithm::MtSss,
        EnhancedAlgorithm::MtDual,
    ];

    /// The command-line name: `ab-enh`, `pvs-enh`, `mtdf-enh`,
    /// `mtsss-enh`, `mtdual-enh`.
    pub const fn name(self) -> &'static str {
        match self {
            EnhancedAlgorithm::AlphaBeta => "ab-enh",
            EnhancedAlgorithm::Pvs => "pvs-enh",
            EnhancedAlgorithm::Mtdf => "mtdf-enh",
            EnhancedAlgorithm::MtSss => "mtsss-enh",
            EnhancedAlgorithm::MtDual => "mtdual-enh",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            EnhancedAlgorithm::AlphaBeta => {
                "fail-soft alpha-beta with iterative deepening, transposition table and history heuristic (Schaeffer 1989)"
            }
            EnhancedAlgorithm::Pvs => {
                "NegaScout/PVS with the same enhancements, optional aspiration window (Reinefeld 1983; Marsland 1986)"
            }
            EnhancedAlgorithm::Mtdf => {
                "MTD(f) from the previous iteration's value, same enhancements (Plaat et al. 1996)"
            }
            EnhancedAlgorithm::MtSss => {
                "MT-SSS*: SSS* as null-window searches from +inf, same enhancements (Plaat et al. 1996)"
            }
            EnhancedAlgorithm::MtDual => {
                "MT-DUAL*: DUAL* as null-window searches from -inf, same enhancements (Plaat et al. 1996)"
            }
        }
    }

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

impl fmt::Display for EnhancedAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An enhanced-algorithm name [`EnhancedAlgorithm::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEnhancedAlgorithm {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownEnhancedAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown enhanced algorithm '{}' (known: ", self.name)?;
        for (k, a) in EnhancedAlgorithm::ALL.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            f.write_str(a.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownEnhancedAlgorithm {}

impl FromStr for EnhancedAlgorithm {
    type Err = UnknownEnhancedAlgorithm;

    /// The exact [`name`](EnhancedAlgorithm::name), ASCII case-insensitively.
    fn from_str(s: &str) -> Result<EnhancedAlgorithm, UnknownEnhancedAlgorithm> {
        EnhancedAlgorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownEnhancedAlgorithm { name: s.to_owned() })
    }
}

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
    /// ±∞.
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
        history.reset(game.move_keys());
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

/// The search of [`Enhanced::search`] on any engine (its depth checked):
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
        let value = engine.negamax(root, 0, false, 0, Value::NEG_INF, Value::INF, false)?;
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
                drive(engine, algorithm, config, root, d, guess)
            } else {
                engine
                    .check_limits()
                    .and_then(|()| drive(engine, algorithm, config, root, d, guess))
            };
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
            let v = e.negamax(root, depth, false, 0, neg_inf, inf, false)?;
            Ok((v, e.root_best, 1))
        }
        EnhancedAlgorithm::Pvs => {
            let Some(delta) = config.aspiration else {
                let v = e.negamax(root, depth, false, 0, neg_inf, inf, true)?;
                return Ok((v, e.root_best, 1));
            };
            let w = Window::around(guess, delta)?;
            let r = e.negamax(root, depth, false, 0, w.alpha(), w.beta(), true)?;
            let (a, b) = if r <= w.alpha() {
                (neg_inf, r.offset(1))
            } else if r >= w.beta() {
                (r.offset(-1), inf)
            } else {
                return Ok((r, e.root_best, 1));
            };
            let v = e.negamax(root, depth, false, 0, a, b, true)?;
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
                g = e.negamax(root, depth, false, 0, gamma.offset(-1), gamma, false)?;
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

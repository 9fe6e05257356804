//! Enhanced searches for real games: iterative deepening, a transposition
//! table keyed by position hash, and move ordering by the table's move and
//! the history heuristic, under alpha-beta, NegaScout/PVS, MTD(f), MT-SSS\*
//! and MT-DUAL\* (`002_*` §IV: enhanced alpha-beta against SSS\* with the
//! same enhancements; Schaeffer 1989; Plaat, Schaeffer, Pijls & de Bruin
//! 1996).
//!
//! These searches see a game through [`Game`], not [`Tree`](tree_core::Tree):
//! they need a position hash, and they count their own leaves (static
//! evaluations, at the horizon or at the end of the game) and interior
//! nodes (positions expanded), since there is no tree to wrap in
//! [`Counted`](tree_core::Counted). Every one returns exactly the value
//! [`minimax`](tree_core::minimax) gives the fixed-depth tree
//! [`Horizon::new(game, root, depth)`](tree_core::Horizon), and a best move
//! whose position has that value.
//!
//! ## The engine
//!
//! One negamax function (values from the point of view of the player to
//! move) serves every algorithm: **fail-soft** alpha-beta (a result `g <=
//! alpha` is an upper bound, `g >= beta` a lower bound, anything between the
//! value), since MT needs fail-soft bounds and they make the table's bounds
//! tighter. At each position it:
//!
//! 1. probes the [`GameTable`]: bounds stored for this position at exactly
//!    this remaining depth end the search of the position when they decide
//!    it (`lower >= beta`, `upper <= alpha` or `lower = upper`), except at
//!    the root, which is always expanded so that every pass names a best
//!    move;
//! 2. at the horizon or the end of the game, evaluates and stores the value;
//! 3. otherwise orders the moves: the table's best move (from an entry of
//!    any depth), at the root the previous iteration's best move, then
//!    (with [`EnhancedConfig::history`]) by the history heuristic, each
//!    move key's score raised by `2^min(depth, 32)` whenever its move was
//!    best at a position of remaining depth `depth` — a cutoff or an exact
//!    value, not a fail-low — as in Schaeffer's paper; then generation order;
//! 4. searches the moves (PVS: the first with the window, the others with a
//!    null window, re-searched when they land inside), and stores the
//!    result as bounds with the best move.
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
//! ordering. Every stored bound is a true bound of the value it is stored
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
//! iteration to the next; the report gives every iteration's counts.
//!
//! ## Memory
//!
//! The table's bytes ([`EnhancedConfig::table_bytes`], allocated once in
//! [`Enhanced::new`]), a history table of [`Game::move_keys`] `u64`s, and
//! one move-order buffer per ply of `16 ×` the branching factor bytes,
//! grown once and reused: O(depth × branching). The recursion holds one
//! position per ply.
//!
//! ```
//! use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig};
//! use tree_core::{Game, Horizon, Value, minimax};
//!
//! /// Take 1, 2 or 3 from a heap; whoever takes the last wins. Heaps reached
//! /// by different orders of moves are transpositions.
//! struct Take3;
//! impl Game for Take3 {
//!     type Position = u32;
//!     fn num_moves(&self, heap: &u32) -> usize { (*heap).min(3) as usize }
//!     fn play(&self, heap: &u32, i: usize) -> u32 { heap - 1 - i as u32 }
//!     fn evaluate(&self, heap: &u32) -> Value {
//!         Value::new(if *heap == 0 { -100 } else { *heap as i32 % 4 }).unwrap()
//!     }
//!     fn hash(&self, heap: &u32) -> u64 { u64::from(*heap).wrapping_mul(0x9E37_79B9_7F4A_7C15) }
//! }
//!
//! let config = EnhancedConfig::default().with_table_bytes(1 << 16);
//! for a in EnhancedAlgorithm::ALL {
//!     let r = a.run(&Take3, &21, 12, &config).unwrap();
//!     assert_eq!(r.value, minimax(&Horizon::new(&Take3, 21, 12)), "{a}");
//!     assert_eq!(r.value, Value::new(100).unwrap()); // 21 is a win: take 1
//!     assert_eq!(r.best_move, Some(0));
//!     assert_eq!(r.per_iteration.len(), 12);
//! }
//! ```

mod order;
mod search;
mod table;

use std::fmt;
use std::str::FromStr;

use tree_core::{Game, MAX_DEPTH, Value};

pub use table::{GameTable, TableStats};

use crate::{SearchError, Window};
use order::History;
use search::Engine;

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
        }
    }
}

impl EnhancedConfig {
    /// Every enhancement off: no table, no history, no iterative deepening,
    /// no table move; the searches are then the plain algorithms in
    /// generation order (MT drivers without memory re-search everything).
    pub fn plain() -> EnhancedConfig {
        EnhancedConfig {
            table_bytes: 0,
            history: false,
            iterative_deepening: false,
            table_move: false,
            aspiration: None,
            first_guess: Value::from_small(0),
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
/// deepening).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IterationStats {
    /// The depth searched.
    pub depth: u32,
    /// The minimax value at that depth.
    pub value: Value,
    /// The best root move at that depth.
    pub best_move: Option<usize>,
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
pub struct EnhancedReport {
    /// The minimax value of the root at the depth asked for, from the point
    /// of view of the player to move at the root (= MAX of the
    /// [`Horizon`](tree_core::Horizon) tree).
    pub value: Value,
    /// The best move: an index into the root's moves whose position has
    /// the root's value; `None` at depth 0 or when the game is over.
    pub best_move: Option<usize>,
    /// Static evaluations (horizon positions and ends of the game), over
    /// all iterations.
    pub leaves: u64,
    /// Positions expanded, over all iterations.
    pub interior: u64,
    /// Searches of the root, over all iterations.
    pub passes: u32,
    /// Each iteration's value and counts, shallowest first.
    pub per_iteration: Vec<IterationStats>,
    /// What the table did, over all iterations.
    pub table: TableStats,
    /// The table's capacity in entries.
    pub table_entries: usize,
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
    ) -> Result<EnhancedReport, SearchError> {
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
/// history, move buffers), allocated once and reused by every
/// [`search`](Enhanced::search).
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
    buffers: Vec<Vec<(u64, usize)>>,
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
            buffers: Vec::new(),
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
    /// `algorithm`, with a best move and the counts.
    ///
    /// At depth 0, or if the game is over at the root, the root is
    /// evaluated once and there is no best move (one iteration is reported).
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
    ) -> Result<EnhancedReport, SearchError> {
        if depth as usize > MAX_DEPTH {
            return Err(SearchError::TooDeep {
                depth: depth as usize,
            });
        }
        self.table.new_search();
        self.history.reset(game.move_keys());
        let config = self.config;
        let mut engine = Engine {
            game,
            table: &mut self.table,
            history: &mut self.history,
            use_history: config.history,
            table_move: config.table_move,
            buffers: &mut self.buffers,
            root_pv: None,
            root_best: None,
            leaves: 0,
            interior: 0,
        };
        let mut per_iteration = Vec::new();
        if depth == 0 || game.num_moves(root) == 0 {
            let value = engine.negamax(root, 0, 0, Value::NEG_INF, Value::INF, false)?;
            per_iteration.push(IterationStats {
                depth,
                value,
                best_move: None,
                leaves: engine.leaves,
                interior: 0,
                passes: 1,
            });
        } else {
            let first = if config.iterative_deepening { 1 } else { depth };
            let mut guess = config.first_guess;
            for d in first..=depth {
                let (leaves, interior) = (engine.leaves, engine.interior);
                let (value, best_move, passes) =
                    drive(&mut engine, algorithm, &config, root, d, guess)?;
                per_iteration.push(IterationStats {
                    depth: d,
                    value,
                    best_move,
                    leaves: engine.leaves - leaves,
                    interior: engine.interior - interior,
                    passes,
                });
                engine.root_pv = best_move;
                guess = value;
            }
        }
        let last = per_iteration[per_iteration.len() - 1];
        Ok(EnhancedReport {
            value: last.value,
            best_move: last.best_move,
            leaves: engine.leaves,
            interior: engine.interior,
            passes: per_iteration.iter().map(|i| i.passes).sum(),
            per_iteration,
            table: self.table.stats(),
            table_entries: self.table.entries(),
        })
    }
}

/// One iteration of `algorithm` at `depth` (> 0, root not over) from the
/// guess `guess`: the value, the best move and the number of root searches.
fn drive<G: Game + ?Sized>(
    e: &mut Engine<'_, G>,
    algorithm: EnhancedAlgorithm,
    config: &EnhancedConfig,
    root: &G::Position,
    depth: u32,
    guess: Value,
) -> Result<(Value, Option<usize>, u32), SearchError> {
    let (inf, neg_inf) = (Value::INF, Value::NEG_INF);
    match algorithm {
        EnhancedAlgorithm::AlphaBeta => {
            let v = e.negamax(root, depth, 0, neg_inf, inf, false)?;
            Ok((v, e.root_best, 1))
        }
        EnhancedAlgorithm::Pvs => {
            let Some(delta) = config.aspiration else {
                let v = e.negamax(root, depth, 0, neg_inf, inf, true)?;
                return Ok((v, e.root_best, 1));
            };
            let w = Window::around(guess, delta)?;
            let r = e.negamax(root, depth, 0, w.alpha(), w.beta(), true)?;
            let (a, b) = if r <= w.alpha() {
                (neg_inf, r.offset(1))
            } else if r >= w.beta() {
                (r.offset(-1), inf)
            } else {
                return Ok((r, e.root_best, 1));
            };
            let v = e.negamax(root, depth, 0, a, b, true)?;
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
                g = e.negamax(root, depth, 0, gamma.offset(-1), gamma, false)?;
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

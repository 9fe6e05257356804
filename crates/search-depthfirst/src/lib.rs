//! # search-depthfirst: the alpha-beta family and the MT drivers
//!
//! Layer: depends on `tree-core` only (and on nothing else at run time). It
//! sees a game through [`tree_core::Tree`], except the enhanced
//! searches, which need a position hash and so see a real game through
//! [`tree_core::Game`]; `search-bestfirst` and
//! `search-parallel` may use it for leaf searches and hybrids, and only the
//! command line, `xtask` and the benches see everything.
//!
//! ## What is here
//!
//! | function | source |
//! |---|---|
//! | [`minimax`], [`negamax`] | Campbell 1981, Figs. 1, 2 |
//! | [`alphabeta`] (fail-hard) | Campbell Fig. 4; Knuth & Moore 1975 |
//! | [`falphabeta`] (fail-soft) | Campbell Fig. 5; Fishburn 1980 |
//! | [`lalphabeta`], [`lalphabeta_exact`] | Campbell Fig. 6 |
//! | [`palphabeta`] | Campbell Fig. 7 |
//! | [`scout`], [`scout_test`], [`test`](fn@test) | Campbell Figs. 8, 9; Pearl 1980 |
//! | [`aspiration`] | Campbell pp. 8-9 |
//! | [`mt`], [`mt_sss`], [`mt_dual`], [`mtdf`] | Plaat, Schaeffer, Pijls & de Bruin 1996 |
//! | [`Enhanced`], [`EnhancedAlgorithm`]: alpha-beta, PVS, MTD(f), MT-SSS\*, MT-DUAL\* on a [`Game`] with iterative deepening, a [`GameTable`] and the history heuristic | Srivastava 2019, §IV; Schaeffer 1989; Plaat et al. 1996 ([below](#the-enhanced-searches)) |
//!
//! and [`Algorithm`], which names each of them for a command line or the
//! reproduction harness and runs it with default parameters:
//! [`Algorithm::run`] for the value, [`Algorithm::search`] for a
//! [`Report`] — the value, the root's best move and the principal
//! variation — under a [`SearchConfig`] (window and
//! [`Limits`](tree_core::Limits): a deadline, a leaf budget, a stop handle;
//! a search that reaches one returns [`SearchError::Stopped`] with the
//! leaves evaluated so far).
//!
//! Every item is at the crate root and the modules that hold them are
//! private (the enhanced engine included: its items are few and every user
//! names them at the root), except the test support `testgames`. No item
//! has two paths.
//!
//! Behind the `testing` feature, `testgames`: synthetic games with
//! transpositions, passes and early ends, which the workspace's tests and
//! benches share — test support, not part of the stable API.
//!
//! ## Design
//!
//! * **The figures, line by line.** Campbell writes every algorithm in the
//!   negamax framework (terminals scored from the side to move); the
//!   functions here do the same, converting a terminal's value (from MAX's
//!   point of view, as [`Tree::value`](tree_core::Tree::value) gives it) by
//!   the parity of its depth. Where the OCR of a figure is garbled or the
//!   figure is wrong as printed, the function's documentation quotes the
//!   lines and says which reading was taken. The MT family is written in
//!   MAX/MIN form, as Plaat et al. write it.
//! * **Counting at the trait boundary.** The plain functions count
//!   nothing: wrap the tree in [`tree_core::Counted`] or
//!   [`tree_core::Traced`]. To keep those counts meaningful every algorithm
//!   generates a node's children left to right, `child(p, 0)` once per
//!   expansion, and calls `value` exactly once per terminal evaluation
//!   (re-searches count again). [`Algorithm::search_counted`] counts the
//!   same two numbers `Counted` does (leaf evaluations, interior
//!   expansions) in its control, for a caller that wants them without a
//!   view of the tree in between.
//! * **Windows are values.** A [`Window`] is an open interval `(alpha,
//!   beta)` that cannot be empty; the fail-hard and fail-soft contracts are
//!   stated on each function in terms of it.
//! * **No allocation in the alpha-beta family**: the recursion holds one
//!   node per level and nothing else. The MT family keeps a fixed-size
//!   [`TranspositionTable`] that stores the searched part of the tree
//!   itself (a generic tree has no position hash, and no transpositions),
//!   with a hashed overflow area once that fills up, passed in by the
//!   caller as scratch space so it can be reused and measured.
//! * **Reporting without a cost to the baseline.** Each recursion is
//!   generic over a small control (a hook before every terminal
//!   evaluation, two when a move improves a node); the plain functions use
//!   the empty one, which compiles away (callgrind: the same instruction
//!   counts as before it existed, within 2%), and [`Algorithm::search`] the
//!   one that counts leaves against the limits (a bare count when there
//!   are none: a decrement per leaf, no test) and interior expansions, and
//!   keeps the lines, copied only at nodes of exact value, or the root's
//!   move alone.
//! * **Errors, not panics.** A tree deeper than [`tree_core::MAX_DEPTH`], a
//!   terminal valued ±∞, an empty window: every search returns
//!   [`SearchError`], and on success always the minimax value.
//! * **One `unsafe` block, measured.** The crate denies `unsafe` code but
//!   for one block: the processor's prefetch instruction (x86-64), which
//!   asks for the table buckets a node's children will probe while the
//!   node orders its moves. It reads nothing and cannot fault; it changes
//!   no result, and took 9–15% of the time off FFO #20–#39 (the enhanced
//!   table's probes were a cache miss each; `docs/OTHELLO.md`, "Prefetch,
//!   aligned buckets and the host processor").
//!
//! ## Quick start
//!
//! ```
//! use search_depthfirst::{Algorithm, SearchConfig, Window, alphabeta};
//! use tree_core::{Counted, GenSpec, Generator, Tree, minimax, minimax_at};
//!
//! let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
//! let counted = Counted::new(&tree);
//! let v = alphabeta(&counted, Window::FULL).unwrap();
//! assert_eq!(v, minimax(&tree));
//! assert!(counted.stats().leaves < 4096);
//!
//! for a in Algorithm::ALL {
//!     assert_eq!(a.run(&tree), Ok(v), "{}", a.description());
//! }
//!
//! // The best move and the principal variation (1-based when printed).
//! let r = Algorithm::Scout.search(&tree, &SearchConfig::new()).unwrap();
//! assert_eq!(r.value, v);
//! assert_eq!(r.pv.depth(), 6);
//! assert_eq!(r.best, Some(usize::from(r.pv.digits()[0])));
//! // Every move of the line leads to a position of the root's value.
//! let mut node = tree.root();
//! for (ply, &i) in r.pv.digits().iter().enumerate() {
//!     node = tree.child(&node, usize::from(i));
//!     assert_eq!(minimax_at(&tree, &node, ply % 2 == 1), v);
//! }
//! ```
//!
//! A real game searched with the enhancements (here one-heap Nim, whose
//! different orders of the same moves reach the same position):
//!
//! ```
//! use search_depthfirst::{EnhancedAlgorithm, EnhancedConfig};
//! use tree_core::{ArrayVec, Game, Horizon, Value, minimax};
//!
//! /// Take 1, 2 or 3 from the heap; whoever cannot move loses. A position
//! /// is the heap and whether the first player is to move.
//! struct Nim;
//! impl Game for Nim {
//!     type Position = (u8, bool);
//!     type Move = u8; // how many to take
//!     type Moves = ArrayVec<u8, 3>;
//!     fn moves(&self, &(heap, _): &(u8, bool), out: &mut ArrayVec<u8, 3>) {
//!         out.clear();
//!         out.extend(1..=heap.min(3));
//!     }
//!     fn play(&self, &(heap, first): &(u8, bool), take: u8) -> (u8, bool) {
//!         (heap - take, !first)
//!     }
//!     fn evaluate(&self, &(heap, _): &(u8, bool)) -> Value {
//!         // For the player to move: lost on an empty heap, losing on a
//!         // multiple of 4.
//!         Value::new(match heap {
//!             0 => -2,
//!             h if h % 4 == 0 => -1,
//!             _ => 1,
//!         })
//!         .unwrap()
//!     }
//!     fn hash(&self, &(heap, first): &(u8, bool)) -> u64 {
//!         u64::from(heap) << 1 | u64::from(first)
//!     }
//! }
//!
//! let root = (21, true);
//! let config = EnhancedConfig::default().with_table_bytes(1 << 20);
//! let report = EnhancedAlgorithm::MtSss.run(&Nim, &root, 5, &config).unwrap();
//! assert_eq!(report.value, minimax(&Horizon::new(&Nim, root, 5)));
//! assert_eq!(report.per_iteration.len(), 5); // iterative deepening, 1..=5
//! assert!(report.table.hits > 0); // taking 1 then 2 is taking 2 then 1
//! ```
//!
//! ## The enhanced searches
//!
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
//! ### The engine
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
//! ### Why stored values need the exact depth
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
//! ### The drivers
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
//! With [`EnhancedConfig::probcut`] ([`ProbCut`]) that exact iteration is
//! preceded by selective passes: PVS searches of the root that cut
//! positions off when a shallow search scored by
//! [`Game::order_evaluate`] lies a margin beyond the window. Their bounds
//! are kept apart in the table (no exact search takes them); their best
//! moves and their value (MTD(f)'s guess) serve the exact pass, which
//! alone decides the value.
//!
//! ### Memory
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

#![deny(missing_docs)]
#![deny(unsafe_code)]

mod algorithm;
mod alphabeta;
mod aspiration;
mod control;
mod enhanced;
mod error;
mod minimax;
mod mt;
mod prefetch;
mod report;
mod scout;
// Test support: compiled for this crate's own tests and, through the
// `testing` feature, for the other crates' tests and benches.
#[cfg(any(test, feature = "testing"))]
pub mod testgames;
mod window;

pub use algorithm::{
    ASPIRATION_DELTA, ASPIRATION_GUESS, Algorithm, MTDF_FIRST_GUESS, UnknownAlgorithm,
};
pub use alphabeta::{alphabeta, falphabeta, lalphabeta, lalphabeta_exact};
pub use aspiration::aspiration;
pub use enhanced::{
    Enhanced, EnhancedAlgorithm, EnhancedConfig, EnhancedReport, GameTable, HintEval,
    IterationStats, MAX_PROBCUT_PASSES, ProbCut, SharedTable, SplitJob, Splitter, TableStats,
    UnknownEnhancedAlgorithm, Worker,
};
pub use error::SearchError;
pub use minimax::{minimax, negamax};
pub use mt::{TranspositionTable, TtEntry, mt, mt_dual, mt_sss, mtdf};
pub use report::{Report, SearchConfig, SearchCounts};
pub use scout::{Relation, palphabeta, scout, scout_test, test};
pub use window::{Bound, Outcome, Scored, Window};

#[cfg(doc)]
use tree_core::Game;

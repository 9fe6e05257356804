//! # search-depthfirst: the alpha-beta family and the MT drivers
//!
//! Layer: depends on `tree-core` only (and on nothing else at run time). It
//! sees a game through [`tree_core::Tree`], except the [`enhanced`]
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
//! | [`Enhanced`], [`EnhancedAlgorithm`]: alpha-beta, PVS, MTD(f), MT-SSS\*, MT-DUAL\* on a [`Game`](tree_core::Game) with iterative deepening, a [`GameTable`] and the history heuristic | Srivastava 2019, §IV; Schaeffer 1989; Plaat et al. 1996 (module [`enhanced`]) |
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
//! * **Counting at the trait boundary.** No algorithm counts anything: wrap
//!   the tree in [`tree_core::Counted`] or [`tree_core::Traced`]. To keep
//!   those counts meaningful every algorithm generates a node's children
//!   left to right, `child(p, 0)` once per expansion, and calls `value`
//!   exactly once per terminal evaluation (re-searches count again).
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
//!   one that counts leaves against the limits and keeps the lines, copied
//!   only at nodes of exact value.
//! * **Errors, not panics.** A tree deeper than [`tree_core::MAX_DEPTH`], a
//!   terminal valued ±∞, an empty window: every search returns
//!   [`SearchError`], and on success always the minimax value.
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

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod algorithm;
mod alphabeta;
mod aspiration;
mod control;
pub mod enhanced;
mod error;
mod minimax;
mod mt;
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
    Enhanced, EnhancedAlgorithm, EnhancedConfig, EnhancedReport, GameTable, IterationStats,
    SharedTable, SplitJob, Splitter, TableStats, UnknownEnhancedAlgorithm, Worker,
};
pub use error::SearchError;
pub use minimax::{minimax, negamax};
pub use mt::{TranspositionTable, TtEntry, mt, mt_dual, mt_sss, mtdf};
pub use report::{Report, SearchConfig};
pub use scout::{Relation, palphabeta, scout, scout_test, test};
pub use window::{Bound, Outcome, Scored, Window};

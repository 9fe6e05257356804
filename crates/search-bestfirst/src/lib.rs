//! # search-bestfirst: the SSS* family under a memory budget
//!
//! Layer: depends on `tree-core`, and on `search-depthfirst` for the
//! hybrids and leaf searches; only the CLI, `xtask` and the benches depend on
//! it.
//!
//! Every algorithm here stores its OPEN list in storage allocated before
//! the search for the caller's budget M — one array, or for SSS\*,
//! its relatives and IterSSS\* the blocks of the AND/OR tree OPEN is the
//! frontier of — counted in entries as the papers count them (bytes are
//! reported too, see [`Memory`]). No search holds more entries than its
//! budget, and a budget below the algorithm's minimum on the given tree is
//! refused up front with [`BestFirstError::BudgetTooSmall`] stating that
//! minimum.
//! Every search reports its peak OPEN occupancy in its [`Outcome`].
//!
//! # Best move and principal variation
//!
//! Every [`Outcome`] names the root's best move, a child whose minimax
//! value is the root's (tested against the oracle on the corpus, for
//! every algorithm, tie rule, stage depth, slab height and budget), found
//! where the search decides the root, at no cost per node:
//!
//! * SSS\* in its three tie rules, aspiration SSS\*, staged SSS\*, SAB/SA2/SA4
//!   and IterSSS\* with a budget of b^⌈d/2⌉ or more (the Γ operator): the
//!   child whose solution solved the root (case 1). A state solved below
//!   the merit it was stacked with has exactly that value, so the child is
//!   exact; after an aspiration fail-high it is the child that reached the
//!   bound, after a fail-low there is none;
//! * Dual\* (the root is an OR node there): the last child whose solution
//!   lowered the root's merit;
//! * IterSSS\* below b^⌈d/2⌉: the MIN son whose solution solved the root;
//! * ABS/AS2/AS4: the last child that raised alpha-beta's alpha at the root;
//! * RecSSS\*, MemSSS\* at every budget: the root block's leftmost highest
//!   entry when the root is solved (or the best of the root's sons when
//!   they are searched in one go); RecDual\* and MemDual\* at its maximum:
//!   the real root's son below which its merit last fell;
//! * QuickGame, QG1–3 and MGame: the son whose solution last raised the
//!   root's r.
//!
//! MemDual\* below its maximum reports no move: an activation can raise the
//! real root's merit again, so the son below which it last fell is not
//! known to be exact.
//!
//! The principal variation is that move alone. Below the root these
//! searches keep no line: a child's line in SSS\* is the path to the
//! terminal whose evaluation last lowered the merit along the chain of
//! states that solved it, which would have to be copied into every state
//! (or slot, block entry, frame) at every terminal that lowers a merit —
//! work in the hot loop at nearly every evaluation, against the searches'
//! measured cost per node (`docs/OVERHEAD.md`, `docs/OVERHEAD-SSS.md`).
//!
//! # One shape per engine
//!
//! Every search module has the same shape, as `regex-automata`'s engines
//! do: a `Config` (the budget `memory`, the `shape` for trees that do not
//! report one, the module's own parameters, and `limits`), a `search(tree,
//! &Config)`, a `minimum(bounds, &Config)` — the least OPEN budget it
//! accepts on trees of that shape — and a `maximum` where more memory than
//! the minimum can be used, and `search_in(tree, &Config, &mut Cache)`
//! where the search allocates scratch space worth keeping between
//! searches (SSS\*'s Γ arena, the OPEN arrays of RecSSS\*, MemSSS\* and
//! MGame, QuickGame's frame stack, IterSSS\*'s arena): the same outcome as
//! `search`, its peak this search's. The modules:
//!
//! * [`sss`] — SSS\* in its three tie rules ([`Variant`]), Dual\*
//!   (`dual: true`), aspiration SSS\* (a window in the `Config`);
//! * [`hybrid`] — staged SSS\* and Campbell's SSS\*/alpha-beta hybrids, one
//!   [`hybrid::Kind`] each;
//! * [`quickgame`] — QuickGame and QG1–3, one [`quickgame::Variant`] each;
//! * [`recsss`] — RecSSS\* and RecDual\* (`dual: true`);
//! * [`memsss`] — MemSSS\*(M) and MemDual\*(M) (`dual: true`);
//! * [`itersss`] — IterSSS\*(M);
//! * [`mgame`] — MGame(searchd).
//!
//! A dual is always `dual: true` in its primal's `Config`, never a module
//! of its own. The crate root holds what they share: [`Outcome`],
//! [`Memory`], [`BestFirstError`], [`Variant`], and the registry
//! [`Algorithm`] (every search by its command-line name) with its
//! [`Options`], from which it builds the module's `Config` — refusing, with
//! [`BestFirstError::NotTaken`], an option the algorithm does not take.
//!
//! # Limits
//!
//! Every `Config` has `limits` (a deadline, a leaf budget, a stop handle;
//! none by default), as [`Options::limits`] does for [`Algorithm::run`]: a
//! search stopped by one returns [`BestFirstError::Stopped`] with the
//! leaves evaluated and the time taken; a leaf budget is exact. A limited
//! search runs the same code on a view of the tree that meters its
//! terminal evaluations (see `limited.rs`), so the unlimited path is
//! unchanged.
//!
//! Counting of leaves and expansions is done by wrapping the tree in
//! [`tree_core::Counted`] or [`tree_core::Traced`], as for every search in
//! the workspace.
//!
//! ## Quick start
//!
//! ```
//! use search_bestfirst::memsss;
//! use tree_core::{GenSpec, Generator, Tree, minimax};
//!
//! let tree = GenSpec::new(Generator::STRONG, 4, 6, 1, 0).build()?;
//! let shape = tree.bounds().expect("generated trees know their shape");
//! let config = memsss::Config::default();
//! // MemSSS* within the smallest budget it accepts, then with a larger one.
//! for memory in [memsss::minimum(shape, &config)?, 40] {
//!     let out = memsss::search(&tree, &config.clone().with_memory(memory))?;
//!     assert_eq!(out.value, minimax(&tree));
//!     assert!(out.memory.peak <= memory);
//!     println!("M = {memory}: value {}, peak OPEN {}", out.value, out.memory.peak);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod algorithm;
mod blocks;
mod dual_view;
mod error;
pub mod hybrid;
pub mod itersss;
mod limited;
pub mod memsss;
pub mod mgame;
mod open;
pub mod quickgame;
pub mod recsss;
mod shape;
pub mod sss;
mod tally;

pub use algorithm::{Algorithm, Options, UnknownAlgorithm};
pub use error::BestFirstError;
pub use open::{Memory, Outcome};
pub use sss::config::Variant;

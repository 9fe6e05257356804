//! # tree-core: game trees for minimax search
//!
//! The bottom layer of the workspace. It knows nothing about search; every
//! algorithm crate (`search-depthfirst`, `search-bestfirst`,
//! `search-parallel`) depends on it and on nothing above it. It depends on
//! no workspace crate, only on `rand_xoshiro` (generators), `smallvec`
//! (Dewey codes) and `arrayvec` (fixed-capacity move buffers).
//!
//! ## Quick start
//!
//! ```
//! use tree_core::{Counted, ExplicitTree, GenSpec, Generator, Tree, minimax};
//!
//! // A tree in the nested text form: the root (MAX) has two MIN children.
//! let tree = ExplicitTree::parse("[[3,[5,2]],[[6,1],4]]")?;
//! assert_eq!(minimax(&tree).get(), 4); // max(min(3, max(5, 2)), min(max(6, 1), 4))
//!
//! // A lazily generated uniform (3,4) tree; `Counted` counts what a search
//! // examines (here the oracle, which examines every leaf).
//! let generated = Counted::new(GenSpec::new(Generator::RANDOM, 3, 4, 7, 0).build()?);
//! let value = minimax(&generated);
//! assert_eq!(generated.stats().leaves, 81);
//! println!("value {value}, {} leaves", generated.stats().leaves);
//! # Ok::<(), tree_core::TreeError>(())
//! ```
//!
//! ## Key types
//!
//! * [`Tree`]: the one trait a game implements — root, number of children
//!   (0 = terminal), i-th child, static value from MAX's point of view. The
//!   root is MAX; MAX and MIN alternate by depth. Nodes are an associated
//!   type, cloned into best-first OPEN arrays, so trees keep them small.
//! * [`Game`] and [`Horizon`]: a real game's rules (moves generated once
//!   into a [`MoveBuffer`], play, static evaluation for the player to move,
//!   position hash; optionally move keys for the history heuristic, move
//!   names, a bound on the plies left, ordering hints and an endgame
//!   solver) for enhanced searches, and the [`Tree`] of a game searched to
//!   a fixed depth from a position.
//! * [`Value`]: an `i32` with ±∞ sentinels no leaf can take.
//! * [`Dewey`]: a node's path from the root, inline up to depth 16, ordered
//!   left to right, printed 1-based as in the papers (`211211`).
//! * [`ExplicitTree`]: every node in memory — uniform leaf lists, the nested
//!   text form `[[4,[[5,5],[5,5]]]]`, Campbell's tree files.
//! * [`GeneratedTree`]: lazy, deterministic trees from a [`GenSpec`]
//!   (generator, b, d, seed, index): i.i.d. random, Campbell's `gen`,
//!   top-down random/strong (Bhattacharya & Bagchi 1996), Korf/Fuller edge sums, perfect
//!   ordering. A (10,7) tree is never materialised.
//! * [`HashTree`]: the cheapest uniform random tree (a node is its path hash
//!   and depth), for measuring what a search costs per node by itself.
//! * [`Counted`] and [`Traced`]: wrappers that measure any search at the
//!   trait boundary — leaf evaluations, expansions, generated nodes, and the
//!   evaluation order as Dewey codes.
//! * [`LeafCost`]: a wrapper that adds a fixed amount of work ([`spin`]) to
//!   every leaf evaluation, for timing searches at a stated leaf cost.
//! * [`Limits`], [`Meter`], [`StopHandle`], [`Stopped`]: the deadline, leaf
//!   budget and cancellation every search takes, and the meter it counts
//!   leaves with.
//! * [`minimax`]: the oracle every algorithm is tested against.
//! * [`forward_tree!`], [`forward_game!`]: a wrapper's methods that call the
//!   wrapped tree's or game's; [`display_by_name!`]: `Display` as `name()`,
//!   [`from_str_by_name!`]: `FromStr` by it.
//! * [`worked`]: the papers' worked-example trees.
//!
//! Behind the `testing` feature, `corpus`: the random trees every
//! algorithm's tests share and the checks of a search's best move and
//! principal variation — test support, not part of the stable API.
//!
//! ## Paths
//!
//! Every item a user names is at the crate root (the modules that hold them
//! are private), except the two modules whose items are kept apart from the
//! root on purpose: [`worked`] (the papers' example trees) and the test
//! support `corpus`. No item has two paths.
//!
//! ## Design choices
//!
//! Counting lives in wrappers, not in the algorithms, so every algorithm is
//! measured the same way and cannot miscount. Generated trees derive every
//! node from a hash of its path, so a node costs O(1) to produce in any
//! order and on any thread, which parallel searches and lazily-built (10,7)
//! trees need. Errors are one hand-written enum, [`TreeError`].

#![deny(missing_docs)]
#![forbid(unsafe_code)]

// Test support: compiled for this crate's own tests and, through the
// `testing` feature, for the other crates' tests, benches and examples.
#[cfg(any(test, feature = "testing"))]
pub mod corpus;
mod counted;
mod dewey;
mod error;
mod explicit;
mod game;
mod generate;
mod hashtree;
mod leafcost;
mod limits;
mod names;
mod subtree;
mod tree;
mod value;
pub mod worked;

/// The fixed-capacity vector a [`Game`] may use as its move buffer (the
/// `arrayvec` crate's, re-exported so that games need not depend on it).
pub use arrayvec::ArrayVec;
pub use counted::{Counted, Stats, Traced, TracedNode};
pub use dewey::{Dewey, DeweyParseError, INLINE_DEPTH};
pub use error::{TreeError, leaf_count};
pub use explicit::{ExplicitTree, MAX_BRANCHING, MAX_EXPLICIT_NODES};
pub use game::{Game, Horizon, HorizonNode, MoveBuffer};
pub use generate::{
    BestChild, Gap, GenNode, GenSpec, GeneratedTree, Generator, GeneratorParseError, Quarter,
    RootScore,
};
pub use hashtree::{HashNode, HashTree, OrderedHashTree, OrderedNode, mix64};
pub use leafcost::{LeafCost, spin};
pub use limits::{Limits, Meter, StopHandle, StopReason, Stopped};
pub use subtree::Subtree;
pub use tree::{Bounds, MAX_DEPTH, Tree, minimax, minimax_at};
pub use value::{Value, ValueError};

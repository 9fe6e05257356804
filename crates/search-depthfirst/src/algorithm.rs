//! Every algorithm of the crate by name: what a command line or a
//! reproduction harness calls.

use std::fmt;
use std::str::FromStr;

use tree_core::{Tree, Value};

use crate::{SearchError, TranspositionTable, Window};

/// The first guess [`Algorithm::Aspiration`] uses: 0, the root value of the
/// top-down and perfectly ordered generated trees.
pub const ASPIRATION_GUESS: Value = Value::from_small(0);

/// The half-width [`Algorithm::Aspiration`] uses: 100, the largest gap
/// between siblings in the default top-down and perfectly ordered generated
/// trees. On other trees the first search may well fail; the second always
/// finds the value.
pub const ASPIRATION_DELTA: u32 = 100;

/// The first guess [`Algorithm::Mtdf`] uses.
pub const MTDF_FIRST_GUESS: Value = Value::from_small(0);

/// A depth-first algorithm of this crate, with default parameters.
///
/// ```
/// use search_depthfirst::Algorithm;
/// use tree_core::{ExplicitTree, Value};
/// let t: ExplicitTree = "[[4,[[5,5],[5,5]]]]".parse().unwrap();
/// for a in Algorithm::ALL {
///     assert_eq!(a.run(&t), Ok(Value::new(4).unwrap()), "{a}");
///     assert_eq!(a.name().parse::<Algorithm>(), Ok(*a));
/// }
/// assert!("sss".parse::<Algorithm>().unwrap_err().to_string().contains("mt-sss"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// [`minimax`](crate::minimax): Campbell Fig. 1.
    Minimax,
    /// [`negamax`](crate::negamax): Campbell Fig. 2.
    Negamax,
    /// [`alphabeta`](crate::alphabeta) with the full window: Campbell Fig. 4.
    AlphaBeta,
    /// [`falphabeta`](crate::falphabeta) with the full window: Campbell Fig. 5.
    FAlphaBeta,
    /// [`lalphabeta_exact`](crate::lalphabeta_exact): Campbell Fig. 6 with
    /// the full window and a re-search of a failing-high last move.
    LAlphaBeta,
    /// [`palphabeta`](crate::palphabeta): Campbell Fig. 7.
    PAlphaBeta,
    /// [`scout`](crate::scout): Campbell Fig. 8.
    Scout,
    /// [`scout_test`](crate::scout_test): Campbell Fig. 8 with TEST, Fig. 9.
    ScoutTest,
    /// [`aspiration`](crate::aspiration) with [`ASPIRATION_GUESS`] and
    /// [`ASPIRATION_DELTA`]: Campbell pp. 8-9.
    Aspiration,
    /// [`mt_sss`](crate::mt_sss): Plaat et al. 1996.
    MtSss,
    /// [`mt_dual`](crate::mt_dual): Plaat et al. 1996.
    MtDual,
    /// [`mtdf`](crate::mtdf) with [`MTDF_FIRST_GUESS`]: Plaat et al. 1996.
    Mtdf,
}

impl Algorithm {
    /// Every algorithm, in the order above.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::FAlphaBeta,
        Algorithm::LAlphaBeta,
        Algorithm::PAlphaBeta,
        Algorithm::Scout,
        Algorithm::ScoutTest,
        Algorithm::Aspiration,
        Algorithm::MtSss,
        Algorithm::MtDual,
        Algorithm::Mtdf,
    ];

    /// The command-line name: `minimax`, `negamax`, `alphabeta`,
    /// `falphabeta`, `lalphabeta`, `palphabeta`, `scout`, `scout-test`,
    /// `aspiration`, `mt-sss`, `mt-dual`, `mtdf`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::FAlphaBeta => "falphabeta",
            Algorithm::LAlphaBeta => "lalphabeta",
            Algorithm::PAlphaBeta => "palphabeta",
            Algorithm::Scout => "scout",
            Algorithm::ScoutTest => "scout-test",
            Algorithm::Aspiration => "aspiration",
            Algorithm::MtSss => "mt-sss",
            Algorithm::MtDual => "mt-dual",
            Algorithm::Mtdf => "mtdf",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax, every node (Campbell 1981, Fig. 1)",
            Algorithm::Negamax => "negamax, every node (Campbell 1981, Fig. 2)",
            Algorithm::AlphaBeta => {
                "fail-hard alpha-beta, full window (Campbell 1981, Fig. 4; Knuth & Moore 1975)"
            }
            Algorithm::FAlphaBeta => {
                "fail-soft alpha-beta, full window (Campbell 1981, Fig. 5; Fishburn 1980)"
            }
            Algorithm::LAlphaBeta => {
                "last move with minimal window, re-searched if it fails high (Campbell 1981, Fig. 6; Fishburn 1980)"
            }
            Algorithm::PAlphaBeta => {
                "principal-variation alpha-beta (Campbell 1981, Fig. 7; Fishburn 1980)"
            }
            Algorithm::Scout => {
                "SCOUT with minimal-window alpha-beta tests (Campbell 1981, Fig. 8; Pearl 1980)"
            }
            Algorithm::ScoutTest => "SCOUT with TEST (Campbell 1981, Figs. 8-9; Pearl 1980)",
            Algorithm::Aspiration => {
                "aspiration fail-soft alpha-beta, window (-100, 100), one re-search (Campbell 1981, pp. 8-9)"
            }
            Algorithm::MtSss => {
                "SSS* as MT calls from +inf (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
            Algorithm::MtDual => {
                "DUAL* as MT calls from -inf (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
            Algorithm::Mtdf => {
                "MTD(f) from first guess 0 (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
        }
    }

    /// Whether the algorithm keeps a transposition table (memory grows with
    /// the nodes searched); the others use only the recursion stack.
    pub const fn uses_table(self) -> bool {
        matches!(self, Algorithm::MtSss | Algorithm::MtDual | Algorithm::Mtdf)
    }

    /// The minimax value of `tree` by this algorithm, with the defaults
    /// above: the full window, aspiration around [`ASPIRATION_GUESS`] ±
    /// [`ASPIRATION_DELTA`], MTD(f) from [`MTDF_FIRST_GUESS`], a fresh
    /// transposition table for the MT drivers, sized for the tree by
    /// [`TranspositionTable::for_shape`].
    ///
    /// Wrap `tree` in [`tree_core::Counted`] or [`tree_core::Traced`] to
    /// measure the search.
    ///
    /// # Errors
    /// As the algorithm's function: a tree deeper than
    /// [`tree_core::MAX_DEPTH`], a terminal valued ±∞, or (MT drivers) a
    /// node with more than 65,536 children.
    pub fn run<T: Tree + ?Sized>(self, tree: &T) -> Result<Value, SearchError> {
        match self {
            Algorithm::Minimax => crate::minimax(tree),
            Algorithm::Negamax => crate::negamax(tree),
            Algorithm::AlphaBeta => crate::alphabeta(tree, Window::FULL),
            Algorithm::FAlphaBeta => crate::falphabeta(tree, Window::FULL),
            Algorithm::LAlphaBeta => crate::lalphabeta_exact(tree),
            Algorithm::PAlphaBeta => crate::palphabeta(tree),
            Algorithm::Scout => crate::scout(tree),
            Algorithm::ScoutTest => crate::scout_test(tree),
            Algorithm::Aspiration => {
                crate::aspiration(tree, ASPIRATION_GUESS, ASPIRATION_DELTA).map(|o| o.value)
            }
            Algorithm::MtSss => {
                crate::mt_sss(tree, &mut TranspositionTable::for_shape(tree.bounds()))
                    .map(|o| o.value)
            }
            Algorithm::MtDual => {
                crate::mt_dual(tree, &mut TranspositionTable::for_shape(tree.bounds()))
                    .map(|o| o.value)
            }
            Algorithm::Mtdf => crate::mtdf(
                tree,
                &mut TranspositionTable::for_shape(tree.bounds()),
                MTDF_FIRST_GUESS,
            )
            .map(|o| o.value),
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name [`Algorithm::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}' (known: ", self.name)?;
        for (k, a) in Algorithm::ALL.iter().enumerate() {
            if k > 0 {
                f.write_str(", ")?;
            }
            f.write_str(a.name())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;

    /// The exact [`name`](Algorithm::name), ASCII case-insensitively.
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownAlgorithm { name: s.to_owned() })
    }
}

//! What an SSS\* search is given: the tie rule ([`Variant`]), the
//! caller's configuration ([`SssConfig`]), the parameters of one Γ search
//! ([`Params`]: the tie rule, the chooser parity, the horizon), and the
//! OPEN these need ([`open_size`], [`minimum_memory`]).

use std::fmt;

use tree_core::Bounds;

use crate::error::BestFirstError;
use crate::open::pow;

/// The tie rule of SSS*'s OPEN list; see the [module docs](super).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Variant {
    /// Campbell's Table 11 as printed (Stockman's original ordering).
    Stockman,
    /// Campbell's left-biased cases 4 and 6 (Table 12).
    LeftBiased,
    /// Wikipedia's *SSS\**: a priority queue with left-most tie-breaking.
    #[default]
    Leftmost,
}

impl Variant {
    /// The command-line name: `sss-stockman`, `sss-left`, `sss`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Stockman => "sss-stockman",
            Variant::LeftBiased => "sss-left",
            Variant::Leftmost => "sss",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Params {
    /// SSS\*'s parameters for `algorithm` with the tie rule `variant`:
    /// choosers at even depths, values as the tree gives them, no horizon,
    /// no shape to keep to.
    pub(crate) fn sss(variant: Variant, algorithm: &'static str) -> Params {
        Params {
            variant,
            chooser_even: true,
            negate: false,
            horizon: usize::MAX,
            algorithm,
            shape: None,
        }
    }
}

/// How an SSS* search is configured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SssConfig {
    /// Tie rule.
    pub variant: Variant,
    /// OPEN budget in entries; `None` = the minimum for the tree.
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
}

impl SssConfig {
    /// A configuration with the given tie rule and the minimum budget.
    pub fn new(variant: Variant) -> SssConfig {
        SssConfig {
            variant,
            ..SssConfig::default()
        }
    }
}

/// The parameters of one Γ-operator search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Params {
    pub variant: Variant,
    /// AND (choosing) nodes are at even absolute depths (SSS*) or odd ones (Dual*).
    pub chooser_even: bool,
    /// Negate leaf values (Dual*: MIN searches for the least value).
    pub negate: bool,
    /// Relative depth at which nodes are handed to the frontier evaluator;
    /// `usize::MAX` for none.
    pub horizon: usize,
    /// Algorithm name for errors.
    pub algorithm: &'static str,
    /// A shape every node must keep to (IterSSS*'s): a node with more
    /// children, or an interior node at its depth, is an error.
    pub shape: Option<Bounds>,
}

/// The entries a Γ search of `plies` levels rooted at absolute depth
/// `root_depth` can hold at once on a tree of maximum branching `b`:
/// `b` to the number of choosing levels with children, e.g. b^⌈d/2⌉ for
/// SSS* on a (b, d) tree (Bhattacharya & Bagchi 1996, §2). Exact for uniform trees, an upper
/// bound for others.
pub(crate) fn open_size(
    algorithm: &'static str,
    b: usize,
    plies: usize,
    root_depth: usize,
    chooser_even: bool,
) -> Result<usize, BestFirstError> {
    let choosers = (root_depth..root_depth + plies)
        .filter(|t| (t % 2 == 0) == chooser_even)
        .count();
    pow(algorithm, b.max(1), choosers)
}

/// The minimum OPEN budget of plain SSS* (or Dual* with `dual`) on a tree of
/// this shape: b^⌈d/2⌉ (b^⌊d/2⌋ for Dual*).
///
/// # Errors
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn minimum_memory(bounds: Bounds, dual: bool) -> Result<usize, BestFirstError> {
    open_size("SSS*", bounds.branching, bounds.depth, 0, !dual)
}

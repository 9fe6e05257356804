//! What an SSS\* search is given: the tie rule ([`Variant`]), the
//! caller's configuration ([`Config`]), the parameters of one Γ search
//! ([`Params`]: the tie rule, the chooser parity, the horizon), and the
//! OPEN these need ([`open_size`], [`minimum`]).

use tree_core::{Bounds, Limits, Value};

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

tree_core::display_by_name!(Variant);

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

/// How an SSS\* search is configured: the tie rule, the budget, the
/// shape, Dual\* or not, the aspiration window and the limits.
///
/// ```
/// use search_bestfirst::{Variant, sss};
/// use tree_core::Value;
/// let c = sss::Config::new(Variant::Stockman);
/// assert_eq!((c.variant, c.memory, c.dual), (Variant::Stockman, None, false));
/// assert_eq!((c.lower, c.upper), (Value::NEG_INF, Value::INF));
/// assert!(c.limits.is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Config {
    /// Tie rule.
    pub variant: Variant,
    /// OPEN budget in entries; `None` = the minimum for the tree.
    pub memory: Option<usize>,
    /// The tree's shape, if the tree does not report it.
    pub shape: Option<Bounds>,
    /// Dual\*: SSS\* on the dual tree (Marsland et al. 1987), OPEN sized
    /// b^⌊d/2⌋. Takes no aspiration window.
    pub dual: bool,
    /// The aspiration window's lower bound (Campbell p. 16): −∞ by default.
    pub lower: Value,
    /// The aspiration window's upper bound (Campbell p. 16, Figs. 17–18):
    /// +∞ by default.
    pub upper: Value,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            variant: Variant::default(),
            memory: None,
            shape: None,
            dual: false,
            lower: Value::NEG_INF,
            upper: Value::INF,
            limits: Limits::none(),
        }
    }
}

impl Config {
    /// A configuration with the given tie rule, the minimum budget, the
    /// full window and no limits.
    pub fn new(variant: Variant) -> Config {
        Config {
            variant,
            ..Config::default()
        }
    }

    crate::open::with_memory!();

    /// The window `(lower, upper)`, checked: `lower < upper`, and the full
    /// window for Dual\*.
    pub(crate) fn window(&self) -> Result<(Value, Value), BestFirstError> {
        if self.lower >= self.upper {
            return Err(BestFirstError::InvalidParameter {
                name: "window",
                message: format!(
                    "the lower bound {} must be below the upper bound {}",
                    self.lower, self.upper
                ),
            });
        }
        if self.dual && (self.lower, self.upper) != (Value::NEG_INF, Value::INF) {
            return Err(BestFirstError::InvalidParameter {
                name: "window",
                message: "Dual* takes no aspiration window".into(),
            });
        }
        Ok((self.lower, self.upper))
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
    // The plies t in root_depth..root_depth + plies whose parity is the
    // chooser's, counted without walking them (a depth may be usize::MAX).
    let first = usize::from(root_depth.is_multiple_of(2) != chooser_even);
    let choosers = plies.saturating_sub(first).div_ceil(2);
    pow(algorithm, b.max(1), choosers)
}

/// The minimum OPEN budget of SSS\* (of Dual\* with [`Config::dual`]) on a
/// tree of this shape: b^⌈d/2⌉ (b^⌊d/2⌋ for Dual\*), whatever the tie rule
/// and the window. SSS\*'s OPEN has one size: this is also its maximum.
///
/// ```
/// use search_bestfirst::sss;
/// use tree_core::{Bounds, Limits, Value};
/// let dual = sss::Config { dual: true, ..sss::Config::default() };
/// assert_eq!(sss::minimum(Bounds::uniform(3, 5), &sss::Config::default()), Ok(27));
/// assert_eq!(sss::minimum(Bounds::uniform(3, 5), &dual), Ok(9));
/// ```
///
/// # Errors
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    crate::shape::check_bounds(bounds)?;
    full_size(bounds, cfg.dual)
}

/// b^⌈d/2⌉ (b^⌊d/2⌋ with `dual`): the OPEN of SSS\* (Dual\*) on this shape.
pub(crate) fn full_size(bounds: Bounds, dual: bool) -> Result<usize, BestFirstError> {
    open_size("SSS*", bounds.branching, bounds.depth, 0, !dual)
}

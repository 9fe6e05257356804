//! What an IterSSS\* search is given and what it reports besides its
//! value: the configuration ([`Config`]), the least and largest budgets
//! ([`minimum`], [`maximum`]) and the counts of its types ([`Counts`]).

use tree_core::{Bounds, Limits};

use crate::error::BestFirstError;
use crate::shape::check_levels;

/// The algorithm's name in errors.
pub(super) const NAME: &str = "IterSSS*";

/// How an IterSSS\* search is configured (Bhattacharya & Bagchi 1996, §2).
///
/// ```
/// use search_bestfirst::itersss;
/// let cfg = itersss::Config::default().with_memory(13);
/// assert_eq!((cfg.memory, cfg.shape), (Some(13), None));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// The budget M, in OPEN entries; `None` = [`minimum`].
    pub memory: Option<usize>,
    /// The tree's shape (maximum branching, depth), if the tree does not
    /// report it or a different bound is wanted.
    pub shape: Option<Bounds>,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns
    /// [`BestFirstError::Stopped`].
    pub limits: Limits,
}

impl Config {
    crate::open::with_memory!();
}

/// What one IterSSS\* search did with its types (Bhattacharya & Bagchi 1996, §2), for studies of
/// how memory is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Inactivations: a LIVE MAX node refused for lack of memory (or an
    /// activation chain that could not proceed), with everything to its
    /// right labelled INACTIVE.
    pub inactivations: u64,
    /// Activations: an INACTIVE descendant brought back into contention when
    /// a SOLVED MIN node was selected.
    pub activations: u64,
    /// Activation chains refused: inactivations (counted in
    /// `inactivations` too) where the node that could not be expanded had
    /// just been reached through activations, so that the SOLVED MIN node
    /// that started the chain was inactivated with everything to its right.
    pub refused_chains: u64,
}

/// The least budget with which IterSSS\* can search every tree of this shape
/// (Bhattacharya & Bagchi 1996, §2): **(b − 1)·⌈d/2⌉ + 1** OPEN entries, "(b − 1) inactive nodes
/// at non-terminal MAX levels and b terminal nodes" (1 for a terminal root).
/// Uniform trees need all of it. From b^⌈d/2⌉ ([`maximum`]) on, IterSSS\*
/// is SSS\*.
///
/// ```
/// use search_bestfirst::itersss::{Config, minimum};
/// use tree_core::Bounds;
/// let c = Config::default();
/// assert_eq!(minimum(Bounds::uniform(2, 6), &c), Ok(4));
/// assert_eq!(minimum(Bounds::uniform(4, 10), &c), Ok(16));
/// assert_eq!(minimum(Bounds::uniform(6, 8), &c), Ok(21));
/// assert_eq!(minimum(Bounds::uniform(5, 0), &c), Ok(1));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for a branching of 0 with a depth
/// above 0, [`BestFirstError::TreeShape`] for a depth above [`MAX_DEPTH`](tree_core::MAX_DEPTH),
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    let _ = cfg;
    least(bounds)
}

/// The largest budget IterSSS\* can use on a tree of this shape: b^⌈d/2⌉
/// (at least [`minimum`]), from which on it never holds anything back and
/// is SSS\* with the left-most tie rule, step for step.
///
/// ```
/// use search_bestfirst::itersss::{Config, maximum};
/// use tree_core::Bounds;
/// assert_eq!(maximum(Bounds::uniform(2, 6), &Config::default()), Ok(8));
/// ```
///
/// # Errors
/// As [`minimum`].
pub fn maximum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    Ok(crate::sss::full_size(bounds, false)?.max(minimum(bounds, cfg)?))
}

/// [`minimum`], which depends on the shape alone.
pub(super) fn least(bounds: Bounds) -> Result<usize, BestFirstError> {
    check_levels(NAME, bounds)?;
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    if d == 0 {
        return Ok(1);
    }
    (b - 1)
        .checked_mul(d.div_ceil(2))
        .and_then(|m| m.checked_add(1))
        .ok_or(BestFirstError::TooLarge { algorithm: NAME })
}

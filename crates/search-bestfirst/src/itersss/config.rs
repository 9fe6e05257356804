//! What an IterSSS\* search is given and what it reports besides its
//! value: the configuration ([`IterConfig`]), the least budget
//! ([`itersss_minimum`]) and the counts of its types ([`IterCounts`]).

use tree_core::Bounds;

use crate::error::BestFirstError;
use crate::shape::check_levels;

/// The algorithm's name in errors.
pub(super) const NAME: &str = "IterSSS*";

/// How an IterSSS\* search is configured (Bhattacharya & Bagchi 1996, §2).
///
/// ```
/// use search_bestfirst::IterConfig;
/// let cfg = IterConfig { memory: Some(13), ..IterConfig::default() };
/// assert_eq!(cfg.shape, None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IterConfig {
    /// The budget M, in OPEN entries; `None` = [`itersss_minimum`].
    pub memory: Option<usize>,
    /// The tree's shape (maximum branching, depth), if the tree does not
    /// report it or a different bound is wanted.
    pub shape: Option<Bounds>,
}

/// What one IterSSS\* search did with its types (Bhattacharya & Bagchi 1996, §2), for studies of
/// how memory is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct IterCounts {
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
/// Uniform trees need all of it. From b^⌈d/2⌉
/// ([`minimum_memory`](crate::sss::minimum_memory)`(bounds, false)`) on, IterSSS\* is SSS\*.
///
/// ```
/// use search_bestfirst::itersss_minimum;
/// use tree_core::Bounds;
/// assert_eq!(itersss_minimum(Bounds::uniform(2, 6)), Ok(4));
/// assert_eq!(itersss_minimum(Bounds::uniform(4, 10)), Ok(16));
/// assert_eq!(itersss_minimum(Bounds::uniform(6, 8)), Ok(21));
/// assert_eq!(itersss_minimum(Bounds::uniform(5, 0)), Ok(1));
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for a branching of 0 with a depth
/// above 0, [`BestFirstError::TreeShape`] for a depth above [`MAX_DEPTH`](tree_core::MAX_DEPTH),
/// [`BestFirstError::TooLarge`] if it overflows.
pub fn itersss_minimum(bounds: Bounds) -> Result<usize, BestFirstError> {
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

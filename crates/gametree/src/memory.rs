//! [`minimum_memory`] and [`maximum_memory`]: one spelling of every
//! budgeted search's memory rule.

use search_bestfirst::{Algorithm as BestFirst, Options};
use tree_core::{Bounds, Limits};

use crate::engine::Engine;
use crate::{Algorithm, Config};

/// The least memory budget, in OPEN entries, `algorithm` accepts on a
/// tree of shape `bounds` with its default parameters (stage depth 2,
/// slab height 2, each algorithm's odd-depth leaf search); `None` for an
/// algorithm that takes no budget (see [`Algorithm::takes_memory`]), or
/// when the figure does not fit in a `usize` or the shape is beyond what
/// the algorithm supports (a depth over [`tree_core::MAX_DEPTH`]).
///
/// A budget below it is refused with an error that states it; an unset
/// budget ([`Config::memory`]) is it, for every algorithm but MemSSS\* and
/// MemDual\*, whose default is their maximum.
///
/// ```
/// use gametree::{Algorithm, Config, maximum_memory, minimum_memory, search};
/// use tree_core::{Bounds, GenSpec, Generator};
///
/// let shape = Bounds::uniform(4, 6);
/// assert_eq!(minimum_memory(Algorithm::Sss, shape), Some(64)); // b^⌈d/2⌉
/// assert_eq!(minimum_memory(Algorithm::AlphaBeta, shape), None);
/// let least = minimum_memory(Algorithm::MemSss, shape).unwrap();
/// let most = maximum_memory(Algorithm::MemSss, shape).unwrap();
/// assert!(least < most);
/// let tree = GenSpec::new(Generator::RANDOM, 4, 6, 3, 0).build()?;
/// let report = search(Algorithm::MemSss, &tree, &Config::default().memory(least))?;
/// assert!(report.peak_memory.unwrap() <= least);
/// assert!(search(Algorithm::MemSss, &tree, &Config::default().memory(least - 1)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn minimum_memory(algorithm: Algorithm, bounds: Bounds) -> Option<usize> {
    minimum_memory_for(algorithm, bounds, &Config::default())
}

/// The largest memory budget, in OPEN entries, `algorithm` can use on a
/// tree of shape `bounds` (more changes nothing): the minimum for the
/// searches whose OPEN has one size, RecSSS\*'s size for MemSSS\* (and
/// RecDual\*'s for MemDual\*), b^⌈d/2⌉ for IterSSS\*. `None` as for
/// [`minimum_memory`].
pub fn maximum_memory(algorithm: Algorithm, bounds: Bounds) -> Option<usize> {
    maximum_memory_for(algorithm, bounds, &Config::default())
}

/// [`minimum_memory`] with the parameters of `config` (its stage depth,
/// slab height, odd-depth leaf search).
pub fn minimum_memory_for(algorithm: Algorithm, bounds: Bounds, config: &Config) -> Option<usize> {
    budget(algorithm, config, |a, options| {
        a.minimum_memory(bounds, options).ok()
    })
}

/// [`maximum_memory`] with the parameters of `config`.
pub fn maximum_memory_for(algorithm: Algorithm, bounds: Bounds, config: &Config) -> Option<usize> {
    budget(algorithm, config, |a, options| {
        a.maximum_memory(bounds, options).ok()
    })
}

/// `rule` of `algorithm`'s engine with `config`'s best-first options, if
/// it is a best-first search.
fn budget(
    algorithm: Algorithm,
    config: &Config,
    rule: impl FnOnce(BestFirst, &Options) -> Option<usize>,
) -> Option<usize> {
    match algorithm.engine() {
        Engine::Best(a) => rule(a, &config.bestfirst(algorithm, Limits::none())),
        _ => None,
    }
}

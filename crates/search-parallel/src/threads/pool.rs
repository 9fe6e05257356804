//! The worker threads, kept between searches.
//!
//! Starting threads for every search cost tens of microseconds each, as
//! much as a whole search of a small tree. So the searches borrow their
//! threads from rayon pools that are built once and kept: one pool per
//! size; sizes up to [`KEPT_SIZES`] are kept for the life of the process
//! (at most 1 + 2 + … + 16 = 136 idle threads, asleep), and of the larger
//! sizes only the most recently used one (an older one is dropped, and its
//! threads exit once no search holds it). The tree is borrowed, not `'static`: jobs run in
//! a rayon scope (`in_place_scope`, `install`, `join`) that ends before the
//! search returns.
//!
//! No task waits for a task that has not started: the split-point
//! engine's helpers (one task per pool thread for the whole search) are
//! booked only once they run and say they are idle, and an owner waits only
//! for helpers it booked; processor-tree slaves pull successors from a
//! shared counter; a staged-SSS* worker task waits only for its master,
//! which never waits for a worker that has not started its job (it takes
//! the job back). So searches cannot deadlock whatever the pool size or the
//! number of searches sharing a pool; they only queue (a search's helper
//! task that starts late, or after the search, finds nothing to do). (A `Tree` method that itself calls [`search`](super::search)
//! from inside a search is not covered by this argument.) Panics in user
//! code are caught inside every task, so a pool never sees one and stays
//! usable after a failed search.

use std::sync::{Arc, Mutex};

use rayon::ThreadPool;

use super::error::ThreadError;

/// Pools of at most this many threads are never dropped.
pub(crate) const KEPT_SIZES: usize = 16;

/// Pools by size.
static POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// A pool of exactly `threads` threads (≥ 1), built on first use.
///
/// # Errors
/// [`ThreadError::Spawn`] if the threads cannot be started.
pub(crate) fn pool(threads: usize) -> Result<Arc<ThreadPool>, ThreadError> {
    let mut pools = POOLS.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, pool)) = pools.iter().find(|(n, _)| *n == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("search-{threads}-{i}"))
        .build()
        .map_err(|e| ThreadError::Spawn {
            message: e.to_string(),
        })?;
    let pool = Arc::new(pool);
    if threads > KEPT_SIZES {
        pools.retain(|(n, _)| *n <= KEPT_SIZES);
    }
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}

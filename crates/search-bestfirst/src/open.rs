//! OPEN storage: one array per search, sized once from the budget.

use crate::error::BestFirstError;

/// A fixed-capacity array of OPEN entries.
///
/// Allocated once for a budget of `capacity` entries (the papers' unit), it
/// never grows: [`Open::push`] on a full array is an error, not a
/// reallocation, so a search can never exceed its budget. It remembers its
/// peak occupancy, and can be [`reset`](Open::reset) and reused by the next
/// search without allocating.
#[derive(Debug, Clone)]
pub(crate) struct Open<E> {
    entries: Vec<E>,
    capacity: usize,
    peak: usize,
}

impl<E> Open<E> {
    /// An empty OPEN with room for exactly `capacity` entries.
    pub fn with_capacity(capacity: usize) -> Open<E> {
        Open {
            entries: Vec::with_capacity(capacity),
            capacity,
            peak: 0,
        }
    }

    /// Makes room for `capacity` entries, reallocating only if the current
    /// allocation is smaller, and forgets the entries and the peak.
    ///
    /// # Errors
    /// [`BestFirstError::OutOfMemory`] (naming `algorithm`) if the room
    /// cannot be allocated; the array is then empty, with room for none.
    pub fn reset(
        &mut self,
        capacity: usize,
        algorithm: &'static str,
    ) -> Result<(), BestFirstError> {
        self.entries.clear();
        self.capacity = 0;
        self.peak = 0;
        room(&mut self.entries, capacity, algorithm, capacity)?;
        self.capacity = capacity;
        Ok(())
    }

    /// Appends an entry.
    ///
    /// # Errors
    /// [`BestFirstError::BudgetTooSmall`] if the array is full, naming
    /// `algorithm` and the occupancy it needed.
    #[inline]
    pub fn push(&mut self, algorithm: &'static str, e: E) -> Result<(), BestFirstError> {
        if self.entries.len() == self.capacity {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm,
                given: self.capacity,
                minimum: self.capacity + 1,
            });
        }
        self.entries.push(e);
        self.peak = self.peak.max(self.entries.len());
        Ok(())
    }

    /// Inserts an entry at position `i`, shifting the later ones.
    ///
    /// # Errors
    /// As [`Open::push`].
    #[cfg(test)]
    pub fn insert(
        &mut self,
        algorithm: &'static str,
        i: usize,
        e: E,
    ) -> Result<(), BestFirstError> {
        if self.entries.len() == self.capacity {
            return Err(BestFirstError::BudgetTooSmall {
                algorithm,
                given: self.capacity,
                minimum: self.capacity + 1,
            });
        }
        self.entries.insert(i, e);
        self.peak = self.peak.max(self.entries.len());
        Ok(())
    }

    /// Keeps, among the entries from position `base` on, only those for
    /// which `keep` is true; entries before `base` are untouched.
    #[cfg(test)]
    pub fn retain_from(&mut self, base: usize, mut keep: impl FnMut(&E) -> bool) {
        let mut i = base;
        let mut j = base;
        while j < self.entries.len() {
            if keep(&self.entries[j]) {
                self.entries.swap(i, j);
                i += 1;
            }
            j += 1;
        }
        self.entries.truncate(i);
    }

    /// The entries, in insertion order (as far as removals preserve it).
    #[inline]
    pub fn entries(&self) -> &[E] {
        &self.entries
    }

    /// The entries, mutably.
    #[inline]
    pub fn entries_mut(&mut self) -> &mut [E] {
        &mut self.entries
    }

    /// Entries held now.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The budget, in entries.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The most entries held at once since the last reset.
    #[cfg(test)]
    fn peak(&self) -> usize {
        self.peak
    }

    /// Bytes per entry.
    pub const fn entry_bytes() -> usize {
        std::mem::size_of::<E>()
    }
}

/// What a best-first search reports besides its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Memory {
    /// The budget: OPEN entries allocated.
    pub capacity: usize,
    /// The most OPEN entries held at once.
    pub peak: usize,
    /// Bytes of one OPEN entry in this implementation.
    pub entry_bytes: usize,
}

impl Memory {
    /// The memory report of `open` after a search.
    #[cfg(test)]
    pub(crate) fn of<E>(open: &Open<E>) -> Memory {
        Memory {
            capacity: open.capacity(),
            peak: open.peak(),
            entry_bytes: Open::<E>::entry_bytes(),
        }
    }

    /// Peak bytes of OPEN.
    pub fn peak_bytes(&self) -> usize {
        self.peak * self.entry_bytes
    }

    /// Bytes allocated for OPEN.
    pub fn capacity_bytes(&self) -> usize {
        self.capacity * self.entry_bytes
    }
}

/// The result of a best-first search: the minimax value, the root's best
/// move, the principal variation as far as the algorithm knows it, and the
/// memory used.
///
/// Moves are 0-based child indices; print the [`Dewey`](tree_core::Dewey)
/// `pv` to see them 1-based, as the papers number them. What each
/// algorithm knows of the line is listed in the crate docs ("Best move and
/// principal variation").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The root's minimax value.
    pub value: tree_core::Value,
    /// The root's best move: a child whose minimax value is the root's.
    /// `None` for a terminal root, and where the algorithm does not know it
    /// (see the crate docs); after an aspiration search that failed high,
    /// the child that reached the bound, after one that failed low, `None`.
    pub best: Option<usize>,
    /// The principal variation, `best` first, every move leading to a
    /// position of the root's value; empty when `best` is `None`. The
    /// best-first searches here know only its first move (see the crate
    /// docs), so it is `best` alone.
    pub pv: tree_core::Dewey,
    /// OPEN's budget and peak.
    pub memory: Memory,
}

impl Outcome {
    /// The outcome of a search that found `value` with root move `best`.
    pub(crate) fn new(value: tree_core::Value, best: Option<usize>, memory: Memory) -> Outcome {
        let mut pv = tree_core::Dewey::root();
        if let Some(i) = best.filter(|&i| i <= usize::from(u16::MAX)) {
            pv.push(i);
        }
        Outcome {
            value,
            best,
            pv,
            memory,
        }
    }
}

/// The budget to allocate: `memory` if it is at least `minimum` (else the
/// error stating the minimum), the minimum when no budget is given.
pub(crate) fn budget(
    algorithm: &'static str,
    memory: Option<usize>,
    minimum: usize,
) -> Result<usize, BestFirstError> {
    match memory {
        Some(m) if m < minimum => Err(BestFirstError::BudgetTooSmall {
            algorithm,
            given: m,
            minimum,
        }),
        Some(m) => Ok(m),
        None => Ok(minimum),
    }
}

/// A module's `search` (its `search_in` on a new `Cache`) and, when given,
/// its `search_in` (the expression after `=`, the parameters named as
/// given), each with the doc comment given: every module's entry points
/// have these two signatures.
macro_rules! searches {
    ($(#[$doc:meta])* fn search; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn search<T: tree_core::Tree + ?Sized>(
            tree: &T,
            cfg: &Config,
        ) -> Result<$crate::open::Outcome, $crate::error::BestFirstError> {
            search_in(tree, cfg, &mut Cache::new())
        }

        $crate::open::searches!($($rest)*);
    };
    ($(#[$doc:meta])* fn search_in($tree:ident, $cfg:ident, $cache:ident) = $body:expr;) => {
        $(#[$doc])*
        pub fn search_in<T: tree_core::Tree + ?Sized>(
            $tree: &T,
            $cfg: &Config,
            $cache: &mut Cache<T::Node>,
        ) -> Result<$crate::open::Outcome, $crate::error::BestFirstError> {
            $body
        }
    };
    () => {};
}

pub(crate) use searches;

/// The `with_memory` builder of every module's `Config` (whose `memory` is
/// an `Option<usize>`).
macro_rules! with_memory {
    () => {
        /// This configuration with a budget of `entries` OPEN entries.
        #[must_use]
        pub fn with_memory(mut self, entries: usize) -> Self {
            self.memory = Some(entries);
            self
        }
    };
}

pub(crate) use with_memory;

/// The methods of RecSSS\*'s and MemSSS\*'s `Config` (fields `dual`,
/// `memory`, `odd_depth_leaf_search`): the `with_memory` builder, the
/// memory shape, the algorithm's name in errors (`$name` or, under the
/// dual view, `$dual`) and the shapes a search starts from.
macro_rules! dual_config {
    ($name:literal, $dual:literal) => {
        crate::open::with_memory!();

        /// The algorithm's memory shape on `bounds`.
        fn mem_shape(&self, bounds: tree_core::Bounds) -> crate::shape::MemShape {
            crate::shape::MemShape::of(bounds, self.dual, self.odd_depth_leaf_search)
        }

        /// The algorithm's name in errors.
        fn name(&self) -> &'static str {
            if self.dual { $dual } else { $name }
        }

        /// The algorithm's name in errors, the shape of `tree` (checked)
        /// and the memory shape on it.
        fn shapes<T: tree_core::Tree + ?Sized>(
            &self,
            tree: &T,
        ) -> Result<(&'static str, tree_core::Bounds, crate::shape::MemShape), BestFirstError> {
            let algorithm = self.name();
            let bounds = crate::shape::shape(tree, self.shape, algorithm)?;
            crate::shape::check_bounds(bounds)?;
            Ok((algorithm, bounds, self.mem_shape(bounds)))
        }
    };
}

pub(crate) use dual_config;

/// A module's `Cache` of two OPEN arrays, of entries `$entry<N>` for the
/// tree and `$entry<Option<N>>` for its dual view, allocated by the first
/// search and kept for the next; the doc comment given is the type's.
macro_rules! dual_cache {
    ($(#[$doc:meta])* $entry:ident) => {
        $(#[$doc])*
        #[derive(Debug)]
        pub struct Cache<N> {
            open: $crate::open::Open<$entry<N>>,
            dual: $crate::open::Open<$entry<Option<N>>>,
        }

        impl<N> Cache<N> {
            /// An empty cache; the first search allocates it.
            pub fn new() -> Cache<N> {
                Cache {
                    open: $crate::open::Open::with_capacity(0),
                    dual: $crate::open::Open::with_capacity(0),
                }
            }
        }

        impl<N> Default for Cache<N> {
            fn default() -> Self {
                Cache::new()
            }
        }
    };
}

pub(crate) use dual_cache;

/// `b^e` with overflow reported as [`BestFirstError::TooLarge`].
pub(crate) fn pow(algorithm: &'static str, b: usize, e: usize) -> Result<usize, BestFirstError> {
    if b <= 1 || e == 0 {
        return Ok(if e == 0 { 1 } else { b });
    }
    u32::try_from(e)
        .ok()
        .and_then(|e| b.checked_pow(e))
        .ok_or(BestFirstError::TooLarge { algorithm })
}

/// Takes the first block of the free list headed by `free` (linked through
/// `next`, ended by `u32::MAX`) for `block`, or appends it to `blocks`:
/// its index. The block arenas of SSS\* and IterSSS\* allocate so.
#[inline(always)]
pub(crate) fn reuse_or_push<B>(
    blocks: &mut Vec<B>,
    free: &mut u32,
    block: B,
    next: impl FnOnce(&B) -> u32,
) -> u32 {
    let i = *free;
    if i != u32::MAX {
        *free = next(&blocks[i as usize]);
        blocks[i as usize] = block;
        i
    } else {
        let i = blocks.len() as u32;
        blocks.push(block);
        i
    }
}

/// Makes room in `v` for `n` elements in all (reallocating only if it has
/// less), for a search of `algorithm` over `entries` OPEN entries.
///
/// # Errors
/// [`BestFirstError::OutOfMemory`] if the allocation fails (or its size
/// overflows), instead of aborting the process.
pub(crate) fn room<X>(
    v: &mut Vec<X>,
    n: usize,
    algorithm: &'static str,
    entries: usize,
) -> Result<(), BestFirstError> {
    if v.capacity() >= n {
        return Ok(());
    }
    v.try_reserve_exact(n - v.len())
        .map_err(|_| BestFirstError::OutOfMemory {
            algorithm,
            entries,
            bytes: n.saturating_mul(std::mem::size_of::<X>()),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_grows_past_its_budget() {
        let mut open = Open::with_capacity(3);
        for i in 0..3 {
            open.push("t", i).unwrap();
        }
        let e = open.push("t", 3).unwrap_err();
        assert!(e.to_string().contains("budget is 3"), "{e}");
        assert_eq!(open.peak(), 3);
        open.retain_from(1, |&e| e != 1);
        assert_eq!(open.entries(), &[0, 2]);
        open.insert("t", 1, 7).unwrap();
        assert_eq!(open.entries(), &[0, 7, 2]);
        assert!(open.insert("t", 0, 5).is_err());
        open.entries.truncate(1);
        assert_eq!(open.peak(), 3);
        let ptr = open.entries().as_ptr();
        open.reset(2, "t").unwrap();
        assert_eq!((open.len(), open.peak(), open.capacity()), (0, 0, 2));
        open.push("t", 9).unwrap();
        assert_eq!(open.entries().as_ptr(), ptr, "reset reuses the allocation");
    }
}

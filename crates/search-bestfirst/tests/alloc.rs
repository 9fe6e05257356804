//! No allocation inside the search loop: with a counting global allocator,
//! a search allocates the same number of times on a small tree as on a
//! large one (its OPEN array, once), whatever it evaluates in between.
//!
//! The one place in the workspace with `unsafe`: a global allocator must be
//! an `unsafe impl`; it only counts and forwards to the system allocator.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use search_bestfirst::{Algorithm, BestFirstError, Options, Outcome};
use tree_core::{GenSpec, Generator};

/// Counts the allocations made by the current thread (tests run in
/// parallel threads; each counts only its own).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
    static BYTES: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        let _ = BYTES.try_with(|c| c.set(c.get() + layout.size() as u64));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        let _ = BYTES.try_with(|c| c.set(c.get() + new_size as u64));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The bytes the current thread asks for while `f` runs.
fn bytes(f: impl FnOnce()) -> u64 {
    let before = BYTES.with(Cell::get);
    f();
    BYTES.with(Cell::get) - before
}

fn allocations(f: impl FnOnce()) -> u64 {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn best_first_searches_allocate_only_their_open() {
    let small = GenSpec::new(Generator::RANDOM, 3, 4, 1, 0).build().unwrap();
    let large = GenSpec::new(Generator::RANDOM, 5, 8, 1, 0).build().unwrap();
    for &a in Algorithm::ALL {
        let opts = Options::default();
        let s = allocations(|| {
            a.run(&small, &opts).unwrap();
        });
        let l = allocations(|| {
            a.run(&large, &opts).unwrap();
        });
        assert_eq!(
            s, l,
            "{a}: {s} allocations on a (3,4) tree, {l} on a (5,8) tree"
        );
        assert!(s <= 4, "{a}: {s} allocations");
    }
}

/// A budget larger than the tree can use allocates what the largest useful
/// budget allocates, never the budget: `usize::MAX` entries is no error
/// and no allocation failure.
#[test]
fn a_budget_past_what_the_tree_can_use_allocates_only_what_it_can_use() {
    let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
    let bounds = tree_core::Tree::bounds(&tree).unwrap();
    for &a in Algorithm::ALL {
        let opts = Options::default();
        let Ok(max) = a.maximum_memory(bounds, &opts) else {
            continue; // an algorithm that needs a parameter for this
        };
        let at = |memory: usize| {
            let opts = Options {
                memory: Some(memory),
                ..Options::default()
            };
            let mut value = None;
            let b = bytes(|| value = Some(a.run(&tree, &opts).unwrap().value));
            (b, value)
        };
        let (useful, v) = at(max);
        for huge in [max + 1, 1 << 40, usize::MAX] {
            let (b, w) = at(huge);
            assert_eq!(v, w, "{a} with a budget of {huge}");
            assert!(
                b <= useful,
                "{a}: {b} bytes with a budget of {huge}, {useful} with its maximum {max}"
            );
        }
    }
}

/// A search through a cache that served a search of the same size
/// allocates nothing.
#[test]
fn searches_through_a_cache_allocate_nothing_the_second_time() {
    use search_bestfirst::{memsss, mgame, recsss, sss};
    let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
    type Search<'a> = dyn FnMut() -> Result<Outcome, BestFirstError> + 'a;
    let twice = |name: &str, search: &mut Search<'_>| {
        search().unwrap();
        let n = allocations(|| drop(search().unwrap()));
        assert_eq!(n, 0, "{name}: {n} allocations the second time");
    };
    let (mut s, mut r) = (sss::Cache::new(), recsss::Cache::new());
    let (mut m, mut g) = (memsss::Cache::new(), mgame::Cache::new());
    let (sc, rc) = (sss::Config::default(), recsss::Config::default());
    let (mc, gc) = (
        memsss::Config::default().with_memory(40),
        mgame::Config::new(4),
    );
    twice("sss", &mut || sss::search_in(&tree, &sc, &mut s));
    twice("recsss", &mut || recsss::search_in(&tree, &rc, &mut r));
    twice("memsss", &mut || memsss::search_in(&tree, &mc, &mut m));
    twice("mgame", &mut || mgame::search_in(&tree, &gc, &mut g));
}

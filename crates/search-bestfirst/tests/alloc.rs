//! No allocation inside the search loop: with a counting global allocator,
//! a search allocates the same number of times on a small tree as on a
//! large one (its OPEN array, once), whatever it evaluates in between.
//!
//! The one place in the workspace with `unsafe`: a global allocator must be
//! an `unsafe impl`; it only counts and forwards to the system allocator.

#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use search_bestfirst::{Algorithm, Options};
use tree_core::{GenSpec, Generator};

/// Counts the allocations made by the current thread (tests run in
/// parallel threads; each counts only its own).
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

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

/// A search through a cache that served a search of the same size
/// allocates nothing.
#[test]
fn searches_through_a_cache_allocate_nothing_the_second_time() {
    use search_bestfirst::{memsss, mgame, recsss, sss};
    let tree = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
    let twice = |name: &str, mut search: Box<dyn FnMut() + '_>| {
        search();
        let n = allocations(&mut search);
        assert_eq!(n, 0, "{name}: {n} allocations the second time");
    };
    let mut cache = sss::Cache::new();
    for cfg in [
        sss::Config::default(),
        sss::Config {
            dual: true,
            ..sss::Config::default()
        },
    ] {
        twice(
            "sss",
            Box::new(|| drop(sss::search_in(&tree, &cfg, &mut cache).unwrap())),
        );
    }
    let mut cache = recsss::Cache::new();
    for dual in [false, true] {
        let cfg = recsss::Config {
            dual,
            ..recsss::Config::default()
        };
        twice(
            "recsss",
            Box::new(|| drop(recsss::search_in(&tree, &cfg, &mut cache).unwrap())),
        );
    }
    let mut cache = memsss::Cache::new();
    for dual in [false, true] {
        let cfg = memsss::Config {
            dual,
            ..memsss::Config::default().with_memory(40)
        };
        twice(
            "memsss",
            Box::new(|| drop(memsss::search_in(&tree, &cfg, &mut cache).unwrap())),
        );
    }
    let mut cache = mgame::Cache::new();
    let cfg = mgame::Config::new(4);
    twice(
        "mgame",
        Box::new(|| drop(mgame::search_in(&tree, &cfg, &mut cache).unwrap())),
    );
}

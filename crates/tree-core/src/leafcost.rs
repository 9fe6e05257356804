//! A tree whose leaves cost a stated amount of work: what a search's time
//! looks like when a static evaluation is not free.
//!
//! Best-first searches examine fewer leaves than alpha-beta and spend more
//! per node on their OPEN lists (Bhattacharya & Bagchi 1996, *Searching Game
//! Trees Under Memory Constraints*, §4, claim that they save time because
//! they evaluate fewer leaves). Which wins depends on what a leaf costs;
//! [`LeafCost`] adds a fixed, deterministic amount of work, [`spin`], to
//! every evaluation so that the same searches on the same trees can be timed
//! at several leaf costs. Turning a cost in nanoseconds into iterations is a
//! measurement of the machine, left to the caller (`cargo xtask reproduce`
//! calibrates once per run).

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::{Tree, Value};

/// One step of [`spin`]'s chain: a multiply, a rotate and an xor, each
/// depending on the last, so no two iterations overlap and the compiler
/// can neither skip nor fold the loop.
#[inline(always)]
fn step(x: u64) -> u64 {
    x.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(29) ^ 0xd1b5_4a32_d192_ed03
}

/// `iterations` dependent steps of work from `seed`; returns the last state.
///
/// Deterministic (the same arguments give the same result on every
/// machine) and opaque to the optimiser ([`std::hint::black_box`] on its
/// inputs and output), so its time is proportional to `iterations`.
///
/// ```
/// use tree_core::spin;
/// assert_eq!(spin(0, 7), 7);
/// assert_eq!(spin(3, 7), spin(1, spin(2, 7)));
/// ```
#[inline(never)]
pub fn spin(iterations: u64, seed: u64) -> u64 {
    let mut x = black_box(seed);
    for _ in 0..black_box(iterations) {
        x = step(x);
    }
    black_box(x)
}

/// A tree that does [`spin`]`(iterations, …)` on every leaf evaluation.
///
/// Nodes, children, values and bounds are the inner tree's, so a search
/// visits and evaluates exactly what it would on the inner tree; only its
/// time changes. Each evaluation's work starts from the state the last
/// one left (xored with the leaf's value), so the work of consecutive
/// evaluations forms one dependent chain that the processor cannot overlap:
/// short spins cost what long ones do per step. Counts the iterations spun ([`LeafCost::spun`]), which is
/// how a test can see that the work was done once per evaluation without
/// reading a clock.
///
/// `Sync`, so that any search can run on it (a multi-threaded one, or one
/// behind an interface that asks for `Sync`): the state and the count are
/// atomics read and written apart (relaxed loads and stores, the code of a
/// `Cell`, no locked instruction per leaf). Evaluations on several threads
/// at once spin as they should, but may each overwrite the other's addition
/// to the count: for an exact count across threads, wrap the shared tree
/// once per thread.
///
/// ```
/// use tree_core::{Counted, ExplicitTree, LeafCost, minimax};
/// let t = ExplicitTree::uniform(2, 2, &[1, 2, 3, 4]).unwrap();
/// let costly = Counted::new(LeafCost::new(&t, 100));
/// assert_eq!(minimax(&costly), minimax(&t));
/// assert_eq!(costly.stats().leaves, 4);
/// assert_eq!(costly.inner().spun(), 400);
/// ```
#[derive(Debug)]
pub struct LeafCost<T> {
    tree: T,
    iterations: u64,
    state: AtomicU64,
    spun: AtomicU64,
}

impl<T: Tree> LeafCost<T> {
    /// Wraps `tree`; every leaf evaluation spins `iterations` steps.
    pub fn new(tree: T, iterations: u64) -> LeafCost<T> {
        LeafCost {
            tree,
            iterations,
            state: AtomicU64::new(0),
            spun: AtomicU64::new(0),
        }
    }

    /// The steps of work per leaf evaluation.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// The steps of work done so far (evaluations × iterations).
    pub fn spun(&self) -> u64 {
        self.spun.load(Relaxed)
    }

    /// The wrapped tree.
    pub fn inner(&self) -> &T {
        &self.tree
    }
}

impl<T: Tree> Tree for LeafCost<T> {
    type Node = T::Node;
    crate::forward_tree!(tree: root, num_children, child, bounds);
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        let v = self.tree.value(node);
        // Seeded by the last state and the value: one chain over all
        // evaluations, depending on the leaves evaluated.
        let state = spin(self.iterations, self.state.load(Relaxed) ^ v.get() as u64);
        self.state.store(state, Relaxed);
        self.spun
            .store(self.spun.load(Relaxed) + self.iterations, Relaxed);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Counted, GenSpec, Generator, Traced, minimax};

    #[test]
    fn spin_is_its_chain_of_steps() {
        for seed in [0u64, 1, 7, u64::MAX] {
            let mut x = seed;
            for n in 0..50 {
                assert_eq!(spin(n, seed), x, "{n} steps from {seed}");
                x = step(x);
            }
        }
        // The chain does not settle: every step changes the state.
        let states: std::collections::HashSet<u64> = (0..1000).map(|n| spin(n, 1)).collect();
        assert_eq!(states.len(), 1000);
    }

    /// Through the wrapper a search evaluates the same leaves, in the same
    /// order, and returns the same value; the work is done once per
    /// evaluation, revisits included.
    #[test]
    fn the_wrapper_changes_nothing_but_the_work() {
        for (g, b, d) in [
            (Generator::RANDOM, 3, 5),
            (Generator::TOPDOWN_RANDOM, 4, 4),
            (Generator::Random { lo: 0, hi: 2 }, 2, 6),
        ] {
            for index in 0..10 {
                let tree = GenSpec::new(g, b, d, 5, index).build().unwrap();
                let plain = Traced::new(&tree);
                let costly = Traced::new(LeafCost::new(&tree, 13));
                assert_eq!(minimax(&costly), minimax(&plain));
                assert_eq!(costly.order(), plain.order());
                assert_eq!(costly.stats(), plain.stats());
                // minimax evaluates every leaf once; a second search revisits.
                let inner = LeafCost::new(&tree, 13);
                let twice = Counted::new(&inner);
                minimax(&twice);
                minimax(&twice);
                assert_eq!(twice.stats().leaves, 2 * plain.stats().leaves);
                assert_eq!(inner.spun(), 13 * twice.stats().leaves);
                assert_eq!(inner.bounds(), tree.bounds());
            }
        }
    }

    /// Any search can take it: it is `Sync` when the inner tree is.
    #[test]
    fn the_wrapper_is_sync() {
        fn sync<T: Sync>(_: &T) {}
        let tree = GenSpec::new(Generator::RANDOM, 2, 3, 1, 0).build().unwrap();
        sync(&LeafCost::new(&tree, 1));
    }

    #[test]
    fn zero_iterations_spin_nothing() {
        let tree = GenSpec::new(Generator::RANDOM, 2, 3, 1, 0).build().unwrap();
        let t = LeafCost::new(&tree, 0);
        assert_eq!(minimax(&t), minimax(&tree));
        assert_eq!(t.spun(), 0);
        assert_eq!(t.iterations(), 0);
    }
}

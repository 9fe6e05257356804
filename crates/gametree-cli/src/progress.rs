//! A progress line on standard error while a long search runs.
//!
//! A second thread wakes once a second and prints the time so far and the
//! leaves evaluated, read from a [`Progress`] view of the tree: on a
//! terminal one line rewritten in place, otherwise one line per second. A
//! search that ends within the first second prints nothing, so short runs
//! (and the tests) see exactly the output they always did.
//!
//! The library counts a search's leaves itself and reports them at the
//! end; the running count is the command line's, one relaxed atomic add
//! per leaf on the calling thread's own cache line.

use std::cell::Cell;
use std::io::{IsTerminal as _, Write as _};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use gametree::{Tree, Value};

/// How often the line is printed.
const EVERY: Duration = Duration::from_secs(1);

/// Runs `search` while a thread prints a progress line every second,
/// reading the leaves evaluated so far with `leaves`.
pub(crate) fn with_progress<R>(leaves: &(dyn Fn() -> u64 + Sync), search: impl FnOnce() -> R) -> R {
    let (done, wait) = channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            let start = Instant::now();
            let terminal = std::io::stderr().is_terminal();
            let mut printed = false;
            let mut next = start + EVERY;
            // Ends when `done` is dropped: the search returned (or panicked).
            while let Err(RecvTimeoutError::Timeout) =
                wait.recv_timeout(next.saturating_duration_since(Instant::now()))
            {
                let line = line(start.elapsed(), leaves());
                let mut err = std::io::stderr().lock();
                let _ = if terminal {
                    write!(err, "\r{line}")
                } else {
                    writeln!(err, "{line}")
                };
                let _ = err.flush();
                printed = true;
                next += EVERY;
            }
            if printed && terminal {
                let _ = writeln!(std::io::stderr());
            }
        });
        let r = search();
        drop(done);
        r
    })
}

/// `gametree: searching, 3 s, 12345678 leaves (4.1 million per second)`.
fn line(elapsed: Duration, leaves: u64) -> String {
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        leaves as f64 / seconds / 1e6
    } else {
        0.0
    };
    format!(
        "gametree: searching, {} s, {leaves} leaves ({rate:.1} million per second)",
        elapsed.as_secs()
    )
}

/// Counter stripes: each thread adds to its own cache line (most of the
/// time), so that a multi-threaded search's threads do not fight over one.
const STRIPES: usize = 16;

/// One stripe, alone on its cache lines.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Stripe(AtomicU64);

thread_local! {
    /// This thread's stripe (`usize::MAX` until it first counts).
    static STRIPE: Cell<usize> = const { Cell::new(usize::MAX) };
}

/// The next stripe handed to a thread.
static NEXT_STRIPE: AtomicUsize = AtomicUsize::new(0);

/// `tree` as it is, but for a running count of its leaf evaluations for
/// the progress line.
#[derive(Debug)]
pub(crate) struct Progress<'t, T: ?Sized> {
    tree: &'t T,
    stripes: Box<[Stripe; STRIPES]>,
}

impl<'t, T: Tree + ?Sized> Progress<'t, T> {
    /// `tree`, no leaf counted yet.
    pub(crate) fn new(tree: &'t T) -> Progress<'t, T> {
        Progress {
            tree,
            stripes: Box::default(),
        }
    }

    /// Leaf evaluations so far, on every thread.
    pub(crate) fn leaves(&self) -> u64 {
        self.stripes.iter().map(|s| s.0.load(Relaxed)).sum()
    }
}

impl<T: Tree + ?Sized> Tree for Progress<'_, T> {
    type Node = T::Node;
    tree_core::forward_tree!(tree: root, num_children, child, bounds);
    #[inline]
    fn value(&self, node: &T::Node) -> Value {
        let stripe = STRIPE.with(|s| {
            if s.get() == usize::MAX {
                s.set(NEXT_STRIPE.fetch_add(1, Relaxed) % STRIPES);
            }
            s.get()
        });
        self.stripes[stripe].0.fetch_add(1, Relaxed);
        self.tree.value(node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tree_core::{ExplicitTree, minimax};

    #[test]
    fn a_short_search_prints_nothing_and_returns_its_result() {
        // (Nothing to see on stderr here; the CLI tests check that.)
        assert_eq!(with_progress(&|| 7, || 42), 42);
    }

    #[test]
    fn the_line() {
        assert_eq!(
            line(Duration::from_millis(2500), 5_000_000),
            "gametree: searching, 2 s, 5000000 leaves (2.0 million per second)"
        );
    }

    #[test]
    fn progress_counts_leaves_and_changes_nothing() {
        let t = ExplicitTree::uniform(3, 3, &(0..27).collect::<Vec<i64>>()).unwrap();
        let p = Progress::new(&t);
        assert_eq!(minimax(&p), minimax(&t));
        assert_eq!(p.leaves(), 27);
        assert_eq!(p.bounds(), t.bounds());
    }
}

//! A progress line on standard error while a long search runs.
//!
//! A second thread wakes once a second and prints the time so far and the
//! leaves evaluated (read from the search's atomic counter,
//! [`crate::parallel::SyncCounted`]): on a terminal one line rewritten in
//! place, otherwise one line per second. A search that ends within the
//! first second prints nothing, so short runs (and the tests) see exactly
//! the output they always did.

use std::io::{IsTerminal as _, Write as _};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}

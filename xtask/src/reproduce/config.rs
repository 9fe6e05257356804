//! How an experiment is run: its size, its clock and its progress display.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::progress::{Mode, Progress};

/// Whether and how searches are timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timings {
    /// Not timed: no times documents (quick runs).
    Off,
    /// Wall-clock time.
    Wall,
    /// Made-up durations, different on every call (tests: whatever the
    /// times, the counts documents must not change).
    Fake,
}

/// How an experiment is run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The small deterministic version: fewer trees and shapes.
    pub quick: bool,
    /// Trees per cell.
    pub trees: usize,
    /// Whether searches are timed (and times documents written).
    pub timings: Timings,
    /// How progress is shown.
    pub progress: Mode,
}

impl Config {
    /// 100 trees per cell (10 with `quick`) unless `trees` says otherwise;
    /// timed unless `quick`; progress shown as `progress` says (`true`:
    /// a bar on a terminal, lines otherwise; `false`: hidden).
    pub fn new(quick: bool, trees: Option<usize>, progress: impl Into<Mode>) -> Config {
        Config {
            quick,
            trees: trees.unwrap_or(if quick { 10 } else { 100 }),
            timings: if quick { Timings::Off } else { Timings::Wall },
            progress: progress.into(),
        }
    }

    /// Whether searches are timed and times documents written.
    pub fn timed(&self) -> bool {
        self.timings != Timings::Off
    }

    /// Runs `f` and says how long it took (zero when not timed).
    pub fn time<R>(&self, f: impl FnOnce() -> R) -> (R, Duration) {
        match self.timings {
            Timings::Off => (f(), Duration::ZERO),
            Timings::Wall => {
                let start = Instant::now();
                let r = f();
                (r, start.elapsed())
            }
            Timings::Fake => (f(), fake_duration()),
        }
    }

    /// Runs `f` and says how much processor time the calling thread spent
    /// on it, where timed runs read the clock: the thread's CPU time where
    /// Linux reports it ([`thread_cpu_time`]; it advances at scheduler
    /// ticks, a few ms apart, so time long runs or blocks of runs), wall time
    /// elsewhere. Made-up and zero durations as [`Config::time`].
    pub fn cpu_time<R>(&self, f: impl FnOnce() -> R) -> (R, Duration) {
        if self.timings != Timings::Wall {
            return self.time(f);
        }
        let (wall, cpu) = (Instant::now(), thread_cpu_time());
        let out = f();
        let time = match (cpu, thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        };
        (out, time)
    }

    /// Progress of a step of `len` jobs.
    pub fn bar(&self, label: &str, len: u64) -> Progress {
        Progress::new(self.progress, label, len)
    }
}

/// The calling thread's CPU time where Linux reports it
/// (`/proc/thread-self/schedstat`), else `None`: on a shared machine it
/// varies far less than wall time.
pub fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(
        s.split_whitespace().next()?.parse().ok()?,
    ))
}

/// 1 µs to 1 ms, from a global counter: different on every call.
pub fn fake_duration() -> Duration {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    // splitmix64's finaliser spreads consecutive counts.
    let mut z = CALLS
        .fetch_add(1, Ordering::Relaxed)
        .wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    Duration::from_nanos(1_000 + z % 999_000)
}

//! Progress of a reproduction run: a bar on a terminal, plain lines with
//! the elapsed time and an ETA otherwise (a log, CI, `| tee`).
//!
//! Work is counted in *units*: every job adds its expected cost (see
//! [`jobs::run`](super::jobs::run)), so the ETA of a step whose jobs differ
//! a thousandfold in cost is still useful.

use std::io::{IsTerminal, Write as _};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Nothing (tests).
    Hidden,
    /// An `indicatif` bar on standard error (a terminal).
    Bar,
    /// One line per step, and one every [`LINE_EVERY`] during long steps.
    Lines,
}

impl Mode {
    /// A bar when standard error is a terminal, lines otherwise.
    pub fn detect() -> Mode {
        if std::io::stderr().is_terminal() {
            Mode::Bar
        } else {
            Mode::Lines
        }
    }
}

impl From<bool> for Mode {
    /// `true`: shown as [`Mode::detect`] says; `false`: hidden.
    fn from(shown: bool) -> Mode {
        if shown { Mode::detect() } else { Mode::Hidden }
    }
}

/// How often a long step prints a line in [`Mode::Lines`].
pub const LINE_EVERY: Duration = Duration::from_secs(30);

/// The progress of one step (an experiment or a long part of one).
#[derive(Debug)]
pub struct Progress {
    shown: Shown,
}

#[derive(Debug)]
enum Shown {
    Hidden,
    Bar(ProgressBar),
    Lines(Mutex<Lines>),
}

#[derive(Debug)]
struct Lines {
    label: String,
    jobs: u64,
    jobs_done: u64,
    units: u64,
    units_done: u64,
    started: Instant,
    last_line: Instant,
}

impl Progress {
    /// A step of `jobs` jobs worth `units` units in all.
    pub fn new(mode: Mode, label: &str, jobs: u64, units: u64) -> Progress {
        let shown = match mode {
            Mode::Hidden => Shown::Hidden,
            Mode::Bar => {
                let bar = ProgressBar::new(units.max(1));
                bar.set_style(
                    ProgressStyle::with_template(
                        "{prefix:>32} [{bar:30}] {percent:>3}% {elapsed_precise} ETA {eta}",
                    )
                    .expect("valid template")
                    .progress_chars("=> "),
                );
                bar.set_prefix(label.to_string());
                Shown::Bar(bar)
            }
            Mode::Lines => {
                let now = Instant::now();
                Shown::Lines(Mutex::new(Lines {
                    label: label.to_string(),
                    jobs,
                    jobs_done: 0,
                    units: units.max(1),
                    units_done: 0,
                    started: now,
                    last_line: now,
                }))
            }
        };
        Progress { shown }
    }

    /// One job worth `units` units is done (`inc(1)` for steps whose jobs
    /// are not weighed, as with an `indicatif` bar).
    pub fn inc(&self, units: u64) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.inc(units),
            Shown::Lines(lines) => {
                let mut l = lines.lock().unwrap_or_else(|e| e.into_inner());
                l.jobs_done += 1;
                l.units_done += units;
                if l.last_line.elapsed() >= LINE_EVERY && l.jobs_done < l.jobs {
                    l.last_line = Instant::now();
                    eprintln_flushed(&l.status(l.started.elapsed()));
                }
            }
        }
    }

    /// The step is over: the bar disappears; in line mode, a step that took
    /// longer than [`LINE_EVERY`] says how long.
    pub fn finish_and_clear(&self) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.finish_and_clear(),
            Shown::Lines(lines) => {
                let l = lines.lock().unwrap_or_else(|e| e.into_inner());
                let took = l.started.elapsed();
                if took >= LINE_EVERY {
                    eprintln_flushed(&format!("  {}: done in {}", l.label, duration(took)));
                }
            }
        }
    }
}

impl Lines {
    /// The status line after `elapsed`.
    fn status(&self, elapsed: Duration) -> String {
        let fraction = self.units_done as f64 / self.units as f64;
        let eta = if fraction > 0.0 {
            duration(elapsed.mul_f64((1.0 - fraction) / fraction))
        } else {
            "?".into()
        };
        format!(
            "  {}: {:.0}% ({} of {} jobs), {} elapsed, ETA {eta}",
            self.label,
            100.0 * fraction,
            self.jobs_done,
            self.jobs,
            duration(elapsed),
        )
    }
}

/// Prints a line on standard error at once (it may be a pipe).
pub fn eprintln_flushed(line: &str) {
    let mut err = std::io::stderr().lock();
    // Progress is best effort: a closed standard error must not stop a run.
    let _ = writeln!(err, "{line}");
    let _ = err.flush();
}

/// `12.3 s`, `4 min 05 s`.
pub fn duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        let whole = s.round() as u64;
        format!("{} min {:02} s", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(duration(Duration::from_millis(1234)), "1.2 s");
        assert_eq!(duration(Duration::from_secs(245)), "4 min 05 s");
        assert_eq!(duration(Duration::from_secs(60)), "1 min 00 s");
    }

    #[test]
    fn status_line_has_share_jobs_and_eta() {
        let mut l = Lines {
            label: "step".into(),
            jobs: 10,
            jobs_done: 5,
            units: 100,
            units_done: 25,
            started: Instant::now(),
            last_line: Instant::now(),
        };
        let ten = Duration::from_secs(10);
        // A quarter of the units in 10 s: 30 s to go.
        assert_eq!(
            l.status(ten),
            "  step: 25% (5 of 10 jobs), 10.0 s elapsed, ETA 30.0 s"
        );
        l.units_done = 0;
        assert!(l.status(ten).ends_with("ETA ?"));
    }
}

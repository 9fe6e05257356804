//! Progress of a reproduction run: a bar on a terminal, plain lines with
//! the elapsed time and an ETA otherwise (a log, CI, `| tee`).
//!
//! Progress is counted in jobs; the ETA assumes the jobs left cost what the
//! jobs done did on average, which holds because experiments order their
//! jobs round-robin over their cells (see `measure::run_batches`).

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
    /// One line per step, and during a long step one when a job ends at
    /// least [`LINE_EVERY`] after the last.
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

/// A step shown as status lines (off a terminal).
#[derive(Debug)]
pub struct Lines {
    /// The step's name.
    pub label: String,
    /// Its jobs.
    pub jobs: u64,
    /// The jobs done so far.
    pub jobs_done: u64,
    /// When it started.
    pub started: Instant,
    /// When the last line was printed.
    pub last_line: Instant,
}

impl Progress {
    /// A step of `jobs` jobs.
    pub fn new(mode: Mode, label: &str, jobs: u64) -> Progress {
        let shown = match mode {
            Mode::Hidden => Shown::Hidden,
            Mode::Bar => {
                let bar = ProgressBar::new(jobs);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{prefix:>32} [{bar:30}] {pos}/{len} {elapsed_precise} ETA {eta}",
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
                    started: now,
                    last_line: now,
                }))
            }
        };
        Progress { shown }
    }

    /// `jobs` more jobs are done (as `indicatif`'s `inc`).
    pub fn inc(&self, jobs: u64) {
        match &self.shown {
            Shown::Hidden => {}
            Shown::Bar(bar) => bar.inc(jobs),
            Shown::Lines(lines) => {
                let mut l = lines.lock().unwrap_or_else(|e| e.into_inner());
                l.jobs_done += jobs;
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
    pub fn status(&self, elapsed: Duration) -> String {
        let fraction = self.jobs_done as f64 / self.jobs.max(1) as f64;
        let eta = if fraction > 0.0 {
            duration(elapsed.mul_f64((1.0 - fraction) / fraction))
        } else {
            "?".into()
        };
        format!(
            "  {}: {} of {} jobs ({:.0}%), {} elapsed, ETA {eta}",
            self.label,
            self.jobs_done,
            self.jobs,
            100.0 * fraction,
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

/// The processor time this process has used (user + system, all threads),
/// from `/proc/self/stat`; `None` where that file does not exist. On a
/// shared machine it says what a step costs better than the wall clock.
pub fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which may contain spaces, and ends
    // with the last ')'): state is field 3, utime 14 and stime 15.
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on every Linux ABI in use (`getconf CLK_TCK`).
    Some(Duration::from_millis(ticks * 10))
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

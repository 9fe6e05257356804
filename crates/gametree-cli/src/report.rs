//! What the commands print: a search's [`gametree::Report`] as aligned text
//! or as one JSON object, and the simulator's report.
//!
//! The JSON of `gametree search` *is* the library's report (its
//! `serde::Serialize`), flattened into an object that adds what the command
//! line knows: the `schema` of its keys, the `tree` searched, the `window`
//! and processor tree asked for. Moves are 1-based Dewey strings (`"2"`:
//! the second child), as in the text; the trace is Dewey codes printed the
//! same way. The text renders the same report, one `label  value` line per
//! field, without the time, so that it is the same from run to run.

use std::fmt::{Display, Write as _};

use gametree::{Bound, Dewey, ProcessorTree, Report, StopReason, Tree, Value, Window};
use serde::{Serialize, Serializer};

use crate::source::TreeJson;

/// The version of the JSON objects' keys: 2 since the keys are the
/// library's report's (`peak_memory`, `seconds`, `pv` as a list, `stopped`,
/// …).
pub(crate) const SCHEMA: u32 = 2;

/// Width of the label column of the text output.
const LABEL: usize = 12;
/// Lines of the `trace` field wrap before this many columns.
const LINE: usize = 80;

/// `gametree search`'s output: the library's report of a tree search, its
/// moves as 1-based Dewey strings, in the command line's object.
#[derive(Debug, Serialize)]
pub(crate) struct SearchOutput {
    schema: u32,
    tree: TreeJson,
    /// The window asked for (`--alpha`/`--beta`).
    #[serde(skip_serializing_if = "Option::is_none")]
    window: Option<WindowJson>,
    #[serde(flatten)]
    report: Report<String>,
    /// The processor tree of tree-splitting and pv-splitting.
    #[serde(skip_serializing_if = "Option::is_none")]
    processor_tree: Option<ProcessorTreeJson>,
    /// Its processors, 1 + W + … + W^D.
    #[serde(skip_serializing_if = "Option::is_none")]
    processors: Option<u64>,
    /// The leaves in evaluation order (`--trace`), as 1-based Dewey codes.
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<Vec<String>>,
    /// The tree in one line (text only).
    #[serde(skip)]
    description: String,
    /// Whether the line's moves are printed with separators (some node may
    /// have more than 9 children).
    #[serde(skip)]
    separated: bool,
    /// `--memory`, as asked (the report has the budget it came to).
    #[serde(skip)]
    asked_memory: Option<usize>,
}

impl SearchOutput {
    /// The output for `report`, a search of `tree` (described by
    /// `description`, from `source`) with `window` and `processors` asked
    /// for.
    pub(crate) fn new<T: Tree + ?Sized>(
        mut report: Report,
        tree: &T,
        description: String,
        source: TreeJson,
        window: Option<Window>,
        processors: Option<ProcessorTree>,
    ) -> SearchOutput {
        let trace = report.trace.take();
        let width = code_width(tree, trace.iter().flatten(), &report.pv);
        let trace = trace.map(|codes| {
            codes
                .iter()
                .map(|d| d.display_for_width(width).to_string())
                .collect()
        });
        SearchOutput {
            schema: SCHEMA,
            tree: source,
            window: window.map(Into::into),
            report: report.map_moves(|i| (i + 1).to_string()),
            processor_tree: processors.map(Into::into),
            processors: processors.and_then(ProcessorTree::processors),
            trace,
            description,
            separated: width > 9,
            asked_memory: None,
        }
    }

    /// The same output, knowing that `--memory` asked for `asked`: the text
    /// then says when that was more than the tree can use.
    pub(crate) fn asked_memory(mut self, asked: Option<usize>) -> SearchOutput {
        self.asked_memory = asked;
        self
    }

    /// One JSON object on one line.
    pub(crate) fn to_json(&self) -> String {
        to_json_line(self)
    }

    /// Aligned `label  value` lines.
    pub(crate) fn to_text(&self) -> String {
        let r = &self.report;
        let mut out = Lines::default();
        out.line("algorithm", r.algorithm);
        out.line("tree", &self.description);
        if let Some(w) = &self.window {
            out.line("window", format!("({}, {})", w.alpha, w.beta));
        }
        out.line("value", value_text(r.value, r.bound));
        if let Some(b) = bound_text(r.value, r.bound, self.window.is_some()) {
            out.line("bound", b);
        }
        let unknown = r.stopped.is_some() && r.best.is_none();
        out.line("best", move_text(r.best.as_deref(), unknown));
        out.line(
            "pv",
            line_text(&r.pv, r.pv_complete, self.separated, unknown),
        );
        out.line(
            "leaves",
            match r.distinct_leaves {
                Some(distinct) => format!("{} ({distinct} distinct)", r.leaves),
                None if self.on_ranks() => {
                    format!("{} (distinct not counted across ranks)", r.leaves)
                }
                None => r.leaves.to_string(),
            },
        );
        out.line("interior", r.interior);
        out.line(
            "peak memory",
            match (r.peak_memory, r.memory_unit) {
                (Some(peak), Some(unit)) => format!("{peak} {unit}"),
                (Some(peak), None) => peak.to_string(),
                (None, _) => "n/a".to_owned(),
            },
        );
        if let (Some(asked), Some(budget)) = (self.asked_memory, r.memory_budget)
            && asked > budget
        {
            out.line(
                "budget",
                format!("{budget} OPEN entries: --memory {asked} is more than this tree can use"),
            );
        }
        if r.threads > 1 || !r.per_thread.is_empty() {
            out.line("threads", r.threads);
        }
        if let (Some(tree), Some(count)) = (self.processor_tree, self.processors) {
            out.line("processors", processors_text(tree, count));
        }
        if !r.per_thread.is_empty() {
            out.line("per thread", spaced(&r.per_thread));
        }
        self.ranks_text(&mut out);
        if let Some(reason) = r.stopped {
            out.line("stopped", stop_text(reason, r.elapsed.as_secs_f64()));
        }
        if let Some(trace) = &self.trace {
            out.wrap("trace", trace);
        }
        out.0
    }
}

impl SearchOutput {
    /// Whether the search ran on MPI ranks.
    fn on_ranks(&self) -> bool {
        #[cfg(feature = "mpi")]
        if self.report.mpi.is_some() {
            return true;
        }
        false
    }

    /// The lines of a search on MPI ranks: the ranks, the time on rank 0,
    /// the messages by kind.
    #[cfg(feature = "mpi")]
    fn ranks_text(&self, out: &mut Lines) {
        use gametree::mpi::MessageKind;
        let Some(mpi) = &self.report.mpi else {
            return;
        };
        out.line(
            "MPI ranks",
            format!("{} (rank r is processor r in preorder)", mpi.ranks),
        );
        let Some(r) = &mpi.details else {
            return;
        };
        out.line(
            "elapsed",
            format!("{:.3} ms", r.elapsed.as_secs_f64() * 1e3),
        );
        let counted: Vec<String> = MessageKind::ALL
            .iter()
            .filter(|&&k| r.sent(k) > 0)
            .map(|&k| match r.latency(k).mean_us() {
                Some(us) => format!("{} {} ({us:.1} us)", k.name(), r.sent(k)),
                None => format!("{} {}", k.name(), r.sent(k)),
            })
            .collect();
        out.line("messages", counted.join(", "));
    }

    /// Nothing without MPI.
    #[cfg(not(feature = "mpi"))]
    fn ranks_text(&self, _: &mut Lines) {}
}

/// How many children the codes of `tree` are printed for: with separators
/// iff some node may have more than 9 (its shape's branching, or the
/// largest move in `codes` and `line` when the tree does not say).
fn code_width<'a, T: Tree + ?Sized>(
    tree: &T,
    codes: impl Iterator<Item = &'a Dewey>,
    line: &[usize],
) -> usize {
    tree.bounds().map_or_else(
        || {
            codes
                .flat_map(|d| d.digits().iter().map(|&i| usize::from(i)))
                .chain(line.iter().copied())
                .map(|i| i + 1)
                .max()
                .unwrap_or(0)
        },
        |b| b.branching,
    )
}

/// The value, or `unknown` when a limit stopped the search first.
pub(crate) fn value_text(value: Value, bound: Bound) -> String {
    match bound {
        Bound::Unknown => "unknown".to_owned(),
        _ => value.to_string(),
    }
}

/// What the value says about the minimax value, when a window makes it
/// worth saying: a bound after a failed search, or `exact` inside the
/// window asked for.
pub(crate) fn bound_text(value: Value, bound: Bound, windowed: bool) -> Option<String> {
    match bound {
        Bound::Lower => Some(format!("lower: the search failed high, minimax >= {value}")),
        Bound::Upper => Some(format!("upper: the search failed low, minimax <= {value}")),
        Bound::Exact if windowed => Some("exact: the minimax value".to_owned()),
        _ => None,
    }
}

/// A move, `none` (a terminal root, a search that failed low), or
/// `unknown` (a search stopped before it knew one).
pub(crate) fn move_text(best: Option<&str>, unknown: bool) -> String {
    match best {
        Some(m) => m.to_owned(),
        None if unknown => "unknown".to_owned(),
        None => "none".to_owned(),
    }
}

/// A line of moves, joined as a Dewey code (with `.` when `separated`),
/// marked when it stops short of a terminal.
pub(crate) fn line_text(pv: &[String], complete: bool, separated: bool, unknown: bool) -> String {
    if pv.is_empty() {
        return move_text(None, unknown);
    }
    let code = pv.join(if separated { "." } else { "" });
    match (complete, pv.len()) {
        (true, _) => code,
        (false, 1) => format!("{code} (partial: the algorithm knows only the first move)"),
        (false, n) => format!("{code} (partial: the algorithm knows only the first {n} moves)"),
    }
}

/// The limit that stopped a search; the time for a deadline.
pub(crate) fn stop_text(reason: StopReason, seconds: f64) -> String {
    match reason {
        StopReason::Deadline => format!("deadline, after {seconds:.3} s"),
        r => stop_name(r).to_owned(),
    }
}

/// The stop reason as the library's JSON names it.
pub(crate) fn stop_name(r: StopReason) -> &'static str {
    match r {
        StopReason::Deadline => "deadline",
        StopReason::LeafLimit => "leaf-limit",
        StopReason::Cancelled => "cancelled",
    }
}

/// Text output: `label  value` lines, values in one column.
#[derive(Debug, Default)]
pub(crate) struct Lines(pub(crate) String);

impl Lines {
    /// One line.
    pub(crate) fn line(&mut self, label: &str, value: impl Display) {
        let _ = writeln!(self.0, "{label:<LABEL$}{value}");
    }

    /// `label` and the words, filled into lines of at most [`LINE`]
    /// columns, continuation lines indented to the value column.
    pub(crate) fn wrap(&mut self, label: &str, words: &[String]) {
        let out = &mut self.0;
        let _ = write!(out, "{label:<LABEL$}");
        let mut col = LABEL;
        for (k, w) in words.iter().enumerate() {
            let len = w.chars().count();
            if k > 0 {
                if col + 1 + len > LINE {
                    out.push('\n');
                    out.push_str(&" ".repeat(LABEL));
                    col = LABEL;
                } else {
                    out.push(' ');
                    col += 1;
                }
            }
            out.push_str(w);
            col += len;
        }
        out.push('\n');
    }
}

/// A window in JSON: `{"alpha": 3, "beta": "inf"}`, the ends as the
/// library writes values.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct WindowJson {
    /// Lower end.
    #[serde(serialize_with = "value_json")]
    pub(crate) alpha: Value,
    /// Upper end.
    #[serde(serialize_with = "value_json")]
    pub(crate) beta: Value,
}

impl From<Window> for WindowJson {
    fn from(w: Window) -> WindowJson {
        WindowJson {
            alpha: w.alpha(),
            beta: w.beta(),
        }
    }
}

/// A value as the library's report writes it: an integer, `"inf"` or
/// `"-inf"`.
pub(crate) fn value_json<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    if *v == Value::INF {
        s.serialize_str("inf")
    } else if *v == Value::NEG_INF {
        s.serialize_str("-inf")
    } else {
        s.serialize_i32(v.get())
    }
}

/// A processor tree in JSON: `{"depth": 1, "width": 4}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub(crate) struct ProcessorTreeJson {
    /// Levels of slaves below the root processor.
    pub(crate) depth: usize,
    /// Slaves per master.
    pub(crate) width: usize,
}

impl From<ProcessorTree> for ProcessorTreeJson {
    fn from(p: ProcessorTree) -> ProcessorTreeJson {
        ProcessorTreeJson {
            depth: p.depth,
            width: p.width,
        }
    }
}

/// `(D, W): N processors`.
pub(crate) fn processors_text(tree: ProcessorTreeJson, count: u64) -> String {
    format!(
        "({}, {}): {count} processor{}",
        tree.depth,
        tree.width,
        if count == 1 { "" } else { "s" }
    )
}

/// What `gametree simulate` reports: [`search_parallel::SimReport`] and
/// what it was asked.
///
/// Field order is the JSON key order.
#[derive(Debug, Serialize)]
pub(crate) struct SimulationReport {
    pub(crate) schema: u32,
    /// The algorithm's name (`SimAlgorithm::name`, also for `ts`/`pv`/`sss`).
    pub(crate) algorithm: &'static str,
    /// The tree's source.
    pub(crate) tree: TreeJson,
    /// The simulated processor tree.
    pub(crate) processor_tree: ProcessorTreeJson,
    /// Processors simulated, 1 + W + … + W^D.
    pub(crate) processors: u64,
    /// The root's value (always the minimax value).
    #[serde(serialize_with = "value_json")]
    pub(crate) value: Value,
    /// The root processor's best move, 1-based as the searches print it
    /// (`null` on a terminal root).
    pub(crate) best: Option<String>,
    /// Simulated time until the root processor returns, in EVALTIME units.
    pub(crate) elapsed: u64,
    /// Terminal evaluations of all processors: N(A(k), T).
    pub(crate) evaluations: u64,
    /// Terminal evaluations of sequential alpha-beta: N(A(1), T).
    pub(crate) sequential: u64,
    /// Campbell's search overhead S = N(A(k), T) / N(A(1), T) (p. 34).
    pub(crate) overhead: f64,
    /// Sequential alpha-beta's time over the elapsed time.
    pub(crate) speedup: f64,
    /// Terminal evaluations of each processor, in preorder of the
    /// processor tree (0 is the root processor).
    pub(crate) per_processor: Vec<u64>,
    /// A one-line description of the tree (text only).
    #[serde(skip)]
    pub(crate) description: String,
}

impl SimulationReport {
    /// One JSON object on one line.
    pub(crate) fn to_json(&self) -> String {
        to_json_line(self)
    }

    /// Aligned `label  value` lines.
    pub(crate) fn to_text(&self) -> String {
        let mut out = Lines::default();
        out.line("algorithm", self.algorithm);
        out.line("tree", &self.description);
        out.line(
            "processors",
            processors_text(self.processor_tree, self.processors),
        );
        out.line("value", self.value);
        out.line("best move", move_text(self.best.as_deref(), false));
        out.line("elapsed", format!("{} EVALTIME units", self.elapsed));
        out.line(
            "evaluations",
            format!(
                "{} (sequential alpha-beta: {})",
                self.evaluations, self.sequential
            ),
        );
        out.line(
            "overhead",
            format!(
                "{:.3} (S = N(A(k))/N(A(1)) = {}/{})",
                self.overhead, self.evaluations, self.sequential
            ),
        );
        out.line(
            "speed-up",
            format!(
                "{:.3} ({} sequential units / {} elapsed)",
                self.speedup, self.sequential, self.elapsed
            ),
        );
        out.line("per proc.", spaced(&self.per_processor));
        out.0
    }
}

/// Numbers separated by single spaces.
pub(crate) fn spaced(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// `value` as one JSON object on one line.
pub(crate) fn to_json_line<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).unwrap_or_else(|e| {
        // Serialising plain integers, floats and strings cannot fail (a
        // non-finite float becomes null); keep the promise of one object
        // anyway.
        serde_json::json!({ "error": e.to_string() }).to_string()
    });
    s.push('\n');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_the_value_column() {
        let words: Vec<String> = (0..40).map(|i| format!("{:04}", 1000 + i)).collect();
        let mut lines = Lines::default();
        lines.wrap("trace", &words);
        let s = lines.0;
        for l in s.lines() {
            assert!(l.chars().count() <= LINE, "{l}");
        }
        assert!(s.lines().skip(1).all(|l| l.starts_with(&" ".repeat(LABEL))));
        assert_eq!(s.split_whitespace().count(), 41);
    }

    #[test]
    fn lines_say_whether_they_are_whole() {
        let pv = |moves: &[&str]| moves.iter().map(|m| (*m).to_owned()).collect::<Vec<_>>();
        assert_eq!(line_text(&pv(&["2", "1", "3"]), true, false, false), "213");
        assert_eq!(line_text(&pv(&["11", "3"]), true, true, false), "11.3");
        assert_eq!(
            line_text(&pv(&["6"]), false, false, false),
            "6 (partial: the algorithm knows only the first move)"
        );
        assert_eq!(
            line_text(&pv(&["6", "1"]), false, false, false),
            "61 (partial: the algorithm knows only the first 2 moves)"
        );
        assert_eq!(line_text(&[], false, false, false), "none");
        assert_eq!(line_text(&[], false, false, true), "unknown");
    }

    #[test]
    fn values_and_bounds() {
        let v = Value::from_small(3);
        assert_eq!(value_text(v, Bound::Exact), "3");
        assert_eq!(value_text(v, Bound::Unknown), "unknown");
        assert_eq!(bound_text(v, Bound::Exact, false), None);
        assert_eq!(
            bound_text(v, Bound::Exact, true).as_deref(),
            Some("exact: the minimax value")
        );
        assert!(bound_text(v, Bound::Upper, false).unwrap().contains("<= 3"));
        assert_eq!(stop_text(StopReason::LeafLimit, 1.0), "leaf-limit");
        assert_eq!(
            stop_text(StopReason::Deadline, 0.25),
            "deadline, after 0.250 s"
        );
    }
}

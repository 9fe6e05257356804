//! What one search reports, and its two renderings: aligned text and JSON.

use std::fmt::Write as _;
use std::time::Duration;

use search_depthfirst::{Bound, Window};
use search_parallel::ProcessorTree;
use serde::{Serialize, Serializer};
use tree_core::{Dewey, Tree, Value};

use crate::source::TreeSource;

/// The version of the JSON of `gametree search`, its `schema` key: raised
/// when a key changes meaning or goes away (new keys do not raise it).
/// Version 1 added `schema`, `tree`, `best`, `pv` and `wall_seconds`.
pub const SCHEMA: u32 = 1;

/// The result of one search, as printed.
///
/// Field order is the JSON key order. Optional keys are left out when they
/// do not apply, except `peak_open`, which is always present and `null` for
/// algorithms without an OPEN list, and `best` and `pv`, `null` when no
/// move is known.
#[derive(Debug, Serialize)]
pub struct Report {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The algorithm's command-line name.
    pub algorithm: &'static str,
    /// Where the tree came from: file, or generator, shape, seed and index.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<TreeJson>,
    /// The window searched with, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<WindowJson>,
    /// The value returned: the minimax value, or with a window possibly a
    /// bound on it (see `bound`).
    #[serde(serialize_with = "value_json")]
    pub value: Value,
    /// What `value` says about the minimax value, when a window was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bound: Option<BoundJson>,
    /// The root's best move as a 1-based Dewey code (`"2"`: the second
    /// move), when the algorithm reports one and there is one.
    pub best: Option<String>,
    /// The principal variation as the Dewey code of the node it leads to
    /// (`"213"`), printed like the `order` codes.
    pub pv: Option<String>,
    /// Whether the algorithm reports moves at all (text output: `n/a`).
    #[serde(skip)]
    pub moves_known: bool,
    /// Leaf evaluations, re-evaluations included.
    pub leaves: u64,
    /// Different leaves evaluated; `None` (JSON `null`) when a threaded
    /// search's tree is too large to keep one bit per node (see
    /// [`crate::parallel::SyncCounted`]).
    pub distinct_leaves: Option<u64>,
    /// Interior expansions (first children generated).
    pub interior: u64,
    /// Most OPEN entries held at once, for algorithms with an OPEN list.
    pub peak_open: Option<u64>,
    /// Wall-clock time of the search alone (not reading or generating the
    /// tree), in seconds (JSON only: text output stays the same from run to
    /// run).
    #[serde(serialize_with = "seconds_json")]
    pub wall_seconds: Duration,
    /// Dewey codes of the leaves in evaluation order, with `--trace`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<Vec<String>>,
    /// What a multi-threaded search adds.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub parallel: Option<ParallelJson>,
    /// A one-line description of the tree (text output only).
    #[serde(skip)]
    pub description: String,
}

/// Where a searched tree came from, for the JSON report: enough to search
/// it again.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "source", rename_all = "lowercase")]
pub enum TreeJson {
    /// A tree text file (`-`: standard input).
    File {
        /// The path given.
        path: String,
    },
    /// A Campbell tree file of a uniform (b, d) tree.
    Campbell {
        /// The path given.
        path: String,
        /// Branching degree.
        b: usize,
        /// Depth.
        d: usize,
    },
    /// A generated tree.
    Generator {
        /// The generator's name, as `--gen` takes it.
        generator: String,
        /// Branching degree.
        b: usize,
        /// Depth.
        d: usize,
        /// The experiment's seed.
        seed: u64,
        /// The tree's index within the experiment.
        index: u64,
    },
}

impl From<&TreeSource> for TreeJson {
    fn from(source: &TreeSource) -> TreeJson {
        match source {
            TreeSource::Text(path) => TreeJson::File {
                path: path.display().to_string(),
            },
            TreeSource::Campbell { path, b, d } => TreeJson::Campbell {
                path: path.display().to_string(),
                b: *b,
                d: *d,
            },
            TreeSource::Generated(spec) => TreeJson::Generator {
                generator: spec.generator.to_string(),
                b: spec.b,
                d: spec.d,
                seed: spec.seed,
                index: spec.index,
            },
        }
    }
}

/// The root's best move and principal variation, as a search found them
/// (0-based moves), or `None` from an algorithm that does not report moves.
#[derive(Debug, Clone, Default)]
pub struct Moves {
    /// The best move.
    pub best: Option<usize>,
    /// The principal variation, best move first.
    pub pv: Dewey,
}

/// How many children the codes of `tree` are printed for: with separators
/// iff some node may have more than 9 (its shape's branching, or the
/// largest move in `codes` when the tree does not say).
pub fn code_width<'a, T: Tree + ?Sized>(tree: &T, codes: impl Iterator<Item = &'a Dewey>) -> usize {
    tree.bounds().map_or_else(
        || {
            codes
                .flat_map(|d| d.digits().iter().map(|&i| usize::from(i) + 1))
                .max()
                .unwrap_or(0)
        },
        |b| b.branching,
    )
}

impl Report {
    /// Sets `best`, `pv` and `moves_known` from `moves`, with the codes of
    /// `tree`.
    pub fn set_moves<T: Tree + ?Sized>(&mut self, tree: &T, moves: Option<Moves>) {
        self.set_move_names(moves.map(|m| m.names(tree)));
    }

    /// [`Report::set_moves`] with the names already made.
    pub fn set_move_names(&mut self, names: Option<MoveNames>) {
        self.moves_known = names.is_some();
        if let Some(n) = names {
            self.best = n.best;
            self.pv = n.pv;
        }
    }
}

/// The printed form of [`Moves`]: Dewey digits as the tree's width asks.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MoveNames {
    /// The best move, if any.
    pub best: Option<String>,
    /// The principal variation, if it has a move.
    pub pv: Option<String>,
}

impl Moves {
    /// The best move and, as the line, that move alone (for searches that
    /// know no deeper line; empty if a Dewey digit cannot number it).
    pub fn best_only(best: Option<usize>) -> Moves {
        let mut pv = Dewey::root();
        if let Some(b) = best.filter(|&b| b <= usize::from(u16::MAX)) {
            pv.push(b);
        }
        Moves { best, pv }
    }

    /// The moves as printed for `tree`.
    pub fn names<T: Tree + ?Sized>(&self, tree: &T) -> MoveNames {
        let Some(best) = self.best else {
            return MoveNames::default();
        };
        let first = if best <= usize::from(u16::MAX) {
            Dewey::root().child(best)
        } else {
            Dewey::root()
        };
        let width = code_width(tree, [&first, &self.pv].into_iter());
        MoveNames {
            best: Some(if first.depth() == 1 {
                first.display_for_width(width).to_string()
            } else {
                (best + 1).to_string()
            }),
            pv: (self.pv.depth() > 0).then(|| self.pv.display_for_width(width).to_string()),
        }
    }
}

/// The keys a multi-threaded search adds to a [`Report`].
#[derive(Debug, Serialize)]
pub struct ParallelJson {
    /// Searching threads: `--threads K`, or the leaf processors of an
    /// explicit processor tree.
    pub threads: usize,
    /// The processor tree of tree-splitting and pv-splitting (`(1, K)`
    /// unless `--processors` gave one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub processor_tree: Option<ProcessorTreeJson>,
    /// Processors (threads) of that tree, 1 + W + … + W^D.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub processors: Option<u64>,
    /// Leaf evaluations of each thread, in the library's order
    /// (`search_parallel::ThreadReport::per_thread`).
    pub per_thread: Vec<u64>,
    /// Jobs handed to other threads.
    pub jobs: u64,
}

/// A processor tree in JSON: `{"depth": 1, "width": 4}`.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ProcessorTreeJson {
    /// Levels of slaves below the root processor.
    pub depth: usize,
    /// Slaves per master.
    pub width: usize,
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
fn processors_text(tree: ProcessorTreeJson, count: u64) -> String {
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
pub struct SimulationReport {
    /// The algorithm's name (`SimAlgorithm::name`, also for `ts`/`pv`/`sss`).
    pub algorithm: &'static str,
    /// The simulated processor tree.
    pub processor_tree: ProcessorTreeJson,
    /// Processors simulated, 1 + W + … + W^D.
    pub processors: u64,
    /// The root's value (always the minimax value).
    #[serde(serialize_with = "value_json")]
    pub value: Value,
    /// The root processor's best move, printed as the tree's moves are
    /// (`null` on a terminal root).
    pub best: Option<String>,
    /// Simulated time until the root processor returns, in EVALTIME units.
    pub elapsed: u64,
    /// Terminal evaluations of all processors: N(A(k), T).
    pub evaluations: u64,
    /// Terminal evaluations of sequential alpha-beta: N(A(1), T).
    pub sequential: u64,
    /// Campbell's search overhead S = N(A(k), T) / N(A(1), T) (p. 34).
    pub overhead: f64,
    /// Sequential alpha-beta's time over the elapsed time.
    pub speedup: f64,
    /// Terminal evaluations of each processor, in preorder of the
    /// processor tree (0 is the root processor).
    pub per_processor: Vec<u64>,
    /// A one-line description of the tree (text output only).
    #[serde(skip)]
    pub tree: String,
}

impl SimulationReport {
    /// One JSON object on one line.
    pub fn to_json(&self) -> String {
        to_json_line(self)
    }

    /// Aligned `label  value` lines.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut line = |label: &str, value: &str| {
            let _ = writeln!(out, "{label:<LABEL$}{value}");
        };
        line("algorithm", self.algorithm);
        line("tree", &self.tree);
        line(
            "processors",
            &processors_text(self.processor_tree, self.processors),
        );
        line("value", &self.value.to_string());
        if let Some(best) = &self.best {
            line("best move", best);
        }
        line("elapsed", &format!("{} EVALTIME units", self.elapsed));
        line(
            "evaluations",
            &format!(
                "{} (sequential alpha-beta: {})",
                self.evaluations, self.sequential
            ),
        );
        line(
            "overhead",
            &format!(
                "{:.3} (S = N(A(k))/N(A(1)) = {}/{})",
                self.overhead, self.evaluations, self.sequential
            ),
        );
        line(
            "speed-up",
            &format!(
                "{:.3} ({} sequential units / {} elapsed)",
                self.speedup, self.sequential, self.elapsed
            ),
        );
        line("per proc.", &spaced(&self.per_processor));
        out
    }
}

/// Numbers separated by single spaces.
pub fn spaced(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A window in JSON: `{"alpha": 3, "beta": null}`, `null` for ±∞.
#[derive(Debug, Serialize)]
pub struct WindowJson {
    /// Lower end; `null` is −∞.
    #[serde(serialize_with = "value_json")]
    pub alpha: Value,
    /// Upper end; `null` is +∞.
    #[serde(serialize_with = "value_json")]
    pub beta: Value,
}

impl From<Window> for WindowJson {
    fn from(w: Window) -> WindowJson {
        WindowJson {
            alpha: w.alpha(),
            beta: w.beta(),
        }
    }
}

/// [`Bound`] as JSON: `"exact"`, `"lower"` (the minimax value is at least
/// `value`: the search failed high) or `"upper"` (at most: it failed low).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoundJson {
    /// `value` is the minimax value.
    Exact,
    /// The minimax value is at least `value`.
    Lower,
    /// The minimax value is at most `value`.
    Upper,
}

impl From<Bound> for BoundJson {
    fn from(b: Bound) -> BoundJson {
        match b {
            Bound::Exact => BoundJson::Exact,
            Bound::Lower => BoundJson::Lower,
            Bound::Upper => BoundJson::Upper,
        }
    }
}

/// A time in seconds, to the microsecond.
fn seconds_json<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((d.as_secs_f64() * 1e6).round() / 1e6)
}

/// A value as a plain JSON integer; the sentinels ±∞ as `null`.
fn value_json<S: Serializer>(v: &Value, s: S) -> Result<S::Ok, S::Error> {
    if v.is_infinite() {
        s.serialize_none()
    } else {
        s.serialize_i32(v.get())
    }
}

/// `value` as one JSON object on one line.
fn to_json_line<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).unwrap_or_else(|e| {
        // Serialising plain integers, floats and strings cannot fail (a
        // non-finite float becomes null); keep the promise of one object
        // anyway.
        serde_json::json!({ "error": e.to_string() }).to_string()
    });
    s.push('\n');
    s
}

/// Width of the label column of the text output.
const LABEL: usize = 12;
/// Lines of the `order` field wrap before this many columns.
const LINE: usize = 80;

impl Report {
    /// One JSON object on one line.
    pub fn to_json(&self) -> String {
        to_json_line(self)
    }

    /// Aligned `label  value` lines.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut line = |label: &str, value: &str| {
            let _ = writeln!(out, "{label:<LABEL$}{value}");
        };
        line("algorithm", self.algorithm);
        line("tree", &self.description);
        if let Some(w) = &self.window {
            line("window", &format!("({}, {})", w.alpha, w.beta));
        }
        line("value", &self.value.to_string());
        if let Some(b) = self.bound {
            let v = self.value;
            line(
                "bound",
                &match b {
                    BoundJson::Exact => "exact: the minimax value".to_owned(),
                    BoundJson::Lower => format!("lower: the search failed high, minimax >= {v}"),
                    BoundJson::Upper => format!("upper: the search failed low, minimax <= {v}"),
                },
            );
        }
        let moves = |m: &Option<String>| match m {
            _ if !self.moves_known => "n/a".to_owned(),
            Some(code) => code.clone(),
            None => "none".to_owned(),
        };
        line("best", &moves(&self.best));
        line("pv", &moves(&self.pv));
        line(
            "leaves",
            &match self.distinct_leaves {
                Some(distinct) => format!("{} ({distinct} distinct)", self.leaves),
                None => format!("{} (distinct not counted: tree too large)", self.leaves),
            },
        );
        line("interior", &self.interior.to_string());
        line(
            "peak OPEN",
            &self
                .peak_open
                .map_or_else(|| "n/a".to_owned(), |p| p.to_string()),
        );
        if let Some(p) = &self.parallel {
            line("threads", &p.threads.to_string());
            if let (Some(tree), Some(count)) = (p.processor_tree, p.processors) {
                line("processors", &processors_text(tree, count));
            }
            line("per thread", &spaced(&p.per_thread));
            line("jobs", &p.jobs.to_string());
        }
        if let Some(order) = &self.order {
            out.push_str(&wrap("order", order));
        }
        out
    }
}

/// `label` and the words, filled into lines of at most [`LINE`] columns,
/// continuation lines indented to the value column.
fn wrap(label: &str, words: &[String]) -> String {
    let mut out = format!("{label:<LABEL$}");
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_the_value_column() {
        let words: Vec<String> = (0..40).map(|i| format!("{:04}", 1000 + i)).collect();
        let s = wrap("order", &words);
        for l in s.lines() {
            assert!(l.chars().count() <= LINE, "{l}");
        }
        assert!(s.lines().skip(1).all(|l| l.starts_with(&" ".repeat(LABEL))));
        assert_eq!(s.split_whitespace().count(), 41);
    }
}

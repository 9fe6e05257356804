//! The subcommands: check how the arguments combine, build the tree, search
//! it through [`Traced`], and render the [`Report`].
//!
//! Every tree type goes through the one generic [`search`]; only
//! [`TreeSource::load_and_search`]'s match knows that there are two (explicit and
//! generated).

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use search_bestfirst::{Algorithm as BestFirst, Options};
use search_depthfirst::{Algorithm, Bound, Scored, Window};
use tree_core::{ExplicitTree, GenSpec, Generator, Traced, Tree, TreeError, Value};

use crate::cli::{Command, SearchArgs};
use crate::report::Report;

/// Runs one subcommand and returns what it prints on standard output.
///
/// # Errors
/// Every problem with the input, as one message for `gametree: error: …`.
pub fn run(command: &Command) -> Result<String> {
    match command {
        Command::Algos => Ok(algos()),
        Command::Search(args) => search_command(args),
        Command::Othello(args) => crate::othello::run(args),
    }
}

/// `gametree algos`: one aligned line per algorithm, depth-first first.
fn algos() -> String {
    let rows: Vec<(&str, &str)> = Algorithm::ALL
        .iter()
        .map(|a| (a.name(), a.description()))
        .chain(BestFirst::ALL.iter().map(|a| (a.name(), a.description())))
        .collect();
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (name, description) in rows {
        let _ = writeln!(out, "{name:<width$}  {description}");
    }
    out
}

/// An algorithm of either family.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Algo {
    Depth(Algorithm),
    Best(BestFirst),
}

impl Algo {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Algo::Depth(a) => a.name(),
            Algo::Best(a) => a.name(),
        }
    }
}

impl std::fmt::Display for Algo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Algo {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Algo> {
        if let Ok(a) = s.parse::<Algorithm>() {
            return Ok(Algo::Depth(a));
        }
        if let Ok(a) = s.parse::<BestFirst>() {
            return Ok(Algo::Best(a));
        }
        let known: Vec<&str> = Algorithm::ALL
            .iter()
            .map(|a| a.name())
            .chain(BestFirst::ALL.iter().map(|a| a.name()))
            .collect();
        bail!("unknown algorithm '{s}' (known: {})", known.join(", "))
    }
}

/// The algorithms that take a window (`--alpha`/`--beta`); each is run
/// through its own function rather than [`Algorithm::run`].
const WINDOW_ALGORITHMS: [Algorithm; 3] = [
    Algorithm::AlphaBeta,
    Algorithm::FAlphaBeta,
    Algorithm::LAlphaBeta,
];

/// What a search is asked to do, arguments checked.
#[derive(Debug)]
struct Job {
    algorithm: Algo,
    window: Option<Window>,
    /// Options of a best-first algorithm.
    options: Options,
    trace: bool,
}

fn search_command(args: &SearchArgs) -> Result<String> {
    let job = job(args)?;
    let source = TreeSource::from_args(args)?;
    let report = source.load_and_search(&job)?;
    Ok(if args.json {
        report.to_json()
    } else {
        report.to_text()
    })
}

/// The algorithm, window and memory arguments, checked against each other.
fn job(args: &SearchArgs) -> Result<Job> {
    let algorithm: Algo = args.algo.parse()?;
    let mut options = Options::default();
    match algorithm {
        Algo::Depth(a) => {
            if let Some(m) = args.memory {
                bail!(
                    "algorithm '{a}' is depth-first: it has no OPEN list and takes no memory \
                     budget (--memory {m} is for the best-first algorithms)"
                );
            }
        }
        Algo::Best(_) => {
            if let Some(m) = args.memory {
                options.memory = Some(usize::try_from(m).context("--memory is too large")?);
            }
        }
    }
    match (args.upper, algorithm) {
        (Some(u), Algo::Best(BestFirst::SssAspiration)) => options.upper = u,
        (Some(_), _) => bail!("--upper is for sss-aspiration; '{algorithm}' takes no upper bound"),
        (None, _) => {}
    }
    match (args.stage, algorithm) {
        (Some(0), _) => bail!("--stage must be at least 1"),
        (Some(k), Algo::Best(BestFirst::StagedSss)) => options.stage = k,
        (Some(_), _) => bail!("--stage is for staged-sss; '{algorithm}' has no stages"),
        (None, _) => {}
    }
    match (args.searchd, algorithm) {
        (Some(s), Algo::Best(BestFirst::MGame)) => options.searchd = s,
        (Some(_), _) => bail!("--searchd is for mgame; '{algorithm}' has no local searches"),
        (None, _) => {}
    }
    let window = match (args.alpha, args.beta) {
        (None, None) => None,
        (alpha, beta) => {
            let takes_window =
                matches!(algorithm, Algo::Depth(a) if WINDOW_ALGORITHMS.contains(&a));
            if !takes_window {
                bail!(
                    "algorithm '{algorithm}' takes no window (--alpha/--beta); the algorithms \
                     that do are {}",
                    names(&WINDOW_ALGORITHMS)
                );
            }
            let w = Window::new(alpha.unwrap_or(Value::NEG_INF), beta.unwrap_or(Value::INF))?;
            Some(w)
        }
    };
    Ok(Job {
        algorithm,
        window,
        options,
        trace: args.trace,
    })
}

fn names(algorithms: &[Algorithm]) -> String {
    algorithms
        .iter()
        .map(|a| a.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where the tree comes from.
#[derive(Debug)]
enum TreeSource {
    /// Nested-array text.
    Text(PathBuf),
    /// A Campbell tree file of a uniform (b, d) tree.
    Campbell { path: PathBuf, b: usize, d: usize },
    /// A generator.
    Generated(GenSpec),
}

impl TreeSource {
    fn from_args(args: &SearchArgs) -> Result<TreeSource> {
        let shape = (args.branching, args.depth);
        match (&args.tree, &args.generator) {
            (Some(_), Some(_)) => bail!("give either --tree FILE or --gen KIND, not both"),
            (None, None) => bail!("no tree: give --tree FILE or --gen KIND --b B --d D"),
            (Some(path), None) => {
                if args.seed.is_some() || args.index.is_some() {
                    bail!(
                        "--seed and --index choose a generated tree; they do not apply to --tree"
                    );
                }
                let path = path.clone();
                match shape {
                    (None, None) => Ok(TreeSource::Text(path)),
                    (Some(b), Some(d)) => Ok(TreeSource::Campbell { path, b, d }),
                    (Some(_), None) => {
                        bail!("missing --d: a Campbell tree file needs both --b and --d")
                    }
                    (None, Some(_)) => {
                        bail!("missing --b: a Campbell tree file needs both --b and --d")
                    }
                }
            }
            (None, Some(kind)) => {
                let generator: Generator = kind.parse()?;
                let (Some(b), Some(d)) = shape else {
                    bail!("missing --b or --d: --gen {kind} needs both --b B and --d D");
                };
                let spec = GenSpec::new(
                    generator,
                    b,
                    d,
                    args.seed.unwrap_or(0),
                    args.index.unwrap_or(0),
                );
                Ok(TreeSource::Generated(spec))
            }
        }
    }

    /// Builds the tree and searches it: the one place that knows the tree
    /// types.
    fn load_and_search(&self, job: &Job) -> Result<Report> {
        match self {
            TreeSource::Text(path) => {
                let tree = read_text_tree(path)?;
                search(&tree, describe_explicit(path, &tree), job)
            }
            TreeSource::Campbell { path, b, d } => {
                let tree = read_campbell_tree(path, *b, *d)?;
                search(&tree, describe_explicit(path, &tree), job)
            }
            TreeSource::Generated(spec) => {
                let tree = spec.build().with_context(|| {
                    format!(
                        "cannot generate a {} ({},{}) tree",
                        spec.generator, spec.b, spec.d
                    )
                })?;
                let what = format!(
                    "{} ({},{}), seed {}, index {}",
                    spec.generator, spec.b, spec.d, spec.seed, spec.index
                );
                search(&tree, what, job)
            }
        }
    }
}

/// Searches `tree` as `job` says, measuring at the trait boundary.
fn search<T: Tree>(tree: &T, what: String, job: &Job) -> Result<Report> {
    let traced = Traced::new(tree);
    let algorithm = job.algorithm;
    let mut peak_open = None;
    let scored = match (algorithm, job.window) {
        (Algo::Depth(a), None) => Scored {
            value: a.run(&traced)?,
            bound: Bound::Exact,
        },
        (Algo::Depth(a), Some(w)) => search_window(a, &traced, w)?,
        (Algo::Best(a), _) => {
            let out = a.run(&traced, &job.options)?;
            peak_open = Some(out.memory.peak as u64);
            Scored {
                value: out.value,
                bound: Bound::Exact,
            }
        }
    };
    let stats = traced.stats();
    let order = job.trace.then(|| {
        let order = traced.order();
        // Codes of one tree print alike: with separators iff some node of
        // the tree may have more than 9 children.
        let width = tree.bounds().map_or_else(
            || {
                order
                    .iter()
                    .flat_map(|d| d.digits().iter().map(|&i| usize::from(i) + 1))
                    .max()
                    .unwrap_or(0)
            },
            |b| b.branching,
        );
        order
            .iter()
            .map(|d| d.display_for_width(width).to_string())
            .collect()
    });
    Ok(Report {
        algorithm: algorithm.name(),
        window: job.window.map(Into::into),
        value: scored.value,
        bound: job.window.map(|_| scored.bound.into()),
        leaves: stats.leaves,
        distinct_leaves: traced.distinct_leaves(),
        interior: stats.interior,
        peak_open,
        order,
        tree: what,
    })
}

/// The window-taking algorithms, each through its own function.
fn search_window<T: Tree>(algorithm: Algorithm, tree: &T, w: Window) -> Result<Scored> {
    // What a fail-hard or fail-soft result says about the minimax value.
    let classify = |value: Value| Scored {
        value,
        bound: if value <= w.alpha() {
            Bound::Upper
        } else if value >= w.beta() {
            Bound::Lower
        } else {
            Bound::Exact
        },
    };
    let scored = match algorithm {
        Algorithm::AlphaBeta => search_depthfirst::alphabeta(tree, w).map(classify),
        Algorithm::FAlphaBeta => search_depthfirst::falphabeta(tree, w).map(classify),
        Algorithm::LAlphaBeta => search_depthfirst::lalphabeta(tree, w),
        _ => return Err(anyhow!("algorithm '{algorithm}' takes no window")),
    };
    Ok(scored?)
}

/// Reads a tree in the nested text form; a file that is not tree text and
/// looks binary is probably a Campbell tree file given without its shape.
fn read_text_tree(path: &Path) -> Result<ExplicitTree> {
    let bytes = read_all(path)?;
    let name = path.display();
    let hint = "to read it as a Campbell tree file, give --b and --d";
    let Ok(text) = std::str::from_utf8(&bytes) else {
        bail!("tree file '{name}' is not tree text (not UTF-8) and looks binary: {hint}");
    };
    ExplicitTree::parse(text).map_err(|e| {
        if looks_binary(&bytes) {
            return anyhow!("tree file '{name}' is not tree text ({e}) and looks binary: {hint}");
        }
        let at = |position: usize| {
            let (line, column) = line_column(text, position);
            format!("tree file '{name}', line {line}, column {column}")
        };
        match &e {
            // "tree text, byte P: what is wrong"
            TreeError::Parse { position, .. } => anyhow!("{}: {e}", at(*position)),
            TreeError::LeafValue { position, source } => {
                anyhow!("{} (byte {position}): {source}", at(*position))
            }
            _ => anyhow!("tree file '{name}': {e}"),
        }
    })
}

/// Reads a Campbell tree file of a (b, d) tree.
fn read_campbell_tree(path: &Path, b: usize, d: usize) -> Result<ExplicitTree> {
    let name = path.display();
    let context = || format!("Campbell tree file '{name}' as a ({b},{d}) tree");
    if path == Path::new("-") {
        ExplicitTree::read_campbell(std::io::stdin().lock(), b, d).with_context(context)
    } else {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read tree file '{name}'"))?;
        ExplicitTree::read_campbell(std::io::BufReader::new(file), b, d).with_context(context)
    }
}

/// The whole file, or standard input for `-`.
fn read_all(path: &Path) -> Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .context("cannot read the tree from standard input")?;
        Ok(bytes)
    } else {
        std::fs::read(path).with_context(|| format!("cannot read tree file '{}'", path.display()))
    }
}

/// Not UTF-8, or control bytes other than white space.
fn looks_binary(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes).is_err()
        || bytes
            .iter()
            .any(|&c| c.is_ascii_control() && !c.is_ascii_whitespace())
}

/// 1-based line and column (in characters) of byte offset `pos` of `text`.
fn line_column(text: &str, pos: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..pos.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&c| c == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// `path: uniform (b,d), n nodes` or `path: b <= …, d = …, n nodes`.
fn describe_explicit(path: &Path, tree: &ExplicitTree) -> String {
    let nodes = tree.node_count();
    match tree.bounds() {
        Some(b) if b.uniform => format!(
            "{}: uniform ({},{}), {nodes} nodes",
            path.display(),
            b.branching,
            b.depth
        ),
        Some(b) => format!(
            "{}: non-uniform, b <= {}, d = {}, {nodes} nodes",
            path.display(),
            b.branching,
            b.depth
        ),
        None => format!("{}: {nodes} nodes", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_columns() {
        assert_eq!(line_column("abc", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab\n", 3), (2, 1));
        assert_eq!(line_column("é\nxé!", 6), (2, 3));
        assert_eq!(line_column("x", 99), (1, 2));
    }

    #[test]
    fn binary_detection() {
        assert!(!looks_binary(b"[1,\t2]\r\n# ok\n"));
        assert!(looks_binary(b"\x00\x07\x03"));
        assert!(looks_binary(&[0xff, b'[']));
        assert!(!looks_binary("[1] # é".as_bytes()));
    }

    #[test]
    fn every_window_algorithm_is_an_algorithm() {
        for a in WINDOW_ALGORITHMS {
            assert!(Algorithm::ALL.contains(&a));
        }
    }
}

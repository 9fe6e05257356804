//! Where a tree comes from (`--tree FILE`, a Campbell file, `--gen KIND`),
//! reading and checking it, and handing it to whatever runs on it.
//!
//! Every command that takes a tree (the search, the simulation, the MPI
//! search) implements [`TreeVisitor`]; [`TreeSource::load`] is the one
//! place that knows the tree types and calls the visitor's generic
//! [`visit`](TreeVisitor::visit) with the concrete one.

use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use serde::Serialize;
use tree_core::{ExplicitTree, GenSpec, Generator, Tree, TreeError};

/// Where a tree comes from: `--tree FILE` (text, or with `--b`/`--d` a
/// Campbell tree file) or `--gen KIND --b B --d D [--seed S] [--index I]`;
/// shared by `gametree search` and `gametree simulate`.
#[derive(Args, Debug)]
pub struct TreeArgs {
    /// Read the tree from FILE: nested-array text such as
    /// `[[4,[[5,5],[5,5]]]]` (`#` comments allowed), or, with --b and --d, a
    /// Campbell tree file (b^d bytes, one per leaf, leftmost first). `-`
    /// reads standard input. Memory: a Campbell file takes about 4 times
    /// its size, a text file at most about 11 times (20 bytes a node, for
    /// at least 2 bytes of text a node); at most 2^28 nodes.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,

    /// Generate the tree with generator KIND (needs --b and --d).
    #[arg(long = "gen", value_name = "KIND", long_help = gen_help())]
    pub generator: Option<String>,

    /// Branching degree of a generated tree or a Campbell tree file.
    #[arg(long = "b", value_name = "B", allow_hyphen_values = true, value_parser = crate::parse::whole::<usize>)]
    pub branching: Option<usize>,

    /// Depth of a generated tree or a Campbell tree file.
    #[arg(long = "d", value_name = "D", allow_hyphen_values = true, value_parser = crate::parse::whole::<usize>)]
    pub depth: Option<usize>,

    /// Seed of a generated tree's experiment [default: 0].
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub seed: Option<u64>,

    /// Index of a generated tree within its experiment [default: 0].
    #[arg(long, value_name = "I", allow_hyphen_values = true, value_parser = crate::parse::whole::<u64>)]
    pub index: Option<u64>,
}

fn gen_help() -> String {
    format!(
        "Generate the tree with generator KIND (needs --b and --d; --seed and --index pick \
         the tree). KIND is one of: {}",
        Generator::NAMES.join(", ")
    )
}

/// Where a searched tree came from, for the JSON report: enough to search
/// it again.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "source", rename_all = "lowercase")]
pub(crate) enum TreeJson {
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

/// Something to do with a tree of any type: the generic half of
/// [`TreeSource::load`].
///
/// The bounds are those of [`gametree::search`], which shares a tree
/// among threads for the multi-threaded algorithms; every tree the CLI
/// builds meets them.
pub(crate) trait TreeVisitor {
    /// What the visit produces.
    type Output;

    /// Runs on `tree`, described in one line by `description` (its source
    /// and shape).
    ///
    /// # Errors
    /// Whatever the visitor's search reports.
    fn visit<T>(self, tree: &T, description: String) -> Result<Self::Output>
    where
        T: Tree + Sync,
        T::Node: Send + Sync;
}

/// Where the tree comes from.
#[derive(Debug)]
pub(crate) enum TreeSource {
    /// Nested-array text.
    Text(PathBuf),
    /// A Campbell tree file of a uniform (b, d) tree.
    Campbell { path: PathBuf, b: usize, d: usize },
    /// A generator.
    Generated(GenSpec),
}

impl TreeSource {
    pub(crate) fn from_args(args: &TreeArgs) -> Result<TreeSource> {
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

    /// Builds the tree and hands it to `visitor`, with a one-line
    /// description: the one place that knows the tree types.
    pub(crate) fn load<V: TreeVisitor>(&self, visitor: V) -> Result<V::Output> {
        match self {
            TreeSource::Text(path) => {
                let tree = read_text_tree(path)?;
                visitor.visit(&tree, describe_explicit(path, &tree))
            }
            TreeSource::Campbell { path, b, d } => {
                let tree = read_campbell_tree(path, *b, *d)?;
                visitor.visit(&tree, describe_explicit(path, &tree))
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
                visitor.visit(&tree, what)
            }
        }
    }
}

/// Reads a tree in the nested text form; a file that is not tree text and
/// looks binary is probably a Campbell tree file given without its shape.
fn read_text_tree(path: &Path) -> Result<ExplicitTree> {
    let read = read_all(path)?;
    // A UTF-8 byte-order mark is not part of the text.
    let bytes = read.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&read);
    let name = path.display();
    let hint = "to read it as a Campbell tree file, give --b and --d";
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e)
            if e.valid_up_to() == 0
                || e.error_len().is_none()
                || looks_binary(&bytes[..e.valid_up_to()])
                || bytes
                    .iter()
                    .any(|&c| c.is_ascii_control() && !c.is_ascii_whitespace()) =>
        {
            bail!("tree file '{name}' is not tree text (not UTF-8) and looks binary: {hint}")
        }
        Err(e) => {
            // Text with a stray byte: say where it is.
            let at = e.valid_up_to();
            let valid = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
            let (line, column) = line_column(valid, at);
            bail!(
                "tree file '{name}', line {line}, column {column}: not UTF-8 text (byte 0x{:02X})",
                bytes[at]
            )
        }
    };
    ExplicitTree::parse(text).map_err(|e| {
        if looks_binary(bytes) {
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
}

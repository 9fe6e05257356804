//! `cargo xtask fuzz`: a mutation fuzzer for every parser of the
//! workspace, on stable Rust.
//!
//! Each [`Target`] takes bytes and runs one parser on them, then checks what
//! a successful parse promises (it prints back to what it read, a Campbell
//! file writes back byte for byte, the tree has `b^d` leaves …). An input
//! fails if the parser panics or a promise is broken. Inputs are made from
//! a seed corpus (`fuzz/corpus/TARGET/`, in the repository) by random
//! mutations: bit flips, random and chosen bytes and tokens (brackets,
//! signs, huge numbers, a byte-order mark, CRLF, bytes that are not
//! UTF-8), deletions, duplications, splices of two corpus files and
//! truncations. The generator is SplitMix64 from `--seed`, so a run is
//! reproducible; a failing input is written to
//! `target/fuzz/failures/TARGET/` with its seed and case number.
//!
//! `cargo test` runs every target for a few thousand cases
//! (`xtask/tests/unit/fuzz.rs`); a longer run is
//! `cargo xtask fuzz --seconds 600` (every target in turn) or
//! `cargo xtask fuzz --target tree-text --cases 10000000`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

/// One parser under test: its name (also its corpus folder's) and the
/// check that runs it on an input.
#[derive(Debug)]
pub struct Target {
    /// The name, as `--target` takes it.
    pub name: &'static str,
    /// What it parses.
    pub what: &'static str,
    /// Runs the parser on the input: whether it parsed, or `Err` when a
    /// promise is broken (a parse error is not one).
    pub check: fn(&[u8]) -> Result<bool, String>,
}

/// Every parser: tree text, Campbell tree files, Othello Board Files,
/// Othello positions, generator names, Dewey paths and algorithm names.
pub static TARGETS: &[Target] = &[
    Target {
        name: "tree-text",
        what: "tree_core::ExplicitTree::parse (nested tree text)",
        check: tree_text,
    },
    Target {
        name: "campbell",
        what: "tree_core::ExplicitTree::read_campbell (the first two bytes give b and d)",
        check: campbell,
    },
    Target {
        name: "obf",
        what: "othello::obf::parse_obf (Othello Board Files)",
        check: obf,
    },
    Target {
        name: "position",
        what: "othello::Position's FromStr (64 squares and the side to move)",
        check: position,
    },
    Target {
        name: "generator",
        what: "tree_core::Generator's FromStr (generator names)",
        check: generator,
    },
    Target {
        name: "dewey",
        what: "tree_core::Dewey's FromStr (paths such as 1.2.3)",
        check: dewey,
    },
    Target {
        name: "algorithm",
        what: "gametree::Algorithm's FromStr (algorithm names)",
        check: algorithm,
    },
];

/// The target named `name`.
///
/// # Errors
/// An unknown name, with the known ones.
pub fn target(name: &str) -> Result<&'static Target> {
    TARGETS.iter().find(|t| t.name == name).with_context(|| {
        let known: Vec<&str> = TARGETS.iter().map(|t| t.name).collect();
        format!("unknown fuzz target '{name}' (known: {})", known.join(", "))
    })
}

fn text(bytes: &[u8]) -> Option<&str> {
    std::str::from_utf8(bytes).ok()
}

fn tree_text(bytes: &[u8]) -> Result<bool, String> {
    let Some(text) = text(bytes) else {
        return Ok(false);
    };
    let Ok(tree) = tree_core::ExplicitTree::parse(text) else {
        return Ok(false);
    };
    let printed = tree.to_string();
    let again = tree_core::ExplicitTree::parse(&printed)
        .map_err(|e| format!("the printed tree does not parse: {e}: {printed}"))?;
    if again.to_string() != printed {
        return Err(format!("printing is not stable: {printed}"));
    }
    if tree_core::minimax(&again) != tree_core::minimax(&tree) {
        return Err("the printed tree has another value".into());
    }
    Ok(true)
}

fn campbell(bytes: &[u8]) -> Result<bool, String> {
    let [b, d, file @ ..] = bytes else {
        return Ok(false);
    };
    let (b, d) = (usize::from(*b % 6), usize::from(*d % 8));
    let Ok(tree) = tree_core::ExplicitTree::read_campbell(file, b, d) else {
        return Ok(false);
    };
    let leaves = tree.leaves().count();
    if Some(leaves) != b.checked_pow(d as u32) {
        return Err(format!("a ({b},{d}) tree with {leaves} leaves"));
    }
    let mut written = Vec::new();
    tree.write_campbell(&mut written)
        .map_err(|e| format!("the tree read does not write back: {e}"))?;
    if written != file {
        return Err("the tree read writes back other bytes".into());
    }
    Ok(true)
}

fn obf(bytes: &[u8]) -> Result<bool, String> {
    let Some(text) = text(bytes) else {
        return Ok(false);
    };
    let mut any = false;
    for parsed in othello::obf::parse_obf(text).into_iter().flatten() {
        any = true;
        let printed = parsed.position.to_string();
        let again: othello::Position = printed.parse().map_err(|e| {
            format!(
                "line {}: the printed position does not parse: {e}",
                parsed.line
            )
        })?;
        if again != parsed.position {
            return Err(format!(
                "line {}: the printed position differs",
                parsed.line
            ));
        }
        if parsed.line == 0 || parsed.line > text.lines().count() + 1 {
            return Err(format!("line {} of a text of fewer lines", parsed.line));
        }
    }
    Ok(any)
}

/// Reads `bytes` as a `T`; what parses prints back to text that reads
/// as the same `T`. `what` names it in a failure.
fn round_trip<T>(bytes: &[u8], what: &str) -> Result<Option<T>, String>
where
    T: std::str::FromStr + std::fmt::Display + PartialEq,
    T::Err: std::fmt::Display,
{
    let Some(Ok(value)) = text(bytes).map(str::parse::<T>) else {
        return Ok(None);
    };
    let printed = value.to_string();
    let again: T = printed
        .parse()
        .map_err(|e| format!("the printed {what} '{printed}' does not parse: {e}"))?;
    if again != value {
        return Err(format!(
            "the printed {what} '{printed}' reads back as another"
        ));
    }
    Ok(Some(value))
}

fn position(bytes: &[u8]) -> Result<bool, String> {
    let p = round_trip::<othello::Position>(bytes, "position")?;
    // Whatever was read is a position the game can be played from.
    Ok(p.map(|p| (p.moves(), p.is_game_over())).is_some())
}

fn generator(bytes: &[u8]) -> Result<bool, String> {
    Ok(round_trip::<tree_core::Generator>(bytes, "generator")?.is_some())
}

fn dewey(bytes: &[u8]) -> Result<bool, String> {
    Ok(round_trip::<tree_core::Dewey>(bytes, "path")?.is_some())
}

fn algorithm(bytes: &[u8]) -> Result<bool, String> {
    let Some(text) = text(bytes) else {
        return Ok(false);
    };
    let Ok(a) = text.parse::<gametree::Algorithm>() else {
        return Ok(false);
    };
    // Names are read without regard to case.
    if !a.name().eq_ignore_ascii_case(text) {
        return Err(format!("'{text}' reads as {}", a.name()));
    }
    Ok(true)
}

/// SplitMix64: the fuzzer's random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        tree_core::mix64(self.0)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Tokens the parsers treat specially, and values at the edges.
const TOKENS: &[&[u8]] = &[
    b"[",
    b"]",
    b",",
    b"-",
    b"+",
    b"#",
    b".",
    b":",
    b";",
    b"..",
    b"@",
    b" ",
    b"\n",
    b"\r\n",
    b"\t",
    b"\xEF\xBB\xBF",
    b"\xFF",
    b"\xC3",
    b"0",
    b"-0",
    b"2147483646",
    b"-2147483646",
    b"2147483647",
    b"99999999999999999999",
    b"18446744073709551615",
    b"inf",
    b"nan",
    b"X",
    b"O",
    b"-",
    b"pass",
    b"PS",
    b"a1",
    b"h8",
    b"i9",
    b"campbell-",
    b"random:",
];

/// A mutation of `input`, with `other` (another corpus file) for splices.
fn mutate(rng: &mut Rng, input: &[u8], other: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(out.len() + 1);
        match rng.below(9) {
            0 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] ^= 1 << rng.below(8);
            }
            1 if !out.is_empty() => {
                let i = rng.below(out.len());
                out[i] = rng.next() as u8;
            }
            2 => out.insert(at, rng.next() as u8),
            3 => {
                let token = TOKENS[rng.below(TOKENS.len())];
                out.splice(at..at, token.iter().copied());
            }
            4 if !out.is_empty() => {
                let from = rng.below(out.len());
                let len = 1 + rng.below(8);
                out.drain(from..(from + len).min(out.len()));
            }
            5 if at < out.len() => {
                let len = 1 + rng.below(16.min(out.len() - at));
                let piece = out[at..at + len].to_vec();
                out.splice(at..at, piece);
            }
            6 if !other.is_empty() => {
                let from = rng.below(other.len());
                let len = 1 + rng.below(other.len() - from);
                out.splice(at..at, other[from..from + len].iter().copied());
            }
            7 => out.truncate(at),
            _ => {
                // A digit run: numbers of every length.
                let digits = 1 + rng.below(24);
                let number: Vec<u8> = (0..digits).map(|_| b'0' + rng.below(10) as u8).collect();
                out.splice(at..at, number);
            }
        }
        // Keep inputs small: the parsers are linear, the mutations are not.
        out.truncate(1 << 16);
    }
    out
}

/// The seed corpus of `target` in the repository.
///
/// # Errors
/// A missing or empty corpus folder, or an unreadable file.
pub fn corpus(root: &Path, target: &Target) -> Result<Vec<Vec<u8>>> {
    let dir = root.join("fuzz/corpus").join(target.name);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("the seed corpus {}", dir.display()))?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    files.sort();
    let inputs = files
        .iter()
        .map(|f| std::fs::read(f).with_context(|| format!("reading {}", f.display())))
        .collect::<Result<Vec<_>>>()?;
    if inputs.is_empty() {
        bail!("the seed corpus {} is empty", dir.display());
    }
    Ok(inputs)
}

/// A failing input: the case that found it and why.
#[derive(Debug, Clone)]
pub struct Failure {
    /// The case number (0-based; the corpus files themselves come first).
    pub case: u64,
    /// The input.
    pub input: Vec<u8>,
    /// The panic's message or the broken promise.
    pub why: String,
}

/// How long a run goes on.
#[derive(Debug, Clone, Copy)]
pub enum Budget {
    /// This many mutated inputs.
    Cases(u64),
    /// Until this much time has passed.
    Time(Duration),
}

/// What a run did.
#[derive(Debug, Clone, Default)]
pub struct Outcome {
    /// The inputs tried (the corpus's and the mutations).
    pub tried: u64,
    /// How many of them parsed: the share of inputs that reach the checks
    /// of a successful parse.
    pub parsed: u64,
    /// The failure that stopped the run, if one did.
    pub failure: Option<Failure>,
}

/// Runs `target` on its corpus and then on mutations of it, from `seed`,
/// for `budget`; stops at the first failure. `progress` is called about
/// once a second with the inputs tried so far.
pub fn run(
    target: &Target,
    corpus: &[Vec<u8>],
    seed: u64,
    budget: Budget,
    mut progress: impl FnMut(u64),
) -> Outcome {
    let start = Instant::now();
    let mut last = start;
    let mut rng = Rng(seed);
    let mut outcome = Outcome::default();
    let one = |outcome: &mut Outcome, input: Vec<u8>| -> bool {
        let case = outcome.tried;
        outcome.tried += 1;
        let result = catch_unwind(AssertUnwindSafe(|| (target.check)(&input)));
        let why = match result {
            Ok(Ok(parsed)) => {
                outcome.parsed += u64::from(parsed);
                return false;
            }
            Ok(Err(why)) => why,
            Err(panic) => {
                let message = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                format!("panicked: {message}")
            }
        };
        outcome.failure = Some(Failure { case, input, why });
        true
    };
    for input in corpus {
        if one(&mut outcome, input.clone()) {
            return outcome;
        }
    }
    loop {
        match budget {
            Budget::Cases(n) if outcome.tried >= n + corpus.len() as u64 => break,
            Budget::Time(t) if start.elapsed() >= t => break,
            _ => {}
        }
        let input = &corpus[rng.below(corpus.len())];
        let other = &corpus[rng.below(corpus.len())];
        let mut mutated = mutate(&mut rng, input, other);
        // Sometimes a mutation of a mutation.
        if rng.below(4) == 0 {
            mutated = mutate(&mut rng, &mutated, other);
        }
        if one(&mut outcome, mutated) {
            return outcome;
        }
        if last.elapsed() >= Duration::from_secs(1) {
            last = Instant::now();
            progress(outcome.tried);
        }
    }
    outcome
}

/// `cargo xtask fuzz`: every target (or one) for the budget, each from
/// `seed`; a failure is written under `target/fuzz/failures/` and is an
/// error.
///
/// # Errors
/// An unknown target, a missing corpus, or a failing input.
pub fn main(args: &crate::cli::FuzzArgs) -> Result<()> {
    let root = crate::paths::workspace_root();
    let targets: Vec<&Target> = match &args.target {
        Some(name) => vec![target(name)?],
        None => TARGETS.iter().collect(),
    };
    let budget = match (args.cases, args.seconds) {
        (Some(_), Some(_)) => bail!("--cases and --seconds do not combine: give one"),
        (Some(n), None) => Budget::Cases(n),
        (None, Some(s)) => Budget::Time(Duration::from_secs(s) / targets.len() as u32),
        (None, None) => Budget::Cases(100_000),
    };
    for t in targets {
        let inputs = corpus(&root, t)?;
        eprintln!(
            "fuzz {}: {} ({} corpus files)",
            t.name,
            t.what,
            inputs.len()
        );
        let start = Instant::now();
        let outcome = run(t, &inputs, args.seed, budget, |n| {
            eprintln!("  {n} inputs, {:.0} s", start.elapsed().as_secs_f64());
        });
        eprintln!(
            "  {} inputs ({} parsed) in {:.1} s: {}",
            outcome.tried,
            outcome.parsed,
            start.elapsed().as_secs_f64(),
            if outcome.failure.is_some() {
                "FAILED"
            } else {
                "no failure"
            }
        );
        if let Some(f) = outcome.failure {
            let dir = crate::paths::target_dir(&root)
                .join("fuzz/failures")
                .join(t.name);
            std::fs::create_dir_all(&dir)?;
            let file = dir.join(format!("seed-{}-case-{}", args.seed, f.case));
            crate::reproduce::doc::write_atomic(&file, &f.input)?;
            bail!(
                "fuzz {}: case {} fails: {} (the input is {})",
                t.name,
                f.case,
                f.why,
                file.display()
            );
        }
    }
    Ok(())
}

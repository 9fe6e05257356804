//! What the subcommands share about their options: the flag that sets
//! each of the library's settings, the library's errors in the command
//! line's words, the processor-tree argument, and the one error line.

use std::io::Write as _;
use std::process::ExitCode;

use anyhow::{Result, anyhow, bail};
use gametree::{Algorithm, Error, ProcessorTree, Setting};

/// The flag that sets `setting` on the command line.
pub(crate) fn flag(setting: Setting) -> &'static str {
    match setting {
        Setting::Memory => "--memory",
        Setting::TableBytes => "--table-bytes",
        Setting::Threads => "--threads",
        Setting::TimeLimit => "--time-ms",
        Setting::MaxLeaves => "--max-leaves",
        Setting::Window => "--alpha/--beta",
        Setting::Stage => "--stage",
        Setting::Upper => "--upper",
        Setting::Searchd => "--searchd",
        Setting::Processors => "--processors",
        Setting::Type2 => "--no-type2",
        Setting::Trace => "--trace",
        Setting::Parallel => "--parallel",
        #[cfg(feature = "mpi")]
        Setting::RankTimeout => "--mpi-timeout",
        other => other.name(),
    }
}

/// `e` as the command line says it: a setting by its flag.
pub(crate) fn explain(e: Error) -> anyhow::Error {
    match e {
        Error::NotTaken { algorithm, setting } => {
            let takers: Vec<&str> = setting.algorithms().map(Algorithm::name).collect();
            anyhow!(
                "algorithm '{algorithm}' takes no {} ({}); the algorithms that do: {}",
                flag(setting),
                setting.description(),
                takers.join(", ")
            )
        }
        Error::InvalidSetting { setting, message } => {
            anyhow!("invalid {}: {message}", flag(setting))
        }
        e => anyhow::Error::new(e),
    }
}

/// `DEPTH,WIDTH` as a processor tree of at most
/// [`ProcessorTree::MAX_PROCESSORS`] processors.
pub(crate) fn parse_processors(text: &str) -> Result<ProcessorTree> {
    let bad = || {
        anyhow!(
            "bad --processors '{text}': expected DEPTH,WIDTH, two non-negative integers such \
             as 1,4 (one master with 4 slaves)"
        )
    };
    let (depth, width) = text.split_once(',').ok_or_else(bad)?;
    let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
    let processors = ProcessorTree {
        depth: number(depth)?,
        width: number(width)?,
    };
    if processors.depth > 0 && processors.width == 0 {
        bail!(search_parallel::ParallelError::ZeroWidth);
    }
    if processors.processors().is_none() {
        bail!(search_parallel::ParallelError::TooManyProcessors { processors });
    }
    Ok(processors)
}

/// Reports `e` as exactly one line, `gametree: error: …`, and fails.
pub(crate) fn fail(e: &anyhow::Error) -> ExitCode {
    let message = format!("{e:#}").replace(['\n', '\r'], " ");
    let _ = writeln!(std::io::stderr(), "gametree: error: {message}");
    ExitCode::FAILURE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_is_a_setting_the_library_checks() {
        for &s in Setting::ALL {
            let f = flag(s);
            if f.starts_with("--") {
                assert!(!Setting::ALL.iter().any(|&t| t != s && flag(t) == f), "{f}");
            }
        }
        let e = explain(Error::NotTaken {
            algorithm: Algorithm::Scout,
            setting: Setting::Memory,
        })
        .to_string();
        assert!(
            e.starts_with("algorithm 'scout' takes no --memory ("),
            "{e}"
        );
        assert!(e.contains("memsss"), "{e}");
    }

    #[test]
    fn processor_trees() {
        let p = parse_processors("1, 4").unwrap();
        assert_eq!((p.depth, p.width), (1, 4));
        assert!(parse_processors("1;4").is_err());
        assert!(parse_processors("2,0").is_err());
        assert!(parse_processors("40,2").is_err());
    }
}

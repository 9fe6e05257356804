//! The `search` subcommand's settings: the library's [`Config`] that its
//! flags ask for, shared by the search in one process and on MPI ranks.

use std::time::Duration;

use anyhow::{Context, Result};
use gametree::{Config, ProcessorTree, Value, Window};

use crate::cli::SearchArgs;
use crate::options::parse_processors;

/// The most leaf evaluations a `--trace` search keeps (about 40 bytes
/// each, so about 170 MB): the search stops there (`stopped leaf-limit`)
/// unless `--max-leaves` stops it sooner.
pub(crate) const MAX_TRACE_LEAVES: u64 = 1 << 22;

/// The search's configuration, and the window and processor tree asked
/// for.
pub(crate) fn config(args: &SearchArgs) -> Result<(Config, Option<Window>, Option<ProcessorTree>)> {
    let mut config = Config::default();
    if let Some(m) = args.memory {
        config = config.memory(usize::try_from(m).context("--memory is too large")?);
    }
    if let Some(bytes) = args.table_bytes {
        config = config.table_bytes(bytes);
    }
    if let Some(u) = args.upper {
        config = config.upper(u);
    }
    if let Some(k) = args.stage {
        config = config.stage(k);
    }
    if let Some(s) = args.searchd {
        config = config.searchd(s);
    }
    let window = match (args.alpha, args.beta) {
        (None, None) => None,
        (alpha, beta) => Some(Window::new(
            alpha.unwrap_or(Value::NEG_INF),
            beta.unwrap_or(Value::INF),
        )?),
    };
    if let Some(w) = window {
        config = config.window(w);
    }
    if let Some(k) = args.threads {
        config = config.threads(k);
    }
    let processors = args
        .processors
        .as_deref()
        .map(parse_processors)
        .transpose()?;
    if let Some(p) = processors {
        config = config.processors(p);
    }
    if args.no_type2 {
        config = config.type2(false);
    }
    if let Some(ms) = args.time_ms {
        config = config.time_limit(Duration::from_millis(ms));
    }
    if args.trace {
        // The trace keeps every evaluation: its length is capped by a leaf
        // limit, so that its memory is bounded whatever the tree.
        match args.max_leaves {
            Some(n) if n > MAX_TRACE_LEAVES => anyhow::bail!(
                "--trace keeps every leaf evaluation in memory: at most \
                 {MAX_TRACE_LEAVES} leaves, not --max-leaves {n}"
            ),
            n => config = config.max_leaves(n.unwrap_or(MAX_TRACE_LEAVES)).trace(true),
        }
    } else if let Some(n) = args.max_leaves {
        config = config.max_leaves(n);
    }
    Ok((config, window, processors))
}

//! `cargo xtask`: the project's automation, one binary with subcommands.

use anyhow::{Result, bail};
use tree_core::{minimax, worked};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("reproduce") => reproduce(),
        Some(other) => bail!("unknown xtask command '{other}' (known: reproduce)"),
        None => bail!("usage: cargo xtask reproduce [--quick]"),
    }
}

fn reproduce() -> Result<()> {
    for ex in worked::ALL {
        let t = ex.tree();
        println!("{:<22} minimax {:>3}   {}", ex.name, minimax(&t), ex.source);
    }
    Ok(())
}

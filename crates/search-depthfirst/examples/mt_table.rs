//! The MT drivers with tables too small for what they search: terminals
//! evaluated by table size, and with the default sizes on (8,9) trees.
//! Prints the tables of `docs/OVERHEAD.md` ("The MT table with small
//! tables"). Deterministic: counts, not times.
//!
//! ```text
//! cargo run --release -p search-depthfirst --example mt_table              # sizes and defaults
//! cargo run --release -p search-depthfirst --example mt_table -- sizes     # (8,5) by table size
//! cargo run --release -p search-depthfirst --example mt_table -- defaults  # (8,9), default sizes
//! cargo run --release -p search-depthfirst --example mt_table -- fractions # 27 trees, by fraction
//! cargo run --release -p search-depthfirst --example mt_table -- one mt-sss 8 6 4 [BYTES] [REPEAT]
//! ```
//!
//! * `sizes`: MT-SSS\*, MT-DUAL\* and MTD(f) (from 0, the registry's first
//!   guess, and from the tree's value, its best case) on the (8,5)
//!   `HashTree` of seed 0, by table size, with the entries each search
//!   takes with unlimited memory (`len()` of a roomy table).
//! * `defaults`: the same drivers on three (8,9) `HashTree`s and three
//!   random (8,9) trees (`GenSpec::new(Generator::RANDOM, 8, 9, seed, 0)`),
//!   seeds 0–2, with unlimited memory (MT-SSS\* then examines SSS\*'s
//!   terminals: Plaat et al. 1996), with `TranspositionTable::for_shape`
//!   (the size `Algorithm::search` and `gametree::search` use) and with
//!   `TranspositionTable::new()` (4 MiB); and one (8,10) `HashTree`.
//! * `fractions`: the geometric mean, over 27 `HashTree`s and random trees
//!   of ten shapes, of the terminals with a table of a fraction of the
//!   entries the search takes, over those with unlimited memory.
//! * `one DRIVER B D TREES [BYTES] [REPEAT]`: one driver (`mt-sss`,
//!   `mt-dual`, `mtdf` from 0, the same prefixed `search:` to run them
//!   through `Algorithm::search_in`, which meters every leaf, or `none` to
//!   build the trees and stop: the count to subtract) on `TREES`
//!   `HashTree`s of shape (B,D), seeds 0…, with one table of BYTES
//!   (default: `for_shape`), REPEAT times (default 1): for `valgrind
//!   --tool=callgrind`, whose counts do not depend on the load.
//!
//! The example uses only what the table had before its overflow area
//! (`with_bytes`, `new`, `for_shape`, `len`), so the same file measures
//! the code before it.

use std::process::ExitCode;

use search_depthfirst::{Algorithm, SearchConfig, TranspositionTable, mt_dual, mt_sss, mtdf};
use tree_core::{Counted, GenSpec, Generator, HashTree, Tree, Value, minimax};

/// One of the drivers.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Driver {
    Sss,
    Dual,
    /// MTD(f) from 0.
    Mtdf0,
    /// MTD(f) from the tree's value.
    MtdfValue,
}

impl Driver {
    const ALL: [Driver; 4] = [Driver::Sss, Driver::Dual, Driver::Mtdf0, Driver::MtdfValue];

    fn name(self) -> &'static str {
        match self {
            Driver::Sss => "MT-SSS*",
            Driver::Dual => "MT-DUAL*",
            Driver::Mtdf0 => "MTD(f) from 0",
            Driver::MtdfValue => "MTD(f) from the value",
        }
    }
}

/// The terminals `driver` evaluates on `tree` (of value `value`) with
/// `tt`, and the entries it takes; checks the value.
fn run<T: Tree + ?Sized>(
    tree: &T,
    value: Value,
    driver: Driver,
    tt: &mut TranspositionTable,
) -> (u64, usize) {
    let counted = Counted::new(tree);
    let o = match driver {
        Driver::Sss => mt_sss(&counted, tt),
        Driver::Dual => mt_dual(&counted, tt),
        Driver::Mtdf0 => mtdf(&counted, tt, Value::from_small(0)),
        Driver::MtdfValue => mtdf(&counted, tt, value),
    }
    .expect("the trees are valid");
    assert_eq!(o.value, value, "{} gives the value", driver.name());
    (counted.stats().leaves, tt.len())
}

/// A table of `bytes` bytes.
fn table(bytes: usize) -> TranspositionTable {
    TranspositionTable::with_bytes(bytes).expect("a size of at least one entry")
}

/// A table roomy enough for every search here (allocated as used).
fn unlimited() -> TranspositionTable {
    table(1 << 34)
}

/// `n` with thousands separated by commas.
fn commas(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A size in bytes, as the table's rows give it.
fn size(bytes: usize) -> String {
    match bytes {
        0 => "0 bytes (none)".to_owned(),
        b if b < 1 << 10 => format!("{b} bytes"),
        b if b < 1 << 20 => format!("{} KiB", b >> 10),
        b => format!("{} MiB", b >> 20),
    }
}

fn sizes() {
    let tree = HashTree::new(8, 5, 0).expect("a valid shape");
    let value = minimax(&tree);
    println!("(8,5) HashTree, seed 0, value {value}; terminals by table size");
    println!();
    let mut head = "| table | entries |".to_owned();
    let mut rule = "|---:|---:|".to_owned();
    for d in Driver::ALL {
        let (leaves, need) = run(&tree, value, d, &mut unlimited());
        head += &format!(
            " {} ({} terminals, {} entries) |",
            d.name(),
            commas(leaves),
            commas(need as u64)
        );
        rule += "---:|";
    }
    println!("{head}\n{rule}");
    for bytes in [
        0,
        16,
        160,
        1 << 10,
        4 << 10,
        16 << 10,
        32 << 10,
        64 << 10,
        128 << 10,
    ] {
        let entries = table(bytes).entries();
        let mut row = format!("| {} | {} |", size(bytes), commas(entries as u64));
        for d in Driver::ALL {
            let (leaves, _) = run(&tree, value, d, &mut table(bytes));
            row += &format!(" {} |", commas(leaves));
        }
        println!("{row}");
    }
}

/// One row per driver of the `defaults` table: `trees` with unlimited
/// memory, `for_shape`'s table and `new()`'s.
fn defaults_of<T: Tree>(name: &str, trees: &[T]) {
    let values: Vec<Value> = trees.iter().map(|t| minimax(t)).collect();
    for d in [Driver::Sss, Driver::Dual, Driver::Mtdf0] {
        let (mut free, mut need, mut shaped, mut default) = (0, 0, 0, 0);
        for (t, &v) in trees.iter().zip(&values) {
            let mut tt = unlimited();
            free += run(t, v, d, &mut tt).0;
            need += tt.len() as u64;
            shaped += run(t, v, d, &mut TranspositionTable::for_shape(t.bounds())).0;
            default += run(t, v, d, &mut TranspositionTable::new()).0;
        }
        println!(
            "| {name} | {} | {} ({}) | {} | {} |",
            d.name(),
            commas(free),
            commas(need),
            commas(shaped),
            commas(default)
        );
    }
}

fn defaults() {
    println!("Terminals with unlimited memory (entries taken), for_shape's table and new()'s");
    println!();
    println!("| trees | driver | unlimited (entries) | for_shape | new() (4 MiB) |");
    println!("|---|---|---:|---:|---:|");
    let hash = |b, d, seeds: u64| -> Vec<HashTree> {
        (0..seeds)
            .map(|seed| HashTree::new(b, d, seed).expect("a valid shape"))
            .collect()
    };
    let random: Vec<_> = (0..3)
        .map(|seed| {
            GenSpec::new(Generator::RANDOM, 8, 9, seed, 0)
                .build()
                .expect("a valid spec")
        })
        .collect();
    defaults_of("(8,9) HashTree × 3", &hash(8, 9, 3));
    defaults_of("(8,9) random × 3", &random);
    defaults_of("(8,10) HashTree × 1", &hash(8, 10, 1));
    println!();
    let for_shape = |b, d| {
        let bounds = HashTree::new(b, d, 0).expect("a valid shape").bounds();
        size(TranspositionTable::for_shape(bounds).bytes())
    };
    println!(
        "for_shape: {} on (8,9), {} on (8,10)",
        for_shape(8, 9),
        for_shape(8, 10)
    );
}

fn fractions() {
    const FRACTIONS: [f64; 7] = [0.03, 0.06, 0.125, 0.25, 0.5, 0.75, 0.95];
    let mut trees: Vec<Box<dyn Tree<Node = tree_core::HashNode>>> = Vec::new();
    for (b, d, n) in [
        (8, 5, 4),
        (4, 8, 4),
        (2, 14, 3),
        (16, 4, 3),
        (3, 10, 3),
        (8, 6, 2),
        (8, 7, 1),
        (2, 18, 1),
        (5, 8, 1),
    ] {
        for seed in 0..n {
            trees.push(Box::new(HashTree::new(b, d, seed).expect("a valid shape")));
        }
    }
    let mut random = Vec::new();
    for (b, d, n) in [(8, 6, 2), (4, 8, 3)] {
        for seed in 0..n {
            random.push(
                GenSpec::new(Generator::RANDOM, b, d, seed, 0)
                    .build()
                    .expect("a valid spec"),
            );
        }
    }
    println!(
        "Geometric mean over {} trees of terminals / terminals with unlimited memory, \
         by table entries / entries taken with unlimited memory",
        trees.len() + random.len()
    );
    println!();
    let mut head = "| driver |".to_owned();
    let mut rule = "|---|".to_owned();
    for f in FRACTIONS {
        head += &format!(" {f} |");
        rule += "---:|";
    }
    println!("{head}\n{rule}");
    for d in [Driver::Sss, Driver::Dual, Driver::MtdfValue] {
        let mut logs = [0f64; FRACTIONS.len()];
        let mut one = |search: &dyn Fn(&mut TranspositionTable) -> (u64, usize)| {
            let (free, need) = search(&mut unlimited());
            for (log, f) in logs.iter_mut().zip(FRACTIONS) {
                let entries = ((need as f64 * f) as usize).max(1);
                let (leaves, _) = search(&mut table(entries * TranspositionTable::ENTRY_BYTES));
                *log += (leaves as f64 / free as f64).ln();
            }
        };
        for t in &trees {
            let v = minimax(t.as_ref());
            one(&|tt| run(t.as_ref(), v, d, tt));
        }
        for t in &random {
            let v = minimax(t);
            one(&|tt| run(t, v, d, tt));
        }
        let n = (trees.len() + random.len()) as f64;
        let mut row = format!("| {} |", d.name());
        for log in logs {
            row += &format!(" {:.2} |", (log / n).exp());
        }
        println!("{row}");
    }
}

fn one(args: &[String]) -> Result<(), String> {
    let [driver, b, d, n, rest @ ..] = args else {
        return Err("one DRIVER B D TREES [BYTES] [REPEAT]".to_owned());
    };
    let num = |s: &String| s.parse::<usize>().map_err(|_| format!("{s}: not a number"));
    let (b, d, n) = (num(b)?, num(d)?, num(n)?);
    let (registry, name) = match driver.strip_prefix("search:") {
        Some(name) => (true, name),
        None => (false, driver.as_str()),
    };
    let driver = match name {
        "mt-sss" => Some(Driver::Sss),
        "mt-dual" => Some(Driver::Dual),
        "mtdf" => Some(Driver::Mtdf0),
        "none" => None,
        other => return Err(format!("{other}: mt-sss, mt-dual, mtdf or none")),
    };
    let trees: Vec<HashTree> = (0..n as u64)
        .map(|seed| HashTree::new(b, d, seed).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let bytes = rest.first().map(num).transpose()?;
    let repeat = rest.get(1).map(num).transpose()?.unwrap_or(1);
    let Some(driver) = driver else {
        return Ok(());
    };
    let mut tt = match bytes {
        Some(bytes) => TranspositionTable::with_bytes(bytes).map_err(|e| e.to_string())?,
        None => TranspositionTable::for_shape(trees[0].bounds()),
    };
    if registry {
        let a = match driver {
            Driver::Sss => Algorithm::MtSss,
            Driver::Dual => Algorithm::MtDual,
            _ => Algorithm::Mtdf,
        };
        let config = SearchConfig::new();
        let mut leaves = 0;
        for _ in 0..repeat {
            for t in &trees {
                leaves += a
                    .search_in(t, &config, &mut tt)
                    .map_err(|e| e.to_string())?
                    .leaves;
            }
        }
        println!("{leaves} leaves");
        return Ok(());
    }
    for _ in 0..repeat {
        for t in &trees {
            let o = match driver {
                Driver::Sss => mt_sss(t, &mut tt),
                Driver::Dual => mt_dual(t, &mut tt),
                _ => mtdf(t, &mut tt, Value::from_small(0)),
            }
            .map_err(|e| e.to_string())?;
            std::hint::black_box(o);
        }
    }
    println!("{} searches", repeat * trees.len());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let r = match args.first().map(String::as_str) {
        None => {
            sizes();
            println!();
            defaults();
            Ok(())
        }
        Some("sizes") => {
            sizes();
            Ok(())
        }
        Some("defaults") => {
            defaults();
            Ok(())
        }
        Some("fractions") => {
            fractions();
            Ok(())
        }
        Some("one") => one(&args[1..]),
        Some(other) => Err(format!(
            "{other}: sizes, defaults, fractions or one DRIVER B D TREES [BYTES] [REPEAT]"
        )),
    };
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mt_table: {e}");
            ExitCode::FAILURE
        }
    }
}

//! The recursive best-first searches against their own recorded past.
//!
//! Issue 11 makes RecSSS\*, RecDual\*, MemSSS\*, MemDual\*, MGame, QuickGame
//! and QG1–3 cheaper per node without changing anything they examine. This
//! test pins that down: for every tree of a fixed set (the shared random
//! non-uniform corpus with its ties, ±(i32::MAX − 1) leaves, terminal roots
//! and single-child chains; the corpus's grid of generated trees; larger
//! uniform generated trees and [`HashTree`]s of odd and even depths) and
//! every configuration of those searches (both odd-depth settings; MemSSS\*
//! and MemDual\* at every kind of budget from below the minimum to above
//! the maximum; MGame's searchd 2, 4, 6 and tie rules; QG1–3 with and
//! without the alpha floor; shapes too small for the tree and sentinel
//! leaves, so that searches fail part-way), it hashes the value or the
//! error, the evaluation order as Dewey codes ([`Traced`]), the peak and
//! capacity of OPEN and the number of interior expansions, and compares
//! with the hashes recorded in `tests/data/differential-*.txt` by the
//! implementation before that work (commit `dd902f3`'s code).
//!
//! The data files were written once, by running this test with
//! `DIFFERENTIAL_RECORD=1` on the unchanged code:
//!
//! ```text
//! DIFFERENTIAL_RECORD=1 cargo test -p search-bestfirst --test tests differential
//! ```
//!
//! Re-recording after a change would make the test vacuous: a mismatch
//! means a search now examines different leaves (or reports a different
//! value, error or peak) than it did, which issue 11 forbids.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use crate::support::{
    MID_SHAPES, memdual, memdual_maximum, memdual_minimum, memdual_with_events, memsss_maximum,
    memsss_minimum, mgame_memory, qg_minimum_memory, qg_search, recdual,
};
use search_bestfirst::{BestFirstError, Outcome, memsss, mgame, quickgame, recsss};
use tree_core::{Bounds, GenSpec, Generator, HashTree, Traced, Tree, corpus};

use crate::fnv::Fnv;

/// The hash of one search of `tree`: value or error, evaluation order,
/// peak, capacity, interior expansions.
fn record<'t, T: Tree + ?Sized>(
    tree: &'t T,
    run: &dyn Fn(&Traced<&'t T>) -> Result<Outcome, BestFirstError>,
) -> u64 {
    let traced = Traced::new(tree);
    let result = run(&traced);
    let mut h = Fnv::new();
    match result {
        Ok(out) => {
            h.u64(0);
            h.u64(u64::from(out.value.get() as u32));
            h.u64(out.memory.peak as u64);
            h.u64(out.memory.capacity as u64);
        }
        Err(e) => {
            h.u64(1);
            h.str(&e.to_string());
        }
    }
    let order = traced.order();
    h.u64(order.len() as u64);
    for d in &order {
        h.u64(d.depth() as u64);
        for &digit in d.digits() {
            h.bytes(&digit.to_le_bytes());
        }
    }
    h.u64(traced.stats().interior);
    h.0
}

type WithEvents = Result<(Outcome, memsss::MemEvents), BestFirstError>;

/// [`record`] of a search that also reports MemSSS\*'s events, which are
/// hashed too.
fn record_events<'t, T: Tree + ?Sized>(
    tree: &'t T,
    run: &dyn Fn(&Traced<&'t T>) -> WithEvents,
) -> u64 {
    let log = std::cell::RefCell::new(String::new());
    let h = record(tree, &|t| {
        let (out, events) = run(t)?;
        *log.borrow_mut() = format!("{:?}", events.log);
        Ok(out)
    });
    let mut f = Fnv::new();
    f.u64(h);
    f.str(&log.borrow());
    f.0
}

/// The hashes of one tree, by configuration name.
type Hashes = Vec<(String, u64)>;

/// Records searches of one tree under configuration names.
struct Recorder<'t, 'o, T: ?Sized> {
    tree: &'t T,
    out: &'o mut Hashes,
    prefix: &'static str,
}

impl<'t, T: Tree + ?Sized> Recorder<'t, '_, T> {
    fn add(
        &mut self,
        name: impl std::fmt::Display,
        run: &dyn Fn(&Traced<&'t T>) -> Result<Outcome, BestFirstError>,
    ) {
        let h = record(self.tree, run);
        self.out.push((format!("{}{name}", self.prefix), h));
    }
}

fn rec_cfg(shape: Option<Bounds>, leaf: bool) -> recsss::Config {
    recsss::Config {
        shape,
        odd_depth_leaf_search: leaf,
        ..recsss::Config::default()
    }
}

fn mem_cfg(shape: Option<Bounds>, memory: Option<usize>, leaf: bool) -> memsss::Config {
    memsss::Config {
        memory,
        shape,
        odd_depth_leaf_search: leaf,
        ..memsss::Config::default()
    }
}

/// The budgets MemSSS\*/MemDual\* are run at, by role: below the minimum,
/// the minimum, just above, intermediate ones, just below the maximum, the
/// maximum, above it.
fn budgets(lo: usize, hi: usize) -> [(&'static str, usize); 8] {
    let span = hi.saturating_sub(lo);
    [
        ("min-1", lo.saturating_sub(1)),
        ("min", lo),
        ("min+1", (lo + 1).min(hi.max(lo))),
        ("third", lo + span / 3),
        ("half", lo + span / 2),
        ("max-1", hi.saturating_sub(1).max(lo)),
        ("max", hi),
        ("max+3", hi.saturating_add(3)),
    ]
}

/// Every configuration of the searches of issue 11 on `tree`.
fn configurations<T: Tree + ?Sized>(tree: &T, out: &mut Hashes) {
    let mut r = Recorder {
        tree,
        out: &mut *out,
        prefix: "",
    };
    for leaf in [false, true] {
        let tag = if leaf { "leaf" } else { "store" };
        let cfg = rec_cfg(None, leaf);
        r.add(format!("recsss/{tag}"), &|t| recsss::search(t, &cfg));
        r.add(format!("recdual/{tag}"), &|t| recdual(t, &cfg));
        let Some(bounds) = tree.bounds() else {
            continue;
        };
        let mems: [(&str, MinMax, MemRun<T>); 2] = [
            ("memsss", (memsss_minimum, memsss_maximum), |t, c| {
                memsss::search(t, c)
            }),
            ("memdual", (memdual_minimum, memdual_maximum), |t, c| {
                memdual(t, c)
            }),
        ];
        for (name, (min, max), run) in mems {
            r.add(format!("{name}/{tag}/default"), &|t| {
                run(t, &mem_cfg(None, None, leaf))
            });
            let (Ok(lo), Ok(hi)) = (min(bounds, leaf), max(bounds, leaf)) else {
                continue;
            };
            for (role, m) in budgets(lo, hi) {
                let cfg = mem_cfg(None, Some(m), leaf);
                r.add(format!("{name}/{tag}/{role}"), &|t| run(t, &cfg));
            }
        }
    }
    for searchd in [2, 4, 6] {
        r.add(format!("mgame/{searchd}"), &|t| {
            mgame::search(t, &mgame::Config::new(searchd))
        });
    }
    for tie in [mgame::Tie::Stop, mgame::Tie::Leftmost] {
        let cfg = mgame::Config {
            tie,
            ..mgame::Config::new(4)
        };
        r.add(format!("mgame/4/{tie:?}"), &|t| mgame::search(t, &cfg));
    }
    for v in quickgame::Variant::ALL {
        for floor in [false, true] {
            let cfg = quickgame::Config {
                alpha_floor: floor,
                ..printed_config()
            };
            r.add(format!("{v}/floor={floor}"), &|t| {
                qg_search(t, v, &cfg, &mut quickgame::Cache::new())
            });
        }
    }
    let Some(bounds) = tree.bounds() else {
        return;
    };
    // Budgets below the minimum: refused before anything is searched.
    if let Ok(m) = mgame_memory(bounds, 4) {
        let cfg = mgame::Config {
            memory: Some(m.saturating_sub(1)),
            ..mgame::Config::new(4)
        };
        r.add("mgame/4/small", &|t| mgame::search(t, &cfg));
    }
    if let Ok(m) = qg_minimum_memory(bounds) {
        let cfg = printed_config().with_memory(m.saturating_sub(1));
        r.add("qg1/small", &|t| {
            qg_search(
                t,
                quickgame::Variant::Qg1,
                &cfg,
                &mut quickgame::Cache::new(),
            )
        });
    }
    // Shapes smaller than the tree: the searches fail part-way (or not at
    // all on a non-uniform tree that happens to fit).
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    for (tag, shape) in [
        ("narrow", Bounds::uniform(b.saturating_sub(1), d)),
        ("shallow", Bounds::uniform(b, d.saturating_sub(1))),
    ] {
        let s = Some(shape);
        r.add(format!("recsss/{tag}"), &|t| {
            recsss::search(t, &rec_cfg(s, false))
        });
        r.add(format!("recdual/{tag}"), &|t| recdual(t, &rec_cfg(s, true)));
        let least = memsss_minimum(shape, true).ok();
        r.add(format!("memsss/{tag}"), &|t| {
            memsss::search(t, &mem_cfg(s, least, true))
        });
        let least = memdual_minimum(shape, false).ok();
        r.add(format!("memdual/{tag}"), &|t| {
            memdual(t, &mem_cfg(s, least, false))
        });
        r.add(format!("mgame/4/{tag}"), &|t| {
            mgame::search(
                t,
                &mgame::Config {
                    shape: s,
                    ..mgame::Config::new(4)
                },
            )
        });
        for v in [quickgame::Variant::QuickGame, quickgame::Variant::Qg3] {
            let cfg = quickgame::Config {
                shape: Some(shape),
                ..printed_config()
            };
            r.add(format!("{v}/{tag}"), &|t| {
                qg_search(t, v, &cfg, &mut quickgame::Cache::new())
            });
        }
    }
    // MemSSS*'s and MemDual*'s inactivations and activations.
    for leaf in [false, true] {
        if let (Ok(lo), Ok(hi)) = (memsss_minimum(bounds, leaf), memsss_maximum(bounds, leaf)) {
            let cfg = mem_cfg(None, Some(lo + (hi - lo) / 3), leaf);
            out.push((
                format!("memsss/events/{leaf}"),
                record_events(tree, &|t| memsss::search_with_events(t, &cfg)),
            ));
        }
        if let (Ok(lo), Ok(hi)) = (memdual_minimum(bounds, leaf), memdual_maximum(bounds, leaf)) {
            let cfg = mem_cfg(None, Some(lo + (hi - lo) / 3), leaf);
            out.push((
                format!("memdual/events/{leaf}"),
                record_events(tree, &|t| memdual_with_events(t, &cfg)),
            ));
        }
    }
}

type MinMax = (
    fn(Bounds, bool) -> Result<usize, BestFirstError>,
    fn(Bounds, bool) -> Result<usize, BestFirstError>,
);
type MemRun<T> =
    for<'a, 'b> fn(&'a Traced<&'b T>, &memsss::Config) -> Result<Outcome, BestFirstError>;

/// The searches of a tree whose leaves ±7 are sentinels.
fn sentinel_configurations<T: Tree + ?Sized>(tree: &T, out: &mut Hashes) {
    let s = corpus::Sentinels(tree);
    let mut r = Recorder {
        tree: &s,
        out,
        prefix: "sentinel/",
    };
    r.add("recsss", &|t| recsss::search(t, &rec_cfg(None, true)));
    r.add("recdual", &|t| recdual(t, &rec_cfg(None, false)));
    let least = s.bounds().and_then(|b| memsss_minimum(b, true).ok());
    r.add("memsss", &|t| {
        memsss::search(t, &mem_cfg(None, least, true))
    });
    let least = s.bounds().and_then(|b| memdual_minimum(b, true).ok());
    r.add("memdual", &|t| memdual(t, &mem_cfg(None, least, true)));
    r.add("mgame/4", &|t| mgame::search(t, &mgame::Config::new(4)));
    r.add("quickgame", &|t| {
        qg_search(
            t,
            quickgame::Variant::QuickGame,
            &printed_config(),
            &mut quickgame::Cache::new(),
        )
    });
    r.add("qg2", &|t| {
        qg_search(
            t,
            quickgame::Variant::Qg2,
            &printed_config(),
            &mut quickgame::Cache::new(),
        )
    });
}

/// Folds a tree's hashes into one, names included.
fn fold(hashes: &Hashes) -> u64 {
    let mut f = Fnv::new();
    for (name, h) in hashes {
        f.str(name);
        f.u64(*h);
    }
    f.0
}

/// Computes the hashes of `trees` and compares them with (or, with
/// `DIFFERENTIAL_RECORD=1`, writes) `tests/data/differential-{set}.txt`:
/// one line per configuration (its hashes folded over the trees, to say
/// which one changed), then one line per tree, in order (all its
/// configurations folded, to say on which trees).
fn check(set: &str, trees: impl Iterator<Item = (String, Hashes)>) {
    let mut names: Vec<String> = Vec::new();
    let mut per_tree: Vec<u64> = Vec::new();
    let mut per_config: BTreeMap<String, Fnv> = BTreeMap::new();
    for (tree, hashes) in trees {
        per_tree.push(fold(&hashes));
        for (name, h) in &hashes {
            let f = per_config.entry(name.clone()).or_insert_with(Fnv::new);
            f.str(&tree);
            f.u64(*h);
        }
        names.push(tree);
    }
    let mut text = String::new();
    writeln!(
        text,
        "# Differential hashes of issue 11's searches ({set}, {} trees): see\n\
         # tests/differential.rs. Recorded once on the code before that work.",
        names.len()
    )
    .unwrap();
    for (name, f) in &per_config {
        writeln!(text, "{name} {:016x}", f.0).unwrap();
    }
    for h in &per_tree {
        writeln!(text, "{h:016x}").unwrap();
    }
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(format!("differential-{set}.txt"));
    if std::env::var_os("DIFFERENTIAL_RECORD").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let recorded = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .replace("\r\n", "\n");
    if recorded == text {
        return;
    }
    let body = |s: &str| -> (Vec<String>, Vec<String>) {
        let lines = s.lines().filter(|l| !l.starts_with('#'));
        let (configs, trees): (Vec<&str>, Vec<&str>) = lines.partition(|l| l.contains(' '));
        (
            configs.into_iter().map(String::from).collect(),
            trees.into_iter().map(String::from).collect(),
        )
    };
    let ((old_c, old_t), (new_c, new_t)) = (body(&recorded), body(&text));
    let configs: Vec<&String> = new_c.iter().filter(|c| !old_c.contains(c)).collect();
    let trees: Vec<&String> = (0..names.len())
        .filter(|&k| old_t.get(k) != new_t.get(k))
        .map(|k| &names[k])
        .collect();
    panic!(
        "{set}: {} of {} trees differ from the recorded searches (leaves, order, value, \
         error, peak or expansions changed); configurations now hashing differently: \
         {configs:?}; first trees: {:?}",
        trees.len(),
        names.len(),
        &trees[..trees.len().min(10)]
    );
}

fn hashes<T: Tree + ?Sized>(tree: &T, sentinels: bool) -> Hashes {
    let mut out = Vec::new();
    configurations(tree, &mut out);
    if sentinels {
        sentinel_configurations(tree, &mut out);
    }
    out
}

#[test]
fn differential_corpus() {
    let trees = corpus::random_trees(0xD1FF, 3_000)
        .enumerate()
        .map(|(k, (_, t))| (format!("corpus:{k}"), hashes(&t, k % 4 == 0)));
    check("corpus", trees);
}

#[test]
fn differential_generated() {
    let grid = corpus::generated_trees(2)
        .enumerate()
        .map(|(k, t)| (format!("grid:{k}"), hashes(&t, false)));
    const GENERATORS: [Generator; 5] = [
        Generator::Random { lo: 0, hi: 3 },
        Generator::RANDOM,
        Generator::STRONG,
        Generator::KORF,
        Generator::TOPDOWN_RANDOM,
    ];
    let larger = GENERATORS.into_iter().flat_map(|g| {
        MID_SHAPES.into_iter().flat_map(move |(b, d)| {
            (0..2).map(move |i| {
                let t = GenSpec::new(g, b, d, 0xD1FF, i).build().unwrap();
                (format!("gen:{g}:{b}x{d}:{i}"), hashes(&t, false))
            })
        })
    });
    check("generated", grid.chain(larger));
}

#[test]
fn differential_hashtree() {
    const SHAPES: [(usize, usize); 16] = [
        (2, 9),
        (2, 10),
        (2, 12),
        (3, 6),
        (3, 7),
        (4, 5),
        (4, 6),
        (4, 7),
        (6, 4),
        (8, 3),
        (8, 4),
        (8, 5),
        (16, 3),
        (24, 3),
        (32, 2),
        (32, 3),
    ];
    let trees = SHAPES.into_iter().flat_map(|(b, d)| {
        [(0, 999), (0, 3)].into_iter().flat_map(move |(lo, hi)| {
            (0..2).map(move |seed| {
                let t = HashTree::with_range(b, d, seed, lo, hi).unwrap();
                (format!("hash:{b}x{d}:{hi}:{seed}"), hashes(&t, false))
            })
        })
    });
    check("hashtree", trees);
}

/// QuickGame and QG1–3 with the pseudo-code read as printed: the readings
/// the recorded searches were made with (the default readings are checked
/// exact in the quickgame module's tests and by the reproduction).
fn printed_config() -> quickgame::Config {
    quickgame::Config {
        readings: quickgame::Readings::PRINTED,
        ..quickgame::Config::default()
    }
}

//! Time per node examined of every best-first search beside alpha-beta on
//! the same [`HashTree`]s: RecSSS\*, RecDual\*, MemSSS\*, MemDual\* (least,
//! middle and greatest budget, both odd-depth settings where they differ),
//! QuickGame, QG1–3, MGame, IterSSS\*, SSS\* with three tie rules, Dual\*,
//! staged SSS\*, the hybrids SAB and ABS and the MT drivers (the list is
//! [`benches::overhead::searches`]), every one through the front door
//! (`gametree::search`, which counts at the trait boundary and, for the
//! depth-first searches, records the principal variation).
//!
//! Before timing anything, every search runs once: its values must be
//! alpha-beta's, and its leaf count (the front door's report) must be the
//! one in [`EXPECTED`] — a search must never change the leaves it
//! examines, so the table is a regression guard. Throughput is in nodes
//! examined (leaves + interior expansions), so criterion's elements/s
//! compare directly with alpha-beta's: the ratio of times per node is what
//! `docs/OVERHEAD.md` tabulates (there measured with the interleaved
//! `overhead` example).
//!
//! ```text
//! cargo bench -p benches --bench overhead [-- recsss]
//! ```

use std::hint::black_box;
use std::time::Duration;

use benches::overhead::{count, mt_table_bytes, searches};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tree_core::{Bounds, HashTree};

/// The shapes: even and odd depths, narrow and wide.
const SHAPES: [(usize, usize); 4] = [(2, 12), (4, 8), (8, 5), (24, 3)];

/// Trees per shape (seeds `0..TREES`).
const TREES: u64 = 2;

/// Leaves examined on the `TREES` trees of each shape, by search, as
/// `Counted` counts them (revisits included), recorded with the code of
/// commit `dd902f3`, before the work on the cost per node.
#[rustfmt::skip]
const EXPECTED: &[(&str, &str, u64)] = &[
    ("2x12", "alphabeta", 2163),
    ("2x12", "recsss", 1441),
    ("2x12", "recdual", 1482),
    ("2x12", "recdual+leaf", 1482),
    ("2x12", "quickgame", 2042),
    ("2x12", "qg1", 2071),
    ("2x12", "qg2", 2053),
    ("2x12", "qg3", 2071),
    ("2x12", "memsss@min=13", 2125),
    ("2x12", "memsss@mid=70", 1506),
    ("2x12", "memsss@max=127", 1441),
    ("2x12", "memdual@min=12", 2104),
    ("2x12", "memdual@mid=38", 1723),
    ("2x12", "memdual@max=64", 1482),
    ("2x12", "memdual+store@min=14", 2163),
    ("2x12", "memdual+store@mid=71", 1723),
    ("2x12", "memdual+store@max=128", 1482),
    ("2x12", "mgame/4", 1910),
    ("2x12", "mgame/6", 1718),
    ("2x12", "itersss@min=7", 2108),
    ("2x12", "itersss@max=64", 1441),
    ("2x12", "sss-stockman", 2157),
    ("2x12", "sss-left", 1441),
    ("2x12", "sss", 1441),
    ("2x12", "dual", 1482),
    ("2x12", "staged-sss", 2236),
    ("2x12", "sab", 2367),
    ("2x12", "abs", 1506),
    ("2x12", "itersss@mid=35", 1538),
    ("2x12", "sa4", 2494),
    ("2x12", "as4", 1699),
    ("2x12", "mt-sss", 1441),
    ("2x12", "mt-dual", 1482),
    ("2x12", "mtdf", 1482),
    ("4x8", "alphabeta", 16280),
    ("4x8", "recsss", 8513),
    ("4x8", "recdual", 12119),
    ("4x8", "recdual+leaf", 12119),
    ("4x8", "quickgame", 10898),
    ("4x8", "qg1", 11254),
    ("4x8", "qg2", 13829),
    ("4x8", "qg3", 11883),
    ("4x8", "memsss@min=17", 15739),
    ("4x8", "memsss@mid=179", 11047),
    ("4x8", "memsss@max=341", 8513),
    ("4x8", "memdual@min=14", 15459),
    ("4x8", "memdual@mid=50", 12374),
    ("4x8", "memdual@max=86", 12119),
    ("4x8", "memdual+store@min=18", 16280),
    ("4x8", "memdual+store@mid=180", 12374),
    ("4x8", "memdual+store@max=342", 12119),
    ("4x8", "mgame/4", 9266),
    ("4x8", "mgame/6", 9378),
    ("4x8", "itersss@min=13", 15727),
    ("4x8", "itersss@max=256", 8513),
    ("4x8", "sss-stockman", 15811),
    ("4x8", "sss-left", 8513),
    ("4x8", "sss", 8513),
    ("4x8", "dual", 12119),
    ("4x8", "staged-sss", 11031),
    ("4x8", "sab", 13983),
    ("4x8", "abs", 12721),
    ("4x8", "itersss@mid=134", 11047),
    ("4x8", "sa4", 12997),
    ("4x8", "as4", 14729),
    ("4x8", "mt-sss", 8513),
    ("4x8", "mt-dual", 12119),
    ("4x8", "mtdf", 12119),
    ("8x5", "alphabeta", 8748),
    ("8x5", "recsss", 5596),
    ("8x5", "recdual", 6682),
    ("8x5", "recsss+leaf", 5596),
    ("8x5", "quickgame", 6204),
    ("8x5", "qg1", 6487),
    ("8x5", "qg2", 6554),
    ("8x5", "qg3", 7523),
    ("8x5", "memsss@min=17", 7938),
    ("8x5", "memsss@mid=45", 6728),
    ("8x5", "memsss@max=73", 5596),
    ("8x5", "memdual@min=18", 7816),
    ("8x5", "memdual@mid=46", 6809),
    ("8x5", "memdual@max=74", 6682),
    ("8x5", "memsss+store@min=25", 8748),
    ("8x5", "memsss+store@mid=305", 6728),
    ("8x5", "memsss+store@max=585", 5596),
    ("8x5", "mgame/4", 5596),
    ("8x5", "itersss@min=22", 8748),
    ("8x5", "itersss@max=512", 5596),
    ("8x5", "sss-stockman", 9024),
    ("8x5", "sss-left", 5596),
    ("8x5", "sss", 5596),
    ("8x5", "dual", 6682),
    ("8x5", "staged-sss", 6204),
    ("8x5", "sab", 7772),
    ("8x5", "abs", 7938),
    ("8x5", "itersss@mid=267", 6728),
    ("8x5", "sa4", 5596),
    ("8x5", "as4", 8748),
    ("8x5", "mt-sss", 5596),
    ("8x5", "mt-dual", 6682),
    ("8x5", "mtdf", 6682),
    ("24x3", "alphabeta", 6442),
    ("24x3", "recsss", 4169),
    ("24x3", "recdual", 4300),
    ("24x3", "recsss+leaf", 4169),
    ("24x3", "quickgame", 4169),
    ("24x3", "qg1", 4169),
    ("24x3", "qg2", 4169),
    ("24x3", "qg3", 4169),
    ("24x3", "memsss@min=25", 4169),
    ("24x3", "memsss@mid=25", 4169),
    ("24x3", "memsss@max=25", 4169),
    ("24x3", "memdual@min=26", 4300),
    ("24x3", "memdual@mid=26", 4300),
    ("24x3", "memdual@max=26", 4300),
    ("24x3", "memsss+store@min=49", 6442),
    ("24x3", "memsss+store@mid=325", 5825),
    ("24x3", "memsss+store@max=601", 4169),
    ("24x3", "itersss@min=47", 6442),
    ("24x3", "itersss@max=576", 4169),
    ("24x3", "sss-stockman", 5976),
    ("24x3", "sss-left", 4169),
    ("24x3", "sss", 4169),
    ("24x3", "dual", 4300),
    ("24x3", "staged-sss", 4169),
    ("24x3", "sab", 4169),
    ("24x3", "abs", 6442),
    ("24x3", "itersss@mid=311", 5825),
    ("24x3", "sa4", 4169),
    ("24x3", "as4", 6442),
    ("24x3", "mt-sss", 4169),
    ("24x3", "mt-dual", 4300),
    ("24x3", "mtdf", 4300),
];

fn overhead(c: &mut Criterion) {
    let mut missing = String::new();
    for (b, d) in SHAPES {
        let shape = format!("{b}x{d}");
        let trees: Vec<HashTree> = (0..TREES)
            .map(|i| HashTree::new(b, d, i).expect("shape"))
            .collect();
        let list = searches(Bounds::uniform(b, d), &[], mt_table_bytes(&trees));
        let mut group = c.benchmark_group(format!("overhead-{shape}"));
        group.sample_size(10);
        group.warm_up_time(Duration::from_millis(300));
        group.measurement_time(Duration::from_secs(1));
        for s in &list {
            let (leaves, nodes) = count(s, &trees);
            let expected = EXPECTED
                .iter()
                .find(|&&(sh, name, _)| sh == shape && name == s.name)
                .map(|&(_, _, n)| n);
            if expected != Some(leaves) {
                missing.push_str(&format!("    (\"{shape}\", \"{}\", {leaves}),\n", s.name));
                continue;
            }
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(&s.name, |bench| {
                bench.iter(|| {
                    for t in &trees {
                        black_box(s.run(t));
                    }
                })
            });
        }
        group.finish();
    }
    assert!(
        missing.is_empty(),
        "leaf counts differ from (or are missing in) EXPECTED — a search must never \
         change the leaves it examines; the counts found:\n{missing}"
    );
}

criterion_group!(benches, overhead);
criterion_main!(benches);

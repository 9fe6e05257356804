//! The investigation of the readings of `SelectLowerBound` and Remark 2
//! (see `Variant`): every reading tried, on the paper's examples, on
//! random integer trees with ties, and on Table 3's kind of trees.

use std::collections::BTreeSet;
use std::fmt::Write;

use search_depthfirst::{Window, alphabeta};
use tree_core::{
    Counted, Dewey, ExplicitTree, GenSpec, Generator, Traced, Tree, Value, corpus::rank_row,
    minimax, worked,
};

use super::readings::{Fallback, Floor, Left, Reading, Readings, Second, Unsolved, Variant};
use super::search::{Entry, Status, highest};
use super::{Cache, Config, search_reading};

/// SplitMix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }
}

const QG: [Variant; 3] = [Variant::Qg1, Variant::Qg2, Variant::Qg3];

fn run<T: Tree>(tree: &T, variant: Variant, reading: Reading) -> Value {
    search_reading(
        tree,
        variant,
        &Config::default(),
        &mut Cache::new(),
        reading,
    )
    .unwrap()
    .value
}

fn traced(tree: &ExplicitTree, variant: Variant, reading: Reading) -> (Value, Vec<Dewey>) {
    let t = Traced::new(tree);
    (run(&t, variant, reading), t.order())
}

fn leaf_set(order: Vec<Dewey>) -> BTreeSet<Dewey> {
    order.into_iter().collect()
}

/// Every reading tried.
fn readings() -> Vec<(&'static str, Reading)> {
    let p = Readings::PRINTED;
    let r = |readings| Reading {
        readings,
        strict_store: false,
    };
    let floor = Readings {
        floor: Floor::Alpha,
        ..p
    };
    vec![
        ("printed (default)", r(p)),
        ("printed + alpha_floor", r(floor)),
        (
            "printed, floored at r",
            r(Readings {
                floor: Floor::R,
                ..p
            }),
        ),
        (
            "exhausted entries not 'to the left'",
            r(Readings {
                left: Left::NotExhausted,
                ..p
            }),
        ),
        (
            "only entries with h > r count",
            r(Readings {
                left: Left::Contending,
                ..p
            }),
        ),
        (
            "fallback alpha instead of r",
            r(Readings {
                fallback: Fallback::Alpha,
                ..p
            }),
        ),
        (
            "QG3: second highest strictly left",
            r(Readings {
                second: Second::SecondOfLeft,
                ..p
            }),
        ),
        (
            "unsolved h counts as h-1 for lb",
            r(Readings {
                unsolved: Unsolved::BelowH,
                ..p
            }),
        ),
        (
            "same + alpha_floor",
            r(Readings {
                unsolved: Unsolved::BelowH,
                ..floor
            }),
        ),
        (
            "unsolved stored as h-1 (UNSOUND)",
            Reading {
                readings: p,
                strict_store: true,
            },
        ),
    ]
}

/// Random uniform trees with small integer values (many ties), deep
/// enough for the lower bounds to matter below the root.
fn random_trees(seed: u64, n: usize) -> Vec<ExplicitTree> {
    let mut rng = Rng(seed);
    let shapes: [(usize, u32); 6] = [(2, 5), (2, 6), (2, 7), (3, 4), (3, 5), (4, 4)];
    (0..n)
        .map(|i| {
            let (b, d) = shapes[i % shapes.len()];
            let hi = [3, 20, 1000][i % 3];
            let leaves: Vec<i64> = (0..b.pow(d)).map(|_| rng.below(hi + 1) as i64).collect();
            ExplicitTree::uniform(b, d as usize, &leaves).unwrap()
        })
        .collect()
}

/// Mean leaves (revisits included) of QG1-3 on 100 trees of the kind of
/// Bhattacharya 1995, Table 3.
fn table3_means(generator: Generator, b: usize, d: usize, reading: Reading) -> String {
    let mut sums = [0u64; 3];
    let n = 100;
    for index in 0..n {
        let tree = GenSpec::new(generator, b, d, 1, index).build().unwrap();
        for (i, v) in QG.into_iter().enumerate() {
            let c = Counted::new(&tree);
            run(&c, v, reading);
            sums[i] += c.stats().leaves;
        }
    }
    let m: Vec<String> = sums.iter().map(|s| (s / n).to_string()).collect();
    m.join("/")
}

#[test]
fn readings_investigation() {
    let (t1, t2, pi) = (
        worked::TABLE1.tree(),
        worked::TABLE2.tree(),
        worked::PI.tree(),
    );
    let paper_row1 = "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9";
    let paper_row2 = "1 3 2 - 6 7 - - 4 - 5 - - - - -";
    let trees = random_trees(1, 1200);
    let ab_sets: Vec<BTreeSet<Dewey>> = trees
        .iter()
        .map(|t| {
            let tr = Traced::new(t);
            alphabeta(&tr, Window::FULL).unwrap();
            leaf_set(tr.order())
        })
        .collect();
    let mut out = String::new();
    writeln!(
        out,
        "columns: reading | Tables 1, 2 rows of QG1-3 | pi QG1/QG2/QG3 (paper 32/32/30) \
         | wrong values QG1/2/3 on {n} random trees | of those, trees where QG1/2/3 examine a \
         leaf Alpha-Beta prunes | mean leaves QG1/2/3 on 100 Korf (8,6) (paper 1675/1796/1555) \
         | on 100 random (6,6) (paper 4706/4833/5595)",
        n = trees.len()
    )
    .unwrap();
    for (name, reading) in readings() {
        let mut tables = true;
        let mut pis = Vec::new();
        for v in QG {
            let (_, o1) = traced(&t1, v, reading);
            let (_, o2) = traced(&t2, v, reading);
            tables &= rank_row(&o1, 2, 4) == paper_row1 && rank_row(&o2, 2, 4) == paper_row2;
            let (value, o) = traced(&pi, v, reading);
            assert_eq!(value.get(), 2);
            assert_eq!(o.len(), leaf_set(o.clone()).len(), "{name}: a revisit on π");
            pis.push(o.len().to_string());
        }
        let mut wrong = [0; 3];
        let mut pruned = [0; 3];
        for (t, ab) in trees.iter().zip(&ab_sets) {
            let exact = minimax(t);
            for (i, v) in QG.into_iter().enumerate() {
                let (value, order) = traced(t, v, reading);
                wrong[i] += usize::from(value != exact);
                pruned[i] += usize::from(!leaf_set(order).is_subset(ab));
            }
        }
        writeln!(
            out,
            "{name} | {} | {} | {wrong:?} | {pruned:?} | {} | {}",
            if tables { "match" } else { "DIFFER" },
            pis.join("/"),
            table3_means(Generator::KORF, 8, 6, reading),
            table3_means(Generator::RANDOM, 6, 6, reading),
        )
        .unwrap();
        if !reading.strict_store {
            assert_eq!(wrong, [0; 3], "{name}");
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn ties_go_to_the_leftmost_entry() {
    let entry = |h: i32| Entry {
        son: 0u32,
        node: 0u32,
        width: 0,
        j: 0,
        h: Value::new(h).unwrap(),
        status: Status::Fresh,
    };
    assert_eq!(highest(&[entry(1), entry(3), entry(3)]), 1);
    assert_eq!(highest(&[entry(5), entry(3), entry(5)]), 0);
    assert_eq!(highest(&[entry(2)]), 0);
}

/// Every combination of [`Readings`] is exact, through [`Config::readings`],
/// on random integer trees with many ties (where the readings differ most).
#[test]
fn every_combination_of_readings_is_exact() {
    let trees = random_trees(7, 240);
    let exact: Vec<Value> = trees.iter().map(minimax).collect();
    assert_eq!(Readings::all().len(), 144);
    assert_eq!(Readings::all()[0], Readings::PRINTED);
    for readings in Readings::all() {
        for variant in QG {
            let cfg = Config {
                variant,
                readings,
                ..Config::default()
            };
            for (t, v) in trees.iter().zip(&exact) {
                let out = super::search(t, &cfg).unwrap();
                assert_eq!(out.value, *v, "{variant} under {readings}");
            }
        }
    }
}

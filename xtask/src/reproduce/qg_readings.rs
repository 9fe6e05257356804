//! Bhattacharya 1995, QG1–QG3 under every reading of their pseudo-code: each
//! line that admits more than one reading is a field of
//! `search_bestfirst::quickgame::Readings`, and this experiment runs every
//! combination on the Knuth–Moore (3,4) tree, on the paper's Tables 1 and 2
//! (Example 3), and on every cell of Table 3, on the trees of
//! [`revisits`]. Per combination: the Table 3 count cells
//! within 10% of the paper, the Knuth–Moore counts, Example 3's orders, and
//! which of the paper's observations (a)–(f) hold, each computed here. The
//! default reading is the one the document names; it changes only on
//! evidence beyond the count cells (the claims, the Knuth–Moore counts, the
//! text).

use std::fmt::Write as _;

use anyhow::{Context, Result, bail};
use gametree::Algorithm;
use search_bestfirst::quickgame::{self, Readings, Variant};
use serde::{Deserialize, Serialize};
use tree_core::{ExplicitTree, GenSpec, Generator, Traced, Value, worked};

use super::config::Config;
use super::doc::Doc;
use super::jobs;
use super::measure::{LeafSet, Recorded, Runner};
use super::render::{csv, md_table, num};
use super::revisits::{self, Paper};
use super::worked::rank_row;

/// The document's name.
pub const NAME: &str = "qg-readings";

/// The revisiting variants, in the paper's order.
const QG: [Variant; 3] = [Variant::Qg1, Variant::Qg2, Variant::Qg3];

/// The Knuth–Moore (3,4) tree: QG1, QG2, QG3 (§3, after Example 3).
const PAPER_KM: [usize; 3] = [32, 32, 30];

/// Example 3: the order of QG1–3 on Tables 1 and 2, as the paper prints it
/// (evaluation rank per leaf).
const PAPER_TABLE1: &str = "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9";
const PAPER_TABLE2: &str = "1 3 2 - 6 7 - - 4 - 5 - - - - -";

/// Every combination of readings, and the distinct searches each variant
/// makes under them (QG1 and QG2 ignore QG3's `second`).
struct Space {
    all: Vec<Readings>,
    /// Per variant: its distinct readings.
    distinct: [Vec<Readings>; 3],
    /// Per variant, per combination: the index of its distinct reading.
    index: [Vec<usize>; 3],
}

impl Space {
    fn new() -> Space {
        let all = Readings::all();
        let mut distinct: [Vec<Readings>; 3] = Default::default();
        let mut index: [Vec<usize>; 3] = Default::default();
        for (i, v) in QG.into_iter().enumerate() {
            for r in &all {
                let rel = r.relevant(v);
                let k = match distinct[i].iter().position(|x| *x == rel) {
                    Some(k) => k,
                    None => {
                        distinct[i].push(rel);
                        distinct[i].len() - 1
                    }
                };
                index[i].push(k);
            }
        }
        Space {
            all,
            distinct,
            index,
        }
    }
}

/// One cell of Table 3.
#[derive(Debug, Clone, Copy)]
struct CellKey {
    b: usize,
    d: usize,
    ordering: &'static str,
    generator: Generator,
}

/// Every search on one tree.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct TreeOut {
    ab: u64,
    quick: u64,
    /// Per variant, per distinct reading: terminals examined, revisits
    /// included.
    qg: [Vec<u64>; 3],
    /// Per distinct reading of QG3: whether it examined a terminal that
    /// Alpha-Beta does not.
    pruned: Vec<bool>,
}

fn run_tree(space: &Space, key: &CellKey, index: usize) -> Result<TreeOut> {
    let spec = GenSpec::new(
        key.generator,
        key.b,
        key.d,
        revisits::seed(key.b, key.d),
        index as u64,
    );
    let tree = spec.build()?;
    let recorded = Recorded::new(&tree)?;
    let ab = Runner::new("Alpha-Beta", Algorithm::AlphaBeta).search_recorded(&recorded)?;
    let ab_set = recorded.into_leaf_set();
    let quick = Runner::new("QuickGame", Algorithm::QuickGame).search_tree(&tree)?;
    if quick.value != ab.value {
        bail!("QuickGame's value differs from Alpha-Beta's on tree {index} of {spec:?}");
    }
    let mut qg: [Vec<u64>; 3] = Default::default();
    let mut pruned = Vec::new();
    for (i, variant) in QG.into_iter().enumerate() {
        for &readings in &space.distinct[i] {
            let recorded = Recorded::new(&tree)?;
            let cfg = quickgame::Config {
                variant,
                readings,
                ..quickgame::Config::default()
            };
            let out = quickgame::search(&recorded, &cfg)
                .with_context(|| format!("{variant} under {readings}"))?;
            if out.value != ab.value {
                bail!(
                    "{variant} under {readings} returned {} on tree {index} of {spec:?}, the value \
                     is {}",
                    out.value,
                    ab.value
                );
            }
            qg[i].push(recorded.evaluations());
            if variant == Variant::Qg3 {
                pruned.push(!recorded.into_leaf_set().is_subset(&ab_set));
            }
        }
    }
    Ok(TreeOut {
        ab: ab.leaves,
        quick: quick.leaves,
        qg,
        pruned,
    })
}

/// A variant under a reading on a worked example: its value, terminals
/// examined, and its order as a rank row.
fn worked_run(
    tree: &ExplicitTree,
    variant: Variant,
    readings: Readings,
) -> Result<(Value, String)> {
    let traced = Traced::new(tree);
    let cfg = quickgame::Config {
        variant,
        readings,
        ..quickgame::Config::default()
    };
    let out = quickgame::search(&traced, &cfg)?;
    let order = traced.order();
    let bounds = tree_core::Tree::bounds(tree).context("a worked example has bounds")?;
    Ok((
        out.value,
        format!(
            "{}|{}",
            order.len(),
            rank_row(&order, bounds.branching, bounds.depth)
        ),
    ))
}

/// What the text says of one combination: the Knuth–Moore counts of
/// QG1–3, and whether all three give Example 3's orders.
#[derive(Debug, Clone)]
struct Text {
    km: [usize; 3],
    examples: bool,
    /// §3's argument that QG3 examines no terminal Alpha-Beta prunes, on
    /// small trees with many ties: the trees where it fails.
    ties: usize,
}

impl Text {
    /// The text's statements that hold: the Knuth–Moore counts (one per
    /// variant), Example 3 (one per table), and §3's argument on trees with
    /// ties.
    fn score(&self) -> usize {
        self.km
            .iter()
            .zip(PAPER_KM)
            .filter(|(a, b)| **a == *b)
            .count()
            + 2 * usize::from(self.examples)
            + usize::from(self.ties == 0)
    }
}

/// The small trees with ties of §3's check: uniform trees of the shapes
/// below, leaves uniform in 0..=3, 0..=20 and 0..=1000, 100 of each.
const TIE_SHAPES: [(usize, usize); 6] = [(2, 5), (2, 6), (2, 7), (3, 4), (3, 5), (4, 4)];
const TIE_HIGHS: [i32; 3] = [3, 20, 1000];
const TIE_TREES: usize = 100;

/// The small trees with ties, each with Alpha-Beta's leaf set.
fn tie_trees() -> Result<Vec<(tree_core::GeneratedTree, LeafSet)>> {
    let mut out = Vec::new();
    for (s, &(b, d)) in TIE_SHAPES.iter().enumerate() {
        for (h, &hi) in TIE_HIGHS.iter().enumerate() {
            for index in 0..TIE_TREES {
                let seed = 1995_0300 + (s * 10 + h) as u64;
                let spec = GenSpec::new(Generator::Random { lo: 0, hi }, b, d, seed, index as u64);
                let tree = spec.build()?;
                let recorded = Recorded::new(&tree)?;
                Runner::new("Alpha-Beta", Algorithm::AlphaBeta).search_recorded(&recorded)?;
                let set = recorded.into_leaf_set();
                out.push((tree, set));
            }
        }
    }
    Ok(out)
}

fn text(readings: Readings, ties: &[(tree_core::GeneratedTree, LeafSet)]) -> Result<Text> {
    let (t1, t2, pi) = (
        worked::TABLE1.tree(),
        worked::TABLE2.tree(),
        worked::PI.tree(),
    );
    let mut km = [0; 3];
    let mut examples = true;
    for (i, v) in QG.into_iter().enumerate() {
        let (value, row) = worked_run(&pi, v, readings)?;
        if value.get() != 2 {
            bail!("{v} under {readings}: value {value} on the Knuth-Moore tree");
        }
        km[i] = row.split('|').next().unwrap_or("0").parse()?;
        let (_, r1) = worked_run(&t1, v, readings)?;
        let (_, r2) = worked_run(&t2, v, readings)?;
        examples &= r1.ends_with(PAPER_TABLE1) && r2.ends_with(PAPER_TABLE2);
    }
    let cfg = quickgame::Config {
        variant: Variant::Qg3,
        readings,
        ..quickgame::Config::default()
    };
    let mut failing = 0;
    for (tree, ab) in ties {
        let recorded = Recorded::new(tree)?;
        quickgame::search(&recorded, &cfg)?;
        failing += usize::from(!recorded.into_leaf_set().is_subset(ab));
    }
    Ok(Text {
        km,
        examples,
        ties: failing,
    })
}

/// One cell's trees under one combination.
struct CellRuns<'a> {
    key: CellKey,
    trees: &'a [TreeOut],
}

impl CellRuns<'_> {
    fn mean(&self, f: impl Fn(&TreeOut) -> u64) -> f64 {
        self.trees.iter().map(|t| f(t) as f64).sum::<f64>() / self.trees.len() as f64
    }

    /// The paper's (count, worse, time) for variant `v` in this cell.
    fn published<'p>(&self, paper: &'p Paper, v: Variant) -> Option<&'p (f64, Option<f64>, f64)> {
        paper.get(&(
            self.key.b,
            self.key.d,
            self.key.ordering.to_string(),
            v.name().to_string(),
        ))
    }
}

/// The five algorithms' means and worse counts in one cell under one
/// combination `c`.
struct Means {
    ab: f64,
    quick: f64,
    qg: [f64; 3],
    quick_worse: usize,
    qg_worse: [usize; 3],
    /// QG3: trees on which it examined a terminal Alpha-Beta prunes.
    pruned: usize,
}

fn means(space: &Space, cell: &CellRuns<'_>, c: usize) -> Means {
    let k = |i: usize| space.index[i][c];
    let qg = [0, 1, 2].map(|i| cell.mean(|t| t.qg[i][k(i)]));
    let qg_worse = [0, 1, 2].map(|i| cell.trees.iter().filter(|t| t.qg[i][k(i)] > t.ab).count());
    Means {
        ab: cell.mean(|t| t.ab),
        quick: cell.mean(|t| t.quick),
        qg,
        quick_worse: cell.trees.iter().filter(|t| t.quick > t.ab).count(),
        qg_worse,
        pruned: cell.trees.iter().filter(|t| t.pruned[k(2)]).count(),
    }
}

/// The paper's observations that its Table 3 lets one check, as in
/// `bhattacharya95-table3.md`: the id, the statement, the cells it is about
/// (`None`: every cell), and the test on one cell.
type ClaimTest = fn(&Means) -> bool;
const CLAIMS: &[(&str, &str, Option<&str>, ClaimTest)] = &[
    (
        "(a)",
        "random: QuickGame examines the fewest terminals of the five",
        Some("random"),
        |m| m.qg.iter().all(|&q| m.quick <= q) && m.quick <= m.ab,
    ),
    (
        "(a)",
        "random: QuickGame is worse than AB on the fewest trees",
        Some("random"),
        |m| m.qg_worse.iter().all(|&w| m.quick_worse <= w),
    ),
    (
        "(a)",
        "strong: QuickGame examines the most terminals of the five",
        Some("strong"),
        |m| m.qg.iter().all(|&q| m.quick >= q) && m.quick >= m.ab,
    ),
    (
        "(b)",
        "strong: QG3's total (revisits included) is below AB's",
        Some("strong"),
        |m| m.qg[2] < m.ab,
    ),
    (
        "(b)",
        "random: QG3 is the worst of QuickGame and its variants",
        Some("random"),
        |m| m.qg[2] >= m.quick && m.qg[2] >= m.qg[0] && m.qg[2] >= m.qg[1],
    ),
    (
        "(d)",
        "QG3 examines no terminal AB prunes (every tree)",
        None,
        |m| m.pruned == 0,
    ),
    ("(f)", "QG1 examines fewer terminals than QG2", None, |m| {
        m.qg[0] < m.qg[1]
    }),
    (
        "(f)",
        "random: QG1, QG2 worse than QuickGame, better than AB and QG3",
        Some("random"),
        |m| {
            m.qg[..2]
                .iter()
                .all(|&q| q > m.quick && q < m.ab && q < m.qg[2])
        },
    ),
    (
        "(f)",
        "strong: QG1, QG2 worse than QG3, better than QuickGame",
        Some("strong"),
        |m| m.qg[..2].iter().all(|&q| q > m.qg[2] && q < m.quick),
    ),
];

/// Everything measured for one combination.
struct Fit {
    /// The class's representative: its member with the fewest readings
    /// away from the default.
    readings: Readings,
    /// Every combination that gives the same counts on every tree and the
    /// same text (the class), in the order of `Readings::all()`.
    members: Vec<Readings>,
    text: Text,
    /// QG1–3 count cells within 10% of the paper, of `cells`.
    within: usize,
    cells: usize,
    /// QG1–3 worse counts within 10 trees (of 100) of the paper's.
    worse_within: usize,
    /// Per claim: the cells where it holds, of the cells it is about.
    claims: Vec<(usize, usize)>,
    /// QG3: trees that examined a terminal Alpha-Beta prunes, of all.
    pruned: (usize, usize),
    /// Per cell (in the order of the cells): QG1–3 means.
    cell_means: Vec<[f64; 3]>,
}

impl Fit {
    fn claims_held(&self) -> usize {
        self.claims.iter().filter(|(ok, n)| ok == n).count()
    }
    /// The order of preference: claims held, then the text's statements
    /// (Knuth–Moore, Example 3, §3 on trees with ties), then the fewest
    /// trees with ties on which QG3 examines a terminal Alpha-Beta prunes;
    /// the count cells are reported, never used.
    fn evidence(&self) -> (usize, usize, std::cmp::Reverse<usize>) {
        (
            self.claims_held(),
            self.text.score(),
            std::cmp::Reverse(self.text.ties),
        )
    }
}

fn fit(
    space: &Space,
    c: usize,
    text: Text,
    cells: &[CellRuns<'_>],
    paper: &Paper,
    trees: usize,
) -> Result<Fit> {
    let readings = space.all[c];
    let ms: Vec<Means> = cells.iter().map(|cell| means(space, cell, c)).collect();
    let (mut within, mut compared, mut worse_within) = (0, 0, 0);
    for (cell, m) in cells.iter().zip(&ms) {
        for (i, v) in QG.into_iter().enumerate() {
            if let Some(&(count, worse, _)) = cell.published(paper, v) {
                compared += 1;
                within += usize::from((m.qg[i] / count - 1.0).abs() <= 0.10);
                if let Some(w) = worse {
                    let ours = m.qg_worse[i] as f64 * 100.0 / trees as f64;
                    worse_within += usize::from((ours - w).abs() <= 10.0);
                }
            }
        }
    }
    let claims = CLAIMS
        .iter()
        .map(|&(_, _, scope, test)| {
            let about: Vec<&Means> = cells
                .iter()
                .zip(&ms)
                .filter(|(cell, _)| scope.is_none_or(|s| cell.key.ordering == s))
                .map(|(_, m)| m)
                .collect();
            (about.iter().filter(|m| test(m)).count(), about.len())
        })
        .collect();
    let pruned = (
        ms.iter().map(|m| m.pruned).sum(),
        cells.iter().map(|c| c.trees.len()).sum(),
    );
    Ok(Fit {
        readings,
        members: vec![readings],
        text,
        within,
        cells: compared,
        worse_within,
        claims,
        pruned,
        cell_means: ms.iter().map(|m| m.qg).collect(),
    })
}

/// A development aid, off unless set: `XTASK_QG_READINGS_CACHE=FILE` keeps
/// the per-tree results in FILE (read if it holds a run of the same size,
/// written otherwise), so that the document can be rendered again without
/// the searches. Delete FILE whenever the searches change.
const CACHE: &str = "XTASK_QG_READINGS_CACHE";

/// The per-tree results as the cache keeps them.
#[derive(Serialize, Deserialize)]
struct Cached {
    quick: bool,
    trees: usize,
    per_cell: Vec<Vec<TreeOut>>,
}

pub fn run(cfg: &Config) -> Result<Doc> {
    let paper = revisits::paper()?;
    let space = Space::new();
    let shapes = if cfg.quick {
        revisits::QUICK_SHAPES
    } else {
        revisits::SHAPES
    };
    let keys: Vec<CellKey> = shapes
        .iter()
        .flat_map(|&(b, d)| {
            revisits::orderings()
                .into_iter()
                .map(move |(ordering, generator)| CellKey {
                    b,
                    d,
                    ordering,
                    generator,
                })
        })
        .collect();
    // Round-robin over the cells, as `measure::run_batches` does.
    let jobs: Vec<(usize, usize)> = (0..cfg.trees)
        .flat_map(|t| (0..keys.len()).map(move |c| (c, t)))
        .collect();
    let progress = cfg.bar("QG1-QG3 under every reading", jobs.len() as u64);
    let cache = std::env::var_os(CACHE).map(std::path::PathBuf::from);
    let cached: Option<Cached> = cache
        .as_ref()
        .and_then(|f| std::fs::File::open(f).ok())
        .and_then(|f| ciborium::from_reader(std::io::BufReader::new(f)).ok())
        .filter(|c: &Cached| c.quick == cfg.quick && c.trees == cfg.trees);
    let per_cell = match cached {
        Some(c) => c.per_cell,
        None => {
            let results = jobs::run(&jobs, &progress, |&(c, t)| run_tree(&space, &keys[c], t))?;
            progress.finish_and_clear();
            let mut per_cell: Vec<Vec<TreeOut>> = keys.iter().map(|_| Vec::new()).collect();
            for (&(c, _), r) in jobs.iter().zip(results) {
                per_cell[c].push(r);
            }
            if let Some(file) = &cache {
                let c = Cached {
                    quick: cfg.quick,
                    trees: cfg.trees,
                    per_cell,
                };
                let out = std::fs::File::create(file)
                    .with_context(|| format!("writing {}", file.display()))?;
                ciborium::into_writer(&c, std::io::BufWriter::new(out))?;
                c.per_cell
            } else {
                per_cell
            }
        }
    };
    let cells: Vec<CellRuns<'_>> = keys
        .iter()
        .zip(&per_cell)
        .map(|(&key, trees)| CellRuns { key, trees })
        .collect();
    let ties = tie_trees()?;
    let texts = space
        .all
        .iter()
        .map(|&r| text(r, &ties))
        .collect::<Result<Vec<Text>>>()?;
    // Combinations that search every tree alike form one class.
    let mut classes: Vec<(Vec<u64>, Vec<usize>)> = Vec::new();
    for (c, t) in texts.iter().enumerate() {
        let k = |i: usize| space.index[i][c];
        let mut sig = Vec::new();
        for trees in &per_cell {
            for t in trees {
                sig.extend([t.qg[0][k(0)], t.qg[1][k(1)], t.qg[2][k(2)]]);
                sig.push(u64::from(t.pruned[k(2)]));
            }
        }
        sig.extend(t.km.map(|x| x as u64));
        sig.push(u64::from(t.examples));
        sig.push(t.ties as u64);
        match classes.iter_mut().find(|(s, _)| *s == sig) {
            Some((_, members)) => members.push(c),
            None => classes.push((sig, vec![c])),
        }
    }
    let mut fits = Vec::with_capacity(classes.len());
    for (_, members) in classes {
        let rep = *members
            .iter()
            .min_by_key(|&&c| (changed(space.all[c]), c))
            .expect("a class has a member");
        let mut f = fit(&space, rep, texts[rep].clone(), &cells, &paper, cfg.trees)?;
        f.members = members.iter().map(|&c| space.all[c]).collect();
        fits.push(f);
    }
    Ok(render(cfg, &fits, &cells, &paper))
}

/// The lines of the pseudo-code that admit more than one reading: the line
/// (or remark), the readings, and the field of `Readings` that chooses.
const LINES: &[(&str, &str, &str)] = &[
    (
        "QG1/QG3 \"the nodes in OPEN … to the left of p\"; QG2 \"all the nodes in the local OPEN\"",
        "every entry (`all`); not the exhausted ones, whose sons are finished (`not-exhausted`); \
         only those still above r (`contending`)",
        "`left`",
    ),
    (
        "§3 \"when no such … value is available … the current lower bound of the grandfather\"; \
         `If (lb = h[k]) then lb := r`",
        "r (`r`); the α the node was called with (`alpha`)",
        "`fallback`",
    ),
    (
        "`lb := SelectLowerBound(OPEN)`: never compared with α or r",
        "no floor (`none`); `max(lb, α)` (`alpha`, the claim of §3 needs it); `max(lb, r)` (`r`)",
        "`floor`",
    ),
    (
        "Remark 2: \"left in OPEN as it is with its h-value < lb\"",
        "the returned h counts as is (`at-h`); as just below it, h − 1, when choosing lb \
         (`below-h`)",
        "`unsolved`",
    ),
    (
        "QG3 \"the second highest h-value to the left of p\"",
        "the highest strictly left of p, p being the highest (`highest-left`); the second \
         highest of those strictly left (`of-left`)",
        "`second`",
    ),
    (
        "\"returns the status of the highest h-valued node\", when an unsolved and a solved entry \
         tie",
        "Remark 3's leftmost (`leftmost`); SOLVED, the value being then known (`solved`)",
        "`tie`",
    ),
];

/// Lines read one way only, and why.
const SETTLED: &str = "\
Read one way only: `while (h[k] > r)` (with `>=` the loop never ends on a solved entry at r); \
`update h[k], status[k] with QG(...)` (the call returns at most its β = h[k], so \"update\" and \
\"replace\" agree); `OPEN[k] := x.j+1` keeps the returned h (the replacing node's h, as §3's b = 2 \
example says); ties in the selection (Remark 3); which entries count for QG2 when the selected \
one is left out (the same minimum whenever a node has two sons or more); what is counted (Table 3: \
every terminal examined, revisits included, as here); the memory bound (b·⌈d/2⌉ entries whatever the reading: a revisit pushes its \
frame afresh).";

/// How many readings `r` takes away from the default.
fn changed(r: Readings) -> usize {
    if r == Readings::PRINTED {
        0
    } else {
        r.code().split(' ').count()
    }
}

/// Where `a` is worse than `b` on the evidence: claims held, the
/// Knuth–Moore counts matched, Example 3, and the trees with ties on which
/// QG3 examines a terminal Alpha-Beta prunes.
fn worse_on(a: &Fit, b: &Fit) -> Vec<String> {
    let matched = |f: &Fit| {
        f.text
            .km
            .iter()
            .zip(PAPER_KM)
            .filter(|(x, y)| **x == *y)
            .count()
    };
    let mut out = Vec::new();
    if a.claims_held() < b.claims_held() {
        out.push(format!(
            "the observations ({} against {})",
            a.claims_held(),
            b.claims_held()
        ));
    }
    if matched(a) < matched(b) {
        out.push(format!(
            "the Knuth–Moore counts ({} against {})",
            km(&a.text),
            km(&b.text)
        ));
    }
    if !a.text.examples && b.text.examples {
        out.push("Example 3".to_string());
    }
    if a.text.ties > b.text.ties {
        out.push(format!(
            "the trees with ties (QG3 beyond Alpha-Beta on {} against {})",
            a.text.ties, b.text.ties
        ));
    }
    out
}

fn verdict(ok: usize, n: usize) -> String {
    if ok == n {
        "holds".into()
    } else {
        format!("{ok}/{n}")
    }
}

fn km(t: &Text) -> String {
    format!("{}/{}/{}", t.km[0], t.km[1], t.km[2])
}

/// A class's name: its representative, and how many more combinations
/// it holds.
fn class_name(f: &Fit) -> String {
    match f.members.len() {
        1 => format!("`{}`", f.readings),
        n => format!("`{}` (+{})", f.readings, n - 1),
    }
}

/// The heading of the per-cell section, which the cells document reads.
pub const CLOSEST: &str = "## Each cell: the closest combination";

/// Per published QG cell of Table 3: the default's mean and the closest
/// mean of any combination, with that combination's class representative.
fn closest_per_cell(
    md: &mut String,
    fits: &[Fit],
    def: &Fit,
    cells: &[CellRuns<'_>],
    paper: &Paper,
) {
    writeln!(
        md,
        "{CLOSEST}\n\nFor every published QG1–QG3 count of Table 3, the mean of the default \
         combination and the mean nearest the paper's among all {} classes (its representative \
         named; ties to the first in the order of `Readings::all()`).\n",
        fits.len()
    )
    .unwrap();
    let mut rows = Vec::new();
    for (ci, cell) in cells.iter().enumerate() {
        for (i, v) in QG.into_iter().enumerate() {
            let Some(&(count, _, _)) = cell.published(paper, v) else {
                continue;
            };
            let off = |f: &Fit| (f.cell_means[ci][i] / count - 1.0).abs();
            let best = fits
                .iter()
                .min_by(|a, b| off(a).total_cmp(&off(b)))
                .expect("at least the default");
            rows.push(vec![
                format!(
                    "({},{}) {} {}",
                    cell.key.b,
                    cell.key.d,
                    cell.key.ordering,
                    v.name()
                ),
                num(count, 0),
                num(def.cell_means[ci][i], 1),
                num(best.cell_means[ci][i], 1),
                format!("`{}`", best.readings),
                if off(best) <= 0.10 { "yes" } else { "no" }.to_owned(),
            ]);
        }
    }
    md.push_str(&md_table(
        &[
            "cell",
            "paper",
            "default",
            "closest",
            "combination",
            "within 10%",
        ],
        &rows,
    ));
    md.push('\n');
}

fn render(cfg: &Config, fits: &[Fit], cells: &[CellRuns<'_>], paper: &Paper) -> Doc {
    let default = Readings::default();
    let def = fits
        .iter()
        .find(|f| f.members.contains(&default))
        .expect("the default is one of the combinations");
    let printed = fits
        .iter()
        .find(|f| f.members.contains(&Readings::PRINTED))
        .expect("the printed reading is one of the combinations");
    let n: usize = fits.iter().map(|f| f.members.len()).sum();
    let best_evidence = fits.iter().map(Fit::evidence).max().unwrap_or_default();
    let best_cells = fits.iter().map(|f| f.within).max().unwrap_or_default();
    let best_claims = fits.iter().map(Fit::claims_held).max().unwrap_or_default();
    let leaders: Vec<&Fit> = fits
        .iter()
        .filter(|f| f.evidence() == best_evidence)
        .collect();
    let mut md = String::new();
    writeln!(
        md,
        "# Bhattacharya (IJCAI-95), QG1–QG3: every reading of the pseudo-code\n\n\
         Generated by `cargo xtask reproduce`{} (`--only {NAME}`). Every line of the QG \
         pseudo-code (§3) that admits more than one reading is a field of \
         `search_bestfirst::quickgame::Readings`; this experiment runs every combination ({n}) \
         on the Knuth–Moore (3,4) tree, on Tables 1 and 2 (Example 3), and on {} cells of Table 3 \
         with {} trees each, the trees of [bhattacharya95-table3.md](bhattacharya95-table3.md) \
         (same generators, seeds and indices). Every combination's value is checked against \
         Alpha-Beta's on every tree. Counts are terminals examined, revisits included. \
         Combinations that examine the same number of terminals on every tree, and agree on the \
         worked examples, form a *class* ({} classes here), named by its member with the fewest \
         readings away from the default, with the number of other members in brackets.\n",
        if cfg.quick { " --quick" } else { "" },
        cells.len(),
        cfg.trees,
        fits.len(),
    )
    .unwrap();
    writeln!(md, "## The ambiguous lines\n").unwrap();
    let rows: Vec<Vec<String>> = LINES
        .iter()
        .map(|(line, readings, field)| {
            vec![line.to_string(), readings.to_string(), field.to_string()]
        })
        .collect();
    md.push_str(&md_table(
        &["line of the paper", "readings", "field"],
        &rows,
    ));
    writeln!(
        md,
        "\nThe first reading of each is the pseudo-code taken literally. {SETTLED}\n"
    )
    .unwrap();

    writeln!(md, "## Which combination fits\n").unwrap();
    let claims_of = |f: &Fit| format!("{}/{}", f.claims_held(), CLAIMS.len());
    writeln!(
        md,
        "*Evidence* ranks a class by the paper's observations that hold in every cell they are \
         about (of {}), then by the text's statements it matches (of 6: the Knuth–Moore counts \
         of QG1, QG2 and QG3; Example 3 on each of Tables 1 and 2; §3's argument that QG3 \
         examines no terminal Alpha-Beta prunes, checked on {} small random trees with many ties \
         — shapes {}, leaves uniform in 0..=3, 0..=20 or 0..=1000, where Table 3's trees have \
         few); the count cells within 10% of the paper (and the worse-than-Alpha-Beta counts \
         within 10 trees of 100) are reported beside them and never used to choose.\n",
        CLAIMS.len(),
        TIE_SHAPES.len() * TIE_HIGHS.len() * TIE_TREES,
        TIE_SHAPES
            .iter()
            .map(|(b, d)| format!("({b},{d})"))
            .collect::<Vec<_>>()
            .join(", "),
    )
    .unwrap();
    let mut listed: Vec<(&Fit, Vec<&str>)> = Vec::new();
    // The class with the most cells within 10% that has the best evidence
    // among those.
    let cells_best: &Fit = fits
        .iter()
        .filter(|f| f.within == best_cells)
        .max_by_key(|f| (f.evidence(), std::cmp::Reverse(changed(f.readings))))
        .expect("some class");
    let claims_best: &Fit = fits
        .iter()
        .filter(|f| f.claims_held() == best_claims)
        .max_by_key(|f| (f.evidence(), std::cmp::Reverse(changed(f.readings))))
        .expect("some class");
    let text_best = fits
        .iter()
        .map(|f| f.text.score())
        .max()
        .unwrap_or_default();
    let text_best: &Fit = fits
        .iter()
        .filter(|f| f.text.score() == text_best)
        .max_by_key(|f| (f.evidence(), std::cmp::Reverse(changed(f.readings))))
        .expect("some class");
    for f in fits {
        let mut why = Vec::new();
        if std::ptr::eq(f, def) {
            why.push("the default");
        }
        if std::ptr::eq(f, printed) {
            why.push("as printed");
        }
        if f.members.contains(&Readings::FLOORED) {
            why.push("the floor alone");
        }
        if f.evidence() == best_evidence {
            why.push("best evidence");
        }
        if std::ptr::eq(f, claims_best) {
            why.push("most claims");
        }
        if std::ptr::eq(f, text_best) {
            why.push("most of the text");
        }
        if std::ptr::eq(f, cells_best) {
            why.push("most cells within 10%");
        }
        if !why.is_empty() {
            listed.push((f, why));
        }
    }
    let rows: Vec<Vec<String>> = listed
        .iter()
        .map(|(f, why)| {
            vec![
                why.join(", "),
                class_name(f),
                claims_of(f),
                format!("{}/6", f.text.score()),
                km(&f.text),
                f.text.ties.to_string(),
                format!("{}/{}", f.within, f.cells),
                format!("{}/{}", f.worse_within, f.cells),
            ]
        })
        .collect();
    md.push_str(&md_table(
        &[
            "",
            "class",
            "claims held",
            "text",
            "Knuth–Moore QG1/2/3 (paper 32/32/30)",
            "QG3 ⊄ AB, trees with ties",
            "cells within 10%",
            "worse counts within 10",
        ],
        &rows,
    ));
    // The candidate: of the classes with the best evidence, the one whose
    // representative changes the fewest readings (then the first in
    // `Readings::all()`).
    let all = Readings::all();
    let position = |r: &Readings| all.iter().position(|x| x == r).unwrap_or(usize::MAX);
    let candidate: &Fit = leaders
        .iter()
        .copied()
        .min_by_key(|f| (changed(f.readings), position(&f.readings)))
        .expect("some class has the best evidence");
    let facts = |f: &Fit| {
        format!(
            "{} claims, {}/6 of the text (Knuth–Moore {}, Example 3 {}, QG3 beyond Alpha-Beta on \
             {} of {} trees with ties), {} of {} cells within 10%",
            claims_of(f),
            f.text.score(),
            km(&f.text),
            if f.text.examples { "holds" } else { "fails" },
            f.text.ties,
            TIE_SHAPES.len() * TIE_HIGHS.len() * TIE_TREES,
            f.within,
            f.cells
        )
    };
    let verdict_text = if std::ptr::eq(candidate, def) {
        format!(
            "The default, `{default}`, is the candidate: the simplest of the {} class(es) with the \
             best evidence ({}).",
            leaders.len(),
            facts(def),
        )
    } else {
        let worse = worse_on(candidate, def);
        format!(
            "The candidate is `{}`, the simplest of the {} class(es) with the best evidence ({}); \
             the default, `{default}`: {}. {}",
            candidate.readings,
            leaders.len(),
            facts(candidate),
            facts(def),
            if worse.is_empty() {
                "The candidate is at least as good on every piece of evidence and better on one: \
                 it should be the default."
                    .to_string()
            } else {
                format!(
                    "A combination replaces the default only if it is at least as good on every \
                     piece of evidence and better on one; the candidate is worse on {}, so the \
                     default stays.",
                    worse.join(" and on ")
                )
            }
        )
    };
    writeln!(md, "\n**Verdict.** {verdict_text}\n").unwrap();
    if cfg.quick {
        writeln!(
            md,
            "(This quick form runs {} cells of {} trees; the default is chosen on the full run, \
             [../qg-readings.md](../qg-readings.md).)\n",
            cells.len(),
            cfg.trees
        )
        .unwrap();
    }

    let mut shown: Vec<&Fit> = vec![def];
    if !std::ptr::eq(printed, def) {
        shown.push(printed);
    }
    for f in leaders
        .iter()
        .copied()
        .chain([claims_best, text_best, cells_best])
        .chain(
            fits.iter()
                .filter(|f| f.members.contains(&Readings::FLOORED)),
        )
    {
        if !shown.iter().any(|s| std::ptr::eq(*s, f)) {
            shown.push(f);
        }
    }
    writeln!(md, "## The claims under the leading classes\n").unwrap();
    let mut headers: Vec<String> = vec!["".into(), "claim".into()];
    headers.extend(shown.iter().map(|f| format!("`{}`", f.readings)));
    let rows: Vec<Vec<String>> = CLAIMS
        .iter()
        .enumerate()
        .map(|(k, (id, claim, _, _))| {
            let mut r = vec![format!("{id}{}", k + 1), claim.to_string()];
            r.extend(shown.iter().map(|f| verdict(f.claims[k].0, f.claims[k].1)));
            r
        })
        .collect();
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    md.push_str(&md_table(&h, &rows));
    writeln!(
        md,
        "\n*holds*: in every cell it is about; otherwise the cells where it holds, of those. \
         Trees on which QG3 examines a terminal Alpha-Beta prunes: {}.\n",
        shown
            .iter()
            .map(|f| format!("`{}` {} of {}", f.readings, f.pruned.0, f.pruned.1))
            .collect::<Vec<_>>()
            .join("; ")
    )
    .unwrap();

    writeln!(md, "## Table 3 under the leading classes\n").unwrap();
    writeln!(
        md,
        "Mean terminals examined, QG1 / QG2 / QG3, beside the paper's.\n"
    )
    .unwrap();
    let mut headers: Vec<String> = vec!["(b,d)".into(), "order".into(), "paper".into()];
    headers.extend(shown.iter().map(|f| format!("`{}`", f.readings)));
    let rows: Vec<Vec<String>> = cells
        .iter()
        .enumerate()
        .map(|(ci, cell)| {
            let p: Vec<String> = QG
                .iter()
                .map(|&v| cell.published(paper, v).map_or("–".into(), |p| num(p.0, 0)))
                .collect();
            let mut r = vec![
                format!("({},{})", cell.key.b, cell.key.d),
                cell.key.ordering.to_string(),
                p.join(" / "),
            ];
            r.extend(shown.iter().map(|f| {
                f.cell_means[ci]
                    .iter()
                    .map(|m| num(*m, 0))
                    .collect::<Vec<_>>()
                    .join(" / ")
            }));
            r
        })
        .collect();
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    md.push_str(&md_table(&h, &rows));
    md.push('\n');

    closest_per_cell(&mut md, fits, def, cells, paper);

    writeln!(md, "## Every class\n").unwrap();
    writeln!(
        md,
        "In the order of their first member in `Readings::all()`; *claims*: observations holding \
         in every cell they are about (of {}), the failing ones named by their row above; *QG3 ⊄ \
         AB*: trees on which QG3 examined a terminal Alpha-Beta prunes; *members*: the \
         combinations of the class ([{NAME}.csv]({NAME}.csv) lists every combination with its \
         class).\n",
        CLAIMS.len()
    )
    .unwrap();
    let rows: Vec<Vec<String>> = fits
        .iter()
        .map(|f| {
            let failing: Vec<String> = CLAIMS
                .iter()
                .zip(&f.claims)
                .enumerate()
                .filter(|(_, (_, (ok, n)))| ok != n)
                .map(|(k, ((id, _, _, _), _))| format!("{id}{}", k + 1))
                .collect();
            vec![
                format!("`{}`", f.readings),
                f.members.len().to_string(),
                km(&f.text),
                if f.text.examples { "yes" } else { "no" }.into(),
                f.text.ties.to_string(),
                format!("{}/{}", f.within, f.cells),
                format!("{}/{}", f.worse_within, f.cells),
                claims_of(f),
                if failing.is_empty() {
                    "–".into()
                } else {
                    failing.join(" ")
                },
                f.pruned.0.to_string(),
            ]
        })
        .collect();
    md.push_str(&md_table(
        &[
            "class",
            "members",
            "Knuth–Moore",
            "Example 3",
            "QG3 ⊄ AB, ties",
            "cells within 10%",
            "worse within 10",
            "claims",
            "failing",
            "QG3 ⊄ AB",
        ],
        &rows,
    ));
    md.push('\n');

    let mut csv_rows: Vec<Vec<String>> = Vec::new();
    for f in fits {
        for r in &f.members {
            let mut row = vec![
                format!("{:?}", r.left),
                format!("{:?}", r.fallback),
                format!("{:?}", r.floor),
                format!("{:?}", r.unsolved),
                format!("{:?}", r.second),
                format!("{:?}", r.tie),
                r.code(),
                f.readings.code(),
                (*r == default).to_string(),
                f.text.km[0].to_string(),
                f.text.km[1].to_string(),
                f.text.km[2].to_string(),
                f.text.examples.to_string(),
                f.text.ties.to_string(),
                f.within.to_string(),
                f.cells.to_string(),
                f.worse_within.to_string(),
                f.claims_held().to_string(),
                f.pruned.0.to_string(),
                f.pruned.1.to_string(),
            ];
            row.extend(f.claims.iter().map(|(ok, n)| format!("{ok}/{n}")));
            csv_rows.push(row);
        }
    }
    let order: Vec<Readings> = Readings::all();
    csv_rows.sort_by_key(|row| order.iter().position(|r| r.code() == row[6]));
    let mut headers: Vec<String> = [
        "left",
        "fallback",
        "floor",
        "unsolved",
        "second",
        "tie",
        "code",
        "class",
        "default",
        "km_qg1",
        "km_qg2",
        "km_qg3",
        "example3",
        "qg3_tie_trees_beyond_ab",
        "cells_within_10pct",
        "cells",
        "worse_within_10",
        "claims_held",
        "qg3_trees_beyond_ab",
        "trees",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    headers.extend((1..=CLAIMS.len()).map(|k| format!("claim{k}")));
    let h: Vec<&str> = headers.iter().map(String::as_str).collect();
    Doc::new(NAME, md, csv(&h, &csv_rows))
}

//! Running algorithms on shared generated trees: values checked against
//! minimax, counts from the front door's report (`gametree::search`, which
//! counts at the trait boundary as `tree_core::Counted` does), wall-clock
//! times, and leaf-set comparisons decided tree by tree.
//!
//! An experiment describes its cells as [`Batch`]es; [`run_batches`] turns
//! them into one job per (cell, tree), runs the jobs with
//! [`jobs::run`] and returns each cell's
//! [`TreeResult`]s in tree order. A job keeps what its tree needs and no
//! more: leaf sets live only while their tree's searches run, and the
//! result is a handful of counts, times and yes/no answers.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use gametree::{Algorithm, Config as Settings, Report};
use serde::{Deserialize, Serialize};
use tree_core::{GenSpec, GeneratedTree, Tree, Value, minimax};

use super::config::Config;
use super::jobs;

/// An algorithm of a table: its label in the papers' tables (`AB`, `PAB`,
/// `SC`, …), the front door's algorithm, and its settings.
#[derive(Debug, Clone)]
pub struct Runner {
    pub label: &'static str,
    pub algorithm: Algorithm,
    pub settings: Settings,
}

impl Runner {
    /// `algorithm` with every setting unset (its defaults on the tree).
    pub fn new(label: &'static str, algorithm: Algorithm) -> Runner {
        Runner::with(label, algorithm, Settings::default())
    }

    /// `algorithm` with `settings`.
    pub fn with(label: &'static str, algorithm: Algorithm, settings: Settings) -> Runner {
        Runner {
            label,
            algorithm,
            settings,
        }
    }

    /// Searches `tree` through the front door; the report's value must be
    /// exact (no limit is set).
    pub fn search<T>(&self, tree: &T) -> Result<Report>
    where
        T: Tree + Sync + ?Sized,
        T::Node: Send + Sync,
    {
        let report = gametree::search(self.algorithm, tree, &self.settings)
            .with_context(|| format!("{} ({})", self.label, self.algorithm))?;
        if report.exact().is_none() {
            bail!("{} gave no exact value: {report:?}", self.label);
        }
        Ok(report)
    }

    /// [`Runner::search`] on a generated tree, compiled here once: a
    /// caller in another crate (the tests) calls it without compiling every
    /// engine for the tree type again.
    pub fn search_tree(&self, tree: &GeneratedTree) -> Result<Report> {
        self.search(tree)
    }

    /// [`Runner::search`] on a recorder of a generated tree, compiled here
    /// once (as [`Runner::search_tree`]).
    pub fn search_recorded(&self, tree: &Recorded<&GeneratedTree>) -> Result<Report> {
        self.search(tree)
    }
}

/// A tree that records which terminals a search evaluates, each as one
/// number: its path read as a numeral in bijective base B + 1 (B the
/// bounds' branching, digit i + 1 for child i), which numbers every node of
/// the tree differently. Eight bytes per evaluation and none per generated
/// node, where `tree_core::Traced` keeps a Dewey code (40 bytes) per
/// evaluation and builds one per generated node.
///
/// `Sync`, so that the front door can search it, without a lock per
/// evaluation: the numbers go into a list of the thread that made the
/// recorder (a thread-local list, found by the recorder's id), and only
/// evaluations on other threads (a multi-threaded search) into a list
/// behind a lock. The recorder stays on its thread (it is not `Send`).
#[derive(Debug)]
pub struct Recorded<T> {
    tree: T,
    radix: u64,
    /// Names this recorder's list among its thread's.
    id: u64,
    /// Evaluations made on other threads than the recorder's.
    elsewhere: Mutex<Vec<u64>>,
    /// Not `Send` (its list is its thread's), still `Sync`.
    _on_its_thread: PhantomData<MutexGuard<'static, ()>>,
}

thread_local! {
    /// The lists of the recorders made on this thread: (id, numbers).
    pub static LISTS: RefCell<Vec<(u64, Vec<u64>)>> = const { RefCell::new(Vec::new()) };
}

/// The next recorder's id.
static NEXT_ID: AtomicU64 = AtomicU64::new(0);

impl<T: Tree> Recorded<T> {
    /// Wraps `tree`, which must declare bounds small enough that every path
    /// has a number below 2^64.
    pub fn new(tree: T) -> Result<Recorded<T>> {
        let b = tree
            .bounds()
            .context("recording leaf sets needs a tree with bounds")?;
        let radix = b.branching as u64 + 1;
        // The largest number is that of the last path of full depth.
        let fits = (0..b.depth).try_fold(0u64, |n, _| n.checked_mul(radix)?.checked_add(radix - 1));
        if fits.is_none() {
            bail!(
                "a ({}, {}) tree is too large to number its leaves in 64 bits",
                b.branching,
                b.depth
            );
        }
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        LISTS.with_borrow_mut(|lists| lists.push((id, Vec::new())));
        Ok(Recorded {
            tree,
            radix,
            id,
            elsewhere: Mutex::new(Vec::new()),
            _on_its_thread: PhantomData,
        })
    }

    /// Terminal evaluations so far, revisits included.
    pub fn evaluations(&self) -> u64 {
        let here = LISTS.with_borrow(|lists| {
            lists
                .iter()
                .find(|(id, _)| *id == self.id)
                .map_or(0, |(_, v)| v.len())
        });
        (here + self.others().len()) as u64
    }

    /// The distinct terminals evaluated, as a sorted set of numbers.
    pub fn into_leaf_set(self) -> LeafSet {
        let mut v = self.take_list();
        v.append(&mut self.others());
        v.sort_unstable();
        v.dedup();
        v.shrink_to_fit();
        LeafSet(v)
    }

    /// The evaluations on other threads (a panic elsewhere while the lock
    /// was held leaves a list that is still a list).
    fn others(&self) -> MutexGuard<'_, Vec<u64>> {
        self.elsewhere
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl<T> Recorded<T> {
    /// Takes this recorder's list out of its thread's lists.
    fn take_list(&self) -> Vec<u64> {
        LISTS.with_borrow_mut(|lists| {
            lists
                .iter()
                .position(|(id, _)| *id == self.id)
                .map_or_else(Vec::new, |k| lists.swap_remove(k).1)
        })
    }
}

impl<T> Drop for Recorded<T> {
    fn drop(&mut self) {
        self.take_list();
    }
}

impl<T: Tree> Tree for Recorded<T> {
    type Node = (T::Node, u64);
    #[inline]
    fn root(&self) -> Self::Node {
        (self.tree.root(), 0)
    }
    #[inline]
    fn num_children(&self, node: &Self::Node) -> usize {
        self.tree.num_children(&node.0)
    }
    #[inline]
    fn child(&self, node: &Self::Node, i: usize) -> Self::Node {
        (
            self.tree.child(&node.0, i),
            node.1 * self.radix + i as u64 + 1,
        )
    }
    fn value(&self, node: &Self::Node) -> Value {
        let here = LISTS.with_borrow_mut(|lists| {
            // The recorder searched is the last one made, but for nesting.
            match lists.iter_mut().rev().find(|(id, _)| *id == self.id) {
                Some((_, v)) => {
                    v.push(node.1);
                    true
                }
                None => false,
            }
        });
        if !here {
            self.others().push(node.1);
        }
        self.tree.value(&node.0)
    }
    fn bounds(&self) -> Option<tree_core::Bounds> {
        self.tree.bounds()
    }
}

/// The distinct terminals a search evaluated on one tree (sorted numbers
/// from [`Recorded`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeafSet(pub Vec<u64>);

impl LeafSet {
    /// Whether every terminal of `self` is one of `other`.
    pub fn is_subset(&self, other: &LeafSet) -> bool {
        let mut rest = other.0.iter();
        self.0.iter().all(|x| rest.any(|y| y == x))
    }
}

/// What every value is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Oracle {
    /// Plain minimax over the whole tree (small trees).
    Minimax,
    /// The first runner's value (large trees, when the first runner is an
    /// algorithm tested exact elsewhere, e.g. alpha-beta).
    FirstRunner,
}

/// One cell of an experiment: the same runners on trees `0..trees` of one
/// spec (its index is replaced).
#[derive(Debug)]
pub struct Batch<'r> {
    pub spec: GenSpec,
    pub trees: usize,
    pub runners: Vec<&'r Runner>,
    pub oracle: Oracle,
    /// Leaf-set comparisons `(a, b)` of runner indices: on each checked
    /// tree, whether every terminal `a` evaluates is one `b` evaluates.
    pub subsets: Vec<(usize, usize)>,
    /// The comparisons are made on trees `0..checked` only.
    pub checked: usize,
}

impl<'r> Batch<'r> {
    /// A cell without leaf-set comparisons.
    pub fn new(spec: GenSpec, trees: usize, runners: Vec<&'r Runner>, oracle: Oracle) -> Self {
        Batch {
            spec,
            trees,
            runners,
            oracle,
            subsets: Vec::new(),
            checked: 0,
        }
    }

    /// With the comparisons `subsets` made on trees `0..checked`.
    pub fn with_subsets(mut self, subsets: Vec<(usize, usize)>, checked: usize) -> Self {
        self.subsets = subsets;
        self.checked = checked.min(self.trees);
        self
    }
}

/// One algorithm on one tree.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Run {
    pub leaves: u64,
    pub time: Duration,
}

/// Every algorithm on one tree (in the order of the runners), and the
/// batch's leaf-set comparisons on it (empty on unchecked trees).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TreeResult {
    pub runs: Vec<Run>,
    pub subsets: Vec<((usize, usize), bool)>,
}

/// Runs every batch, one job per (batch, tree), the progress shown under
/// `label`; returns each batch's results in tree order. Jobs are taken
/// round-robin over the batches (tree 0 of every batch, then tree 1, …), so
/// that the jobs done are a fair sample of the jobs left (for the ETA) and
/// the last jobs are single trees, not a whole costly cell. In untimed runs
/// a runner whose leaves are recorded runs once, recorded; in timed runs
/// it also runs on the plain tree for its time (recording slows a search
/// down).
pub fn run_batches(
    cfg: &Config,
    label: &str,
    batches: &[Batch<'_>],
) -> Result<Vec<Vec<TreeResult>>> {
    let rounds = batches.iter().map(|b| b.trees).max().unwrap_or(0);
    let jobs: Vec<(usize, usize)> = (0..rounds)
        .flat_map(|t| {
            batches
                .iter()
                .enumerate()
                .filter(move |(_, batch)| t < batch.trees)
                .map(move |(b, _)| (b, t))
        })
        .collect();
    let progress = cfg.bar(label, jobs.len() as u64);
    let results = jobs::run(&jobs, &progress, |&(b, t)| run_tree(cfg, &batches[b], t))?;
    progress.finish_and_clear();
    let mut out: Vec<Vec<TreeResult>> = batches
        .iter()
        .map(|b| Vec::with_capacity(b.trees))
        .collect();
    // A batch's jobs come in tree order.
    for (&(b, _), r) in jobs.iter().zip(results) {
        out[b].push(r);
    }
    Ok(out)
}

/// Every runner of `batch` on its tree `index`.
fn run_tree(cfg: &Config, batch: &Batch<'_>, index: usize) -> Result<TreeResult> {
    let spec = GenSpec {
        index: index as u64,
        ..batch.spec
    };
    let tree = spec.build()?;
    let mut truth = match batch.oracle {
        Oracle::Minimax => Some(minimax(&tree)),
        Oracle::FirstRunner => None,
    };
    let checked = index < batch.checked;
    let recorded = |k: usize| checked && batch.subsets.iter().any(|&(a, b)| a == k || b == k);
    let mut runs = Vec::with_capacity(batch.runners.len());
    let mut sets: Vec<Option<LeafSet>> = vec![None; batch.runners.len()];
    for (k, r) in batch.runners.iter().enumerate() {
        let mut run = None;
        let mut check = |v: Value| -> Result<()> {
            if let Some(t) = truth.filter(|t| *t != v) {
                bail!(
                    "{} returned {v} on tree {index} of {:?}, the value is {t}",
                    r.label,
                    batch.spec
                );
            }
            truth = truth.or(Some(v));
            Ok(())
        };
        if cfg.timed() || !recorded(k) {
            let (report, time) = cfg.time(|| r.search_tree(&tree));
            let report = report?;
            check(report.value)?;
            run = Some(Run {
                leaves: report.leaves,
                time,
            });
        }
        if recorded(k) {
            let rec = Recorded::new(&tree)?;
            let report = r.search_recorded(&rec)?;
            check(report.value)?;
            let leaves = rec.evaluations();
            if report.leaves != leaves {
                bail!(
                    "{} counted {} terminals on tree {index} of {:?} and recorded {leaves}",
                    r.label,
                    report.leaves,
                    batch.spec
                );
            }
            if let Some(run) = &run
                && run.leaves != leaves
            {
                bail!(
                    "{} evaluated {} terminals on tree {index} of {:?}, then {leaves} on the same tree",
                    r.label,
                    run.leaves,
                    batch.spec
                );
            }
            run.get_or_insert(Run {
                leaves,
                time: Duration::ZERO,
            });
            sets[k] = Some(rec.into_leaf_set());
        }
        runs.push(run.expect("a counted or a recorded run"));
    }
    let subsets = if checked {
        batch
            .subsets
            .iter()
            .map(|&(a, b)| {
                let (sa, sb) = (sets[a].as_ref(), sets[b].as_ref());
                let held = sa.expect("recorded").is_subset(sb.expect("recorded"));
                ((a, b), held)
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(TreeResult { runs, subsets })
}

/// Mean and standard error of a sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub mean: f64,
    pub stderr: f64,
    pub n: usize,
}

impl Summary {
    pub fn of(xs: impl IntoIterator<Item = f64>) -> Summary {
        let xs: Vec<f64> = xs.into_iter().collect();
        let n = xs.len();
        let mean = xs.iter().sum::<f64>() / n.max(1) as f64;
        let var = if n > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Summary {
            mean,
            stderr: (var / n.max(1) as f64).sqrt(),
            n,
        }
    }
}

/// Leaves of algorithm `k` over all trees.
pub fn leaves(results: &[TreeResult], k: usize) -> Summary {
    Summary::of(results.iter().map(|t| t.runs[k].leaves as f64))
}

/// Total time of algorithm `k` over all trees.
pub fn total_time(results: &[TreeResult], k: usize) -> Duration {
    results.iter().map(|t| t.runs[k].time).sum()
}

/// Of the trees on which it was checked, on how many algorithm `a`'s leaf
/// set is inside `b`'s, and on how many it was checked: `(held, checked)`.
///
/// # Panics
/// If the batch did not ask for the comparison `(a, b)`.
pub fn dominations(results: &[TreeResult], a: usize, b: usize) -> (usize, usize) {
    let answers: Vec<bool> = results
        .iter()
        .filter(|t| !t.subsets.is_empty())
        .map(|t| {
            t.subsets
                .iter()
                .find(|(pair, _)| *pair == (a, b))
                .map(|&(_, held)| held)
                .unwrap_or_else(|| panic!("leaf sets of ({a}, {b}) were not compared"))
        })
        .collect();
    (answers.iter().filter(|&&h| h).count(), answers.len())
}

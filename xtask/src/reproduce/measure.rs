//! Running algorithms on shared trees: values checked against minimax,
//! counts from the `Counted`/`Traced` wrappers, wall-clock times.

use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use rayon::prelude::*;
use tree_core::{Counted, Dewey, GenSpec, GeneratedTree, Traced, Value, minimax};

/// An algorithm the harness can run on a generated tree.
pub trait Runner: Sync {
    /// The label in the papers' tables (`AB`, `PAB`, `SC`, …).
    fn label(&self) -> &'static str;
    /// Runs on a counting wrapper; returns the root value.
    fn run_counted(&self, tree: &Counted<&GeneratedTree>) -> Result<Value>;
    /// Runs on a tracing wrapper; returns the root value.
    fn run_traced(&self, tree: &Traced<&GeneratedTree>) -> Result<Value>;
}

impl Runner for (&'static str, search_depthfirst::Algorithm) {
    fn label(&self) -> &'static str {
        self.0
    }
    fn run_counted(&self, tree: &Counted<&GeneratedTree>) -> Result<Value> {
        Ok(self.1.run(tree)?)
    }
    fn run_traced(&self, tree: &Traced<&GeneratedTree>) -> Result<Value> {
        Ok(self.1.run(tree)?)
    }
}

/// A best-first algorithm with its options.
pub struct BestFirst(
    pub &'static str,
    pub search_bestfirst::Algorithm,
    pub search_bestfirst::Options,
);

impl Runner for BestFirst {
    fn label(&self) -> &'static str {
        self.0
    }
    fn run_counted(&self, tree: &Counted<&GeneratedTree>) -> Result<Value> {
        Ok(self.1.run(tree, &self.2)?.value)
    }
    fn run_traced(&self, tree: &Traced<&GeneratedTree>) -> Result<Value> {
        Ok(self.1.run(tree, &self.2)?.value)
    }
}

/// One algorithm on one tree.
#[derive(Debug, Clone)]
pub struct Run {
    pub leaves: u64,
    pub time: Duration,
    /// The sorted set of distinct leaves evaluated, when asked for.
    pub leaf_set: Option<Vec<Dewey>>,
}

/// Every algorithm on one tree (in the order of the runners).
#[derive(Debug, Clone)]
pub struct TreeResult {
    pub runs: Vec<Run>,
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

/// Runs every runner on trees `0..n` of `spec` (index replaced), checking
/// each value against `oracle`. The runners labelled in `leaf_sets` also
/// record their distinct leaf sets.
pub fn run_trees(
    spec: GenSpec,
    n: usize,
    runners: &[&dyn Runner],
    oracle: Oracle,
    leaf_sets: &[&str],
    bar: &indicatif::ProgressBar,
) -> Result<Vec<TreeResult>> {
    run_trees_from(spec, 0..n, runners, oracle, leaf_sets, bar)
}

/// As [`run_trees`], on the tree indices in `indices`.
pub fn run_trees_from(
    spec: GenSpec,
    indices: std::ops::Range<usize>,
    runners: &[&dyn Runner],
    oracle: Oracle,
    leaf_sets: &[&str],
    bar: &indicatif::ProgressBar,
) -> Result<Vec<TreeResult>> {
    indices
        .into_par_iter()
        .map(|index| {
            let tree = GenSpec {
                index: index as u64,
                ..spec
            }
            .build()?;
            let mut truth = match oracle {
                Oracle::Minimax => Some(minimax(&tree)),
                Oracle::FirstRunner => None,
            };
            let mut runs = Vec::with_capacity(runners.len());
            for r in runners {
                let (run, v) = run_one(&tree, *r, truth, leaf_sets.contains(&r.label()), index)?;
                truth = truth.or(Some(v));
                runs.push(run);
            }
            bar.inc(1);
            Ok(TreeResult { runs })
        })
        .collect()
}

fn run_one(
    tree: &GeneratedTree,
    r: &dyn Runner,
    truth: Option<Value>,
    leaf_sets: bool,
    index: usize,
) -> Result<(Run, Value)> {
    let counted = Counted::new(tree);
    let start = Instant::now();
    let v = r.run_counted(&counted)?;
    let time = start.elapsed();
    if let Some(truth) = truth.filter(|t| *t != v) {
        bail!(
            "{} returned {v} on tree {index} of {:?}, the value is {truth}",
            r.label(),
            tree.spec()
        );
    }
    let leaf_set = if leaf_sets {
        let traced = Traced::new(tree);
        r.run_traced(&traced)?;
        let mut set = traced.order();
        set.sort_unstable();
        set.dedup();
        Some(set)
    } else {
        None
    };
    Ok((
        Run {
            leaves: counted.stats().leaves,
            time,
            leaf_set,
        },
        v,
    ))
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

/// On how many trees algorithm `a`'s leaf set is inside `b`'s.
pub fn dominations(results: &[TreeResult], a: usize, b: usize) -> usize {
    results
        .iter()
        .filter(|t| {
            let (sa, sb) = (t.runs[a].leaf_set.as_ref(), t.runs[b].leaf_set.as_ref());
            let (sa, sb) = (
                sa.expect("leaf sets recorded"),
                sb.expect("leaf sets recorded"),
            );
            sa.iter().all(|x| sb.binary_search(x).is_ok())
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_statistics() {
        let s = Summary::of([1.0, 2.0, 3.0, 4.0]);
        assert_eq!(s.mean, 2.5);
        // sample sd = sqrt(5/3); s.e. = sd / 2
        assert!((s.stderr - (5.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert_eq!(Summary::of([7.0]).stderr, 0.0);
    }
}

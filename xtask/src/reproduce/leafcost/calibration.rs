//! The leaf-cost experiment's clock: searches timed in processor time, in
//! blocks long enough to read, and the spin that makes a leaf cost what it
//! should, calibrated once per run.

use std::time::Duration;

use anyhow::Result;
use tree_core::{GenSpec, Generator, LeafCost, Tree, spin};

use super::cells::COSTS_NS;
use crate::reproduce::config::{Config, Timings};

/// The least processor time of a timed block of runs: the thread's CPU
/// time advances at scheduler ticks (4 ms here), so a block of this length
/// is read to within 8%, and a row's total over the trees of a cell better
/// (the errors have mean zero).
pub const MIN_BLOCK: Duration = Duration::from_millis(50);

/// The processor time of one call of `f`: `f` run in blocks of growing
/// size (one call, then as many as the last block says will take
/// [`MIN_BLOCK`], at most 16 times more) until a block takes
/// [`MIN_BLOCK`]; that block's time over its calls (the first error of `f` is returned). Processor time, not wall
/// time: on a shared machine a thread waits for a core, and that is not
/// the search's cost. Untimed and made-up timings: one call.
pub fn per_call(cfg: &Config, mut f: impl FnMut() -> Result<()>) -> Result<Duration> {
    if cfg.timings != Timings::Wall {
        let (r, t) = cfg.time(&mut f);
        return r.map(|()| t);
    }
    let mut calls = 1u32;
    loop {
        let (r, t) = cfg.cpu_time(|| (0..calls).try_for_each(|_| f()));
        r?;
        if t >= MIN_BLOCK || calls >= 1 << 16 {
            return Ok(t / calls);
        }
        // A block read as 0 ran between two ticks: grow it 16-fold.
        let more = MIN_BLOCK.as_nanos().div_ceil(t.as_nanos().max(1)) as u32;
        calls *= more.clamp(2, 16);
    }
}

/// What the spin costs on this machine: steps per nanosecond, and per
/// target cost the iterations and the cost per leaf achieved, measured
/// apart from any search.
#[derive(Debug, Clone)]
pub struct Calibration {
    pub steps_per_ns: f64,
    pub iterations: Vec<u64>,
    pub achieved_ns: Vec<f64>,
}

/// The tree whose leaves the calibration evaluates.
pub fn calibration_tree() -> tree_core::GeneratedTree {
    GenSpec::new(Generator::TOPDOWN_RANDOM, 4, 5, 1, 0)
        .build()
        .expect("a valid spec")
}

/// Calibrates the spin once, in processor time ([`per_call`]): its rate
/// over 2^20 steps, then the cost per leaf achieved at each target, the
/// leaves of a small tree evaluated through the wrapper less the same
/// without it. Made-up timings (tests) get a fixed rate of one step per
/// µs, so that their "10 µs" leaves cost ten steps.
pub fn calibrate(cfg: &Config) -> Result<Calibration> {
    const STEPS: u64 = 1 << 20;
    let steps_per_ns = match cfg.timings {
        Timings::Wall => {
            let t = per_call(cfg, || {
                spin(STEPS, 1);
                Ok(())
            })?;
            STEPS as f64 / t.as_nanos().max(1) as f64
        }
        Timings::Off | Timings::Fake => 0.001,
    };
    let iterations: Vec<u64> = COSTS_NS
        .iter()
        .map(|&c| (c as f64 * steps_per_ns).round() as u64)
        .collect();
    let tree = calibration_tree();
    let leaves = leaf_nodes(&tree);
    let per_leaf = |iterations: u64| -> Result<f64> {
        let costly = LeafCost::new(&tree, iterations);
        let t = per_call(cfg, || {
            for l in &leaves {
                std::hint::black_box(costly.value(l));
            }
            Ok(())
        })?;
        Ok(t.as_nanos() as f64 / leaves.len() as f64)
    };
    let base = per_leaf(0)?;
    let achieved_ns = iterations
        .iter()
        .map(|&i| Ok(if i == 0 { 0.0 } else { per_leaf(i)? - base }))
        .collect::<Result<_>>()?;
    Ok(Calibration {
        steps_per_ns,
        iterations,
        achieved_ns,
    })
}

/// Every terminal of `tree`, left to right.
pub fn leaf_nodes<T: Tree>(tree: &T) -> Vec<T::Node> {
    let mut out = Vec::new();
    let mut stack = vec![tree.root()];
    while let Some(n) = stack.pop() {
        let k = tree.num_children(&n);
        if k == 0 {
            out.push(n);
        } else {
            stack.extend((0..k).rev().map(|i| tree.child(&n, i)));
        }
    }
    out
}

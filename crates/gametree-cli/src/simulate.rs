//! `gametree simulate`: Campbell's parallel algorithms on a simulated
//! processor tree (`search_parallel::simulate`, EVALTIME = 1 per
//! terminal, so the numbers are the same on every host).
//!
//! The simulator is not a search of the front door: it measures a
//! processor tree's time, not a search on this machine. Its report uses the
//! searches' words all the same: the tree's source, the value as the
//! library writes it, the best move 1-based.

use anyhow::{Result, anyhow};
use gametree::{ProcessorTree, Tree};
use search_parallel::SimAlgorithm;

use crate::cli::SimulateArgs;
use crate::options::parse_processors;
use crate::report::{SCHEMA, SimulationReport};
use crate::source::{TreeJson, TreeSource, TreeVisitor};

/// `gametree simulate`.
pub(crate) fn run(args: &SimulateArgs) -> Result<String> {
    let algorithm: SimAlgorithm = args
        .algo
        .parse()
        .map_err(|e| anyhow!("{e}; or Campbell's column labels ts, pv, sss"))?;
    let processors = parse_processors(&args.processors)?;
    let source = TreeSource::from_args(&args.tree)?;
    let report = source.load(Simulation {
        algorithm,
        processors,
        source: TreeJson::from(&source),
    })?;
    Ok(if args.json {
        report.to_json()
    } else {
        report.to_text()
    })
}

/// A simulation to run on whatever tree [`TreeSource::load`] builds.
struct Simulation {
    algorithm: SimAlgorithm,
    processors: ProcessorTree,
    source: TreeJson,
}

impl TreeVisitor for Simulation {
    type Output = SimulationReport;
    fn visit<T>(self, tree: &T, description: String) -> Result<SimulationReport>
    where
        T: Tree + Sync,
        T::Node: Send + Sync,
    {
        let r = search_parallel::simulate(self.algorithm, tree, self.processors)?;
        Ok(SimulationReport {
            schema: SCHEMA,
            algorithm: self.algorithm.name(),
            tree: self.source,
            processor_tree: self.processors.into(),
            processors: r.processors() as u64,
            value: r.value,
            best: r.best.map(|i| (i + 1).to_string()),
            elapsed: r.elapsed,
            evaluations: r.total,
            sequential: r.sequential,
            overhead: r.search_overhead(),
            speedup: r.speedup(),
            per_processor: r.evaluations,
            description,
        })
    }
}

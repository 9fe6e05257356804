//! The one entry point of the simulator: [`simulate`] with a
//! [`SimAlgorithm`].

use std::fmt;
use std::str::FromStr;

use tree_core::Tree;

use super::error::{ParallelError, check_processors};
use super::processors::ProcessorTree;
use super::replay::{At, Kind, Rules, Sim, Task};
use super::report::{SimReport, report};
use super::staged::{STAGE, Stage};

/// The parallel algorithms the processor-tree simulator runs (Campbell
/// 1981, ch. 4-5). Every one returns the minimax value; they differ in how
/// the game tree is split among the processors. The rules of each, and
/// where the thesis leaves a choice, are in the workspace's
/// `docs/PARALLEL.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimAlgorithm {
    /// Tree-splitting (Fig. 10) without window updates, as Campbell
    /// simulated it ("TS" in Tables 8-10; p. 55 blames its anomalies on the
    /// missing update). Same as [`simulate_treesplit`].
    TreeSplit,
    /// Tree-splitting with Fig. 11's dynamic window update: whenever a
    /// master's window narrows, every slave it has running learns the new
    /// bound at that simulated time, down to the alpha-beta frames of the
    /// terminal processors. Not in Campbell's tables.
    TreeSplitUpdate,
    /// Pv-splitting (Fig. 12) with pvsplit at the root processor only
    /// (p. 52: "the simulations only carried out pvsplit at the root
    /// processor of the tree. Depth 1 processors ran regular
    /// tree-splitting"): the root processor scores its first successor by
    /// tree-splitting it with the whole processor tree (MAXDEPTH = 1), then
    /// hands the other successors to its slaves, which tree-split them.
    /// Needs 2·depth plies (the thesis's restriction).
    PvSplit,
    /// [`PvSplit`](SimAlgorithm::PvSplit) with the type-2 optimisation of
    /// p. 47: a master holding one of the type-2 nodes pvsplit hands out
    /// scores that node's successors one at a time, each by splitting *its*
    /// successors (type 2 again) among the slaves — "assign the successors'
    /// successors". This is the "PV" of Tables 8-10: p. 47 sends the reader
    /// to ch. 5 for its "empirical justification", and it reproduces Table
    /// 10's depth-2 cells (443 and 83 exactly; 185 for the printed 190).
    PvSplitType2,
    /// Pv-splitting in full generality (our reading of what the thesis did
    /// not simulate): MAXDEPTH = the processor tree's depth, and every job a
    /// slave is given is itself a pvsplit with MAXDEPTH = the slave's own
    /// processor-subtree depth, so every master scores its first successor
    /// before splitting the others.
    PvSplitAll,
    /// Parallel staged SSS* (p. 49, "SSS" in Tables 8-10): each master runs
    /// SSS*'s Γ operator (left-biased) over a 2-ply stage and hands LIVE
    /// frontier states to its slaves — the states of OPEN front first, then
    /// look-ahead brothers of the AND states under their merit — and the
    /// terminal slaves run sequential SSS*. Needs 2·depth + 1 plies and a
    /// tree that reports its shape.
    StagedSss,
    /// [`StagedSss`](SimAlgorithm::StagedSss) without the look-ahead along
    /// the chains of brothers (rule 4(b) of `docs/PARALLEL.md`): a master
    /// hands out only the LIVE frontier states of its OPEN list, and a
    /// slave with none to take stays idle. Not in Campbell's tables; it
    /// exists to test the look-ahead against them — whether that rule,
    /// which favours ordered trees, is what makes our staged SSS* slower
    /// than Campbell's on random trees (Table 8). Same plies needed, same
    /// value, same single-processor search.
    StagedSssNoLookahead,
}

impl SimAlgorithm {
    /// Every algorithm, in table order.
    pub const ALL: [SimAlgorithm; 7] = [
        SimAlgorithm::TreeSplit,
        SimAlgorithm::TreeSplitUpdate,
        SimAlgorithm::PvSplit,
        SimAlgorithm::PvSplitType2,
        SimAlgorithm::PvSplitAll,
        SimAlgorithm::StagedSss,
        SimAlgorithm::StagedSssNoLookahead,
    ];

    /// The command-line name: `treesplit`, `treesplit-update`, `pvsplit`,
    /// `pvsplit-type2`, `pvsplit-all`, `parallel-staged-sss`,
    /// `parallel-staged-sss-no-lookahead`.
    pub const fn name(self) -> &'static str {
        match self {
            SimAlgorithm::TreeSplit => "treesplit",
            SimAlgorithm::TreeSplitUpdate => "treesplit-update",
            SimAlgorithm::PvSplit => "pvsplit",
            SimAlgorithm::PvSplitType2 => "pvsplit-type2",
            SimAlgorithm::PvSplitAll => "pvsplit-all",
            SimAlgorithm::StagedSss => "parallel-staged-sss",
            SimAlgorithm::StagedSssNoLookahead => "parallel-staged-sss-no-lookahead",
        }
    }

    /// The plies of game tree this algorithm needs on a processor tree of
    /// depth `depth`; `None` if any tree will do (tree-splitting copes with
    /// terminals anywhere).
    pub const fn plies_needed(self, depth: usize) -> Option<usize> {
        match self {
            SimAlgorithm::TreeSplit | SimAlgorithm::TreeSplitUpdate => None,
            SimAlgorithm::PvSplit | SimAlgorithm::PvSplitType2 | SimAlgorithm::PvSplitAll => {
                Some(depth.saturating_mul(2))
            }
            SimAlgorithm::StagedSss | SimAlgorithm::StagedSssNoLookahead => {
                if depth == 0 {
                    Some(0)
                } else {
                    Some(STAGE.saturating_mul(depth).saturating_add(1))
                }
            }
        }
    }
}

tree_core::display_by_name!(SimAlgorithm);

/// A name that is not a [`SimAlgorithm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSimAlgorithm(pub String);

impl fmt::Display for UnknownSimAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = SimAlgorithm::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown simulated algorithm {:?} (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownSimAlgorithm {}

impl FromStr for SimAlgorithm {
    type Err = UnknownSimAlgorithm;
    /// The [`name`](SimAlgorithm::name), or Campbell's column labels `ts`,
    /// `pv`, `sss` (any case).
    fn from_str(s: &str) -> Result<SimAlgorithm, UnknownSimAlgorithm> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "ts" => return Ok(SimAlgorithm::TreeSplit),
            "pv" => return Ok(SimAlgorithm::PvSplitType2),
            "sss" => return Ok(SimAlgorithm::StagedSss),
            _ => {}
        }
        SimAlgorithm::ALL
            .into_iter()
            .find(|a| a.name() == lower)
            .ok_or_else(|| UnknownSimAlgorithm(s.to_string()))
    }
}

/// Simulates `algorithm` on a processor tree of (depth, width) searching
/// `tree` from its root with the full window, EVALTIME = 1 per terminal
/// evaluation, move generation and messages free (Campbell ch. 5). The
/// result is deterministic: the same inputs give the same [`SimReport`] on
/// every host.
///
/// ```
/// use search_parallel::{ProcessorTree, SimAlgorithm, simulate};
/// use tree_core::{BestChild, GenSpec, Generator, minimax};
/// let t = GenSpec::new(Generator::campbell(BestChild::First), 24, 4, 1, 0).build().unwrap();
/// let r = simulate(SimAlgorithm::PvSplit, &t, ProcessorTree { depth: 1, width: 12 }).unwrap();
/// assert_eq!(r.value, minimax(&t));
/// assert_eq!(r.elapsed, 119); // Table 10's PV (1,12)
/// ```
///
/// # Errors
/// [`ParallelError::ZeroWidth`], [`ParallelError::TooManyProcessors`] for a
/// bad processor tree; [`ParallelError::ProcessorTreeTooDeep`] when the
/// game tree has fewer plies than
/// [`plies_needed`](SimAlgorithm::plies_needed);
/// [`ParallelError::UnknownShape`] for pv-splitting or staged SSS* on a tree
/// that does not report its [`bounds`](Tree::bounds);
/// [`ParallelError::Search`] / [`ParallelError::BestFirst`] if a processor's
/// search fails (a tree deeper than [`tree_core::MAX_DEPTH`], a sentinel
/// leaf).
pub fn simulate<T: Tree + ?Sized>(
    algorithm: SimAlgorithm,
    tree: &T,
    processors: ProcessorTree,
) -> Result<SimReport, ParallelError> {
    let count = check_processors(processors)?;
    let name = algorithm.name();
    let shape = match algorithm.plies_needed(processors.depth) {
        None => None,
        Some(needed) => {
            let shape = tree
                .bounds()
                .ok_or(ParallelError::UnknownShape { algorithm: name })?;
            if shape.depth < needed {
                return Err(ParallelError::ProcessorTreeTooDeep {
                    algorithm: name,
                    processors,
                    tree_depth: shape.depth,
                    needed,
                });
            }
            Some(shape)
        }
    };
    let root = At {
        processor: 0,
        levels: processors.depth,
    };

    let rules = |type2, pv_every_master| Rules {
        type2,
        pv_every_master,
        no_lookahead: false,
    };
    let job = match algorithm {
        SimAlgorithm::TreeSplit => Sim::new(tree, processors, Rules::default())
            .treesplit(Task::root(&tree.root(), root), Kind::Unknown)?,
        SimAlgorithm::TreeSplitUpdate => {
            let (value, finish, work, best) = super::update::run(tree, processors, true)?;
            return report(tree, count, value, finish, &work, best);
        }
        SimAlgorithm::PvSplit | SimAlgorithm::PvSplitType2 | SimAlgorithm::PvSplitAll => {
            let r = rules(
                algorithm == SimAlgorithm::PvSplitType2,
                algorithm == SimAlgorithm::PvSplitAll,
            );
            // Campbell's simulations: pvsplit covers the root's ply only.
            let to_go = if r.pv_every_master {
                processors.depth
            } else {
                1
            };
            Sim::new(tree, processors, r).pvsplit(Task::root(&tree.root(), root), to_go)?
        }
        SimAlgorithm::StagedSss | SimAlgorithm::StagedSssNoLookahead => {
            let shape = shape.expect("staged SSS* checks the shape");
            let node = tree.root();
            let r = Rules {
                no_lookahead: algorithm == SimAlgorithm::StagedSssNoLookahead,
                ..Rules::default()
            };
            Sim::new(tree, processors, r).staged(Stage::root(&node, root, shape))?
        }
    };
    report(tree, count, job.value, job.finish, &job.work, job.best)
}

/// Simulates Campbell's tree-splitting (1981, p. 39, Fig. 10) on a processor
/// tree, EVALTIME = 1, with the root processor at the root of `tree` and the
/// full window.
///
/// Fig. 10, as simulated: a leaf processor returns `alphabeta(p, α, β)`. A
/// master generates the successors `p.1 … p.w` and hands them out in order,
/// each to an idle slave, which searches it (recursively, with the master's
/// *current* window negated: `t = -j.treesplit(p.i, -β, -α)`); at first every
/// slave gets one successor under the window the master was called with.
/// When a slave returns (earliest completion first, ties to the lowest slave
/// number), the master raises α to `t` if `t > α`, and if then `α >= β`
/// (the cutoff test read as Fig. 4's, see `search-depthfirst`) terminates
/// its running slaves and returns α; otherwise it gives that slave the next
/// unsearched successor under the new window. A master returns α once all
/// successors are in. A master whose position is terminal evaluates it
/// itself (one unit). Slaves are never told of bounds found after they
/// started (no Fig. 11 update).
///
/// # Errors
/// [`ParallelError::ZeroWidth`] if `processors.depth > 0` and
/// `processors.width == 0`; [`ParallelError::TooManyProcessors`] past
/// [`ProcessorTree::MAX_PROCESSORS`]; [`ParallelError::Search`] if a
/// processor's alpha-beta fails (a tree deeper than
/// [`tree_core::MAX_DEPTH`], a sentinel leaf).
pub fn simulate_treesplit<T: Tree + ?Sized>(
    tree: &T,
    processors: ProcessorTree,
) -> Result<SimReport, ParallelError> {
    simulate(SimAlgorithm::TreeSplit, tree, processors)
}

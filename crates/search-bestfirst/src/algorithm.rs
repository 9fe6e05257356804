//! Every best-first algorithm by name: what the command line and the
//! reproduction harness call.

use std::fmt;

use search_depthfirst::SearchCounts;
use tree_core::{Bounds, Limits, Tree, Value};

use crate::error::BestFirstError;
use crate::hybrid::{self, Kind};
use crate::mgame::{self, Tie};
use crate::open::Outcome;
use crate::quickgame;
use crate::shape::check_bounds;
use crate::sss::{self, Variant};
use crate::{itersss, memsss, recsss};

/// A best-first algorithm of this crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// SSS* with Campbell's Table 11 as printed.
    SssStockman,
    /// SSS* with Campbell's left-biased cases 4 and 6 (Table 12).
    SssLeft,
    /// SSS* with the left-most tie-break of Wikipedia's *SSS\** article.
    Sss,
    /// Aspiration SSS* with an upper bound (Campbell Figs. 17–18), with a
    /// re-search above the bound if it fails high.
    SssAspiration,
    /// Dual*: SSS* on the dual tree.
    Dual,
    /// Staged SSS* with stage depth [`Options::stage`] (default 2).
    StagedSss,
    /// SSS* over alpha-beta, 2 plies of SSS* (Campbell's 4-ply SAB).
    Sab,
    /// Alpha-beta over SSS*, 2 plies of alpha-beta (Campbell's 4-ply ABS).
    Abs,
    /// 2-ply SSS* over alpha-beta (Campbell's 6-ply SA2; = SAB).
    Sa2,
    /// 4-ply SSS* over alpha-beta (SA4).
    Sa4,
    /// 2-ply alpha-beta over SSS* (AS2; = ABS).
    As2,
    /// 4-ply alpha-beta over SSS* (AS4).
    As4,
    /// QuickGame (Bhattacharya 1995): local OPENs of b grandsons.
    QuickGame,
    /// QG1: QuickGame with revisits, lower bound the least h to the left.
    Qg1,
    /// QG2: lower bound the least h in the local OPEN.
    Qg2,
    /// QG3: lower bound the second highest h to the left.
    Qg3,
    /// RecSSS* (Bhattacharya & Bagchi 1993; Bhattacharya & Bagchi 1996, §3).
    RecSss,
    /// RecDual* (Reinefeld & Ridinger 1994), derived as the dual of RecSSS*.
    RecDual,
    /// MemSSS*(M) (Bhattacharya & Bagchi 1996, §3); without a budget, the maximum (= RecSSS*).
    MemSss,
    /// MemDual*(M), the paper's conjecture (§4) built over RecDual*.
    MemDual,
    /// IterSSS*(M) (Bhattacharya & Bagchi 1986; Bhattacharya & Bagchi 1996, §2).
    IterSss,
    /// MGame(searchd) (Bhattacharya & Bagchi 1996, §4): RecSSS* on slabs of
    /// [`Options::searchd`] plies; 2 is QuickGame, `>= d` is RecSSS*.
    MGame,
}

/// What [`Algorithm::run`] is given: the budget, the shape and the limits,
/// which every algorithm takes, and the parameters of some of them, each
/// `None` by default (the algorithm's own default). An option set for an
/// algorithm that does not take it is refused with
/// [`BestFirstError::NotTaken`] naming both, never ignored. The registry
/// builds each module's `Config` from these.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// OPEN budget in entries; `None` = the algorithm's minimum (for
    /// MemSSS\*/MemDual\*, their maximum, which makes them RecSSS\*/RecDual\*).
    /// RecSSS\*/RecDual\* need their full size and refuse less.
    pub memory: Option<usize>,
    /// Aspiration SSS\* only: the upper bound (default +∞).
    pub upper: Option<Value>,
    /// Staged SSS\* only: the stage depth (default 2).
    pub stage: Option<usize>,
    /// Aspiration SSS\*, Dual\*, staged SSS\* and the hybrids: the tie rule
    /// of their SSS\* (default [`Variant::LeftBiased`]).
    pub variant: Option<Variant>,
    /// The tree's shape when it does not report one.
    pub shape: Option<Bounds>,
    /// QG1-3 only: floor the lower bound passed down at the node's own
    /// alpha (not in the paper's pseudo-code; see
    /// [`quickgame::Config::alpha_floor`]; default off).
    pub alpha_floor: Option<bool>,
    /// MGame only: the slab height (even, at least 2; default 2 = QuickGame).
    pub searchd: Option<usize>,
    /// MGame only: the tie rule (default [`Tie::Auto`]).
    pub mgame_tie: Option<Tie>,
    /// RecSSS\*, RecDual\*, MemSSS\*, MemDual\* only: search the sons of the
    /// lowest chooser level in place when they are the terminals
    /// ([`memsss::Config::odd_depth_leaf_search`]); `None` = each
    /// algorithm's default (off for RecSSS\*/RecDual\*, on for
    /// MemSSS\*/MemDual\*).
    pub odd_depth_leaf_search: Option<bool>,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none). A search stopped by one returns
    /// [`BestFirstError::Stopped`]; see [`Algorithm::run`].
    pub limits: Limits,
}

/// A module's configuration, built from [`Options`] for one algorithm.
enum Built {
    Sss(sss::Config),
    Hybrid(hybrid::Config),
    QuickGame(quickgame::Config),
    Rec(recsss::Config),
    Mem(memsss::Config),
    Iter(itersss::Config),
    MGame(mgame::Config),
}

impl Algorithm {
    /// Every algorithm, in the order `gametree algos` lists them.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::SssStockman,
        Algorithm::SssLeft,
        Algorithm::Sss,
        Algorithm::SssAspiration,
        Algorithm::Dual,
        Algorithm::StagedSss,
        Algorithm::Sab,
        Algorithm::Abs,
        Algorithm::Sa2,
        Algorithm::Sa4,
        Algorithm::As2,
        Algorithm::As4,
        Algorithm::QuickGame,
        Algorithm::Qg1,
        Algorithm::Qg2,
        Algorithm::Qg3,
        Algorithm::RecSss,
        Algorithm::RecDual,
        Algorithm::MemSss,
        Algorithm::MemDual,
        Algorithm::MGame,
        Algorithm::IterSss,
    ];

    /// The command-line name.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::SssStockman => "sss-stockman",
            Algorithm::SssLeft => "sss-left",
            Algorithm::Sss => "sss",
            Algorithm::SssAspiration => "sss-aspiration",
            Algorithm::Dual => "dual",
            Algorithm::StagedSss => "staged-sss",
            Algorithm::Sab => "sab",
            Algorithm::Abs => "abs",
            Algorithm::Sa2 => "sa2",
            Algorithm::Sa4 => "sa4",
            Algorithm::As2 => "as2",
            Algorithm::As4 => "as4",
            Algorithm::QuickGame => "quickgame",
            Algorithm::Qg1 => "qg1",
            Algorithm::Qg2 => "qg2",
            Algorithm::Qg3 => "qg3",
            Algorithm::RecSss => "recsss",
            Algorithm::RecDual => "recdual",
            Algorithm::MemSss => "memsss",
            Algorithm::MemDual => "memdual",
            Algorithm::IterSss => "itersss",
            Algorithm::MGame => "mgame",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Algorithm::SssStockman => "SSS*, Gamma operator as printed (Campbell 1981, Table 11)",
            Algorithm::SssLeft => "SSS*, Campbell's left-biased cases 4 and 6 (Table 12)",
            Algorithm::Sss => {
                "SSS*, priority queue with left-most tie-break (Wikipedia's SSS* article)"
            }
            Algorithm::SssAspiration => {
                "aspiration SSS* below --upper, re-search on failure (Campbell p. 16, Figs. 17-18)"
            }
            Algorithm::Dual => "Dual*: SSS* on the dual tree, OPEN b^floor(d/2)",
            Algorithm::StagedSss => "staged SSS*, stages of --stage plies (Campbell pp. 16-17)",
            Algorithm::Sab => "2-ply SSS* over alpha-beta (Campbell SAB, 4-ply tables)",
            Algorithm::Abs => "2-ply alpha-beta over aspiration SSS* (Campbell ABS, 4-ply tables)",
            Algorithm::Sa2 => "2-ply SSS* over alpha-beta (Campbell SA2, 6-ply table)",
            Algorithm::Sa4 => "4-ply SSS* over alpha-beta (Campbell SA4, 6-ply table)",
            Algorithm::As2 => "2-ply alpha-beta over aspiration SSS* (Campbell AS2, 6-ply table)",
            Algorithm::As4 => "4-ply alpha-beta over aspiration SSS* (Campbell AS4, 6-ply table)",
            Algorithm::QuickGame => {
                "QuickGame: local OPENs of b grandsons, no revisits (Bhattacharya 1995, §2)"
            }
            Algorithm::Qg1 => {
                "QG1: QuickGame with revisits, bound = least h to the left (Bhattacharya 1995, §3)"
            }
            Algorithm::Qg2 => {
                "QG2: QuickGame with revisits, bound = least h in the local OPEN (§3)"
            }
            Algorithm::Qg3 => {
                "QG3: QuickGame with revisits, bound = second highest h to the left (§3)"
            }
            Algorithm::RecSss => {
                "RecSSS*: recursive SSS*, OPEN of MAX nodes and terminal MIN nodes (Bhattacharya & Bagchi 1996, §3)"
            }
            Algorithm::RecDual => "RecDual*: the dual of RecSSS* (Reinefeld & Ridinger 1994)",
            Algorithm::MemSss => {
                "MemSSS*(M): RecSSS* within --memory M entries (Bhattacharya & Bagchi 1996, §3; default: maximum)"
            }
            Algorithm::MemDual => {
                "MemDual*(M): MemSSS* over RecDual* (Bhattacharya & Bagchi 1996, §4 conjecture; default: maximum)"
            }
            Algorithm::IterSss => {
                "IterSSS*(M): SSS* with OPEN capped at --memory M, ACTIVE/INACTIVE nodes (Bhattacharya & Bagchi 1996, §2)"
            }
            Algorithm::MGame => {
                "MGame: RecSSS* on slabs of --searchd plies (Bhattacharya & Bagchi 1996, §4; 2 = QuickGame, d = RecSSS*)"
            }
        }
    }

    /// Whether [`Options::memory`] applies (every algorithm here has an OPEN).
    pub const fn has_open(self) -> bool {
        true
    }

    /// `Err` naming the first option of `opts` that this algorithm does
    /// not take.
    fn check_taken(self, opts: &Options) -> Result<(), BestFirstError> {
        use Algorithm::*;
        let tie = matches!(
            self,
            SssAspiration | Dual | StagedSss | Sab | Abs | Sa2 | Sa4 | As2 | As4
        );
        let refused = [
            ("upper", opts.upper.is_some() && self != SssAspiration),
            ("stage", opts.stage.is_some() && self != StagedSss),
            ("variant", opts.variant.is_some() && !tie),
            (
                "alpha_floor",
                opts.alpha_floor.is_some() && !matches!(self, Qg1 | Qg2 | Qg3),
            ),
            ("searchd", opts.searchd.is_some() && self != MGame),
            ("mgame_tie", opts.mgame_tie.is_some() && self != MGame),
            (
                "odd_depth_leaf_search",
                opts.odd_depth_leaf_search.is_some()
                    && !matches!(self, RecSss | RecDual | MemSss | MemDual),
            ),
        ];
        match refused.iter().find(|(_, refused)| *refused) {
            Some(&(option, _)) => Err(BestFirstError::NotTaken {
                algorithm: self.name(),
                option,
            }),
            None => Ok(()),
        }
    }

    /// The module configuration that runs this algorithm with `opts`.
    fn build(self, opts: &Options) -> Result<Built, BestFirstError> {
        self.check_taken(opts)?;
        let (memory, shape, limits) = (opts.memory, opts.shape, opts.limits.clone());
        let variant = opts.variant.unwrap_or(Variant::LeftBiased);
        let sss = |variant, dual| {
            Built::Sss(sss::Config {
                variant,
                memory,
                shape,
                dual,
                upper: opts.upper.unwrap_or(Value::INF),
                limits: limits.clone(),
                ..sss::Config::default()
            })
        };
        let hybrid = |kind| {
            Built::Hybrid(hybrid::Config {
                kind,
                variant,
                memory,
                shape,
                limits: limits.clone(),
            })
        };
        let quickgame = |variant| {
            Built::QuickGame(quickgame::Config {
                variant,
                memory,
                shape,
                alpha_floor: opts.alpha_floor.unwrap_or(false),
                readings: quickgame::Readings::default(),
                limits: limits.clone(),
            })
        };
        let leaf = |default| opts.odd_depth_leaf_search.unwrap_or(default);
        // RecSSS*'s and MemSSS*'s configurations have the same fields.
        macro_rules! rec_or_mem {
            ($module:ident, $dual:expr) => {
                $module::Config {
                    dual: $dual,
                    memory,
                    shape,
                    odd_depth_leaf_search: leaf($module::Config::default().odd_depth_leaf_search),
                    limits,
                }
            };
        }
        Ok(match self {
            Algorithm::SssStockman => sss(Variant::Stockman, false),
            Algorithm::SssLeft => sss(Variant::LeftBiased, false),
            Algorithm::Sss => sss(Variant::Leftmost, false),
            Algorithm::SssAspiration => sss(variant, false),
            Algorithm::Dual => sss(variant, true),
            Algorithm::StagedSss => hybrid(Kind::Staged(opts.stage.unwrap_or(2))),
            Algorithm::Sab | Algorithm::Sa2 => hybrid(Kind::SssOverAlphaBeta(2)),
            Algorithm::Sa4 => hybrid(Kind::SssOverAlphaBeta(4)),
            Algorithm::Abs | Algorithm::As2 => hybrid(Kind::AlphaBetaOverSss(2)),
            Algorithm::As4 => hybrid(Kind::AlphaBetaOverSss(4)),
            Algorithm::QuickGame => quickgame(quickgame::Variant::QuickGame),
            Algorithm::Qg1 => quickgame(quickgame::Variant::Qg1),
            Algorithm::Qg2 => quickgame(quickgame::Variant::Qg2),
            Algorithm::Qg3 => quickgame(quickgame::Variant::Qg3),
            Algorithm::RecSss | Algorithm::RecDual => {
                Built::Rec(rec_or_mem!(recsss, self == Algorithm::RecDual))
            }
            Algorithm::MemSss | Algorithm::MemDual => {
                Built::Mem(rec_or_mem!(memsss, self == Algorithm::MemDual))
            }
            Algorithm::IterSss => Built::Iter(itersss::Config {
                memory,
                shape,
                limits,
            }),
            Algorithm::MGame => Built::MGame(mgame::Config {
                memory,
                shape,
                tie: opts.mgame_tie.unwrap_or_default(),
                limits,
                ..mgame::Config::new(opts.searchd.unwrap_or(2))
            }),
        })
    }

    /// The least OPEN budget, in entries, the algorithm accepts on a tree
    /// of shape `bounds` with the parameters of `opts` (stage depth, slab
    /// height, odd-depth leaf search): what a budget of
    /// [`Options::memory`]` = None` gives every algorithm but MemSSS\* and
    /// MemDual\* (whose default is their maximum). RecSSS\* and RecDual\*
    /// need their full size. Each module's `minimum`.
    ///
    /// ```
    /// use search_bestfirst::{Algorithm, Options};
    /// use tree_core::Bounds;
    /// let shape = Bounds::uniform(3, 4);
    /// let o = Options::default();
    /// assert_eq!(Algorithm::Sss.minimum_memory(shape, &o), Ok(9)); // b^⌈d/2⌉
    /// assert_eq!(Algorithm::IterSss.minimum_memory(shape, &o), Ok(5)); // (b − 1)⌈d/2⌉ + 1
    /// assert!(Algorithm::MemSss.maximum_memory(shape, &o)? > Algorithm::MemSss.minimum_memory(shape, &o)?);
    /// # Ok::<(), search_bestfirst::BestFirstError>(())
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::NotTaken`] for an option the algorithm does not
    /// take; [`BestFirstError::TooLarge`] when the figure overflows; the
    /// algorithm's errors for a bad shape or parameter (a depth over
    /// [`tree_core::MAX_DEPTH`], a stage depth of 0, an odd slab height).
    pub fn minimum_memory(self, bounds: Bounds, opts: &Options) -> Result<usize, BestFirstError> {
        let built = self.build(opts)?;
        check_bounds(bounds)?;
        match &built {
            Built::Sss(c) => sss::minimum(bounds, c),
            Built::Hybrid(c) => hybrid::minimum(bounds, c),
            Built::QuickGame(c) => quickgame::minimum(bounds, c),
            Built::Rec(c) => recsss::minimum(bounds, c),
            Built::Mem(c) => memsss::minimum(bounds, c),
            Built::Iter(c) => itersss::minimum(bounds, c),
            Built::MGame(c) => mgame::minimum(bounds, c),
        }
    }

    /// The largest OPEN budget, in entries, the algorithm can use on a
    /// tree of shape `bounds`: more changes nothing. The minimum for the
    /// algorithms whose OPEN has one size (SSS\* and its relatives,
    /// QuickGame, MGame, RecSSS\*); RecSSS\*'s size for MemSSS\* (and
    /// RecDual\*'s for MemDual\*); b^⌈d/2⌉ for IterSSS\*, from which on it
    /// is SSS\*. Each module's `maximum`, where it has one.
    ///
    /// # Errors
    /// As [`Algorithm::minimum_memory`].
    pub fn maximum_memory(self, bounds: Bounds, opts: &Options) -> Result<usize, BestFirstError> {
        let least = self.minimum_memory(bounds, opts)?;
        Ok(match self.build(opts)? {
            Built::Mem(c) => memsss::maximum(bounds, &c)?,
            Built::Iter(c) => itersss::maximum(bounds, &c)?,
            _ => least,
        })
    }

    /// Runs the algorithm: the root's minimax value, its best move (and
    /// the principal variation as far as the algorithm knows it; see
    /// [`Outcome`]) and OPEN's use.
    ///
    /// With [`Options::limits`], the search evaluates at most the leaf
    /// budget, looks at the clock and the stop handle every
    /// [`Meter::CHECK_EVERY`](tree_core::Meter::CHECK_EVERY) leaves, and
    /// when one stops it returns [`BestFirstError::Stopped`] with the
    /// leaves evaluated until then (exactly the budget, for a leaf limit)
    /// and the time taken. No algorithm here knows an exact value before it
    /// ends — IterSSS\*'s and MGame's passes, staged SSS\*'s stages and the
    /// aspiration re-search only bound it — so none returns a partial
    /// result. Without limits the search runs on the tree itself, the
    /// same code as the modules' `search` functions (which this calls).
    ///
    /// ```
    /// use search_bestfirst::{Algorithm, BestFirstError, Options};
    /// use tree_core::{GenSpec, Generator, Limits, StopReason, Tree, minimax, minimax_at};
    /// let tree = GenSpec::new(Generator::RANDOM, 3, 6, 7, 0).build().unwrap();
    /// let out = Algorithm::Sss.run(&tree, &Options::default()).unwrap();
    /// assert_eq!(out.value, minimax(&tree));
    /// // The best move leads to a position of the root's value.
    /// let child = tree.child(&tree.root(), out.best.unwrap());
    /// assert_eq!(minimax_at(&tree, &child, false), out.value);
    /// let opts = Options { limits: Limits::none().with_max_leaves(10), ..Options::default() };
    /// match Algorithm::Sss.run(&tree, &opts) {
    ///     Err(BestFirstError::Stopped(s)) => {
    ///         assert_eq!((s.reason, s.leaves), (StopReason::LeafLimit, 10))
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::NotTaken`] for an option the algorithm does not
    /// take; the algorithm's own errors: a budget below its minimum, an
    /// unknown shape, a sentinel leaf, a bad parameter;
    /// [`BestFirstError::Stopped`] if a limit stopped it.
    pub fn run<T: Tree + ?Sized>(
        self,
        tree: &T,
        opts: &Options,
    ) -> Result<Outcome, BestFirstError> {
        match self.build(opts)? {
            Built::Sss(c) => sss::search(tree, &c),
            Built::Hybrid(c) => hybrid::search(tree, &c),
            Built::QuickGame(c) => quickgame::search(tree, &c),
            Built::Rec(c) => recsss::search(tree, &c),
            Built::Mem(c) => memsss::search(tree, &c),
            Built::Iter(c) => itersss::search(tree, &c),
            Built::MGame(c) => mgame::search(tree, &c),
        }
    }

    /// Whether [`Algorithm::run_counted`] counts the search's calls of the
    /// tree itself (RecSSS\* and MemSSS\*).
    pub const fn counts_itself(self) -> bool {
        matches!(self, Algorithm::RecSss | Algorithm::MemSss)
    }

    /// [`Algorithm::run`], and what the search asked of the tree, as
    /// `tree_core::Counted` counts it (calls of `value`, and of
    /// `num_children` on an interior node), when the algorithm counts for
    /// itself ([`Algorithm::counts_itself`]: RecSSS\* and MemSSS\*, plain
    /// integers in the search's own state); `None` for the others, which a
    /// caller that wants the counts runs on a counting view. The counts
    /// run up to the stop for a search that a limit stopped (its leaves
    /// are then the stop's), or up to an error.
    ///
    /// ```
    /// use search_bestfirst::{Algorithm, Options};
    /// use tree_core::{Counted, GenSpec, Generator};
    /// let t = GenSpec::new(Generator::RANDOM, 3, 6, 1, 0).build().unwrap();
    /// let c = Counted::new(&t);
    /// let (out, counts) = Algorithm::MemSss.run_counted(&c, &Options::default());
    /// let counts = counts.expect("MemSSS* counts for itself");
    /// assert_eq!((counts.leaves, counts.interior), (c.stats().leaves, c.stats().interior));
    /// assert!(out.is_ok());
    /// ```
    pub fn run_counted<T: Tree + ?Sized>(
        self,
        tree: &T,
        opts: &Options,
    ) -> (Result<Outcome, BestFirstError>, Option<SearchCounts>) {
        let (result, counts) = match self.build(opts) {
            Ok(Built::Rec(c)) => recsss::search_counted(tree, &c),
            Ok(Built::Mem(c)) => memsss::search_counted(tree, &c),
            Ok(_) => return (self.run(tree, opts), None),
            Err(e) => return (Err(e), None),
        };
        let counts = counts.map(|c| {
            let mut c = SearchCounts::from(c);
            if let Err(BestFirstError::Stopped(s)) = &result {
                // The stop's leaf was counted, but not evaluated (the
                // metered view answered for the tree from then on).
                c.leaves = s.leaves;
            }
            c
        });
        (result, counts)
    }
}

tree_core::display_by_name!(Algorithm);

/// An algorithm name this crate does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown best-first algorithm '{}' (known: {})",
            self.0,
            Algorithm::ALL
                .iter()
                .map(|a| a.name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

tree_core::from_str_by_name!(Algorithm, UnknownAlgorithm, |s| UnknownAlgorithm(
    s.to_string()
));

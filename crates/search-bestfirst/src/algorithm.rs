//! Every best-first algorithm by name: what the command line and the
//! reproduction harness call.

use std::fmt;
use std::str::FromStr;

use tree_core::{Bounds, Limits, Tree, Value};

use crate::error::BestFirstError;
use crate::hybrid::{
    abs_minimum, alphabeta_over_sss, sab_minimum, sss_over_alphabeta, staged_minimum, staged_sss,
};
use crate::itersss::{IterConfig, itersss, itersss_minimum};
use crate::limited::Limited;
use crate::memsss::{
    MemConfig, memdual, memdual_maximum, memdual_minimum, memsss, memsss_maximum, memsss_minimum,
};
use crate::mgame::{MgConfig, MgTie, mgame, mgame_memory};
use crate::open::{Outcome, budget};
use crate::quickgame::{QgConfig, QgOpen, QgVariant, qg_minimum_memory, qg_search};
use crate::recsss::{RecConfig, recdual, recsss};
use crate::shape::{check_bounds, shape};
use crate::sss::{SssConfig, Variant, dual, minimum_memory, sss, sss_aspiration};

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
    /// Staged SSS* with stage depth [`Options::stage`].
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

/// Parameters some algorithms take; the rest ignore them. `limits` applies
/// to every algorithm.
#[derive(Debug, Clone)]
pub struct Options {
    /// OPEN budget in entries; `None` = the algorithm's minimum (for
    /// MemSSS*/MemDual*, their maximum, which makes them RecSSS*/RecDual*).
    /// RecSSS*/RecDual* need their full size and refuse less.
    pub memory: Option<usize>,
    /// The upper bound of aspiration SSS*.
    pub upper: Value,
    /// The stage depth of staged SSS*.
    pub stage: usize,
    /// The tie rule of the SSS* inside the hybrids, staged SSS* and Dual*.
    pub variant: Variant,
    /// The tree's shape when it does not report one.
    pub shape: Option<Bounds>,
    /// QG1-3: floor the lower bound passed down at the node's own alpha
    /// (not in the paper's pseudo-code; see [`QgConfig::alpha_floor`]).
    pub alpha_floor: bool,
    /// MGame's slab height (even, at least 2; default 2 = QuickGame).
    pub searchd: usize,
    /// MGame's tie rule (default [`MgTie::Auto`]).
    pub mgame_tie: MgTie,
    /// RecSSS\*, RecDual\*, MemSSS\*, MemDual\*: search the sons of the
    /// lowest chooser level in place when they are the terminals
    /// ([`MemConfig::odd_depth_leaf_search`]); `None` = each algorithm's
    /// default (off for RecSSS\*/RecDual\*, on for MemSSS\*/MemDual\*).
    pub odd_depth_leaf_search: Option<bool>,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none). A search stopped by one returns
    /// [`BestFirstError::Stopped`]; see [`Algorithm::run`].
    pub limits: Limits,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            memory: None,
            upper: Value::INF,
            stage: 2,
            variant: Variant::LeftBiased,
            shape: None,
            alpha_floor: false,
            searchd: 2,
            mgame_tie: MgTie::Auto,
            odd_depth_leaf_search: None,
            limits: Limits::none(),
        }
    }
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

    /// Whether the odd-depth leaf search applies (RecSSS\*, RecDual\*,
    /// MemSSS\*, MemDual\*), and its default.
    const fn leaf_search_default(self) -> Option<bool> {
        match self {
            Algorithm::RecSss | Algorithm::RecDual => Some(
                RecConfig {
                    shape: None,
                    odd_depth_leaf_search: false,
                }
                .odd_depth_leaf_search,
            ),
            Algorithm::MemSss | Algorithm::MemDual => Some(true),
            _ => None,
        }
    }

    /// The odd-depth leaf search `opts` asks of this algorithm.
    fn leaf_search(self, opts: &Options) -> bool {
        opts.odd_depth_leaf_search
            .or(self.leaf_search_default())
            .unwrap_or(false)
    }

    /// The least OPEN budget, in entries, the algorithm accepts on a tree
    /// of shape `bounds` with the parameters of `opts` (stage depth, slab
    /// height, odd-depth leaf search): what a budget of
    /// [`Options::memory`]` = None` gives every algorithm but MemSSS\* and
    /// MemDual\* (whose default is their maximum). RecSSS\* and RecDual\*
    /// need their full size.
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
    /// [`BestFirstError::TooLarge`] when the figure overflows; the
    /// algorithm's errors for a bad shape or parameter (a depth over
    /// [`tree_core::MAX_DEPTH`], a stage depth of 0, an odd slab height).
    pub fn minimum_memory(self, bounds: Bounds, opts: &Options) -> Result<usize, BestFirstError> {
        check_bounds(bounds)?;
        let leaf = self.leaf_search(opts);
        match self {
            Algorithm::SssStockman
            | Algorithm::SssLeft
            | Algorithm::Sss
            | Algorithm::SssAspiration => minimum_memory(bounds, false),
            Algorithm::Dual => minimum_memory(bounds, true),
            Algorithm::StagedSss => {
                if opts.stage == 0 {
                    return Err(BestFirstError::InvalidParameter {
                        name: "stage depth",
                        message: "must be at least 1".into(),
                    });
                }
                staged_minimum(bounds, opts.stage)
            }
            Algorithm::Sab | Algorithm::Sa2 => sab_minimum(bounds, 2),
            Algorithm::Sa4 => sab_minimum(bounds, 4),
            Algorithm::Abs | Algorithm::As2 => abs_minimum(bounds, 2),
            Algorithm::As4 => abs_minimum(bounds, 4),
            Algorithm::QuickGame | Algorithm::Qg1 | Algorithm::Qg2 | Algorithm::Qg3 => {
                qg_minimum_memory(bounds)
            }
            Algorithm::RecSss => memsss_maximum(bounds, leaf),
            Algorithm::RecDual => memdual_maximum(bounds, leaf),
            Algorithm::MemSss => memsss_minimum(bounds, leaf),
            Algorithm::MemDual => memdual_minimum(bounds, leaf),
            Algorithm::IterSss => itersss_minimum(bounds),
            Algorithm::MGame => mgame_memory(bounds, opts.searchd),
        }
    }

    /// The largest OPEN budget, in entries, the algorithm can use on a
    /// tree of shape `bounds`: more changes nothing. The minimum for the
    /// algorithms whose OPEN has one size (SSS\* and its relatives,
    /// QuickGame, MGame, RecSSS\*); RecSSS\*'s size for MemSSS\* (and
    /// RecDual\*'s for MemDual\*); b^⌈d/2⌉ for IterSSS\*, from which on it
    /// is SSS\*.
    ///
    /// # Errors
    /// As [`Algorithm::minimum_memory`].
    pub fn maximum_memory(self, bounds: Bounds, opts: &Options) -> Result<usize, BestFirstError> {
        let least = self.minimum_memory(bounds, opts)?;
        let leaf = self.leaf_search(opts);
        Ok(match self {
            Algorithm::MemSss => memsss_maximum(bounds, leaf)?,
            Algorithm::MemDual => memdual_maximum(bounds, leaf)?,
            Algorithm::IterSss => minimum_memory(bounds, false)?.max(least),
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
    /// same code as the per-algorithm functions.
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
    /// The algorithm's own errors: a budget below its minimum, an unknown
    /// shape, a sentinel leaf, a bad parameter; [`BestFirstError::Stopped`]
    /// if a limit stopped it.
    pub fn run<T: Tree + ?Sized>(
        self,
        tree: &T,
        opts: &Options,
    ) -> Result<Outcome, BestFirstError> {
        if opts.limits.is_none() {
            return self.run_plain(tree, opts);
        }
        let limited = Limited::new(tree, &opts.limits);
        let result = self.run_plain(&limited, opts);
        limited.finish(result)
    }

    /// [`Algorithm::run`] without looking at the limits.
    fn run_plain<T: Tree + ?Sized>(
        self,
        tree: &T,
        opts: &Options,
    ) -> Result<Outcome, BestFirstError> {
        let cfg = |variant| SssConfig {
            variant,
            memory: opts.memory,
            shape: opts.shape,
        };
        match self {
            Algorithm::SssStockman => sss(tree, &cfg(Variant::Stockman)),
            Algorithm::SssLeft => sss(tree, &cfg(Variant::LeftBiased)),
            Algorithm::Sss => sss(tree, &cfg(Variant::Leftmost)),
            Algorithm::SssAspiration => {
                let c = cfg(opts.variant);
                if opts.upper == Value::NEG_INF {
                    // Every value is at least −∞: nothing to aspire to.
                    return sss(tree, &c);
                }
                let first = sss_aspiration(tree, Value::NEG_INF, opts.upper, &c)?;
                if first.exact {
                    return Ok(first.outcome);
                }
                // Failed high: the value is at least `upper`; search above it.
                let second = sss_aspiration(tree, opts.upper.offset(-1), Value::INF, &c)?;
                let mut out = second.outcome;
                out.memory.peak = out.memory.peak.max(first.outcome.memory.peak);
                Ok(out)
            }
            Algorithm::Dual => dual(tree, &cfg(opts.variant)),
            Algorithm::StagedSss => staged_sss(tree, opts.stage, &cfg(opts.variant)),
            Algorithm::Sab | Algorithm::Sa2 => sss_over_alphabeta(tree, 2, &cfg(opts.variant)),
            Algorithm::Sa4 => sss_over_alphabeta(tree, 4, &cfg(opts.variant)),
            Algorithm::Abs | Algorithm::As2 => alphabeta_over_sss(tree, 2, &cfg(opts.variant)),
            Algorithm::As4 => alphabeta_over_sss(tree, 4, &cfg(opts.variant)),
            Algorithm::QuickGame | Algorithm::Qg1 | Algorithm::Qg2 | Algorithm::Qg3 => {
                let variant = match self {
                    Algorithm::QuickGame => QgVariant::QuickGame,
                    Algorithm::Qg1 => QgVariant::Qg1,
                    Algorithm::Qg2 => QgVariant::Qg2,
                    _ => QgVariant::Qg3,
                };
                let config = QgConfig {
                    memory: opts.memory,
                    shape: opts.shape,
                    alpha_floor: opts.alpha_floor,
                };
                qg_search(tree, variant, &config, &mut QgOpen::new())
            }
            Algorithm::RecSss | Algorithm::RecDual => {
                if let Some(m) = opts.memory {
                    let needed = if self == Algorithm::RecSss {
                        memsss_maximum
                    } else {
                        memdual_maximum
                    };
                    let bounds = shape(tree, opts.shape, self.name())?;
                    budget(
                        self.name(),
                        Some(m),
                        needed(bounds, self.leaf_search(opts))?,
                    )?;
                }
                let config = RecConfig {
                    shape: opts.shape,
                    odd_depth_leaf_search: self.leaf_search(opts),
                };
                if self == Algorithm::RecSss {
                    recsss(tree, &config)
                } else {
                    recdual(tree, &config)
                }
            }
            Algorithm::MemSss | Algorithm::MemDual => {
                let config = MemConfig {
                    memory: opts.memory,
                    shape: opts.shape,
                    odd_depth_leaf_search: self.leaf_search(opts),
                };
                if self == Algorithm::MemSss {
                    memsss(tree, &config)
                } else {
                    memdual(tree, &config)
                }
            }
            Algorithm::IterSss => itersss(
                tree,
                &IterConfig {
                    memory: opts.memory,
                    shape: opts.shape,
                },
            ),
            Algorithm::MGame => {
                let config = MgConfig {
                    memory: opts.memory,
                    shape: opts.shape,
                    tie: opts.mgame_tie,
                    ..MgConfig::new(opts.searchd)
                };
                mgame(tree, &config)
            }
        }
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm name this crate does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAlgorithm(pub String);

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
        write!(
            f,
            "unknown best-first algorithm '{}' (known: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownAlgorithm {}

impl FromStr for Algorithm {
    type Err = UnknownAlgorithm;
    fn from_str(s: &str) -> Result<Algorithm, UnknownAlgorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .find(|a| a.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownAlgorithm(s.to_string()))
    }
}

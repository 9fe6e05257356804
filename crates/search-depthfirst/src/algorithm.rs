//! Every algorithm of the crate by name: what a command line or a
//! reproduction harness calls.

use std::fmt;

use tree_core::{Dewey, Tree, Value};

use crate::alphabeta::{HARD, SOFT, alphabeta_at, lalphabeta_root};
use crate::aspiration::aspiration_root;
use crate::control::{Report as Reporter, Reporting, RootLine, RootOnly};
use crate::minimax::{MINIMAX, NEGAMAX, full_at};
use crate::mt::{Driver, drive, mt_pass};
use crate::scout::{PVS, SCOUT, SCOUT_TEST, probe_at};
use crate::{
    Bound, Report, Scored, SearchConfig, SearchCounts, SearchError, TranspositionTable, Window,
};

/// The first guess [`Algorithm::Aspiration`] uses: 0, the root value of the
/// top-down and perfectly ordered generated trees.
pub const ASPIRATION_GUESS: Value = Value::from_small(0);

/// The half-width [`Algorithm::Aspiration`] uses: 100, the largest gap
/// between siblings in the default top-down and perfectly ordered generated
/// trees. On other trees the first search may well fail; the second always
/// finds the value.
pub const ASPIRATION_DELTA: u32 = 100;

/// The first guess [`Algorithm::Mtdf`] uses.
pub const MTDF_FIRST_GUESS: Value = Value::from_small(0);

/// A depth-first algorithm of this crate, with default parameters.
///
/// ```
/// use search_depthfirst::Algorithm;
/// use tree_core::{ExplicitTree, Value};
/// let t: ExplicitTree = "[[4,[[5,5],[5,5]]]]".parse().unwrap();
/// for a in Algorithm::ALL {
///     assert_eq!(a.run(&t), Ok(Value::new(4).unwrap()), "{a}");
///     assert_eq!(a.name().parse::<Algorithm>(), Ok(*a));
/// }
/// assert!("sss".parse::<Algorithm>().unwrap_err().to_string().contains("mt-sss"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Algorithm {
    /// [`minimax`](crate::minimax): Campbell Fig. 1.
    Minimax,
    /// [`negamax`](crate::negamax): Campbell Fig. 2.
    Negamax,
    /// [`alphabeta`](crate::alphabeta) with the full window: Campbell Fig. 4.
    AlphaBeta,
    /// [`falphabeta`](crate::falphabeta) with the full window: Campbell Fig. 5.
    FAlphaBeta,
    /// [`lalphabeta_exact`](crate::lalphabeta_exact): Campbell Fig. 6 with
    /// the full window and a re-search of a failing-high last move.
    LAlphaBeta,
    /// [`palphabeta`](crate::palphabeta): Campbell Fig. 7.
    PAlphaBeta,
    /// [`scout`](crate::scout): Campbell Fig. 8.
    Scout,
    /// [`scout_test`](crate::scout_test): Campbell Fig. 8 with TEST, Fig. 9.
    ScoutTest,
    /// [`aspiration`](crate::aspiration) with [`ASPIRATION_GUESS`] and
    /// [`ASPIRATION_DELTA`]: Campbell pp. 8-9.
    Aspiration,
    /// [`mt_sss`](crate::mt_sss): Plaat et al. 1996.
    MtSss,
    /// [`mt_dual`](crate::mt_dual): Plaat et al. 1996.
    MtDual,
    /// [`mtdf`](crate::mtdf) with [`MTDF_FIRST_GUESS`]: Plaat et al. 1996.
    Mtdf,
}

impl Algorithm {
    /// Every algorithm, in the order above.
    pub const ALL: &'static [Algorithm] = &[
        Algorithm::Minimax,
        Algorithm::Negamax,
        Algorithm::AlphaBeta,
        Algorithm::FAlphaBeta,
        Algorithm::LAlphaBeta,
        Algorithm::PAlphaBeta,
        Algorithm::Scout,
        Algorithm::ScoutTest,
        Algorithm::Aspiration,
        Algorithm::MtSss,
        Algorithm::MtDual,
        Algorithm::Mtdf,
    ];

    /// The command-line name: `minimax`, `negamax`, `alphabeta`,
    /// `falphabeta`, `lalphabeta`, `palphabeta`, `scout`, `scout-test`,
    /// `aspiration`, `mt-sss`, `mt-dual`, `mtdf`.
    pub const fn name(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax",
            Algorithm::Negamax => "negamax",
            Algorithm::AlphaBeta => "alphabeta",
            Algorithm::FAlphaBeta => "falphabeta",
            Algorithm::LAlphaBeta => "lalphabeta",
            Algorithm::PAlphaBeta => "palphabeta",
            Algorithm::Scout => "scout",
            Algorithm::ScoutTest => "scout-test",
            Algorithm::Aspiration => "aspiration",
            Algorithm::MtSss => "mt-sss",
            Algorithm::MtDual => "mt-dual",
            Algorithm::Mtdf => "mtdf",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            Algorithm::Minimax => "minimax, every node (Campbell 1981, Fig. 1)",
            Algorithm::Negamax => "negamax, every node (Campbell 1981, Fig. 2)",
            Algorithm::AlphaBeta => {
                "fail-hard alpha-beta, full window (Campbell 1981, Fig. 4; Knuth & Moore 1975)"
            }
            Algorithm::FAlphaBeta => {
                "fail-soft alpha-beta, full window (Campbell 1981, Fig. 5; Fishburn 1980)"
            }
            Algorithm::LAlphaBeta => {
                "last move with minimal window, re-searched if it fails high (Campbell 1981, Fig. 6; Fishburn 1980)"
            }
            Algorithm::PAlphaBeta => {
                "principal-variation alpha-beta (Campbell 1981, Fig. 7; Fishburn 1980)"
            }
            Algorithm::Scout => {
                "SCOUT with minimal-window alpha-beta tests (Campbell 1981, Fig. 8; Pearl 1980)"
            }
            Algorithm::ScoutTest => "SCOUT with TEST (Campbell 1981, Figs. 8-9; Pearl 1980)",
            Algorithm::Aspiration => {
                "aspiration fail-soft alpha-beta, window (-100, 100), one re-search (Campbell 1981, pp. 8-9)"
            }
            Algorithm::MtSss => {
                "SSS* as MT calls from +inf (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
            Algorithm::MtDual => {
                "DUAL* as MT calls from -inf (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
            Algorithm::Mtdf => {
                "MTD(f) from first guess 0 (Plaat, Schaeffer, Pijls & de Bruin 1996)"
            }
        }
    }

    /// Whether the algorithm keeps a transposition table (memory grows with
    /// the nodes searched); the others use only the recursion stack.
    pub const fn uses_table(self) -> bool {
        matches!(self, Algorithm::MtSss | Algorithm::MtDual | Algorithm::Mtdf)
    }

    /// Whether [`Algorithm::search`] takes a window other than
    /// [`Window::FULL`]: alpha-beta, fail-soft alpha-beta and Fig. 6's
    /// alpha-beta (as printed, without the re-search, when the window is
    /// not the full one).
    pub const fn takes_window(self) -> bool {
        matches!(
            self,
            Algorithm::AlphaBeta | Algorithm::FAlphaBeta | Algorithm::LAlphaBeta
        )
    }

    /// Whether [`Algorithm::search`] honours [`Limits`](tree_core::Limits)
    /// and reports the best move: every algorithm (the MT drivers report
    /// the best move alone, no longer line).
    pub const fn takes_limits(self) -> bool {
        true
    }

    /// The minimax value of `tree` by this algorithm, with the defaults
    /// above: the full window, aspiration around [`ASPIRATION_GUESS`] ±
    /// [`ASPIRATION_DELTA`], MTD(f) from [`MTDF_FIRST_GUESS`], a fresh
    /// transposition table for the MT drivers, sized for the tree by
    /// [`TranspositionTable::for_shape`].
    ///
    /// Wrap `tree` in [`tree_core::Counted`] or [`tree_core::Traced`] to
    /// measure the search.
    ///
    /// # Errors
    /// As the algorithm's function: a tree deeper than
    /// [`tree_core::MAX_DEPTH`], a terminal valued ±∞, or (MT drivers) a
    /// node with more than 65,536 children.
    pub fn run<T: Tree + ?Sized>(self, tree: &T) -> Result<Value, SearchError> {
        match self {
            Algorithm::Minimax => crate::minimax(tree),
            Algorithm::Negamax => crate::negamax(tree),
            Algorithm::AlphaBeta => crate::alphabeta(tree, Window::FULL),
            Algorithm::FAlphaBeta => crate::falphabeta(tree, Window::FULL),
            Algorithm::LAlphaBeta => crate::lalphabeta_exact(tree),
            Algorithm::PAlphaBeta => crate::palphabeta(tree),
            Algorithm::Scout => crate::scout(tree),
            Algorithm::ScoutTest => crate::scout_test(tree),
            Algorithm::Aspiration => {
                crate::aspiration(tree, ASPIRATION_GUESS, ASPIRATION_DELTA).map(|o| o.value)
            }
            Algorithm::MtSss => {
                crate::mt_sss(tree, &mut TranspositionTable::for_shape(tree.bounds()))
                    .map(|o| o.value)
            }
            Algorithm::MtDual => {
                crate::mt_dual(tree, &mut TranspositionTable::for_shape(tree.bounds()))
                    .map(|o| o.value)
            }
            Algorithm::Mtdf => crate::mtdf(
                tree,
                &mut TranspositionTable::for_shape(tree.bounds()),
                MTDF_FIRST_GUESS,
            )
            .map(|o| o.value),
        }
    }
}

impl Algorithm {
    /// Searches `tree` as [`Algorithm::run`] does, with `config`'s window
    /// and limits, and reports the value, the root's best move and the
    /// principal variation (see [`Report`]).
    ///
    /// The search is the algorithm's function, node for node: the same
    /// terminals in the same order, so the same counts through
    /// [`tree_core::Counted`]. What it adds is a count of leaves against
    /// the limits (before every terminal evaluation, looking at the clock
    /// and the stop handle every
    /// [`Meter::CHECK_EVERY`](tree_core::Meter::CHECK_EVERY) leaves, as a
    /// [`Meter`](tree_core::Meter) does) and a table of lines, one row per
    /// depth, written whenever a move improves a node's score to a value
    /// inside its window. The plain functions ([`alphabeta`](crate::alphabeta)
    /// and the rest) keep neither: they are the same code with both
    /// compiled out.
    ///
    /// With a window other than the full one (alpha-beta, fail-soft
    /// alpha-beta, Fig. 6's alpha-beta), `value` is what the function
    /// returns for that window and `bound` says what it means.
    /// [`Algorithm::LAlphaBeta`] with the full window is
    /// [`lalphabeta_exact`](crate::lalphabeta_exact), with another
    /// [`lalphabeta`](crate::lalphabeta) as printed.
    ///
    /// ```
    /// use search_depthfirst::{Algorithm, SearchConfig};
    /// use tree_core::{ExplicitTree, Value};
    /// // MAX chooses between a MIN node worth 3 and one worth 5.
    /// let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap();
    /// let r = Algorithm::AlphaBeta.search(&t, &SearchConfig::new()).unwrap();
    /// assert_eq!(r.value, Value::from_small(5));
    /// assert_eq!(r.best, Some(1));
    /// assert_eq!(r.pv.to_string(), "21"); // 1-based: the second move, then its first
    /// assert_eq!(r.leaves, 4);
    /// ```
    ///
    /// A limit stops the search with the counts so far (here a budget of
    /// 100 leaves on a tree that needs more):
    ///
    /// ```
    /// use search_depthfirst::{Algorithm, SearchConfig, SearchError};
    /// use tree_core::{GenSpec, Generator, Limits, StopReason};
    /// let t = GenSpec::new(Generator::RANDOM, 8, 6, 1, 0).build().unwrap();
    /// let config = SearchConfig::new().with_limits(Limits::none().with_max_leaves(100));
    /// match Algorithm::Scout.search(&t, &config) {
    ///     Err(SearchError::Stopped(s)) => {
    ///         assert_eq!(s.reason, StopReason::LeafLimit);
    ///         assert_eq!(s.leaves, 100);
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    ///
    /// # Errors
    /// As [`Algorithm::run`]; [`SearchError::Stopped`] when a limit is
    /// reached (no value is returned: a stopped MT driver knows bounds on
    /// the value, not the value); [`SearchError::Unsupported`] for a window
    /// other than the full one given to an algorithm that takes none
    /// ([`Algorithm::takes_window`]).
    ///
    /// The MT drivers use a table sized as [`Algorithm::run`]'s (or of
    /// [`SearchConfig::table_bytes`]), made for the search, and report
    /// the best move only: the root's move at which the pass that proved
    /// the value's lower bound stopped. [`Algorithm::search_in`] takes a
    /// table kept from one search to the next instead.
    pub fn search<T: Tree + ?Sized>(
        self,
        tree: &T,
        config: &SearchConfig,
    ) -> Result<Report, SearchError> {
        self.search_counted(tree, config, None).0
    }

    /// [`Algorithm::search`] (with `table`, as [`Algorithm::search_in`],
    /// if given), and what the search asked of the tree whether it
    /// finished or not: its leaf evaluations and interior expansions, what
    /// [`tree_core::Counted`] counts, up to the stop for a search stopped
    /// by a limit or an error (on success they are the report's `leaves`
    /// and `interior`). The search counts them itself, a plain increment
    /// per node, so a caller that wants them need not wrap the tree.
    ///
    /// ```
    /// use search_depthfirst::{Algorithm, SearchConfig, SearchError};
    /// use tree_core::{Counted, GenSpec, Generator, Limits};
    /// let t = GenSpec::new(Generator::RANDOM, 4, 6, 1, 0).build().unwrap();
    /// let c = Counted::new(&t);
    /// let (r, counts) = Algorithm::Scout.search_counted(&c, &SearchConfig::new(), None);
    /// assert_eq!((counts.leaves, counts.interior), (c.stats().leaves, c.stats().interior));
    /// assert_eq!(r.unwrap().interior, counts.interior);
    ///
    /// let config = SearchConfig::new().with_limits(Limits::none().with_max_leaves(100));
    /// let (r, counts) = Algorithm::Scout.search_counted(&t, &config, None);
    /// assert!(matches!(r, Err(SearchError::Stopped(s)) if s.leaves == counts.leaves));
    /// assert!(counts.leaves == 100 && counts.interior > 0);
    /// ```
    pub fn search_counted<T: Tree + ?Sized>(
        self,
        tree: &T,
        config: &SearchConfig,
        table: Option<&mut TranspositionTable>,
    ) -> (Result<Report, SearchError>, SearchCounts) {
        self.search_with(tree, config, table)
    }

    /// [`Algorithm::search`] with `table` as the MT drivers' transposition
    /// table, so that a caller searching many trees keeps one table (and
    /// what it allocated) instead of a new one per search. The drivers
    /// clear it first, in constant time, and search exactly as with a new
    /// table of its size: the same terminals in the same order, the same
    /// report. [`SearchConfig::table_bytes`] is not looked at (the table
    /// has its size); the algorithms without a table do not touch it.
    ///
    /// ```
    /// use search_depthfirst::{Algorithm, SearchConfig, TranspositionTable};
    /// use tree_core::{HashTree, Tree};
    /// let config = SearchConfig::new();
    /// let mut table = TranspositionTable::for_shape(HashTree::new(4, 6, 0)?.bounds());
    /// for seed in 0..3 {
    ///     let tree = HashTree::new(4, 6, seed)?;
    ///     let kept = Algorithm::MtSss.search_in(&tree, &config, &mut table)?;
    ///     let fresh = Algorithm::MtSss.search(&tree, &config)?;
    ///     assert_eq!((kept.value, kept.best, kept.leaves), (fresh.value, fresh.best, fresh.leaves));
    ///     assert_eq!(kept.table_entries, Some(table.len()));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Algorithm::search`].
    pub fn search_in<T: Tree + ?Sized>(
        self,
        tree: &T,
        config: &SearchConfig,
        table: &mut TranspositionTable,
    ) -> Result<Report, SearchError> {
        self.search_with(tree, config, Some(table)).0
    }

    /// [`Algorithm::search`], the MT drivers with `table` if given, else
    /// with a new one, and its counts.
    fn search_with<T: Tree + ?Sized>(
        self,
        tree: &T,
        config: &SearchConfig,
        table: Option<&mut TranspositionTable>,
    ) -> (Result<Report, SearchError>, SearchCounts) {
        let window = config.window;
        if window != Window::FULL && !self.takes_window() {
            let e = SearchError::Unsupported {
                algorithm: self.name(),
                feature: "a search window",
            };
            return (Err(e), SearchCounts::default());
        }
        // Three controls, each compiled to its own recursions: the lines,
        // metered; the root's move alone, metered or (no limits) a bare
        // count. (A bare count under the lines measured slower, not
        // faster: callgrind, alpha-beta on `HashTree`s, the recursion's
        // registers spill differently.) The MT drivers report the root's
        // move alone whatever `lines` says, so they never keep lines.
        let limits = &config.limits;
        if config.lines && !self.uses_table() {
            let depth = tree.bounds().map(|b| b.depth);
            self.search_on(tree, config, table, Reporting::<true>::new(limits, depth))
        } else if limits.is_none() {
            self.search_on(tree, config, table, RootOnly::<false>::new(limits))
        } else {
            self.search_on(tree, config, table, RootOnly::<true>::new(limits))
        }
    }

    /// [`Algorithm::search_with`] on the control `ctl`, and its counts.
    fn search_on<T: Tree + ?Sized, C: Reporter<M>, const M: bool>(
        self,
        tree: &T,
        config: &SearchConfig,
        table: Option<&mut TranspositionTable>,
        mut ctl: C,
    ) -> (Result<Report, SearchError>, SearchCounts) {
        let r = self.search_at(tree, config, table, &mut ctl);
        (r, ctl.leaves().counts())
    }

    /// [`Algorithm::search_on`]'s search.
    fn search_at<T: Tree + ?Sized, C: Reporter<M>, const M: bool>(
        self,
        tree: &T,
        config: &SearchConfig,
        table: Option<&mut TranspositionTable>,
        ctl: &mut C,
    ) -> Result<Report, SearchError> {
        let window = config.window;
        ctl.leaves().check()?;
        let (a, b) = (window.alpha(), window.beta());
        let root = tree.root();
        let exact = |value| Scored {
            value,
            bound: Bound::Exact,
        };
        let mut table_entries = None;
        let (t, r, c) = (tree, &root, &mut *ctl);
        let (scored, line) = match self {
            Algorithm::Minimax => (exact(full_at::<_, _, MINIMAX>(t, r, 0, c)?), None),
            Algorithm::Negamax => (exact(full_at::<_, _, NEGAMAX>(t, r, 0, c)?), None),
            Algorithm::AlphaBeta => {
                let m = alphabeta_at::<_, _, HARD>(t, r, 0, a, b, c)?;
                (classify(window, window.clamp(m)), None)
            }
            Algorithm::FAlphaBeta => {
                let f = alphabeta_at::<_, _, SOFT>(t, r, 0, a, b, c)?;
                (classify(window, f), None)
            }
            Algorithm::LAlphaBeta => (
                lalphabeta_root(tree, window, window == Window::FULL, &mut *ctl)?,
                None,
            ),
            Algorithm::PAlphaBeta => (exact(probe_at::<_, _, PVS>(t, r, 0, c)?), None),
            Algorithm::Scout => (exact(probe_at::<_, _, SCOUT>(t, r, 0, c)?), None),
            Algorithm::ScoutTest => (exact(probe_at::<_, _, SCOUT_TEST>(t, r, 0, c)?), None),
            Algorithm::Aspiration => {
                let (outcome, line) =
                    aspiration_root(tree, ASPIRATION_GUESS, ASPIRATION_DELTA, &mut *ctl)?;
                (exact(outcome.value), Some(line))
            }
            Algorithm::MtSss | Algorithm::MtDual | Algorithm::Mtdf => {
                let driver = match self {
                    Algorithm::MtSss => Driver::Sss,
                    Algorithm::MtDual => Driver::Dual,
                    _ => Driver::Mtdf(MTDF_FIRST_GUESS),
                };
                let mut own;
                let tt = match table {
                    Some(t) => t,
                    None => {
                        own = match config.table_bytes {
                            Some(bytes) => TranspositionTable::with_bytes(bytes)?,
                            None => TranspositionTable::for_shape(tree.bounds()),
                        };
                        &mut own
                    }
                };
                tt.clear();
                let leaves = ctl.leaves();
                let (outcome, best) =
                    drive(driver, |gamma| mt_pass(tree, tt, gamma, &mut *leaves))?;
                table_entries = Some(tt.len());
                (exact(outcome.value), Some(RootLine::Best(best)))
            }
        };
        // The root's line is a principal variation when its value is
        // exact; after a fail high only its first move is known, after a
        // fail low nothing.
        let line = line.unwrap_or(match scored.bound {
            Bound::Exact => RootLine::Whole,
            Bound::Lower => RootLine::Best(ctl.first_move()),
            Bound::Upper => RootLine::Best(None),
        });
        let (best, pv) = match line {
            RootLine::Whole => (ctl.first_move(), ctl.root_line()),
            RootLine::Best(best) => (best, line_of(best)),
        };
        Ok(Report {
            value: scored.value,
            bound: scored.bound,
            best,
            pv,
            leaves: ctl.leaves().count(),
            interior: ctl.leaves().interior_count(),
            elapsed: ctl.leaves().elapsed(),
            table_entries,
        })
    }
}

/// What a fail-hard or fail-soft result searched with window `w` says
/// about the minimax value: at most `value` if it is at most alpha, at
/// least `value` if it is at least beta, else exactly `value`.
fn classify(w: Window, value: Value) -> Scored {
    let bound = if value <= w.alpha() {
        Bound::Upper
    } else if value >= w.beta() {
        Bound::Lower
    } else {
        Bound::Exact
    };
    Scored { value, bound }
}

/// The line of the one move `best` (empty if none, or if a Dewey digit
/// cannot number it).
fn line_of(best: Option<usize>) -> Dewey {
    match best {
        Some(i) if i <= usize::from(u16::MAX) => Dewey::root().child(i),
        _ => Dewey::root(),
    }
}

/// Writes `names` separated by commas (the known names of an error).
pub(crate) fn write_names<'a>(
    f: &mut fmt::Formatter<'_>,
    names: impl Iterator<Item = &'a str>,
) -> fmt::Result {
    for (k, name) in names.enumerate() {
        if k > 0 {
            f.write_str(", ")?;
        }
        f.write_str(name)?;
    }
    Ok(())
}

/// The one of `all` whose `name` is `s`, ASCII case-insensitively.
pub(crate) fn by_name<A: Copy>(all: &[A], name: impl Fn(A) -> &'static str, s: &str) -> Option<A> {
    all.iter()
        .copied()
        .find(|&a| name(a).eq_ignore_ascii_case(s))
}

tree_core::display_by_name!(Algorithm);

/// An algorithm name [`Algorithm::from_str`](std::str::FromStr) does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownAlgorithm {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown algorithm '{}' (known: ", self.name)?;
        write_names(f, Algorithm::ALL.iter().map(|a| a.name()))?;
        f.write_str(")")
    }
}

impl std::error::Error for UnknownAlgorithm {}

// The exact name, ASCII case-insensitively.
tree_core::from_str_by_name!(Algorithm, UnknownAlgorithm, |s| UnknownAlgorithm {
    name: s.to_owned()
});

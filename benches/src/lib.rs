//! Criterion benchmarks live in `benches/`; this library holds what the
//! cost-per-node measurements share: every best-first search (and the MT
//! drivers) beside alpha-beta as a named front-door search (a
//! [`gametree::Algorithm`] and its [`gametree::Config`]) over
//! [`tree_core::HashTree`]s ([`overhead`]), used by the `overhead` bench
//! and the `overhead` and `profile` examples.

pub mod overhead {
    //! Every best-first search (and the MT drivers) beside alpha-beta, as
    //! named front-door searches over the same [`HashTree`]s: timed as
    //! [`gametree::search`] runs them (counted at the trait boundary), and
    //! counted from its report.

    use gametree::{Algorithm, Config, maximum_memory_for, minimum_memory_for};
    use search_depthfirst::TranspositionTable;
    use tree_core::{Bounds, HashTree, Tree, Value};

    /// One search of the tables: a name, the algorithm and its settings.
    #[derive(Debug, Clone)]
    pub struct Search {
        /// As the tables print it: `recsss`, `memsss@min=15`,
        /// `memsss+store@max=255` (odd-depth leaf search off), …
        pub name: String,
        /// The algorithm.
        pub algorithm: Algorithm,
        /// Its settings.
        pub config: Config,
    }

    impl Search {
        fn new(name: impl Into<String>, algorithm: Algorithm, config: Config) -> Search {
            Search {
                name: name.into(),
                algorithm,
                config,
            }
        }

        /// The root's value of `tree`, through the front door.
        ///
        /// # Panics
        /// If the search fails (a table too small for an MT driver, say).
        pub fn run<T>(&self, tree: &T) -> Value
        where
            T: Tree + Sync + ?Sized,
            T::Node: Send + Sync,
        {
            self.report(tree).value
        }

        /// The front door's report on `tree`.
        ///
        /// # Panics
        /// As [`Search::run`].
        pub fn report<T>(&self, tree: &T) -> gametree::Report
        where
            T: Tree + Sync + ?Sized,
            T::Node: Send + Sync,
        {
            gametree::search(self.algorithm, tree, &self.config)
                .unwrap_or_else(|e| panic!("{}: {e}", self.name))
        }
    }

    /// The budgets of `algorithm` on `bounds` with `config` (its odd-depth
    /// leaf search): the least, the middle and the greatest.
    fn budgets(algorithm: Algorithm, bounds: Bounds, config: &Config) -> Option<[usize; 3]> {
        let lo = minimum_memory_for(algorithm, bounds, config)?;
        let hi = maximum_memory_for(algorithm, bounds, config)?;
        Some([lo, lo + (hi - lo) / 2, hi])
    }

    /// Every search of the cost-per-node tables on trees of shape `bounds`,
    /// alpha-beta first: RecSSS\*, RecDual\* (both odd-depth settings),
    /// QuickGame, QG1–3, MemSSS\* and MemDual\* at the least, a middle and
    /// the greatest budget (both odd-depth settings), MGame(4) and MGame(6)
    /// where they are not RecSSS\*, IterSSS\* at its least and greatest
    /// budget, SSS\* with the three tie rules, Dual\*, staged SSS\*, the
    /// hybrids SAB and ABS, SA4 and AS4, and the MT drivers, each with a
    /// table of `mt_bytes` bytes (see [`mt_table_bytes`]). `only` keeps
    /// alpha-beta and the searches named (a name also selects its
    /// `@budget` and `+setting` rows).
    pub fn searches(bounds: Bounds, only: &[String], mt_bytes: usize) -> Vec<Search> {
        let plain = Config::default;
        // Alpha-beta as the reference cost per node: like every search of
        // the table it reports the value and the best move, not the whole
        // line (`pv(false)`: the plain recursion's cost).
        let mut s = vec![Search::new(
            "alphabeta",
            Algorithm::AlphaBeta,
            plain().pv(false),
        )];
        // The odd-depth leaf search changes RecSSS*/MemSSS* on odd depths
        // and RecDual*/MemDual* on even ones; elsewhere its rows would
        // repeat the default's.
        let (odd, even) = (bounds.depth % 2 == 1, bounds.depth.is_multiple_of(2));
        for leaf in [false, true] {
            let config = plain().odd_depth_leaf_search(leaf);
            let tag = if leaf { "+leaf" } else { "" };
            if !leaf || odd {
                s.push(Search::new(
                    format!("recsss{tag}"),
                    Algorithm::RecSss,
                    config.clone(),
                ));
            }
            if !leaf || even {
                s.push(Search::new(
                    format!("recdual{tag}"),
                    Algorithm::RecDual,
                    config,
                ));
            }
        }
        for a in [
            Algorithm::QuickGame,
            Algorithm::Qg1,
            Algorithm::Qg2,
            Algorithm::Qg3,
        ] {
            s.push(Search::new(a.name(), a, plain()));
        }
        for leaf in [true, false] {
            for (a, matters) in [(Algorithm::MemSss, odd), (Algorithm::MemDual, even)] {
                if !leaf && !matters {
                    continue;
                }
                let config = plain().odd_depth_leaf_search(leaf);
                if let Some([lo, mid, hi]) = budgets(a, bounds, &config) {
                    for (tag, m) in [("min", lo), ("mid", mid), ("max", hi)] {
                        let store = if leaf { "" } else { "+store" };
                        s.push(Search::new(
                            format!("{a}{store}@{tag}={m}"),
                            a,
                            config.clone().memory(m),
                        ));
                    }
                }
            }
        }
        for searchd in [4, 6] {
            if searchd < bounds.depth {
                s.push(Search::new(
                    format!("mgame/{searchd}"),
                    Algorithm::MGame,
                    plain().searchd(searchd),
                ));
            }
        }
        if let Some([lo, mid, hi]) = budgets(Algorithm::IterSss, bounds, &plain()) {
            for (tag, m) in [("min", lo), ("mid", mid), ("max", hi)] {
                s.push(Search::new(
                    format!("itersss@{tag}={m}"),
                    Algorithm::IterSss,
                    plain().memory(m),
                ));
            }
        }
        for a in [
            Algorithm::SssStockman,
            Algorithm::SssLeft,
            Algorithm::Sss,
            Algorithm::Dual,
            Algorithm::StagedSss,
            Algorithm::Sab,
            Algorithm::Abs,
            Algorithm::Sa4,
            Algorithm::As4,
        ] {
            s.push(Search::new(a.name(), a, plain()));
        }
        for a in [Algorithm::MtSss, Algorithm::MtDual, Algorithm::Mtdf] {
            s.push(Search::new(a.name(), a, plain().table_bytes(mt_bytes)));
        }
        s.retain(|x| {
            x.name == "alphabeta"
                || only.is_empty()
                || only.iter().any(|o| {
                    x.name == *o
                        || x.name.starts_with(&format!("{o}@"))
                        || x.name.starts_with(&format!("{o}+"))
                })
        });
        s
    }

    /// The MT drivers' table for `trees`: the fewest entries that hold
    /// every entry any driver takes on any of them (with a table sized
    /// from the tree's shape, the front door's default), so that they
    /// evaluate the same leaves as with unlimited memory, and no more.
    pub fn mt_table_bytes(trees: &[HashTree]) -> usize {
        let mut most = 0;
        for t in trees {
            for a in [Algorithm::MtSss, Algorithm::MtDual, Algorithm::Mtdf] {
                let r = gametree::search(a, t, &Config::default()).expect("an MT driver runs");
                most = most.max(r.peak_memory.expect("an MT driver's table entries"));
            }
        }
        most.max(1) * TranspositionTable::ENTRY_BYTES
    }

    /// What one search examines on `trees`, from the front door's report:
    /// leaves and nodes (leaves + interior expansions), its values checked
    /// against alpha-beta's.
    ///
    /// # Panics
    /// If a value differs from alpha-beta's.
    pub fn count(search: &Search, trees: &[HashTree]) -> (u64, u64) {
        let (mut leaves, mut nodes) = (0, 0);
        for t in trees {
            let r = search.report(t);
            let truth = gametree::search(Algorithm::AlphaBeta, t, &Config::default())
                .expect("alpha-beta runs")
                .value;
            assert_eq!(r.value, truth, "{} on {:?}", search.name, t);
            leaves += r.leaves;
            nodes += r.leaves + r.interior;
        }
        (leaves, nodes)
    }

    /// The budget of `algorithm` on `bounds` that `at` names: `min`,
    /// `mid`, `max` (as [`searches`] takes them) or a number; `config`
    /// gives its odd-depth leaf search.
    ///
    /// # Errors
    /// A word that is none of these, or an algorithm without a budget.
    pub fn budget(
        algorithm: Algorithm,
        bounds: Bounds,
        config: &Config,
        at: &str,
    ) -> Result<usize, String> {
        let [lo, mid, hi] = budgets(algorithm, bounds, config)
            .ok_or_else(|| format!("{algorithm} takes no budget on {bounds:?}"))?;
        match at {
            "min" => Ok(lo),
            "mid" => Ok(mid),
            "max" => Ok(hi),
            m => m
                .parse()
                .map_err(|_| format!("{algorithm}@{m}: a budget is min, mid, max or a number")),
        }
    }
}

/// The workspace README's Rust snippets, compiled and run as doc-tests here
/// (this package depends on every search crate and is not published).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

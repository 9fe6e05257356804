//! Criterion benchmarks live in `benches/`; this library holds what the
//! cost-per-node measurements share: every search of issue 11 as a named,
//! boxed runner over [`tree_core::HashTree`]s ([`overhead`]), used by the `overhead`
//! bench and the `overhead` example.

pub mod overhead {
    //! Every best-first search (and the MT drivers) beside alpha-beta, as
    //! boxed runners over the same [`HashTree`]s: run on the plain tree for
    //! timing, or on a [`Counted`] one to count what it examines.

    use search_bestfirst::{
        Algorithm, MemConfig, Options, RecConfig, itersss_minimum, memdual, memdual_maximum,
        memdual_minimum, memsss, memsss_maximum, memsss_minimum, minimum_memory, recdual, recsss,
    };
    use search_depthfirst::{
        Algorithm as DfAlgorithm, MTDF_FIRST_GUESS, TranspositionTable, Window, alphabeta, mt_dual,
        mt_sss, mtdf,
    };
    use std::cell::RefCell;
    use tree_core::{Bounds, Counted, HashTree, Tree, Value};

    /// How to run one search on a tree; returns the root's value.
    pub type Runner = Box<dyn Fn(&dyn DynTree) -> Value>;

    /// One search of the tables: a name and how to run it.
    pub struct Search {
        /// As the tables print it: `recsss`, `memsss@min=15`,
        /// `memsss+store@max=255` (odd-depth leaf search off), …
        pub name: String,
        /// Runs it.
        pub run: Runner,
    }

    /// A tree as one object type, so that searches can be boxed closures:
    /// either plain (for timing) or counted.
    pub trait DynTree {
        /// The tree.
        fn hash(&self) -> &HashTree;
        /// The counting wrapper, if this is the counted tree.
        fn counted(&self) -> Option<&Counted<&HashTree>>;
    }

    impl std::fmt::Debug for Search {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(&self.name)
        }
    }

    /// A tree to time on.
    #[derive(Debug)]
    pub struct Plain<'a>(pub &'a HashTree);

    impl DynTree for Plain<'_> {
        fn hash(&self) -> &HashTree {
            self.0
        }
        fn counted(&self) -> Option<&Counted<&HashTree>> {
            None
        }
    }

    /// A tree to count on.
    #[derive(Debug)]
    pub struct WithCounts<'a>(pub &'a HashTree, pub Counted<&'a HashTree>);

    impl<'a> WithCounts<'a> {
        /// `tree` with zeroed counters.
        pub fn new(tree: &'a HashTree) -> WithCounts<'a> {
            WithCounts(tree, Counted::new(tree))
        }
    }

    impl DynTree for WithCounts<'_> {
        fn hash(&self) -> &HashTree {
            self.0
        }
        fn counted(&self) -> Option<&Counted<&HashTree>> {
            Some(&self.1)
        }
    }

    /// Runs `$body` with `$x` bound to the counted tree if there is one,
    /// else to the plain tree (one monomorphisation each).
    macro_rules! on {
        ($t:expr, |$x:ident| $body:expr) => {
            match $t.counted() {
                Some($x) => $body,
                None => {
                    let $x = $t.hash();
                    $body
                }
            }
        };
    }

    fn bestfirst(a: Algorithm, opts: Options, name: String) -> Search {
        Search {
            name,
            run: Box::new(move |t| on!(t, |x| a.run(x, &opts).expect("search").value)),
        }
    }

    fn memory(a: Algorithm, memory: Option<usize>, name: String) -> Search {
        let opts = Options {
            memory,
            ..Options::default()
        };
        bestfirst(a, opts, name)
    }

    /// Every search of issue 11 on trees of shape `bounds`, alpha-beta
    /// first: RecSSS\*, RecDual\* (both odd-depth settings), QuickGame,
    /// QG1–3, MemSSS\* and MemDual\* at the least, a middle and the greatest
    /// budget (both odd-depth settings), MGame(4) and MGame(6) where they
    /// are not RecSSS\*, IterSSS\* at its least and greatest budget, SSS\*
    /// with the three tie rules, Dual\*, staged SSS\*, the hybrids SAB and
    /// ABS, SA4 and AS4, and the MT drivers, each with one table of
    /// `mt_bytes` bytes (see [`mt_table_bytes`]) reused from search to
    /// search. `only` keeps alpha-beta and the searches named (a name also
    /// selects its `@budget` and `+setting` rows).
    ///
    /// # Panics
    /// If `mt_bytes` is too small for a table and an MT driver is kept.
    pub fn searches(bounds: Bounds, only: &[String], mt_bytes: usize) -> Vec<Search> {
        let mut s = vec![Search {
            name: "alphabeta".into(),
            run: Box::new(|t| on!(t, |x| alphabeta(x, Window::FULL).expect("search"))),
        }];
        // The odd-depth leaf search changes RecSSS*/MemSSS* on odd depths
        // and RecDual*/MemDual* on even ones; elsewhere its rows would
        // repeat the default's.
        let (odd, even) = (bounds.depth % 2 == 1, bounds.depth.is_multiple_of(2));
        for leaf in [false, true] {
            let cfg = RecConfig {
                shape: None,
                odd_depth_leaf_search: leaf,
            };
            let tag = if leaf { "+leaf" } else { "" };
            if !leaf || odd {
                s.push(Search {
                    name: format!("recsss{tag}"),
                    run: Box::new(move |t| on!(t, |x| recsss(x, &cfg).expect("search").value)),
                });
            }
            if !leaf || even {
                s.push(Search {
                    name: format!("recdual{tag}"),
                    run: Box::new(move |t| on!(t, |x| recdual(x, &cfg).expect("search").value)),
                });
            }
        }
        for a in [
            Algorithm::QuickGame,
            Algorithm::Qg1,
            Algorithm::Qg2,
            Algorithm::Qg3,
        ] {
            s.push(memory(a, None, a.name().into()));
        }
        let mid = |lo: usize, hi: usize| lo + (hi - lo) / 2;
        type Size = fn(Bounds, bool) -> Result<usize, search_bestfirst::BestFirstError>;
        type Run = fn(&dyn DynTree, &MemConfig) -> Value;
        let mems: [(&str, Size, Size, Run, bool); 2] = [
            (
                "memsss",
                memsss_minimum,
                memsss_maximum,
                |t, c| on!(t, |x| memsss(x, c).expect("search").value),
                odd,
            ),
            (
                "memdual",
                memdual_minimum,
                memdual_maximum,
                |t, c| on!(t, |x| memdual(x, c).expect("search").value),
                even,
            ),
        ];
        for leaf in [true, false] {
            for (name, min, max, run, matters) in mems {
                if !leaf && !matters {
                    continue;
                }
                if let (Ok(lo), Ok(hi)) = (min(bounds, leaf), max(bounds, leaf)) {
                    for (tag, m) in [("min", lo), ("mid", mid(lo, hi)), ("max", hi)] {
                        let cfg = MemConfig {
                            memory: Some(m),
                            shape: None,
                            odd_depth_leaf_search: leaf,
                        };
                        let store = if leaf { "" } else { "+store" };
                        s.push(Search {
                            name: format!("{name}{store}@{tag}={m}"),
                            run: Box::new(move |t| run(t, &cfg)),
                        });
                    }
                }
            }
        }
        for searchd in [4, 6] {
            if searchd < bounds.depth {
                let opts = Options {
                    searchd,
                    ..Options::default()
                };
                s.push(bestfirst(
                    Algorithm::MGame,
                    opts,
                    format!("mgame/{searchd}"),
                ));
            }
        }
        if let (Ok(lo), Ok(hi)) = (itersss_minimum(bounds), minimum_memory(bounds, false)) {
            let hi = hi.max(lo);
            for (tag, m) in [("min", lo), ("mid", mid(lo, hi)), ("max", hi)] {
                s.push(memory(
                    Algorithm::IterSss,
                    Some(m),
                    format!("itersss@{tag}={m}"),
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
            s.push(memory(a, None, a.name().into()));
        }
        let wanted =
            |name: &str| only.is_empty() || only.iter().any(|o| name.starts_with(o.as_str()));
        for a in [DfAlgorithm::MtSss, DfAlgorithm::MtDual, DfAlgorithm::Mtdf] {
            if !wanted(a.name()) {
                continue;
            }
            let tt = RefCell::new(TranspositionTable::with_bytes(mt_bytes).expect("table"));
            s.push(Search {
                name: a.name().into(),
                run: Box::new(move |t| {
                    let tt = &mut *tt.borrow_mut();
                    on!(t, |x| mt_driver(a, x, tt))
                }),
            });
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

    /// The value of the MT driver `a` on `tree` with the table `tt`.
    fn mt_driver<T: Tree>(a: DfAlgorithm, tree: &T, tt: &mut TranspositionTable) -> Value {
        match a {
            DfAlgorithm::MtSss => mt_sss(tree, tt),
            DfAlgorithm::MtDual => mt_dual(tree, tt),
            _ => mtdf(tree, tt, MTDF_FIRST_GUESS),
        }
        .expect("search")
        .value
    }

    /// The MT drivers' table for `trees`: the fewest entries that hold
    /// every entry any driver takes on any of them, so that they evaluate
    /// the same leaves as with unlimited memory, and no more.
    pub fn mt_table_bytes(trees: &[HashTree]) -> usize {
        let mut most = 0;
        for t in trees {
            let mut roomy = TranspositionTable::for_shape(t.bounds());
            for a in [DfAlgorithm::MtSss, DfAlgorithm::MtDual, DfAlgorithm::Mtdf] {
                mt_driver(a, t, &mut roomy);
                most = most.max(roomy.len());
            }
        }
        most.max(1) * TranspositionTable::ENTRY_BYTES
    }

    /// What one search examines on `trees`, through [`Counted`]: leaves and
    /// nodes (leaves + interior expansions), its values checked against
    /// alpha-beta's.
    ///
    /// # Panics
    /// If a value differs from alpha-beta's.
    pub fn count(search: &Search, trees: &[HashTree]) -> (u64, u64) {
        let (mut leaves, mut nodes) = (0, 0);
        for t in trees {
            let w = WithCounts::new(t);
            let v = (search.run)(&w);
            let truth = alphabeta(t, Window::FULL).expect("search");
            assert_eq!(v, truth, "{} on {:?}", search.name, t);
            let st = w.1.stats();
            leaves += st.leaves;
            nodes += st.leaves + st.interior;
        }
        (leaves, nodes)
    }
}

/// The workspace README's Rust snippets, compiled and run as doc-tests here
/// (this package depends on every search crate and is not published).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

//! [`Algorithm`]: every search of every engine crate, by name.

use search_bestfirst::Algorithm as BestFirst;
use search_depthfirst::{Algorithm as DepthFirst, EnhancedAlgorithm};
use search_parallel::threads::ThreadAlgorithm;

#[cfg(feature = "mpi")]
use search_distributed::DistAlgorithm;

use crate::Setting;
use crate::engine::Engine;

/// The engine crates' families, in the order `gametree algos` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Minimax, the alpha-beta family and the MT drivers
    /// (`search-depthfirst`): a stack, no OPEN list; the MT drivers keep a
    /// transposition table.
    DepthFirst,
    /// The enhanced engines of `search-depthfirst`: iterative deepening, a
    /// hashed transposition table, move ordering; one thread or several
    /// over a shared table.
    Enhanced,
    /// The SSS\* family under a memory budget (`search-bestfirst`).
    BestFirst,
    /// The multi-threaded tree searches of `search-parallel`.
    Threads,
    /// The searches on MPI ranks of `search-distributed` (feature `mpi`):
    /// one process per processor of Campbell's processor tree.
    #[cfg(feature = "mpi")]
    Distributed,
}

impl Family {
    /// Every family, in the order above.
    pub const ALL: &'static [Family] = &[
        Family::DepthFirst,
        Family::Enhanced,
        Family::BestFirst,
        Family::Threads,
        #[cfg(feature = "mpi")]
        Family::Distributed,
    ];

    /// What the family is, in a few words.
    pub const fn name(self) -> &'static str {
        match self {
            Family::DepthFirst => "depth-first",
            Family::Enhanced => "enhanced",
            Family::BestFirst => "best-first",
            Family::Threads => "multi-threaded",
            #[cfg(feature = "mpi")]
            Family::Distributed => "distributed",
        }
    }
}

/// Declares [`Algorithm`] from one list — variant, documentation, engine —
/// with [`Algorithm::ALL`] in the list's order and the map to the engine
/// crates' own enums, so that each algorithm is named once. The list ends
/// with a section under a `#[cfg(…)]`: the algorithms of an optional
/// engine, which exist (and are in [`Algorithm::ALL`]) only when it is
/// built.
macro_rules! algorithms {
    (
        $($(#[doc = $doc:literal])* $variant:ident => $engine:expr,)*
        #[cfg($cfg:meta)] {
            $($(#[doc = $gdoc:literal])* $gvariant:ident => $gengine:expr,)*
        }
    ) => {
        /// Every search of the workspace: the depth-first algorithms, the enhanced
        /// game engines, the best-first family and the multi-threaded searches
        /// (and, with the feature `mpi`, the searches on MPI ranks).
        ///
        /// Every one runs through [`search`](crate::search) (a [`Tree`](tree_core::Tree))
        /// and [`search_game`](crate::search_game) (a [`Game`](tree_core::Game)
        /// searched to a depth). The names are the command line's (`gametree
        /// algos` prints them with a line each):
        ///
        /// ```
        /// use gametree::{Algorithm, Family};
        /// assert_eq!("memsss".parse::<Algorithm>()?, Algorithm::MemSss);
        /// assert_eq!(Algorithm::MemSss.to_string(), "memsss");
        /// assert_eq!(Algorithm::MemSss.family(), Family::BestFirst);
        /// for a in Algorithm::ALL {
        ///     assert_eq!(a.name().parse::<Algorithm>()?, *a);
        /// }
        /// assert!("sss*".parse::<Algorithm>().is_err());
        /// # Ok::<(), gametree::Error>(())
        /// ```
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Algorithm {
            $($(#[doc = $doc])* $variant,)*
            $(#[cfg($cfg)] $(#[doc = $gdoc])* $gvariant,)*
        }

        impl Algorithm {
            /// Every algorithm, in the order `gametree algos` lists them: the
            /// depth-first ones, the enhanced engines, the best-first family, the
            /// multi-threaded searches (and with the feature `mpi` the searches
            /// on MPI ranks).
            pub const ALL: &'static [Algorithm] = &[
                $(Algorithm::$variant,)*
                $(#[cfg($cfg)] Algorithm::$gvariant,)*
            ];

            /// The engine that runs it.
            pub(crate) const fn engine(self) -> Engine {
                match self {
                    $(Algorithm::$variant => $engine,)*
                    $(#[cfg($cfg)] Algorithm::$gvariant => $gengine,)*
                }
            }
        }
    };
}

algorithms! {
    /// `minimax`: every node (Campbell 1981, Fig. 1).
    Minimax => Engine::Depth(DepthFirst::Minimax),
    /// `negamax`: every node (Fig. 2).
    Negamax => Engine::Depth(DepthFirst::Negamax),
    /// `alphabeta`: fail-hard alpha-beta (Fig. 4).
    AlphaBeta => Engine::Depth(DepthFirst::AlphaBeta),
    /// `falphabeta`: fail-soft alpha-beta (Fig. 5).
    FAlphaBeta => Engine::Depth(DepthFirst::FAlphaBeta),
    /// `lalphabeta`: the last move with a minimal window (Fig. 6).
    LAlphaBeta => Engine::Depth(DepthFirst::LAlphaBeta),
    /// `palphabeta`: principal-variation alpha-beta (Fig. 7).
    PAlphaBeta => Engine::Depth(DepthFirst::PAlphaBeta),
    /// `scout`: SCOUT (Fig. 8).
    Scout => Engine::Depth(DepthFirst::Scout),
    /// `scout-test`: SCOUT with TEST (Figs. 8–9).
    ScoutTest => Engine::Depth(DepthFirst::ScoutTest),
    /// `aspiration`: aspiration fail-soft alpha-beta (pp. 8–9).
    Aspiration => Engine::Depth(DepthFirst::Aspiration),
    /// `mt-sss`: SSS\* as MT calls from +∞ (Plaat et al. 1996).
    MtSss => Engine::Depth(DepthFirst::MtSss),
    /// `mt-dual`: DUAL\* as MT calls from −∞.
    MtDual => Engine::Depth(DepthFirst::MtDual),
    /// `mtdf`: MTD(f) from the first guess 0.
    Mtdf => Engine::Depth(DepthFirst::Mtdf),
    /// `ab-enh`: fail-soft alpha-beta with iterative deepening, a hashed
    /// transposition table and the history heuristic.
    AlphaBetaEnhanced => Engine::Enhanced(EnhancedAlgorithm::AlphaBeta),
    /// `pvs-enh`: NegaScout/PVS with the same enhancements.
    PvsEnhanced => Engine::Enhanced(EnhancedAlgorithm::Pvs),
    /// `mtdf-enh`: MTD(f) with the same enhancements.
    MtdfEnhanced => Engine::Enhanced(EnhancedAlgorithm::Mtdf),
    /// `mtsss-enh`: MT-SSS\* with the same enhancements.
    MtSssEnhanced => Engine::Enhanced(EnhancedAlgorithm::MtSss),
    /// `mtdual-enh`: MT-DUAL\* with the same enhancements.
    MtDualEnhanced => Engine::Enhanced(EnhancedAlgorithm::MtDual),
    /// `sss-stockman`: SSS\* with the Γ operator as printed (Campbell Table 11).
    SssStockman => Engine::Best(BestFirst::SssStockman),
    /// `sss-left`: SSS\* with Campbell's left-biased cases 4 and 6 (Table 12).
    SssLeft => Engine::Best(BestFirst::SssLeft),
    /// `sss`: SSS\* with the left-most tie-break.
    Sss => Engine::Best(BestFirst::Sss),
    /// `sss-aspiration`: aspiration SSS\* below an upper bound (Campbell p. 16).
    SssAspiration => Engine::Best(BestFirst::SssAspiration),
    /// `dual`: Dual\*, SSS\* on the dual tree.
    Dual => Engine::Best(BestFirst::Dual),
    /// `staged-sss`: staged SSS\* (Campbell pp. 16–17).
    StagedSss => Engine::Best(BestFirst::StagedSss),
    /// `sab`: 2-ply SSS\* over alpha-beta (Campbell's SAB).
    Sab => Engine::Best(BestFirst::Sab),
    /// `abs`: 2-ply alpha-beta over aspiration SSS\* (ABS).
    Abs => Engine::Best(BestFirst::Abs),
    /// `sa2`: 2-ply SSS\* over alpha-beta (SA2).
    Sa2 => Engine::Best(BestFirst::Sa2),
    /// `sa4`: 4-ply SSS\* over alpha-beta (SA4).
    Sa4 => Engine::Best(BestFirst::Sa4),
    /// `as2`: 2-ply alpha-beta over aspiration SSS\* (AS2).
    As2 => Engine::Best(BestFirst::As2),
    /// `as4`: 4-ply alpha-beta over aspiration SSS\* (AS4).
    As4 => Engine::Best(BestFirst::As4),
    /// `quickgame`: QuickGame (Bhattacharya 1995).
    QuickGame => Engine::Best(BestFirst::QuickGame),
    /// `qg1`: QG1.
    Qg1 => Engine::Best(BestFirst::Qg1),
    /// `qg2`: QG2.
    Qg2 => Engine::Best(BestFirst::Qg2),
    /// `qg3`: QG3.
    Qg3 => Engine::Best(BestFirst::Qg3),
    /// `recsss`: RecSSS\* (Bhattacharya & Bagchi 1996, §3).
    RecSss => Engine::Best(BestFirst::RecSss),
    /// `recdual`: RecDual\* (Reinefeld & Ridinger 1994).
    RecDual => Engine::Best(BestFirst::RecDual),
    /// `memsss`: MemSSS\*(M) (Bhattacharya & Bagchi 1996, §3).
    MemSss => Engine::Best(BestFirst::MemSss),
    /// `memdual`: MemDual\*(M).
    MemDual => Engine::Best(BestFirst::MemDual),
    /// `mgame`: MGame(searchd) (Bhattacharya & Bagchi 1996, §4).
    MGame => Engine::Best(BestFirst::MGame),
    /// `itersss`: IterSSS\*(M) (Bhattacharya & Bagchi 1996, §2).
    IterSss => Engine::Best(BestFirst::IterSss),
    /// `treesplit`: tree-splitting on threads (Campbell 1981, Figs. 10–11).
    TreeSplit => Engine::Thread(ThreadAlgorithm::TreeSplit),
    /// `pvsplit`: pv-splitting on threads (Fig. 12).
    PvSplit => Engine::Thread(ThreadAlgorithm::PvSplit),
    /// `parallel-staged-sss`: parallel staged SSS\* on threads (p. 49).
    ParallelStagedSss => Engine::Thread(ThreadAlgorithm::ParallelStagedSss),
    /// `ybwc`: Young Brothers Wait on threads (Feldmann et al. 1989).
    Ybwc => Engine::Thread(ThreadAlgorithm::Ybwc),
    #[cfg(feature = "mpi")] {
        /// `mpi-treesplit`: tree-splitting on MPI ranks, one per processor
        /// (Campbell 1981, Figs. 10–11); see [`crate::mpi`].
        MpiTreeSplit => Engine::Dist(DistAlgorithm::TreeSplit),
        /// `mpi-pvsplit`: pv-splitting on MPI ranks (Fig. 12, with the
        /// type-2 rule of p. 47); see [`crate::mpi`].
        MpiPvSplit => Engine::Dist(DistAlgorithm::PvSplit),
    }
}

impl Algorithm {
    /// The command-line name (`alphabeta`, `memsss`, `ab-enh`, `ybwc`, …).
    pub const fn name(self) -> &'static str {
        self.engine().name()
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        self.engine().description()
    }

    /// The family it belongs to.
    pub const fn family(self) -> Family {
        match self.engine() {
            Engine::Depth(_) => Family::DepthFirst,
            Engine::Enhanced(_) => Family::Enhanced,
            Engine::Best(_) => Family::BestFirst,
            Engine::Thread(_) => Family::Threads,
            #[cfg(feature = "mpi")]
            Engine::Dist(_) => Family::Distributed,
        }
    }

    /// Whether it keeps an OPEN list within a memory budget
    /// ([`Config::memory`](crate::Config::memory)): the best-first family.
    pub const fn takes_memory(self) -> bool {
        matches!(self.family(), Family::BestFirst)
    }

    /// The unit of its [`Report::peak_memory`](crate::Report::peak_memory),
    /// if it reports one.
    pub const fn memory_unit(self) -> Option<MemoryUnit> {
        match self.engine() {
            Engine::Best(_) => Some(MemoryUnit::OpenEntries),
            Engine::Depth(a) if a.uses_table() => Some(MemoryUnit::TableEntries),
            Engine::Enhanced(_) => Some(MemoryUnit::TableBytes),
            _ => None,
        }
    }
}

/// What [`Report::peak_memory`](crate::Report::peak_memory) counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum MemoryUnit {
    /// Entries of a best-first search's OPEN list, as the papers count
    /// memory (the budget M is in these).
    OpenEntries,
    /// Entries of an MT driver's transposition table in use.
    TableEntries,
    /// Bytes of an enhanced engine's transposition table, allocated
    /// before the search.
    TableBytes,
}

impl MemoryUnit {
    /// As the reports print it: `OPEN entries`, `table entries`, `table
    /// bytes`.
    pub const fn name(self) -> &'static str {
        match self {
            MemoryUnit::OpenEntries => "OPEN entries",
            MemoryUnit::TableEntries => "table entries",
            MemoryUnit::TableBytes => "table bytes",
        }
    }
}

tree_core::display_by_name!(Family, MemoryUnit, Algorithm);

impl serde::Serialize for Algorithm {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The names in `list`, comma-separated.
pub(crate) fn names(list: impl IntoIterator<Item = Algorithm>) -> String {
    list.into_iter()
        .map(Algorithm::name)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Algorithm {
    /// Whether the algorithm takes `setting`: a [`Config`](crate::Config)
    /// that sets one the algorithm does not take is refused with
    /// [`Error::NotTaken`](crate::Error::NotTaken), never silently ignored.
    ///
    /// ```
    /// use gametree::{Algorithm, Setting};
    /// assert!(Algorithm::MemSss.takes(Setting::Memory));
    /// assert!(!Algorithm::AlphaBeta.takes(Setting::Memory));
    /// assert!(Algorithm::AlphaBeta.takes(Setting::Window));
    /// // Every search of one process stops at a time limit (those on MPI
    /// // ranks, `mpi-…`, take no limit).
    /// assert!(Algorithm::ALL
    ///     .iter()
    ///     .filter(|a| !a.name().starts_with("mpi-"))
    ///     .all(|a| a.takes(Setting::TimeLimit)));
    /// ```
    pub fn takes(self, setting: Setting) -> bool {
        use search_bestfirst::Algorithm as B;
        let engine = self.engine();
        match setting {
            Setting::TimeLimit | Setting::MaxLeaves | Setting::Cancel => !engine.distributed(),
            Setting::Memory | Setting::Shape => matches!(engine, Engine::Best(_)),
            Setting::TableBytes => match engine {
                Engine::Depth(a) => a.uses_table(),
                Engine::Enhanced(_) => true,
                _ => false,
            },
            Setting::Threads => matches!(engine, Engine::Thread(_) | Engine::Enhanced(_)),
            Setting::Window => match engine {
                Engine::Depth(a) => a.takes_window(),
                Engine::Thread(_) => true,
                _ => engine.distributed(),
            },
            Setting::TieRule => matches!(
                engine,
                Engine::Best(
                    B::SssAspiration
                        | B::Dual
                        | B::StagedSss
                        | B::Sab
                        | B::Abs
                        | B::Sa2
                        | B::Sa4
                        | B::As2
                        | B::As4
                )
            ),
            Setting::Stage => matches!(
                engine,
                Engine::Best(B::StagedSss) | Engine::Thread(ThreadAlgorithm::ParallelStagedSss)
            ),
            Setting::Upper => matches!(engine, Engine::Best(B::SssAspiration)),
            Setting::Searchd | Setting::MgameTie => matches!(engine, Engine::Best(B::MGame)),
            Setting::AlphaFloor => matches!(engine, Engine::Best(B::Qg1 | B::Qg2 | B::Qg3)),
            Setting::OddDepthLeafSearch => matches!(
                engine,
                Engine::Best(B::RecSss | B::RecDual | B::MemSss | B::MemDual)
            ),
            Setting::Processors => {
                matches!(
                    engine,
                    Engine::Thread(ThreadAlgorithm::TreeSplit | ThreadAlgorithm::PvSplit)
                ) || engine.distributed()
            }
            Setting::Type2 => match engine {
                Engine::Thread(a) => matches!(a, ThreadAlgorithm::PvSplit),
                #[cfg(feature = "mpi")]
                Engine::Dist(a) => matches!(a, search_distributed::DistAlgorithm::PvSplit),
                _ => false,
            },
            Setting::StageWorker => {
                matches!(engine, Engine::Thread(ThreadAlgorithm::ParallelStagedSss))
            }
            Setting::SplitPlies => matches!(
                engine,
                Engine::Thread(
                    ThreadAlgorithm::TreeSplit | ThreadAlgorithm::PvSplit | ThreadAlgorithm::Ybwc
                )
            ),
            Setting::Parallel | Setting::Enhancements => matches!(engine, Engine::Enhanced(_)),
            Setting::Trace => {
                !matches!(engine, Engine::Thread(_) | Engine::Enhanced(_)) && !engine.distributed()
            }
            Setting::Pv => matches!(engine, Engine::Depth(a) if !a.uses_table()),
            #[cfg(feature = "mpi")]
            Setting::RankTimeout => engine.distributed(),
        }
    }
}

impl Setting {
    /// The algorithms that take it.
    pub fn algorithms(self) -> impl Iterator<Item = Algorithm> {
        Algorithm::ALL
            .iter()
            .copied()
            .filter(move |a| a.takes(self))
    }
}

/// The algorithms that take `setting`, for messages.
pub(crate) fn takers(setting: Setting) -> String {
    names(setting.algorithms())
}

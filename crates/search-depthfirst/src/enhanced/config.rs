//! [`EnhancedConfig`]: the settings of an enhanced search.

#[cfg(doc)]
use tree_core::Game;
use tree_core::Value;

use super::table::GameTable;
use crate::{SearchError, Window};

/// The settings of an enhanced search.
///
/// ```
/// use search_depthfirst::EnhancedConfig;
/// let c = EnhancedConfig::default().with_table_bytes(1 << 20).with_history(false);
/// assert_eq!(c.table_bytes, 1 << 20);
/// assert!(!c.history && c.iterative_deepening);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnhancedConfig {
    /// The transposition table's size in bytes (see [`GameTable::new`]); 0
    /// = no table. Default 16 MiB.
    pub table_bytes: usize,
    /// Order moves by the history heuristic. Default on.
    pub history: bool,
    /// Search depths 1, 2, …, d in turn, the table kept between them, the
    /// previous iteration's best move tried first at the root. Default on.
    pub iterative_deepening: bool,
    /// Try the table's best move for a position first. Default on; off,
    /// the table only cuts searches off (MT-SSS\* then evaluates exactly
    /// the leaves of [`mt_sss`](crate::mt_sss) on the
    /// [`Horizon`](tree_core::Horizon) tree, if the table never drops an
    /// entry).
    pub table_move: bool,
    /// PVS only: the half-width of an aspiration window at the root around
    /// the previous iteration's value (or [`first_guess`](Self::first_guess)).
    /// Default `None` (full window).
    pub aspiration: Option<u32>,
    /// MTD(f)'s first guess for its first search, and the centre of PVS's
    /// first aspiration window. Default 0.
    pub first_guess: Value,
    /// Order moves by the game's [`Game::order_hint`] (after the table's
    /// move; history breaks ties). Default on; it costs a
    /// [`Game::play`] of every move before the first is searched (the
    /// table's move excepted), so a game without hints loses a little.
    pub hints: bool,
    /// Exact-solve mode: a position searched to at least the game's bound
    /// on the plies left ([`Game::plies_left`]) is solved to the end of
    /// the game, which is its value at that depth: the table stores and
    /// finds its bounds as exact-game bounds, valid at every such depth,
    /// and with iterative deepening a root the depth reaches is searched
    /// once, with no shallower (heuristic) iterations. Default on; a game
    /// without a bound is never in this mode.
    pub exact_solve: bool,
    /// In exact-solve mode, ask the game's own solver
    /// ([`Game::solve_end`]) first at every position but the root. Default
    /// on.
    pub endgame: bool,
    /// In exact-solve mode, order the moves of positions whose bound on
    /// the plies left ([`Game::plies_left`]) is at least `sort_plies` by a
    /// heuristic search of `sort_depth` plies of each (the value of the
    /// position after the move searched `sort_depth − 1` plies, full
    /// window; the game's hints and history break ties). Its leaves and
    /// nodes are counted with the search's. Default 5 (0: off): the best
    /// of 0–6 on Othello's FFO endgames #21–#38 (see `docs/OTHELLO.md`),
    /// where it cuts the nodes by 2–5× on the largest.
    pub sort_depth: u32,
    /// See [`sort_depth`](Self::sort_depth). Default 36: Othello positions
    /// with 18 or more empty squares (its bound is twice the empty
    /// squares).
    pub sort_plies: u32,
    /// Score the leaves of the ordering searches (see
    /// [`sort_depth`](Self::sort_depth)) by the game's
    /// [`Game::order_evaluate`] instead of [`Game::evaluate`]; their
    /// heuristic table entries are then kept apart from those of
    /// `evaluate` (their best moves are shared), so only the order of the
    /// moves changes, never a value. Default on (a game without its own
    /// ordering evaluation orders by `evaluate`, as before, though its
    /// ordering searches no longer share heuristic bounds with other
    /// heuristic searches).
    pub order_eval: bool,
    /// In exact-solve mode, at positions whose bound on the plies left is
    /// at least `etc_plies`, look up every move's position in the table
    /// before ordering the moves after the table's move, and cut off if
    /// an exact-game bound already proves the window's upper end (an
    /// enhanced transposition cutoff: Plaat, Schaeffer, Pijls and de Bruin
    /// 1996, *Exploiting Graph Properties of Game Trees*). 0: off, the
    /// default. On Othello's FFO #20–#39 with MTD(f), 24 (12 or more empty
    /// squares) takes 3% fewer nodes and 2–3% less time, within the
    /// machine's noise; at every position, 7% fewer nodes and no time
    /// (`docs/OTHELLO.md`).
    pub etc_plies: u32,
    /// Selective passes before an exact solve (ProbCut, Buro 1995,
    /// *ProbCut: An Effective Selective Extension of the Alpha-Beta
    /// Algorithm*, in the iterated form of Edax, Delorme): see
    /// [`ProbCut`]. `None` (the default): the solve is one exact pass.
    pub probcut: Option<ProbCut>,
    /// The game's ordering evaluation in the hints: see [`HintEval`].
    /// `None` (the default): the hints alone.
    pub hint_eval: Option<HintEval>,
}

/// The game's ordering evaluation ([`Game::order_evaluate`]) added to its
/// hints ([`Game::order_hint`]): at a position whose moves lead to
/// positions with a bound on the plies left ([`Game::plies_left`]) of at
/// least [`plies`](Self::plies), each move's hint is lowered by the
/// ordering evaluation of the position after it (for the opponent, who
/// moves there) divided by [`per`](Self::per), rounded towards 0. Only the
/// order changes, never a value. It costs the evaluation of every move of
/// such a position ([`Game::order_evaluate_children`], all at once),
/// before the first move after the table's is searched.
/// On Othello's FFO #20–#39 (`docs/OTHELLO.md`) it takes up to a quarter
/// of the nodes off, and more time than that saves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HintEval {
    /// The least bound on the plies left of the positions after the moves.
    pub plies: u32,
    /// Evaluation units per hint unit.
    pub per: std::num::NonZeroU32,
}

/// The most selective passes a [`ProbCut`] runs before the exact one.
pub const MAX_PROBCUT_PASSES: usize = 4;

/// Selective passes before an exact solve. When a search's root is
/// searched to the end of the game, it is first searched (with PVS, the
/// full window at the root) once per non-zero margin of
/// [`margins`](Self::margins), in their order (the narrowest, most
/// selective and cheapest, first), with pruning: at a position
/// (not the root) whose bound on the plies left is at least
/// [`plies`](Self::plies), a null-window search of
/// [`depth`](Self::depth) plies, its leaves scored by the game's
/// [`Game::order_evaluate`], cuts the position off when its value lies
/// `margin` or more above the window (the position is returned as worth
/// that value less the margin) or below it (the value plus the margin);
/// the position's own ordering evaluation picks the side to test (above
/// if it is at least the window's upper end, below if at most its lower
/// end), so a null window costs one test.
/// The passes store their bounds apart from every other search's, so no
/// exact search ever takes one of their values; what they leave behind is
/// a best move at nearly every position they searched, and a guess. The
/// exact pass then runs as without them, from the last pass's value as
/// its guess (MTD(f)) and with their best moves first. Every value stays
/// exact; the passes' nodes are counted with the search's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbCut {
    /// The passes run only when the root's bound on the plies left is at
    /// least this (below, the exact pass alone costs less).
    pub root_plies: u32,
    /// Positions whose bound on the plies left is at least this may be
    /// cut off.
    pub plies: u32,
    /// The depth of the search that decides a cut (0: the position's own
    /// [`Game::order_evaluate`]).
    pub depth: u32,
    /// The margins of the passes (in the game's value units), in the
    /// order the passes run (usually narrowest first); a 0 ends the list.
    pub margins: [u32; MAX_PROBCUT_PASSES],
}

impl ProbCut {
    /// The passes' margins in the order they run (the non-zero ones
    /// before the first 0).
    pub fn passes(&self) -> impl Iterator<Item = u32> + '_ {
        self.margins.iter().copied().take_while(|&m| m > 0)
    }
}

impl Default for EnhancedConfig {
    fn default() -> EnhancedConfig {
        EnhancedConfig {
            table_bytes: 16 << 20,
            history: true,
            iterative_deepening: true,
            table_move: true,
            aspiration: None,
            first_guess: Value::from_small(0),
            hints: true,
            exact_solve: true,
            endgame: true,
            sort_depth: 5,
            sort_plies: 36,
            order_eval: true,
            etc_plies: 0,
            probcut: None,
            hint_eval: None,
        }
    }
}

/// Builders `$name(self, $field) -> EnhancedConfig`, each setting one
/// field.
macro_rules! builders {
    ($($(#[$doc:meta])* $name:ident($field:ident: $t:ty);)+) => {
        $(
            $(#[$doc])*
            pub fn $name(mut self, $field: $t) -> EnhancedConfig {
                self.$field = $field;
                self
            }
        )+
    };
}

impl EnhancedConfig {
    /// Every enhancement off: no table, no history, no iterative deepening,
    /// no table move, no hints, no exact-solve mode, no endgame solver; the
    /// searches are then the plain algorithms in generation order (MT
    /// drivers without memory re-search everything).
    pub fn plain() -> EnhancedConfig {
        EnhancedConfig {
            table_bytes: 0,
            history: false,
            iterative_deepening: false,
            table_move: false,
            aspiration: None,
            first_guess: Value::from_small(0),
            hints: false,
            exact_solve: false,
            endgame: false,
            sort_depth: 0,
            sort_plies: 0,
            order_eval: false,
            etc_plies: 0,
            probcut: None,
            hint_eval: None,
        }
    }

    builders! {
        /// With a table of `table_bytes` bytes (0 = none).
        with_table_bytes(table_bytes: usize);
        /// With or without the history heuristic.
        with_history(history: bool);
        /// With or without iterative deepening.
        with_iterative_deepening(iterative_deepening: bool);
        /// With or without the table's move first.
        with_table_move(table_move: bool);
        /// With an aspiration window of half-width `aspiration` at PVS's root.
        with_aspiration(aspiration: Option<u32>);
        /// With this first guess.
        with_first_guess(first_guess: Value);
        /// With or without the game's ordering hints.
        with_hints(hints: bool);
        /// With or without exact-solve mode.
        with_exact_solve(exact_solve: bool);
        /// With or without the game's ordering evaluation at the leaves of the
        /// ordering searches.
        with_order_eval(order_eval: bool);
        /// With or without the game's endgame solver (in exact-solve mode).
        with_endgame(endgame: bool);
        /// With enhanced transposition cutoffs at positions whose bound on
        /// the plies left is at least `etc_plies` (0: none).
        with_etc_plies(etc_plies: u32);
        /// With selective passes before an exact solve (`None`: none).
        with_probcut(probcut: Option<ProbCut>);
        /// With the game's ordering evaluation in the hints (`None`: the
        /// hints alone).
        with_hint_eval(hint_eval: Option<HintEval>);
    }

    /// With ordering by a heuristic search of `depth` plies at positions
    /// whose bound on the plies left is at least `plies`, in exact-solve
    /// mode (`depth` 0: off).
    pub fn with_sort(mut self, depth: u32, plies: u32) -> EnhancedConfig {
        self.sort_depth = depth;
        self.sort_plies = plies;
        self
    }

    /// Checks the settings.
    ///
    /// # Errors
    /// [`SearchError::TableTooSmall`] for a table smaller than one bucket
    /// (but not 0); [`SearchError::EmptyWindow`] for an aspiration
    /// half-width of 0.
    pub fn validate(&self) -> Result<(), SearchError> {
        GameTable::buckets_for(self.table_bytes)?;
        if let Some(delta) = self.aspiration {
            Window::around(self.first_guess, delta)?;
        }
        Ok(())
    }
}

//! The one negamax engine under every enhanced search: fail-soft
//! alpha-beta with the transposition table, move ordering, (optionally)
//! principal-variation null windows, and an exact-solve mode below
//! positions whose remaining depth reaches the end of the game.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;

use tree_core::{Game, Limits, Meter, MoveBuffer, Stats, StopReason, Stopped, Value};

use super::config::{HintEval, ProbCut};
use super::order::{History, Scored};
use super::split::{SplitJob, Splitter};
use super::table::{ORDER_DEPTH, SELECTIVE_DEPTH, SELECTIVE_STRIDE, TableAccess};
use crate::SearchError;

/// The scratch space of one ply: the position's moves (generated once),
/// the order to search them in, and the positions after them (computed
/// once when hints need them).
pub(crate) struct Ply<G: Game + ?Sized> {
    moves: G::Moves,
    order: Vec<Scored>,
    children: Vec<G::Position>,
}

impl<G: Game + ?Sized> Default for Ply<G> {
    fn default() -> Ply<G> {
        Ply {
            moves: G::Moves::default(),
            order: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// A search's [`Limits`] as the engine keeps them: the clock and the stop
/// handle (in a [`Meter`], which only looks at them), and the leaf count at
/// which the budget is spent.
pub(crate) struct Budget {
    meter: Meter,
    /// The engine's leaf count at which the leaf budget is spent.
    max_leaves: u64,
    /// Whether there is a clock or a stop handle to look at periodically.
    periodic: bool,
}

/// Where a position is searched: its remaining depth, its distance from
/// the root, whether an ancestor's search already reaches every end of the
/// game (so does this one), and whether moves after the first get a null
/// window first (PVS). The recursion's state, passed down by value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct At {
    /// Plies to go.
    pub depth: u32,
    /// An ancestor's search reaches every end of the game.
    pub exact: bool,
    /// Plies below the root.
    pub ply: usize,
    /// Every move after the first is tried with a null window first.
    pub pvs: bool,
}

impl At {
    /// The root searched to `depth` plies, with PVS or not.
    pub fn root(depth: u32, pvs: bool) -> At {
        At {
            depth,
            exact: false,
            ply: 0,
            pvs,
        }
    }

    /// A child of this position: a ply deeper, one less to go.
    #[inline]
    fn child(self) -> At {
        At {
            depth: self.depth - 1,
            ply: self.ply + 1,
            ..self
        }
    }
}

/// Everything one search uses: the game, the scratch space, the counters.
pub(crate) struct Engine<'a, G: Game + ?Sized, T> {
    pub game: &'a G,
    pub table: T,
    pub history: History,
    pub use_history: bool,
    /// Whether the table's best move goes first.
    pub table_move: bool,
    /// Whether the game's ordering hints order the moves.
    pub hints: bool,
    /// Whether positions searched to at least the game's bound on the plies
    /// left are solved exactly (exact-game table entries, the game's
    /// endgame solver).
    pub exact_solve: bool,
    /// Whether the game's endgame solver is asked (in exact mode).
    pub endgame: bool,
    /// In exact mode, at positions whose bound on the plies left is at
    /// least `.1`, order the moves by a heuristic search of `.0` plies of
    /// each (0: never).
    pub sort: (u32, u32),
    /// In exact mode, at positions whose bound on the plies left is at
    /// least this, an enhanced transposition cutoff is tried before the
    /// moves after the table's are ordered (0: never).
    pub etc_plies: u32,
    /// The game's ordering evaluation in the hints ([`HintEval`]).
    pub hint_eval: Option<HintEval>,
    /// The children's ordering evaluations, for `hint_eval` (reused).
    evals: Vec<Value>,
    /// Whether the leaves of the ordering searches are scored by the
    /// game's [`Game::order_evaluate`] rather than [`Game::evaluate`].
    pub order_eval: bool,
    /// The selective passes' settings ([`ProbCut`]).
    pub probcut: Option<ProbCut>,
    /// During a selective pass: its margin and its number (positions
    /// searched to the end of the game may then be cut off, and their
    /// entries are kept apart).
    pub selective: Option<(u32, u32)>,
    /// Whether an ordering search scored by [`Game::order_evaluate`] is
    /// under way (its heuristic table entries are stored at depths offset
    /// by [`ORDER_DEPTH`]).
    sorting: bool,
    /// Per-ply scratch, grown on demand and reused across nodes.
    pub plies: Vec<Ply<G>>,
    /// The previous iteration's best root move (an index), tried first at
    /// the root after the table's move.
    pub root_pv: Option<usize>,
    /// The root's best move in the last pass (the move whose result was
    /// the root's result), an index.
    pub root_best: Option<usize>,
    /// Static evaluations (and ends of the game the game's solver scored).
    pub leaves: u64,
    /// Positions expanded.
    pub interior: u64,
    /// A flag that, once raised, makes the search return
    /// [`SearchError::Stopped`] (checked at every interior node): how a
    /// parallel search stops a helper.
    pub stop: Option<&'a AtomicBool>,
    /// At the root, search the moves in their usual order rotated left by
    /// this much (a Lazy SMP helper's perturbation; 0 = none).
    pub root_shift: usize,
    /// Searches the moves after the first of a node in parallel (young
    /// brothers wait), at nodes of remaining depth at least its
    /// [`min_depth`](Splitter::min_depth), not inside a split nor inside an
    /// ordering search.
    pub splitter: Option<&'a dyn Splitter<G>>,
    /// Whether the engine is searching a move of a split or inside an
    /// ordering search: no split.
    pub in_split: bool,
    /// The leaf count at which the limits are next looked at: `u64::MAX`
    /// without limits, so that the unlimited path costs one comparison per
    /// leaf.
    check_at: u64,
    /// The search's limits ([`Engine::set_limits`]).
    budget: Option<Budget>,
}

impl<'a, G: Game + ?Sized, T: TableAccess> Engine<'a, G, T> {
    /// An engine with empty scratch space and counters.
    pub fn new(game: &'a G, table: T, history: History) -> Engine<'a, G, T> {
        Engine {
            game,
            table,
            history,
            use_history: false,
            table_move: false,
            hints: false,
            exact_solve: false,
            endgame: false,
            sort: (0, 0),
            order_eval: false,
            etc_plies: 0,
            hint_eval: None,
            evals: Vec::new(),
            probcut: None,
            selective: None,
            sorting: false,
            plies: Vec::new(),
            root_pv: None,
            root_best: None,
            leaves: 0,
            interior: 0,
            stop: None,
            root_shift: 0,
            splitter: None,
            in_split: false,
            check_at: u64::MAX,
            budget: None,
        }
    }

    /// Puts the engine's searches under `limits` from now on (the leaf
    /// budget counts from the engine's present leaf count); no limit at
    /// all lifts them.
    pub fn set_limits(&mut self, limits: &Limits) {
        if limits.is_none() {
            self.budget = None;
            self.check_at = u64::MAX;
            return;
        }
        let max_leaves = limits
            .max_leaves
            .map_or(u64::MAX, |m| self.leaves.saturating_add(m));
        self.budget = Some(Budget {
            meter: Meter::new(limits),
            max_leaves,
            periodic: limits.deadline.is_some() || limits.stop.is_some(),
        });
        // The first leaf looks at the limits.
        self.check_at = self.leaves;
    }

    /// Whether the engine's searches are under limits.
    pub fn limited(&self) -> bool {
        self.budget.is_some()
    }

    /// Looks at the limits now: the leaf budget (with `more` leaves about
    /// to be evaluated), the clock, the stop handle; sets the next count
    /// to look again at.
    #[cold]
    #[inline(never)]
    fn limit(&mut self, more: u64) -> Result<(), SearchError> {
        let Some(b) = &self.budget else {
            self.check_at = u64::MAX;
            return Ok(());
        };
        let stopped = |reason| {
            SearchError::Stopped(Stopped {
                reason,
                leaves: self.leaves,
                elapsed: b.meter.elapsed(),
            })
        };
        if self.leaves.saturating_add(more) > b.max_leaves {
            return Err(stopped(StopReason::LeafLimit));
        }
        if let Err(s) = b.meter.check() {
            return Err(stopped(s.reason));
        }
        let periodic = if b.periodic {
            self.leaves.saturating_add(Meter::CHECK_EVERY)
        } else {
            u64::MAX
        };
        self.check_at = periodic.min(b.max_leaves);
        Ok(())
    }

    /// Looks at the clock and the stop handle now (between iterations).
    ///
    /// # Errors
    /// [`SearchError::Stopped`] if the deadline passed or the handle was
    /// raised.
    pub fn check_limits(&mut self) -> Result<(), SearchError> {
        if self.budget.is_some() {
            self.limit(0)?;
        }
        Ok(())
    }

    /// Whether a search of `pos` to `depth` plies reaches every end of the
    /// game (and exact solving is on): the game's bound on the plies left
    /// is at most `depth`.
    #[inline]
    pub fn reaches_end(&self, pos: &G::Position, depth: u32) -> bool {
        self.exact_solve && depth > 0 && self.game.plies_left(pos).is_some_and(|p| p <= depth)
    }

    /// Fail-soft negamax alpha-beta on `pos` with `at.depth` plies to go,
    /// `at.ply` plies below the root, window `(alpha, beta)`, `alpha <
    /// beta`; with `at.pvs`, every move after the first is tried with the
    /// null window `(alpha, alpha + 1)` first and re-searched with `(alpha,
    /// beta)` if it lands strictly inside. `at.exact`: an ancestor's search
    /// already reaches every end of the game (so does this one).
    ///
    /// With `v` the negamax value of `pos` at `depth` and `g` the result:
    /// `g <= alpha` implies `v <= g`; `g >= beta` implies `v >= g`;
    /// otherwise `g = v`.
    pub fn negamax(
        &mut self,
        pos: &G::Position,
        at: At,
        mut alpha: Value,
        beta: Value,
    ) -> Result<Value, SearchError> {
        let At {
            depth,
            exact,
            ply,
            pvs,
        } = at;
        let left = if self.exact_solve && depth > 0 {
            self.game.plies_left(pos)
        } else {
            None
        };
        let exact = exact || left.is_some_and(|p| p <= depth);
        if exact && self.endgame && ply > 0 && depth > 0 {
            if self.leaves >= self.check_at {
                self.limit(1)?;
            }
            let mut counts = Stats::default();
            if let Some(g) = self.game.solve_end(pos, alpha, beta, &mut counts) {
                self.leaves += counts.leaves;
                self.interior += counts.interior;
                // The solver's leaves are metered after the call: a call
                // that overran the budget does not count as done.
                if self.leaves >= self.check_at {
                    self.limit(0)?;
                }
                if g.is_infinite() {
                    return Err(SearchError::SentinelLeaf {
                        value: g,
                        depth: ply,
                    });
                }
                return Ok(g);
            }
        }
        // Exact entries are ranked by the game's bound on the plies left;
        // an ordering search by the game's ordering evaluation, and a
        // selective pass, keep their heuristic entries apart.
        let selective = self.selective.filter(|_| exact);
        let (rank, exact_entry) = if let Some((_, pass)) = selective {
            let plies = left.unwrap_or(depth).min(SELECTIVE_STRIDE - 1);
            (SELECTIVE_DEPTH + pass * SELECTIVE_STRIDE + plies, false)
        } else if exact {
            (left.unwrap_or(depth), true)
        } else if self.sorting {
            (depth.saturating_add(ORDER_DEPTH), false)
        } else {
            (depth, false)
        };
        let key = self.game.hash(pos);
        let probe = self.table.probe(key, rank, exact_entry);
        // The root is always expanded, so that every pass names its best
        // move; elsewhere stored bounds of this very depth may decide.
        if ply > 0
            && let Some((lo, hi)) = probe.bounds
            && (lo >= beta || hi <= alpha || lo == hi)
        {
            self.table.count_cutoff();
            return Ok(if lo >= beta || lo == hi { lo } else { hi });
        }
        if ply > 0
            && let Some((margin, _)) = selective
            && let Some(pc) = self.probcut
            && left.is_some_and(|p| p >= pc.plies && p > pc.depth)
            && let Some(v) = self.probcut_cut(pos, ply, (alpha, beta), margin, pc.depth)?
        {
            return Ok(v);
        }
        if self.plies.len() <= ply {
            self.plies.resize_with(ply + 1, Ply::default);
        }
        let n = if depth == 0 {
            0
        } else {
            self.game.moves(pos, &mut self.plies[ply].moves);
            self.plies[ply].moves.as_slice().len()
        };
        if n == 0 {
            let v = self.leaf(pos, ply, self.sorting)?;
            self.table.store(key, rank, exact_entry, (v, v), None);
            return Ok(v);
        }
        self.interior += 1;
        if let Some(stop) = self.stop
            && stop.load(Relaxed)
        {
            return Err(SearchError::Stopped(Stopped {
                reason: StopReason::Cancelled,
                leaves: self.leaves,
                elapsed: Duration::ZERO,
            }));
        }
        let here = At {
            depth,
            exact,
            ply,
            pvs,
        };
        let alpha0 = alpha;
        let mut best = Value::NEG_INF;
        let mut best_move = None;
        // The table's move and the previous iteration's root move first,
        // before anything else is computed: they often cut off at once.
        let tt = probe.best.filter(|&m| self.table_move && m < n);
        let pv = self.root_pv.filter(|&m| ply == 0 && m < n && Some(m) != tt);
        self.list(pos, ply, n, [tt, pv]);
        if !self.plies[ply].children.is_empty() {
            self.plies[ply].children.clear();
        }
        let mut pins = [0; 2];
        let mut np = 0;
        for m in [tt, pv].into_iter().flatten() {
            pins[np] = m;
            np += 1;
        }
        let sort = exact && self.sort.0 > 0 && left.is_some_and(|p| p >= self.sort.1);
        // The k-th move searched is the move at position (k + shift) mod n
        // of the sequence: the pinned moves, then the others in order.
        let shift = if ply == 0 { self.root_shift % n } else { 0 };
        let mut ordered = false;
        if shift > 0 {
            self.order(pos, ply, sort)?;
            ordered = true;
        }
        // Moves another thread is searching, put off (ABDADA's deferral,
        // with a shared table that marks them).
        let mut deferred = Vec::new();
        let marked = depth >= 2 && self.table.defers();
        if marked {
            self.table.mark(key, true);
        }
        for k in 0..n {
            let j = (k + shift) % n;
            if j >= np && !ordered {
                // Before the other moves are ordered (and searched): a
                // child whose exact entry already proves beta.
                if exact && self.etc_plies > 0 && left.is_some_and(|p| p >= self.etc_plies) {
                    self.expand(pos, ply);
                    if let Some((v, i)) = self.transposition_cutoff(ply, beta) {
                        best = v;
                        best_move = Some(i);
                        self.table.count_cutoff();
                        break;
                    }
                }
                self.order(pos, ply, sort)?;
                ordered = true;
            }
            let i = self.sequence(ply, &pins[..np], j);
            let child = if j >= np && !self.plies[ply].children.is_empty() {
                self.plies[ply].children[i].clone()
            } else {
                let mv = self.plies[ply].moves.as_slice()[i];
                self.game.play(pos, mv)
            };
            if k > 0 && depth >= 3 && self.table.defers() && self.table.busy(self.game.hash(&child))
            {
                deferred.push((i, child));
                continue;
            }
            let s = self.child(&child, here, alpha, beta, k > 0)?;
            if raise(s, i, (&mut best, &mut best_move, &mut alpha), beta) {
                break;
            }
            // Young brothers wait: the first move searched, the others in
            // parallel.
            if k == 0
                && n > 1
                && !self.in_split
                && let Some(splitter) = self.splitter
                && depth >= splitter.min_depth()
            {
                if !ordered {
                    self.order(pos, ply, sort)?;
                }
                let moves = self.plies[ply].moves.as_slice();
                let rest: Vec<(usize, G::Move)> = (1..n)
                    .map(|k| self.sequence(ply, &pins[..np], (k + shift) % n))
                    .map(|i| (i, moves[i]))
                    .collect();
                let job = SplitJob {
                    parent: pos,
                    moves: &rest,
                    depth,
                    exact,
                    ply,
                    alpha,
                    beta,
                    pvs,
                    selective: self.selective,
                };
                self.in_split = true;
                let r = splitter.split(&job, &mut |k, a| self.search_move(&job, k, a));
                self.in_split = false;
                let (s, at) = r?;
                if s > best {
                    best = s;
                    best_move = Some(rest[at].0);
                }
                break;
            }
        }
        if best < beta {
            for (i, child) in deferred {
                let s = self.child(&child, here, alpha, beta, true)?;
                if raise(s, i, (&mut best, &mut best_move, &mut alpha), beta) {
                    break;
                }
            }
        }
        if marked {
            self.table.mark(key, false);
        }
        let (lower, upper) = if best >= beta {
            (best, Value::INF)
        } else if best <= alpha0 {
            (Value::NEG_INF, best)
        } else {
            (best, best)
        };
        if best > alpha0
            && self.use_history
            && let Some(m) = best_move
        {
            let mv = self.plies[ply].moves.as_slice()[m];
            self.history.reward(self.game.move_key(pos, mv), depth);
        }
        self.table
            .store(key, rank, exact_entry, (lower, upper), best_move);
        if ply == 0 {
            self.root_best = best_move;
        }
        Ok(best)
    }

    /// The static value of `pos` (`ply` below the root), by the game's
    /// ordering evaluation if `ordering`, else by its evaluation: metered
    /// against the limits and counted as a leaf.
    ///
    /// # Errors
    /// [`SearchError::Stopped`] if the leaf budget or another limit is
    /// reached first; [`SearchError::SentinelLeaf`] for a value of ±∞.
    #[inline]
    fn leaf(
        &mut self,
        pos: &G::Position,
        ply: usize,
        ordering: bool,
    ) -> Result<Value, SearchError> {
        if self.leaves >= self.check_at {
            self.limit(1)?;
        }
        let v = if ordering {
            self.game.order_evaluate(pos)
        } else {
            self.game.evaluate(pos)
        };
        if v.is_infinite() {
            return Err(SearchError::SentinelLeaf {
                value: v,
                depth: ply,
            });
        }
        self.leaves += 1;
        Ok(v)
    }

    /// ProbCut's test at `pos` (`ply` below the root) in a selective pass
    /// with window `(alpha, beta)`: if the position's ordering evaluation
    /// is at least `beta`, a null-window search of `depth` plies scored by
    /// it (as the ordering searches are, their entries shared) at `beta +
    /// margin`; if it is at most `alpha`, the same at `alpha − margin`. The
    /// value less (plus) the margin if it lies at or above (at or below)
    /// that bound, else `None`. Infinite ends are not tried.
    fn probcut_cut(
        &mut self,
        pos: &G::Position,
        ply: usize,
        (alpha, beta): (Value, Value),
        margin: u32,
        depth: u32,
    ) -> Result<Option<Value>, SearchError> {
        // The position's own evaluation picks the test worth trying (as
        // Edax does): the high one if it is at least beta, else the low
        // one if it is at most alpha; it counts as a leaf.
        let e = self.leaf(pos, ply, self.order_eval)?;
        let m = i64::from(margin);
        let at = At {
            depth,
            exact: false,
            ply,
            pvs: false,
        };
        // No cut inside the test itself (were its search to reach the end
        // of the game, it is an exact search).
        let (was, split, pass) = (self.sorting, self.in_split, self.selective.take());
        self.sorting = self.order_eval;
        self.in_split = true;
        let mut cut = Ok(None);
        let high = beta.offset(m);
        if e >= beta && !beta.is_infinite() && !high.is_infinite() {
            cut = self
                .negamax(pos, at, high.offset(-1), high)
                .map(|v| (v >= high).then(|| v.offset(-m)));
        }
        let low = alpha.offset(-m);
        if e <= alpha && matches!(cut, Ok(None)) && !alpha.is_infinite() && !low.is_infinite() {
            cut = self
                .negamax(pos, at, low, low.offset(1))
                .map(|v| (v <= low).then(|| v.offset(m)));
        }
        (self.sorting, self.in_split, self.selective) = (was, split, pass);
        cut
    }

    /// An enhanced transposition cutoff (Plaat, Schaeffer, Pijls and de
    /// Bruin 1996, *Exploiting Graph Properties of Game Trees*) at a
    /// position searched to the end of the game: the first move (in
    /// generation order) whose position has an exact-game entry with an
    /// upper bound `hi` (for its player to move) such that `-hi >= beta`,
    /// with `-hi`, a lower bound on the position's value that reaches
    /// `beta`. Only the table is read (not counted as probes); nothing is
    /// searched. The children must be [`expand`](Engine::expand)ed.
    fn transposition_cutoff(&self, ply: usize, beta: Value) -> Option<(Value, usize)> {
        let Ply {
            moves, children, ..
        } = &self.plies[ply];
        debug_assert_eq!(children.len(), moves.as_slice().len(), "expanded first");
        children.iter().enumerate().find_map(|(i, child)| {
            let (_, hi) = self.table.peek(self.game.hash(child), 0, true).bounds?;
            (-hi >= beta).then_some((-hi, i))
        })
    }

    /// The index of the move at position `j` of a node's sequence: the
    /// pinned moves `pins`, then `plies[ply].order` (once sorted).
    #[inline]
    fn sequence(&self, ply: usize, pins: &[usize], j: usize) -> usize {
        if j < pins.len() {
            pins[j]
        } else {
            self.plies[ply].order[j - pins.len()].index as usize
        }
    }

    /// The value (for the player to move at `job.parent`) of the `k`-th
    /// move of a split, searched as a later move (a null window first with
    /// PVS) in the window `(alpha, job.beta)`.
    pub fn search_move(
        &mut self,
        job: &SplitJob<'_, G>,
        k: usize,
        alpha: Value,
    ) -> Result<Value, SearchError> {
        let child = self.game.play(job.parent, job.moves[k].1);
        let parent = At {
            depth: job.depth,
            exact: job.exact,
            ply: job.ply,
            pvs: job.pvs,
        };
        let was = std::mem::replace(&mut self.selective, job.selective);
        let v = self.child(&child, parent, alpha, job.beta, true);
        self.selective = was;
        v
    }

    /// The value of `child` for the player to move at its parent (a move
    /// of a position searched `at`), in the parent's window; the first
    /// move (`later` false) or any move without PVS gets the whole window,
    /// the others a null window first.
    #[inline]
    fn child(
        &mut self,
        child: &G::Position,
        at: At,
        alpha: Value,
        beta: Value,
        later: bool,
    ) -> Result<Value, SearchError> {
        let below = at.child();
        if at.pvs && later && alpha.offset(1) < beta {
            let s = -self.negamax(child, below, -alpha.offset(1), -alpha)?;
            if s > alpha && s < beta {
                return Ok(-self.negamax(child, below, -beta, -alpha)?);
            }
            return Ok(s);
        }
        Ok(-self.negamax(child, below, -beta, -alpha)?)
    }

    /// Writes into `plies[ply].order` the moves of `pos` (`n` of them,
    /// generated into `plies[ply].moves`) other than those of `skip`, with
    /// their history scores as they are now (before the pinned moves are
    /// searched).
    fn list(&mut self, pos: &G::Position, ply: usize, n: usize, skip: [Option<usize>; 2]) {
        let Ply { moves, order, .. } = &mut self.plies[ply];
        order.clear();
        for (i, &mv) in moves.as_slice().iter().enumerate().take(n) {
            if skip.contains(&Some(i)) {
                continue;
            }
            let history = if self.use_history {
                self.history.score(self.game.move_key(pos, mv))
            } else {
                0
            };
            order.push(Scored {
                shallow: Value::from_small(0),
                hint: 0,
                history,
                index: i as u32,
            });
        }
    }

    /// Plays every move of `plies[ply]` into its `children` and asks for
    /// their table buckets (each child probes its bucket first thing:
    /// fetched now, the line arrives while the hints are computed and the
    /// moves before it searched, where it was a miss at every probe).
    fn expand(&mut self, pos: &G::Position, ply: usize) {
        let Ply {
            moves, children, ..
        } = &mut self.plies[ply];
        children.clear();
        children.extend(moves.as_slice().iter().map(|&mv| self.game.play(pos, mv)));
        for c in children.iter() {
            self.table.prefetch(self.game.hash(c));
        }
    }

    /// Sorts `plies[ply].order` into the order to search the moves: with
    /// `sort`, by the value of a heuristic search of
    /// [`sort`](Engine::sort)`.0` plies of each; by the game's hint
    /// (computing every child into `plies[ply].children`); then by history,
    /// then in generation order.
    fn order(&mut self, pos: &G::Position, ply: usize, sort: bool) -> Result<(), SearchError> {
        let keep = self.hints || sort;
        if keep {
            // The children are there already if the cutoffs asked for
            // them (a node clears them when it starts).
            if self.plies[ply].children.len() != self.plies[ply].moves.as_slice().len() {
                self.expand(pos, ply);
            }
            let Ply {
                moves,
                order,
                children,
            } = &mut self.plies[ply];
            if self.hints {
                let moves = moves.as_slice();
                let eval = self.hint_eval.filter(|h| {
                    children
                        .first()
                        .and_then(|c| self.game.plies_left(c))
                        .is_some_and(|p| p >= h.plies)
                });
                if eval.is_some() {
                    self.game
                        .order_evaluate_children(pos, children, &mut self.evals);
                }
                for o in order.iter_mut() {
                    let i = o.index as usize;
                    o.hint = self.game.order_hint(pos, moves[i], &children[i]);
                    if let Some(h) = eval {
                        let e = i64::from(self.evals[i].get());
                        let lower = e / i64::from(h.per.get());
                        o.hint = (i64::from(o.hint) - lower)
                            .clamp(i64::from(i32::MIN), i64::from(i32::MAX))
                            as i32;
                    }
                }
            }
        }
        if sort {
            // With the game's ordering evaluation, the heuristic table
            // entries are kept apart (at depths offset by ORDER_DEPTH), so
            // no search by `evaluate` takes their values for its own.
            // No node of an ordering search is split: they are small, and
            // the helpers would score their leaves by `evaluate`.
            let (was, split) = (self.sorting, self.in_split);
            self.sorting = self.order_eval;
            self.in_split = true;
            let r = self.sort_moves(ply);
            (self.sorting, self.in_split) = (was, split);
            r?;
        }
        if keep || self.use_history {
            super::order::sort(&mut self.plies[ply].order);
        }
        Ok(())
    }

    /// Scores each move of `plies[ply].order` by a heuristic search of
    /// [`sort`](Engine::sort)`.0` plies (the children are in
    /// `plies[ply].children`).
    fn sort_moves(&mut self, ply: usize) -> Result<(), SearchError> {
        for k in 0..self.plies[ply].order.len() {
            let i = self.plies[ply].order[k].index as usize;
            let child = self.plies[ply].children[i].clone();
            let at = At {
                depth: self.sort.0 - 1,
                exact: false,
                ply: ply + 1,
                pvs: false,
            };
            let v = self.negamax(&child, at, Value::NEG_INF, Value::INF)?;
            self.plies[ply].order[k].shallow = -v;
        }
        Ok(())
    }

    /// The principal variation from `root` searched to `depth` with value
    /// `value` and best move `first` (an index): from each position, the
    /// first move (the table's first, then in generation order) proven to
    /// keep the value — by a leaf's evaluation, the table's bounds, or a
    /// null-window search around the known value (cheap with the table
    /// warm) — to the horizon or the end of the game. Nothing here is
    /// counted.
    pub fn principal_variation(
        &mut self,
        root: &G::Position,
        depth: u32,
        value: Value,
        first: usize,
    ) -> Vec<G::Move> {
        let mut moves = G::Moves::default();
        self.game.moves(root, &mut moves);
        let Some(&mv) = moves.as_slice().get(first) else {
            return Vec::new();
        };
        // The search proved the best move's value.
        let mut pv = vec![mv];
        let (mut pos, mut v, mut d) = (self.game.play(root, mv), -value, depth - 1);
        let mut exact = self.reaches_end(root, depth);
        while d > 0 && pv.len() < tree_core::MAX_DEPTH {
            self.game.moves(&pos, &mut moves);
            let list = moves.as_slice();
            if list.is_empty() {
                break;
            }
            exact = exact || self.reaches_end(&pos, d);
            let hinted = self
                .table
                .peek(self.game.hash(&pos), d, exact)
                .best
                .filter(|&m| m < list.len());
            let mut found = None;
            for i in hinted.into_iter().chain(0..list.len()) {
                let child = self.game.play(&pos, list[i]);
                if self.at_most(&child, d - 1, exact, -v, pv.len() + 1) {
                    found = Some((list[i], child));
                    break;
                }
            }
            let Some((mv, child)) = found else { break };
            pv.push(mv);
            (pos, v, d) = (child, -v, d - 1);
        }
        pv
    }

    /// Whether the value of `pos` at `depth` is at most `target`: by its
    /// evaluation at a leaf, the bounds in the table, the game's endgame
    /// solver (exact), or else a null-window search `(target, target + 1)`
    /// at `ply` (with the table warm, cheap; not counted).
    fn at_most(
        &mut self,
        pos: &G::Position,
        depth: u32,
        exact: bool,
        target: Value,
        ply: usize,
    ) -> bool {
        let exact = exact || self.reaches_end(pos, depth);
        if depth == 0 || self.game.num_moves(pos) == 0 {
            return self.game.evaluate(pos) <= target;
        }
        if let Some((lo, hi)) = self.table.peek(self.game.hash(pos), depth, exact).bounds
            && (hi <= target || lo > target)
        {
            return hi <= target;
        }
        let counts = (self.leaves, self.interior);
        let at = At {
            depth,
            exact,
            ply,
            pvs: false,
        };
        let g = self.negamax(pos, at, target, target.offset(1));
        (self.leaves, self.interior) = counts;
        g.is_ok_and(|g| g <= target)
    }
}

/// A move `i` scored `s`: raises the node's best score, its best move and
/// alpha, and says whether the node is cut off (`s >= beta`). The main
/// move loop and the loop over deferred moves share it.
#[inline(always)]
fn raise(
    s: Value,
    i: usize,
    (best, best_move, alpha): (&mut Value, &mut Option<usize>, &mut Value),
    beta: Value,
) -> bool {
    if s > *best {
        *best = s;
        *best_move = Some(i);
        if s > *alpha {
            *alpha = s;
        }
        return s >= beta;
    }
    false
}

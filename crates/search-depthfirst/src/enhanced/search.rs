//! The one negamax engine under every enhanced search: fail-soft
//! alpha-beta with the transposition table, move ordering and (optionally)
//! principal-variation null windows.

use tree_core::{Game, Value};

use super::order::{History, order_moves};
use super::table::GameTable;
use crate::SearchError;

/// Everything one search uses: the game, the scratch space, the counters.
pub(crate) struct Engine<'a, G: Game + ?Sized> {
    pub game: &'a G,
    pub table: &'a mut GameTable,
    pub history: &'a mut History,
    pub use_history: bool,
    /// Whether the table's best move goes first.
    pub table_move: bool,
    /// Per-ply move-order buffers, reused across nodes and searches.
    pub buffers: &'a mut Vec<Vec<(u64, usize)>>,
    /// The previous iteration's best root move, tried first at the root
    /// after the table's move.
    pub root_pv: Option<usize>,
    /// The root's best move in the last pass (the move whose result was
    /// the root's result).
    pub root_best: Option<usize>,
    /// Static evaluations.
    pub leaves: u64,
    /// Positions expanded.
    pub interior: u64,
}

impl<G: Game + ?Sized> Engine<'_, G> {
    /// Fail-soft negamax alpha-beta on `pos` with `depth` plies to go, `ply`
    /// plies below the root, window `(alpha, beta)`, `alpha < beta`; with
    /// `pvs`, every move after the first is tried with the null window
    /// `(alpha, alpha + 1)` first and re-searched with `(alpha, beta)` if it
    /// lands strictly inside.
    ///
    /// With `v` the negamax value of `pos` at `depth` and `g` the result:
    /// `g <= alpha` implies `v <= g`; `g >= beta` implies `v >= g`;
    /// otherwise `g = v`.
    pub fn negamax(
        &mut self,
        pos: &G::Position,
        depth: u32,
        ply: usize,
        mut alpha: Value,
        beta: Value,
        pvs: bool,
    ) -> Result<Value, SearchError> {
        let n = if depth == 0 {
            0
        } else {
            self.game.num_moves(pos)
        };
        let key = self.game.hash(pos);
        let probe = self.table.probe(key, depth);
        // The root is always expanded, so that every pass names its best
        // move; elsewhere stored bounds of this very depth may decide.
        if ply > 0
            && let Some((lo, hi)) = probe.bounds
            && (lo >= beta || hi <= alpha || lo == hi)
        {
            self.table.count_cutoff();
            return Ok(if lo >= beta || lo == hi { lo } else { hi });
        }
        if n == 0 {
            let v = self.game.evaluate(pos);
            if v.is_infinite() {
                return Err(SearchError::SentinelLeaf {
                    value: v,
                    depth: ply,
                });
            }
            self.leaves += 1;
            self.table.store(key, depth, v, v, None);
            return Ok(v);
        }
        self.interior += 1;
        let alpha0 = alpha;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut order = std::mem::take(&mut self.buffers[ply]);
        let pv = if ply == 0 { self.root_pv } else { None };
        let history = if self.use_history {
            Some(&*self.history)
        } else {
            None
        };
        let tt_move = if self.table_move { probe.best } else { None };
        order_moves(self.game, pos, n, [tt_move, pv], history, &mut order);
        let mut best = Value::NEG_INF;
        let mut best_move = None;
        let mut result = Ok(());
        for (k, &(_, i)) in order.iter().enumerate() {
            let child = self.game.play(pos, i);
            let s = if pvs && k > 0 && alpha.offset(1) < beta {
                match self.negamax(&child, depth - 1, ply + 1, -alpha.offset(1), -alpha, pvs) {
                    Ok(s) if -s > alpha && -s < beta => {
                        self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, pvs)
                    }
                    r => r,
                }
            } else {
                self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, pvs)
            };
            let s = match s {
                Ok(s) => -s,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if s > best {
                best = s;
                best_move = Some(i);
                if s > alpha {
                    alpha = s;
                }
                if s >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = order;
        result?;
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
            self.history.reward(self.game.move_key(pos, m), depth);
        }
        self.table.store(key, depth, lower, upper, best_move);
        if ply == 0 {
            self.root_best = best_move;
        }
        Ok(best)
    }
}

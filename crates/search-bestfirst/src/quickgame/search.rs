//! The local OPENs of QuickGame and QG1–3 as frames of one [`Open`] stack
//! (see [`Cache`](super::Cache)), and the procedures `QuickGame(p, α, β)`
//! and `QG(p, α, β)` over them (Bhattacharya 1995, §2, §3).

use tree_core::{Bounds, Tree, Value};

use super::readings::{Fallback, Floor, Left, Reading, Second, Tie, Unsolved, Variant};
use crate::blocks::{Bounded, leftmost_highest, reselect};
use crate::error::{BestFirstError, terminal as leaf};
use crate::open::{Memory, Open, Outcome};

/// The status of an OPEN entry. The paper's LIVE is split in two so that
/// the readings of Remark 2 can tell a fresh grandson from one that came
/// back unsolved; SOLVED is kept only by an exhausted entry (a terminal
/// son, or the rightmost grandson solved), since a solved grandson with a
/// right brother is replaced by it at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Status {
    /// LIVE, never called since it entered OPEN.
    Fresh,
    /// LIVE, came back unsolved (QG only): `h` is a tighter upper bound.
    Unsolved,
    /// SOLVED and exhausted: `h` is the son's value (clamped at beta).
    Solved,
}

/// One entry of a local OPEN: the paper's `OPEN[i]`, `h[i]`, `status[i]`.
#[derive(Debug, Clone)]
pub(super) struct Entry<N> {
    /// The MIN son `p.i` (the brothers' father, to step to `x.j+1`).
    pub(super) son: N,
    /// The node in OPEN: the grandson `p.i.j`, or `p.i` if it is terminal.
    pub(super) node: N,
    /// The son's number of children; 0 if the son is terminal.
    pub(super) width: u32,
    /// The index `j` of the grandson (0 for a terminal son).
    pub(super) j: u32,
    /// The upper bound `h`.
    pub(super) h: Value,
    /// LIVE or SOLVED.
    pub(super) status: Status,
}

/// The search proper, its budget checked: `open` filled with `minimum`
/// entries (so that the frames are written in place), then
/// `QuickGame(root, −∞, +∞)` or `QG(root, −∞, +∞)`.
pub(super) fn run<T: Tree + ?Sized>(
    tree: &T,
    variant: Variant,
    reading: Reading,
    bounds: Bounds,
    open: &mut Open<Entry<T::Node>>,
    minimum: usize,
) -> Result<Outcome, BestFirstError> {
    let algorithm = variant.name();
    // The frames are written in place over an array filled once, so that
    // an entry costs only the fields it needs; `top` and `peak` are the
    // stack's own.
    open.reset(minimum, algorithm)?;
    let root = tree.root();
    let filler = Entry {
        son: root.clone(),
        node: root.clone(),
        width: 0,
        j: 0,
        h: Value::INF,
        status: Status::Fresh,
    };
    for _ in 0..minimum {
        open.push(algorithm, filler.clone())?;
    }
    let mut s = Search {
        tree,
        open,
        top: 0,
        peak: 0,
        variant,
        reading,
        bounds,
        best: None,
    };
    let width = tree.num_children(&root);
    let (value, _) = s.call(&root, width, 0, Value::NEG_INF, Value::INF)?;
    Ok(Outcome::new(
        value,
        s.best,
        Memory {
            capacity: minimum,
            peak: s.peak,
            entry_bytes: Open::<Entry<T::Node>>::entry_bytes(),
        },
    ))
}

pub(super) struct Search<'a, T: Tree + ?Sized> {
    tree: &'a T,
    /// The frames, `open[..top]`, over an array filled to its capacity.
    open: &'a mut Open<Entry<T::Node>>,
    top: usize,
    /// The most entries held at once.
    peak: usize,
    variant: Variant,
    reading: Reading,
    bounds: Bounds,
    /// The root's best move: the son whose solution last raised the root's
    /// r (the highest value solved).
    best: Option<usize>,
}

impl<T: Tree + ?Sized> Search<'_, T> {
    /// `QuickGame(p, alpha, beta)` or `QG(p, alpha, beta)` on the node `p`
    /// of depth `depth` with `width` children (the caller asked once).
    /// Returns the value and whether it is SOLVED (always, for QuickGame).
    fn call(
        &mut self,
        p: &T::Node,
        width: usize,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, bool), BestFirstError> {
        let tree = self.tree;
        if width == 0 {
            return Ok((beta.min(leaf(tree, p)?), true));
        }
        self.check_frame(width, depth)?;
        let base = self.top;
        if base + width > self.open.len() {
            // Not reached: the shape checks keep the frames within b·⌈d/2⌉.
            return Err(BestFirstError::BudgetTooSmall {
                algorithm: self.variant.name(),
                given: self.open.len(),
                minimum: self.open.len() + 1,
            });
        }
        let mut all_terminal = true;
        let frame = &mut self.open.entries_mut()[base..base + width];
        for (i, e) in frame.iter_mut().enumerate() {
            let son = tree.child(p, i);
            let son_width = tree.num_children(&son);
            all_terminal &= son_width == 0;
            if son_width == 0 {
                e.node = son;
            } else {
                e.node = tree.child(&son, 0);
                e.son = son;
                e.j = 0;
            }
            e.width = son_width as u32;
            e.h = beta;
            e.status = Status::Fresh;
        }
        self.top = base + width;
        self.peak = self.peak.max(self.top);
        let result = if all_terminal {
            if depth == 0 {
                let (result, best) = self.terminal_frame::<true>(base, width, alpha, beta)?;
                self.best = best;
                Ok(result)
            } else {
                self.terminal_frame::<false>(base, width, alpha, beta)
                    .map(|(result, _)| result)
            }
        } else {
            self.frame(base, width, depth, alpha, beta)
        };
        self.top = base;
        result
    }

    /// The loop of `QuickGame(p, alpha, beta)` or `QG(p, alpha, beta)` over
    /// p's frame, the `width` entries at `base`.
    fn frame(
        &mut self,
        base: usize,
        width: usize,
        depth: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<(Value, bool), BestFirstError> {
        let tree = self.tree;
        let end = base + width;
        let quickgame = self.variant == Variant::QuickGame;
        // k is kept the leftmost highest entry as `highest` would find it:
        // only entry k changes, and its h never rises (see `reselect`).
        let (mut lb, mut r, mut k) = (alpha, alpha, 0);
        let mut stats = LeftStats::new(beta);
        loop {
            let e = &mut self.open.entries_mut()[base + k];
            let top = e.h;
            if top <= r {
                break;
            }
            let bound = if quickgame { r } else { lb };
            let (v, solved) = if e.width == 0 {
                // A terminal MIN son: QuickGame(p.i) returns min(h, v).
                (top.min(leaf(tree, &e.node)?), true)
            } else {
                // The grandson: a call, or if it is terminal, min(h, v).
                // While v reaches h and a brother follows, h stays, entry
                // k stays selected with the same lower bound, and the loop
                // would step to the brother: that is done here, with the
                // brother then searched as the loop would search it.
                let mut w = tree.num_children(&e.node);
                loop {
                    if w > 0 {
                        let node = e.node.clone();
                        break self.call(&node, w, depth + 2, bound, top)?;
                    }
                    let v = leaf(tree, &e.node)?;
                    if v < top || e.j + 1 == e.width {
                        break (v.min(top), true);
                    }
                    e.j += 1;
                    e.node = tree.child(&e.son, e.j as usize);
                    e.status = Status::Fresh;
                    w = tree.num_children(&e.node);
                }
            };
            debug_assert!(v <= top, "a call returns at most its beta");
            let e = &mut self.open.entries_mut()[base + k];
            if solved {
                e.h = v;
                if e.width == 0 || e.j + 1 == e.width {
                    if depth == 0 && v > r {
                        self.best = Some(k);
                    }
                    r = r.max(v);
                    e.status = Status::Solved;
                } else {
                    e.j += 1;
                    e.node = tree.child(&e.son, e.j as usize);
                    e.status = Status::Fresh;
                }
            } else {
                e.h = if self.reading.strict_store {
                    v.offset(-1)
                } else {
                    v
                };
                e.status = Status::Unsolved;
            }
            let frame = &self.open.entries()[base..end];
            stats.lowered(frame[k].h);
            if frame[k].h != top {
                k = reselect(frame, k, top);
            }
            debug_assert_eq!(k, highest(frame));
            if !quickgame {
                stats.select(frame, k);
                lb = self.select_lower_bound(frame, k, r, alpha, &stats);
            }
        }
        let frame = &self.open.entries()[base..end];
        let e = &frame[k];
        Ok(if quickgame {
            (r, true)
        } else {
            let solved = e.status == Status::Solved
                || (self.reading.readings.tie == Tie::Solved
                    && frame[k + 1..]
                        .iter()
                        .any(|o| o.status == Status::Solved && o.h == e.h));
            (e.h, solved)
        })
    }

    /// The loop of [`Search::frame`] on a frame of terminal sons only (at
    /// `base`, every entry fresh with h = `beta`), which comes down to this:
    /// while the leftmost entry still at `beta` is above `r`, evaluate it
    /// (`r` rising to its value), so the sons are evaluated left to right
    /// until one is ≥ `beta`; the lower bounds passed down do not matter, as
    /// calls on terminals ignore them. Returns what the loop returns, and
    /// with `BEST` (the root) the son that gave it.
    fn terminal_frame<const BEST: bool>(
        &self,
        base: usize,
        width: usize,
        alpha: Value,
        beta: Value,
    ) -> Result<((Value, bool), Option<usize>), BestFirstError> {
        if beta <= alpha {
            // The loop stops at once on the fresh entry 0.
            return Ok((
                if self.variant == Variant::QuickGame {
                    (alpha, true)
                } else {
                    (beta, false)
                },
                None,
            ));
        }
        let (mut r, mut best) = (alpha, Value::NEG_INF);
        let mut at = None;
        for (i, e) in self.open.entries()[base..base + width].iter().enumerate() {
            let v = leaf(self.tree, &e.node)?;
            if v >= beta {
                // Solved at beta, the leftmost highest: the loop stops.
                return Ok(((beta, true), if BEST { Some(i) } else { None }));
            }
            if BEST && v > best {
                at = Some(i);
            }
            r = r.max(v);
            best = best.max(v);
        }
        // All solved below beta: the highest is their maximum.
        Ok((
            if self.variant == Variant::QuickGame {
                (r, true)
            } else {
                (best, true)
            },
            at,
        ))
    }

    /// The frame of a MAX node with `width` children at `depth` must fit the
    /// shape OPEN was sized for.
    fn check_frame(&self, width: usize, depth: usize) -> Result<(), BestFirstError> {
        let Bounds {
            branching: b,
            depth: d,
            ..
        } = self.bounds;
        if width > b {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{}: a node at depth {depth} has {width} children, more than the branching {b} \
                     OPEN was sized for",
                    self.variant
                ),
            });
        }
        if depth >= d {
            return Err(BestFirstError::TreeShape {
                message: format!(
                    "{}: an interior node at depth {depth}, deeper than the depth {d} \
                     OPEN was sized for",
                    self.variant
                ),
            });
        }
        Ok(())
    }

    /// `lb := SelectLowerBound(OPEN); If (lb = h[k]) then lb := r` for the
    /// frame `frame` whose highest entry is `k`, `stats` its h-values as
    /// the printed reading counts them (see [`LeftStats`]).
    fn select_lower_bound(
        &self,
        frame: &[Entry<T::Node>],
        k: usize,
        r: Value,
        alpha: Value,
        stats: &LeftStats,
    ) -> Value {
        let found = if self.reading.incremental() {
            debug_assert_eq!(stats.found(self.variant, k), self.found(frame, k, r));
            stats.found(self.variant, k)
        } else {
            self.found(frame, k, r)
        };
        self.finish_lower_bound(found, frame[k].h, r, alpha)
    }

    /// `SelectLowerBound(OPEN)`'s value, `None` for "no such value", by a
    /// scan of the frame under any reading.
    fn found(&self, frame: &[Entry<T::Node>], k: usize, r: Value) -> Option<Value> {
        let rd = self.reading.readings;
        let hk = frame[k].h;
        let seen = |e: &Entry<T::Node>| -> Option<Value> {
            let counts = match rd.left {
                Left::All => true,
                Left::NotExhausted => e.status != Status::Solved,
                Left::Contending => e.h > r,
            };
            counts.then(|| {
                if rd.unsolved == Unsolved::BelowH && e.status == Status::Unsolved {
                    e.h.offset(-1)
                } else {
                    e.h
                }
            })
        };
        let left = frame[..k].iter().filter_map(seen);
        match self.variant {
            Variant::QuickGame => None,
            Variant::Qg1 => left.min(),
            Variant::Qg2 => {
                let others = frame[k + 1..].iter().filter_map(seen);
                Some(left.chain(others).fold(hk, Value::min))
            }
            Variant::Qg3 if rd.second == Second::SecondOfLeft => {
                let (mut first, mut second) = (None, None);
                for v in left {
                    if first.is_none_or(|f| v > f) {
                        second = first;
                        first = Some(v);
                    } else if second.is_none_or(|s| v > s) {
                        second = Some(v);
                    }
                }
                second
            }
            Variant::Qg3 => left.max(),
        }
    }

    /// The pseudo-code's `If (lb = h[k]) then lb := r` (also for "no such
    /// value"), then the floor.
    fn finish_lower_bound(&self, found: Option<Value>, hk: Value, r: Value, alpha: Value) -> Value {
        let rd = self.reading.readings;
        let lb = found.unwrap_or(hk);
        let lb = if lb == hk {
            match rd.fallback {
                Fallback::R => r,
                Fallback::Alpha => alpha,
            }
        } else {
            lb
        };
        match rd.floor {
            Floor::None => lb,
            Floor::Alpha => lb.max(alpha),
            Floor::R => lb.max(r),
        }
    }
}

/// The h-values `SelectLowerBound` needs under the printed reading, kept
/// as the loop goes rather than scanned for at every step: the lowest and
/// highest h strictly left of the selected entry, and the lowest h of the
/// frame. Only the selected entry's h ever changes, and only downwards, so
/// when the selection moves right the entries it passes are added to the
/// left part, and only a move to the left (the frame's maximum dropped)
/// rescans it.
pub(super) struct LeftStats {
    /// The left part is `frame[..upto]`.
    upto: usize,
    /// Its lowest and highest h (`+∞` and `−∞` when empty).
    min: Value,
    max: Value,
    /// The lowest h of the whole frame.
    all: Value,
}

impl LeftStats {
    /// A fresh frame, every entry at `beta`, entry 0 selected.
    fn new(beta: Value) -> LeftStats {
        LeftStats {
            upto: 0,
            min: Value::INF,
            max: Value::NEG_INF,
            all: beta,
        }
    }

    /// The selected entry's h was lowered to `h`.
    #[inline]
    fn lowered(&mut self, h: Value) {
        self.all = self.all.min(h);
    }

    /// Entry `k` is selected now.
    #[inline]
    fn select<N>(&mut self, frame: &[Entry<N>], k: usize) {
        if k < self.upto {
            *self = LeftStats {
                upto: 0,
                min: Value::INF,
                max: Value::NEG_INF,
                all: self.all,
            };
        }
        for e in &frame[self.upto..k] {
            self.min = self.min.min(e.h);
            self.max = self.max.max(e.h);
        }
        self.upto = k;
    }

    /// `SelectLowerBound`'s value for `variant` with entry `k` selected.
    #[inline]
    fn found(&self, variant: Variant, k: usize) -> Option<Value> {
        match variant {
            Variant::QuickGame => None,
            Variant::Qg1 => (k > 0).then_some(self.min),
            Variant::Qg2 => Some(self.all),
            Variant::Qg3 => (k > 0).then_some(self.max),
        }
    }
}

/// The index of the highest `h`, ties to the leftmost (Remark 3).
pub(super) fn highest<N>(frame: &[Entry<N>]) -> usize {
    leftmost_highest(frame)
}

impl<N> Bounded for Entry<N> {
    #[inline]
    fn h(&self) -> Value {
        self.h
    }
}

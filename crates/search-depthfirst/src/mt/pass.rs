//! One MT pass: the null-window search that stores its bounds in the
//! table, generic over the limits' gate and the table's mode.

use tree_core::{Stopped, Tree, Value};

use super::table::{
    Key, NONE, Overflow, SMALL_BLOCK, SPLITTABLE, TranspositionTable, UNKNOWN, block, block_word,
    bounds, split, value_of,
};
use crate::SearchError;
use crate::control::Leaves;
use crate::window::{expand, static_max};

/// What MT asks before every terminal evaluation: nothing ([`Open`], the
/// plain functions, where it compiles away) or the [`Leaves`] of a search
/// with limits.
pub(crate) trait Gate {
    /// Whether the next terminal may be evaluated.
    fn leaf(&mut self) -> Result<(), Stopped>;

    /// An interior node is expanded (counted where leaves are).
    fn interior(&mut self);
}

/// No limits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Open;

impl Gate for Open {
    #[inline(always)]
    fn leaf(&mut self) -> Result<(), Stopped> {
        Ok(())
    }

    #[inline(always)]
    fn interior(&mut self) {}
}

impl<const M: bool> Gate for &mut Leaves<M> {
    #[inline(always)]
    fn leaf(&mut self) -> Result<(), Stopped> {
        Leaves::leaf(self)
    }

    #[inline(always)]
    fn interior(&mut self) {
        Leaves::interior(self);
    }
}

/// One MT call ([`mt`](crate::mt)) with `gate` asked before every terminal; also the
/// root's child that made a pass fail high (the move the lower bound
/// comes from: MAX's loop stops at it), `None` after a fail low or on a
/// terminal root.
pub(crate) fn mt_pass<T: Tree + ?Sized, G: Gate>(
    tree: &T,
    tt: &mut TranspositionTable,
    gamma: Value,
    gate: G,
) -> Result<(Value, Option<usize>), SearchError> {
    let root = tree.root();
    let call = Call {
        tree,
        root: &root,
        // A new root entry knows nothing: the root is searched even at
        // γ = −∞ (where an entry of no bounds would decide it), as without
        // an entry.
        new: tt.used == 0,
        at: tt.root(),
        gamma,
    };
    let (r, fail, best) = if tt.over == 0 && !(1..SPLITTABLE).contains(&tt.entries) {
        let (r, fail, best, gate) = pass::<T, G, BLOCKS>(&call, tt, gate);
        if r.is_err() && fail.is_none() {
            again(&call, tt, gate)
        } else {
            (r, fail, best)
        }
    } else {
        let (r, fail, best, _) = pass::<T, G, OVERFLOW>(&call, tt, gate);
        (r, fail, best)
    };
    match (r, fail) {
        (Ok(g), _) => Ok((value_of(g as u32), best)),
        (Err(()), Some(e)) => Err(e),
        (Err(()), None) => unreachable!("a failed search records its error"),
    }
}

/// How MT is compiled: for a table that has room in its blocks and stops a
/// call when they run out ([`BLOCKS`]), or for one with an overflow area,
/// or too small for one ([`OVERFLOW`]). The search with room for everything
/// thus runs code that knows nothing of the overflow area.
type Mode = bool;

/// MT while the blocks have room: a block that finds none stops the call
/// (`Err(())` with no error), to start it again with an overflow area.
const BLOCKS: Mode = false;

/// MT with an overflow area, or with a table too small for one (whose
/// children without room are searched without storing anything).
const OVERFLOW: Mode = true;

/// One MT call's question: the tree, its root (entry `at`; `new` if it
/// was just taken), and γ.
struct Call<'r, T: Tree + ?Sized> {
    tree: &'r T,
    root: &'r T::Node,
    at: usize,
    new: bool,
    gamma: Value,
}

/// The result of `call` with `tt` compiled for `M`: the result, the error
/// if one stopped it, the root's move that failed high, and `gate` back.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn pass<T: Tree + ?Sized, G: Gate, const M: Mode>(
    call: &Call<'_, T>,
    tt: &mut TranspositionTable,
    gate: G,
) -> (Result<i32, ()>, Option<SearchError>, Option<usize>, G) {
    let mut m = Mt::<T, G, M> {
        tree: call.tree,
        slots: std::mem::take(&mut tt.slots),
        entries: tt.entries,
        used: tt.used,
        over: tt.over,
        gamma: call.gamma.get(),
        fail: None,
        gate,
        best: None,
    };
    let r = if call.new {
        m.search::<MaxToMove>(call.root, call.at, 0)
    } else {
        m.visit::<MaxToMove>(|| call.root.clone(), call.at, 0)
    };
    tt.used = m.used;
    tt.slots = m.slots;
    (r, m.fail, m.best, m.gate)
}

/// After an MT call stopped because a block found no room: the table gets
/// its overflow area, and the call starts again from the root (it stored
/// nothing for the nodes it had not finished, and cannot stop so again).
#[cold]
#[inline(never)]
fn again<T: Tree + ?Sized, G: Gate>(
    call: &Call<'_, T>,
    tt: &mut TranspositionTable,
    gate: G,
) -> (Result<i32, ()>, Option<SearchError>, Option<usize>) {
    (tt.over, tt.used) = split(&mut tt.slots, tt.entries, tt.used);
    let (r, fail, best, _) = pass::<T, G, OVERFLOW>(call, tt, gate);
    (r, fail, best)
}

/// The player to move at a node, as a type, so that MT's loop is compiled
/// once for MAX and once for MIN.
trait Side {
    /// Whether MAX is to move.
    const MAX: bool;
    /// The player to move at the children.
    type Other: Side;

    /// A node's `g` before its first child: −∞ for MAX, +∞ for MIN.
    const START: i32 = if Self::MAX {
        Value::NEG_INF.get()
    } else {
        Value::INF.get()
    };

    /// Whether `g` settles the node against γ: MAX takes the maximum over
    /// the children while `g < γ`, MIN the minimum while `g >= γ`.
    #[inline(always)]
    fn cut(g: i32, gamma: i32) -> bool {
        if Self::MAX { g >= gamma } else { g < gamma }
    }

    /// `g` after a child of value `r`.
    #[inline(always)]
    fn pick(g: i32, r: i32) -> i32 {
        if Self::MAX { g.max(r) } else { g.min(r) }
    }
}

/// The value bounds `b` decide against γ, if they do: a lower bound at
/// least γ, or an upper bound below it.
#[inline(always)]
fn decided(b: u64, gamma: i32) -> Option<i32> {
    let lower = b as u32 as i32;
    if lower >= gamma {
        return Some(lower);
    }
    let upper = (b >> 32) as u32 as i32;
    if upper < gamma { Some(upper) } else { None }
}

/// The bounds `b` after a search that returned `g` at γ: failing low gives
/// an upper bound, failing high a lower bound.
#[inline(always)]
fn narrowed(b: u64, g: i32, gamma: i32) -> u64 {
    if g < gamma {
        (b & 0xFFFF_FFFF) | u64::from(g as u32) << 32
    } else {
        (b & !0xFFFF_FFFF) | u64::from(g as u32)
    }
}

/// MAX to move (even depths).
struct MaxToMove;

/// MIN to move (odd depths).
struct MinToMove;

impl Side for MaxToMove {
    const MAX: bool = true;
    type Other = MinToMove;
}

impl Side for MinToMove {
    const MAX: bool = false;
    type Other = MaxToMove;
}

/// One call of [`mt`](crate::mt): the tree, the table's entries, γ, and the error
/// that stopped the search, if one did. Values here are a [`Value`]'s bits
/// ([`Value::get`]), which order as the values do; a failed call returns
/// `Err(())` with the error in `fail` (so that a result fits in
/// registers), or with none to start again once the table has an overflow
/// area.
struct Mt<'a, T: Tree + ?Sized, G, const M: Mode> {
    tree: &'a T,
    /// The table's entries, taken for the call.
    slots: Vec<[u64; 2]>,
    /// How many there may be.
    entries: usize,
    used: usize,
    /// Where the overflow area starts (0: none).
    over: usize,
    gamma: i32,
    fail: Option<SearchError>,
    /// Asked before every terminal evaluation.
    gate: G,
    /// The root's child at which a fail-high pass stopped.
    best: Option<usize>,
}

impl<T: Tree + ?Sized, G: Gate, const M: Mode> Mt<'_, T, G, M> {
    /// Records `e` and fails.
    #[cold]
    fn fail<R>(&mut self, e: SearchError) -> Result<R, ()> {
        self.fail = Some(e);
        Err(())
    }

    /// MT on the node with the entry `at` ([`NONE`] if it has none; made by
    /// `node` only if needed): its stored bounds if they decide, else
    /// [`search`](Self::search).
    #[inline(always)]
    fn visit<S: Side>(
        &mut self,
        node: impl FnOnce() -> T::Node,
        at: usize,
        depth: usize,
    ) -> Result<i32, ()> {
        if at != NONE
            && let Some(g) = decided(self.slots[at][0], self.gamma)
        {
            return Ok(g);
        }
        self.search::<S>(&node(), at, depth)
    }

    /// MT on the node `n` with the entry `at`, its bounds aside: its value
    /// if it is a terminal, else [`mt_at`](Self::mt_at) (the recursion).
    #[inline(always)]
    fn search<S: Side>(&mut self, n: &T::Node, at: usize, depth: usize) -> Result<i32, ()> {
        let w = self.tree.num_children(n);
        if w == 0 {
            let g = self.terminal(n, depth)?;
            if at != NONE {
                self.slots[at][0] = bounds(g, g);
            }
            return Ok(g.get());
        }
        self.gate.interior();
        self.mt_at::<S>(n, at, depth, w)
    }

    /// The static value of the terminal `n` at `depth`, after the gate.
    #[inline(always)]
    fn terminal(&mut self, n: &T::Node, depth: usize) -> Result<Value, ()> {
        if let Err(s) = self.gate.leaf() {
            return self.fail(SearchError::Stopped(s));
        }
        match static_max(self.tree, n, depth) {
            Ok(g) => Ok(g),
            Err(e) => self.fail(e),
        }
    }

    /// Checks that the `w` children of an interior node at `depth` may be
    /// searched and keyed.
    #[inline(always)]
    fn interior(&mut self, depth: usize, w: usize) -> Result<(), ()> {
        if let Err(e) = expand(depth) {
            return self.fail(e);
        }
        if w > usize::from(u16::MAX) + 1 {
            return self.fail(SearchError::TooManyChildren { children: w });
        }
        Ok(())
    }

    /// Notes the root's move when the root's loop (MAX to move) stopped
    /// at child `i − 1` because it `reached` γ.
    #[inline(always)]
    fn note_best(&mut self, reached: bool, i: usize) {
        if reached && i > 0 {
            self.best = Some(i - 1);
        }
    }

    /// MT below the interior node `n` (`w` children) with the entry `at`,
    /// `S` to move.
    fn mt_at<S: Side>(
        &mut self,
        n: &T::Node,
        at: usize,
        depth: usize,
        w: usize,
    ) -> Result<i32, ()> {
        self.interior(depth, w)?;
        let gamma = self.gamma;
        let cut = |g: i32| S::cut(g, gamma);
        let mut g = S::START;
        let (mut kids, mut room) = if at == NONE {
            (0, 0)
        } else {
            block(self.slots[at][1])
        };
        let mut i = 0;
        while i < w && !cut(g) {
            // The children whose entries decide them, in one tight loop.
            if i < room {
                for e in &self.slots[kids + i..kids + room] {
                    let lower = e[0] as u32 as i32;
                    let r = if lower >= gamma {
                        lower
                    } else {
                        let upper = (e[0] >> 32) as u32 as i32;
                        if upper >= gamma {
                            break;
                        }
                        upper
                    };
                    g = S::pick(g, r);
                    i += 1;
                    if cut(g) {
                        break;
                    }
                }
                if i == w || cut(g) {
                    break;
                }
            }
            // Child i: its entry does not decide it, or it has none.
            if i == room && at != NONE {
                match self.grow(at, w, room) {
                    Some(b) => (kids, room) = b,
                    // The blocks have run out: start again with an
                    // overflow area.
                    None if M == BLOCKS => return Err(()),
                    None => {
                        if self.over != 0 {
                            return self.beyond::<S>(n, at, depth, w, i, g);
                        }
                        // A table too small for one: on without storing.
                    }
                }
            }
            let c = if i < room { kids + i } else { NONE };
            let r = self.search::<S::Other>(&self.tree.child(n, i), c, depth + 1)?;
            g = S::pick(g, r);
            i += 1;
        }
        self.note_best(depth == 0 && S::MAX && g >= gamma, i);
        if at != NONE {
            let b = &mut self.slots[at][0];
            *b = narrowed(*b, g, gamma);
        }
        Ok(g)
    }

    /// Allocates at least `n` entries if the table may have them (twice
    /// what is allocated, at least 1,024, at most `entries`); whether it
    /// may.
    #[cold]
    #[inline(never)]
    fn allocate(&mut self, n: usize) -> bool {
        if n > self.entries {
            return false;
        }
        let len = (self.slots.len() * 2).max(n).max(1 << 10).min(self.entries);
        self.slots.resize(len, [0; 2]);
        true
    }

    /// Gives the node at `at` (`w` children, the first `room` with an
    /// entry) a block for more children: for all `w` if it has a block
    /// already (for its first child only: `room` is 0 or 1, unless the
    /// table has an overflow area) or if `w` is at most [`SMALL_BLOCK`],
    /// else for its first child only; child 0's entry is copied. Returns
    /// the new block, or `None` if the table has no room (always, once it
    /// has an overflow area).
    #[inline(always)]
    fn grow(&mut self, at: usize, w: usize, room: usize) -> Option<(usize, usize)> {
        debug_assert!(room <= 1 || self.over != 0);
        let want = if room == 0 && w > SMALL_BLOCK { 1 } else { w };
        let start = self.used;
        if self.slots.len() - start < want && !self.allocate(start + want) {
            return None;
        }
        self.used = start + want;
        let old = block(self.slots[at][1]).0;
        self.slots[start..start + want].fill(UNKNOWN);
        if room == 1 {
            self.slots[start] = self.slots[old];
        }
        // Both fit in 32 bits: the table has at most u32::MAX entries, a
        // node at most 65,536 children.
        self.slots[at][1] = block_word(start, want);
        Some((start, want))
    }

    /// The rest of [`mt_at`](Self::mt_at) on the node `n` (entry `at`,
    /// `S` to move, `w` children, `g` so far) from its child `i`, the
    /// first to find no room in the blocks: every child from `i` on in the
    /// overflow area.
    #[cold]
    #[inline(never)]
    fn beyond<S: Side>(
        &mut self,
        n: &T::Node,
        at: usize,
        depth: usize,
        w: usize,
        mut i: usize,
        mut g: i32,
    ) -> Result<i32, ()> {
        let key = Key::anchor(at);
        while i < w && !S::cut(g, self.gamma) {
            let r = self.overflow::<S::Other>(n, i, key, depth + 1)?;
            g = S::pick(g, r);
            i += 1;
        }
        self.note_best(depth == 0 && S::MAX && g >= self.gamma, i);
        self.slots[at][0] = narrowed(self.slots[at][0], g, self.gamma);
        Ok(g)
    }

    /// MT on child `i` of `n`, a child without an entry in the blocks
    /// (`pk` is the key `n` gives its children, `depth` the child's):
    /// its bounds in the overflow area if they decide, else a search (the
    /// child generated only then) that stores its result there, keeping
    /// the bound it had.
    #[inline(never)]
    fn overflow<S: Side>(
        &mut self,
        n: &T::Node,
        i: usize,
        pk: Key,
        depth: usize,
    ) -> Result<i32, ()> {
        let k = pk.child(i);
        let (found, b) = match Overflow::probe(&self.slots[self.over..], k) {
            Some((e, b)) => (Some(e), b),
            None => (None, UNKNOWN[0]),
        };
        if let Some(g) = decided(b, self.gamma) {
            return Ok(g);
        }
        let c = self.tree.child(n, i);
        let w = self.tree.num_children(&c);
        let over = self.over;
        if w == 0 {
            let g = self.terminal(&c, depth)?;
            Overflow::store(&mut self.slots[over..], k, depth, bounds(g, g), found);
            return Ok(g.get());
        }
        self.gate.interior();
        self.interior(depth, w)?;
        let mut g = S::START;
        let mut j = 0;
        while j < w && !S::cut(g, self.gamma) {
            let r = self.overflow::<S::Other>(&c, j, k, depth + 1)?;
            g = S::pick(g, r);
            j += 1;
        }
        let b = narrowed(b, g, self.gamma);
        Overflow::store(&mut self.slots[over..], k, depth, b, found);
        Ok(g)
    }
}

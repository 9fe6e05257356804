//! Move ordering: the table's move, the previous iteration's root move, then
//! the history heuristic, then generation order.

use std::cmp::Reverse;

use tree_core::Game;

/// The history heuristic's table (Schaeffer 1989): one score per
/// [`Game::move_key`], raised by `2^min(depth, 32)` whenever a move is best
/// at a node of remaining depth `depth` (a cutoff or an exact value), so
/// moves that were good in deep searches, anywhere in the tree, are tried
/// first elsewhere.
#[derive(Debug, Clone, Default)]
pub(crate) struct History {
    scores: Vec<u64>,
}

impl History {
    /// Forgets every score and sizes the table for `keys` move keys
    /// (keeping the allocation where it suffices).
    pub fn reset(&mut self, keys: usize) {
        self.scores.clear();
        self.scores.resize(keys, 0);
    }

    /// The score of a move key; keys out of range (a [`Game`] breaking its
    /// contract) score 0.
    #[inline]
    pub fn score(&self, key: usize) -> u64 {
        self.scores.get(key).copied().unwrap_or(0)
    }

    /// Credits the move key `key` for being best at remaining depth `depth`.
    #[inline]
    pub fn reward(&mut self, key: usize, depth: u32) {
        if let Some(s) = self.scores.get_mut(key) {
            *s = s.saturating_add(1 << depth.min(32));
        }
    }
}

/// Writes the order in which to try the `n` moves of `pos` into `out`
/// (reused: no allocation once it has grown to the branching factor): the
/// moves of `first` (the table's move, then the previous iteration's, each
/// once and only if in range), then the rest by decreasing history score
/// (`history` = `None`: all 0), ties in generation order.
pub(crate) fn order_moves<G: Game + ?Sized>(
    game: &G,
    pos: &G::Position,
    n: usize,
    first: [Option<usize>; 2],
    history: Option<&History>,
    out: &mut Vec<(u64, usize)>,
) {
    out.clear();
    let [a, b] = first;
    let a = a.filter(|&m| m < n);
    let b = b.filter(|&m| m < n && Some(m) != a);
    let pinned = usize::from(a.is_some()) + usize::from(b.is_some());
    for m in [a, b].into_iter().flatten() {
        out.push((u64::MAX, m));
    }
    for i in 0..n {
        if Some(i) == a || Some(i) == b {
            continue;
        }
        let score = history.map_or(0, |h| h.score(game.move_key(pos, i)));
        out.push((score, i));
    }
    if history.is_some() {
        // Unstable but deterministic: the indices are distinct.
        out[pinned..].sort_unstable_by_key(|&(s, i)| (Reverse(s), i));
    }
}

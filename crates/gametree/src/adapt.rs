//! The two adapters that let every algorithm run through both calls: a
//! [`Tree`] is a [`Game`] whose moves are child indices ([`TreeGame`],
//! for the enhanced engines), and a game searched to a depth is a tree
//! (`tree_core::Horizon`, for the rest).

use tree_core::{Game, MAX_DEPTH, Tree, Value};

use search_depthfirst::GameTable;

/// A [`Tree`] seen as a [`Game`]: a position is a node with its depth and
/// a hash of its path from the root, a move is a child index.
///
/// The hash of a node is a 64-bit mix of its parent's and its child
/// index, started from a salt chosen per search, so that a table kept
/// from one tree's search to the next never mistakes one tree's nodes for
/// another's. A tree has no transpositions, so distinct nodes have
/// distinct hashes but for a 64-bit collision. The value of a terminal is
/// the tree's, seen from the player to move (negated at odd depths); an
/// interior node, which only a search with a horizon above the tree's
/// depth would evaluate, is worth 0. [`Game::plies_left`] is the tree's
/// depth below the node (or [`MAX_DEPTH`] when the tree does not report
/// it), so the enhanced engines solve the tree at once, without heuristic
/// iterations.
#[derive(Debug)]
pub(crate) struct TreeGame<'t, T: ?Sized> {
    tree: &'t T,
    /// The depth searched: the tree's, or [`MAX_DEPTH`].
    depth: u32,
    branching: Option<usize>,
    salt: u64,
}

/// A position of a [`TreeGame`].
#[derive(Debug, Clone)]
pub(crate) struct TreePosition<N> {
    node: N,
    ply: u32,
    hash: u64,
}

/// SplitMix64's finaliser: a bijection of 64-bit words that mixes every
/// input bit into every output bit.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'t, T: Tree + ?Sized> TreeGame<'t, T> {
    /// `tree` as a game, its hashes salted with `salt`.
    pub(crate) fn new(tree: &'t T, salt: u64) -> TreeGame<'t, T> {
        let bounds = tree.bounds();
        TreeGame {
            tree,
            depth: bounds.map_or(MAX_DEPTH, |b| b.depth.min(MAX_DEPTH)) as u32,
            branching: bounds.map(|b| b.branching),
            salt,
        }
    }

    /// The depth to search it to: all of it.
    pub(crate) fn depth(&self) -> u32 {
        self.depth
    }

    /// The root position.
    pub(crate) fn root(&self) -> TreePosition<T::Node> {
        TreePosition {
            node: self.tree.root(),
            ply: 0,
            hash: mix(self.salt),
        }
    }

    /// A table for this tree: room for every node of its shape twice
    /// over, between 64 KiB and 16 MiB (16 MiB when the shape is unknown).
    pub(crate) fn table_bytes(&self) -> usize {
        const LEAST: usize = 64 << 10;
        const MOST: usize = 16 << 20;
        let Some(b) = self.branching else {
            return MOST;
        };
        let mut nodes: usize = 1;
        let mut level: usize = 1;
        for _ in 0..self.depth {
            level = level.saturating_mul(b.max(1));
            nodes = nodes.saturating_add(level);
            if nodes >= MOST {
                return MOST;
            }
        }
        nodes
            .saturating_mul(2 * GameTable::ENTRY_BYTES)
            .clamp(LEAST, MOST)
    }
}

impl<T: Tree + ?Sized> Game for TreeGame<'_, T> {
    type Position = TreePosition<T::Node>;
    type Move = usize;
    type Moves = Vec<usize>;

    fn moves(&self, pos: &Self::Position, moves: &mut Vec<usize>) {
        moves.clear();
        moves.extend(0..self.tree.num_children(&pos.node));
    }

    fn play(&self, pos: &Self::Position, mv: usize) -> Self::Position {
        TreePosition {
            node: self.tree.child(&pos.node, mv),
            ply: pos.ply + 1,
            hash: mix(pos.hash ^ (mv as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
        }
    }

    fn evaluate(&self, pos: &Self::Position) -> Value {
        if self.tree.num_children(&pos.node) > 0 {
            return Value::from_small(0);
        }
        let v = self.tree.value(&pos.node);
        if pos.ply % 2 == 0 { v } else { -v }
    }

    fn hash(&self, pos: &Self::Position) -> u64 {
        pos.hash
    }

    fn move_key(&self, _: &Self::Position, mv: usize) -> usize {
        mv.min(self.move_keys() - 1)
    }

    fn move_keys(&self) -> usize {
        self.branching.unwrap_or(64).clamp(1, 1 << 16)
    }

    fn max_moves(&self) -> Option<usize> {
        self.branching
    }

    fn plies_left(&self, pos: &Self::Position) -> Option<u32> {
        Some(self.depth.saturating_sub(pos.ply))
    }
}

/// The game moves of a line of child indices from `root` (as far as the
/// game has those moves).
pub(crate) fn game_line<G: Game + ?Sized>(
    game: &G,
    root: &G::Position,
    path: &[usize],
) -> Vec<G::Move> {
    let mut pos = root.clone();
    let mut line = Vec::with_capacity(path.len());
    for &i in path {
        let Some(mv) = game.nth_move(&pos, i) else {
            break;
        };
        line.push(mv);
        pos = game.play(&pos, mv);
    }
    line
}

/// Whether `path` (child indices) leads from the root of `tree` to a
/// terminal: a principal variation that runs to the end.
pub(crate) fn reaches_terminal<T: Tree + ?Sized>(tree: &T, path: &[usize]) -> bool {
    let mut node = tree.root();
    for &i in path {
        if i >= tree.num_children(&node) {
            return false;
        }
        node = tree.child(&node, i);
    }
    !path.is_empty() && tree.num_children(&node) == 0
}

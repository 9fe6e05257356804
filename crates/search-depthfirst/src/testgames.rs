//! Synthetic [`Game`]s for testing and benchmarking the enhanced searches
//! (public so that benches and other crates' tests share them).
//!
//! * [`Lattice`]: a game with **transpositions**. Each player owns counters
//!   of a few kinds and a move adds one to a counter of the mover's, so
//!   every order of the same moves reaches the same position. Branching
//!   varies, some positions have only a pass, games end early at various
//!   depths, and the evaluation (the mover's weighted counters minus the
//!   opponent's, plus hashed noise) rewards the same move kinds everywhere,
//!   so the history heuristic has something to learn. Optionally some
//!   positions evaluate to the extremes `±(i32::MAX − 1)`.
//! * [`PathGame`]: **no transpositions**: positions are hashes of their
//!   paths, as in [`tree_core::GeneratedTree`], with variable branching,
//!   passes, early ends and evaluations from a small (many ties) or extreme
//!   range.
//! * [`TreeGame`]: a [`GeneratedTree`] as a game, its generator's node
//!   values as the static evaluation: on top-down strong or edge-sum trees,
//!   a strongly ordered game with a meaningful evaluation.
//! * [`WeakHash`]: any game with its hash reduced modulo a small number, to
//!   check that a degenerate hash makes searches wrong but never makes them
//!   panic or loop.
//!
//! Every game is deterministic from its parameters.

use std::hash::{DefaultHasher, Hash, Hasher};

use tree_core::{Game, Horizon};
use tree_core::{GenNode, GeneratedTree, Tree, Value};

/// SplitMix64's finaliser: a good 64-bit mixing function.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The largest number of move kinds of a [`Lattice`].
pub const LATTICE_MAX_KINDS: usize = 8;

/// A position of a [`Lattice`]: each player's counters and the passes so
/// far, and the player to move (0 or 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LatticePosition {
    /// `counts[p][k]`: how many moves of kind `k` player `p` has made.
    pub counts: [[u8; LATTICE_MAX_KINDS]; 2],
    /// Passes so far (both players).
    pub passes: u8,
    /// The player to move.
    pub to_move: u8,
}

impl LatticePosition {
    /// The start: no moves made, player 0 to move.
    pub const START: LatticePosition = LatticePosition {
        counts: [[0; LATTICE_MAX_KINDS]; 2],
        passes: 0,
        to_move: 0,
    };

    /// Moves made so far, passes included.
    pub fn moves_made(&self) -> u32 {
        let c: u32 = self.counts.iter().flatten().map(|&c| u32::from(c)).sum();
        c + u32::from(self.passes)
    }
}

/// A game with transpositions: see the [module](self) docs.
///
/// A position with `length` moves made is the end of the game; before that,
/// a position whose hash is 0 mod 23 is an early end, one whose hash is 1
/// mod 13 has only a pass, and any other has between 1 and `kinds` moves,
/// each a different kind, in a position-dependent rotation.
///
/// ```
/// use search_depthfirst::testgames::{Lattice, LatticePosition};
/// use tree_core::Game;
/// let g = Lattice::new(7, 4, 10);
/// let p = LatticePosition::START;
/// let a = g.play(&p, 0);
/// assert_eq!(a.moves_made(), 1);
/// assert_eq!(a.to_move, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lattice {
    seed: u64,
    kinds: usize,
    length: u32,
    weights: [i32; LATTICE_MAX_KINDS],
    noise: i32,
    extremes: bool,
}

impl Lattice {
    /// A game of `kinds` (1 to 8) move kinds that ends after `length`
    /// moves, its evaluation weights and noise drawn from `seed`.
    ///
    /// # Panics
    /// If `kinds` is 0 or more than [`LATTICE_MAX_KINDS`].
    pub fn new(seed: u64, kinds: usize, length: u32) -> Lattice {
        assert!(
            (1..=LATTICE_MAX_KINDS).contains(&kinds),
            "a Lattice has 1 to {LATTICE_MAX_KINDS} kinds of move, not {kinds}"
        );
        let mut weights = [0; LATTICE_MAX_KINDS];
        for (k, w) in weights.iter_mut().enumerate() {
            *w = (mix(seed ^ (k as u64) << 32) % 41) as i32 - 10;
        }
        Lattice {
            seed,
            kinds,
            length,
            weights,
            noise: 8,
            extremes: false,
        }
    }

    /// With evaluation noise uniform in `-noise ..= noise` (default 8; 0
    /// makes the evaluation a pure weighted count, with many ties).
    pub fn with_noise(mut self, noise: u16) -> Lattice {
        self.noise = i32::from(noise);
        self
    }

    /// With one position in 16 evaluated at an extreme of the leaf range,
    /// `±(i32::MAX − 1)`.
    pub fn with_extremes(mut self, on: bool) -> Lattice {
        self.extremes = on;
        self
    }

    fn kind(&self, pos: &LatticePosition, i: usize) -> usize {
        let h = self.hash(pos);
        ((h >> 16) as usize + i) % self.kinds
    }
}

impl Game for Lattice {
    type Position = LatticePosition;

    fn num_moves(&self, pos: &LatticePosition) -> usize {
        let made = pos.moves_made();
        if made >= self.length {
            return 0;
        }
        let h = self.hash(pos);
        if made > 0 && h % 23 == 0 {
            0
        } else if h % 13 == 1 {
            1
        } else {
            1 + (h >> 8) as usize % self.kinds
        }
    }

    fn play(&self, pos: &LatticePosition, i: usize) -> LatticePosition {
        let mut next = *pos;
        let h = self.hash(pos);
        if h % 13 == 1 {
            next.passes = next.passes.saturating_add(1);
        } else {
            let k = self.kind(pos, i);
            let c = &mut next.counts[usize::from(pos.to_move)][k];
            *c = c.saturating_add(1);
        }
        next.to_move = 1 - pos.to_move;
        next
    }

    fn evaluate(&self, pos: &LatticePosition) -> Value {
        let h = mix(self.hash(pos) ^ 0x5EED);
        if self.extremes && h % 16 == 0 {
            let v = if h & 16 == 0 {
                Value::MAX_LEAF
            } else {
                Value::MIN_LEAF
            };
            return Value::new(v).expect("in range");
        }
        let me = usize::from(pos.to_move & 1);
        let them = 1 - me;
        let mut v: i64 = 0;
        for k in 0..self.kinds {
            v += i64::from(self.weights[k])
                * (i64::from(pos.counts[me][k]) - i64::from(pos.counts[them][k]));
        }
        let span = 2 * i64::from(self.noise) + 1;
        v += ((h >> 8) % span as u64) as i64 - i64::from(self.noise);
        Value::saturating(v)
    }

    fn hash(&self, pos: &LatticePosition) -> u64 {
        let mut h = mix(self.seed);
        for side in &pos.counts {
            let word = u64::from_le_bytes(*side);
            h = mix(h ^ word);
        }
        mix(h ^ u64::from(pos.passes) ^ u64::from(pos.to_move) << 8)
    }

    fn move_key(&self, pos: &LatticePosition, i: usize) -> usize {
        if self.hash(pos) % 13 == 1 {
            self.kinds // the pass
        } else {
            self.kind(pos, i)
        }
    }

    fn move_keys(&self) -> usize {
        self.kinds + 1
    }

    fn max_moves(&self) -> Option<usize> {
        Some(self.kinds)
    }
}

/// The range [`PathGame`] draws evaluations from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathValues {
    /// −3..=3: many ties.
    Small,
    /// −1000..=1000.
    Wide,
    /// The extremes of the leaf range, their neighbours, and −1, 0, 1.
    Extreme,
}

/// A position of a [`PathGame`]: the hash of its path and its depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PathPosition {
    /// A hash of the moves from the start.
    pub key: u64,
    /// Moves from the start.
    pub ply: u32,
}

/// A game without transpositions: see the [module](self) docs.
///
/// Positions `length` moves deep end the game; above, a position whose key
/// is 0 mod 19 is an early end, one that is 1 mod 11 has only a pass, the
/// others have 1 to `branching` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathGame {
    seed: u64,
    branching: usize,
    length: u32,
    values: PathValues,
}

impl PathGame {
    /// A game of up to `branching` (≥ 1) moves a position that ends after
    /// `length` moves, deterministic from `seed`.
    pub fn new(seed: u64, branching: usize, length: u32, values: PathValues) -> PathGame {
        PathGame {
            seed,
            branching: branching.max(1),
            length,
            values,
        }
    }

    /// The start position.
    pub fn start(&self) -> PathPosition {
        PathPosition {
            key: mix(self.seed),
            ply: 0,
        }
    }
}

impl Game for PathGame {
    type Position = PathPosition;

    fn num_moves(&self, pos: &PathPosition) -> usize {
        if pos.ply >= self.length || (pos.ply > 0 && pos.key % 19 == 0) {
            0
        } else if pos.key % 11 == 1 {
            1
        } else {
            1 + (pos.key >> 8) as usize % self.branching
        }
    }

    fn play(&self, pos: &PathPosition, i: usize) -> PathPosition {
        PathPosition {
            key: mix(pos.key ^ mix(i as u64 + 1)),
            ply: pos.ply + 1,
        }
    }

    fn evaluate(&self, pos: &PathPosition) -> Value {
        let r = mix(pos.key ^ 0xE7A1);
        let v = match self.values {
            PathValues::Small => (r % 7) as i64 - 3,
            PathValues::Wide => (r % 2001) as i64 - 1000,
            PathValues::Extreme => {
                let (lo, hi) = (i64::from(Value::MIN_LEAF), i64::from(Value::MAX_LEAF));
                [lo, lo + 1, -1, 0, 1, hi - 1, hi][(r % 7) as usize]
            }
        };
        Value::new(v).expect("in range")
    }

    fn hash(&self, pos: &PathPosition) -> u64 {
        pos.key
    }

    fn move_keys(&self) -> usize {
        self.branching
    }

    fn max_moves(&self) -> Option<usize> {
        Some(self.branching)
    }
}

/// A [`GeneratedTree`] as a game: a position is a node, the moves its
/// children, the evaluation the generator's value of the node (its minimax
/// value for top-down and perfect trees, the sum of its edges for edge-sum
/// trees; 0 above the leaves of i.i.d. random trees) from the point of view
/// of the player to move. Searched to the tree's depth, it is the tree.
#[derive(Debug, Clone, Copy)]
pub struct TreeGame<'t> {
    tree: &'t GeneratedTree,
}

impl<'t> TreeGame<'t> {
    /// The game of `tree`; start from [`TreeGame::start`].
    pub fn new(tree: &'t GeneratedTree) -> TreeGame<'t> {
        TreeGame { tree }
    }

    /// The tree's root.
    pub fn start(&self) -> GenNode {
        self.tree.root()
    }
}

impl Game for TreeGame<'_> {
    type Position = GenNode;

    fn num_moves(&self, pos: &GenNode) -> usize {
        self.tree.num_children(pos)
    }

    fn play(&self, pos: &GenNode, i: usize) -> GenNode {
        self.tree.child(pos, i)
    }

    fn evaluate(&self, pos: &GenNode) -> Value {
        let v = self.tree.node_value(pos).unwrap_or(Value::from_small(0));
        if pos.depth() % 2 == 0 { v } else { -v }
    }

    fn hash(&self, pos: &GenNode) -> u64 {
        let mut h = DefaultHasher::new();
        pos.hash(&mut h);
        h.finish()
    }

    fn move_keys(&self) -> usize {
        self.tree.spec().b
    }

    fn max_moves(&self) -> Option<usize> {
        Some(self.tree.spec().b)
    }
}

/// A game whose hash is reduced modulo `modulus`: distinct positions share
/// hashes, which no transposition table can tell apart.
#[derive(Debug, Clone, Copy)]
pub struct WeakHash<G> {
    /// The game.
    pub game: G,
    /// The number of distinct hashes (at least 1).
    pub modulus: u64,
}

impl<G: Game> Game for WeakHash<G> {
    type Position = G::Position;

    fn num_moves(&self, pos: &G::Position) -> usize {
        self.game.num_moves(pos)
    }

    fn play(&self, pos: &G::Position, i: usize) -> G::Position {
        self.game.play(pos, i)
    }

    fn evaluate(&self, pos: &G::Position) -> Value {
        self.game.evaluate(pos)
    }

    fn hash(&self, pos: &G::Position) -> u64 {
        self.game.hash(pos) % self.modulus.max(1)
    }

    fn move_key(&self, pos: &G::Position, i: usize) -> usize {
        self.game.move_key(pos, i)
    }

    fn move_keys(&self) -> usize {
        self.game.move_keys()
    }

    fn max_moves(&self) -> Option<usize> {
        self.game.max_moves()
    }
}

/// The oracle: the minimax value of `game` from `root` at `depth`, by
/// [`tree_core::minimax`] on the [`Horizon`] tree.
pub fn horizon_value<G: Game>(game: &G, root: &G::Position, depth: u32) -> Value {
    tree_core::minimax(&Horizon::new(game, root.clone(), depth))
}

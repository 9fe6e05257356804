//! Synthetic [`Game`]s for testing and benchmarking the enhanced searches.
//!
//! Behind the `testing` feature: test support, not part of the stable API.
//! The workspace's crates enable it for their tests and benches (through
//! `[dev-dependencies]`), so that they share these games.
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
//! Every game knows a bound on the plies left ([`Game::plies_left`]), so
//! searches that reach it run in exact-solve mode. A [`Lattice`] can also
//! give ordering hints and solve its last plies itself
//! ([`Lattice::with_hints`], [`Lattice::with_solver`]), to exercise those
//! hooks. Every game is deterministic from its parameters.

use std::hash::{DefaultHasher, Hash, Hasher};

use tree_core::{ArrayVec, Game, Horizon, Stats};
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

/// A move of a [`Lattice`]: one more counter of a kind, or a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LatticeMove {
    /// Adds one to the mover's counter of this kind.
    Add(u8),
    /// Nothing: the turn goes to the opponent.
    Pass,
}

/// A game with transpositions: see the [module](self) docs.
///
/// A position with `length` moves made is the end of the game; before that,
/// a position whose hash is 0 mod 23 is an early end, one whose hash is 1
/// mod 13 has only a pass, and any other has between 1 and `kinds` moves,
/// each a different kind, in a position-dependent rotation.
///
/// ```
/// use search_depthfirst::testgames::{Lattice, LatticeMove, LatticePosition};
/// use tree_core::Game;
/// let g = Lattice::new(7, 4, 10);
/// let p = LatticePosition::START;
/// let m = g.nth_move(&p, 0).unwrap();
/// assert!(matches!(m, LatticeMove::Add(_)));
/// let a = g.play(&p, m);
/// assert_eq!(a.moves_made(), 1);
/// assert_eq!(a.to_move, 1);
/// assert_eq!(g.plies_left(&a), Some(9));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lattice {
    seed: u64,
    kinds: usize,
    length: u32,
    weights: [i32; LATTICE_MAX_KINDS],
    noise: i32,
    extremes: bool,
    hints: bool,
    solver: u32,
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
            hints: false,
            solver: 0,
        }
    }

    /// With ordering hints ([`Game::order_hint`]): the kind's weight for the
    /// mover plus a hashed jitter of the child, so they help but not always.
    pub fn with_hints(mut self, on: bool) -> Lattice {
        self.hints = on;
        self
    }

    /// With an endgame solver ([`Game::solve_end`]) for positions at most
    /// `plies` moves from the end: plain fail-soft negamax to the end of
    /// the game, counting its leaves and expansions (0 = none).
    pub fn with_solver(mut self, plies: u32) -> Lattice {
        self.solver = plies;
        self
    }

    /// The game's own fail-soft negamax of `pos` to the end of the game.
    fn solve(&self, pos: &LatticePosition, mut alpha: Value, beta: Value, c: &mut Stats) -> Value {
        let mut moves = ArrayVec::<LatticeMove, LATTICE_MAX_KINDS>::new();
        self.moves(pos, &mut moves);
        if moves.is_empty() {
            c.leaves += 1;
            return self.evaluate(pos);
        }
        c.interior += 1;
        let mut best = Value::NEG_INF;
        for &m in &moves {
            let v = -self.solve(&self.play(pos, m), -beta, -alpha, c);
            if v > best {
                best = v;
                alpha = alpha.max(v);
                if v >= beta {
                    break;
                }
            }
        }
        best
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
    type Move = LatticeMove;
    type Moves = ArrayVec<LatticeMove, LATTICE_MAX_KINDS>;

    fn moves(&self, pos: &LatticePosition, moves: &mut Self::Moves) {
        moves.clear();
        let made = pos.moves_made();
        if made >= self.length {
            return;
        }
        let h = self.hash(pos);
        if made > 0 && h.is_multiple_of(23) {
            // an early end
        } else if h % 13 == 1 {
            moves.push(LatticeMove::Pass);
        } else {
            for i in 0..1 + (h >> 8) as usize % self.kinds {
                moves.push(LatticeMove::Add(self.kind(pos, i) as u8));
            }
        }
    }

    fn play(&self, pos: &LatticePosition, mv: LatticeMove) -> LatticePosition {
        let mut next = *pos;
        match mv {
            LatticeMove::Pass => next.passes = next.passes.saturating_add(1),
            LatticeMove::Add(k) => {
                let c = &mut next.counts[usize::from(pos.to_move)][usize::from(k)];
                *c = c.saturating_add(1);
            }
        }
        next.to_move = 1 - pos.to_move;
        next
    }

    fn evaluate(&self, pos: &LatticePosition) -> Value {
        let h = mix(self.hash(pos) ^ 0x5EED);
        if self.extremes && h.is_multiple_of(16) {
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

    fn move_key(&self, _: &LatticePosition, mv: LatticeMove) -> usize {
        match mv {
            LatticeMove::Add(k) => usize::from(k),
            LatticeMove::Pass => self.kinds,
        }
    }

    fn move_keys(&self) -> usize {
        self.kinds + 1
    }

    fn max_moves(&self) -> Option<usize> {
        Some(self.kinds)
    }

    fn move_name(&self, _: &LatticePosition, mv: LatticeMove) -> String {
        match mv {
            LatticeMove::Add(k) => format!("+{k}"),
            LatticeMove::Pass => "pass".to_owned(),
        }
    }

    fn plies_left(&self, pos: &LatticePosition) -> Option<u32> {
        Some(self.length.saturating_sub(pos.moves_made()))
    }

    fn order_hint(&self, _: &LatticePosition, mv: LatticeMove, child: &LatticePosition) -> i32 {
        if !self.hints {
            return 0;
        }
        let w = match mv {
            LatticeMove::Add(k) => self.weights[usize::from(k)],
            LatticeMove::Pass => 0,
        };
        w + (mix(self.hash(child)) % 7) as i32
    }

    fn solve_end(
        &self,
        pos: &LatticePosition,
        alpha: Value,
        beta: Value,
        counts: &mut Stats,
    ) -> Option<Value> {
        let left = self.length.saturating_sub(pos.moves_made());
        (left <= self.solver).then(|| self.solve(pos, alpha, beta, counts))
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
    /// The move's index in the position's list.
    type Move = usize;
    type Moves = Vec<usize>;

    fn moves(&self, pos: &PathPosition, moves: &mut Vec<usize>) {
        moves.clear();
        moves.extend(0..self.num_moves(pos));
    }

    fn num_moves(&self, pos: &PathPosition) -> usize {
        if pos.ply >= self.length || (pos.ply > 0 && pos.key.is_multiple_of(19)) {
            0
        } else if pos.key % 11 == 1 {
            1
        } else {
            1 + (pos.key >> 8) as usize % self.branching
        }
    }

    fn nth_move(&self, pos: &PathPosition, i: usize) -> Option<usize> {
        (i < self.num_moves(pos)).then_some(i)
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

    fn move_key(&self, _: &PathPosition, i: usize) -> usize {
        i
    }

    fn move_keys(&self) -> usize {
        self.branching
    }

    fn plies_left(&self, pos: &PathPosition) -> Option<u32> {
        Some(self.length.saturating_sub(pos.ply))
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
    /// The child's index.
    type Move = usize;
    type Moves = Vec<usize>;

    fn moves(&self, pos: &GenNode, moves: &mut Vec<usize>) {
        moves.clear();
        moves.extend(0..self.tree.num_children(pos));
    }

    fn num_moves(&self, pos: &GenNode) -> usize {
        self.tree.num_children(pos)
    }

    fn nth_move(&self, pos: &GenNode, i: usize) -> Option<usize> {
        (i < self.tree.num_children(pos)).then_some(i)
    }

    fn play(&self, pos: &GenNode, i: usize) -> GenNode {
        self.tree.child(pos, i)
    }

    fn evaluate(&self, pos: &GenNode) -> Value {
        let v = self.tree.node_value(pos).unwrap_or(Value::from_small(0));
        if pos.depth().is_multiple_of(2) { v } else { -v }
    }

    fn hash(&self, pos: &GenNode) -> u64 {
        let mut h = DefaultHasher::new();
        pos.hash(&mut h);
        h.finish()
    }

    fn move_key(&self, _: &GenNode, i: usize) -> usize {
        i
    }

    fn move_keys(&self) -> usize {
        self.tree.spec().b
    }

    fn max_moves(&self) -> Option<usize> {
        Some(self.tree.spec().b)
    }

    fn plies_left(&self, pos: &GenNode) -> Option<u32> {
        Some((self.tree.spec().d as u32).saturating_sub(pos.depth() as u32))
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
    type Move = G::Move;
    type Moves = G::Moves;

    tree_core::forward_game!(
        game: moves,
        play,
        evaluate,
        num_moves,
        nth_move,
        move_name,
        move_key,
        move_keys,
        max_moves,
        plies_left,
        order_hint,
        order_evaluate,
        solve_end,
    );

    fn hash(&self, pos: &G::Position) -> u64 {
        self.game.hash(pos) % self.modulus.max(1)
    }
}

/// The oracle: the minimax value of `game` from `root` at `depth`, by
/// [`tree_core::minimax`] on the [`Horizon`] tree.
pub fn horizon_value<G: Game>(game: &G, root: &G::Position, depth: u32) -> Value {
    tree_core::minimax(&Horizon::new(game, root.clone(), depth))
}

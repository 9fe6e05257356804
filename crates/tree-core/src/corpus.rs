//! The shared test corpus: random non-uniform trees and a grid of generated
//! trees that every algorithm is checked on against [`minimax`](crate::minimax).
//!
//! Behind the `testing` feature: test support, not part of the stable API.
//! Every crate of the workspace enables it for its tests, benches and
//! examples (through `[dev-dependencies]`), so that they all draw from one
//! corpus; deterministic from the seed.

use std::sync::mpsc;
use std::time::Duration;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{
    BestChild, Bounds, Dewey, ExplicitTree, Game, GenSpec, GeneratedTree, Generator, RootScore,
    StopHandle, Tree, Value, minimax_at,
};

#[cfg(feature = "testing")]
pub mod mpirun;

/// `tree` with its leaves valued 7 and −7 shown as +∞ and −∞: sentinel
/// leaves, which every search must refuse with an error. On the corpus's
/// small-valued trees that puts sentinels at scattered places.
#[derive(Debug, Clone, Copy)]
pub struct Sentinels<'a, T: ?Sized>(pub &'a T);

impl<T: Tree + ?Sized> Tree for Sentinels<'_, T> {
    type Node = T::Node;

    fn root(&self) -> T::Node {
        self.0.root()
    }

    fn num_children(&self, n: &T::Node) -> usize {
        self.0.num_children(n)
    }

    fn child(&self, n: &T::Node, i: usize) -> T::Node {
        self.0.child(n, i)
    }

    fn value(&self, n: &T::Node) -> Value {
        match self.0.value(n).get() {
            7 => Value::INF,
            -7 => Value::NEG_INF,
            _ => self.0.value(n),
        }
    }

    fn bounds(&self) -> Option<Bounds> {
        self.0.bounds()
    }
}

/// `tree` with a hook on every terminal evaluation, for tests that watch
/// or disturb a search: the search sees `on_leaf` of each terminal's value
/// (the hook may count, wait, raise a stop handle, panic or lie), and the
/// tree's shape ([`Tree::bounds`]) only with `shape`.
///
/// ```
/// use std::cell::Cell;
/// use tree_core::{ExplicitTree, Tree, Value, corpus::Hooked, minimax};
/// let t = ExplicitTree::uniform(2, 2, &[3, 1, 4, 1]).unwrap();
/// let leaves = Cell::new(0);
/// let hooked = Hooked::new(&t, |v| {
///     leaves.set(leaves.get() + 1);
///     v
/// });
/// assert_eq!(minimax(&hooked), Value::new(1).unwrap());
/// assert_eq!(leaves.get(), 4);
/// assert!(Hooked::shapeless(&t).bounds().is_none());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Hooked<T, F> {
    /// The tree.
    pub tree: T,
    /// What the search sees of a terminal's value.
    pub on_leaf: F,
    /// Whether the tree reports its shape.
    pub shape: bool,
}

impl<T: Tree, F: Fn(Value) -> Value> Hooked<T, F> {
    /// `tree` with `on_leaf` on every terminal, its shape reported.
    pub fn new(tree: T, on_leaf: F) -> Hooked<T, F> {
        Hooked {
            tree,
            on_leaf,
            shape: true,
        }
    }
}

impl<T: Tree> Hooked<T, fn(Value) -> Value> {
    /// `tree` as it is, but for its shape, which it does not report.
    pub fn shapeless(tree: T) -> Hooked<T, fn(Value) -> Value> {
        Hooked {
            tree,
            on_leaf: |v| v,
            shape: false,
        }
    }
}

impl<T: Tree, F: Fn(Value) -> Value> Tree for Hooked<T, F> {
    type Node = T::Node;

    crate::forward_tree!(tree: root, num_children, child);

    fn value(&self, n: &T::Node) -> Value {
        (self.on_leaf)(self.tree.value(n))
    }

    fn bounds(&self) -> Option<Bounds> {
        if self.shape { self.tree.bounds() } else { None }
    }
}

/// The row the papers print for a search of a uniform (`b`, `d`) tree that
/// evaluated the terminals `order` (Dewey codes, repeats allowed): for
/// each leaf left to right, the rank of its first evaluation, `-` if it
/// was never evaluated (Bhattacharya 1995, Tables 1 and 2).
///
/// ```
/// use tree_core::{Dewey, corpus::rank_row};
/// let order: Vec<Dewey> = [1, 0, 1].map(|i| Dewey::root().child(i)).to_vec();
/// assert_eq!(rank_row(&order, 3, 1), "2 1 -");
/// ```
pub fn rank_row(order: &[Dewey], b: usize, d: usize) -> String {
    let mut rank = vec![None; b.pow(d as u32)];
    let mut n = 0;
    for code in order {
        let slot = &mut rank[code.rank(b)];
        if slot.is_none() {
            n += 1;
            *slot = Some(n);
        }
    }
    let cells: Vec<String> = rank
        .iter()
        .map(|r: &Option<usize>| r.map_or("-".into(), |r| r.to_string()))
        .collect();
    cells.join(" ")
}

/// Raises `stop` from another thread after `delay`: for tests that stop a
/// running search from outside. Join the handle once the search returned.
pub fn raise_after(stop: &crate::StopHandle, delay: Duration) -> std::thread::JoinHandle<()> {
    let stop = stop.clone();
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        stop.stop();
    })
}

/// A chain: every node down to depth `.0` has one child; the terminal is
/// valued `.1`. Deeper than any recursion survives, if need be.
#[derive(Debug, Clone, Copy)]
pub struct Chain(pub usize, pub Value);

impl Tree for Chain {
    type Node = usize;

    fn root(&self) -> usize {
        0
    }

    fn num_children(&self, n: &usize) -> usize {
        usize::from(*n < self.0)
    }

    fn child(&self, n: &usize, _: usize) -> usize {
        n + 1
    }

    fn value(&self, _: &usize) -> Value {
        self.1
    }
}

/// A game without end: two moves everywhere (keyed 0 and 1), positions
/// valued 0 to 6 by a hash of the line, and `keys` move keys declared (2
/// is honest; more tests a history table that size).
#[derive(Debug, Clone, Copy)]
pub struct Endless {
    /// The move keys the game declares ([`Game::move_keys`]).
    pub keys: usize,
}

impl Game for Endless {
    type Position = u64;
    type Move = u8;
    type Moves = Vec<u8>;

    fn moves(&self, _: &u64, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend([0, 1]);
    }

    fn play(&self, pos: &u64, mv: u8) -> u64 {
        pos.wrapping_mul(3).wrapping_add(u64::from(mv) + 1)
    }

    fn evaluate(&self, pos: &u64) -> Value {
        Value::from_small((pos % 7) as i16)
    }

    fn hash(&self, pos: &u64) -> u64 {
        crate::mix64(*pos)
    }

    fn move_key(&self, _: &u64, mv: u8) -> usize {
        usize::from(mv)
    }

    fn move_keys(&self) -> usize {
        self.keys
    }
}

/// A subtraction game: take 1 to `most` from a heap (the position); the
/// last to take wins. Positions are valued by `evaluate`, and the game
/// declares `most` as its move bound ([`Game::max_moves`]) only with
/// `bounded`; every other method is the trait's default.
#[derive(Debug, Clone, Copy)]
pub struct Take {
    /// The most a move takes.
    pub most: u32,
    /// Whether the game declares its move bound.
    pub bounded: bool,
    /// A heap's value for the player to move.
    pub evaluate: fn(u32) -> Value,
}

impl Game for Take {
    type Position = u32;
    type Move = u32;
    type Moves = Vec<u32>;

    fn moves(&self, heap: &u32, out: &mut Vec<u32>) {
        out.clear();
        out.extend(1..=(*heap).min(self.most));
    }

    fn play(&self, heap: &u32, take: u32) -> u32 {
        heap - take
    }

    fn evaluate(&self, heap: &u32) -> Value {
        (self.evaluate)(*heap)
    }

    fn hash(&self, heap: &u32) -> u64 {
        u64::from(*heap)
    }

    fn max_moves(&self) -> Option<usize> {
        self.bounded.then_some(self.most as usize)
    }
}

/// A hang detector, not a performance threshold: runs `f` on a thread of
/// its own and fails if it has not finished after five minutes (a panic in
/// `f` is raised again here), so that a search that never returns fails
/// its test instead of hanging it.
pub fn bounded(f: impl FnOnce() + Send + 'static) {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::spawn(move || {
        f();
        let _ = tx.send(());
    });
    match rx.recv_timeout(Duration::from_secs(300)) {
        Ok(()) => handle.join().expect("finished"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            // `f` panicked: re-raise its panic here.
            if let Err(p) = handle.join() {
                std::panic::resume_unwind(p);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("a search hung (five minutes)"),
    }
}

/// How the leaf values of a random tree are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaves {
    /// 0..=2: many ties.
    Tiny,
    /// −9..=9.
    Small,
    /// The extremes of the leaf range and a few values near 0.
    Extreme,
    /// Anywhere in the leaf range.
    Wide,
}

impl Leaves {
    /// Every kind.
    pub const ALL: [Leaves; 4] = [Leaves::Tiny, Leaves::Small, Leaves::Extreme, Leaves::Wide];

    fn draw(self, rng: &mut Xoshiro256PlusPlus) -> i64 {
        let (lo, hi) = (i64::from(Value::MIN_LEAF), i64::from(Value::MAX_LEAF));
        match self {
            Leaves::Tiny => range(rng, 0, 2),
            Leaves::Small => range(rng, -9, 9),
            Leaves::Extreme => [lo, lo + 1, -1, 0, 1, hi - 1, hi][range(rng, 0, 6) as usize],
            Leaves::Wide => range(rng, lo, hi),
        }
    }
}

fn range(rng: &mut Xoshiro256PlusPlus, lo: i64, hi: i64) -> i64 {
    let span = (hi - lo + 1) as u64;
    lo + ((u128::from(rng.next_u64()) * u128::from(span)) >> 64) as i64
}

/// A random non-uniform tree in the nested text form: branching 1 to 6 (one
/// child a third of the time), terminals at mixed depths (the root itself
/// now and then), at most about `budget` nodes and depth `max_depth`.
pub fn random_text(seed: u64, leaves: Leaves, max_depth: usize, budget: usize) -> String {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = String::new();
    let mut budget = budget as i64;
    // (depth, children left to print); iterative, like the parser.
    let mut stack: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    loop {
        // Emit one node at `depth`.
        budget -= 1;
        let p_terminal = if depth == 0 { 3 } else { 10 + 8 * depth as i64 };
        if depth >= max_depth || budget <= 0 || range(&mut rng, 0, 99) < p_terminal {
            out.push_str(&leaves.draw(&mut rng).to_string());
            // Close finished lists, open the next sibling.
            loop {
                match stack.last_mut() {
                    None => return out,
                    Some(0) => {
                        out.push(']');
                        stack.pop();
                        depth -= 1;
                    }
                    Some(left) => {
                        *left -= 1;
                        out.push(',');
                        break;
                    }
                }
            }
        } else {
            let k = if range(&mut rng, 0, 2) == 0 {
                1
            } else {
                range(&mut rng, 2, 6) as usize
            };
            out.push('[');
            stack.push(k - 1);
            depth += 1;
        }
    }
}

/// `n` random non-uniform trees from `seed`, cycling through the leaf kinds,
/// depths 0 to 7, about 120 nodes at most.
pub fn random_trees(seed: u64, n: usize) -> impl Iterator<Item = (String, ExplicitTree)> {
    (0..n).map(move |k| {
        let s = seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(k as u64);
        let leaves = Leaves::ALL[k % Leaves::ALL.len()];
        let max_depth = k % 8;
        let text = random_text(s, leaves, max_depth, 120);
        let tree = ExplicitTree::parse(&text).expect("the corpus writes valid trees");
        (text, tree)
    })
}

/// One generator of every kind, with orderings, ties and extreme values.
pub const GENERATORS: &[Generator] = &[
    Generator::RANDOM,
    Generator::Random { lo: 0, hi: 2 },
    Generator::Random {
        lo: Value::MIN_LEAF,
        hi: Value::MAX_LEAF,
    },
    Generator::Campbell(BestChild::Uniform, RootScore::Random),
    Generator::Campbell(BestChild::FirstMoveBest(0.5), RootScore::Random),
    Generator::Campbell(BestChild::Geometric(0.8), RootScore::Random),
    Generator::Campbell(BestChild::First, RootScore::Random),
    Generator::TOPDOWN_RANDOM,
    Generator::STRONG,
    Generator::KORF,
    Generator::PERFECT,
];

/// A spread of memory budgets from `lo` up to `hi`: `points`, and the
/// budgets from `lo` growing by the factor `num / den` (plus one) while
/// below `hi`, sorted, each once.
pub fn budget_spread(lo: usize, hi: usize, points: &[usize], num: usize, den: usize) -> Vec<usize> {
    let mut ms = points.to_vec();
    let mut m = lo;
    while m < hi {
        ms.push(m);
        m = m * num / den + 1;
    }
    ms.sort_unstable();
    ms.dedup();
    ms
}

/// Small uniform shapes, terminal root and single-child chains included.
pub const SHAPES: &[(usize, usize)] = &[
    (0, 0),
    (1, 1),
    (1, 4),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 2),
    (3, 3),
    (3, 4),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 3),
    (6, 2),
];

/// Every generator on every shape, `per_cell` trees each.
pub fn generated_trees(per_cell: u64) -> impl Iterator<Item = GeneratedTree> {
    GENERATORS.iter().flat_map(move |&g| {
        SHAPES.iter().flat_map(move |&(b, d)| {
            (0..per_cell).map(move |seed| {
                GenSpec::new(g, b, d, seed, seed * 7 + 1)
                    .build()
                    .expect("corpus specs are valid")
            })
        })
    })
}

/// Raises `stop` from another thread after `delay`: join the handle after
/// the search it stops.
pub fn stop_after(stop: &StopHandle, delay: Duration) -> std::thread::JoinHandle<()> {
    let stop = stop.clone();
    std::thread::spawn(move || {
        std::thread::sleep(delay);
        stop.stop();
    })
}

/// The leaf value `x`, for tests that write values as numbers.
///
/// # Panics
/// If `x` is not a leaf value (a test's mistake).
pub fn value(x: impl Into<i64>) -> Value {
    Value::new(x).expect("a leaf value")
}

/// The tree of `generator` with branching `b`, depth `d` and `seed` (tree
/// index 0): what a test names in one line.
///
/// # Panics
/// On a specification [`GenSpec::build`] refuses (a test's mistake).
pub fn generated(generator: Generator, b: usize, d: usize, seed: u64) -> GeneratedTree {
    GenSpec::new(generator, b, d, seed, 0)
        .build()
        .expect("a valid test tree")
}

/// Checks a search's best move and principal variation against the
/// minimax oracle: the one check every crate's tests make.
///
/// With ties there may be several best moves, so "right" means: on a
/// terminal root, no move and an empty line; otherwise `best` is a move of
/// the root, the line starts with it, and every move of the line leads to
/// a position whose minimax value is the root's (the values along a
/// principal variation are all the root's, from MAX's side). With `whole`,
/// the line must also end at a terminal. `value` is the value the search
/// returned, which must be the root's.
///
/// ```
/// use tree_core::{Dewey, ExplicitTree, corpus::check_line};
/// let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap(); // value 5
/// let five = tree_core::Value::from_small(5);
/// let line: Dewey = "21".parse().unwrap();
/// assert!(check_line(&t, five, Some(1), &line, true).is_ok());
/// assert!(check_line(&t, five, Some(0), &"11".parse().unwrap(), true).is_err());
/// assert!(check_line(&t, five, Some(1), &"2".parse().unwrap(), true).is_err()); // not whole
/// assert!(check_line(&t, five, Some(1), &"2".parse().unwrap(), false).is_ok());
/// ```
///
/// # Errors
/// A message saying which move is wrong and why.
pub fn check_line<T: Tree + ?Sized>(
    tree: &T,
    value: Value,
    best: Option<usize>,
    line: &Dewey,
    whole: bool,
) -> Result<(), String> {
    let root = tree.root();
    let v = minimax_at(tree, &root, true);
    if value != v {
        return Err(format!("value {value}, but the minimax value is {v}"));
    }
    let w = tree.num_children(&root);
    if w == 0 {
        return match (best, line.depth()) {
            (None, 0) => Ok(()),
            _ => Err(format!(
                "a terminal root has no move, but best is {best:?} and the line {line}"
            )),
        };
    }
    let Some(best) = best else {
        return Err("no best move on a root with moves".into());
    };
    if best >= w {
        return Err(format!(
            "best move {best} (0-based) of a root with {w} moves"
        ));
    }
    match line.digits().first() {
        Some(&first) if usize::from(first) == best => {}
        _ => {
            return Err(format!(
                "the line {line} does not start with best move {best} (0-based)"
            ));
        }
    }
    let mut node = root;
    for (depth, &i) in line.digits().iter().enumerate() {
        let i = usize::from(i);
        let w = tree.num_children(&node);
        if i >= w {
            return Err(format!(
                "move {} of the line {line} is {} (1-based), but the node has {w} moves",
                depth + 1,
                i + 1
            ));
        }
        node = tree.child(&node, i);
        let child = minimax_at(tree, &node, depth % 2 == 1);
        if child != v {
            return Err(format!(
                "move {} of the line {line} leads to a position of value {child}, not the root's {v}",
                depth + 1
            ));
        }
    }
    if whole && tree.num_children(&node) > 0 {
        return Err(format!("the line {line} stops above a terminal"));
    }
    Ok(())
}

/// [`check_line`] for a search that knows the best move and no deeper
/// line: `best` must be a move of the root to a position of the root's
/// value (`None` exactly on a terminal root).
///
/// ```
/// use tree_core::{ExplicitTree, corpus::check_best};
/// let t: ExplicitTree = "[[3,7],[5,9]]".parse().unwrap(); // value 5
/// let five = tree_core::Value::from_small(5);
/// assert!(check_best(&t, five, Some(1)).is_ok());
/// assert!(check_best(&t, five, Some(0)).is_err());
/// assert!(check_best(&t, five, None).is_err());
/// ```
///
/// # Errors
/// As [`check_line`]; a move a Dewey digit cannot number.
pub fn check_best<T: Tree + ?Sized>(
    tree: &T,
    value: Value,
    best: Option<usize>,
) -> Result<(), String> {
    let mut line = Dewey::root();
    if let Some(b) = best {
        if b > usize::from(u16::MAX) {
            return Err(format!("best move {b} (0-based) beyond a Dewey digit"));
        }
        line.push(b);
    }
    check_line(tree, value, best, &line, false)
}

/// Whether the system refuses an allocation it cannot give: `false` only
/// under Linux's `vm.overcommit_memory = 1`, which grants any request (a
/// test that asks for terabytes to see an error would then get them, and
/// fill the machine when it writes). Such tests skip, saying why, when
/// this is `false`.
pub fn refuses_impossible_allocations() -> bool {
    let mode = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    if mode.trim() == "1" {
        eprintln!("skipped: vm.overcommit_memory = 1 grants any allocation");
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tree;

    #[test]
    fn corpus_is_varied_and_deterministic() {
        let a: Vec<String> = random_trees(1, 200).map(|(t, _)| t).collect();
        let b: Vec<String> = random_trees(1, 200).map(|(t, _)| t).collect();
        assert_eq!(a, b);
        let trees: Vec<ExplicitTree> = random_trees(2, 400).map(|(_, t)| t).collect();
        assert!(
            trees.iter().any(|t| t.num_children(&t.root()) == 0),
            "a terminal root"
        );
        assert!(
            trees
                .iter()
                .any(|t| !t.bounds().unwrap().uniform && t.bounds().unwrap().depth >= 4)
        );
        assert!(
            trees.iter().any(|t| t.num_children(&t.root()) == 1),
            "a single child"
        );
        assert_eq!(generated_trees(1).count(), GENERATORS.len() * SHAPES.len());
    }
}

//! MGame(searchd) (Bhattacharya & Bagchi, IPL 52, 1994, as described in
//! Bhattacharya & Bagchi 1996, §4): RecSSS\* run on slabs of `searchd` plies, one below the
//! other.
//!
//! The paper is not available; Bhattacharya & Bagchi 1996 says that MGame "partitions a game
//! tree along the vertical axis into trees of smaller height and runs
//! RecSSS\* on each of them", that MGame(2) is QuickGame and MGame(d) is
//! RecSSS\*, that it "is able to make use of only discrete slabs of memory"
//! and that it "sometimes examines more terminal nodes than Alpha-Beta".
//! What follows is the reading built from that and from QuickGame's
//! pseudo-code (Bhattacharya 1995, §2), which is MGame(2).
//!
//! # The reading
//!
//! `MGame(p, alpha, beta)` at an interior MAX node `p` (a terminal returns
//! `min(beta, v(p))`) runs a *local search*: RecSSS\* (see
//! [`recsss`](crate::recsss::search)) over the subtree of height `searchd` below
//! `p`, with every `h` starting at `beta`. A MAX node of that subtree at
//! relative depth `k < searchd` owns a block of one entry per son (the
//! son's current grandson, or the son itself if it is terminal), exactly
//! as in RecSSS\*: LIVE/SOLVED, expanded flags, the leftmost highest entry
//! searched while its `h` equals its owner's, a solved grandson replaced
//! by its right brother with the same `h`. A node at relative depth
//! `searchd` (a MAX node, `searchd` being even) is a *frontier* node: the
//! local search does not expand it; when it is selected it is solved by
//! the recursive call `MGame(x, r, h(x))`, whose result (`min(h(x),
//! value)`, or a value `<= r` proving that `x` cannot matter) becomes
//! `h(x)`, SOLVED. `r` is the local search's lower bound, as in QuickGame:
//! `alpha` at first, raised to `max(r, h)` whenever a son of the local root
//! is completely solved (a terminal son, or its last grandson solved). The
//! local search returns `max(r, h)` of the best entry of the local root's
//! block, i.e. `p`'s value clamped to `[alpha, beta]`. The root is searched
//! as `MGame(root, -inf, +inf)`.
//!
//! With `searchd = 2` every grandson is a frontier node and this is
//! QuickGame's procedure line by line. With `searchd >= d` (the tree's
//! depth) the only local search is the root's, it reaches the terminals,
//! has no frontier, and is RecSSS\* (the bound `r` is then never used).
//! A larger `searchd` than `d` changes nothing: MGame(searchd) for any
//! even `searchd >= d` is RecSSS\*, with RecSSS\*'s OPEN. An odd `searchd`
//! or 0 is refused ([`BestFirstError::InvalidParameter`]): the frontier
//! must be a MAX level.
//!
//! # The tie rule ([`Tie`])
//!
//! The two end points disagree on one thing: what the local root does when
//! its best LIVE entry ties with the best solved value `r`. QuickGame's
//! loop is `while h[k] > r`: at a tie it stops (the LIVE son is worth at
//! most `r` and cannot change the value). RecSSS\* selects the leftmost
//! entry of highest `h` and stops only if that entry is SOLVED: at a tie
//! with a LIVE entry to the left of the solved one it searches on, as
//! left-most SSS\* does. Both are correct; the first never evaluates more.
//! Neither rule gives both end points (on a depth-2 tree, MGame(2) and
//! MGame(d) are the same search and QuickGame and RecSSS\* differ there), so
//! the rule is a parameter, [`Config::tie`]:
//!
//! * [`Tie::Stop`]: QuickGame's rule in every local search — stop when
//!   the highest `h` is at most `r`;
//! * [`Tie::Leftmost`]: RecSSS\*'s rule in every local search — stop when
//!   the leftmost entry of highest `h` is SOLVED, or its `h` is at most
//!   `alpha`;
//! * [`Tie::Auto`] (default): `Leftmost` when `searchd > 2` and
//!   `searchd >= d`, i.e. exactly when MGame is the single frontier-less
//!   local search that RecSSS\* is; `Stop` otherwise, i.e. for every
//!   frontier-driven search and for MGame(2) at any depth (QuickGame's
//!   rule, also on a depth-2 tree, where MGame(2) = QuickGame takes
//!   precedence over MGame(d) = RecSSS\*).
//!
//! The default therefore evaluates the same terminals in the same order as
//! [`quickgame`](crate::quickgame::search) for `searchd = 2` and as
//! [`recsss`](crate::recsss::search) for `searchd >= max(d, 4)`, and with
//! `Leftmost` also for `searchd = 2 >= d`; the tests check both on
//! thousands of trees.
//!
//! # OPEN
//!
//! One OPEN array, allocated and filled before the search, holds the
//! whole stack of local searches. Only the local searches of the MAX nodes
//! on the current path of frontier calls are alive at once, one per slab,
//! so the local search at depth `t = L·searchd` gets the fixed region `L`
//! of the array. Inside a region the layout is RecSSS\*'s: a MAX node at
//! relative depth `k` owns its block (one entry per son) followed by one
//! sub-region per grandson slot for the nodes at relative depth `k + 2`.
//! With `b` the maximum branching, `d` the depth, `H(t) = min(searchd,
//! d − t)` the height a local search at depth `t` covers and
//! `S(m) = b + b² + … + b^m`, a MAX node at relative depth `k < H` needs
//! `S(⌈(H − k)/2⌉)` entries, so the region of the local search at depth
//! `t` is
//! `S(⌈H(t)/2⌉) = S(min(searchd/2, ⌈(d − t)/2⌉))` entries and
//!
//! > **capacity(b, d, searchd) = 1 + Σ_{t = 0, searchd, 2·searchd, … < d}
//! > S(min(searchd/2, ⌈(d − t)/2⌉))**
//!
//! (the 1 is the root's own entry, as in RecSSS\* and MemSSS\*; 1 for a
//! terminal root). That is `⌈d/searchd⌉` regions of `b + … + b^(searchd/2)`
//! entries, the last one cut to the depth left. For `searchd = 2` it is
//! `1 + b·⌈d/2⌉`, MemSSS\*'s minimum (QuickGame's `b·⌈d/2⌉` plus the root);
//! for `searchd >= d` it is `1 + b + … + b^⌈d/2⌉`, RecSSS\*'s OPEN and
//! MemSSS\*'s maximum: MGame uses those and the discrete sizes in between
//! ([`minimum`]). The search never writes outside its regions, so the
//! peak (entries held at once, counted as RecSSS\* counts them) is at most
//! the capacity; a budget below it is refused.

use tree_core::{Bounds, Tree, Value};

use crate::blocks::{Blocks, Limits, Policy, RecEntry, Solved};
use crate::error::{BestFirstError, terminal};
use crate::limited::metered;
use crate::open::{Open, Outcome, budget};
use crate::shape::{Sums, check_bounds, geometric, geometric_sums, shape};

const ALGORITHM: &str = "MGame";

/// How a local search of MGame treats a tie between its best LIVE entry
/// and its best solved value (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Tie {
    /// `Leftmost` if `searchd > 2` and `searchd >= d` (MGame is then
    /// RecSSS\*), `Stop` otherwise (QuickGame's rule).
    #[default]
    Auto,
    /// QuickGame's `while h[k] > r`: stop at a tie.
    Stop,
    /// RecSSS\*'s rule: stop when the leftmost entry of highest `h` is
    /// SOLVED (or its `h` is at most the call's `alpha`).
    Leftmost,
}

/// The configuration of an MGame search.
///
/// ```
/// use search_bestfirst::mgame::{Config, Tie};
/// let c = Config::default();
/// assert_eq!((c.searchd, c.memory, c.tie), (2, None, Tie::Auto));
/// assert_eq!(Config::new(4).searchd, 4);
/// ```
#[derive(Debug, Clone)]
pub struct Config {
    /// The height of the slabs: even, at least 2. 2 is QuickGame; `>= d`
    /// is RecSSS\*.
    pub searchd: usize,
    /// The OPEN budget in entries; `None` = the size MGame needs,
    /// [`minimum`]. A larger budget is accepted, but only that size is
    /// allocated (the search cannot use more).
    pub memory: Option<usize>,
    /// The shape to size OPEN from; `None` = [`Tree::bounds`].
    pub shape: Option<Bounds>,
    /// The tie rule of the local searches.
    pub tie: Tie,
    /// When to stop: a deadline, a leaf budget, a stop handle (default:
    /// none); a stopped search returns [`BestFirstError::Stopped`].
    pub limits: tree_core::Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config::new(2)
    }
}

impl Config {
    /// MGame(`searchd`) with the default budget, shape and tie rule, and
    /// no limits.
    pub fn new(searchd: usize) -> Config {
        Config {
            searchd,
            memory: None,
            shape: None,
            tie: Tie::Auto,
            limits: tree_core::Limits::none(),
        }
    }

    crate::open::with_memory!();
}

fn check_searchd(searchd: usize) -> Result<(), BestFirstError> {
    if searchd < 2 || !searchd.is_multiple_of(2) {
        return Err(BestFirstError::InvalidParameter {
            name: "searchd",
            message: format!(
                "MGame's search depth must be even and at least 2 (the frontier is a MAX level); \
                 got {searchd}"
            ),
        });
    }
    Ok(())
}

/// The OPEN entries MGame(`cfg.searchd`) allocates — its least budget, and
/// all it can use — on trees of shape `bounds`: `1 + Σ_{t = 0, searchd, … < d} S(min(searchd/2,
/// ⌈(d − t)/2⌉))` with `S(m) = b + … + b^m` (see the [module docs](self)).
/// `1 + b·⌈d/2⌉` for `searchd = 2`, RecSSS\*'s `1 + b + … + b^⌈d/2⌉` for
/// `searchd >= d`.
///
/// ```
/// use search_bestfirst::mgame::{Config, minimum};
/// use tree_core::Bounds;
/// let s = Bounds::uniform(2, 6);
/// assert_eq!(minimum(s, &Config::new(2)), Ok(7)); // 1 + 2·3: MemSSS*'s minimum
/// assert_eq!(minimum(s, &Config::new(4)), Ok(1 + (2 + 4) + 2));
/// assert_eq!(minimum(s, &Config::new(6)), Ok(15)); // 1 + 2 + 4 + 8: RecSSS*
/// assert_eq!(minimum(s, &Config::new(8)), Ok(15));
/// assert!(minimum(s, &Config::new(3)).is_err());
/// ```
///
/// # Errors
/// [`BestFirstError::InvalidParameter`] for an odd or zero `searchd`;
/// [`BestFirstError::TreeShape`] for a shape deeper than
/// [`MAX_DEPTH`](tree_core::MAX_DEPTH) or wider than 65,535; [`BestFirstError::TooLarge`] if the
/// size overflows.
pub fn minimum(bounds: Bounds, cfg: &Config) -> Result<usize, BestFirstError> {
    let searchd = cfg.searchd;
    check_searchd(searchd)?;
    check_bounds(bounds)?;
    let Bounds {
        branching: b,
        depth: d,
        ..
    } = bounds;
    let too_large = BestFirstError::TooLarge {
        algorithm: ALGORITHM,
    };
    let mut size = 1usize;
    let mut t = 0;
    while t < d {
        let region = geometric(b, (searchd / 2).min((d - t).div_ceil(2)))
            .ok_or_else(|| too_large.clone())?;
        size = size.checked_add(region).ok_or_else(|| too_large.clone())?;
        t = t.saturating_add(searchd);
    }
    if size >= u32::MAX as usize {
        return Err(too_large);
    }
    Ok(size)
}

/// What the local searches of one MGame run share.
struct Slabs {
    searchd: usize,
    /// The tree's depth.
    depth: usize,
    leftmost: bool,
    /// `S(m)` by `m` (only `m ≤ searchd/2` is read), so that region sizes
    /// are looked up, not recomputed.
    sums: Sums,
}

impl Slabs {
    /// The entries a MAX node at relative depth `k` of the local search at
    /// depth `t` needs: `S(⌈(H − k)/2⌉)`, 0 at or below the frontier.
    fn region(&self, t: usize, k: usize) -> usize {
        let height = self.searchd.min(self.depth.saturating_sub(t));
        self.sums[height.saturating_sub(k).div_ceil(2)]
    }

    /// `MGame(p, alpha, beta)` at the local root `root`: the local search
    /// over the slab below it. Returns its value clamped to
    /// `[alpha, beta]`.
    fn mgame<T: Tree + ?Sized>(
        &self,
        blocks: &mut Blocks<'_, T>,
        root: LocalRoot<'_, T::Node>,
    ) -> Result<Value, BestFirstError> {
        let LocalRoot {
            node: p,
            w,
            t,
            base,
            alpha,
            beta,
        } = root;
        if t >= blocks.limits.depth {
            return Err(blocks.limits.error(t, "has children"));
        }
        if t + 1 == blocks.limits.depth && alpha < beta {
            // Terminal sons only: the loop below evaluates them left to
            // right until one is ≥ beta, under either tie rule, and returns
            // max(alpha, what RecSSS*'s last level finds).
            if t == 0 {
                let (h, best) = blocks.last_level_best(p, t, w, beta, base)?;
                blocks.root_best = Some(best);
                return Ok(alpha.max(h));
            }
            return Ok(alpha.max(blocks.last_level(p, t, w, beta, base)?));
        }
        let occupied_before = blocks.occupied;
        blocks.write_block(p, t, w, beta, base, self.region(t, 2))?;
        let mut local = Local {
            slabs: self,
            t,
            next_base: base + self.region(t, 0),
            r: alpha,
        };
        // The leftmost highest entry, kept up to date as in RecSSS*'s
        // recursion (`Blocks::reselect`).
        let mut k = base;
        loop {
            let e = blocks.entry(k);
            let stop = if self.leftmost {
                e.solved || e.h <= alpha
            } else {
                e.h <= local.r
            };
            if stop {
                break;
            }
            let (top, below) = (e.h, if e.terminal_son { t + 1 } else { t + 2 });
            blocks.search(k, below, &local)?;
            let h = blocks.entry(k).h;
            if blocks.advance(k) {
                if t == 0 && h > local.r {
                    // The root's best move: the son that last raised r.
                    blocks.root_best = Some(k - base);
                }
                local.r = local.r.max(h);
            }
            if blocks.entry(k).h != top {
                k = blocks.reselect(base, w, k, top);
            }
        }
        let value = local.r.max(blocks.entry(k).h);
        // The slab's entries are all released when its local search ends.
        blocks.occupied = occupied_before;
        Ok(value)
    }
}

/// What one call `MGame(p, alpha, beta)` is given: the interior MAX node
/// `p`, its `w` children and depth `t`, where its slab's region starts in
/// OPEN, and the window.
struct LocalRoot<'n, N> {
    node: &'n N,
    w: usize,
    t: usize,
    base: usize,
    alpha: Value,
    beta: Value,
}

/// One local search, MGame's [`Policy`] for RecSSS\*'s recursion: regions
/// cut to the slab, and a frontier node solved by a recursive MGame call.
struct Local<'s> {
    slabs: &'s Slabs,
    /// Depth of the local root in the tree.
    t: usize,
    /// Where the next slab's region starts.
    next_base: usize,
    /// The local lower bound `r`, passed to frontier calls.
    r: Value,
}

impl<T: Tree + ?Sized> Policy<T> for Local<'_> {
    fn region(&self, t: usize) -> usize {
        self.slabs.region(self.t, t - self.t)
    }

    fn frontier(&self, blocks: &mut Blocks<'_, T>, pp: usize, t: usize, w: usize) -> Solved {
        if t - self.t != self.slabs.searchd {
            return Ok(None);
        }
        // A frontier node: solved by MGame(x, r, h(x)) on the next slab.
        let node = blocks.entry(pp).node.clone();
        let h = blocks.entry(pp).h;
        let root = LocalRoot {
            node: &node,
            w,
            t,
            base: self.next_base,
            alpha: self.r,
            beta: h,
        };
        Ok(Some(self.slabs.mgame(blocks, root)?))
    }
}

crate::open::searches! {
    /// MGame(searchd) (Bhattacharya & Bagchi 1994; Bhattacharya & Bagchi 1996, §4): RecSSS\* on
    /// slabs of `searchd` plies, each frontier node of a slab solved by a
    /// recursive MGame call with the slab's lower bound. MGame(2) is
    /// [`quickgame`](crate::quickgame::search) and MGame(`d`) is
    /// [`recsss`](crate::recsss::search), terminal for terminal (see the
    /// [module docs](self) for the reading, the tie rule and the memory).
    ///
    /// ```
    /// use search_bestfirst::{mgame, quickgame, recsss};
    /// use tree_core::{GenSpec, Generator, Traced, minimax};
    ///
    /// let tree = GenSpec::new(Generator::RANDOM, 3, 6, 7, 0).build().unwrap();
    /// let order = |f: &dyn Fn(&Traced<&_>)| {
    ///     let t = Traced::new(&tree);
    ///     f(&t);
    ///     t.order()
    /// };
    /// let m2 = order(&|t| {
    ///     assert_eq!(mgame::search(t, &mgame::Config::new(2)).unwrap().value, minimax(&tree))
    /// });
    /// let qg = order(&|t| drop(quickgame::search(t, &quickgame::Config::default()).unwrap()));
    /// assert_eq!(m2, qg);
    /// let m6 = order(&|t| drop(mgame::search(t, &mgame::Config::new(6)).unwrap()));
    /// let rec = order(&|t| drop(recsss::search(t, &recsss::Config::default()).unwrap()));
    /// assert_eq!(m6, rec);
    /// let out = mgame::search(&tree, &mgame::Config::new(4)).unwrap();
    /// // A slab of 4 plies, then one of the 2 plies left.
    /// assert_eq!(out.memory.capacity, 1 + (3 + 9) + 3);
    /// ```
    ///
    /// # Errors
    /// [`BestFirstError::InvalidParameter`] for an odd or zero `searchd`;
    /// [`BestFirstError::UnknownShape`] if the tree reports no shape and none
    /// is given; [`BestFirstError::TooLarge`] if OPEN's size overflows;
    /// [`BestFirstError::BudgetTooSmall`] (stating [`minimum`]) if
    /// `config.memory` is below it, before anything is searched;
    /// [`BestFirstError::TreeShape`] if the tree is deeper or wider than its
    /// shape; [`BestFirstError::SentinelLeaf`].
    fn search;
    /// [`search`] on the OPEN of `cache`, kept for the next search: the same
    /// outcome as [`search`] (value, best move, memory and its peak, which is
    /// this search's), the same terminals in the same order.
    ///
    /// # Errors
    /// As [`search`].
    fn search_in(tree, config, cache) =
        metered!(tree, &config.limits, |t| search_plain(t, config, &mut cache.open));
}

/// The scratch of MGame searches (OPEN), kept between searches by
/// [`search_in`]: a search no larger than one before allocates nothing.
///
/// ```
/// use search_bestfirst::mgame::{self, Cache, Config};
/// use tree_core::worked;
/// let tree = worked::PI.tree();
/// let mut cache = Cache::new();
/// let first = mgame::search_in(&tree, &Config::new(2), &mut cache).unwrap();
/// let again = mgame::search_in(&tree, &Config::new(2), &mut cache).unwrap();
/// assert_eq!(first, again);
/// assert_eq!(first, mgame::search(&tree, &Config::new(2)).unwrap());
/// ```
#[derive(Debug)]
pub struct Cache<N> {
    open: Open<RecEntry<N>>,
}

impl<N> Cache<N> {
    /// An empty cache; the first search allocates it.
    pub fn new() -> Cache<N> {
        Cache {
            open: Open::with_capacity(0),
        }
    }
}

impl<N> Default for Cache<N> {
    fn default() -> Self {
        Cache::new()
    }
}

/// [`search`] on `open` (given back, whatever the result), without looking
/// at the limits.
fn search_plain<T: Tree + ?Sized>(
    tree: &T,
    config: &Config,
    open: &mut Open<RecEntry<T::Node>>,
) -> Result<Outcome, BestFirstError> {
    check_searchd(config.searchd)?;
    let bounds = shape(tree, config.shape, ALGORITHM)?;
    let size = minimum(bounds, config)?;
    budget(ALGORITHM, config.memory, size)?;
    if size
        .checked_mul(Open::<RecEntry<T::Node>>::entry_bytes())
        .is_none_or(|bytes| bytes > isize::MAX as usize)
    {
        return Err(BestFirstError::TooLarge {
            algorithm: ALGORITHM,
        });
    }
    let searchd = config.searchd.min(bounds.depth.next_multiple_of(2).max(2));
    let leftmost = match config.tie {
        Tie::Auto => config.searchd > 2 && config.searchd >= bounds.depth,
        Tie::Stop => false,
        Tie::Leftmost => true,
    };
    // Up to searchd/2, bounded by the size just computed: no overflow.
    let sums = geometric_sums(bounds.branching);
    let slabs = Slabs {
        searchd,
        depth: bounds.depth,
        leftmost,
        sums,
    };
    let limits = Limits {
        bounds,
        branching: bounds.branching,
        depth: bounds.depth,
        shift: 0,
    };
    let array = std::mem::replace(open, Open::with_capacity(0));
    let mut blocks = Blocks::on(tree, limits, array, size, ALGORITHM)?;
    let root = tree.root();
    let w = tree.num_children(&root);
    let value = if w == 0 {
        terminal(tree, &root)
    } else {
        let root = LocalRoot {
            node: &root,
            w,
            t: 0,
            base: 1,
            alpha: Value::NEG_INF,
            beta: Value::INF,
        };
        slabs.mgame(&mut blocks, root)
    };
    let (best, memory) = (blocks.root_best, blocks.memory());
    *open = blocks.into_open();
    Ok(Outcome::new(value?, best, memory))
}

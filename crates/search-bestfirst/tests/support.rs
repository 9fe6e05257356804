//! The searches by the names the tests (and the papers) give them, each one
//! call of a module's `search` or `minimum` with the module `Config` that
//! selects it: Dual\*, RecDual\* and MemDual\* are `dual: true`, the hybrids
//! a `hybrid::Kind`, QG1–3 a `quickgame::Variant`.

use search_bestfirst::hybrid::{self, Kind};
use search_bestfirst::sss::{self, Aspired, OpenTrace};
use search_bestfirst::{BestFirstError, Outcome, itersss, memsss, mgame, quickgame, recsss};
use std::collections::BTreeSet;

use search_depthfirst::{Window, alphabeta};
use std::fmt::Display;

use tree_core::{
    Bounds, Dewey, ExplicitTree, GenSpec, GeneratedTree, Generator, Traced, Tree, Value, corpus,
};

/// What a search of this crate returns.
pub type Found = Result<Outcome, BestFirstError>;

/// Dual\*: `cfg` on the dual tree.
pub fn dual<T: Tree + ?Sized>(tree: &T, cfg: &sss::Config) -> Found {
    sss::search(
        tree,
        &sss::Config {
            dual: true,
            ..cfg.clone()
        },
    )
}

/// One aspiration SSS\* search within (`lower`, `upper`).
pub fn sss_aspiration<T: Tree + ?Sized>(
    tree: &T,
    lower: Value,
    upper: Value,
    cfg: &sss::Config,
) -> Result<Aspired, BestFirstError> {
    let cfg = sss::Config {
        lower,
        upper,
        ..cfg.clone()
    };
    sss::aspiration(tree, &cfg)
}

/// SSS\* below `upper`, with OPEN after every step.
pub fn sss_open_trace<T: Tree + ?Sized>(
    tree: &T,
    upper: Value,
    cfg: &sss::Config,
) -> Result<(Outcome, OpenTrace<T::Node>), BestFirstError> {
    sss::open_trace(
        tree,
        &sss::Config {
            upper,
            ..cfg.clone()
        },
    )
}

/// b^⌈d/2⌉ (b^⌊d/2⌋ for Dual\*).
pub fn minimum_memory(bounds: Bounds, dual: bool) -> Result<usize, BestFirstError> {
    sss::minimum(
        bounds,
        &sss::Config {
            dual,
            ..sss::Config::default()
        },
    )
}

/// The hybrid `kind` with the tie rule, budget and shape of `cfg`.
fn hybrid_of(kind: Kind, cfg: &sss::Config) -> hybrid::Config {
    hybrid::Config {
        kind,
        variant: cfg.variant,
        memory: cfg.memory,
        shape: cfg.shape,
        limits: cfg.limits.clone(),
    }
}

/// Staged SSS\* with stage depth `k`.
pub fn staged_sss<T: Tree + ?Sized>(tree: &T, k: usize, cfg: &sss::Config) -> Found {
    hybrid::search(tree, &hybrid_of(Kind::Staged(k), cfg))
}

/// SSS\* on the top `k` plies over alpha-beta.
pub fn sss_over_alphabeta<T: Tree + ?Sized>(tree: &T, k: usize, cfg: &sss::Config) -> Found {
    hybrid::search(tree, &hybrid_of(Kind::SssOverAlphaBeta(k), cfg))
}

/// Alpha-beta on the top `k` plies over SSS\*.
pub fn alphabeta_over_sss<T: Tree + ?Sized>(tree: &T, k: usize, cfg: &sss::Config) -> Found {
    hybrid::search(tree, &hybrid_of(Kind::AlphaBetaOverSss(k), cfg))
}

/// Staged SSS\*'s OPEN with stage depth `k`.
pub fn staged_minimum(bounds: Bounds, k: usize) -> Result<usize, BestFirstError> {
    hybrid::minimum(bounds, &hybrid_of(Kind::Staged(k), &sss::Config::default()))
}

/// IterSSS\*'s least budget.
pub fn itersss_minimum(bounds: Bounds) -> Result<usize, BestFirstError> {
    itersss::minimum(bounds, &itersss::Config::default())
}

/// `cfg` as MemDual\*.
fn mem_dual(cfg: &memsss::Config) -> memsss::Config {
    memsss::Config {
        dual: true,
        ..cfg.clone()
    }
}

/// MemDual\*.
pub fn memdual<T: Tree + ?Sized>(tree: &T, cfg: &memsss::Config) -> Found {
    memsss::search(tree, &mem_dual(cfg))
}

/// MemDual\* with its events.
pub fn memdual_with_events<T: Tree + ?Sized>(
    tree: &T,
    cfg: &memsss::Config,
) -> Result<(Outcome, memsss::MemEvents), BestFirstError> {
    memsss::search_with_events(tree, &mem_dual(cfg))
}

/// MemSSS\* (MemDual\* with `dual`) with the odd-depth leaf search `leaf`.
fn mem(dual: bool, leaf: bool) -> memsss::Config {
    memsss::Config {
        dual,
        odd_depth_leaf_search: leaf,
        ..memsss::Config::default()
    }
}

/// MemSSS\*'s least budget.
pub fn memsss_minimum(bounds: Bounds, leaf: bool) -> Result<usize, BestFirstError> {
    memsss::minimum(bounds, &mem(false, leaf))
}

/// MemSSS\*'s largest budget (RecSSS\*'s OPEN).
pub fn memsss_maximum(bounds: Bounds, leaf: bool) -> Result<usize, BestFirstError> {
    memsss::maximum(bounds, &mem(false, leaf))
}

/// MemDual\*'s least budget.
pub fn memdual_minimum(bounds: Bounds, leaf: bool) -> Result<usize, BestFirstError> {
    memsss::minimum(bounds, &mem(true, leaf))
}

/// MemDual\*'s largest budget (RecDual\*'s OPEN).
pub fn memdual_maximum(bounds: Bounds, leaf: bool) -> Result<usize, BestFirstError> {
    memsss::maximum(bounds, &mem(true, leaf))
}

/// MemSSS\*'s (MemDual\*'s, for `dual`) least and greatest budgets on
/// `bounds`, with the odd-depth leaf search on (`leaf`) or off.
pub fn mem_budgets(bounds: Bounds, dual: bool, leaf: bool) -> (usize, usize) {
    if dual {
        (
            memdual_minimum(bounds, leaf).unwrap(),
            memdual_maximum(bounds, leaf).unwrap(),
        )
    } else {
        (
            memsss_minimum(bounds, leaf).unwrap(),
            memsss_maximum(bounds, leaf).unwrap(),
        )
    }
}

/// RecDual\*.
pub fn recdual<T: Tree + ?Sized>(tree: &T, cfg: &recsss::Config) -> Found {
    recsss::search(
        tree,
        &recsss::Config {
            dual: true,
            ..cfg.clone()
        },
    )
}

/// MGame(`searchd`)'s OPEN.
pub fn mgame_memory(bounds: Bounds, searchd: usize) -> Result<usize, BestFirstError> {
    mgame::minimum(bounds, &mgame::Config::new(searchd))
}

/// The QuickGame family's OPEN.
pub fn qg_minimum_memory(bounds: Bounds) -> Result<usize, BestFirstError> {
    quickgame::minimum(bounds, &quickgame::Config::default())
}

/// `variant` with the settings of `cfg`, in `cache`.
pub fn qg_search<T: Tree + ?Sized>(
    tree: &T,
    variant: quickgame::Variant,
    cfg: &quickgame::Config,
    cache: &mut quickgame::Cache<T::Node>,
) -> Found {
    let cfg = quickgame::Config {
        variant,
        ..cfg.clone()
    };
    quickgame::search_in(tree, &cfg, cache)
}

/// `variant` with the settings of `cfg`.
fn qg<T: Tree + ?Sized>(tree: &T, variant: quickgame::Variant, cfg: &quickgame::Config) -> Found {
    qg_search(tree, variant, cfg, &mut quickgame::Cache::new())
}

/// QuickGame.
pub fn quickgame<T: Tree + ?Sized>(tree: &T, cfg: &quickgame::Config) -> Found {
    qg(tree, quickgame::Variant::QuickGame, cfg)
}

/// QG1.
pub fn qg1<T: Tree + ?Sized>(tree: &T, cfg: &quickgame::Config) -> Found {
    qg(tree, quickgame::Variant::Qg1, cfg)
}

/// QG2.
pub fn qg2<T: Tree + ?Sized>(tree: &T, cfg: &quickgame::Config) -> Found {
    qg(tree, quickgame::Variant::Qg2, cfg)
}

/// QG3.
pub fn qg3<T: Tree + ?Sized>(tree: &T, cfg: &quickgame::Config) -> Found {
    qg(tree, quickgame::Variant::Qg3, cfg)
}

/// `opts` without the options `a` does not take, found by asking the
/// registry (which refuses them): what a test that sets every option for
/// every algorithm runs each one with.
pub fn taken(
    a: search_bestfirst::Algorithm,
    mut opts: search_bestfirst::Options,
) -> search_bestfirst::Options {
    loop {
        match a.minimum_memory(Bounds::uniform(2, 2), &opts) {
            Err(BestFirstError::NotTaken { option, .. }) => match option {
                "upper" => opts.upper = None,
                "stage" => opts.stage = None,
                "variant" => opts.variant = None,
                "alpha_floor" => opts.alpha_floor = None,
                "searchd" => opts.searchd = None,
                "mgame_tie" => opts.mgame_tie = None,
                "odd_depth_leaf_search" => opts.odd_depth_leaf_search = None,
                other => panic!("unknown option {other}"),
            },
            _ => return opts,
        }
    }
}

/// Every tie rule and stage depth, with an upper bound just off the root's
/// value `truth` (above it at stage 2, below it otherwise), less the
/// options `a` does not take: `(variant, stage, options)`.
pub fn tie_stage_grid(
    a: search_bestfirst::Algorithm,
    truth: Value,
) -> impl Iterator<Item = (search_bestfirst::Variant, usize, search_bestfirst::Options)> {
    use search_bestfirst::Variant;
    [Variant::Stockman, Variant::LeftBiased, Variant::Leftmost]
        .into_iter()
        .flat_map(move |variant| {
            [1, 2, 3].into_iter().map(move |stage| {
                let opts = search_bestfirst::Options {
                    variant: Some(variant),
                    stage: Some(stage),
                    upper: Some(truth.offset(if stage == 2 { 1 } else { -1 })),
                    ..search_bestfirst::Options::default()
                };
                (variant, stage, taken(a, opts))
            })
        })
}

/// The terminals `search` evaluates on `tree`, in order.
pub fn order<T: Tree>(tree: &T, search: impl Fn(&Traced<&T>)) -> Vec<Dewey> {
    let traced = Traced::new(tree);
    search(&traced);
    traced.order()
}

/// The terminals RecSSS\* and RecDual\* evaluate on `tree`, in order, with
/// the odd-depth leaf search on (`leaf`) or off.
pub fn rec_orders<T: Tree>(tree: &T, leaf: bool) -> (Vec<Dewey>, Vec<Dewey>) {
    let cfg = recsss::Config {
        odd_depth_leaf_search: leaf,
        ..recsss::Config::default()
    };
    let rec = order(tree, |t| {
        recsss::search(t, &cfg).unwrap();
    });
    let rec_dual = order(tree, |t| {
        recdual(t, &cfg).unwrap();
    });
    (rec, rec_dual)
}

/// The terminals alpha-beta evaluates on `tree` with the full window.
pub fn alphabeta_leaves<T: Tree>(tree: &T) -> BTreeSet<Dewey> {
    order(tree, |t| {
        alphabeta(t, Window::FULL).unwrap();
    })
    .into_iter()
    .collect()
}

/// `check` on each of the `n` random non-uniform trees of `seed`, with
/// its text: how many it checked.
pub fn each_random_tree(seed: u64, n: usize, check: impl Fn(&ExplicitTree, &dyn Display)) -> usize {
    let mut k = 0;
    for (text, tree) in corpus::random_trees(seed, n) {
        check(&tree, &text);
        k += 1;
    }
    k
}

/// `check` on each tree of the generated grid, `per_cell` per cell, with
/// its spec: how many it checked.
pub fn each_generated_tree(per_cell: u64, check: impl Fn(&GeneratedTree, &dyn Display)) -> usize {
    each_tree(corpus::generated_trees(per_cell), check)
}

/// `check` on each of `trees`, with its spec: how many it checked.
pub fn each_tree(
    trees: impl Iterator<Item = GeneratedTree>,
    mut check: impl FnMut(&GeneratedTree, &dyn Display),
) -> usize {
    let mut k = 0;
    for tree in trees {
        check(&tree, &format_args!("{:?}", tree.spec()));
        k += 1;
    }
    k
}

/// Small uniform shapes (b, d) for the tests of RecSSS\* and MemSSS\*:
/// chains, every depth to 7 at b = 2, and a few wider trees.
pub const SMALL_SHAPES: &[(usize, usize)] = &[
    (1, 3),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (2, 7),
    (3, 3),
    (3, 4),
    (3, 5),
    (4, 3),
    (4, 4),
    (5, 3),
];

/// Uniform shapes (b, d) of a few hundred to a few thousand leaves, for the
/// differential tests on generated trees.
pub const MID_SHAPES: [(usize, usize); 9] = [
    (2, 7),
    (2, 8),
    (3, 5),
    (3, 6),
    (4, 4),
    (4, 5),
    (5, 4),
    (6, 3),
    (8, 3),
];

/// The uniform trees of every generator of `generators` on every shape
/// (b, d) of `shapes`, `per_cell` each, numbered from `seed`.
pub fn uniform_grid(
    generators: &'static [Generator],
    shapes: &'static [(usize, usize)],
    seed: u64,
    per_cell: u64,
) -> impl Iterator<Item = GeneratedTree> {
    generators.iter().flat_map(move |&g| {
        shapes.iter().flat_map(move |&(b, d)| {
            (0..per_cell).map(move |i| GenSpec::new(g, b, d, seed, i).build().unwrap())
        })
    })
}

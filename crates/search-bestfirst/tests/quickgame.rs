//! QuickGame and QG1-QG3 (Bhattacharya 1995): the paper's worked examples, exactness
//! on the corpus, memory, errors, and the paper's claims about Alpha-Beta.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::support::{each_generated_tree, qg_minimum_memory, qg_search, qg1, qg2, qg3, quickgame};
use search_bestfirst::{BestFirstError, Outcome, quickgame};
use search_depthfirst::{Window, alphabeta};
use tree_core::{
    Bounds, Counted, Dewey, ExplicitTree, GenSpec, Generator, Traced, Tree, Value, corpus,
    corpus::Hooked, corpus::rank_row, minimax, worked,
};

/// The pseudo-code as printed.
fn printed() -> quickgame::Config {
    quickgame::Config {
        readings: quickgame::Readings::PRINTED,
        ..quickgame::Config::default()
    }
}

/// With the lower bound floored at alpha.
fn floored() -> quickgame::Config {
    quickgame::Config {
        alpha_floor: true,
        ..printed()
    }
}

fn run<T: Tree>(tree: &T, variant: quickgame::Variant, config: &quickgame::Config) -> Outcome {
    qg_search(tree, variant, config, &mut quickgame::Cache::new())
        .unwrap_or_else(|e| panic!("{variant}: {e}"))
}

/// The leaves `variant` evaluates on `tree`, in order, revisits included.
fn order<T: Tree>(tree: &T, variant: quickgame::Variant, config: &quickgame::Config) -> Vec<Dewey> {
    let traced = Traced::new(tree);
    run(&traced, variant, config);
    traced.order()
}

fn set(v: Vec<Dewey>) -> BTreeSet<Dewey> {
    v.into_iter().collect()
}

fn paper_row(ex: &worked::Example, variant: quickgame::Variant) -> (usize, String) {
    let tree = ex.tree();
    let b = tree.bounds().unwrap();
    let o = order(&tree, variant, &printed());
    (o.len(), rank_row(&o, b.branching, b.depth))
}

/// Bhattacharya 1995, Tables 1 and 2: each variant's row. On Table 1 the
/// "QuickGame" and "QG1,QG2,QG3" rows are the same.
#[test]
fn tables_1_and_2_follow_the_paper() {
    use quickgame::Variant::{Qg1, Qg2, Qg3, QuickGame};
    let rows: [(&worked::Example, &[quickgame::Variant], usize, &str); 3] = [
        (
            &worked::TABLE1,
            &quickgame::Variant::ALL,
            11,
            "1 3 2 - 10 - 11 - 4 - 5 6 7 - 8 9",
        ),
        (
            &worked::TABLE2,
            &[QuickGame],
            9,
            "1 3 2 - 8 9 - - 4 7 5 6 - - - -",
        ),
        (
            &worked::TABLE2,
            &[Qg1, Qg2, Qg3],
            7,
            "1 3 2 - 6 7 - - 4 - 5 - - - - -",
        ),
    ];
    for (ex, variants, n, row) in rows {
        for &v in variants {
            assert_eq!(paper_row(ex, v), (n, row.to_string()), "{} {v}", ex.name);
        }
    }
}

#[test]
fn pi_tree_counts() {
    // Knuth & Moore's (3,4) tree of π's digits. The paper: Alpha-Beta 31,
    // QuickGame 33, QG1 = QG2 = 32, QG3 = 30. The pseudo-code gives 30 for
    // QG1 and QG2 under every reading of SelectLowerBound (see quickgame::Variant's
    // documentation and the unit tests of src/quickgame.rs); the floor does
    // not change it either.
    let tree = worked::PI.tree();
    for (config, name) in [(printed(), "printed"), (floored(), "alpha_floor")] {
        let counts: Vec<usize> = quickgame::Variant::ALL
            .iter()
            .map(|&v| {
                let c = Counted::new(&tree);
                assert_eq!(run(&c, v, &config).value.get(), 2);
                c.stats().leaves as usize
            })
            .collect();
        assert_eq!(counts, [33, 30, 30, 30], "{name}");
    }
}

/// Value, leaf counts (total and distinct), expansions, memory and the
/// paper's row, for every variant on Tables 1, 2 and π.
#[test]
fn worked_examples() {
    let mut out = String::new();
    for ex in [worked::TABLE1, worked::TABLE2, worked::PI] {
        let tree = ex.tree();
        let b = tree.bounds().unwrap();
        writeln!(out, "# {} ({})", ex.name, ex.source).unwrap();
        if ex.name == "pi" {
            writeln!(out, "# paper: QuickGame 33, QG1 32, QG2 32, QG3 30 leaves").unwrap();
        }
        for v in quickgame::Variant::ALL {
            let traced = Traced::new(&tree);
            let o = run(&traced, v, &printed());
            let s = traced.stats();
            writeln!(
                out,
                "{:<9} value {} leaves {:>2} (distinct {:>2}) interior {:>2} OPEN {}/{}  {}",
                v.name(),
                o.value,
                s.leaves,
                traced.distinct_leaves(),
                s.interior,
                o.memory.peak,
                o.memory.capacity,
                rank_row(&traced.order(), b.branching, b.depth)
            )
            .unwrap();
        }
    }
    insta::assert_snapshot!(out);
}

#[test]
fn wrappers_are_the_variants() {
    let tree = worked::TABLE2.tree();
    let c = quickgame::Config::default();
    for v in quickgame::Variant::ALL {
        let traced = Traced::new(&tree);
        let out = match v {
            quickgame::Variant::QuickGame => quickgame(&traced, &c),
            quickgame::Variant::Qg1 => qg1(&traced, &c),
            quickgame::Variant::Qg2 => qg2(&traced, &c),
            quickgame::Variant::Qg3 => qg3(&traced, &c),
        }
        .unwrap();
        assert_eq!(out.value, run(&tree, v, &c).value);
        assert_eq!(traced.order(), order(&tree, v, &c), "{v}");
        assert_eq!(v.to_string(), v.name());
    }
}

/// The most OPEN entries any search can hold on `tree`: the largest sum,
/// over a root-to-terminal path, of the widths of the interior MAX nodes on
/// it (only their frames are ever alive together).
fn path_need<T: Tree>(tree: &T, node: &T::Node, max: bool) -> usize {
    let w = tree.num_children(node);
    let below = (0..w)
        .map(|i| path_need(tree, &tree.child(node, i), !max))
        .max()
        .unwrap_or(0);
    if max && w > 0 { w + below } else { below }
}

/// Every variant, printed and floored, on `tree`: the minimax value, within
/// the documented budget, the same search through `Traced`, and no
/// revisits in QuickGame.
fn check<T: Tree>(tree: &T, what: &dyn std::fmt::Display) {
    let expected = minimax(tree);
    let bounds = tree.bounds().unwrap();
    let minimum = qg_minimum_memory(bounds).unwrap();
    let need = path_need(tree, &tree.root(), true);
    assert!(need <= minimum, "{what}");
    let mut open = quickgame::Cache::new();
    for config in [printed(), floored()] {
        for v in quickgame::Variant::ALL {
            let out = qg_search(tree, v, &config, &mut open)
                .unwrap_or_else(|e| panic!("{v} on {what}: {e}"));
            assert_eq!(out.value, expected, "{v} on {what}");
            let m = out.memory;
            assert!(m.peak <= m.capacity, "{v} on {what}");
            assert_eq!(m.capacity, minimum, "{v} on {what}");
            assert!(m.peak <= need, "{v} on {what}: peak {} > {need}", m.peak);
            if bounds.uniform {
                // The leftmost path is always searched first.
                assert_eq!(m.peak, minimum, "{v} on {what}");
            }
            let traced = Traced::new(tree);
            let seen = run(&traced, v, &config);
            assert_eq!((seen.value, seen.memory.peak), (out.value, m.peak));
            if v == quickgame::Variant::QuickGame {
                assert_eq!(traced.stats().leaves, traced.distinct_leaves(), "{what}");
            }
        }
    }
}

#[test]
fn exact_on_generated_trees() {
    let n = each_generated_tree(60, |tree, what| check(tree, what));
    assert!(n >= 10_000, "{n} trees");
}

#[test]
fn exact_on_random_non_uniform_trees() {
    let (mut n, mut terminal_roots, mut extremes) = (0, 0, 0);
    for (text, tree) in corpus::random_trees(0x0de_9a3e, 10_000) {
        check(&tree, &text);
        n += 1;
        terminal_roots += usize::from(tree.num_children(&tree.root()) == 0);
        extremes += usize::from(text.contains(&Value::MAX_LEAF.to_string()));
    }
    assert_eq!(n, 10_000);
    assert!(terminal_roots > 20 && extremes > 100);
}

#[test]
fn awkward_shapes() {
    let (lo, hi) = (Value::MIN_LEAF, Value::MAX_LEAF);
    let texts = [
        "7".to_string(),                         // terminal root
        "[7]".to_string(),                       // one terminal son
        "[[7]]".to_string(),                     // one son, one terminal grandson
        "[[[[3]]]]".to_string(),                 // a chain
        "[1,[2,[3,4]],[[5,[6]],0]]".to_string(), // terminals at every depth
        "[[[1,2],3],[4,[5,[6,[7,8]]]],[9]]".to_string(),
        format!("[[{lo},{hi}],[{hi}]]"),
        format!("[{lo},[{lo}]]"),
    ];
    for text in &texts {
        let tree = ExplicitTree::parse(text).unwrap();
        check(&tree, text);
    }
    let root = ExplicitTree::parse("-5").unwrap();
    let out = quickgame(&root, &quickgame::Config::default().with_memory(0)).unwrap();
    assert_eq!((out.value.get(), out.memory.peak), (-5, 0));
}

#[test]
fn memory_is_b_times_half_d_rounded_up() {
    for (b, d, m) in [
        (2, 4, 4),
        (3, 4, 6),
        (3, 5, 9),
        (2, 1, 2),
        (5, 2, 5),
        (1, 7, 4),
        (9, 0, 0),
    ] {
        assert_eq!(qg_minimum_memory(Bounds::uniform(b, d)), Ok(m), "({b},{d})");
    }
    // The (10,7) trees of Table 3: 40 entries.
    let t = GenSpec::new(Generator::KORF, 10, 7, 3, 0).build().unwrap();
    let out = qg3(&t, &quickgame::Config::default()).unwrap();
    assert_eq!((out.memory.peak, out.memory.capacity), (40, 40));
    assert_eq!(out.value, minimax(&t));
    assert_eq!(
        out.memory.peak_bytes(),
        40 * quickgame::Cache::<tree_core::GenNode>::entry_bytes()
    );
    // A bigger budget is accepted; only the minimum is allocated.
    let out = qg1(&t, &quickgame::Config::default().with_memory(1_000)).unwrap();
    assert_eq!((out.memory.peak, out.memory.capacity), (40, 40));
}

#[test]
fn budget_below_the_minimum_is_refused_before_searching() {
    let tree = worked::PI.tree();
    for v in quickgame::Variant::ALL {
        for given in [0, 1, 5] {
            let c = Counted::new(&tree);
            let e = qg_search(
                &c,
                v,
                &quickgame::Config::default().with_memory(given),
                &mut quickgame::Cache::new(),
            )
            .unwrap_err();
            assert_eq!(
                e,
                BestFirstError::BudgetTooSmall {
                    algorithm: v.name(),
                    given,
                    minimum: 6
                }
            );
            assert!(e.to_string().contains("at least 6"), "{e}");
            assert_eq!(c.stats(), Default::default(), "nothing searched");
        }
        assert!(
            run(&tree, v, &quickgame::Config::default().with_memory(6))
                .memory
                .peak
                == 6
        );
    }
}

/// `tree` hiding its shape (to be given, or lied about), its leaves valued
/// 99 shown as +∞.
fn shapeless(tree: &ExplicitTree) -> Hooked<&ExplicitTree, impl Fn(Value) -> Value> {
    Hooked {
        tree,
        on_leaf: |v: Value| if v.get() == 99 { Value::INF } else { v },
        shape: false,
    }
}

#[test]
fn bad_input_is_an_error() {
    let t1 = worked::TABLE1.tree();
    let hidden = shapeless(&t1);
    for v in quickgame::Variant::ALL {
        let e = qg_search(
            &hidden,
            v,
            &quickgame::Config::default(),
            &mut quickgame::Cache::new(),
        )
        .unwrap_err();
        assert_eq!(
            e,
            BestFirstError::UnknownShape {
                algorithm: v.name()
            }
        );
        // Given the shape, it searches.
        let c = quickgame::Config {
            shape: Some(Bounds::uniform(2, 4)),
            ..quickgame::Config::default()
        };
        assert_eq!(run(&hidden, v, &c).value.get(), 2);
        // Lying about it is caught before OPEN could overflow.
        let shaped = |shape| {
            let c = quickgame::Config {
                shape: Some(shape),
                ..quickgame::Config::default()
            };
            qg_search(&hidden, v, &c, &mut quickgame::Cache::new()).unwrap_err()
        };
        for lie in [Bounds::uniform(1, 4), Bounds::uniform(2, 2)] {
            let e = shaped(lie);
            assert!(matches!(e, BestFirstError::TreeShape { .. }), "{e}");
        }
        // A shape that cannot be.
        for (bad, what) in [
            (Bounds::uniform(0, 3), "branching 0"),
            (Bounds::uniform(2, tree_core::MAX_DEPTH + 1), "depth"),
            (Bounds::uniform(usize::MAX, 4), "OPEN"),
        ] {
            let e = shaped(bad);
            assert!(e.to_string().contains(what), "{e}");
        }
        // A terminal valued +inf.
        let sentinel = ExplicitTree::parse("[[99,1],[2,3]]").unwrap();
        let e = qg_search(
            &shapeless(&sentinel),
            v,
            &quickgame::Config {
                shape: Some(Bounds::uniform(2, 2)),
                ..quickgame::Config::default()
            },
            &mut quickgame::Cache::new(),
        )
        .unwrap_err();
        assert_eq!(e, BestFirstError::SentinelLeaf { value: Value::INF });
    }
}

#[test]
fn the_arena_is_reused() {
    let mut open = quickgame::Cache::new();
    let big = GenSpec::new(Generator::RANDOM, 6, 6, 1, 0).build().unwrap();
    let small = GenSpec::new(Generator::KORF, 2, 4, 1, 0).build().unwrap();
    for v in quickgame::Variant::ALL {
        let a = qg_search(&big, v, &quickgame::Config::default(), &mut open).unwrap();
        assert_eq!((a.memory.capacity, a.memory.peak), (18, 18));
        let b = qg_search(&small, v, &quickgame::Config::default(), &mut open).unwrap();
        assert_eq!((b.memory.capacity, b.memory.peak), (4, 4));
        assert_eq!(b, run(&small, v, &quickgame::Config::default()));
    }
}

/// Fail-hard alpha-beta in MAX/MIN form (Knuth & Moore's F2, the same
/// leaves as `search_depthfirst::alphabeta`) that also records the subtrees
/// it prunes by a *shallow* cutoff: one caused by a bound set at the
/// father of the node where the cutoff happens (Pearl 1984).
struct Ab<'a, T: Tree> {
    tree: &'a T,
    shallow: Vec<Dewey>,
}

impl<T: Tree> Ab<'_, T> {
    /// Bounds `(alpha, beta)` and the depths of the nodes that set them.
    fn search(
        &mut self,
        node: &T::Node,
        code: &Dewey,
        depth: usize,
        (alpha, alpha_at): (Value, usize),
        (beta, beta_at): (Value, usize),
    ) -> Value {
        let w = self.tree.num_children(node);
        if w == 0 {
            return self.tree.value(node);
        }
        let max = depth.is_multiple_of(2);
        let (mut m, mut m_at) = if max {
            (alpha, alpha_at)
        } else {
            (beta, beta_at)
        };
        for i in 0..w {
            let child = self.tree.child(node, i);
            let t = if max {
                self.search(
                    &child,
                    &code.child(i),
                    depth + 1,
                    (m, m_at),
                    (beta, beta_at),
                )
            } else {
                self.search(
                    &child,
                    &code.child(i),
                    depth + 1,
                    (alpha, alpha_at),
                    (m, m_at),
                )
            };
            if (max && t > m) || (!max && t < m) {
                m = t;
                m_at = depth;
            }
            let (cut, by) = if max {
                (m >= beta, beta_at)
            } else {
                (m <= alpha, alpha_at)
            };
            if cut {
                if depth > 0 && by == depth - 1 {
                    self.shallow.extend((i + 1..w).map(|j| code.child(j)));
                }
                return m;
            }
        }
        m
    }
}

/// Alpha-Beta's evaluated leaves and shallow-pruned subtrees on `tree`.
fn alphabeta_cutoffs<T: Tree>(tree: &T) -> (BTreeSet<Dewey>, Vec<Dewey>) {
    let traced = Traced::new(tree);
    let mut ab = Ab {
        tree: &traced,
        shallow: Vec::new(),
    };
    let none = usize::MAX;
    let root = traced.root();
    let v = ab.search(
        &root,
        &Dewey::root(),
        0,
        (Value::NEG_INF, none),
        (Value::INF, none),
    );
    assert_eq!(v, minimax(tree));
    let evaluated = set(traced.order());
    let library = Traced::new(tree);
    alphabeta(&library, Window::FULL).unwrap();
    assert_eq!(
        evaluated,
        set(library.order()),
        "the instrumented Alpha-Beta is Alpha-Beta"
    );
    (evaluated, ab.shallow)
}

/// Uniform random trees for the comparisons with Alpha-Beta: the corpus's
/// generators on shapes deep enough for deep cutoffs (d = 6 is where the
/// printed QG3 starts to examine leaves Alpha-Beta prunes).
fn domination_trees() -> impl Iterator<Item = tree_core::GeneratedTree> {
    let shapes: [(usize, u32); 9] = [
        (2, 4),
        (2, 6),
        (2, 7),
        (3, 4),
        (3, 5),
        (3, 6),
        (4, 4),
        (4, 6),
        (5, 4),
    ];
    corpus::GENERATORS.iter().flat_map(move |&g| {
        shapes.into_iter().flat_map(move |(b, d)| {
            let n = if b.pow(d) > 1_000 { 10 } else { 40 };
            (0..n).map(move |i| GenSpec::new(g, b, d as usize, 9, i).build().unwrap())
        })
    })
}

#[test]
fn qg3_with_the_floor_never_examines_a_leaf_alphabeta_prunes() {
    // Bhattacharya 1995, §3 and §4 (d): "no distinct node pruned by Alpha-Beta will be
    // examined by QG3". True with `alpha_floor`, tree by tree.
    let mut n = 0;
    for tree in domination_trees() {
        let (ab, _) = alphabeta_cutoffs(&tree);
        let qg3 = set(order(&tree, quickgame::Variant::Qg3, &floored()));
        let extra: Vec<String> = qg3.difference(&ab).map(ToString::to_string).collect();
        assert!(
            extra.is_empty(),
            "{:?}: QG3 examines {extra:?}",
            tree.spec()
        );
        n += 1;
    }
    assert!(n >= 2_000, "{n} trees");
}

/// How often each variant examines a leaf Alpha-Beta prunes, and whether
/// QuickGame makes every shallow cutoff Alpha-Beta makes (§2: "all shallow
/// cutoffs made by Alpha-Beta are also made by QuickGame"). A record, not
/// a requirement: the paper says QG1 and QG2 may examine such leaves, and
/// the printed QG3 does (see `quickgame::Variant`).
#[test]
fn claims_about_alphabeta() {
    let mut trees = 0;
    let mut examine_pruned = [[0usize; 4]; 2];
    let mut more_leaves = [[0usize; 4]; 2];
    let (mut shallow_trees, mut shallow_misses) = (0, 0);
    let (mut leaves_ab, mut leaves) = (0, [[0usize; 4]; 2]);
    for tree in domination_trees() {
        trees += 1;
        let (ab, shallow) = alphabeta_cutoffs(&tree);
        let ab_count = Counted::new(&tree);
        alphabeta(&ab_count, Window::FULL).unwrap();
        leaves_ab += ab_count.stats().leaves as usize;
        for (c, config) in [printed(), floored()].into_iter().enumerate() {
            for (i, v) in quickgame::Variant::ALL.into_iter().enumerate() {
                let o = order(&tree, v, &config);
                leaves[c][i] += o.len();
                more_leaves[c][i] += usize::from(o.len() > ab.len());
                let examined = set(o);
                examine_pruned[c][i] += usize::from(!examined.is_subset(&ab));
                if c == 0 && v == quickgame::Variant::QuickGame && !shallow.is_empty() {
                    shallow_trees += 1;
                    let missed = shallow
                        .iter()
                        .any(|cut| examined.iter().any(|leaf| cut.is_prefix_of(leaf)));
                    shallow_misses += usize::from(missed);
                }
            }
        }
    }
    let mut out = String::new();
    writeln!(
        out,
        "{trees} uniform trees (corpus generators; (2,4)..(5,4), d up to 7)"
    )
    .unwrap();
    writeln!(out, "Alpha-Beta: {leaves_ab} leaves").unwrap();
    for (c, name) in ["printed", "alpha_floor"].iter().enumerate() {
        for (i, v) in quickgame::Variant::ALL.into_iter().enumerate() {
            if c == 1 && v == quickgame::Variant::QuickGame {
                continue;
            }
            writeln!(
                out,
                "{:<9} {name:<11}: {} leaves; examines a leaf Alpha-Beta prunes on {} trees; \
                 more leaves than Alpha-Beta on {} trees",
                v.name(),
                leaves[c][i],
                examine_pruned[c][i],
                more_leaves[c][i]
            )
            .unwrap();
        }
    }
    writeln!(
        out,
        "QuickGame misses a shallow cutoff of Alpha-Beta on {shallow_misses} of the \
         {shallow_trees} trees that have one"
    )
    .unwrap();
    insta::assert_snapshot!(out);
}

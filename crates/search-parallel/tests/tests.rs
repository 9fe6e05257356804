//! Integration tests of search-parallel.

mod threads;

use search_parallel::{ParallelError, ProcessorTree, SimReport, simulate_treesplit};
use tree_core::{BestChild, GenSpec, Generator, Tree, minimax};

fn pt(depth: usize, width: usize) -> ProcessorTree {
    ProcessorTree { depth, width }
}

fn perfect(generator: Generator) -> tree_core::GeneratedTree {
    GenSpec::new(generator, 8, 4, 1, 0).build().unwrap()
}

fn report<T: Tree>(tree: &T, p: ProcessorTree) -> SimReport {
    simulate_treesplit(tree, p).unwrap()
}

/// Campbell p. 41: a perfectly ordered (8, 4) tree, one level of slaves,
/// C = 1, on 1, 3, 5 and 9 processors. The thesis prints S = 127/127,
/// 190/127, 308/127 and 586/127 (= 4.472, i.e. 568/127, digits transposed
/// by the OCR). Fig. 10 as simulated gives 127, 190, 316 and 568: the first
/// `k` successors are searched under the full window (71 terminals each, the
/// minimal depth-3 tree) and the other `8 - k` under the root's bound (8
/// each), so k*71 + (8-k)*8 = 190, 316, 568 for k = 2, 4, 8. The thesis's
/// 308 does not fit that count (it would be 4*71 + 3*8, one successor
/// short), nor does it follow from any tie-breaking, since all slaves
/// return at t = 71 and no root cutoff is possible; we take it for a slip
/// in the thesis's hand computation and assert 316.
#[test]
fn page_41() {
    for generator in [Generator::PERFECT, Generator::Campbell(BestChild::First)] {
        let t = perfect(generator);
        let got: Vec<(u64, u64)> = [pt(0, 1), pt(1, 2), pt(1, 4), pt(1, 8)]
            .iter()
            .map(|&p| {
                let r = report(&t, p);
                assert_eq!(r.value, minimax(&t));
                assert_eq!(r.sequential, 127);
                assert_eq!(r.evaluations.iter().sum::<u64>(), r.total);
                assert_eq!(r.evaluations.len(), 1 + p.depth * p.width);
                if p.depth == 1 {
                    assert_eq!(r.evaluations[0], 0, "masters evaluate nothing");
                }
                (r.total, r.elapsed)
            })
            .collect();
        // (N(A(k), T), elapsed time) for k = 1, 3, 5, 9.
        assert_eq!(
            got,
            [(127, 127), (190, 95), (316, 79), (568, 71)],
            "{generator}"
        );
        let s: Vec<String> = [pt(0, 1), pt(1, 2), pt(1, 4), pt(1, 8)]
            .iter()
            .map(|&p| format!("{:.3}", report(&t, p).search_overhead()))
            .collect();
        assert_eq!(s, ["1.000", "1.496", "2.488", "4.472"]);
    }
}

/// Every processor tree finds the minimax value, on the random corpus and
/// on generated trees of every kind.
#[test]
fn value_is_minimax() {
    let shapes = [pt(1, 2), pt(1, 3), pt(2, 2), pt(0, 1), pt(3, 2)];
    for (text, t) in tree_core::corpus::random_trees(11, 300) {
        let v = minimax(&t);
        for p in shapes {
            let r = report(&t, p);
            assert_eq!(r.value, v, "{p} on {text}");
            assert_eq!(r.evaluations.iter().sum::<u64>(), r.total);
            assert!(r.elapsed <= r.total.max(1));
        }
    }
    for g in tree_core::corpus::generated_trees(1).take(60) {
        let v = minimax(&g);
        for p in shapes {
            assert_eq!(report(&g, p).value, v, "{p} on {:?}", g.spec());
        }
    }
}

/// A single processor is sequential alpha-beta.
#[test]
fn one_processor_is_alphabeta() {
    for seed in 0..20 {
        let t = GenSpec::new(Generator::RANDOM, 4, 5, seed, 0)
            .build()
            .unwrap();
        let r = report(&t, pt(0, 3));
        assert_eq!(r.total, r.sequential);
        assert_eq!(r.elapsed, r.sequential);
        assert_eq!(r.evaluations.len(), 1);
    }
}

#[test]
fn determinism() {
    let t = GenSpec::new(Generator::RANDOM, 5, 5, 7, 0).build().unwrap();
    for p in [pt(1, 3), pt(2, 2)] {
        assert_eq!(report(&t, p), report(&t, p));
    }
}

#[test]
fn width_zero_is_an_error() {
    let t = perfect(Generator::PERFECT);
    assert_eq!(
        simulate_treesplit(&t, pt(1, 0)),
        Err(ParallelError::ZeroWidth)
    );
    assert!(
        simulate_treesplit(&t, pt(0, 0)).is_ok(),
        "no slaves, no masters"
    );
    assert!(matches!(
        simulate_treesplit(&t, pt(40, 2)),
        Err(ParallelError::TooManyProcessors { .. })
    ));
}

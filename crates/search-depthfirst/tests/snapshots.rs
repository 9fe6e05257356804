//! Every algorithm on every worked example: value, counts and evaluation
//! order, as one reviewed snapshot (`cargo insta review` after a change).

use std::fmt::Write;

use search_depthfirst::Algorithm;
use tree_core::{Traced, Tree, worked};

fn check(ex: &worked::Example) -> String {
    let tree = ex.tree();
    let width = tree.bounds().map_or(10, |b| b.branching);
    let mut out = String::new();
    writeln!(out, "# {} ({})", ex.name, ex.source).unwrap();
    for &a in Algorithm::ALL {
        let traced = Traced::new(&tree);
        let value = a.run(&traced).unwrap();
        let s = traced.stats();
        let order: Vec<String> = traced
            .order()
            .iter()
            .map(|d| d.display_for_width(width).to_string())
            .collect();
        writeln!(
            out,
            "{:<11} value {:>2}  leaves {:>2} (distinct {:>2})  interior {:>2}  order {}",
            a.name(),
            value,
            s.leaves,
            traced.distinct_leaves(),
            s.interior,
            order.join(" ")
        )
        .unwrap();
    }
    out
}

#[test]
fn worked_examples() {
    let all: String = worked::ALL.iter().map(check).collect::<Vec<_>>().join("\n");
    insta::assert_snapshot!(all);
}

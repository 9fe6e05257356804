//! The worked-example trees of the papers, shipped as data files
//! under `crates/tree-core/data/` in the nested text form with `#` comments.

use crate::ExplicitTree;

/// One worked example: a tree from a paper and what the paper states of it.
#[derive(Debug, Clone, Copy)]
pub struct Example {
    /// Short name, also the file stem (`table1`, `pi`, …).
    pub name: &'static str,
    /// Where it comes from.
    pub source: &'static str,
    /// The file's text.
    pub text: &'static str,
    /// The minimax value the source states, if it states one.
    pub stated_value: Option<i32>,
    /// Whether the tree is a reconstruction rather than published data.
    pub reconstruction: bool,
}

impl Example {
    /// The tree.
    ///
    /// # Panics
    /// Never for the shipped files (a test parses each).
    pub fn tree(&self) -> ExplicitTree {
        ExplicitTree::parse(self.text).expect("shipped example trees parse")
    }
}

/// A published example: the tree in `data/<name>.tree`, from `source`,
/// which states its value.
macro_rules! published {
    ($name:literal, $source:literal, $value:literal) => {
        Example {
            name: $name,
            source: $source,
            text: include_str!(concat!("../data/", $name, ".tree")),
            stated_value: Some($value),
            reconstruction: false,
        }
    };
}

/// Every worked example.
pub const ALL: &[Example] = &[TABLE1, TABLE2, PI, STOCKMAN, FIG1];

/// Bhattacharya 1995, Table 1: uniform (2,4), value 2.
pub const TABLE1: Example = published!("table1", "Bhattacharya (IJCAI-95), Table 1", 2);

/// Bhattacharya 1995, Table 2: uniform (2,4), value 5.
pub const TABLE2: Example = published!("table2", "Bhattacharya (IJCAI-95), Table 2", 5);

/// Knuth and Moore's (3,4) tree of the first 81 digits of π, value 2.
pub const PI: Example = published!(
    "pi",
    "Knuth & Moore (1975), via Bhattacharya (IJCAI-95) §2-3",
    2
);

/// Stockman's counterexample (Campbell App. 3, Figs. 19-20), value 4.
pub const STOCKMAN: Example = published!("stockman", "Campbell (1981), App. 3, Figs. 19-20", 4);

/// A reconstruction of the (2,6) tree of Bhattacharya & Bagchi 1996, Fig. 1 (its scores were lost).
pub const FIG1: Example = Example {
    name: "fig1-reconstruction",
    source: "RECONSTRUCTION of Bhattacharya & Bagchi (AAAI-96), Fig. 1",
    text: include_str!("../data/fig1-reconstruction.tree"),
    stated_value: None,
    reconstruction: true,
};

/// The example called `name`.
pub fn by_name(name: &str) -> Option<&'static Example> {
    ALL.iter().find(|e| e.name == name)
}

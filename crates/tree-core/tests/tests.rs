//! tree-core's integration tests: one binary, one module per topic.

mod extremes;
mod generators;
mod parsers;
mod worked;

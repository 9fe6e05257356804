//! search-bestfirst's integration tests: one binary, one module per family.

mod algorithms;
mod quickgame;
mod sss;

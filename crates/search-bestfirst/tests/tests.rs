//! search-bestfirst's integration tests: one binary, one module per family.

mod algorithms;
mod alloc;
mod cache;
mod differential;
mod differential_sss;
mod extremes;
mod fnv;
mod itersss;
mod limits;
mod lines;
mod memsss;
mod mgame;
mod quickgame;
mod recsss;
mod sss;
mod support;

//! # search-parallel: parallel game-tree search
//!
//! Layer: depends on `tree-core`, and may use `search-depthfirst` and
//! `search-bestfirst` for the searches run on each thread.
//!
//! This crate will hold real multi-threaded searches (tree-splitting with
//! dynamic window updates, pv-splitting, parallel staged SSS*, and a modern
//! baseline) and a deterministic simulator of Campbell's processor trees
//! (thesis ch. 5). Nothing is implemented yet: see the project's issues.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

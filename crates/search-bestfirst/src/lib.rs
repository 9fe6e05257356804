//! # search-bestfirst: the SSS* family under a memory budget
//!
//! Layer: depends on `tree-core` and may use `search-depthfirst` for the
//! hybrids and leaf searches; nothing in the workspace below the CLI,
//! `xtask` and the benches depends on it.
//!
//! This crate will hold SSS* (three documented variants), Dual*, staged
//! SSS*, the SSS*/alpha-beta hybrids, QuickGame and QG1-3, MGame, RecSSS*,
//! RecDual*, IterSSS*, MemSSS* and MemDual*. Every algorithm stores its OPEN
//! list in one array allocated before the search for the caller's budget M
//! (in entries, as the papers count), reports its peak use, and refuses a
//! budget below its minimum with an error stating that minimum. Nothing is
//! implemented yet: see the project's issues.

#![deny(missing_docs)]

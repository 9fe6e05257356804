//! # search-depthfirst: the alpha-beta family
//!
//! Layer: depends on `tree-core` only.
//!
//! This crate will hold minimax/negamax, alpha-beta in Campbell's fail-hard,
//! fail-soft, `lalphabeta` and `palphabeta` forms, SCOUT, aspiration search,
//! null-window MT search with a transposition table and the MT drivers
//! (MT-SSS*, MT-DUAL*, MTD(f)).

#![deny(missing_docs)]

//! Integration tests of search-parallel (one binary, one module per topic).

use search_parallel::threads::ThreadAlgorithm;

mod extremes;
mod game;
mod limits;
mod sim;
mod threads;

/// The searches that are alpha-beta on one thread: every one but parallel
/// staged SSS*.
const ALPHA_BETA_ON_ONE_THREAD: [ThreadAlgorithm; 3] = [
    ThreadAlgorithm::TreeSplit,
    ThreadAlgorithm::PvSplit,
    ThreadAlgorithm::Ybwc,
];

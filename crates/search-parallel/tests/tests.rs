//! Integration tests of search-parallel (one binary, one module per topic).

mod sim;
mod threads;

//! Integration tests of search-parallel (one binary, one module per topic).

mod game;
mod limits;
mod sim;
mod threads;

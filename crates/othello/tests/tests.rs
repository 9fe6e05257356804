//! othello's integration tests: one binary, one module per topic.

mod exactness;
mod perft;
mod positions;
mod rules;

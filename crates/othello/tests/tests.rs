//! othello's integration tests: one binary, one module per topic.

mod endgame;
mod exactness;
mod extremes;
mod ffo;
mod perft;
mod positions;
mod rules;

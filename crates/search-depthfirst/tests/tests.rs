//! search-depthfirst's integration tests: one binary, one module per topic.

mod common;
mod enhanced;
mod enhanced_limits;
mod errors;
mod limits;
mod mt;
mod oracle;
mod ordering;
mod reporting;
mod snapshots;
mod windows;
mod worked;

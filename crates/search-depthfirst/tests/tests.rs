//! search-depthfirst's integration tests: one binary, one module per topic.

mod common;
// On the synthetic games (`testgames`, behind the `testing` feature, which
// this package's dev-dependency on itself turns on here; the published
// package, without that path dependency, skips them).
#[cfg(feature = "testing")]
mod enhanced;
#[cfg(feature = "testing")]
mod enhanced_limits;
mod errors;
mod extremes;
mod limits;
mod mt;
mod oracle;
mod ordering;
mod reporting;
mod snapshots;
mod windows;
mod worked;

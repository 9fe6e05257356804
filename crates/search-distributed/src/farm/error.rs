//! [`FarmError`]: why a batch did not deliver its results.

use std::fmt;

use crate::error::DistError;
#[cfg(doc)]
use crate::transport::Transport;

/// Why a batch of a [`Farm`](super::Farm) did not deliver its results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FarmError {
    /// A job failed (or panicked) on whichever rank ran it: the first
    /// failing job in job order, the same on every rank. The farm is
    /// ready for the next batch.
    Job {
        /// The job's index.
        job: usize,
        /// Its error.
        message: String,
    },
    /// The farm itself failed: a silent rank ([`DistError::Silent`]: then
    /// end the job with [`Transport::abort`], see
    /// [`FarmError::needs_abort`]), ranks at different batches, a broken
    /// message, a failed transport; on ranks other than the one that saw
    /// it, [`DistError::Remote`].
    Dist(DistError),
}

impl FarmError {
    /// Whether some rank stopped answering, so that the job must be ended
    /// with [`Transport::abort`] once the error is reported.
    pub fn needs_abort(&self) -> bool {
        matches!(self, FarmError::Dist(e) if e.needs_abort())
    }
}

impl fmt::Display for FarmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FarmError::Job { job, message } => write!(f, "job {job}: {message}"),
            FarmError::Dist(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FarmError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FarmError::Job { .. } => None,
            // Display is the wrapped error's: so is the source.
            FarmError::Dist(e) => e.source(),
        }
    }
}

impl From<DistError> for FarmError {
    fn from(e: DistError) -> FarmError {
        FarmError::Dist(e)
    }
}

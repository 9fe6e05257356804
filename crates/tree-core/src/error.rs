//! The error type of tree construction, parsing and file reading.

use std::fmt;

use crate::ValueError;
use crate::tree::MAX_DEPTH;

/// Why a tree could not be built, parsed or read.
#[derive(Debug)]
#[non_exhaustive]
pub enum TreeError {
    /// A branching degree of 0 was given for a tree with interior nodes.
    ZeroBranching,
    /// `b^d` overflows, or the tree is too big to build explicitly.
    TooLarge {
        /// Branching degree.
        branching: usize,
        /// Depth.
        depth: usize,
        /// What limit was hit.
        limit: &'static str,
    },
    /// A tree deeper than [`MAX_DEPTH`].
    TooDeep {
        /// The depth asked for or found.
        depth: usize,
    },
    /// The number of leaves given does not match `b^d`.
    LeafCount {
        /// `b^d`.
        expected: u64,
        /// What was given.
        found: u64,
    },
    /// A leaf value outside the leaf range.
    LeafValue {
        /// Index of the leaf, left to right, or byte offset in text.
        position: usize,
        /// The underlying range error.
        source: ValueError,
    },
    /// Malformed tree text.
    Parse {
        /// Byte offset of the problem.
        position: usize,
        /// What is wrong there.
        message: String,
    },
    /// A Campbell tree file whose length is not `w^d`.
    FileSize {
        /// `w^d` bytes.
        expected: u64,
        /// Bytes found (at least `expected + 1` if oversized: reading stops there).
        found: u64,
    },
    /// A tree that cannot be written as a Campbell file.
    NotWritable {
        /// Why.
        reason: String,
    },
    /// An I/O error while reading or writing a tree file.
    Io(std::io::Error),
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::ZeroBranching => {
                f.write_str("branching degree b = 0: a tree with interior nodes needs b >= 1")
            }
            TreeError::TooLarge {
                branching,
                depth,
                limit,
            } => write!(f, "a ({branching},{depth}) tree is too large: {limit}"),
            TreeError::TooDeep { depth } => write!(
                f,
                "tree depth {depth} exceeds the supported maximum of {}",
                MAX_DEPTH
            ),
            TreeError::LeafCount { expected, found } => {
                write!(f, "expected b^d = {expected} leaf values, found {found}")
            }
            TreeError::LeafValue { position, source } => write!(f, "at {position}: {source}"),
            TreeError::Parse { position, message } => {
                write!(f, "tree text, byte {position}: {message}")
            }
            TreeError::FileSize { expected, found } if found < expected => write!(
                f,
                "tree file truncated: a (w,d) tree needs w^d = {expected} bytes, the file has {found}"
            ),
            TreeError::FileSize { expected, .. } => write!(
                f,
                "tree file oversized: a (w,d) tree needs w^d = {expected} bytes, the file has more"
            ),
            TreeError::NotWritable { reason } => {
                write!(f, "cannot write a Campbell tree file: {reason}")
            }
            TreeError::Io(e) => write!(f, "I/O error: {e}"),
        }
    }
}

impl std::error::Error for TreeError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            // Display shows these errors' messages: their sources are the
            // wrapped errors' (so that a chain prints each once).
            TreeError::LeafValue { source, .. } => source.source(),
            TreeError::Io(e) => e.source(),
            _ => None,
        }
    }
}

impl From<std::io::Error> for TreeError {
    fn from(e: std::io::Error) -> TreeError {
        TreeError::Io(e)
    }
}

/// `b^d` as a `u64`, or an error naming the overflow; `b = 0` is an error
/// unless `d = 0`.
///
/// # Errors
/// [`TreeError::ZeroBranching`], [`TreeError::TooDeep`] or
/// [`TreeError::TooLarge`].
pub fn leaf_count(branching: usize, depth: usize) -> Result<u64, TreeError> {
    if depth > MAX_DEPTH {
        return Err(TreeError::TooDeep { depth });
    }
    if branching == 0 && depth > 0 {
        return Err(TreeError::ZeroBranching);
    }
    u64::try_from(branching)
        .ok()
        .and_then(|b| b.checked_pow(u32::try_from(depth).ok()?))
        .ok_or(TreeError::TooLarge {
            branching,
            depth,
            limit: "b^d overflows 64 bits",
        })
}

//! [`EnhancedAlgorithm`]: the enhanced searches by their command-line
//! names.

use std::fmt;
use std::str::FromStr;

use crate::algorithm::{by_name, write_names};

/// An enhanced search algorithm, by name.
///
/// ```
/// use search_depthfirst::EnhancedAlgorithm;
/// for a in EnhancedAlgorithm::ALL {
///     assert_eq!(a.name().parse::<EnhancedAlgorithm>(), Ok(*a));
/// }
/// let e = "sss".parse::<EnhancedAlgorithm>().unwrap_err();
/// assert!(e.to_string().contains("mtsss-enh"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EnhancedAlgorithm {
    /// Fail-soft alpha-beta with the full window (`ab-enh`).
    AlphaBeta,
    /// NegaScout / principal-variation search (`pvs-enh`).
    Pvs,
    /// MTD(f) from the previous iteration's value (`mtdf-enh`).
    Mtdf,
    /// MT-SSS\*, MTD(+∞) (`mtsss-enh`).
    MtSss,
    /// MT-DUAL\*, MTD(−∞) (`mtdual-enh`).
    MtDual,
}

impl EnhancedAlgorithm {
    /// Every enhanced algorithm, in the order above.
    pub const ALL: &'static [EnhancedAlgorithm] = &[
        EnhancedAlgorithm::AlphaBeta,
        EnhancedAlgorithm::Pvs,
        EnhancedAlgorithm::Mtdf,
        EnhancedAlgorithm::MtSss,
        EnhancedAlgorithm::MtDual,
    ];

    /// The command-line name: `ab-enh`, `pvs-enh`, `mtdf-enh`,
    /// `mtsss-enh`, `mtdual-enh`.
    pub const fn name(self) -> &'static str {
        match self {
            EnhancedAlgorithm::AlphaBeta => "ab-enh",
            EnhancedAlgorithm::Pvs => "pvs-enh",
            EnhancedAlgorithm::Mtdf => "mtdf-enh",
            EnhancedAlgorithm::MtSss => "mtsss-enh",
            EnhancedAlgorithm::MtDual => "mtdual-enh",
        }
    }

    /// One line: what it is and where it comes from.
    pub const fn description(self) -> &'static str {
        match self {
            EnhancedAlgorithm::AlphaBeta => {
                "fail-soft alpha-beta with iterative deepening, transposition table and history heuristic (Schaeffer 1989)"
            }
            EnhancedAlgorithm::Pvs => {
                "NegaScout/PVS with the same enhancements, optional aspiration window (Reinefeld 1983; Marsland 1986)"
            }
            EnhancedAlgorithm::Mtdf => {
                "MTD(f) from the previous iteration's value, same enhancements (Plaat et al. 1996)"
            }
            EnhancedAlgorithm::MtSss => {
                "MT-SSS*: SSS* as null-window searches from +inf, same enhancements (Plaat et al. 1996)"
            }
            EnhancedAlgorithm::MtDual => {
                "MT-DUAL*: DUAL* as null-window searches from -inf, same enhancements (Plaat et al. 1996)"
            }
        }
    }
}

tree_core::display_by_name!(EnhancedAlgorithm);

/// An enhanced-algorithm name [`EnhancedAlgorithm::from_str`] does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEnhancedAlgorithm {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownEnhancedAlgorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown enhanced algorithm '{}' (known: ", self.name)?;
        write_names(f, EnhancedAlgorithm::ALL.iter().map(|a| a.name()))?;
        f.write_str(")")
    }
}

impl std::error::Error for UnknownEnhancedAlgorithm {}

impl FromStr for EnhancedAlgorithm {
    type Err = UnknownEnhancedAlgorithm;

    /// The exact [`name`](EnhancedAlgorithm::name), ASCII case-insensitively.
    fn from_str(s: &str) -> Result<EnhancedAlgorithm, UnknownEnhancedAlgorithm> {
        by_name(EnhancedAlgorithm::ALL, EnhancedAlgorithm::name, s)
            .ok_or_else(|| UnknownEnhancedAlgorithm { name: s.to_owned() })
    }
}

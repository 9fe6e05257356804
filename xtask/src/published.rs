//! The papers' published numbers, transcribed from the OCR'd texts into
//! `xtask/data/published/*.csv` (see the README there for how each cell was
//! read).

use std::collections::HashMap;

use anyhow::{Context, Result};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The rows of `file` (its text `text`, included from
/// `xtask/data/published/`).
fn rows<R: DeserializeOwned>(file: &str, text: &str) -> Result<Vec<R>> {
    csv::Reader::from_reader(text.as_bytes())
        .deserialize()
        .map(|r| r.with_context(|| file.to_string()))
        .collect()
}

/// One cell of Campbell's Tables 1-7.
#[derive(Debug, Deserialize)]
struct CampbellRow {
    table: u32,
    algorithm: String,
    ordering: String,
    value: f64,
    confidence: String,
}

/// A published number and whether its transcription is certain.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Published {
    pub value: f64,
    pub certain: bool,
}

/// Campbell Tables 1-7, keyed by (table, algorithm, ordering).
pub fn campbell_tables() -> Result<HashMap<(u32, String, String), Published>> {
    let text = include_str!("../data/published/campbell_tables_1_7.csv");
    let rows: Vec<CampbellRow> = rows("campbell_tables_1_7.csv", text)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let published = Published {
                value: r.value,
                certain: r.confidence == "high",
            };
            ((r.table, r.algorithm, r.ordering), published)
        })
        .collect())
}

/// One cell of Campbell's Tables 8-10.
#[derive(Debug, Clone, Deserialize)]
pub struct SimCell {
    pub table: u32,
    pub algorithm: String,
    pub proc_depth: usize,
    pub proc_width: usize,
    pub value: f64,
}

/// Campbell Tables 8-10 (mean simulated time over 100 (24, 4) trees).
pub fn campbell_tables_8_10() -> Result<Vec<SimCell>> {
    rows(
        "campbell_tables_8_10.csv",
        include_str!("../data/published/campbell_tables_8_10.csv"),
    )
}

/// One speed-up exponent of p. 56: time ∝ k^−exponent over the listed
/// processor trees.
#[derive(Debug, Clone, Deserialize)]
pub struct Exponent {
    pub algorithm: String,
    pub ordering: String,
    pub exponent: f64,
    /// `(1,2),(1,4),…`
    pub processor_configs: String,
    pub refit_from_tables: f64,
}

impl Exponent {
    /// The processor trees (depth, width) of the fit.
    pub fn configs(&self) -> Result<Vec<(usize, usize)>> {
        self.processor_configs
            .split("),(")
            .map(|s| {
                let s = s.trim_matches(|c| c == '(' || c == ')');
                let (d, w) = s
                    .split_once(',')
                    .with_context(|| format!("processor tree {s:?}"))?;
                Ok((d.trim().parse()?, w.trim().parse()?))
            })
            .collect()
    }
}

/// The speed-up exponents of p. 56.
pub fn campbell_speedup_exponents() -> Result<Vec<Exponent>> {
    rows(
        "campbell_speedup_exponents.csv",
        include_str!("../data/published/campbell_speedup_exponents.csv"),
    )
}

/// One search-overhead coefficient of p. 41.
#[derive(Debug, Clone, Deserialize)]
pub struct Overhead {
    pub processors: usize,
    pub slaves: usize,
    pub terminal_nodes: u64,
    #[serde(rename = "S")]
    pub s: f64,
    /// The speed-up the thesis states (9 processors only).
    pub speedup: Option<f64>,
    pub confidence: String,
}

/// The search-overhead coefficients of p. 41.
pub fn campbell_overhead_p41() -> Result<Vec<Overhead>> {
    rows(
        "campbell_overhead_p41.csv",
        include_str!("../data/published/campbell_overhead_p41.csv"),
    )
}

//! The papers' published numbers, transcribed from the OCR'd texts into
//! `xtask/data/published/*.csv` (see the README there for how each cell was
//! read).

use std::collections::HashMap;

use anyhow::{Context, Result};
use serde::Deserialize;

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
    let mut out = HashMap::new();
    for row in csv::Reader::from_reader(text.as_bytes()).deserialize() {
        let r: CampbellRow = row.context("campbell_tables_1_7.csv")?;
        out.insert(
            (r.table, r.algorithm, r.ordering),
            Published {
                value: r.value,
                certain: r.confidence == "high",
            },
        );
    }
    Ok(out)
}

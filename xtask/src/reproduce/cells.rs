//! The cells document: every published count cell of the papers' tables
//! beside ours, how many lie within 10% table by table, and every cell
//! outside 10% with what was tested about it.
//!
//! Like the claims document it reads the CSVs of the documents the run
//! made, never files on disk. A cell outside 10% is put in one of four
//! classes, each computed:
//!
//! * **sampling noise**: |z| < 2, where z is the difference over √2 times
//!   our standard error (the paper's mean taken to have the standard error
//!   of ours, from as many trees of the same kind);
//! * **a tested reading fits**: a reading of an open detail of the paper
//!   that is not the default (`hypotheses`, `qg-readings`), or a variant of
//!   the same column (`campbell-tables-8-10`), puts the cell within 10%;
//! * **no tested reading fits**: readings or variants were run on this cell
//!   and none puts it within 10%;
//! * **untested**: nothing else was run on it.
//!
//! The QuickGame variants' cells of Bhattacharya (1995) are tested by every
//! combination of the readings of their pseudo-code (`qg-readings`): the
//! closest combination on each cell counts as a tested reading, and the
//! document gives the whole test's result beside them.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::doc::Doc;
use super::render::{md_table, num};

/// The share of cells within 10% the reproduction aims at.
pub const TARGET: f64 = 0.90;

/// One published count cell and ours.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// The paper and table: `Campbell 1981, Table 6`.
    pub table: String,
    /// The cell within its table, as `hypotheses` names it where it can.
    pub name: String,
    /// The published count.
    pub paper: f64,
    /// Our mean count.
    pub ours: f64,
    /// Our standard error (0 when the trees are all alike).
    pub stderr: f64,
    /// The same cell under other readings or variants: (label, our count).
    pub tested: Vec<(String, f64)>,
}

/// Whether `ours` is within 10% of `paper`.
pub fn within(ours: f64, paper: f64) -> bool {
    paper != 0.0 && (ours / paper - 1.0).abs() <= 0.10
}

impl Cell {
    /// Whether ours is within 10% of the paper's.
    pub fn fits(&self) -> bool {
        within(self.ours, self.paper)
    }

    /// (ours − paper) / (√2 · s.e.); infinite when the standard error is 0
    /// and the counts differ.
    pub fn z(&self) -> f64 {
        let d = self.ours - self.paper;
        if self.stderr > 0.0 {
            d / (std::f64::consts::SQRT_2 * self.stderr)
        } else if d == 0.0 {
            0.0
        } else {
            f64::INFINITY.copysign(d)
        }
    }

    /// The class of a cell outside 10% (see the module docs).
    pub fn class(&self) -> &'static str {
        if self.z().abs() < 2.0 {
            "sampling noise"
        } else if self.tested.iter().any(|&(_, x)| within(x, self.paper)) {
            "a tested reading fits"
        } else if !self.tested.is_empty() {
            "no tested reading fits"
        } else {
            "untested"
        }
    }
}

/// The rows of a CSV as maps from header to field.
fn records(csv_text: &str) -> Vec<BTreeMap<String, String>> {
    let mut r = csv::Reader::from_reader(csv_text.as_bytes());
    let Ok(headers) = r.headers().cloned() else {
        return Vec::new();
    };
    r.records()
        .filter_map(Result::ok)
        .map(|rec| {
            headers
                .iter()
                .zip(rec.iter())
                .map(|(h, v)| (h.to_owned(), v.to_owned()))
                .collect()
        })
        .collect()
}

fn field<'a>(row: &'a BTreeMap<String, String>, name: &str) -> &'a str {
    row.get(name).map_or("", String::as_str)
}

fn number(row: &BTreeMap<String, String>, name: &str) -> Option<f64> {
    field(row, name).parse().ok()
}

/// The CSV of the run's document `name`, if the run made it.
fn csv_of<'a>(docs: &'a [Doc], name: &str) -> Option<&'a str> {
    docs.iter()
        .find(|d| d.name == name)
        .and_then(|d| d.csv.as_deref())
}

/// The cells of one table document: `table` labels a row, `name` names its
/// cell; rows without a published count are skipped.
fn cells_of(
    docs: &[Doc],
    doc: &str,
    (paper, ours): (&str, &str),
    table: impl Fn(&BTreeMap<String, String>) -> String,
    name: impl Fn(&BTreeMap<String, String>) -> String,
) -> Vec<Cell> {
    let Some(text) = csv_of(docs, doc) else {
        return Vec::new();
    };
    records(text)
        .iter()
        .filter_map(|row| {
            Some(Cell {
                table: table(row),
                name: name(row),
                paper: number(row, paper)?,
                ours: number(row, ours)?,
                stderr: number(row, "stderr").unwrap_or(0.0),
                tested: Vec::new(),
            })
        })
        .collect()
}

/// Every published count cell of the run's documents, with the readings
/// and variants tested on it.
pub fn gather(docs: &[Doc]) -> Vec<Cell> {
    let mut cells = cells_of(
        docs,
        "campbell-tables-1-7",
        ("paper", "ours"),
        |r| format!("Campbell 1981, Table {}", field(r, "table")),
        |r| {
            format!(
                "Table {} {} {}",
                field(r, "table"),
                field(r, "algorithm"),
                field(r, "ordering")
            )
        },
    );
    let parallel_name = |r: &BTreeMap<String, String>, column: &str| {
        format!(
            "{} {column} ({},{})",
            field(r, "ordering"),
            field(r, "proc_depth"),
            field(r, "proc_width")
        )
    };
    let mut parallel = cells_of(
        docs,
        "campbell-tables-8-10",
        ("paper", "ours"),
        |r| format!("Campbell 1981, Table {}", field(r, "table")),
        |r| parallel_name(r, field(r, "column")),
    );
    // A column's variants ("PV no type-2" of "PV") on the same trees and
    // processor tree.
    if let Some(text) = csv_of(docs, "campbell-tables-8-10") {
        let rows = records(text);
        for c in &mut parallel {
            for r in &rows {
                let column = field(r, "column");
                let Some((base, _)) = column.split_once(' ') else {
                    continue;
                };
                if parallel_name(r, base) == c.name
                    && let Some(x) = number(r, "ours")
                {
                    c.tested.push((column.to_owned(), x));
                }
            }
        }
    }
    cells.extend(parallel);
    cells.extend(cells_of(
        docs,
        "bhattacharya95-table3",
        ("paper_count", "count"),
        |_| "Bhattacharya 1995, Table 3".to_owned(),
        |r| {
            format!(
                "({},{}) {} {}",
                field(r, "b"),
                field(r, "d"),
                field(r, "ordering"),
                field(r, "algorithm")
            )
        },
    ));
    cells.extend(cells_of(
        docs,
        "bhattacharya-bagchi96",
        ("paper_count", "count"),
        |r| format!("Bhattacharya & Bagchi 1996, Table {}", field(r, "table")),
        |r| {
            let param = field(r, "param");
            format!(
                "({},{}) {} {}{}{param}",
                field(r, "b"),
                field(r, "d"),
                field(r, "ordering"),
                field(r, "algorithm"),
                if param.is_empty() { "" } else { " " }
            )
        },
    ));
    // QG1–QG3: the closest of every combination of readings, cell by cell.
    for (name, label, x) in qg_closest(docs) {
        for c in cells.iter_mut().filter(|c| c.name == name) {
            c.tested.push((label.clone(), x));
        }
    }
    // The readings of the open details, from `hypotheses`.
    if let Some(text) = csv_of(docs, "hypotheses") {
        for r in records(text) {
            if field(&r, "kind") != "cell" || field(&r, "default") == "true" {
                continue;
            }
            let Some(x) = number(&r, "ours") else {
                continue;
            };
            let label = format!("{}: {}", field(&r, "guess"), field(&r, "reading"));
            for c in cells.iter_mut().filter(|c| c.name == field(&r, "name")) {
                c.tested.push((label.clone(), x));
            }
        }
    }
    cells
}

/// The per-cell section of `qg-readings`: (cell, label, closest mean).
fn qg_closest(docs: &[Doc]) -> Vec<(String, String, f64)> {
    let Some(doc) = docs.iter().find(|d| d.name == "qg-readings") else {
        return Vec::new();
    };
    let Some((_, section)) = doc.markdown.split_once(super::qg_readings::CLOSEST) else {
        return Vec::new();
    };
    section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and the alignment row
        .filter_map(|line| {
            let f = super::claims::cells(line);
            let x = f.get(3)?.replace(',', "").parse().ok()?;
            let label = format!("QG readings: closest combination {}", f.get(4)?);
            Some((f[0].clone(), label, x))
        })
        .collect()
}

/// The QuickGame readings' test (`qg-readings`): the default's cells
/// within 10%, the best combination's, the cells, the combinations.
fn qg_summary(docs: &[Doc]) -> Option<(usize, usize, usize, usize)> {
    let rows = records(csv_of(docs, "qg-readings")?);
    let within =
        |r: &BTreeMap<String, String>| field(r, "cells_within_10pct").parse::<usize>().unwrap_or(0);
    let default = rows.iter().find(|r| field(r, "default") == "true")?;
    let best = rows.iter().map(within).max()?;
    let cells = field(default, "cells").parse().ok()?;
    Some((within(default), best, cells, rows.len()))
}

fn percent(part: usize, whole: usize) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

const CLASSES: [&str; 4] = [
    "sampling noise",
    "a tested reading fits",
    "no tested reading fits",
    "untested",
];

/// The cells document `name` over `docs`.
pub fn document(name: &str, docs: &[Doc]) -> Doc {
    let cells = gather(docs);
    let mut tables: Vec<&str> = Vec::new();
    for c in &cells {
        if !tables.contains(&c.table.as_str()) {
            tables.push(&c.table);
        }
    }
    let fits = cells.iter().filter(|c| c.fits()).count();
    let mut md = String::new();
    writeln!(
        md,
        "# The published count cells, and ours\n\n\
         Generated by `cargo xtask reproduce` from the counts documents of the same run: every \
         cell of the papers' tables that gives a count, beside our mean under the default \
         readings. A cell *fits* within 10%. Every cell outside 10% is listed with its z, the \
         difference over √2 times our standard error (the paper's mean taken to have the \
         standard error of ours, from as many trees of the same kind), and what was run on it \
         besides the default: the other readings of the paper's open details \
         ([hypotheses.md](hypotheses.md)) and the variants of the same column on the same trees. \
         Its class: *sampling noise* (|z| < 2), *a tested reading fits*, *no tested reading \
         fits*, or *untested*.\n"
    )
    .unwrap();
    // A summary row: the cells, those within 10%, the others by class.
    let row = |label: &str, of: &[&Cell]| {
        let ok = of.iter().filter(|c| c.fits()).count();
        let mut row = vec![
            label.to_owned(),
            of.len().to_string(),
            ok.to_string(),
            percent(ok, of.len()),
        ];
        for class in CLASSES {
            let n = of.iter().filter(|c| !c.fits() && c.class() == class);
            row.push(n.count().to_string());
        }
        row
    };
    let mut summary: Vec<Vec<String>> = tables
        .iter()
        .map(|t| {
            row(
                t,
                &cells.iter().filter(|c| c.table == *t).collect::<Vec<_>>(),
            )
        })
        .collect();
    summary.push(row("**all**", &cells.iter().collect::<Vec<_>>()));
    let mut headers = vec!["table", "cells", "within 10%", "share"];
    headers.extend(CLASSES);
    md.push_str(&md_table(&headers, &summary));
    let target = (TARGET * cells.len() as f64).ceil() as usize;
    writeln!(
        md,
        "\nThe target is {:.0}% of the cells within 10% under the default readings ({target} of \
         {}): {}.\n",
        100.0 * TARGET,
        cells.len(),
        if fits >= target {
            "met".to_owned()
        } else {
            format!("not met, {} cells short", target - fits)
        }
    )
    .unwrap();
    let qg = qg_summary(docs);
    for t in &tables {
        let missed: Vec<&Cell> = cells
            .iter()
            .filter(|c| c.table == *t && !c.fits())
            .collect();
        if missed.is_empty() {
            continue;
        }
        writeln!(md, "## {t}: the cells outside 10%\n").unwrap();
        let rows: Vec<Vec<String>> = missed
            .iter()
            .map(|c| {
                let tested = c
                    .tested
                    .iter()
                    .map(|(label, x)| {
                        format!(
                            "{label} {} ({:+.1}%)",
                            num(*x, 0),
                            100.0 * (x / c.paper - 1.0)
                        )
                    })
                    .collect::<Vec<_>>()
                    .join("; ");
                vec![
                    c.name.clone(),
                    num(c.paper, 1),
                    num(c.ours, 1),
                    format!("{:+.1}%", 100.0 * (c.ours / c.paper - 1.0)),
                    match c.z() {
                        z if z.is_infinite() => if z > 0.0 { "+∞" } else { "−∞" }.to_owned(),
                        z => format!("{z:+.1}"),
                    },
                    if tested.is_empty() {
                        "–".to_owned()
                    } else {
                        tested
                    },
                    c.class().to_owned(),
                ]
            })
            .collect();
        md.push_str(&md_table(
            &[
                "cell",
                "paper",
                "ours",
                "difference",
                "z",
                "tested",
                "class",
            ],
            &rows,
        ));
        if t.starts_with("Bhattacharya 1995")
            && let Some((default, best, n, combinations)) = qg
        {
            writeln!(
                md,
                "\nQG1–QG3 were run under every combination of the readings of their \
                 pseudo-code ([qg-readings.md](qg-readings.md)); the tested column names the \
                 combination closest to the paper on each cell. Of their {n} cells of this \
                 table, the default readings put {default} within 10%, and the best of the \
                 {combinations} combinations {best}.",
            )
            .unwrap();
        }
        md.push('\n');
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "table",
        "cell",
        "paper",
        "ours",
        "stderr",
        "within_10pct",
        "z",
        "class",
        "tested",
    ])
    .unwrap();
    for c in &cells {
        let tested: Vec<String> = c
            .tested
            .iter()
            .map(|(l, x)| format!("{l}={x:.2}"))
            .collect();
        w.write_record([
            c.table.clone(),
            c.name.clone(),
            format!("{:.2}", c.paper),
            format!("{:.2}", c.ours),
            format!("{:.2}", c.stderr),
            c.fits().to_string(),
            format!("{:.2}", c.z()),
            if c.fits() { "" } else { c.class() }.to_owned(),
            tested.join("; "),
        ])
        .unwrap();
    }
    let csv = String::from_utf8(w.into_inner().unwrap()).unwrap();
    Doc::new(name, md, csv)
}

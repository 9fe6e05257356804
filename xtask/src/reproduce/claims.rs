//! The claims documents: every claim of the papers that an experiment
//! checks, one row each, gathered from the documents of the run.
//!
//! The experiments judge the claims where they measure them, and write each
//! judgement in a table with a `claim` column and a `verdict` column (or,
//! in the leaf-cost experiment, one column per leaf cost whose cells end in
//! `(holds)`, `(fails)` or `(within noise)`), or as a sentence `**The claim holds**` /
//! `**The claim fails**`. This module reads those tables back from the
//! documents the run made — never from files on disk — and lists every
//! claim with its paper, its conditions (the document and section that
//! state them), the numbers and the verdict. `claims` gathers the counts
//! documents; `claims-time` the times documents, when the run is timed.

use std::fmt::Write as _;

use super::doc::Doc;
use super::render::md_table;

/// One claim as an experiment judged it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The paper, by author and year.
    pub paper: &'static str,
    /// The document that checks it (its name, without `.md`).
    pub document: String,
    /// The section of that document: the claim's conditions.
    pub section: String,
    /// The claim in words (with the condition a column adds, if any).
    pub claim: String,
    /// The numbers the verdict rests on.
    pub numbers: String,
    /// `holds` or `fails` (for a claim within noise, its ratio's side of
    /// the line).
    pub holds: bool,
    /// Whether the interval around the claim's ratio straddles the
    /// claim's line (the leaf-cost experiment's `within noise`).
    pub within_noise: bool,
}

impl Claim {
    /// `holds`, `fails` or `within noise`.
    pub fn verdict(&self) -> &'static str {
        match (self.within_noise, self.holds) {
            (true, _) => "within noise",
            (false, true) => "holds",
            (false, false) => "fails",
        }
    }
}

/// The paper a document reproduces.
fn paper(document: &str) -> &'static str {
    if document.starts_with("campbell") {
        "Campbell 1981"
    } else if document.starts_with("bhattacharya95") {
        "Bhattacharya 1995"
    } else if document.starts_with("bhattacharya-bagchi96") || document.starts_with("leaf-cost") {
        "Bhattacharya & Bagchi 1996"
    } else if document.starts_with("othello") {
        "Srivastava"
    } else {
        "other"
    }
}

/// The cells of a Markdown table row, trimmed.
pub(super) fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split(" | ").map(|c| c.trim().to_owned()).collect()
}

/// A verdict cell: whether it says the claim holds, and what else it says.
fn verdict(cell: &str) -> Option<(bool, String)> {
    let (word, rest) = cell.split_once(' ').unwrap_or((cell, ""));
    let holds = match word {
        "holds" => true,
        "fails" => false,
        _ => return None,
    };
    let rest = rest.trim().trim_start_matches('(').trim_end_matches(')');
    Some((holds, rest.to_owned()))
}

/// A cell ending in `(holds)`, `(fails)` or `(within noise)`: whether it
/// holds, whether within noise, and the numbers.
fn judged_cell(cell: &str) -> Option<(bool, bool, String)> {
    let (numbers, v) = cell.rsplit_once(" (")?;
    let (holds, noise) = match v.trim_end_matches(')') {
        "holds" => (true, false),
        "fails" => (false, false),
        "within noise" => (false, true),
        _ => return None,
    };
    Some((holds, noise, numbers.to_owned()))
}

/// Every claim judged in `doc`.
pub fn gather(doc: &Doc) -> Vec<Claim> {
    let paper = paper(&doc.name);
    let mut out = Vec::new();
    let mut section = String::new();
    let mut header: Option<Vec<String>> = None;
    let claim = |section: &str, claim: String, numbers: String, holds: bool| Claim {
        paper,
        document: doc.name.clone(),
        section: section.to_owned(),
        claim,
        numbers,
        holds,
        within_noise: false,
    };
    for line in doc.markdown.lines() {
        if let Some(h) = line.strip_prefix('#') {
            section = h.trim_start_matches('#').trim().to_owned();
            header = None;
            continue;
        }
        if !line.starts_with('|') {
            header = None;
            if let Some(i) = line.find("**The claim ") {
                let rest = &line[i + "**The claim ".len()..];
                let holds = rest.starts_with("holds**");
                if holds || rest.starts_with("fails**") {
                    let text = rest.split_once("**").map_or("", |(_, t)| t).trim();
                    out.push(claim(&section, section.clone(), text.to_owned(), holds));
                }
            }
            continue;
        }
        let row = cells(line);
        let Some(head) = &header else {
            if row.iter().any(|c| c == "claim") {
                header = Some(row);
            }
            continue;
        };
        if row
            .iter()
            .all(|c| c.starts_with(':') || c.starts_with("--"))
        {
            continue; // the alignment row
        }
        let at = |name: &str| head.iter().position(|h| h == name);
        let Some(ci) = at("claim") else { continue };
        let mut text = row.get(ci).cloned().unwrap_or_default();
        // A leading unnamed column labels the claim: "(a)".
        if ci > 0 && head[0].is_empty() {
            text = format!("{} {text}", row[0]);
        }
        if let Some(vi) = at("verdict") {
            let Some((holds, more)) = row.get(vi).and_then(|c| verdict(c)) else {
                continue;
            };
            let mut numbers: Vec<String> = head
                .iter()
                .enumerate()
                .filter(|&(i, h)| i != ci && i != vi && !h.is_empty())
                .filter(|&(i, _)| row.get(i).is_some_and(|c| c != "–"))
                .map(|(i, h)| match h.as_str() {
                    "numbers" => row[i].clone(),
                    _ => format!("{h}: {}", row[i]),
                })
                .collect();
            if !more.is_empty() {
                numbers.push(more);
            }
            out.push(claim(&section, text, numbers.join("; "), holds));
        } else {
            // One condition a column: each cell judged on its own.
            for (i, h) in head.iter().enumerate().filter(|&(i, _)| i != ci) {
                if let Some((holds, noise, numbers)) = row.get(i).and_then(|c| judged_cell(c)) {
                    out.push(Claim {
                        within_noise: noise,
                        ..claim(&section, format!("{text} (at {h})"), numbers, holds)
                    });
                }
            }
        }
    }
    out
}

/// The claims document `name` over `docs`: a summary by paper, then every
/// claim.
pub fn document(name: &str, docs: &[Doc]) -> Doc {
    let claims: Vec<Claim> = docs.iter().flat_map(gather).collect();
    let mut papers: Vec<&str> = Vec::new();
    for c in &claims {
        if !papers.contains(&c.paper) {
            papers.push(c.paper);
        }
    }
    let timed = name.ends_with("-time");
    let mut md = String::new();
    writeln!(
        md,
        "# The papers' claims{}, as the experiments judge them\n",
        if timed { " about time" } else { "" }
    )
    .unwrap();
    writeln!(
        md,
        "Generated by `cargo xtask reproduce` from the {} documents of the same run: every claim \
         an experiment checks, one row each, with the numbers its verdict rests on. The \
         conditions are the paper's as the named document and section state them (trees, \
         budgets{}); each verdict is computed by the experiment, as its document explains.\n",
        if timed { "times" } else { "counts" },
        if timed {
            ", leaf costs, the load of the machine"
        } else {
            ""
        }
    )
    .unwrap();
    // A "within noise" column only where some claim is.
    let noisy = claims.iter().any(|c| c.within_noise);
    let summary: Vec<Vec<String>> = papers
        .iter()
        .map(|p| {
            let of: Vec<&Claim> = claims.iter().filter(|c| c.paper == *p).collect();
            let count = |v: &str| of.iter().filter(|c| c.verdict() == v).count().to_string();
            let mut row = vec![
                (*p).to_owned(),
                of.len().to_string(),
                count("holds"),
                count("fails"),
            ];
            if noisy {
                row.push(count("within noise"));
            }
            row
        })
        .collect();
    let mut headers = vec!["paper", "claims", "hold", "fail"];
    if noisy {
        headers.push("within noise");
    }
    md.push_str(&md_table(&headers, &summary));
    md.push('\n');
    for p in &papers {
        writeln!(md, "## {p}\n").unwrap();
        let rows: Vec<Vec<String>> = claims
            .iter()
            .filter(|c| c.paper == *p)
            .map(|c| {
                vec![
                    c.claim.clone(),
                    format!("`{}` § {}", c.document, c.section),
                    c.numbers.clone(),
                    c.verdict().to_owned(),
                ]
            })
            .collect();
        md.push_str(&md_table(&["claim", "where", "numbers", "verdict"], &rows));
        md.push('\n');
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "paper", "document", "section", "claim", "numbers", "verdict",
    ])
    .unwrap();
    for c in &claims {
        w.write_record([
            c.paper,
            &c.document,
            &c.section,
            &c.claim,
            &c.numbers,
            c.verdict(),
        ])
        .unwrap();
    }
    let csv = String::from_utf8(w.into_inner().unwrap()).unwrap();
    Doc::new(name, md, csv)
}

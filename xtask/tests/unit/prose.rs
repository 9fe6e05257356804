//! The project's prose (`README.md`, `docs/*.md`) quotes only figures the
//! generated data has, or says what else a figure is.
//!
//! A *figure* here is a number written with thousands commas (`14,978`,
//! `1,073,741,825`): the counts the prose quotes. Each must be one of:
//!
//! * **generated**: in a paragraph that links a document under
//!   `docs/reproduction/` or a raw output under `docs/measurements/`, the
//!   figure is in one of the files it links (a Markdown document with its
//!   CSV beside it), as written or as a generated decimal rounding to it; in
//!   any other paragraph of a fully checked document, it is in some
//!   generated file (every `.md` and `.csv` under `docs/reproduction/`
//!   other than its README, every file under `docs/measurements/`);
//! * **marked**, by an HTML comment right after it (invisible once
//!   rendered): `<!-- input -->` for a value chosen as an input (a
//!   fuzzing run's 100,000 inputs, a tree's 70,000 children), `<!-- = EXPR
//!   -->` for a value the test recomputes (`32^3`, `32^6 + 1`: integers
//!   with `+`, `-`, `*` and `^`), or `<!-- recorded: WHERE -->` for a
//!   measurement kept only where WHERE says (a commit, an earlier version
//!   of a generated document), with no raw output to check it against.
//!
//! The scope: `README.md` and every `docs/*.md` are checked whole, except
//! `OTHELLO.md`, `OVERHEAD.md` and `PARALLEL.md`, whose engineering
//! measurements (node counts, instruction counts, timings recorded by hand
//! while the engines were tuned) have no raw output saved: there, only the
//! paragraphs that link a generated document or a raw output are checked.
//! Decimals (ratios, seconds) are not checked.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use xtask::paths::workspace_root;

/// The documents checked only where a paragraph links generated data.
const PARTLY_CHECKED: [&str; 3] = ["OTHELLO.md", "OVERHEAD.md", "PARALLEL.md"];

/// The numbers in `text` with their byte ranges: runs of digits, with
/// thousands commas and one decimal point, as written.
fn numbers(text: &str) -> Vec<(usize, usize, &str)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = None;
    for (i, &c) in bytes.iter().enumerate() {
        let joins = (c == b',' || c == b'.')
            && start.is_some()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if c.is_ascii_digit() || joins {
            start.get_or_insert(i);
        } else if let Some(s) = start.take() {
            out.push((s, i, &text[s..i]));
        }
    }
    if let Some(s) = start {
        out.push((s, text.len(), &text[s..]));
    }
    out
}

/// Whether `n` is a figure: digits grouped by thousands commas (one to
/// three, then threes), no decimal part. `0,14,0` and `4096,5` are not.
fn is_figure(n: &str) -> bool {
    let groups: Vec<&str> = n.split(',').collect();
    groups.len() > 1
        && !n.contains('.')
        && (1..=3).contains(&groups[0].len())
        && !groups[0].starts_with('0')
        && groups[1..].iter().all(|g| g.len() == 3)
}

/// Every number of the files at `paths`, without commas, and each decimal
/// also rounded to an integer.
fn values(paths: &[PathBuf]) -> HashSet<String> {
    let mut out = HashSet::new();
    for path in paths {
        let mut text = std::fs::read_to_string(path).unwrap_or_default();
        if path.extension().is_some_and(|e| e == "csv") {
            // A CSV's commas separate fields; its numbers have none.
            text = text.replace(',', " ");
        }
        for (_, _, n) in numbers(&text) {
            let plain = n.replace(',', "");
            if let Ok(x) = plain.parse::<f64>() {
                out.insert(format!("{}", x.round() as i64));
            }
            out.insert(plain);
        }
    }
    out
}

/// The generated files: every `.md` and `.csv` under `docs/reproduction/`
/// but its README, every file under `docs/measurements/`.
fn generated_files(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root.join("docs/reproduction"), &mut out);
    out.retain(|p| {
        p.file_name().is_some_and(|n| n != "README.md")
            && p.extension().is_some_and(|e| e == "md" || e == "csv")
    });
    walk(&root.join("docs/measurements"), &mut out);
    out
}

/// The generated files a paragraph links: `reproduction/NAME.md` (with its
/// CSV), `reproduction/NAME.csv`, `measurements/NAME`, wherever they exist.
fn linked(root: &Path, paragraph: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["reproduction/", "measurements/"] {
        for (at, _) in paragraph.match_indices(dir) {
            let rest = &paragraph[at + dir.len()..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || "._-".contains(c)))
                .unwrap_or(rest.len());
            let name = rest[..end].trim_end_matches('.');
            if name.is_empty() || name == "README.md" {
                continue;
            }
            let path = root.join("docs").join(dir).join(name);
            if path.is_file() {
                if let Some(stem) = name.strip_suffix(".md") {
                    out.push(root.join("docs").join(dir).join(format!("{stem}.csv")));
                }
                out.push(path);
            }
        }
    }
    out
}

/// Evaluates `expr`: integers joined by `+`, `-`, `*` (or `×`) and `^`,
/// with the usual precedence and no parentheses.
fn evaluate(expr: &str) -> Option<i128> {
    let expr = expr.replace('×', "*").replace(' ', "");
    let mut total = 0i128;
    let mut sign = 1i128;
    let mut term = String::new();
    let product = |t: &str| -> Option<i128> {
        t.split('*').try_fold(1i128, |acc, factor| {
            let mut parts = factor.split('^');
            let base: i128 = parts.next()?.parse().ok()?;
            let value = match parts.next() {
                Some(e) => base.checked_pow(e.parse().ok()?)?,
                None => base,
            };
            if parts.next().is_some() {
                return None;
            }
            acc.checked_mul(value)
        })
    };
    for c in expr.chars().chain(std::iter::once('+')) {
        if (c == '+' || c == '-') && !term.is_empty() {
            total += sign * product(&term)?;
            term.clear();
            sign = if c == '-' { -1 } else { 1 };
        } else {
            term.push(c);
        }
    }
    Some(total)
}

/// Why a figure followed by `after` needs no generated value, or what is
/// wrong with its mark: `Ok(true)` when marked correctly, `Ok(false)` when
/// not marked.
fn marked(figure: &str, after: &str) -> Result<bool, String> {
    let Some(rest) = after.strip_prefix("<!--") else {
        return Ok(false);
    };
    let Some((mark, _)) = rest.split_once("-->") else {
        return Err(format!("{figure}: an unclosed comment"));
    };
    let mark = mark.trim();
    if mark == "input" {
        Ok(true)
    } else if let Some(expr) = mark.strip_prefix('=') {
        let want: i128 = figure.replace(',', "").parse().unwrap();
        match evaluate(expr) {
            Some(v) if v == want => Ok(true),
            Some(v) => Err(format!(
                "{figure}: marked = {} but that is {v}",
                expr.trim()
            )),
            None => Err(format!("{figure}: cannot evaluate {:?}", expr.trim())),
        }
    } else if let Some(place) = mark.strip_prefix("recorded:") {
        if place.trim().is_empty() {
            Err(format!("{figure}: recorded where?"))
        } else {
            Ok(true)
        }
    } else {
        Err(format!("{figure}: an unknown mark {mark:?}"))
    }
}

/// The figures of `text` that break the rules above, each with why.
/// `whole`: every paragraph is checked, not only those linking generated
/// data.
fn unbacked(root: &Path, text: &str, whole: bool, everywhere: &HashSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut offset = 0;
    for paragraph in text.split("\n\n") {
        let links = linked(root, paragraph);
        let cited = (!links.is_empty()).then(|| values(&links));
        for (_, end, n) in numbers(paragraph) {
            if !is_figure(n) {
                continue;
            }
            match marked(n, &paragraph[end..]) {
                Ok(true) => continue,
                Ok(false) => {}
                Err(e) => {
                    out.push(e);
                    continue;
                }
            }
            let plain = n.replace(',', "");
            let line = text[..offset].lines().count() + paragraph[..end].lines().count();
            match &cited {
                Some(values) if !values.contains(&plain) => out.push(format!(
                    "{n} (line {line}): not in the linked {}",
                    links
                        .iter()
                        .filter_map(|p| p.file_name())
                        .map(|f| f.to_string_lossy().into_owned())
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                None if whole && !everywhere.contains(&plain) => {
                    out.push(format!("{n} (line {line}): in no generated file"));
                }
                _ => {}
            }
        }
        offset += paragraph.len() + 2;
    }
    out
}

/// The project's prose quotes only generated figures, or marks what else
/// they are (the rules and the scope: this module's documentation).
#[test]
fn the_project_prose_quotes_only_generated_figures() {
    let root = workspace_root();
    let everywhere = values(&generated_files(&root));
    let mut docs = vec![root.join("README.md")];
    let mut in_docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    in_docs.sort();
    docs.extend(in_docs);
    let mut wrong = Vec::new();
    for path in &docs {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(path).unwrap();
        let whole = !PARTLY_CHECKED.contains(&name.as_str());
        for e in unbacked(&root, &text, whole, &everywhere) {
            wrong.push(format!("{name}: {e}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "figures in the prose that no generated file backs (generate them, fix them, \
         or mark them as this test's documentation says):\n{}",
        wrong.join("\n")
    );
}

/// The figure rule, the marks and the arithmetic on their own.
#[test]
fn figures_and_marks_are_read_as_documented() {
    let figs: Vec<&str> = numbers("14,978 and 0,14,0, 4096,5, 1,000,000 or 0.402 (5,10)")
        .into_iter()
        .map(|(_, _, n)| n)
        .filter(|n| is_figure(n))
        .collect();
    assert_eq!(figs, ["14,978", "1,000,000"]);
    assert_eq!(evaluate("32^6 + 1"), Some(1_073_741_825));
    assert_eq!(evaluate("2 * 3^2 - 4"), Some(14));
    assert_eq!(evaluate("x"), None);
    assert_eq!(marked("32,768", "<!-- = 32^3 --> entries"), Ok(true));
    assert!(marked("32,769", "<!-- = 32^3 -->").is_err());
    assert_eq!(marked("100,000", "<!-- input --> inputs"), Ok(true));
    assert_eq!(
        marked("4,049", "<!-- recorded: commit ea535bf -->"),
        Ok(true)
    );
    assert!(marked("4,049", "<!-- recorded: -->").is_err());
    assert!(marked("4,049", "<!-- guessed -->").is_err());
    assert_eq!(marked("4,049", " items"), Ok(false));
}

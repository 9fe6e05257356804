//! The project's prose (`README.md`, `docs/*.md`, `docs/reproduction/README.md`)
//! quotes only figures the generated data has, or says what else a figure is.
//! Every document is checked whole, paragraph by paragraph (a paragraph or a
//! table ends at a blank line): the engineering logs as much as the rest.
//!
//! A *figure* here is a number written with thousands commas (`14,978`,
//! `1,073,741,825`): the counts the prose quotes. Each must be one of:
//!
//! * **generated**: in a paragraph that links a document under
//!   `docs/reproduction/` or a raw output under `docs/measurements/` (by
//!   path, or by a Markdown link relative to the document), the figure is in
//!   one of the files it links (a Markdown document with its CSV beside it),
//!   as written or as a generated decimal rounding to it; in any other
//!   paragraph, it is in some generated file (every `.md` and `.csv` under
//!   `docs/reproduction/` other than its README, every file under
//!   `docs/measurements/`);
//! * **marked**, by an HTML comment right after it (invisible once
//!   rendered): `<!-- input -->` for a value chosen as an input (a
//!   fuzzing run's 100,000 inputs, a tree's 70,000 children), `<!-- = EXPR
//!   -->` for a value the test recomputes (`32^3`, `32^6 + 1`: integers
//!   with `+`, `-`, `*` and `^`), or `<!-- recorded: WHERE -->` for a
//!   measurement kept only where WHERE says (a commit, an earlier version
//!   of a generated document), with no raw output to check it against;
//! * **in a recorded paragraph**: a paragraph (or table) whose first line
//!   is `<!-- recorded: WHERE -->` holds measurements recorded by hand,
//!   each of its numbers kept only where WHERE says (the engines' tuning
//!   logs in `OTHELLO.md`, `OVERHEAD.md` and `PARALLEL.md`: instruction
//!   counts, node counts and timings measured before and after a change,
//!   with no raw output saved).
//!
//! A *decimal* (`0.402`, `1.35`, `0.7`) follows the same rules outside
//! fenced code blocks (whose numbers are sample outputs): it must be a
//! generated number rounded to its places (a paragraph's linked files, or
//! any generated file), or be marked, or be in a recorded paragraph.
//! Numbers that are part of an identifier (right after a letter or a
//! colon: `arXiv:1911.03388`) are not checked.

use std::collections::HashSet;
use std::ops::Range;
use std::path::{Path, PathBuf};

use xtask::paths::workspace_root;

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

/// Whether `n` is a decimal: no commas, one point. `1.2.3` is not.
fn is_decimal(n: &str) -> bool {
    !n.contains(',') && n.split('.').count() == 2
}

/// Every number of the files at `paths`, without commas; each decimal also
/// rounded to an integer and to every number of places below its own
/// (rounding half up and half down, as a hand may).
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
                let places = plain.split_once('.').map_or(0, |(_, p)| p.len());
                for p in 1..places {
                    for y in [x * (1.0 - 1e-12), x * (1.0 + 1e-12)] {
                        out.insert(format!("{y:.p$}"));
                    }
                }
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

/// Pushes `path` onto `out` if it is a generated file (with the CSV beside
/// a Markdown document).
fn push_generated(root: &Path, path: &Path, out: &mut Vec<PathBuf>) {
    let (Ok(path), Ok(docs)) = (path.canonicalize(), root.join("docs").canonicalize()) else {
        return;
    };
    let generated = ["reproduction", "measurements"]
        .iter()
        .any(|d| path.starts_with(docs.join(d)));
    if !generated || !path.is_file() || path.file_name().is_some_and(|n| n == "README.md") {
        return;
    }
    if path.extension().is_some_and(|e| e == "md") {
        out.push(path.with_extension("csv"));
    }
    out.push(path);
}

/// The generated files a paragraph of the document in `dir` links:
/// `reproduction/NAME.md` (with its CSV), `reproduction/NAME.csv`,
/// `measurements/NAME` written anywhere, and Markdown links `](TARGET)`
/// relative to `dir`, wherever they exist.
fn linked(root: &Path, dir: &Path, paragraph: &str) -> Vec<PathBuf> {
    let name_end = |rest: &str| {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || "._-".contains(c)))
            .unwrap_or(rest.len())
    };
    let mut out = Vec::new();
    for sub in ["reproduction/", "measurements/"] {
        for (at, _) in paragraph.match_indices(sub) {
            let rest = &paragraph[at + sub.len()..];
            let name = rest[..name_end(rest)].trim_end_matches('.');
            if !name.is_empty() {
                push_generated(root, &root.join("docs").join(sub).join(name), &mut out);
            }
        }
    }
    for (at, _) in paragraph.match_indices("](") {
        let rest = &paragraph[at + 2..];
        let target = rest[..rest.find(')').unwrap_or(0)]
            .split('#')
            .next()
            .unwrap_or("");
        if !target.is_empty() && !target.contains("://") {
            push_generated(root, &dir.join(target), &mut out);
        }
    }
    out.sort();
    out.dedup();
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

/// Checks a `recorded:` mark's place.
fn recorded(number: &str, place: &str) -> Result<bool, String> {
    if place.trim().is_empty() {
        Err(format!("{number}: recorded where?"))
    } else {
        Ok(true)
    }
}

/// Why a number followed by `after` needs no generated value, or what is
/// wrong with its mark: `Ok(true)` when marked correctly, `Ok(false)` when
/// not marked.
fn marked(number: &str, after: &str) -> Result<bool, String> {
    let Some(rest) = after.strip_prefix("<!--") else {
        return Ok(false);
    };
    let Some((mark, _)) = rest.split_once("-->") else {
        return Err(format!("{number}: an unclosed comment"));
    };
    let mark = mark.trim();
    if mark == "input" {
        Ok(true)
    } else if let Some(expr) = mark.strip_prefix('=') {
        let want: i128 = number
            .replace(',', "")
            .parse()
            .map_err(|_| format!("{number}: only integers can be marked = EXPR"))?;
        match evaluate(expr) {
            Some(v) if v == want => Ok(true),
            Some(v) => Err(format!(
                "{number}: marked = {} but that is {v}",
                expr.trim()
            )),
            None => Err(format!("{number}: cannot evaluate {:?}", expr.trim())),
        }
    } else if let Some(place) = mark.strip_prefix("recorded:") {
        recorded(number, place)
    } else {
        Err(format!("{number}: an unknown mark {mark:?}"))
    }
}

/// Whether a paragraph is recorded by hand (its first line a `recorded:`
/// mark), or what is wrong with its mark.
fn recorded_paragraph(paragraph: &str) -> Result<bool, String> {
    let first = paragraph.trim_start().lines().next().unwrap_or("").trim();
    match first
        .strip_prefix("<!-- recorded:")
        .and_then(|r| r.strip_suffix("-->"))
    {
        Some(place) => recorded("a paragraph", place),
        None => Ok(false),
    }
}

/// The byte ranges of `text`'s fenced code blocks.
fn fenced(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let (mut at, mut open) = (0, None);
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            match open.take() {
                Some(start) => out.push(start..at + line.len()),
                None => open = Some(at),
            }
        }
        at += line.len();
    }
    out.extend(open.map(|start| start..text.len()));
    out
}

/// The figures and decimals of the document at `path` that break the
/// rules above, each with why.
fn unbacked(root: &Path, path: &Path, everywhere: &HashSet<String>) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let dir = path.parent().unwrap();
    let code = fenced(&text);
    let mut out = Vec::new();
    let mut offset = 0;
    for paragraph in text.split("\n\n") {
        let line_of =
            |end: usize| text[..offset].lines().count() + paragraph[..end].lines().count();
        match recorded_paragraph(paragraph) {
            Ok(true) => {
                offset += paragraph.len() + 2;
                continue;
            }
            Ok(false) => {}
            Err(e) => out.push(format!("{e} (line {})", line_of(0))),
        }
        let links = linked(root, dir, paragraph);
        let cited = (!links.is_empty()).then(|| values(&links));
        for (start, end, n) in numbers(paragraph) {
            // Part of an identifier (`arXiv:1911.03388`, `x86`): not a value.
            let joined = paragraph[..start]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == ':');
            let in_code = code.iter().any(|r| r.contains(&(offset + start)));
            if joined || !(is_figure(n) || (is_decimal(n) && !in_code)) {
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
            let line = line_of(end);
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
                None if !everywhere.contains(&plain) => {
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
    let mut docs = vec![
        root.join("README.md"),
        root.join("docs/reproduction/README.md"),
    ];
    let mut in_docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    in_docs.sort();
    docs.extend(in_docs);
    let mut wrong = Vec::new();
    for path in &docs {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        for e in unbacked(&root, path, &everywhere) {
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

/// The figure and decimal rules, the marks and the arithmetic on their own.
#[test]
fn figures_and_marks_are_read_as_documented() {
    let found = numbers("14,978 and 0,14,0, 4096,5, 1,000,000 or 0.402 (5,10) 0.7 v1.2.3");
    let figs: Vec<&str> = found
        .iter()
        .map(|&(_, _, n)| n)
        .filter(|n| is_figure(n))
        .collect();
    assert_eq!(figs, ["14,978", "1,000,000"]);
    let decimals: Vec<&str> = found
        .iter()
        .map(|&(_, _, n)| n)
        .filter(|n| is_decimal(n))
        .collect();
    assert_eq!(decimals, ["0.402", "0.7"]);
    assert_eq!(evaluate("32^6 + 1"), Some(1_073_741_825));
    assert_eq!(evaluate("2 * 3^2 - 4"), Some(14));
    assert_eq!(evaluate("x"), None);
    assert_eq!(marked("32,768", "<!-- = 32^3 --> entries"), Ok(true));
    assert!(marked("32,769", "<!-- = 32^3 -->").is_err());
    assert!(marked("1.25", "<!-- = 5 -->").is_err());
    assert_eq!(marked("100,000", "<!-- input --> inputs"), Ok(true));
    assert_eq!(
        marked("4,049", "<!-- recorded: commit ea535bf -->"),
        Ok(true)
    );
    assert!(marked("4,049", "<!-- recorded: -->").is_err());
    assert!(marked("4,049", "<!-- guessed -->").is_err());
    assert_eq!(marked("4,049", " items"), Ok(false));
    assert_eq!(
        recorded_paragraph("<!-- recorded: commit ea535bf -->\n| a | 1,234 |"),
        Ok(true)
    );
    assert!(recorded_paragraph("<!-- recorded:  -->\ntext").is_err());
    assert_eq!(recorded_paragraph("text <!-- recorded: x -->"), Ok(false));
    let text = "a 1.25\n```\nb 2.50\n\nc\n```\nd\n```\ne";
    assert_eq!(fenced(text), vec![7..25, 27..32]);
}

/// Decimals match a generated number rounded to their places, half up or
/// half down; figures match as written or as a rounded decimal.
#[test]
fn generated_numbers_match_as_rounded() {
    let dir = std::env::temp_dir().join(format!("prose-values-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.csv");
    std::fs::write(&file, "a,b\n0.4025,14977.85\n1.125,3\n").unwrap();
    let v = values(std::slice::from_ref(&file));
    std::fs::remove_dir_all(&dir).unwrap();
    for yes in [
        "0.40", "0.403", "0.4025", "14978", "14977.9", "1.12", "1.13", "3",
    ] {
        assert!(v.contains(yes), "{yes}");
    }
    for no in ["0.41", "14977", "1.14", "0.39"] {
        assert!(!v.contains(no), "{no}");
    }
}

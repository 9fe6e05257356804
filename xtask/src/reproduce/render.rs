//! Markdown and CSV rendering helpers.

use std::fmt::Write as _;

use super::Config;

/// A Markdown table; the first column is left-aligned, the rest right-aligned.
pub fn md_table(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = String::new();
    writeln!(s, "| {} |", headers.join(" | ")).unwrap();
    let align: Vec<&str> = (0..headers.len())
        .map(|i| if i == 0 { ":--" } else { "--:" })
        .collect();
    writeln!(s, "|{}|", align.join("|")).unwrap();
    for r in rows {
        writeln!(s, "| {} |", r.join(" | ")).unwrap();
    }
    s
}

/// A number with `decimals` places and thousands separators.
pub fn num(x: f64, decimals: usize) -> String {
    let s = format!("{:.*}", decimals, x.abs());
    let (int, frac) = s
        .split_once('.')
        .map_or((s.as_str(), None), |(i, f)| (i, Some(f)));
    let mut grouped = String::new();
    for (k, c) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let sign = if x < 0.0 && s.chars().any(|c| c.is_ascii_digit() && c != '0') {
        "-"
    } else {
        ""
    };
    match frac {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

/// CSV text from a header and rows.
pub fn csv(headers: &[&str], rows: &[Vec<String>]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(headers).expect("in-memory write");
    for r in rows {
        w.write_record(r).expect("in-memory write");
    }
    String::from_utf8(w.into_inner().expect("in-memory flush")).expect("UTF-8 input")
}

/// The sentence of a full run's counts document that points to its times
/// document `NAME-time.md` (nothing in quick runs, which are not timed).
/// It does not depend on whether this run is timed: counts documents are
/// the same bytes on every run.
pub fn times_link(cfg: &Config, name: &str) -> String {
    if cfg.quick {
        String::new()
    } else {
        format!(
            " Wall-clock times are in [{name}-time.md]({name}-time.md), which only \
             `cargo xtask reproduce --write-docs` rewrites (a default run writes it to \
             `target/reproduction/`)."
        )
    }
}

/// The first paragraph of a times document: how it was made and on what
/// (`sample`: "100 trees per cell", …).
pub fn times_intro(sample: &str) -> String {
    format!(
        "Written by `cargo xtask reproduce --write-docs` (a default run writes this file to \
         `target/reproduction/`), {sample}; {}. Wall-clock times vary with the machine and its \
         load, so the tables show ratios between algorithms measured in the same run; the CSV \
         also has each row's total seconds.",
        super::machine_note()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(num(1234567.891, 1), "1,234,567.9");
        assert_eq!(num(999.0, 0), "999");
        assert_eq!(num(-1234.5, 1), "-1,234.5");
        assert_eq!(num(0.04, 2), "0.04");
    }

    #[test]
    fn tables() {
        let t = md_table(&["a", "b"], &[vec!["x".into(), "1".into()]]);
        assert_eq!(t, "| a | b |\n|:--|--:|\n| x | 1 |\n");
        assert_eq!(
            csv(&["a", "b"], &[vec!["x,y".into(), "1".into()]]),
            "a,b\n\"x,y\",1\n"
        );
    }
}

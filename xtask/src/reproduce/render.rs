//! Markdown and CSV rendering helpers.

use std::fmt::Write as _;

use super::config::Config;

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
        super::doc::machine_note()
    )
}

/// A line chart against a log-scale x axis, y linear from 0 or on a log
/// scale: one line (with dots) per series, and an optional horizontal
/// reference line in red.
pub struct LogXChart<'a> {
    pub caption: &'a str,
    pub x_desc: &'a str,
    pub y_desc: &'a str,
    /// (label, points), points in x order.
    pub series: &'a [(String, Vec<(f64, f64)>)],
    /// (label, y) of the reference line.
    pub reference: Option<(&'a str, f64)>,
    pub x_label: &'a dyn Fn(&f64) -> String,
    /// Where the legend goes.
    pub legend: plotters::prelude::SeriesLabelPosition,
    /// A log-scale y axis (drawn as log10 of the values, labelled with the
    /// values), for series that span orders of magnitude.
    pub log_y: bool,
}

impl std::fmt::Debug for LogXChart<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogXChart")
            .field("caption", &self.caption)
            .field("series", &self.series)
            .finish_non_exhaustive()
    }
}

impl LogXChart<'_> {
    /// The chart as SVG text (720 × 420).
    pub fn svg(&self) -> anyhow::Result<String> {
        use plotters::prelude::*;
        let colours = [
            BLUE,
            GREEN,
            MAGENTA,
            CYAN,
            BLACK,
            RGBColor(230, 140, 0),
            RGBColor(128, 0, 160),
            RGBColor(140, 80, 20),
            RGBColor(120, 120, 120),
            RGBColor(0, 120, 60),
        ];
        let y = |v: f64| if self.log_y { v.log10() } else { v };
        let series: Vec<(&str, Vec<(f64, f64)>)> = self
            .series
            .iter()
            .map(|(l, pts)| (l.as_str(), pts.iter().map(|&(a, b)| (a, y(b))).collect()))
            .collect();
        let reference = self.reference.map(|(l, v)| (l, y(v)));
        let points = || series.iter().flat_map(|s| s.1.iter().copied());
        let xmin = points().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let xmax = points().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let (x0, x1) = (xmin * 0.8, xmax * 1.25);
        let top = points()
            .map(|p| p.1)
            .fold(reference.map_or(0.0, |r| r.1), f64::max);
        let (ymin, ymax) = if self.log_y {
            let bottom = points()
                .map(|p| p.1)
                .fold(reference.map_or(0.0, |r| r.1), f64::min);
            (bottom - 0.1, top + 0.1)
        } else {
            (0.0, top * 1.15)
        };
        let mut svg = String::new();
        {
            let root = SVGBackend::with_string(&mut svg, (720, 420)).into_drawing_area();
            root.fill(&WHITE)?;
            let mut chart = ChartBuilder::on(&root)
                .caption(self.caption, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(70)
                .build_cartesian_2d((x0..x1).log_scale(), ymin..ymax)?;
            let precise = ymax < 10.0;
            let log_y = self.log_y;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(8)
                .x_label_formatter(self.x_label)
                .y_label_formatter(&|y| {
                    if log_y {
                        let v = 10f64.powf(*y);
                        // Ratios near 1 need decimals; counts do not.
                        if v >= 100.0 {
                            format!("{v:.0}")
                        } else {
                            format!("{v:.2}")
                        }
                    } else if precise {
                        format!("{y:.1}")
                    } else {
                        format!("{y:.0}")
                    }
                })
                .x_desc(self.x_desc)
                .y_desc(self.y_desc)
                .draw()?;
            for (i, (label, pts)) in series.iter().enumerate() {
                let c = colours[i % colours.len()];
                chart
                    .draw_series(LineSeries::new(pts.iter().copied(), &c))?
                    .label(*label)
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], c));
                chart.draw_series(pts.iter().map(|p| Circle::new(*p, 3, c.filled())))?;
            }
            if let Some((label, y)) = reference {
                chart
                    .draw_series(LineSeries::new([(x0, y), (x1, y)], &RED))?
                    .label(label)
                    .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], RED));
            }
            chart
                .configure_series_labels()
                .position(self.legend.clone())
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()?;
            root.present()?;
        }
        Ok(svg)
    }
}

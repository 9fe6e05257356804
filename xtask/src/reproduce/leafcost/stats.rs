//! Standard errors over the trees of a cell: of a mean, and of a ratio of
//! means (the delta method).

/// A ratio of means with its standard error (`None` from fewer than two
/// trees in some cell).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    /// Σx / Σy over every tree of every cell.
    pub value: f64,
    /// Its standard error.
    pub se: Option<f64>,
}

/// The mean of `xs` and its standard error, s / √n (`None` from fewer than
/// two values).
pub fn mean_se(xs: &[f64]) -> (f64, Option<f64>) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, None);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, Some((var / n).sqrt()))
}

/// The ratio of totals R = Σx / Σy over paired measurements (x, y), one
/// pair a tree, the trees of a cell in one stratum, and its standard error
/// by the delta method: with the residuals e = x − R·y,
/// Var(R) ≈ Σ_cells n·s²(e) / (Σy)², where s²(e) is the cell's sample
/// variance of e (cells are sampled apart, each with its own mean). For
/// one cell that is the usual s.e. of a ratio of means,
/// s(e) / (ȳ·√n).
pub fn ratio_of_totals(strata: &[Vec<(f64, f64)>]) -> Ratio {
    let sx: f64 = strata.iter().flatten().map(|p| p.0).sum();
    let sy: f64 = strata.iter().flatten().map(|p| p.1).sum();
    let value = sx / sy;
    let mut var = 0.0;
    for cell in strata {
        if cell.len() < 2 {
            return Ratio { value, se: None };
        }
        let n = cell.len() as f64;
        let e: Vec<f64> = cell.iter().map(|&(x, y)| x - value * y).collect();
        let mean = e.iter().sum::<f64>() / n;
        var += n * e.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    }
    Ratio {
        value,
        se: Some(var.sqrt() / sy),
    }
}

//! Summaries of a series' values.

use std::fmt;

#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub count: usize,
    pub sum: f64,
    pub min: f64,
    pub max: f64,
    pub p50: f64,
    pub p95: f64,
}

impl Summary {
    /// None for an empty series.
    pub fn of(values: &[f64]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        let rank = |q: f64| sorted[((sorted.len() - 1) as f64 * q).round() as usize];
        Some(Summary {
            count: sorted.len(),
            sum: sorted.iter().sum(),
            min: sorted[0],
            max: sorted[sorted.len() - 1],
            p50: rank(0.5),
            p95: rank(0.95),
        })
    }

    pub fn mean(&self) -> f64 {
        self.sum / self.count as f64
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "n={} min={:.2} p50={:.2} p95={:.2} max={:.2} mean={:.2}",
            self.count,
            self.min,
            self.p50,
            self.p95,
            self.max,
            self.mean()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_one_to_hundred() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        let s = Summary::of(&v).unwrap();
        assert_eq!((s.min, s.p50, s.p95, s.max), (1.0, 51.0, 95.0, 100.0));
        assert!(Summary::of(&[]).is_none());
    }
}

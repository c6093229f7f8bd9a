use std::fmt;

use crate::types::BoxError;

/// A running aggregate over a column's values.
pub trait Aggregate: Default {
    fn push(&mut self, value: f64);
    fn value(&self) -> Option<f64>;
}

#[derive(Default)]
pub struct Mean {
    sum: f64,
    n: usize,
}

#[derive(Default)]
pub struct Min(Option<f64>);

#[derive(Default)]
pub struct Max(Option<f64>);

impl Aggregate for Mean {
    fn push(&mut self, value: f64) {
        self.sum += value;
        self.n += 1;
    }
    fn value(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum / self.n as f64)
    }
}

impl Aggregate for Min {
    fn push(&mut self, value: f64) {
        self.0 = Some(self.0.map_or(value, |m| m.min(value)));
    }
    fn value(&self) -> Option<f64> {
        self.0
    }
}

impl Aggregate for Max {
    fn push(&mut self, value: f64) {
        self.0 = Some(self.0.map_or(value, |m| m.max(value)));
    }
    fn value(&self) -> Option<f64> {
        self.0
    }
}

pub fn aggregate<A: Aggregate>(values: &[f64]) -> Option<f64> {
    let mut acc = A::default();
    values.iter().for_each(|v| acc.push(*v));
    acc.value()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    pub column: String,
    pub count: usize,
    pub min: f64,
    pub max: f64,
    pub mean: f64,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:<10} n={:<3} min={:<8.2} max={:<8.2} mean={:.3}",
            self.column, self.count, self.min, self.max, self.mean
        )
    }
}

/// Summarises a column; fails on the first cell that is not a number.
pub fn summarise(column: &str, cells: &[String]) -> Result<Summary, BoxError> {
    let mut values = Vec::with_capacity(cells.len());
    for (row, cell) in cells.iter().enumerate() {
        let v: f64 = cell
            .parse()
            .map_err(|_| format!("column {column}: {cell:?} at row {} is not a number", row + 1))?;
        values.push(v);
    }
    let empty = || -> BoxError { format!("column {column}: no values").into() };
    Ok(Summary {
        column: column.to_string(),
        count: values.len(),
        min: aggregate::<Min>(&values).ok_or_else(empty)?,
        max: aggregate::<Max>(&values).ok_or_else(empty)?,
        mean: aggregate::<Mean>(&values).ok_or_else(empty)?,
    })
}

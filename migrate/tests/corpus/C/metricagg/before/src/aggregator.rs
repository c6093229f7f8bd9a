//! Collects lines, then parses and summarises them on one pool in two phases.

use std::collections::BTreeMap;

use workerpool::Pool;

use crate::error::AggError;
use crate::exec::run_phase;
use crate::sample::{Kind, Sample};
use crate::stats::Summary;

/// Summaries per series, in series order, plus the lines that did not parse.
#[derive(Debug, Default)]
pub struct Report {
    pub series: BTreeMap<String, (Kind, Summary)>,
    pub rejected: Vec<String>,
}

impl Report {
    /// One line per series, as exporters send them.
    pub fn lines(&self) -> Vec<String> {
        self.series
            .iter()
            .map(|(name, (kind, s))| format!("{name} {kind:?} {s}"))
            .collect()
    }
}

pub struct Aggregator {
    lines: Vec<String>,
    threads: usize,
    strict: bool,
    pool: Option<Pool>,
}

impl Aggregator {
    pub fn new(threads: usize) -> Self {
        Aggregator {
            lines: Vec::new(),
            threads,
            strict: false,
            pool: None,
        }
    }

    /// In strict mode a bad line fails `finish`; otherwise it lands in `Report::rejected`.
    pub fn strict(mut self) -> Self {
        self.strict = true;
        self
    }

    pub fn push(&mut self, line: &str) {
        if !line.trim().is_empty() && !line.starts_with('#') {
            self.lines.push(line.to_string());
        }
    }

    pub fn extend_text(&mut self, text: &str) {
        text.lines().for_each(|l| self.push(l));
    }

    fn pool(&mut self) -> &Pool {
        self.pool.get_or_insert_with(|| Pool::new(64))
    }

    /// Parses every line (one thread: parsing is cheap), then summarises each series
    /// on `threads` threads, both on the aggregator's pool.
    pub fn finish(mut self) -> Result<Report, AggError> {
        let threads = self.threads;
        let strict = self.strict;
        let lines: Vec<(usize, String)> = std::mem::take(&mut self.lines)
            .into_iter()
            .enumerate()
            .collect();
        let pool = self.pool();

        let parsed = run_phase(pool, 1, lines, |(i, line): (usize, String)| {
            Sample::parse(i + 1, &line).map_err(|e| (e, line))
        })?;

        let mut report = Report::default();
        let mut by_series: BTreeMap<String, (Kind, Vec<f64>)> = BTreeMap::new();
        for p in parsed {
            match p {
                Ok(s) => by_series
                    .entry(s.series)
                    .or_insert((s.kind, Vec::new()))
                    .1
                    .push(s.value),
                Err((e, _)) if strict => return Err(e.into()),
                Err((e, line)) => report.rejected.push(format!("{line}  ({})", e.msg)),
            }
        }

        let series: Vec<(String, (Kind, Vec<f64>))> = by_series.into_iter().collect();
        let summaries = run_phase(pool, threads, series, |(name, (kind, values))| {
            let summary = match kind {
                // Counters are summed per flush: one value, the total.
                Kind::Counter => Summary::of(&[values.iter().sum::<f64>()]),
                Kind::Gauge | Kind::Timer => Summary::of(&values),
            };
            (name, kind, summary)
        })?;
        for (name, kind, summary) in summaries {
            if let Some(s) = summary {
                report.series.insert(name, (kind, s));
            }
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_are_summed() {
        let mut a = Aggregator::new(2);
        a.extend_text("hits:1|c\nhits:2|c\nhits:4|c\n");
        let r = a.finish().unwrap();
        assert_eq!(r.series["hits"].1.sum, 7.0);
        assert_eq!(r.series["hits"].1.count, 1);
    }

    #[test]
    fn strict_mode_fails_on_a_bad_line() {
        let mut a = Aggregator::new(1).strict();
        a.extend_text("ok:1|g\nnope\n");
        assert!(matches!(a.finish(), Err(AggError::Parse(p)) if p.line == 2));
    }
}

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::scrape::{self, Sample};

/// The merged view across rounds: last value wins, plus the scraper's own gauges.
#[derive(Debug, Default)]
pub struct Registry {
    series: BTreeMap<(String, String), f64>,
    failures: BTreeMap<String, u32>,
}

impl Registry {
    pub fn ingest(&mut self, samples: impl IntoIterator<Item = Sample>) {
        for s in samples {
            self.series.insert((s.name, s.job), s.value);
        }
    }

    pub fn failed(&mut self, job: &str) {
        *self.failures.entry(job.to_owned()).or_default() += 1;
    }

    pub fn get(&self, name: &str, job: &str) -> Option<f64> {
        self.series.get(&(name.to_owned(), job.to_owned())).copied()
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        for ((name, job), v) in &self.series {
            let _ = writeln!(out, "{name}{{job=\"{job}\"}} {v}");
        }
        for (job, n) in &self.failures {
            let _ = writeln!(out, "scrape_failures_total{{job=\"{job}\"}} {n}");
        }
        let _ = writeln!(out, "scrape_threads {}", scrape::running_threads());
        out
    }
}

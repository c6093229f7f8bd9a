//! Reporters receive verdicts as they arrive and summarise at the end.

use crate::case::Verdict;

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
    pub ignored: usize,
}

impl Summary {
    pub fn add(&mut self, v: &Verdict) {
        match v {
            Verdict::Passed => self.passed += 1,
            Verdict::Failed(_) | Verdict::Panicked(_) => self.failed += 1,
            Verdict::Ignored => self.ignored += 1,
        }
    }

    pub fn success(&self) -> bool {
        self.failed == 0
    }
}

pub trait Reporter: Send {
    fn verdict(&mut self, name: &str, verdict: &Verdict);
    fn finish(&mut self, summary: &Summary);
}

/// Keeps verdicts and prints them sorted by name when the run finishes, so the output
/// does not depend on which thread finished first.
#[derive(Default)]
pub struct TextReporter {
    lines: Vec<(String, Verdict)>,
    pub out: Vec<String>,
}

impl TextReporter {
    pub fn new() -> Self {
        Self::default()
    }
}

impl Reporter for TextReporter {
    fn verdict(&mut self, name: &str, verdict: &Verdict) {
        self.lines.push((name.to_string(), verdict.clone()));
    }

    fn finish(&mut self, s: &Summary) {
        self.lines.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, v) in &self.lines {
            self.out.push(format!("test {name} ... {}", v.label()));
        }
        for (name, v) in &self.lines {
            if let Verdict::Failed(m) | Verdict::Panicked(m) = v {
                self.out.push(format!("---- {name}: {m}"));
            }
        }
        let result = if s.success() { "ok" } else { "FAILED" };
        self.out.push(format!(
            "test result: {result}. {} passed; {} failed; {} ignored",
            s.passed, s.failed, s.ignored
        ));
    }
}

/// Collects (name, verdict) pairs; for tests.
#[derive(Default)]
pub struct CollectReporter {
    pub seen: Vec<(String, Verdict)>,
    pub summary: Option<Summary>,
}

impl Reporter for CollectReporter {
    fn verdict(&mut self, name: &str, verdict: &Verdict) {
        self.seen.push((name.to_string(), verdict.clone()));
    }

    fn finish(&mut self, summary: &Summary) {
        self.seen.sort_by(|a, b| a.0.cmp(&b.0));
        self.summary = Some(*summary);
    }
}

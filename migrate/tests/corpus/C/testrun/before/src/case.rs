//! A test case and its verdict.

use std::panic::{self, AssertUnwindSafe};

/// A check: Ok, or a failure message. A panic counts as a failure too.
pub type TestFn = fn() -> Result<(), String>;

#[derive(Clone, Copy)]
pub struct TestCase {
    pub name: &'static str,
    pub run: TestFn,
    pub ignored: bool,
}

impl TestCase {
    pub const fn new(name: &'static str, run: TestFn) -> TestCase {
        TestCase {
            name,
            run,
            ignored: false,
        }
    }

    pub const fn ignored(mut self) -> TestCase {
        self.ignored = true;
        self
    }

    /// Runs the check, turning a panic into `Verdict::Panicked`.
    pub fn execute(&self) -> Verdict {
        if self.ignored {
            return Verdict::Ignored;
        }
        match panic::catch_unwind(AssertUnwindSafe(self.run)) {
            Ok(Ok(())) => Verdict::Passed,
            Ok(Err(msg)) => Verdict::Failed(msg),
            Err(payload) => Verdict::Panicked(panic_message(payload.as_ref())),
        }
    }
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a non-string panic".to_string()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed(String),
    Panicked(String),
    Ignored,
}

impl Verdict {
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Passed => "ok",
            Verdict::Failed(_) => "FAILED",
            Verdict::Panicked(_) => "PANICKED",
            Verdict::Ignored => "ignored",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_a_verdict() {
        let _quiet = crate::runner::QuietPanics::install();
        let case = TestCase::new("boom", || panic!("kaboom"));
        assert_eq!(case.execute(), Verdict::Panicked("kaboom".into()));
    }

    #[test]
    fn ignored_cases_do_not_run() {
        let case = TestCase::new("never", || unreachable!()).ignored();
        assert_eq!(case.execute(), Verdict::Ignored);
    }
}

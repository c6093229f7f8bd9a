use testrun::runner::QuietPanics;
use testrun::{CollectReporter, Runner, Summary, TestCase, Verdict};

fn fail() -> Result<(), String> {
    Err("nope".into())
}

#[test]
fn every_case_gets_a_verdict() {
    let cases: Vec<TestCase> = (0..30).map(|_| TestCase::new("same", || Ok(()))).collect();
    let mut runner = Runner::new(3, CollectReporter::default());
    let s = runner.run(&cases).unwrap();
    assert_eq!(
        s,
        Summary {
            passed: 30,
            failed: 0,
            ignored: 0
        }
    );
}

#[test]
fn failures_and_panics_are_counted() {
    let _quiet = QuietPanics::install();
    let cases = [
        TestCase::new("a", || Ok(())),
        TestCase::new("b", fail),
        TestCase::new("c", || panic!("oops")),
        TestCase::new("d", fail).ignored(),
    ];
    let mut runner = Runner::new(2, CollectReporter::default());
    let s = runner.run(&cases).unwrap();
    assert_eq!((s.passed, s.failed, s.ignored), (1, 2, 1));
    // A panicking case must not take its test thread down.
    assert_eq!(runner.threads(), 2);
    let seen = runner.into_reporter().seen;
    assert_eq!(seen[2], ("c".to_string(), Verdict::Panicked("oops".into())));
}

#[test]
fn an_empty_run_is_a_success() {
    let mut runner = Runner::new(1, CollectReporter::default()).filter("nothing matches");
    assert!(runner.run(&[TestCase::new("x", fail)]).unwrap().success());
}

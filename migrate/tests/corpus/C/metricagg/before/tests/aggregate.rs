use metricagg::{AggError, Aggregator, Kind};

#[test]
fn every_series_is_summarised() {
    let mut agg = Aggregator::new(4);
    for s in 0..40 {
        for v in 0..25 {
            agg.push(&format!("s{s}:{v}|g"));
        }
    }
    let report = agg.finish().unwrap();
    assert_eq!(report.series.len(), 40);
    assert!(report
        .series
        .values()
        .all(|(k, s)| *k == Kind::Gauge && s.count == 25 && s.max == 24.0));
}

#[test]
fn bad_lines_are_kept_aside() {
    let mut agg = Aggregator::new(1);
    agg.extend_text("a:1|g\nb:x|g\nc|g\n");
    let r = agg.finish().unwrap();
    assert_eq!(r.series.len(), 1);
    assert_eq!(r.rejected.len(), 2);
}

#[test]
fn nothing_to_do() {
    let r = Aggregator::new(2).finish().unwrap();
    assert!(r.series.is_empty() && r.rejected.is_empty());
}

#[test]
fn strict_reports_the_first_bad_line() {
    let mut agg = Aggregator::new(2).strict();
    agg.extend_text("a:1|g\na:2|g\nb:1|zz\n");
    match agg.finish() {
        Err(AggError::Parse(p)) => assert_eq!(p.line, 3),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[cfg(feature = "export")]
#[test]
fn export_reaches_the_target() {
    let mut agg = Aggregator::new(2);
    agg.extend_text("x:1|g\ny:2|ms\n");
    let r = agg.finish().unwrap();
    let n = metricagg::export::export("test-target", &r).unwrap();
    assert_eq!(metricagg::export::received("test-target", n).len(), 2);
}

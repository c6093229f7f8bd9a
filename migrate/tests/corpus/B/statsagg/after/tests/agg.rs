use statsagg::Aggregator;

#[test]
fn flush_sees_every_sample() {
    let mut agg = Aggregator::new().unwrap();
    for i in 0..1000 {
        agg.sample("s", i as f64).unwrap();
    }
    let (series, _) = agg.flush();
    assert_eq!(series["s"].count, 1000);
    assert_eq!(series["s"].mean(), 499.5);
}

#[test]
fn labels_are_counted_after_flush() {
    let mut agg = Aggregator::new().unwrap();
    agg.label("x", 10).unwrap();
    agg.label("y", 0).unwrap();
    let (_, labels) = agg.flush();
    assert_eq!(labels.get("x"), Some(&10));
    assert_eq!(labels.get("y"), None);
}

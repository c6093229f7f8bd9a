use dnscheck::{default_checks, Pipeline, PipelineConfig, Record, Severity, Zone};

#[test]
fn every_name_is_resolved_and_checked() {
    let mut zone = Zone::default();
    for i in 0..200 {
        zone.add(
            &format!("h{i}.test"),
            Record::A(format!("10.0.{}.{}", i / 250, i % 250).parse().unwrap()),
        );
    }
    let p = Pipeline::new(
        zone,
        default_checks(),
        PipelineConfig {
            resolvers: 2,
            checkers: 3,
        },
    )
    .unwrap();
    let findings = p.run((0..200).map(|i| format!("h{i}.test"))).unwrap();
    assert_eq!(p.resolved(), 200);
    assert_eq!(findings.len(), 200, "one private-address warning per host");
    assert!(findings
        .iter()
        .all(|f| f.severity == Severity::Warning && f.check == "public"));
}

#[test]
fn runs_accumulate() {
    let zone = Zone::parse("a.test CNAME gone.test\n").unwrap();
    let p = Pipeline::new(zone, default_checks(), PipelineConfig::default()).unwrap();
    assert_eq!(p.run(["a.test"]).unwrap().len(), 1);
    assert_eq!(p.run(["nothing.test"]).unwrap().len(), 2);
}

#[test]
fn threads_are_as_configured() {
    let p = Pipeline::new(
        Zone::default(),
        default_checks(),
        PipelineConfig {
            resolvers: 1,
            checkers: 4,
        },
    )
    .unwrap();
    assert_eq!(p.threads(), (1, 4));
}

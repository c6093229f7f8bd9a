use logshipper::{Level, Shipper};

#[test]
fn counts_per_service_and_level() {
    let shipper = Shipper::new(2).unwrap();
    let report = shipper
        .ship(&["INFO a: one", "INFO a: two", "ERROR b: three"])
        .unwrap();
    assert_eq!(report.shipped, 3);
    assert_eq!(report.by_service[&("a".to_string(), Level::Info)], 2);
    assert_eq!(report.by_service[&("b".to_string(), Level::Error)], 1);
    assert!(report.rejected.is_empty());
    shipper.shutdown().unwrap();
}

#[test]
fn bad_lines_are_rejected_in_order() {
    let shipper = Shipper::new(4).unwrap();
    let report = shipper.ship(&["nope", "INFO ok: fine", "LOUD x: y"]).unwrap();
    assert_eq!(report.shipped, 1);
    assert_eq!(
        report.rejected,
        vec!["line 1: no level".to_string(), "line 3: unknown level".to_string()]
    );
    shipper.shutdown().unwrap();
}

#[test]
fn grow_and_shrink_keep_one_parser() {
    let shipper = Shipper::new(1).unwrap();
    shipper.grow(3).unwrap();
    assert_eq!(shipper.parsers(), 4);
    shipper.shrink(10).unwrap();
    assert_eq!(shipper.parsers(), 1);
    let report = shipper.ship(&["WARN z: still works"]).unwrap();
    assert_eq!(report.shipped, 1);
    shipper.shutdown().unwrap();
}

use logship::{Level, ShipError, Shipper, Sink};

#[test]
fn ships_everything_at_debug() {
    let sink = Sink::new();
    let mut shipper = Shipper::new(sink.clone(), Level::Debug);
    shipper.start(3).unwrap();
    let text: String = (0..200).map(|i| format!("DEBUG t{}: line {i}\n", i % 5)).collect();
    assert_eq!(shipper.ship_text(&text).unwrap(), 200);
    shipper.shutdown();
    assert_eq!(sink.len(), 200);
}

#[test]
fn a_bad_line_names_its_number() {
    let mut shipper = Shipper::new(Sink::new(), Level::Info);
    shipper.start(1).unwrap();
    let err = shipper.ship_text("INFO a: ok\nnonsense\n").unwrap_err();
    assert!(matches!(err, ShipError::Parse { line: 2, .. }), "{err}");
}

#[test]
fn scaling_down_keeps_shipping() {
    let sink = Sink::new();
    let mut shipper = Shipper::new(sink.clone(), Level::Info);
    shipper.start(2).unwrap();
    shipper.scale_down().unwrap();
    assert_eq!(shipper.threads(), 1);
    shipper.ship_text("INFO a: one\nINFO b: two\n").unwrap();
    shipper.flush();
    assert_eq!(sink.sorted(), ["[Info] a | one", "[Info] b | two"]);
}

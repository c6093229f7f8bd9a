use csvstats::{Engine, Summary};

#[test]
fn summarises_numeric_columns() {
    let engine = Engine::new(2).unwrap();
    let report = engine.analyze("a,b\n1,x\n3,y\n5,z\n").unwrap();
    assert_eq!(report.rows, 3);
    assert_eq!(
        report.numeric,
        vec![Summary { column: "a".into(), count: 3, min: 1.0, max: 5.0, mean: 3.0 }]
    );
    assert_eq!(report.skipped, vec!["column b: \"x\" at row 1 is not a number".to_string()]);
}

#[test]
fn bad_rows_are_reported_and_left_out() {
    let engine = Engine::new(1).unwrap();
    engine.set_row_threads(4).unwrap();
    let report = engine.analyze("n\n1\n\n2,2\n4\n").unwrap();
    assert_eq!(report.problems, vec!["line 4: 2 fields, expected 1".to_string()]);
    assert_eq!(report.numeric[0].count, 2);
    assert_eq!(report.numeric[0].mean, 2.5);
}

#[test]
fn empty_input_is_an_error() {
    let engine = Engine::new(1).unwrap();
    assert_eq!(engine.analyze("  \n").unwrap_err().to_string(), "empty input");
}

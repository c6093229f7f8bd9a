use ledgerfx::{parse_ledger, Converted, Engine, LedgerError, RateTable};

fn rates() -> RateTable {
    RateTable::new().with("EUR", 1_000_000).with("USD", 500_000)
}

#[test]
fn converts_and_sorts() {
    let engine = Engine::new(rates(), 2);
    engine.scale_to(2).unwrap();
    let out = engine
        .convert_all(parse_ledger("2, 300, usd\n1, 100, eur").unwrap())
        .unwrap();
    assert_eq!(
        out,
        vec![
            Converted {
                id: 1,
                eur_cents: 100
            },
            Converted {
                id: 2,
                eur_cents: 150
            },
        ]
    );
}

#[test]
fn scales_up_and_down() {
    let engine = Engine::new(rates(), 0);
    engine.scale_to(4).unwrap();
    assert_eq!(engine.threads(), 4);
    engine.scale_to(1).unwrap();
    assert_eq!(engine.threads(), 1);
    let out = engine
        .convert_all(parse_ledger("5, 10, usd").unwrap())
        .unwrap();
    assert_eq!(out[0].eur_cents, 5);
}

#[test]
fn unknown_currency_fails_the_batch() {
    let engine = Engine::new(rates(), 4);
    engine.scale_to(1).unwrap();
    let err = engine
        .convert_all(parse_ledger("1, 10, xyz").unwrap())
        .unwrap_err();
    assert!(matches!(err, LedgerError::UnknownCurrency(c) if c == "XYZ"));
}

#[test]
fn no_converters_no_conversion() {
    let engine = Engine::new(rates(), 4);
    let err = engine
        .convert_all(parse_ledger("1, 10, eur").unwrap())
        .unwrap_err();
    assert!(matches!(
        err,
        LedgerError::Pool(workerpool::Error::NoWorkers)
    ));
}

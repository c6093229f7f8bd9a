use ledgerfx::{parse_ledger, Engine, LedgerError, RateTable};

const LEDGER: &str = "
# id, amount in cents, currency
7, 12000, usd
3, 5000, eur
12, 990, gbp
1, 150000, jpy
9, -2500, chf
4, 333, usd
";

fn main() -> Result<(), LedgerError> {
    let engine = Engine::new(RateTable::standard(), 8);
    engine.scale_to(3)?;
    println!("converters: {}", engine.threads());

    let converted = engine.convert_all(parse_ledger(LEDGER)?)?;
    let mut total = 0;
    for c in &converted {
        println!("entry {:>3}: {:>8} EUR cents", c.id, c.eur_cents);
        total += c.eur_cents;
    }
    println!("total: {total} EUR cents");

    engine.scale_to(1)?;
    println!("converters: {}", engine.threads());
    match engine.convert_all(parse_ledger("20, 100, sek")?) {
        Err(err) => println!("rejected: {err}"),
        Ok(c) => println!("unexpected: {c:?}"),
    }

    engine.shutdown();
    Ok(())
}

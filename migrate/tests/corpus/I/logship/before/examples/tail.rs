//! Ships whatever is piped in (or a fixed sample), one batch per 8 lines.
use logship::prelude::*;
use std::io::{IsTerminal, Read};
use std::sync::mpsc;

fn main() -> Result<(), BoxError> {
    let mut text = String::new();
    if std::io::stdin().is_terminal() {
        text.push_str("INFO demo: hello\nWARN demo: careful\n");
    } else {
        std::io::stdin().read_to_string(&mut text)?;
    }
    let all = batches(parse_lines(&text)?, 8);
    let n = all.len();
    let shipper = Shipper::new(CountingSink::default(), 16, 2)?;
    let (ack, receipts) = mpsc::channel();
    for batch in all {
        shipper.ship(batch, &ack)?;
    }
    logship::shipper::collect(&receipts, n)?;
    let (records, errors) = shipper.sink().totals();
    println!("{records} records shipped, {errors} errors");
    Ok(())
}

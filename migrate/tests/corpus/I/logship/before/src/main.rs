use logship::prelude::*;
use std::sync::mpsc;
use std::thread;

const SAMPLE: &str = "\
# nightly export, trimmed
INFO api: GET /health 200
INFO api: GET /orders 200
WARN db: slow query on orders (812ms)
INFO api: POST /orders 201
ERROR billing: card declined for order 7781
DEBUG cache: evicted 12 keys
INFO api: GET /orders/7781 200
ERROR billing: retry budget exhausted
INFO worker: reindex started
INFO worker: reindex finished
WARN api: rate limit near for client 42
INFO db: vacuum done
DEBUG cache: warmup 300 keys
ERROR api: upstream timeout on /search
";

fn main() -> Result<(), BoxError> {
    let records = parse_lines(SAMPLE)?;
    let all = batches(records, 3);
    let total = all.len();

    let shipper = Shipper::new(MemorySink::default(), 4, 3)?;
    println!("shipping {} batches to {} on {} threads", total, shipper.sink().name(), shipper.threads());

    let (ack, receipts) = mpsc::channel();
    let (odd, even): (Vec<Batch>, Vec<Batch>) = all.into_iter().partition(|b| b.id % 2 == 1);

    // two readers, as when tailing two files
    thread::scope(|s| -> Result<(), ShipError> {
        let shipper = &shipper;
        let readers = [odd, even].map(|part| {
            let ack = ack.clone();
            s.spawn(move || -> Result<(), ShipError> {
                for batch in part {
                    shipper.ship(batch, &ack)?;
                }
                Ok(())
            })
        });
        for reader in readers {
            reader.join().expect("reader panicked")?;
        }
        Ok(())
    })?;

    for r in collect(&receipts, total)? {
        println!("batch {:>2}: {:>3} bytes, {}", r.batch, r.bytes, r.summary);
    }

    // quiet hours: one shipper is enough
    shipper.shrink()?;
    shipper.shrink()?;
    println!("threads after shrink: {}", shipper.threads());

    let late = parse_lines("INFO api: GET /health 200\nWARN db: replica lag 3s\n")?;
    for batch in batches(late, 1) {
        shipper.ship(Batch { id: batch.id + 100, ..batch }, &ack)?;
    }
    for r in collect(&receipts, 2)? {
        println!("late batch {}: {}", r.batch, r.summary);
    }

    let lines = shipper.sink().lines();
    println!("sink holds {} lines; first: {}", lines.len(), lines[0]);
    println!("last: {}", lines[lines.len() - 1]);
    shipper.shutdown();
    Ok(())
}

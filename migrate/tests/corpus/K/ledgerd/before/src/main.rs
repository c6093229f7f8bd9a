//! Parses a journal on a rendezvous pool, posts it, and reconciles against a statement.
use ledgerd::entry::Entry;
use ledgerd::{audit, LedgerError, LedgerResult, Reconciler, TaskPool, TaskWorker};
use std::collections::BTreeMap;
use std::sync::mpsc::{channel, Sender};

const JOURNAL: &str = "\
cash, -12000, rent march
rent, 12000, rent march
cash, 250000, invoice 17
receivables, -250000, invoice 17
cash, -4599, office chairs
equipment, 4599, office chairs";

type Parsed = (usize, LedgerResult<Entry>);

fn parse_journal(text: &str) -> LedgerResult<Vec<Entry>> {
    let parser = TaskPool::new(0);
    let worker = TaskWorker::new(|(no, line, out): (usize, String, Sender<Parsed>)| {
        let _ = out.send((no, Entry::parse(no, &line)));
    });
    parser.add_worker(&worker)?;
    parser.add_worker(&worker)?;
    let (out, parsed) = channel::<Parsed>();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        parser.delegate((i + 1, line.to_string(), out.clone()))?;
        count += 1;
    }
    let mut results: Vec<Parsed> = parsed.iter().take(count).collect();
    results.sort_by_key(|(no, _)| *no);
    results.into_iter().map(|(_, r)| r).collect()
}

fn main() -> Result<(), LedgerError> {
    let entries = parse_journal(JOURNAL)?;
    println!("parsed {} entries", entries.len());

    let rec = Reconciler::new("main");
    rec.start(3)?;
    println!("posting workers: {}", rec.posting_workers());
    rec.post_journal(entries)?;
    for account in ["cash", "equipment", "receivables", "rent"] {
        println!("{:<12} {:>8}", account, rec.balance(account));
    }

    let statement: BTreeMap<String, i64> =
        [("cash", 233401), ("equipment", 4599), ("rent", 12000), ("receivables", -250000), ("fees", -30)]
            .into_iter()
            .map(|(a, c)| (a.to_string(), c))
            .collect();
    for m in rec.reconcile(&statement)? {
        println!("mismatch {}: ledger {} statement {}", m.account, m.ledger, m.statement);
    }

    match parse_journal("cash, ten, oops") {
        Err(e) => println!("bad journal: {e}"),
        Ok(_) => println!("bad journal parsed?"),
    }
    if let Err(e) = rec.post_journal(vec![Entry::parse(1, "cash, 5, stray").unwrap()]) {
        println!("refused: {e}");
    }

    let written = audit::flush();
    println!("audit lines: {written}");
    for line in audit::lines_with("main: posted cash") {
        println!("  {line}");
    }
    rec.close();
    Ok(())
}

//! End-of-day report: parse a tape on one short-lived pool, then compute medians on another.
use pricefeed::pools::{fan_out, with_pool};
use pricefeed::{ParseError, Quote};
use std::collections::BTreeMap;
use std::sync::mpsc::{self, Sender};
use workerpool::SharedWorker;

const TAPE: &str = "acme nyse 10050 100
glob nyse 2500 400
acme bats 10060 50
bad line
glob arca 2510 100
acme nyse 10040 x
init lse 78000 10
acme arca 10090 300
init lse 77950 30
glob nyse 2495 300";

type ParseJob = (usize, String, Sender<(usize, Result<Quote, ParseError>)>);

fn median(mut v: Vec<u64>) -> u64 {
    v.sort_unstable();
    v[v.len() / 2]
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (tx, rx) = mpsc::channel();
    let parser = SharedWorker::new(|(no, line, out): ParseJob| {
        let _ = out.send((no, Quote::parse(&line)));
    });
    let mut parsed = with_pool(4, &parser, 3, |pool| -> Result<Vec<_>, workerpool::Error> {
        let n = fan_out(pool, TAPE.lines().enumerate().map(|(i, l)| (i + 1, l.to_string(), tx.clone())))?;
        Ok(rx.iter().take(n).collect::<Vec<(usize, Result<Quote, ParseError>)>>())
    })??;
    parsed.sort_by_key(|(no, _)| *no);

    let mut by_symbol: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for (no, r) in parsed {
        match r {
            Ok(q) => by_symbol.entry(q.symbol).or_default().push(q.cents),
            Err(e) => println!("line {no}: {e}"),
        }
    }

    let (mtx, mrx) = mpsc::channel::<(String, u64)>();
    let medians = SharedWorker::new(move |(symbol, prices): (String, Vec<u64>)| {
        mtx.send((symbol, median(prices))).unwrap();
    });
    let symbols = by_symbol.len();
    let mut out = with_pool(0, &medians, 2, |pool| {
        fan_out(pool, by_symbol).map(|n| mrx.iter().take(n).collect::<Vec<(String, u64)>>())
    })??;
    assert_eq!(out.len(), symbols);
    out.sort();
    for (symbol, m) in out {
        println!("{symbol:<5} median {m}");
    }
    Ok(())
}

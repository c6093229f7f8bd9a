//! Two chained stages: parse lines into readings, then bucket the readings.

use std::collections::BTreeMap;
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;

use stagekit::{run_batch, Stage, StageBuilder, StageError};

#[derive(Debug, Clone, PartialEq)]
struct Reading {
    sensor: String,
    value: i64,
}

type BucketJob = (Reading, Sender<(String, i64)>);

fn parse(line: &str) -> Option<Reading> {
    let (sensor, value) = line.split_once('=')?;
    Some(Reading {
        sensor: sensor.trim().to_string(),
        value: value.trim().parse().ok()?,
    })
}

fn main() -> Result<(), StageError> {
    let input = [
        "boiler = 71",
        "attic=12",
        "boiler= 69",
        "garage =4",
        "bogus",
        "attic = 14",
        "garage=-2",
        "cellar=9",
    ];

    // Second stage: rounds each reading down to a bucket of ten.
    let bucket: Arc<Stage<BucketJob>> =
        Arc::new(StageBuilder::new("bucket").queue(4).workers(2).build(
            |(r, out): BucketJob| {
                let _ = out.send((r.sensor, r.value.div_euclid(10) * 10));
            },
        )?);

    // First stage: parses, and forwards good readings to the second stage.
    let next = Arc::clone(&bucket);
    let parse_stage = StageBuilder::new("parse").workers(3).build(
        move |(line, out, rejects): (String, Sender<(String, i64)>, Sender<String>)| match parse(
            &line,
        ) {
            Some(r) => next.submit((r, out)).expect("bucket stage is up"),
            None => rejects.send(line).unwrap(),
        },
    )?;

    let (out, buckets) = mpsc::channel::<(String, i64)>();
    let (rej_tx, rejects) = mpsc::channel::<String>();
    for line in input {
        parse_stage.submit((line.to_string(), out.clone(), rej_tx.clone()))?;
    }
    drop(out);
    drop(rej_tx);

    let mut by_sensor: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    for (sensor, b) in buckets.iter() {
        by_sensor.entry(sensor).or_default().push(b);
    }
    let mut rejected: Vec<String> = rejects.iter().collect();
    rejected.sort();
    parse_stage.halt();
    bucket.halt();

    for (sensor, mut bs) in by_sensor {
        bs.sort();
        println!("{sensor}: {bs:?}");
    }
    println!("rejected: {rejected:?}");

    let lengths = run_batch(
        StageBuilder::new("len").workers(2),
        vec!["a", "bcd", "ef"],
        str::len,
    )?;
    println!("lengths: {lengths:?}");
    Ok(())
}

//! Runs a generated nightly feed through the runner with one thread per stage.
use std::fmt::Write;
use std::sync::Arc;

use etlrun::{MemorySink, Runner, RunnerConfig};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut feed = String::new();
    for i in 1..=40u32 {
        writeln!(feed, "{i},cust{},{}.{:02},{}", i % 7, i * 3, i % 100, ["se", "no", "fi"][i as usize % 3])?;
    }
    let sink = Arc::new(MemorySink::default());
    let cfg = RunnerConfig { transform_threads: 1, load_threads: 1, batch_size: 8, skip_bad_rows: false };
    let report = Runner::new(cfg, Arc::clone(&sink)).run(&feed)?;
    println!("{report:?}");
    println!("{:?}", sink.total_by_country());
    Ok(())
}

//! metricsd: reads `name:value|tag` lines and aggregates them through pluggable sinks.

mod metric;
mod scale;
mod sink;
mod store;
mod workers;

use metric::Metric;
use sink::{NullSink, PooledSink, Sink};

/// Errors from every layer end up here.
pub type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

const INPUT: &str = "\
requests:3|web
requests:5|api
latency_ms:120|web
errors:1|api
requests:2|web
latency_ms:80|api
latency_ms:95|web
garbage line
errors:2|web
";

fn main() -> Result<()> {
    let mut sinks: Vec<Box<dyn Sink>> = vec![
        Box::new(PooledSink::new("pooled", 2)?),
        Box::new(NullSink::default()),
    ];

    let mut skipped = 0;
    for line in INPUT.lines() {
        match line.parse::<Metric>() {
            Ok(m) => {
                for sink in sinks.iter_mut() {
                    sink.record(m.clone())?;
                }
            }
            Err(_) => skipped += 1,
        }
    }
    println!("skipped {skipped} line(s)");

    for sink in sinks.iter_mut() {
        let snapshot = sink.flush()?;
        println!("[{}] {} series", sink.name(), snapshot.len());
        for (key, agg) in snapshot {
            println!(
                "  {key}: count={} sum={} max={}",
                agg.count, agg.sum, agg.max
            );
        }
    }

    if let Some(pooled) = sinks.first_mut() {
        println!("workers for backlog 0: {}", pooled.scale_for(0)?);
        println!("workers for backlog 25: {}", pooled.scale_for(25)?);
        println!("workers for backlog 1000: {}", pooled.scale_for(1000)?);
    }

    // A sink that is closed before use keeps its metrics to itself.
    let mut spare = PooledSink::new("spare", 1)?;
    println!("spare sink: {} worker(s)", spare.workers());
    spare.close();
    println!("spare sink after close: {} worker(s)", spare.workers());
    Ok(())
}

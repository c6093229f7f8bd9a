//! Aggregates generated timer samples from ten hosts, strict mode.

use metricagg::Aggregator;

fn main() -> Result<(), metricagg::AggError> {
    let mut agg = Aggregator::new(2).strict();
    for host in 0..10 {
        for i in 0..20 {
            agg.push(&format!("host{host}.rtt:{}|ms", (host * 7 + i * 13) % 50));
        }
    }
    let report = agg.finish()?;
    for (name, (_, s)) in &report.series {
        println!(
            "{name:<12} p50={:>4} p95={:>4} max={:>4}",
            s.p50, s.p95, s.max
        );
    }
    Ok(())
}

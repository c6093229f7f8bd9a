use metricagg::{Aggregator, DynResult};

const FLUSH: &str = "\
# one flush interval from three hosts
api.requests:1|c
api.requests:1|c
api.requests:3|c
api.latency:12.5|ms
api.latency:48|ms
api.latency:9.1|ms
api.latency:101.0|ms
api.latency:15|ms
db.pool.in_use:7|g
db.pool.in_use:9|g
db.pool.in_use:8|g
cache.hit_ratio:0.93|g
cache.hit_ratio:0.91|g
worker.jobs:12|c
worker.jobs:30|c
bad line without a value
disk.free:abc|g
queue.depth:4|h
";

fn main() -> DynResult<()> {
    let mut agg = Aggregator::new(3);
    agg.extend_text(FLUSH);
    let report = agg.finish()?;

    for line in report.lines() {
        println!("{line}");
    }
    println!("rejected {} lines:", report.rejected.len());
    for r in &report.rejected {
        println!("  {r}");
    }

    #[cfg(feature = "export")]
    {
        let sent = metricagg::export::export("graphite", &report)?;
        let mut got = metricagg::export::received("graphite", sent);
        got.sort();
        println!("exported {} lines, first: {}", got.len(), got[0]);
    }
    Ok(())
}

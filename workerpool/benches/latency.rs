//! "latency": time from `delegate` to the job starting (p50, p99, max) on four workers, one job
//! every 200 µs from a caller that keeps its core busy or sleeps between jobs, for workerpool 3,
//! its v2 API and the peers. Not a criterion bench: it writes the percentiles beside criterion's
//! results (`support::record`) and prints them. `cargo bench --bench latency -- v3` runs only
//! the ids that contain "v3".

mod support;

use support::latency::{Caller, Percentiles, measure};
use support::pools::{Harness, Scenarios, every_pool};

/// Jobs per pool and scenario, measured: two seconds of delegates, about a minute for the whole suite.
const JOBS: usize = 10_000;
/// Jobs delegated first and left out: threads started, caches and the scheduler settled.
const WARM_UP: usize = 500;

/// The results so far, and which ids to run.
struct Latencies {
    filter: Option<String>,
    results: Vec<(String, Percentiles)>,
}

/// Both callers against one pool.
struct JobStart;

impl Scenarios<Latencies> for JobStart {
    fn run<P: Harness>(latencies: &mut Latencies, name: &str) {
        for caller in [Caller::Busy, Caller::Sleeping] {
            let id = format!("latency/{name}/{}", caller.scenario());
            if latencies
                .filter
                .as_ref()
                .is_some_and(|filter| !id.contains(filter.as_str()))
            {
                continue;
            }
            let Some(latency) = Percentiles::of(measure::<P>(caller, WARM_UP, JOBS)) else {
                eprintln!("{id}: no job started");
                continue;
            };
            println!(
                "{id:<40} p50 {:>9.1} µs   p99 {:>9.1} µs   max {:>9.1} µs   ({} jobs)",
                latency.p50_ns / 1e3,
                latency.p99_ns / 1e3,
                latency.max_ns / 1e3,
                latency.samples
            );
            latencies.results.push((id, latency));
        }
    }
}

fn main() {
    // cargo passes `--bench`; the first other argument filters the ids, as criterion's does.
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let mut latencies = Latencies {
        filter,
        results: Vec::new(),
    };
    every_pool::<_, JobStart>(&mut latencies);
    support::record::write_latencies("latency", &latencies.results);
}

//! "latency": time from `delegate` to the job starting (p50, p99, max) on four workers, one job
//! every 200 µs from a caller that keeps its core busy or sleeps between jobs, for workerpool 3,
//! its v2 API and the peers. Not a criterion bench: it writes the percentiles beside criterion's
//! results (`support::record`) and prints them. `cargo bench --bench latency -- v3` runs only
//! the ids that contain "v3".
//!
//! The pools take turns: [`ROUNDS`] short rounds, each running every pool once. A machine's
//! state drifts over a run (a noisy neighbour on the host, a stalled virtual CPU), in bursts
//! that last a second or more; short turns spread them over every pool instead of charging
//! them to whichever ran at the time. Each pool's p50 and p99 are the medians of its rounds'
//! (`Percentiles::typical`), so the one round a burst spoiled does not decide its p99; its
//! max is the largest wait of all rounds.

mod support;

use std::collections::BTreeMap;

use support::latency::{Caller, Percentiles, measure};
use support::pools::{Harness, Scenarios, every_pool};

/// Rounds of every pool in turn.
const ROUNDS: usize = 21;
/// Jobs per pool, scenario and round, measured: 0.2 s of delegates, about four seconds per
/// pool and scenario over all rounds, and a minute and a half for the whole bench.
const JOBS: usize = 1_000;
/// Jobs delegated first in each round and left out: threads started, caches and the
/// scheduler settled.
const WARM_UP: usize = 200;

/// Each round's percentiles so far, by id in the order first run, and which ids to run.
struct Latencies {
    filter: Option<String>,
    order: Vec<String>,
    rounds: BTreeMap<String, Vec<Percentiles>>,
}

/// Both callers against one pool, one round.
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
            let Some(round) = Percentiles::of(measure::<P>(caller, WARM_UP, JOBS)) else {
                eprintln!("{id}: no job started in this round");
                continue;
            };
            if !latencies.rounds.contains_key(&id) {
                latencies.order.push(id.clone());
            }
            latencies.rounds.entry(id).or_default().push(round);
        }
    }
}

fn main() {
    // cargo passes `--bench`; the first other argument filters the ids, as criterion's does.
    let filter = std::env::args().skip(1).find(|arg| !arg.starts_with('-'));
    let mut latencies = Latencies {
        filter,
        order: Vec::new(),
        rounds: BTreeMap::new(),
    };
    for _ in 0..ROUNDS {
        every_pool::<_, JobStart>(&mut latencies);
    }
    let mut results = Vec::new();
    for id in &latencies.order {
        let rounds = latencies.rounds.remove(id).unwrap_or_default();
        let Some(latency) = Percentiles::typical(&rounds) else {
            continue;
        };
        println!(
            "{id:<40} p50 {:>9.1} µs   p99 {:>9.1} µs   max {:>9.1} µs   ({} jobs, {} rounds)",
            latency.p50_ns / 1e3,
            latency.p99_ns / 1e3,
            latency.max_ns / 1e3,
            latency.samples,
            rounds.len()
        );
        results.push((id.clone(), latency));
    }
    support::record::write_latencies("latency", &results);
}

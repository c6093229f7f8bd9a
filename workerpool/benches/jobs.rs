//! "jobs": time per job from delegate to the worker through a queue of 1024, for workerpool 3, its
//! v2 API and the peers: 1 or 16 workers, 1 or 16 callers at once (then wall time per job across
//! all callers, so it measures throughput), and one caller behind 64 or 256 workers, most of them
//! idle, to show how the cost grows with idle workers. Jobs are integers the workers do nothing
//! with.

mod support;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use support::counting::CountingAllocator;
use support::jobs::bench_jobs_through;
use support::pools::{Harness, Scenarios, every_pool};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Scenario name, workers, callers.
const SCENARIOS: [(&str, usize, usize); 6] = [
    ("1 worker", 1, 1),
    ("16 workers", 16, 1),
    ("1 worker, 16 callers", 1, 16),
    ("16 workers, 16 callers", 16, 16),
    ("64 workers", 64, 1),
    ("256 workers", 256, 1),
];

/// Jobs run in the untimed pass that counts allocations.
const COUNTING_OPS: u64 = 20_000;

/// Jobs through one pool, in each scenario.
struct JobsThrough;

impl<'a> Scenarios<BenchmarkGroup<'a, WallTime>> for JobsThrough {
    fn run<P: Harness>(group: &mut BenchmarkGroup<'a, WallTime>, name: &str) {
        bench_jobs_through::<P>(group, "jobs", name, &SCENARIOS, COUNTING_OPS);
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("jobs");
    every_pool::<_, JobsThrough>(&mut group);
    group.finish();
    criterion.final_summary();
    support::record::write("jobs");
}

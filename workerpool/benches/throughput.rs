//! "throughput": 100,000 small jobs (a few microseconds of arithmetic each) through each pool, with
//! as many workers as cores and a queue of 1024, and through a thread per job. One operation is the
//! whole batch; its allocations and peak heap are counted too.

mod support;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode};
use support::counting::CountingAllocator;
use support::jobs::Jobs;
use support::measure::bench;
use support::pools::{Harness, Scenarios, every_pool};
use support::thread_per_job::thread_per_job;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Jobs per batch.
const BATCH: u64 = 100_000;
/// Rounds of busy work per job: about 2 µs on a current x86-64 core.
const WORK: u64 = 2_500;
/// The benchmark's name after the pool's.
const SCENARIO: &str = "100000 jobs";

fn cores() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get())
}

/// The whole batch through one pool.
struct Batch;

impl<'a> Scenarios<BenchmarkGroup<'a, WallTime>> for Batch {
    fn run<P: Harness>(group: &mut BenchmarkGroup<'a, WallTime>, name: &str) {
        let jobs = Jobs::<P>::start(cores(), WORK);
        bench(
            group,
            "throughput",
            &format!("{name}/{SCENARIO}"),
            1,
            true,
            |batches, meter| {
                for _ in 0..batches {
                    jobs.run(1, BATCH, meter);
                }
            },
        );
        jobs.shutdown();
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("throughput");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    every_pool::<_, Batch>(&mut group);
    bench(
        &mut group,
        "throughput",
        &format!("thread per job/{SCENARIO}"),
        1,
        true,
        |batches, meter| {
            for _ in 0..batches {
                thread_per_job(BATCH, WORK, meter);
            }
        },
    );
    group.finish();
    criterion.final_summary();
    support::record::write("throughput");
}

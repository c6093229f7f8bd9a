//! "callers": time per job (wall time across all callers, so throughput) with 1, 4, 16 or 64
//! callers at once feeding 16 workers through a queue of 1024, for workerpool 3, its v2 API and
//! the peers: more callers than cores, as on a busy server.

mod support;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use support::counting::CountingAllocator;
use support::jobs::Jobs;
use support::measure::bench;
use support::pools::{Harness, Scenarios, every_pool};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Callers at once, in each scenario.
const CALLERS: [usize; 4] = [1, 4, 16, 64];
/// Workers of every scenario.
const WORKERS: usize = 16;
/// Jobs run in the untimed pass that counts allocations.
const COUNTING_OPS: u64 = 20_000;

/// Jobs from many callers through one pool.
struct ManyCallers;

impl<'a> Scenarios<BenchmarkGroup<'a, WallTime>> for ManyCallers {
    fn run<P: Harness>(group: &mut BenchmarkGroup<'a, WallTime>, name: &str) {
        let jobs = Jobs::<P>::start(WORKERS, 0);
        for callers in CALLERS {
            bench(
                group,
                "callers",
                &format!("{name}/{callers} callers"),
                COUNTING_OPS,
                false,
                |n, meter| jobs.run(callers, n, meter),
            );
        }
        jobs.shutdown();
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("callers");
    every_pool::<_, ManyCallers>(&mut group);
    group.finish();
    criterion.final_summary();
    support::record::write("callers");
}

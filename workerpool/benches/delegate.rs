//! "delegate": time per delegate into a queue with room for every job while no worker takes any,
//! from 1 caller or 16 at once, for workerpool 3, its v2 API and the peers.

mod support;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use support::counting::CountingAllocator;
use support::gated::Gated;
use support::measure::bench;
use support::pools::{Harness, Scenarios, every_pool};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Scenario name, callers.
const SCENARIOS: [(&str, usize); 2] = [("1 caller", 1), ("16 callers", 16)];

/// Delegates made in the untimed pass that counts allocations.
const COUNTING_OPS: u64 = 20_000;

/// Delegates from 1 or 16 callers into one pool.
struct Delegate;

impl<'a> Scenarios<BenchmarkGroup<'a, WallTime>> for Delegate {
    fn run<P: Harness>(group: &mut BenchmarkGroup<'a, WallTime>, name: &str) {
        for (scenario, callers) in SCENARIOS {
            let gated = Gated::<P>::start();
            bench(
                group,
                "delegate",
                &format!("{name}/{scenario}"),
                COUNTING_OPS,
                false,
                |n, meter| {
                    gated.run(callers, n, meter);
                },
            );
            gated.shutdown();
        }
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("delegate");
    every_pool::<_, Delegate>(&mut group);
    group.finish();
    criterion.final_summary();
    support::record::write("delegate");
}

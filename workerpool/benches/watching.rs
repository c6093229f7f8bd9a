//! "watching": what watching a pool costs per job, through a queue of 1024 as in "jobs":
//! workerpool 3 as it is, with its stats read continuously by another thread, with per-job
//! timing on, and with timing and job hooks (that do nothing) on.

mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use support::counting::CountingAllocator;
use support::jobs::bench_jobs_through;
use support::pools::{Control, Harness, V3};
use workerpool::{Builder, Pool};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Scenario name, workers, callers: as two of "jobs"'s.
const SCENARIOS: [(&str, usize, usize); 2] =
    [("1 worker", 1, 1), ("16 workers, 16 callers", 16, 16)];

/// Jobs run in the untimed pass that counts allocations.
const COUNTING_OPS: u64 = 20_000;

/// A pool built by `builder`, with `workers` workers running `control.handle`.
fn started(builder: Builder<u64>, workers: usize, control: &'static Control) -> Pool<u64> {
    let pool = builder.build();
    for _ in 0..workers {
        let _worker = pool.add_worker(move |job| control.handle(job));
    }
    pool
}

/// Workerpool 3 whose stats another thread reads in a loop, yielding between reads (as a
/// metrics exporter would, only far more often).
struct StatsRead {
    pool: Arc<Pool<u64>>,
    reading: Arc<AtomicBool>,
    reader: JoinHandle<u64>,
}

impl Harness for StatsRead {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let pool = Arc::new(started(Pool::builder(queue), workers, control));
        let reading = Arc::new(AtomicBool::new(true));
        let reader = {
            let (pool, reading) = (Arc::clone(&pool), Arc::clone(&reading));
            std::thread::spawn(move || {
                let mut finished = 0;
                while reading.load(Ordering::Relaxed) {
                    finished = std::hint::black_box(pool.stats()).finished;
                    std::thread::yield_now();
                }
                finished
            })
        };
        StatsRead {
            pool,
            reading,
            reader,
        }
    }

    fn submit(&self, job: u64) {
        self.pool.delegate(job).expect("the pool is open");
    }

    fn shutdown(self) {
        self.reading.store(false, Ordering::Relaxed);
        let seen = self.reader.join().unwrap();
        // A scenario that criterion's filter left out delegated nothing, so there was nothing to see.
        let delegated = self.pool.stats().delegated;
        assert!(delegated == 0 || seen > 0, "the reader saw jobs finish");
        self.pool.stop();
    }
}

/// Workerpool 3 with per-job timing on.
struct Timed(Pool<u64>);

impl Harness for Timed {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        Timed(started(Pool::builder(queue).time_jobs(), workers, control))
    }

    fn submit(&self, job: u64) {
        self.0.delegate(job).expect("the pool is open");
    }

    fn shutdown(self) {
        assert!(self.0.job_times().unwrap().run.count() > 0);
        self.0.stop();
    }
}

/// Workerpool 3 with per-job timing and a start and an end hook that do nothing.
struct Hooked(Pool<u64>);

impl Harness for Hooked {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let builder = Pool::builder(queue)
            .time_jobs()
            .on_job_start(|start| {
                std::hint::black_box(start);
            })
            .on_job_end(|end| {
                std::hint::black_box(end);
            });
        Hooked(started(builder, workers, control))
    }

    fn submit(&self, job: u64) {
        self.0.delegate(job).expect("the pool is open");
    }

    fn shutdown(self) {
        self.0.stop();
    }
}

fn scenarios<P: Harness>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str) {
    bench_jobs_through::<P>(group, "watching", name, &SCENARIOS, COUNTING_OPS);
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("watching");
    scenarios::<V3>(&mut group, "v3");
    scenarios::<StatsRead>(&mut group, "stats read");
    scenarios::<Timed>(&mut group, "timed");
    scenarios::<Hooked>(&mut group, "timed, hooks");
    group.finish();
    criterion.final_summary();
    support::record::write("watching");
}

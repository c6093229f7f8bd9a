//! Jobs through workers: a pool kept across samples, fed by one caller or several at once.

use std::sync::Barrier;
use std::thread;

use criterion::BenchmarkGroup;
use criterion::measurement::WallTime;

use super::counting::Meter;
use super::measure::bench;
use super::pools::{Control, FINISH, Harness};

/// The queue length of the "jobs" scenarios.
pub const QUEUE: usize = 1024;

/// Waits until every job submitted so far has run: each worker takes one FINISH job, which it can
/// only reach after the jobs it took before, and waits for the others there.
pub fn drain<P: Harness>(pool: &P, control: &Control, workers: usize) {
    for _ in 0..workers {
        pool.submit(FINISH);
    }
    control.finish.wait();
}

/// A pool with `workers` workers that do nothing with their jobs, kept across samples.
pub struct Jobs<P> {
    pool: P,
    control: &'static Control,
    workers: usize,
}

impl<P: Harness> Jobs<P> {
    /// Starts the pool with a queue of [`QUEUE`]; each job does `work` rounds of busy work.
    pub fn start(workers: usize, work: u64) -> Self {
        let control = Control::leak(workers, work);
        Jobs {
            pool: P::start(workers, QUEUE, control),
            control,
            workers,
        }
    }

    /// Time for `jobs` jobs from the first submit until the last has run, submitted by `callers`
    /// threads at once (each a share); the callers start before the clock and wait at a barrier.
    pub fn run(&self, callers: usize, jobs: u64, meter: &mut Meter) {
        if callers == 1 {
            meter.start();
            for job in 0..jobs {
                self.pool.submit(job);
            }
            drain(&self.pool, self.control, self.workers);
            meter.stop();
            return;
        }
        let ready = Barrier::new(callers + 1);
        let go = Barrier::new(callers + 1);
        let done = Barrier::new(callers + 1);
        thread::scope(|scope| {
            for caller in 0..callers as u64 {
                let share = jobs / callers as u64 + u64::from(caller < jobs % callers as u64);
                let (ready, go, done, pool) = (&ready, &go, &done, &self.pool);
                scope.spawn(move || {
                    ready.wait();
                    go.wait();
                    for job in 0..share {
                        pool.submit(job);
                    }
                    done.wait();
                });
            }
            ready.wait();
            meter.start();
            go.wait();
            done.wait();
            drain(&self.pool, self.control, self.workers);
            meter.stop();
        });
    }

    /// Stops the pool.
    pub fn shutdown(self) {
        self.pool.shutdown();
    }
}

/// Measures jobs through pool `P`, named `name`, in each of `scenarios` (its name, workers,
/// callers), as benchmark `{group_name}/{name}/{scenario}`; `counting_ops` jobs in the untimed
/// pass that counts allocations.
pub fn bench_jobs_through<P: Harness>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    group_name: &str,
    name: &str,
    scenarios: &[(&str, usize, usize)],
    counting_ops: u64,
) {
    for &(scenario, workers, callers) in scenarios {
        let jobs = Jobs::<P>::start(workers, 0);
        bench(
            group,
            group_name,
            &format!("{name}/{scenario}"),
            counting_ops,
            false,
            |n, meter| jobs.run(callers, n, meter),
        );
        jobs.shutdown();
    }
}

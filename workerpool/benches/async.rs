//! "async": N async tasks on one tokio current-thread runtime feeding W worker threads through a
//! queue of 1024, time and allocations per job, for `delegate_async` and what tokio users use
//! today: tokio's bounded mpsc, `spawn_blocking` per job, flume's `send_async`, async-channel.

mod support;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion};
use support::counting::{CountingAllocator, Meter};
use support::measure::bench;
use support::pools::{Control, FINISH};
use support::threads::ChannelWorkers;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Scenario name, tasks, workers.
const SCENARIOS: [(&str, usize, usize); 2] = [
    ("16 tasks, 2 workers", 16, 2),
    ("1024 tasks, 4 workers", 1024, 4),
];

const QUEUE: usize = 1024;

/// Jobs in the untimed pass that counts allocations.
const COUNTING_OPS: u64 = 20_000;

/// A way for async tasks to hand `u64` jobs to worker threads running [`Control::handle`].
trait AsyncPool: Sized {
    /// Starts `workers` workers (inside the runtime, for those that need it).
    fn start(workers: usize, control: &'static Control) -> Self;
    /// Hands `job` over, waiting for room without blocking the runtime's thread.
    async fn submit(&self, job: u64);
    fn shutdown(self);
}

/// workerpool 3: `delegate_async`.
struct V3(workerpool::Pool<u64>);

impl AsyncPool for V3 {
    fn start(workers: usize, control: &'static Control) -> Self {
        let pool = workerpool::Pool::new(QUEUE);
        for _ in 0..workers {
            let _worker = pool.add_worker(move |job| control.handle(job));
        }
        V3(pool)
    }

    async fn submit(&self, job: u64) {
        self.0.delegate_async(job).await.expect("the pool is open");
    }

    fn shutdown(self) {
        self.0.stop();
    }
}

/// W threads taking turns at one tokio bounded mpsc receiver.
struct TokioMpsc {
    sender: tokio::sync::mpsc::Sender<u64>,
    threads: ChannelWorkers,
}

impl AsyncPool for TokioMpsc {
    fn start(workers: usize, control: &'static Control) -> Self {
        let (sender, receiver) = tokio::sync::mpsc::channel(QUEUE);
        let receive = |receiver: &mut tokio::sync::mpsc::Receiver<u64>| receiver.blocking_recv();
        let threads = ChannelWorkers::sharing(workers, receiver, receive, control);
        TokioMpsc { sender, threads }
    }

    async fn submit(&self, job: u64) {
        self.sender.send(job).await.expect("workers are running");
    }

    fn shutdown(self) {
        drop(self.sender);
        self.threads.join();
    }
}

/// `tokio::task::spawn_blocking` per job, on a runtime with W blocking threads (no bound on
/// the jobs waiting for them: nothing to wait for room in).
struct SpawnBlocking(&'static Control);

impl AsyncPool for SpawnBlocking {
    fn start(_workers: usize, control: &'static Control) -> Self {
        SpawnBlocking(control)
    }

    async fn submit(&self, job: u64) {
        let control = self.0;
        drop(tokio::task::spawn_blocking(move || control.handle(job)));
    }

    fn shutdown(self) {}
}

/// A flume bounded channel fed with `send_async`, and W threads.
struct FlumeAsync {
    sender: flume::Sender<u64>,
    threads: ChannelWorkers,
}

impl AsyncPool for FlumeAsync {
    fn start(workers: usize, control: &'static Control) -> Self {
        let (sender, receiver) = flume::bounded(QUEUE);
        let threads = ChannelWorkers::spawn(workers, move || receiver.recv().ok(), control);
        FlumeAsync { sender, threads }
    }

    async fn submit(&self, job: u64) {
        self.sender
            .send_async(job)
            .await
            .expect("workers are running");
    }

    fn shutdown(self) {
        drop(self.sender);
        self.threads.join();
    }
}

/// An async-channel bounded channel, and W threads receiving with `recv_blocking`.
struct AsyncChannel {
    sender: async_channel::Sender<u64>,
    threads: ChannelWorkers,
}

impl AsyncPool for AsyncChannel {
    fn start(workers: usize, control: &'static Control) -> Self {
        let (sender, receiver) = async_channel::bounded(QUEUE);
        let receive = move || receiver.recv_blocking().ok();
        let threads = ChannelWorkers::spawn(workers, receive, control);
        AsyncChannel { sender, threads }
    }

    async fn submit(&self, job: u64) {
        self.sender.send(job).await.expect("workers are running");
    }

    fn shutdown(self) {
        self.sender.close();
        self.threads.join();
    }
}

/// `jobs` jobs from `tasks` tasks on `runtime`'s one thread, timed until every job has run.
fn feed<P: AsyncPool>(
    runtime: &tokio::runtime::Runtime,
    pool: &P,
    control: &'static Control,
    (tasks, workers): (usize, usize),
    jobs: u64,
    meter: &mut Meter,
) {
    let per_task = jobs / tasks as u64;
    let extra = jobs % tasks as u64;
    meter.start();
    runtime.block_on(async {
        let feeders = (0..tasks as u64).map(|task| async move {
            let count = per_task + u64::from(task < extra);
            for job in 0..count {
                pool.submit(job).await;
            }
        });
        futures::future::join_all(feeders).await;
        for _ in 0..workers {
            pool.submit(FINISH).await;
        }
    });
    // Every job before the FINISH jobs has run once every worker holds one.
    control.finish.wait();
    meter.stop();
}

fn run<P: AsyncPool>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str) {
    for (scenario, tasks, workers) in SCENARIOS {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .max_blocking_threads(workers)
            .build()
            .expect("a runtime");
        let control = Control::leak(workers, 0);
        let pool = {
            let _inside = runtime.enter();
            P::start(workers, control)
        };
        bench(
            group,
            "async",
            &format!("{name}/{scenario}"),
            COUNTING_OPS,
            false,
            |jobs, meter| feed(&runtime, &pool, control, (tasks, workers), jobs, meter),
        );
        pool.shutdown();
    }
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("async");
    run::<V3>(&mut group, "v3 delegate_async");
    run::<TokioMpsc>(&mut group, "tokio mpsc");
    run::<SpawnBlocking>(&mut group, "spawn_blocking");
    run::<FlumeAsync>(&mut group, "flume send_async");
    run::<AsyncChannel>(&mut group, "async-channel");
    group.finish();
    criterion.final_summary();
    support::record::write("async");
}

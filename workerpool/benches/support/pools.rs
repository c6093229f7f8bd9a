//! The pools compared, behind one small trait: start workers that run [`Control::handle`] on every
//! job, submit a job, shut down. Jobs are `u64`s; two values are sentinels the harness uses to know
//! when every job has run (so no pool needs a completion counter the others lack).

use std::hint::black_box;

use super::threads::ChannelWorkers;
use std::sync::Barrier;
use std::sync::mpsc;

use super::latency::StartTimes;

/// A job value that makes its worker wait at [`Control::finish`].
pub const FINISH: u64 = u64::MAX;
/// A job value that parks its worker at [`Control::gate`] until the harness lets it go.
pub const GATE: u64 = u64::MAX - 1;

/// What workers do with jobs, shared by the harness and every worker of one pool.
pub struct Control {
    /// Every worker, plus the harness, meets here once all jobs before the FINISH jobs have run.
    pub finish: Barrier,
    /// The one worker and the harness meet here twice per GATE job: arrived, then released.
    pub gate: Barrier,
    /// Rounds of busy work per job (0: the job is only looked at).
    pub work: u64,
    /// Set for the latency bench: every job is the time it was delegated, and the worker
    /// records how long it waited to start.
    pub starts: Option<StartTimes>,
}

impl Control {
    /// A control for `workers` workers, each job doing `work` rounds of busy work. Leaked: closures
    /// submitted per job then capture a plain reference, not a reference count to bump.
    pub fn leak(workers: usize, work: u64) -> &'static Control {
        Box::leak(Box::new(Control {
            finish: Barrier::new(workers + 1),
            gate: Barrier::new(2),
            work,
            starts: None,
        }))
    }

    /// A control for `workers` workers whose jobs are delegation times from `starts`: each
    /// job records how long it waited to start, and does nothing else.
    pub fn leak_timing(workers: usize, starts: StartTimes) -> &'static Control {
        Box::leak(Box::new(Control {
            finish: Barrier::new(workers + 1),
            gate: Barrier::new(2),
            work: 0,
            starts: Some(starts),
        }))
    }

    /// What a worker does with `job`.
    #[inline]
    pub fn handle(&self, job: u64) {
        match job {
            FINISH => {
                self.finish.wait();
            }
            GATE => {
                self.gate.wait();
                self.gate.wait();
            }
            _ if self.work > 0 => {
                black_box(spin(self.work ^ (job & 1)));
            }
            _ => match &self.starts {
                Some(starts) => starts.started(job),
                None => {
                    black_box(job);
                }
            },
        }
    }
}

/// A few nanoseconds of arithmetic per round that the optimiser cannot remove.
pub fn spin(rounds: u64) -> u64 {
    let mut x = black_box(0x9e37_79b9_7f4a_7c15_u64);
    for i in 0..black_box(rounds) {
        x = x.rotate_left(7) ^ i.wrapping_mul(0x2545_f491_4f6c_dd1d);
    }
    x
}

/// A pool under test.
pub trait Harness: Sync + Sized {
    /// Starts `workers` workers running `control.handle`, with room for `queue` jobs where the pool
    /// has a bound.
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self;
    /// Hands `job` to the pool, waiting for room if it has to.
    fn submit(&self, job: u64);
    /// Stops the pool and its threads.
    fn shutdown(self);
}

/// workerpool 3: `Pool<u64>`.
pub struct V3(workerpool::Pool<u64>);

impl Harness for V3 {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let pool = workerpool::Pool::new(queue);
        for _ in 0..workers {
            let _worker = pool.add_worker(move |job| control.handle(job));
        }
        V3(pool)
    }

    fn submit(&self, job: u64) {
        self.0.delegate(job).expect("the pool is open");
    }

    fn shutdown(self) {
        self.0.stop();
    }
}

/// workerpool 2's API, as `workerpool::v2` keeps it.
#[cfg(feature = "v2")]
#[allow(deprecated)]
pub struct V2(workerpool::v2::Pool);

#[cfg(feature = "v2")]
#[allow(deprecated)]
impl Harness for V2 {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let pool = workerpool::v2::Pool::new(queue);
        let worker = workerpool::v2::Worker::new(move |job: u64| control.handle(job));
        for _ in 0..workers {
            pool.add_worker(&worker).expect("always Ok");
        }
        V2(pool)
    }

    fn submit(&self, job: u64) {
        self.0.delegate(job).expect("the pool has workers");
    }

    fn shutdown(self) {
        self.0.stop();
    }
}

/// The practical floor of a channel handoff: a crossbeam-channel bounded queue and N threads.
pub struct Crossbeam {
    sender: crossbeam_channel::Sender<u64>,
    threads: ChannelWorkers,
}

impl Harness for Crossbeam {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let (sender, receiver) = crossbeam_channel::bounded(queue);
        let threads = ChannelWorkers::spawn(workers, move || receiver.recv().ok(), control);
        Crossbeam { sender, threads }
    }

    fn submit(&self, job: u64) {
        self.sender.send(job).expect("workers are running");
    }

    fn shutdown(self) {
        drop(self.sender);
        self.threads.join();
    }
}

/// std's `sync_channel`, its receiver shared by the workers behind a mutex.
pub struct StdChannel {
    sender: mpsc::SyncSender<u64>,
    threads: ChannelWorkers,
}

impl Harness for StdChannel {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let (sender, receiver) = mpsc::sync_channel(queue);
        let receive = |receiver: &mut mpsc::Receiver<u64>| receiver.recv().ok();
        let threads = ChannelWorkers::sharing(workers, receiver, receive, control);
        StdChannel { sender, threads }
    }

    fn submit(&self, job: u64) {
        self.sender.send(job).expect("workers are running");
    }

    fn shutdown(self) {
        drop(self.sender);
        self.threads.join();
    }
}

/// A flume bounded channel and N threads.
pub struct Flume {
    sender: flume::Sender<u64>,
    threads: ChannelWorkers,
}

impl Harness for Flume {
    fn start(workers: usize, queue: usize, control: &'static Control) -> Self {
        let (sender, receiver) = flume::bounded(queue);
        let threads = ChannelWorkers::spawn(workers, move || receiver.recv().ok(), control);
        Flume { sender, threads }
    }

    fn submit(&self, job: u64) {
        self.sender.send(job).expect("workers are running");
    }

    fn shutdown(self) {
        drop(self.sender);
        self.threads.join();
    }
}

/// The `threadpool` crate: an unbounded queue of boxed closures.
pub struct ThreadpoolCrate {
    pool: threadpool::ThreadPool,
    control: &'static Control,
}

impl Harness for ThreadpoolCrate {
    fn start(workers: usize, _queue: usize, control: &'static Control) -> Self {
        ThreadpoolCrate {
            pool: threadpool::ThreadPool::new(workers),
            control,
        }
    }

    fn submit(&self, job: u64) {
        let control = self.control;
        self.pool.execute(move || control.handle(job));
    }

    fn shutdown(self) {
        self.pool.join();
    }
}

/// `rayon::ThreadPool::spawn`: fire-and-forget jobs on rayon's work-stealing pool (unbounded).
pub struct Rayon {
    pool: rayon::ThreadPool,
    control: &'static Control,
}

impl Harness for Rayon {
    fn start(workers: usize, _queue: usize, control: &'static Control) -> Self {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(workers)
            .build()
            .expect("threads start");
        Rayon { pool, control }
    }

    fn submit(&self, job: u64) {
        let control = self.control;
        self.pool.spawn(move || control.handle(job));
    }

    fn shutdown(self) {
        drop(self.pool);
    }
}

/// A benchmark's scenarios for one pool, written once for every pool. `Results` is where the
/// results go: a criterion group, or the latency bench's own list.
pub trait Scenarios<Results> {
    /// Measures pool `P`, named `name` on the page, into `results`.
    fn run<P: Harness>(results: &mut Results, name: &str);
}

/// Runs `S`'s scenarios for workerpool 3, its v2 API (with the feature `v2`) and every peer, in
/// the order the page shows them.
pub fn every_pool<Results, S: Scenarios<Results>>(results: &mut Results) {
    S::run::<V3>(results, "v3");
    #[cfg(feature = "v2")]
    S::run::<V2>(results, "v2");
    S::run::<Crossbeam>(results, "crossbeam-channel");
    S::run::<StdChannel>(results, "std-sync_channel");
    S::run::<Flume>(results, "flume");
    S::run::<ThreadpoolCrate>(results, "threadpool");
    S::run::<Rayon>(results, "rayon");
}

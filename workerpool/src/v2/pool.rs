//! The v2 pool: boxed jobs on a crossbeam channel, and worker instances found by the
//! identity of their [`Worker`], each listening for its own quit signal.

use std::any::{Any, type_name};
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded, select_biased};

use super::worker::Run;
use super::{Error, Job, Worker};

/// The pool. Not generic: it carries [`Job`]s. `Send + Sync`; share it by reference or
/// `Arc<Pool>`.
///
/// ```
/// # #![allow(deprecated)]
/// use workerpool::v2::{Pool, Worker};
///
/// let pool = Pool::new(100);
/// let worker = Worker::new(|(n, out): (u64, std::sync::mpsc::Sender<u64>)| {
///     out.send(n * n).unwrap();
/// });
/// pool.add_worker(&worker)?;
///
/// let (out, results) = std::sync::mpsc::channel::<u64>();
/// pool.delegate((7_u64, out.clone()))?;
/// assert_eq!(results.recv().unwrap(), 49);
/// pool.stop();
/// # Ok::<(), workerpool::v2::Error>(())
/// ```
#[deprecated(
    since = "3.0.0",
    note = "the untyped 2.x API: use workerpool::Pool<T>, whose jobs are typed; see the \
            migration guide (\"Upgrading from v2\") or run the `migrate` tool"
)]
pub struct Pool {
    jobs: Sender<Queued>,
    /// Kept to hand to new instances, and to drop the queue when the pool goes.
    queue: Receiver<Queued>,
    shared: Arc<Shared>,
}

/// What the pool shares with its instances' threads.
struct Shared {
    /// Running instances, oldest first.
    instances: Mutex<Vec<Instance>>,
    /// `instances.len()`, for `delegate` to read without the lock.
    running: AtomicUsize,
    /// Instances ever started, for thread names.
    started: AtomicUsize,
}

/// A job as it waits in the channel: boxed, with the name of its type.
struct Queued {
    job: Job,
    /// `std::any::type_name` of the job, for the message when a worker rejects it.
    job_type: &'static str,
}

struct Instance {
    /// Its number among the instances ever started.
    id: usize,
    worker: *const (),
    /// Never sent on: dropping it disconnects the instance's quit channel, which tells its
    /// thread to exit after its current job.
    quit: Sender<()>,
    /// Held by the instance's thread while it waits for a job and takes it, never while it
    /// runs one: see [`Instance::remove`].
    taking: Arc<Mutex<()>>,
}

// SAFETY: `worker` is only compared, never dereferenced.
unsafe impl Send for Instance {}

impl Pool {
    /// A pool whose queue holds `queue_length` jobs. With 0, `delegate` returns once a
    /// worker has taken the job (a rendezvous).
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = workerpool::v2::Pool::new(100);
    /// assert_eq!(pool.workers_num(), 0);
    /// ```
    pub fn new(queue_length: usize) -> Pool {
        let (jobs, queue) = bounded(queue_length);
        Pool {
            jobs,
            queue,
            shared: Arc::new(Shared {
                instances: Mutex::new(Vec::new()),
                running: AtomicUsize::new(0),
                started: AtomicUsize::new(0),
            }),
        }
    }

    /// Boxes `job` and queues it, waiting while the queue is full (no timeout; it keeps
    /// waiting even if every worker is removed meanwhile).
    /// `Err(Error::NoWorkers)` when the pool has no workers at the time of the call.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use workerpool::v2::{Error, Pool, Worker};
    ///
    /// let pool = Pool::new(10);
    /// assert!(matches!(pool.delegate(1_u8), Err(Error::NoWorkers)));
    /// pool.add_worker(&Worker::new(|_: u8| {}))?;
    /// pool.delegate(1_u8)?;
    /// # Ok::<(), Error>(())
    /// ```
    pub fn delegate<J: Any + Send>(&self, job: J) -> Result<(), Error> {
        if self.shared.running.load(Ordering::SeqCst) == 0 {
            return Err(Error::NoWorkers);
        }
        let queued = Queued {
            job: Box::new(job),
            job_type: type_name::<J>(),
        };
        // The pool holds a receiver, so the channel never disconnects while it lives.
        self.jobs
            .send(queued)
            .unwrap_or_else(|_| unreachable!("the pool holds a receiver"));
        Ok(())
    }

    /// Starts one thread that runs `worker` on jobs from the queue. The same Worker may
    /// be added several times: each call starts one more instance of it. Always `Ok(())`
    /// in practice; the `Result` is part of the signature.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use workerpool::v2::{Pool, Worker};
    ///
    /// let pool = Pool::new(10);
    /// let worker = Worker::new(|_: String| {});
    /// for _ in 0..3 {
    ///     pool.add_worker(&worker)?;
    /// }
    /// assert_eq!(pool.workers_num(), 3);
    /// # Ok::<(), workerpool::v2::Error>(())
    /// ```
    pub fn add_worker(&self, worker: &Worker) -> Result<(), Error> {
        let (quit, quit_signal) = bounded::<()>(0);
        let taking = Arc::new(Mutex::new(()));
        let thread_taking = Arc::clone(&taking);
        let queue = self.queue.clone();
        let run = Arc::clone(&worker.run);
        let shared = Arc::clone(&self.shared);
        let id = self.shared.started.fetch_add(1, Ordering::SeqCst);
        let mut instances = self.shared.lock();
        thread::Builder::new()
            .name(format!("workerpool-v2-{id}"))
            .spawn(move || {
                shared.run_instance(id, &queue, &quit_signal, &thread_taking, &*run);
            })
            .unwrap_or_else(|err| panic!("workerpool::v2: failed to start a worker thread: {err}"));
        instances.push(Instance {
            id,
            worker: worker.identity(),
            quit,
            taking,
        });
        self.shared.running.store(instances.len(), Ordering::SeqCst);
        Ok(())
    }

    /// Stops the most recently added running instance of `worker`: it finishes the job it
    /// is running, then exits. Does not wait. `Ok(())` also when no instance runs.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use workerpool::v2::{Pool, Worker};
    ///
    /// let pool = Pool::new(10);
    /// let worker = Worker::new(|_: u8| {});
    /// pool.add_worker(&worker)?;
    /// pool.remove_worker(&worker)?;
    /// pool.remove_worker(&worker)?; // none left: still Ok
    /// assert_eq!(pool.workers_num(), 0);
    /// # Ok::<(), workerpool::v2::Error>(())
    /// ```
    pub fn remove_worker(&self, worker: &Worker) -> Result<(), Error> {
        let mut instances = self.shared.lock();
        let identity = worker.identity();
        let removed = instances
            .iter()
            .rposition(|instance| instance.worker == identity)
            .map(|last| instances.remove(last));
        self.shared.running.store(instances.len(), Ordering::SeqCst);
        // Not under the list's lock: the instance's thread takes it when it ends.
        drop(instances);
        if let Some(removed) = removed {
            Instance::remove([removed]);
        }
        Ok(())
    }

    /// How many worker instances run now: counted from the moment `add_worker` returns;
    /// one that was told to stop, or whose thread panicked, no longer counts.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = workerpool::v2::Pool::new(10);
    /// pool.add_worker(&workerpool::v2::Worker::new(|_: u8| {})).unwrap();
    /// assert_eq!(pool.workers_num(), 1);
    /// ```
    pub fn workers_num(&self) -> usize {
        self.shared.running.load(Ordering::SeqCst)
    }

    /// Removes every worker (each finishes the job it is running). Jobs still queued stay
    /// queued; adding workers again resumes them. Does not wait.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use workerpool::v2::{Error, Pool, Worker};
    ///
    /// let pool = Pool::new(10);
    /// pool.add_worker(&Worker::new(|_: u8| {}))?;
    /// pool.stop();
    /// assert!(matches!(pool.delegate(1_u8), Err(Error::NoWorkers)));
    /// # Ok::<(), Error>(())
    /// ```
    pub fn stop(&self) {
        let mut instances = self.shared.lock();
        let removed = std::mem::take(&mut *instances);
        self.shared.running.store(0, Ordering::SeqCst);
        drop(instances);
        Instance::remove(removed);
    }
}

/// Stops the pool (without waiting: worker threads may outlive it while they finish their
/// current job) and drops the jobs still queued.
impl Drop for Pool {
    fn drop(&mut self) {
        self.stop();
        while self.queue.try_recv().is_ok() {}
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pool")
            .field("queue_length", &self.jobs.capacity().unwrap_or(0))
            .field("queued", &self.jobs.len())
            .field("workers", &self.workers_num())
            .finish()
    }
}

impl Instance {
    /// Tells each of `removed` to quit, and returns once none of them can take another job:
    /// each has either taken the last job it will run or seen the quit signal. A job that
    /// one of them is running is not waited for.
    ///
    /// The quit signal alone does not promise this, though the select is biased: a thread
    /// that a `delegate` woke for the queue, whose job another thread took first, still
    /// holds a wake-up that names the queue, and takes the next queued job without looking
    /// at the quit signal again, even one delegated after `remove_worker` returned (a
    /// removed `u8` worker then panics on a `u16` job, and the job is lost). Checking the
    /// quit signal again after the `recv` comes too late: the job is out of the channel,
    /// and cannot go back to the front of it (sending it again reorders the queue, and
    /// waits when it is full). So the removal waits for the instance to let go of the
    /// queue instead: its thread holds `taking` from before its select until the job is
    /// out, and `remove` disconnects the quit channel (which ends a blocked select) before
    /// taking `taking`. Once it has, any later select of that thread starts by trying the
    /// quit channel first, finds it disconnected, and exits. The wait is for a thread to
    /// wake, never for a job: a running job does not hold `taking`, so 2.x's "does not
    /// wait" still holds for it.
    fn remove(removed: impl IntoIterator<Item = Instance>) {
        let taking: Vec<Arc<Mutex<()>>> = removed
            .into_iter()
            .map(|instance| {
                drop(instance.quit);
                instance.taking
            })
            .collect();
        for taking in taking {
            drop(
                taking
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner()),
            );
        }
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Vec<Instance>> {
        // Nothing panics while holding the lock: jobs run outside it.
        self.instances
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The body of an instance's thread: runs jobs until told to quit. A panic, such as a
    /// job of the wrong type, ends the thread for good.
    fn run_instance(
        &self,
        id: usize,
        queue: &Receiver<Queued>,
        quit: &Receiver<()>,
        taking: &Mutex<()>,
        run: &Run,
    ) {
        let _gone = Forget { shared: self, id };
        loop {
            // Held until the job is out of the queue, released before it runs (see
            // `Instance::remove`). Nothing here panics, so it is never poisoned.
            let holding = taking
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            // A quit signal wins over a job ready at the same time: 2.x's removed worker
            // "finishes the job it is running, then exits", so it must never take a job
            // queued after `remove_worker`. An unbiased select picks at random between the
            // two when a thread woken by the quit signal finds a job queued as well. The bias
            // is not enough for a thread woken for the queue before the removal: `holding`
            // covers that one.
            select_biased! {
                recv(quit) -> _ => return,
                recv(queue) -> queued => match queued {
                    Ok(queued) => {
                        drop(holding);
                        run(queued.job, queued.job_type);
                    }
                    Err(_) => return,
                },
            }
        }
    }
}

/// Takes an instance off the running list when its thread ends, panicking or not.
struct Forget<'a> {
    shared: &'a Shared,
    id: usize,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        let mut instances = self.shared.lock();
        instances.retain(|instance| instance.id != self.id);
        self.shared.running.store(instances.len(), Ordering::SeqCst);
    }
}

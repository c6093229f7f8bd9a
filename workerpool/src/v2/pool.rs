//! The v2 pool: a queue of boxed jobs behind one lock, and worker instances found by the
//! identity of their [`Worker`].

use std::any::{Any, type_name};
use std::collections::VecDeque;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;

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
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    /// Workers wait here for a job or for being told to stop.
    jobs: Condvar,
    /// Delegates wait here for room, or (rendezvous) for their job to be taken.
    room: Condvar,
}

struct State {
    queue: VecDeque<Queued>,
    /// The queue length the pool was made with; 0 is a rendezvous.
    queue_length: usize,
    /// Jobs ever queued and ever taken by a worker: a rendezvous delegate waits for its
    /// ticket to be taken.
    queued: u64,
    taken: u64,
    /// Running instances, oldest first. Each counts in `workers_num`.
    instances: Vec<Instance>,
    /// Instances ever started, for thread names.
    started: u64,
}

struct Queued {
    job: Job,
    /// `std::any::type_name` of the job, for the message when a worker rejects it.
    job_type: &'static str,
}

struct Instance {
    worker: *const (),
    /// Tells the instance's thread to exit after its current job.
    stop: Arc<AtomicBool>,
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
        Pool {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    queue: VecDeque::with_capacity(queue_length.max(1)),
                    queue_length,
                    queued: 0,
                    taken: 0,
                    instances: Vec::new(),
                    started: 0,
                }),
                jobs: Condvar::new(),
                room: Condvar::new(),
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
        let queued = Queued {
            job: Box::new(job),
            job_type: type_name::<J>(),
        };
        let shared = &*self.shared;
        let mut state = shared.lock();
        if state.instances.is_empty() {
            return Err(Error::NoWorkers);
        }
        let room = state.queue_length.max(1);
        while state.queue.len() >= room {
            state = shared.wait(&shared.room, state);
        }
        state.queue.push_back(queued);
        state.queued += 1;
        let ticket = state.queued;
        shared.jobs.notify_one();
        if state.queue_length == 0 {
            while state.taken < ticket {
                state = shared.wait(&shared.room, state);
            }
        }
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
        let stop = Arc::new(AtomicBool::new(false));
        let mut state = self.shared.lock();
        let name = format!("workerpool-v2-{}", state.started);
        let shared = Arc::clone(&self.shared);
        let run = Arc::clone(&worker.run);
        let thread_stop = Arc::clone(&stop);
        thread::Builder::new()
            .name(name)
            .spawn(move || shared.run_instance(&*run, &thread_stop))
            .unwrap_or_else(|err| panic!("workerpool::v2: failed to start a worker thread: {err}"));
        state.started += 1;
        state.instances.push(Instance {
            worker: worker.identity(),
            stop,
        });
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
        let mut state = self.shared.lock();
        let identity = worker.identity();
        if let Some(last) = state
            .instances
            .iter()
            .rposition(|instance| instance.worker == identity)
        {
            let instance = state.instances.remove(last);
            instance.stop.store(true, Ordering::SeqCst);
            self.shared.jobs.notify_all();
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
        self.shared.lock().instances.len()
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
        let mut state = self.shared.lock();
        for instance in state.instances.drain(..) {
            instance.stop.store(true, Ordering::SeqCst);
        }
        self.shared.jobs.notify_all();
    }
}

/// Stops the pool (without waiting: worker threads may outlive it while they finish their
/// current job) and drops the jobs still queued.
impl Drop for Pool {
    fn drop(&mut self) {
        self.stop();
        let queued = std::mem::take(&mut self.shared.lock().queue);
        drop(queued); // outside the lock: a job's destructor may do anything
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let state = self.shared.lock();
        f.debug_struct("Pool")
            .field("queue_length", &state.queue_length)
            .field("queued", &state.queue.len())
            .field("workers", &state.instances.len())
            .finish()
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding the lock: jobs run outside it.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn wait<'a>(&self, condvar: &Condvar, guard: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        condvar
            .wait(guard)
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The body of an instance's thread: runs jobs until told to stop. A panic, such as a
    /// job of the wrong type, ends the thread for good.
    fn run_instance(&self, run: &Run, stop: &Arc<AtomicBool>) {
        let _gone = Forget { shared: self, stop };
        loop {
            let mut state = self.lock();
            let queued = loop {
                if stop.load(Ordering::SeqCst) {
                    return;
                }
                if let Some(queued) = state.queue.pop_front() {
                    state.taken += 1;
                    if state.queue_length == 0 {
                        // Rendezvous delegates wait for their own ticket.
                        self.room.notify_all();
                    } else {
                        self.room.notify_one();
                    }
                    break queued;
                }
                state = self.wait(&self.jobs, state);
            };
            drop(state);
            run(queued.job, queued.job_type);
        }
    }
}

/// Takes an instance off the running list when its thread ends, panicking or not.
struct Forget<'a> {
    shared: &'a Shared,
    stop: &'a Arc<AtomicBool>,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state
            .instances
            .retain(|instance| !Arc::ptr_eq(&instance.stop, self.stop));
    }
}

//! `SharedWorker<T>`: one worker function that runs as any number of workers, in any number of pools.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use crate::{Pool, WorkerHandle};

/// One worker function, run as any number of workers in any number of pools:
/// [`Pool::add_shared_worker`] starts one more of them, [`Pool::remove_shared_worker`] removes
/// the newest of them in that pool. Clones share the function and its workers.
///
/// It is what a 2.x `Worker` was, with a job type: a value kept to add and remove workers
/// later (`migrate` writes it where 2.x code kept one). Where one place adds and removes, the
/// [`WorkerHandle`] that [`Pool::add_worker`] returns is all you need.
///
/// ```
/// use workerpool::{Pool, SharedWorker};
///
/// let logger = SharedWorker::new(|line: String| println!("{line}"));
/// let (front, back) = (Pool::new(8), Pool::new(8));
/// front.add_shared_worker(&logger);
/// front.add_shared_worker(&logger);
/// back.add_shared_worker(&logger.clone()); // a clone is the same worker
///
/// assert!(front.remove_shared_worker(&logger)); // the newest of front's two
/// assert_eq!((front.workers(), back.workers()), (1, 1));
/// ```
pub struct SharedWorker<T> {
    work: Arc<dyn Fn(T) + Send + Sync>,
    /// The handles of the workers it runs, oldest first.
    handles: Arc<Mutex<Vec<WorkerHandle>>>,
}

impl<T: Send + 'static> SharedWorker<T> {
    /// A worker function no pool runs yet. It takes `&self` (unlike [`Pool::add_worker`]'s
    /// `FnMut`), since all the workers it runs call it.
    ///
    /// ```
    /// let square = workerpool::SharedWorker::new(|n: u64| drop(n * n));
    /// let pool = workerpool::Pool::new(4);
    /// pool.add_shared_worker(&square);
    /// assert_eq!(pool.workers(), 1);
    /// ```
    pub fn new<F>(work: F) -> Self
    where
        F: Fn(T) + Send + Sync + 'static,
    {
        SharedWorker {
            work: Arc::new(work),
            handles: Arc::default(),
        }
    }

    fn handles(&self) -> std::sync::MutexGuard<'_, Vec<WorkerHandle>> {
        // A panic elsewhere while the list was held leaves it whole: each change is one push or remove.
        self.handles.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl<T> Clone for SharedWorker<T> {
    fn clone(&self) -> Self {
        SharedWorker {
            work: Arc::clone(&self.work),
            handles: Arc::clone(&self.handles),
        }
    }
}

impl<T> fmt::Debug for SharedWorker<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let running = (self
            .handles
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter())
        .filter(|h| !h.is_finished())
        .count();
        f.debug_struct("SharedWorker")
            .field("running", &running)
            .finish_non_exhaustive()
    }
}

impl<T: Send + 'static> Pool<T> {
    /// Starts one more worker that runs `worker`'s function, as [`add_worker`](Self::add_worker)
    /// does, and keeps its handle in `worker` (and so in every clone of it).
    ///
    /// ```
    /// let pool = workerpool::Pool::new(8);
    /// let worker = workerpool::SharedWorker::new(|n: u32| drop(n));
    /// for _ in 0..3 {
    ///     pool.add_shared_worker(&worker);
    /// }
    /// assert_eq!(pool.workers(), 3);
    /// ```
    pub fn add_shared_worker(&self, worker: &SharedWorker<T>) {
        let work = Arc::clone(&worker.work);
        let handle = self.add_worker(move |job| work(job));
        worker.handles().push(handle);
    }

    /// Removes the newest running worker of `worker` in this pool (it finishes the job it is
    /// running, as [`WorkerHandle::remove`] says). Returns whether there was one; its workers in
    /// other pools are left alone.
    ///
    /// ```
    /// let (a, b) = (workerpool::Pool::new(8), workerpool::Pool::new(8));
    /// let worker = workerpool::SharedWorker::new(|n: u32| drop(n));
    /// a.add_shared_worker(&worker);
    /// b.add_shared_worker(&worker);
    /// assert!(a.remove_shared_worker(&worker));
    /// assert!(!a.remove_shared_worker(&worker)); // none left in `a`
    /// assert_eq!(b.workers(), 1);
    /// ```
    pub fn remove_shared_worker(&self, worker: &SharedWorker<T>) -> bool {
        let mut handles = worker.handles();
        let newest = (handles.iter()).rposition(|h| h.is_worker_of(self) && !h.is_finished());
        match newest {
            Some(at) => {
                handles.remove(at).remove();
                true
            }
            None => false,
        }
    }
}

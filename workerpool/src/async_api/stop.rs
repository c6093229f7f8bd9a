//! [`Stop`]: [`Pool::stop`] for async callers, which waits for the workers to exit without
//! joining a thread.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::wakers::Registration;
use crate::pool::{Claim, Pool};
use crate::sync::Arc;
use crate::worker::WorkerRecord;

impl<T: Send + 'static> Pool<T> {
    /// [`stop`](Self::stop) for async code: a future that stops the pool, lets the
    /// workers run the queue, and resolves once they have exited, without blocking a
    /// thread, on any executor.
    ///
    /// Its first poll stops the pool, as `stop` does: delegates fail with
    /// [`Error::Stopped`](crate::Error::Stopped) and get their jobs back, and the workers
    /// run what is queued, then exit. The future resolves as `stop` returns: once every
    /// worker has exited, with the jobs no worker was left to run (in queue order), and
    /// exactly one stop of the pool, sync or async, gets them; every other resolves to an
    /// empty `Vec`. With no worker it resolves at its first poll, with the whole queue.
    ///
    /// It never joins a thread, so no poll waits: it is woken as each worker exits.
    /// Instead of joining the worker threads it detaches them once they have exited: by
    /// then each worker's func (its state, its connections) is dropped and its last job
    /// has returned; what is left of the thread, its thread-locals' destructors, ends on
    /// its own. So dropping the pool after the future resolved returns at once, also in
    /// async code. Polled on one of the pool's own worker threads (a job blocking on it),
    /// it does not wait for that worker, as `stop` called from a job does not.
    ///
    /// The future takes 32 bytes (64-bit targets) and allocates nothing, apart from the
    /// `Vec` of jobs it hands back (none when it hands back none). A poll that finds the
    /// workers gone moves the leftovers into that `Vec`, which takes as long as their
    /// number.
    ///
    /// # Cancel safety
    ///
    /// This method is cancel safe: dropping the future loses no job. Dropped before its
    /// first poll, it has done nothing: the pool is not stopped. Dropped later (a lost
    /// `select!` branch, a timeout), the pool stays stopped and its workers go on
    /// running the queue and exiting, as after `stop`; if this future was the stop that
    /// would have handed back the leftovers, that passes to the next stop, already
    /// waiting or called later, which hands back what this one would have. (If no stop
    /// follows, dropping the pool drops them, as it always does.) So a timed-out
    /// `stop_async` can simply be awaited again.
    ///
    /// # Panics
    ///
    /// When polled after it resolved.
    ///
    /// ```
    /// use std::sync::mpsc;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let pool = workerpool::Pool::new(100);
    /// let (sent, received) = mpsc::channel();
    /// for _ in 0..4 {
    ///     let sent = sent.clone();
    ///     pool.add_worker(move |n: u64| sent.send(n).unwrap());
    /// }
    /// drop(sent);
    /// for n in 1..=100 {
    ///     pool.delegate_async(n).await.unwrap();
    /// }
    /// // Runs the queue and waits for the workers; the executor's thread stays free.
    /// let unrun = pool.stop_async().await;
    /// assert!(unrun.is_empty());
    /// // Every job ran, and every worker's func (with its Sender) is gone.
    /// assert_eq!(received.iter().sum::<u64>(), 5050);
    /// drop(pool); // returns at once: nothing is left to join
    ///
    /// // With no worker, the jobs come back.
    /// let pool = workerpool::Pool::new(8);
    /// pool.delegate_async("queued").await.unwrap();
    /// assert_eq!(pool.stop_async().await, ["queued"]);
    /// assert!(pool.stop_async().await.is_empty(), "a second stop has nothing left");
    /// # assert_eq!(size_of::<workerpool::Stop<'_, u64>>(), 32);
    /// # }
    /// ```
    pub fn stop_async(&self) -> Stop<'_, T> {
        Stop {
            pool: self,
            place: Registration::default(),
            caller: None,
            phase: Phase::Unpolled,
        }
    }
}

/// The future [`Pool::stop_async`] returns.
#[must_use = "futures do nothing unless polled: the pool is not stopped until then"]
pub struct Stop<'a, T: Send + 'static> {
    pool: &'a Pool<T>,
    /// Its place among the futures waiting for the workers.
    place: Registration,
    /// The pool's worker whose thread first polled it, if any: not waited for.
    caller: Option<Arc<WorkerRecord>>,
    phase: Phase,
}

/// How far a [`Stop`] has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Not polled yet: the pool may still be open.
    Unpolled,
    /// The pool is stopped; the future waits for the claim to the leftovers, or for
    /// whoever holds it to drain the queue.
    Claiming,
    /// It holds the claim and waits for the workers to exit (or enter stops of their
    /// own), to drain what they left.
    Draining,
    /// The queue is drained; it waits for every worker thread to exit (unless polled on a
    /// worker), then resolves, with the leftovers if it holds the claim.
    Ending {
        claimed: bool,
    },
    Resolved,
}

impl<T: Send + 'static> Stop<'_, T> {
    /// Goes as far as it can without waiting; `Pending` means an event the pool wakes the
    /// stop futures for must happen first.
    fn advance(&mut self) -> Poll<Vec<T>> {
        let shared = self.pool.shared();
        loop {
            match self.phase {
                Phase::Unpolled => {
                    self.caller = shared.current_worker();
                    shared.begin_stop(self.caller.as_deref());
                    self.phase = Phase::Claiming;
                }
                Phase::Claiming => {
                    self.phase = match shared.claim_leftovers() {
                        Claim::Ours { drained: false } => Phase::Draining,
                        Claim::Ours { drained: true } => Phase::Ending { claimed: true },
                        Claim::Theirs => Phase::Ending { claimed: false },
                        Claim::Pending => return Poll::Pending,
                    };
                }
                Phase::Draining => {
                    if !shared.threads_ended(self.caller.as_deref(), true) {
                        return Poll::Pending;
                    }
                    shared.drain();
                    self.phase = Phase::Ending { claimed: true };
                }
                Phase::Ending { claimed } => {
                    if self.caller.is_none() {
                        if !shared.threads_ended(None, false) {
                            return Poll::Pending;
                        }
                        shared.detach_exited_threads();
                    }
                    self.phase = Phase::Resolved;
                    if let Some(record) = self.caller.take() {
                        record.set_stopping(false);
                    }
                    return Poll::Ready(if claimed {
                        shared.hand_back()
                    } else {
                        Vec::new()
                    });
                }
                Phase::Resolved => panic!("workerpool::Stop polled after it resolved"),
            }
        }
    }
}

impl<T: Send + 'static> fmt::Debug for Stop<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Stop")
            .field("pool", self.pool)
            .field("phase", &self.phase)
            .field("polled_on_a_worker", &self.caller.is_some())
            .finish()
    }
}

impl<T: Send + 'static> Future for Stop<'_, T> {
    type Output = Vec<T>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Vec<T>> {
        let this = &mut *self;
        let mut listed = false;
        loop {
            if let Poll::Ready(unrun) = this.advance() {
                this.pool
                    .shared()
                    .async_waiters
                    .stop
                    .deregister(&this.place);
                this.place = Registration::default();
                return Poll::Ready(unrun);
            }
            if listed {
                return Poll::Pending;
            }
            // Announce, then look again: an event before the announcement is seen by the
            // look, one after it wakes this future.
            this.pool
                .shared()
                .async_waiters
                .stop
                .register(&mut this.place, cx.waker());
            listed = true;
        }
    }
}

impl<T: Send + 'static> Drop for Stop<'_, T> {
    /// Dropped before it resolved: a claim it held passes on (see the cancel safety of
    /// [`Pool::stop_async`]); the pool stays stopped.
    fn drop(&mut self) {
        let shared = self.pool.shared();
        shared.async_waiters.stop.deregister(&self.place);
        if matches!(
            self.phase,
            Phase::Draining | Phase::Ending { claimed: true }
        ) {
            shared.release_claim();
        }
        if let Some(record) = self.caller.take() {
            record.set_stopping(false);
        }
    }
}

//! [`Delegate`] and [`DelegateFrom`]: futures that queue a job, waiting for room without
//! blocking a thread.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::wakers::Registration;
use crate::error::{DelegateError, Error};
use crate::pool::Pool;
use crate::rendezvous::{Offered, Rendezvous};
use crate::ring::PushError;
use crate::traced::Queued;

impl<T: Send + 'static> Pool<T> {
    /// [`delegate`](Self::delegate) for async code: a future that queues `job`, waiting
    /// for room without blocking a thread, on any executor.
    ///
    /// It resolves as `delegate` returns: `Ok(())` once the job is queued, or an error
    /// that hands the job back when the pool is stopped, before or while it waits
    /// ([`Error::Stopped`] is the only error). A future waiting for room is woken as a
    /// sleeping `delegate` is: once half the queue is free, when a worker exits, or when
    /// the pool stops; waiting futures are woken in the order they began to wait, and a
    /// woken future that leaves room beside its job wakes the next one.
    ///
    /// The future takes 32 bytes plus an `Option<T>` (64-bit targets: 48 for a `u64`
    /// job), keeps its place in the wait inside itself, and allocates nothing once the
    /// pool has seen as many futures waiting at once before.
    ///
    /// On a rendezvous pool (`Pool::new(0)`) it resolves as `delegate` returns there: once
    /// a worker has taken this very job (each waiting future waits for its own, in line
    /// with blocking delegates), or with the job back if the pool stops first.
    ///
    /// # Cancel safety
    ///
    /// This method is not cancel safe in the sense that dropping the future (a lost
    /// `select!` branch, a timeout) drops the job with it if it was not yet queued. It
    /// never queues the job after the future was dropped: a job is either queued by the
    /// poll that resolves the future, or dropped with it. On a rendezvous pool, a job not
    /// yet taken by a worker is taken back out of the line of waiting delegates when the
    /// future is dropped.
    /// To wait for room and lose nothing when cancelled, use
    /// [`delegate_async_from`](Self::delegate_async_from), which leaves the job with you.
    ///
    /// ```
    /// use std::sync::mpsc;
    ///
    /// let pool = workerpool::Pool::new(2);
    /// let (done, finished) = mpsc::channel();
    /// pool.add_worker(move |n: u64| done.send(n).unwrap());
    /// futures::executor::block_on(async {
    ///     for n in 0..100 {
    ///         pool.delegate_async(n).await.unwrap(); // waits while the queue is full
    ///     }
    /// });
    /// assert_eq!(finished.iter().take(100).sum::<u64>(), 4950);
    /// # assert_eq!(size_of::<workerpool::Delegate<'_, u64>>(), 48);
    /// ```
    pub fn delegate_async(&self, job: T) -> Delegate<'_, T> {
        Delegate {
            slot: Some(job),
            push: Push::new(self),
        }
    }

    /// Queues the job in `slot`, waiting for room without blocking a thread; the job stays
    /// in `slot` until the moment it is queued. The cancel-safe way to wait for room.
    ///
    /// The future resolves to `Ok(())` once the job is queued (`slot` is then `None`), or
    /// to `Err(Error::Stopped)` when the pool is stopped, with the job still in `slot`. It
    /// waits and is woken as [`delegate_async`](Self::delegate_async)'s future is, and
    /// takes 40 bytes (64-bit targets), whatever the job's type.
    ///
    /// Why a slot and not a permit, as `tokio::sync::mpsc::Sender::reserve` gives: a
    /// permit holds a free slot for later, which every synchronous `delegate` would have
    /// to check for on its lock-free push (a cost on the hot path for every caller), or
    /// which would stall the workers at a claimed slot until the permit is used. Keeping
    /// the job with the caller until its push gives the same guarantee without either.
    ///
    /// # Cancel safety
    ///
    /// This method is cancel safe. If the future is dropped before it resolved (a lost
    /// `select!` branch, a timeout), the job was not queued and is still in `slot`; it is
    /// never queued later. On a rendezvous pool (`Pool::new(0)`), where the future
    /// resolves once a worker has taken the job, a job not yet taken is taken back into
    /// `slot` when the future is dropped.
    ///
    /// # Panics
    ///
    /// When polled with `slot` empty (as after it resolved to `Ok`): there is no job to
    /// queue.
    ///
    /// ```
    /// use std::time::Duration;
    ///
    /// # #[tokio::main(flavor = "current_thread")]
    /// # async fn main() {
    /// let pool = workerpool::Pool::new(1);
    /// pool.delegate("first").unwrap(); // no worker: the queue stays full
    ///
    /// let mut job = Some("second");
    /// let waited =
    ///     tokio::time::timeout(Duration::from_millis(10), pool.delegate_async_from(&mut job))
    ///         .await;
    /// assert!(waited.is_err()); // timed out...
    /// assert_eq!(job, Some("second")); // ...and the job is still ours
    /// assert_eq!(pool.queued(), 1);
    /// # assert_eq!(size_of::<workerpool::DelegateFrom<'_, '_, [u8; 1024]>>(), 40);
    /// # }
    /// ```
    pub fn delegate_async_from<'a, 'b>(
        &'a self,
        slot: &'b mut Option<T>,
    ) -> DelegateFrom<'a, 'b, T> {
        DelegateFrom {
            slot,
            push: Push::new(self),
        }
    }
}

/// The future [`Pool::delegate_async`] returns.
#[must_use = "futures do nothing unless polled"]
#[derive(Debug)]
pub struct Delegate<'a, T: Send + 'static> {
    slot: Option<T>,
    push: Push<'a, T>,
}

/// The future [`Pool::delegate_async_from`] returns.
#[must_use = "futures do nothing unless polled"]
#[derive(Debug)]
pub struct DelegateFrom<'a, 'b, T: Send + 'static> {
    slot: &'b mut Option<T>,
    push: Push<'a, T>,
}

// The job is never pinned: the future moves it into the queue by value.
impl<T: Send + 'static> Unpin for Delegate<'_, T> {}

impl<T: Send + 'static> Future for Delegate<'_, T> {
    type Output = Result<(), DelegateError<T>>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = &mut *self;
        if this.slot.is_none() && !this.push.in_handoff() {
            panic!("workerpool::Delegate polled after it resolved");
        }
        this.push.poll(&mut this.slot, cx).map_err(|kind| {
            let job = this.slot.take().expect("a refused job is back in its slot");
            DelegateError::new(kind, job)
        })
    }
}

impl<T: Send + 'static> Future for DelegateFrom<'_, '_, T> {
    type Output = Result<(), Error>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = &mut *self;
        if this.slot.is_none() && !this.push.in_handoff() {
            panic!(
                "workerpool::DelegateFrom polled with an empty slot: put the job in the \
                 Option before awaiting (it is taken out once queued)"
            );
        }
        this.push.poll(this.slot, cx)
    }
}

impl<T: Send + 'static> Drop for Delegate<'_, T> {
    fn drop(&mut self) {
        self.push.cancel(&mut self.slot);
    }
}

impl<T: Send + 'static> Drop for DelegateFrom<'_, '_, T> {
    fn drop(&mut self) {
        self.push.cancel(self.slot);
    }
}

/// One job's way into the queue: a wait for room, or on a rendezvous pool a wait in its
/// line for a worker to take it.
#[derive(Debug)]
struct Push<'a, T: Send + 'static> {
    pool: &'a Pool<T>,
    /// Its place among the futures waiting for room.
    place: Registration,
    /// What it waits for, once it waits.
    waiting: Waiting,
}

/// What a [`Push`] waits for (one word and a tag, as the future's size is documented).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    Nothing,
    /// Room in the queue, since this time (counted in the pool's stats until it leaves).
    Room(u64),
    /// On a rendezvous pool, a worker to take its offer, which has this number.
    Handoff(usize),
}

impl<'a, T: Send + 'static> Push<'a, T> {
    fn new(pool: &'a Pool<T>) -> Self {
        Push {
            pool,
            place: Registration::default(),
            waiting: Waiting::Nothing,
        }
    }

    /// Whether its job is in a rendezvous pool's line, not in its slot.
    fn in_handoff(&self) -> bool {
        matches!(self.waiting, Waiting::Handoff(_))
    }

    /// Moves the job in `slot` into the queue once there is room; on an error the job is
    /// back in `slot`.
    fn poll(&mut self, slot: &mut Option<T>, cx: &mut Context<'_>) -> Poll<Result<(), Error>> {
        let shared = self.pool.shared();
        if let Some(rendezvous) = shared.rendezvous() {
            return self.poll_handoff(rendezvous, slot, cx);
        }
        // A future that waits leaves the list before it pushes: a wake-up that comes after
        // its push then goes to the next waiter, from the thread that gives it. It knows
        // before the push whether it holds one (`held`), and passes on only what its push
        // leaves unused.
        let mut held = self.take_out();
        let mut listed = false;
        loop {
            let job = slot.take().expect("the job waits in its slot");
            // Where the workers were before the push, to tell the room the push left.
            let head = held.then(|| shared.ring.head());
            match shared.push(Queued::new(job)) {
                Ok(position) => {
                    shared.job_waiters.notify_queued(|| shared.ring.len());
                    if listed {
                        // Listed again for this push: a wake-up it took meanwhile may be
                        // for room freed after the push, which is not this future's.
                        held = self.take_out();
                    } else if let Some(head) = head {
                        // Room freed after the push is announced by the worker that frees
                        // it, to the oldest waiter; a second wake-up for it from here could
                        // reach a younger one first. Only room left beside this job goes on.
                        held = !shared.ring.full_after(position, head);
                    }
                    self.leave_room(held);
                    return Poll::Ready(Ok(()));
                }
                Err(PushError::Closed(job)) => {
                    *slot = Some(job.into_job());
                    if listed {
                        held = self.take_out();
                    }
                    self.leave_room(held);
                    shared.counters.refused();
                    return Poll::Ready(Err(Error::Stopped));
                }
                Err(PushError::Full(job)) => {
                    *slot = Some(job.into_job());
                    if listed {
                        return Poll::Pending;
                    }
                    // A wake-up it held was for room that another caller took.
                    held = false;
                    if self.waiting == Waiting::Nothing {
                        self.waiting = Waiting::Room(shared.counters.begin_room_wait());
                    }
                    // Announce, then look again: room freed before the announcement is
                    // seen by the push above, room freed after it wakes this future.
                    shared
                        .async_waiters
                        .room
                        .register(&mut self.place, cx.waker());
                    listed = true;
                }
            }
        }
    }

    /// Takes this future out of the futures waiting for room, keeping its place for a
    /// wait again; returns whether it holds a wake-up (one took it out first).
    fn take_out(&mut self) -> bool {
        let room = &self.pool.shared().async_waiters.room;
        self.place.has_ticket() && !room.deregister(&self.place)
    }

    /// Leaves the futures waiting for room, once taken out. A wake-up this future `held`
    /// and did not use up goes on to the next one while room is left, so that none is lost.
    fn leave_room(&mut self, held: bool) {
        let shared = self.pool.shared();
        if let Waiting::Room(since) = self.waiting {
            self.waiting = Waiting::Nothing;
            shared.counters.end_room_wait(since);
        }
        self.place = Registration::default();
        if held && !shared.ring.is_full() {
            shared.async_waiters.room.wake_one();
        }
    }

    /// A rendezvous pool: offers the job from `slot` in the pool's line (or straight to a
    /// waiting worker), then is ready once a worker took it, or with the job back in
    /// `slot` once the pool stops first.
    fn poll_handoff(
        &mut self,
        rendezvous: &Rendezvous<Queued<T>>,
        slot: &mut Option<T>,
        cx: &mut Context<'_>,
    ) -> Poll<Result<(), Error>> {
        let outcome = match self.waiting {
            Waiting::Handoff(number) => rendezvous.poll_taken(number, cx.waker()),
            Waiting::Nothing | Waiting::Room(_) => {
                let job = slot.take().expect("the job waits in its slot");
                match rendezvous.offer(Queued::new(job), cx.waker()) {
                    Ok(Offered::Handed) => Poll::Ready(Ok(())),
                    Ok(Offered::Waiting(number)) => {
                        self.waiting = Waiting::Handoff(number);
                        Poll::Pending
                    }
                    Err(refused) => Poll::Ready(Err(refused)),
                }
            }
        };
        let Poll::Ready(outcome) = outcome else {
            return Poll::Pending;
        };
        self.waiting = Waiting::Nothing;
        self.pool.shared().count_handoff(outcome.is_ok());
        Poll::Ready(outcome.map_err(|refused| {
            let kind = refused.kind();
            *slot = Some(refused.into_job().into_job());
            // A job given back counts as finished for `wait_idle`, as in `delegate`.
            self.pool.shared().job_finished();
            kind
        }))
    }

    /// The future is dropped before it resolved: nothing it holds is queued later, and no
    /// wake-up it took is lost. A rendezvous offer no worker took yet comes back into
    /// `slot`.
    fn cancel(&mut self, slot: &mut Option<T>) {
        let shared = self.pool.shared();
        match (self.waiting, shared.rendezvous()) {
            (Waiting::Handoff(number), Some(rendezvous)) => {
                self.waiting = Waiting::Nothing;
                if let Some(job) = rendezvous.take_back(number) {
                    *slot = Some(job.into_job());
                    shared.job_finished();
                }
            }
            _ => {
                let held = self.take_out();
                self.leave_room(held);
            }
        }
    }
}

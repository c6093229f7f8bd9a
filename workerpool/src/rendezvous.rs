//! The rendezvous flavor (`queue_len == 0`): a delegate hands its job straight to a
//! worker, and each delegate waits for *its own* handoff, as crossbeam-channel's zero
//! channel does.
//!
//! Delegates that found no worker waiting line up as offers, each holding its own job;
//! workers that found no offer line up as takers. A worker takes the oldest offer and
//! wakes that offer's delegate, no other; a delegate that finds a taker puts its job in
//! that taker's entry and wakes that worker. Both lines live under one lock: a handoff is
//! a few hundred nanoseconds of system calls anyway, and the lock makes "whose job is
//! this" a plain fact instead of a race. So a delegate returns exactly when its job was
//! taken, gives its job back only at its deadline or stop, and `try_delegate` succeeds
//! exactly when some worker waits, without waiting itself.
//!
//! An async delegate (`Pool::delegate_async` on such a pool) lines up the same way, with
//! its task's `Waker` in place of a thread: [`offer`](Rendezvous::offer), then
//! [`poll_taken`](Rendezvous::poll_taken) until taken or stopped, or
//! [`take_back`](Rendezvous::take_back) when its future is dropped first.

use std::collections::VecDeque;
use std::task::{Poll, Waker};
use std::time::Instant;

use crate::async_api::wake_caught;
use crate::error::{DelegateError, Error};
use crate::sync::{AtomicUsize, Mutex, Ordering, lock, park_until, thread};

/// The lines of delegates and workers waiting for each other.
pub(crate) struct Rendezvous<T> {
    state: Mutex<State<T>>,
}

struct State<T> {
    /// Delegates waiting for a worker, oldest first, each with its job. Never non-empty
    /// while a taker has no job: a delegate hands its job to such a taker instead.
    offers: VecDeque<Offer<T>>,
    /// Workers waiting for a job, oldest first; a job handed to one waits in its entry
    /// until the worker wakes and takes it.
    takers: VecDeque<Taker<T>>,
    /// The number the next job gets: [`IdleTicket`](crate::pool::IdleTicket)s compare
    /// against it.
    next_number: usize,
    closed: bool,
}

struct Offer<T> {
    number: usize,
    job: T,
    delegate: Delegate,
}

/// Who waits for an offer to be taken.
enum Delegate {
    /// A blocking `delegate`, parked.
    Thread(thread::Thread),
    /// An async delegate's task.
    Task(Waker),
}

impl Delegate {
    fn wake(self) {
        match self {
            Delegate::Thread(thread) => thread.unpark(),
            Delegate::Task(waker) => wake_caught(waker),
        }
    }
}

struct Taker<T> {
    worker: thread::Thread,
    /// A job handed to this worker, with its number.
    handed: Option<(usize, T)>,
}

/// What [`Rendezvous::offer`] did with an async delegate's job.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Offered {
    /// A waiting worker has it: the delegate is done.
    Handed,
    /// It waits in line under this number, for [`Rendezvous::poll_taken`].
    Waiting(usize),
}

/// Whether a worker's [`Rendezvous::take`] got a job.
pub(crate) enum Taken<T> {
    /// The job and its number; the worker has stored the number as running.
    Job(T),
    /// The pool is closed, or the worker was removed, and no job was handed to it.
    Exit,
}

impl<T> Rendezvous<T> {
    pub(crate) fn new() -> Self {
        Rendezvous {
            state: Mutex::new(State {
                offers: VecDeque::new(),
                takers: VecDeque::new(),
                next_number: 0,
                closed: false,
            }),
        }
    }

    /// Hands `job` to a worker waiting now, or fails at once with [`Error::Full`] (or
    /// [`Error::Stopped`]).
    pub(crate) fn try_send(&self, job: T) -> Result<(), DelegateError<T>> {
        let mut state = lock(&self.state);
        if state.closed {
            return Err(DelegateError::new(Error::Stopped, job));
        }
        match state.hand_to_taker(job) {
            Ok(()) => Ok(()),
            Err(job) => Err(DelegateError::new(Error::Full, job)),
        }
    }

    /// Hands `job` to a worker, waiting until one takes it, or until `deadline`
    /// ([`Error::Timeout`]) or stop ([`Error::Stopped`]): then the job comes back.
    pub(crate) fn send(&self, job: T, deadline: Option<Instant>) -> Result<(), DelegateError<T>> {
        let mut state = lock(&self.state);
        if state.closed {
            return Err(DelegateError::new(Error::Stopped, job));
        }
        let job = match state.hand_to_taker(job) {
            Ok(()) => return Ok(()),
            Err(job) => job,
        };
        let number = state.take_number();
        state.offers.push_back(Offer {
            number,
            job,
            delegate: Delegate::Thread(thread::current()),
        });
        loop {
            drop(state);
            // A worker that takes the offer unparks this thread; a park may also end for
            // no reason, so the line is looked at again each time.
            park_until(deadline);
            state = lock(&self.state);
            let Some(index) = state.offers.iter().position(|o| o.number == number) else {
                return Ok(()); // taken
            };
            let kind = if state.closed {
                Error::Stopped
            } else if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                Error::Timeout
            } else {
                continue;
            };
            let offer = state
                .offers
                .remove(index)
                .expect("the index was just found");
            return Err(DelegateError::new(kind, offer.job));
        }
    }

    /// An async delegate's first step: hands `job` to a waiting worker, or lines it up
    /// as an offer whose taking wakes `waker`; fails with [`Error::Stopped`] at once.
    pub(crate) fn offer(&self, job: T, waker: &Waker) -> Result<Offered, DelegateError<T>> {
        let mut state = lock(&self.state);
        if state.closed {
            return Err(DelegateError::new(Error::Stopped, job));
        }
        let job = match state.hand_to_taker(job) {
            Ok(()) => return Ok(Offered::Handed),
            Err(job) => job,
        };
        let number = state.take_number();
        state.offers.push_back(Offer {
            number,
            job,
            delegate: Delegate::Task(waker.clone()),
        });
        Ok(Offered::Waiting(number))
    }

    /// Whether a worker has taken the async offer `number`: `Ready(Ok)` once one has,
    /// `Ready(Err)` with the job back once the pool is closed first. Otherwise the offer
    /// keeps waiting, to wake `waker`.
    pub(crate) fn poll_taken(
        &self,
        number: usize,
        waker: &Waker,
    ) -> Poll<Result<(), DelegateError<T>>> {
        let mut state = lock(&self.state);
        let Some(index) = state.offers.iter().position(|o| o.number == number) else {
            return Poll::Ready(Ok(()));
        };
        if state.closed {
            let offer = state
                .offers
                .remove(index)
                .expect("the index was just found");
            return Poll::Ready(Err(DelegateError::new(Error::Stopped, offer.job)));
        }
        match &mut state.offers[index].delegate {
            Delegate::Task(stored) if !stored.will_wake(waker) => stored.clone_from(waker),
            Delegate::Task(_) => {}
            Delegate::Thread(_) => unreachable!("offer {number} is a blocking delegate's"),
        }
        Poll::Pending
    }

    /// Takes the offer `number` back out of the line, unless a worker took it first.
    pub(crate) fn take_back(&self, number: usize) -> Option<T> {
        let mut state = lock(&self.state);
        let index = state.offers.iter().position(|o| o.number == number)?;
        state.offers.remove(index).map(|offer| offer.job)
    }

    /// Waits for a job for the worker on this thread. `running` is the worker's running
    /// state: this stores the job's number in it, or `idle` once the worker waits, both
    /// under the lock (so [`is_idle_past`](Self::is_idle_past) never sees a worker that
    /// is neither running nor waiting). `announce` runs once the worker counts as
    /// waiting or has its next job, before it sleeps.
    pub(crate) fn take(
        &self,
        running: &AtomicUsize,
        idle: usize,
        removed: impl Fn() -> bool,
        announce: impl FnOnce(),
    ) -> Taken<T> {
        let me = thread::current();
        let mut announce = Some(announce);
        let mut state = lock(&self.state);
        loop {
            let entry = state.takers.iter().position(|t| t.worker.id() == me.id());
            if let Some(index) = entry
                && let Some((number, job)) = state.takers[index].handed.take()
            {
                state.takers.remove(index);
                running.store(number, Ordering::SeqCst);
                drop(state);
                run_once(&mut announce);
                return Taken::Job(job);
            }
            if state.closed || removed() {
                if let Some(index) = entry {
                    state.takers.remove(index);
                }
                running.store(idle, Ordering::SeqCst);
                drop(state);
                run_once(&mut announce);
                return Taken::Exit;
            }
            if entry.is_none() {
                if let Some(offer) = state.offers.pop_front() {
                    running.store(offer.number, Ordering::SeqCst);
                    drop(state);
                    offer.delegate.wake();
                    run_once(&mut announce);
                    return Taken::Job(offer.job);
                }
                state.takers.push_back(Taker {
                    worker: me.clone(),
                    handed: None,
                });
                running.store(idle, Ordering::SeqCst);
            }
            drop(state);
            run_once(&mut announce);
            park_until(None);
            state = lock(&self.state);
        }
    }

    /// Wakes the worker on thread `id` if it waits here, for it to see its removal.
    pub(crate) fn wake_worker(&self, id: thread::ThreadId) {
        let state = lock(&self.state);
        if let Some(taker) = state.takers.iter().find(|t| t.worker.id() == id) {
            taker.worker.unpark();
        }
    }

    /// Refuses every new job and wakes everyone: delegates take their jobs back, workers
    /// run a job already handed to them, then exit.
    pub(crate) fn close(&self) {
        let mut state = lock(&self.state);
        state.closed = true;
        // Tasks are woken outside the lock, where their executor's code may run.
        let mut tasks = Vec::new();
        for offer in &state.offers {
            match &offer.delegate {
                Delegate::Thread(thread) => thread.unpark(),
                Delegate::Task(waker) => tasks.push(waker.clone()),
            }
        }
        for taker in &state.takers {
            taker.worker.unpark();
        }
        drop(state);
        tasks.into_iter().for_each(wake_caught);
    }

    /// Delegates waiting for a worker now.
    pub(crate) fn waiting_delegates(&self) -> usize {
        lock(&self.state).offers.len()
    }

    /// The number the next job will get: every job offered before has a smaller one.
    pub(crate) fn next_number(&self) -> usize {
        lock(&self.state).next_number
    }

    /// Whether every job numbered below `ticket` has been taken or given back, and is not
    /// being run by a worker whose running state `running` yields (`idle` for none).
    pub(crate) fn is_idle_past(
        &self,
        ticket: usize,
        idle: usize,
        running: impl Iterator<Item = usize>,
    ) -> bool {
        // Under the lock a job is either an offer, in a taker's entry, or running.
        let state = lock(&self.state);
        let before = |number: usize| number != idle && number < ticket;
        !state.offers.iter().any(|offer| before(offer.number))
            && !state
                .takers
                .iter()
                .any(|taker| taker.handed.as_ref().is_some_and(|(n, _)| before(*n)))
            && !running.into_iter().any(before)
    }
}

impl<T> State<T> {
    fn take_number(&mut self) -> usize {
        let number = self.next_number;
        self.next_number += 1;
        number
    }

    /// Puts `job` in the entry of the oldest worker waiting with no job, and wakes it.
    fn hand_to_taker(&mut self, job: T) -> Result<(), T> {
        let Some(index) = self.takers.iter().position(|t| t.handed.is_none()) else {
            return Err(job);
        };
        let number = self.take_number();
        let taker = &mut self.takers[index];
        taker.handed = Some((number, job));
        taker.worker.unpark();
        Ok(())
    }
}

/// Runs `f` if it has not run yet.
fn run_once(f: &mut Option<impl FnOnce()>) {
    if let Some(f) = f.take() {
        f();
    }
}

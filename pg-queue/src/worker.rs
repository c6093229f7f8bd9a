//! A worker process: lease as many jobs as the pool has room for, run them there, and on `SIGTERM` stop leasing and finish what it leased.

use crate::Error;
use crate::job::{Outcome, Runner};
use crate::queue::{Job, Leaser};
use signal_hook::consts::{SIGINT, SIGTERM};
use signal_hook::iterator::Signals;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError};
use std::thread;
use std::time::Duration;
use workerpool::Pool;

/// How a worker process runs.
#[derive(Debug, Clone)]
pub struct Options {
    /// The database, as a `key=value` string or a `postgresql://` URL.
    pub conninfo: String,
    /// This process's name: the sink, the run count and `leased_by` record it.
    pub name: String,
    /// Pool workers, each with a connection of its own.
    pub workers: usize,
    /// The pool's queue length: the most jobs leased beyond those running (and one waiting).
    pub queue_len: usize,
    /// How long a lease lasts; a job not acknowledged by then returns to the queue.
    pub lease: Duration,
    /// Each job's work besides its statements (a stand-in, such as sending an email).
    pub work_time: Duration,
    /// Exit once every job in the table is done, instead of waiting for more.
    pub until_done: bool,
    /// How long to wait before looking again when no job is free.
    pub idle_poll: Duration,
}

/// Why a worker process stopped, when nothing went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// `SIGTERM` or `SIGINT`: it stopped leasing and finished what it had leased.
    Signal(i32),
    /// `until_done`, and every job in the table was done.
    AllDone,
}

/// What a worker process did, and how it ended.
#[derive(Debug)]
pub struct Report {
    pub counts: Counts,
    pub ending: Result<Ending, Error>,
}

/// The jobs a worker process leased, and what became of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub leased: usize,
    pub acknowledged: usize,
    /// Run, but another process had the job by the time we acknowledged it.
    pub leases_lost: usize,
    /// A statement failed: not acknowledged, so back to the queue when the lease runs out.
    pub failed: usize,
    /// The most jobs leased and not yet finished at any time.
    pub most_in_hand: usize,
    /// What the pool allows in hand: a full queue, one job per worker, one waiting for room.
    pub bound: usize,
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "leased={} acknowledged={} leases_lost={} failed={} most_in_hand={} bound={}",
            self.leased,
            self.acknowledged,
            self.leases_lost,
            self.failed,
            self.most_in_hand,
            self.bound
        )
    }
}

/// What the pool's workers and the leasing loop count together.
#[derive(Default)]
struct Tally {
    leased: AtomicUsize,
    in_hand: AtomicUsize,
    most_in_hand: AtomicUsize,
    acknowledged: AtomicUsize,
    leases_lost: AtomicUsize,
    failed: AtomicUsize,
}

impl Tally {
    fn leased(&self, jobs: usize) {
        self.leased.fetch_add(jobs, Ordering::Relaxed);
        let in_hand = self.in_hand.fetch_add(jobs, Ordering::SeqCst) + jobs;
        self.most_in_hand.fetch_max(in_hand, Ordering::SeqCst);
    }

    fn finished(&self, outcome: &Result<Outcome, Error>) {
        let counter = match outcome {
            Ok(Outcome::Acknowledged) => &self.acknowledged,
            Ok(Outcome::LeaseLost) => &self.leases_lost,
            Err(_) => &self.failed,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        self.in_hand.fetch_sub(1, Ordering::SeqCst);
    }

    fn counts(&self, bound: usize) -> Counts {
        Counts {
            leased: self.leased.load(Ordering::SeqCst),
            acknowledged: self.acknowledged.load(Ordering::SeqCst),
            leases_lost: self.leases_lost.load(Ordering::SeqCst),
            failed: self.failed.load(Ordering::SeqCst),
            most_in_hand: self.most_in_hand.load(Ordering::SeqCst),
            bound,
        }
    }
}

/// What wakes the leasing loop: a signal, or a job whose statements failed.
enum Event {
    Signal(i32),
    JobFailed(Error),
}

/// Runs a worker process until a signal, `until_done`'s end, or a database failure.
///
/// Fails at once when it cannot connect or listen for signals; a failure after that is in
/// the report's `ending`, once every job leased has been run or has failed.
pub fn run(options: &Options) -> Result<Report, Error> {
    assert!(
        options.workers > 0 && options.queue_len > 0,
        "a worker process needs a worker and room in its queue"
    );
    // Listening first: a SIGTERM while connecting must not kill the process mid-start.
    let mut signals = Signals::new([SIGTERM, SIGINT]).map_err(Error::Signals)?;
    let signals_handle = signals.handle();
    let mut leaser = Leaser::connect(&options.conninfo, &options.name, options.lease)?;
    let (events, received) = mpsc::channel();
    let tally = Arc::new(Tally::default());

    // ANCHOR: pool
    // The pool's queue is the lease's limit: the loop below leases only what fits in it.
    let pool = Pool::new(options.queue_len);
    for index in 0..options.workers {
        // A worker per connection: the closure owns its client and prepared statements.
        let mut runner =
            Runner::connect(&options.conninfo, &options.name, index, options.work_time)?;
        let tally = Arc::clone(&tally);
        let events = events.clone();
        pool.add_worker(move |job: Job| {
            let outcome = runner.run(&job);
            tally.finished(&outcome);
            if let Err(error) = outcome {
                let _ = events.send(Event::JobFailed(error)); // the loop may be gone
            }
        });
    }
    // ANCHOR_END: pool

    let listener = thread::spawn({
        let events = events.clone();
        move || {
            for signal in signals.forever() {
                if events.send(Event::Signal(signal)).is_err() {
                    break;
                }
            }
        }
    });

    // ANCHOR: stop
    let ending = lease_until_stopped(options, &mut leaser, &pool, &tally, &received);
    // Runs every job leased and queued, each acknowledging itself, then joins the workers.
    let unrun = pool.stop();
    // ANCHOR_END: stop
    debug_assert!(unrun.is_empty(), "workers run the queue before they exit");
    signals_handle.close();
    listener.join().expect("the signal listener does not panic");
    Ok(Report {
        counts: tally.counts(options.queue_len + options.workers + 1),
        ending,
    })
}

/// Leases jobs into `pool` until an event or `until_done` says to stop.
fn lease_until_stopped(
    options: &Options,
    leaser: &mut Leaser,
    pool: &Pool<Job>,
    tally: &Tally,
    events: &mpsc::Receiver<Event>,
) -> Result<Ending, Error> {
    let stop = |event| match event {
        Event::Signal(signal) => Ok(Ending::Signal(signal)),
        Event::JobFailed(error) => Err(error),
    };
    loop {
        match events.try_recv() {
            Ok(event) => return stop(event),
            Err(TryRecvError::Empty) => {}
            Err(TryRecvError::Disconnected) => unreachable!("the pool's workers hold senders"),
        }
        // ANCHOR: lease
        // Lease what the queue has room for. With no room, lease one: `delegate` holds it
        // until a worker frees a slot. So at most queue_len + workers + 1 jobs are in hand.
        let room = pool.capacity().saturating_sub(pool.queued());
        let jobs = leaser.lease(room.max(1))?;
        if jobs.is_empty() {
            if options.until_done && leaser.all_done()? {
                return Ok(Ending::AllDone);
            }
            match events.recv_timeout(options.idle_poll) {
                Ok(event) => return stop(event),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    unreachable!("the pool's workers hold senders")
                }
            }
        }
        tally.leased(jobs.len());
        for job in jobs {
            // Waits while the queue is full: the backpressure that bounds the leases.
            pool.delegate(job)
                .expect("only `run` stops the pool, after this loop");
        }
        // ANCHOR_END: lease
    }
}

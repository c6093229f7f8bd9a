//! Threads waiting for one kind of event (a job to take, room to queue one): a few spin,
//! the rest sleep, and the side that makes the event wakes a sleeper only when nobody
//! spins.
//!
//! Waking a thread is a system call that costs microseconds; handing over a job costs
//! nanoseconds. So the pool keeps at most one waiter per two cores spinning: a spinning
//! waiter takes the next event itself, and the thread that made it wakes no one. A sleeper
//! that is woken counts as spinning at once, so the event that follows while it wakes up
//! wakes no one more. Every waiter that got its event (or gives up) and sees more of them
//! left wakes the next sleeper unless another spins: the events it was counted on for are
//! never left without a taker, and waiters join one at a time while a backlog lasts.
//!
//! On a busy machine a thread may not run for a scheduler tick (milliseconds) after it was
//! woken, or after it yields, so a spinner stands in for a wake-up only as far as that
//! cannot hold jobs up for long: it counts while it spins, not while it yields, and for
//! one queued event, not two ([`Waiters::notify_queued`]).
//!
//! A waiter spins only when that can pay off: a delegate waiting for room does not, while
//! the workers that are awake take every core (it would take one from them). A delegate
//! asleep for room is woken once half the queue is free, and looks again by itself now
//! and then: the pool's waits for room use [`Waiters::notify_if`] and
//! [`Waiters::looking_again`].
//!
//! The lost-wakeup argument: a waiter announces itself (the spinning or sleeping count, with
//! sequentially consistent ordering) before it checks the event one last time, and the
//! maker of the event makes it before it reads those counts. One of the two sees the other.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crossbeam_utils::CachePadded;

use crate::backoff::Backoff;
use crate::sync::{
    AtomicBool, AtomicUsize, Mutex, Ordering, lock, park_until, store_load_order, thread,
};

pub(crate) struct Waiters {
    /// Two counts in one word, so that a delegate or a worker reads both with one load:
    /// in the high half, waiters spinning (and sleepers woken that have not yet looked
    /// again); in the low half, sleepers not yet woken (the length of `sleepers`, readable
    /// without the lock).
    counts: CachePadded<AtomicUsize>,
    max_spinning: usize,
    /// Whether the most recent sleeper wakes first: its cache is warm. Otherwise the
    /// oldest, for fairness among callers.
    newest_first: bool,
    /// Whether a sleeper also wakes by itself now and then to look again, in case the
    /// event came without a notification (see [`Waiters::looking_again`]).
    looks_again: bool,
    sleepers: Mutex<VecDeque<Sleeper>>,
    /// What this list did, for the tests that count wake-ups per job (not built otherwise).
    #[cfg(test)]
    pub(crate) tally: Tally,
}

/// Counts of what a waiters list did, kept only in the crate's own test builds.
#[cfg(test)]
#[derive(Default)]
pub(crate) struct Tally {
    /// Sleepers woken: one `unpark` each, a futex wake if the thread was parked.
    pub(crate) wakes: std::sync::atomic::AtomicU64,
    /// Times a thread parked (a futex wait each, unless a wake-up came first).
    pub(crate) parks: std::sync::atomic::AtomicU64,
    /// Times a waiter counted itself as spinning: a write to the counts every event reads.
    pub(crate) counted_spins: std::sync::atomic::AtomicU64,
    /// Times an event read the queue's length to decide whether to wake.
    pub(crate) queue_reads: std::sync::atomic::AtomicU64,
    /// Waits begun: times a thread found nothing and waited here.
    pub(crate) waits: std::sync::atomic::AtomicU64,
}

#[cfg(test)]
impl Tally {
    fn add(counter: &std::sync::atomic::AtomicU64) {
        counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// The counts so far, leaving zeros.
    #[cfg(not(loom))]
    pub(crate) fn take(&self) -> Tally {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
        let take = |counter: &AtomicU64| AtomicU64::new(counter.swap(0, Relaxed));
        Tally {
            wakes: take(&self.wakes),
            parks: take(&self.parks),
            counted_spins: take(&self.counted_spins),
            queue_reads: take(&self.queue_reads),
            waits: take(&self.waits),
        }
    }

    /// The counts per 1,000 of `events`, as a line of text.
    #[cfg(not(loom))]
    pub(crate) fn per_thousand(&self, events: u64) -> String {
        let per = |counter: &std::sync::atomic::AtomicU64| {
            counter.load(std::sync::atomic::Ordering::Relaxed) as f64 * 1000.0 / events as f64
        };
        format!(
            "{:.2} waits, {:.2} wakes, {:.2} parks, {:.2} counted spins, {:.2} queue reads",
            per(&self.waits),
            per(&self.wakes),
            per(&self.parks),
            per(&self.counted_spins),
            per(&self.queue_reads)
        )
    }
}

/// How long a sleeper that looks again sleeps first; each look doubles it, up to
/// [`LOOK_AGAIN_MAX`].
const LOOK_AGAIN_FIRST: Duration = Duration::from_millis(1);
const LOOK_AGAIN_MAX: Duration = Duration::from_millis(32);

/// A parked thread and the flag that tells it it was woken.
struct Sleeper {
    thread: thread::Thread,
    /// Points into the sleeper's own stack frame, which it leaves only after this entry
    /// was taken out of the list, under the lock.
    woken: *const AtomicBool,
}

// SAFETY: `woken` is only dereferenced under the list's lock, while its owner waits.
unsafe impl Send for Sleeper {}

/// How a waiter spins before it sleeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Spin {
    /// Counted in `spinning`: events that come meanwhile wake no sleeper.
    Counted,
    /// Not counted, as no one sleeps whose wake-up counting would spare.
    Uncounted,
    /// Not at all: enough others spin.
    No,
}

/// Where a thread stands with a waiters list between two of its waits, until it calls
/// [`Waiters::done_waiting`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Standing {
    /// It has not waited here: it has nothing to hand on.
    #[default]
    NotWaiting,
    /// It counts as spinning: events may have skipped a wake-up because of it.
    Spinning,
    /// It waited, and does not count as spinning; events may still have gone
    /// unannounced while it spun uncounted.
    Waited,
}

/// How a thread waits, for [`Waiters::wait`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct WaitPlan {
    /// The caller's standing after its previous wait.
    pub(crate) standing: Standing,
    /// Whether spinning can pay off at all: it cannot while the threads that make the
    /// events need every core.
    pub(crate) may_spin: bool,
    /// When to give up; `None` waits for good.
    pub(crate) deadline: Option<Instant>,
}

impl WaitPlan {
    /// A wait with no deadline, spinning first if that can pay off.
    pub(crate) fn after(standing: Standing) -> Self {
        WaitPlan {
            standing,
            may_spin: true,
            deadline: None,
        }
    }
}

/// How a wait ended.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Woken {
    /// The waiter counts as spinning: it must call [`Waiters::done_waiting`] once it has
    /// its event or gives up, or wait again as a spinner.
    Spinning,
    /// The waiter saw its condition by itself and does not count as spinning. It must
    /// still call [`Waiters::done_waiting`]: events may have gone unannounced while it
    /// spun.
    Ready,
    /// The deadline passed; the waiter does not count as spinning.
    TimedOut,
}

impl Woken {
    /// The waiter's standing after this wait.
    pub(crate) fn standing(&self) -> Standing {
        match self {
            Woken::Spinning => Standing::Spinning,
            Woken::Ready | Woken::TimedOut => Standing::Waited,
        }
    }
}

/// One spinner, in `counts`.
const SPINNER: usize = 1 << (usize::BITS / 2);
/// One sleeper, in `counts`.
const SLEEPER: usize = 1;

fn spinners(counts: usize) -> usize {
    counts / SPINNER
}

fn sleepers(counts: usize) -> usize {
    counts % SPINNER
}

impl Waiters {
    /// `newest_first` picks which sleeper an event wakes; `cores` is how many the
    /// process may run on.
    pub(crate) fn new(newest_first: bool, cores: usize) -> Self {
        Waiters {
            counts: CachePadded::new(AtomicUsize::new(0)),
            max_spinning: (cores / 2).max(1),
            newest_first,
            looks_again: false,
            sleepers: Mutex::new(VecDeque::new()),
            #[cfg(test)]
            tally: Tally::default(),
        }
    }

    /// Sleepers also wake by themselves to look again: after 1 ms, then at doubling
    /// intervals up to 32 ms. For events whose maker does not always notify (a slot freed
    /// while the queue is still more than half full), so that a sleeper never waits for
    /// good on an event that already came.
    pub(crate) fn looking_again(mut self) -> Self {
        self.looks_again = true;
        self
    }

    /// Makes room for `total` sleepers, so that falling asleep never allocates.
    pub(crate) fn reserve(&self, total: usize) {
        let mut sleepers = lock(&self.sleepers);
        let len = sleepers.len();
        sleepers.reserve(total.saturating_sub(len));
    }

    /// Whether any thread waits, spinning or asleep (the tests' view of the counts).
    #[cfg(all(test, not(loom)))]
    fn any(&self) -> bool {
        self.counts.load(Ordering::SeqCst) != 0
    }

    /// Sleepers not yet woken.
    pub(crate) fn sleeping(&self) -> usize {
        sleepers(self.counts.load(Ordering::SeqCst))
    }

    /// An event happened: wakes a sleeper unless a spinner will take it.
    #[inline]
    pub(crate) fn notify(&self) {
        self.notify_if(|| true);
    }

    /// An event happened: wakes a sleeper unless a spinner will take it, and only if
    /// `worth_waking()`. Asked only when someone sleeps, so it may cost a few loads.
    #[inline]
    pub(crate) fn notify_if(&self, worth_waking: impl FnOnce() -> bool) {
        // After the push or pop that made the event.
        store_load_order();
        let counts = self.counts.load(Ordering::SeqCst);
        // Someone sleeps, and no one spins.
        if counts != 0 && spinners(counts) == 0 && worth_waking() {
            self.wake_one();
        }
    }

    /// An event happened, and `queued()` events now wait for a taker: wakes a sleeper
    /// unless the spinners can take them all.
    ///
    /// A spinner stands in for one event at most. A sleeper just woken counts as spinning
    /// before it runs, and on a busy machine it may not run for a scheduler tick (so may a
    /// spinner the scheduler preempted): the events queued behind the one it will take do
    /// not wait for it, they wake another sleeper. Only while no more than one per two
    /// cores spin, so that a burst of events wakes a few threads, not every sleeper: those
    /// that run pass the backlog on ([`done_waiting`](Self::done_waiting)). `queued()` is
    /// asked only when someone both spins and sleeps.
    #[inline]
    pub(crate) fn notify_queued(&self, queued: impl FnOnce() -> usize) {
        // After the push that made the event.
        store_load_order();
        let counts = self.counts.load(Ordering::SeqCst);
        if counts == 0 {
            return;
        }
        let spinning = spinners(counts);
        let outnumbered = || {
            #[cfg(test)]
            Tally::add(&self.tally.queue_reads);
            queued() > spinning
        };
        // No one spins (so someone sleeps), or the spinners are outnumbered.
        if spinning == 0 || (sleepers(counts) > 0 && spinning <= self.max_spinning && outnumbered())
        {
            self.wake_one();
        }
    }

    /// A thread that waited here has taken its event, or gives up waiting. A notification
    /// may have been skipped because this thread was spinning, so if `more()` events are
    /// left, it makes sure a sleeper is woken for them unless another thread spins.
    /// `standing` is the thread's, from its last wait; one that has not waited
    /// ([`Standing::NotWaiting`]) has nothing to hand on, and this does nothing.
    pub(crate) fn done_waiting(&self, standing: Standing, more: impl FnOnce() -> bool) {
        match standing {
            Standing::NotWaiting => return,
            Standing::Spinning => {
                self.counts.fetch_sub(SPINNER, Ordering::SeqCst);
            }
            Standing::Waited => {}
        }
        store_load_order();
        if sleepers(self.counts.load(Ordering::SeqCst)) > 0 && more() {
            self.notify();
        }
    }

    #[cold]
    #[inline(never)]
    fn wake_one(&self) {
        let mut sleepers = lock(&self.sleepers);
        let sleeper = if self.newest_first {
            sleepers.pop_back()
        } else {
            sleepers.pop_front()
        };
        if let Some(sleeper) = sleeper {
            self.wake(sleeper);
        }
    }

    /// Wakes the sleeper on thread `id`, if it sleeps here, for it to see a change that
    /// concerns it alone.
    pub(crate) fn wake_thread(&self, id: thread::ThreadId) {
        let mut sleepers = lock(&self.sleepers);
        let index = sleepers
            .iter()
            .position(|sleeper| sleeper.thread.id() == id);
        if let Some(sleeper) = index.and_then(|index| sleepers.remove(index)) {
            self.wake(sleeper);
        }
    }

    /// Wakes every sleeper, for them to see a change that concerns them all.
    pub(crate) fn wake_all(&self) {
        let mut sleepers = lock(&self.sleepers);
        while let Some(sleeper) = sleepers.pop_front() {
            self.wake(sleeper);
        }
    }

    /// Marks `sleeper` woken and counted as spinning. Runs under the list's lock.
    fn wake(&self, sleeper: Sleeper) {
        #[cfg(test)]
        Tally::add(&self.tally.wakes);
        // One more spinner, one fewer sleeper (there is one: it is in the list).
        self.counts.fetch_add(SPINNER - SLEEPER, Ordering::SeqCst);
        // SAFETY: the sleeper is still in `wait`: it leaves only after seeing this flag,
        // or after failing to find its entry under the lock this thread holds.
        unsafe { (*sleeper.woken).store(true, Ordering::Release) };
        sleeper.thread.unpark();
    }

    /// Waits until `ready()`, or until the plan's deadline.
    ///
    /// It spins first, polling `looks_ready()`: a cheap, maybe late, sign of `ready()` that
    /// spares the lines other threads write. Then it sleeps, after checking `ready()`
    /// itself. A spinner counts as one (and spares a sleeper's wake-up) only while others
    /// sleep, and only up to one per two cores; with no sleeper to spare, counting would
    /// only bounce the count's cache line between the threads.
    pub(crate) fn wait(
        &self,
        plan: WaitPlan,
        looks_ready: impl Fn() -> bool,
        ready: impl Fn() -> bool,
    ) -> Woken {
        let WaitPlan {
            standing,
            may_spin,
            deadline,
        } = plan;
        #[cfg(test)]
        Tally::add(&self.tally.waits);
        let spinning = standing == Standing::Spinning;
        let spin = if !may_spin {
            if spinning {
                self.counts.fetch_sub(SPINNER, Ordering::SeqCst);
                store_load_order();
            }
            Spin::No
        } else if spinning {
            Spin::Counted
        } else if sleepers(self.counts.load(Ordering::SeqCst)) == 0 {
            Spin::Uncounted
        } else if spinners(self.counts.fetch_add(SPINNER, Ordering::SeqCst)) < self.max_spinning {
            #[cfg(test)]
            Tally::add(&self.tally.counted_spins);
            Spin::Counted
        } else {
            // Enough others spin: sleep at once.
            self.counts.fetch_sub(SPINNER, Ordering::SeqCst);
            store_load_order();
            Spin::No
        };
        let mut counted = spin == Spin::Counted;
        if spin != Spin::No {
            let mut backoff = Backoff::new();
            while !backoff.is_completed() {
                if looks_ready() {
                    return if counted {
                        Woken::Spinning
                    } else {
                        Woken::Ready
                    };
                }
                if counted && backoff.is_yielding() {
                    // A thread that yields may not run again for a scheduler tick: on a busy
                    // machine, events would wait that long for it. It stands in for a
                    // wake-up only while it spins; it yields uncounted.
                    self.counts.fetch_sub(SPINNER, Ordering::SeqCst);
                    store_load_order();
                    counted = false;
                }
                backoff.snooze();
            }
        }
        if counted {
            self.counts.fetch_sub(SPINNER, Ordering::SeqCst);
            store_load_order();
        }
        if ready() {
            return Woken::Ready;
        }
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            return Woken::TimedOut;
        }
        self.sleep(deadline, ready)
    }

    fn sleep(&self, deadline: Option<Instant>, ready: impl Fn() -> bool) -> Woken {
        let woken = AtomicBool::new(false);
        {
            let mut sleepers = lock(&self.sleepers);
            sleepers.push_back(Sleeper {
                thread: thread::current(),
                woken: &woken,
            });
            self.counts.fetch_add(SLEEPER, Ordering::SeqCst);
        }
        store_load_order();
        // The event may have come before this thread counted as sleeping.
        if ready() {
            return self.leave(&woken, Woken::Ready);
        }
        let mut look_again = LOOK_AGAIN_FIRST;
        loop {
            if woken.load(Ordering::Acquire) {
                return Woken::Spinning;
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return self.leave(&woken, Woken::TimedOut);
            }
            #[cfg(test)]
            Tally::add(&self.tally.parks);
            if !self.looks_again {
                park_until(deadline);
                continue;
            }
            let look_at = Instant::now() + look_again;
            park_until(Some(
                deadline.map_or(look_at, |deadline| deadline.min(look_at)),
            ));
            // Only when no one spins: a spinner takes the event and others may follow,
            // and a sleeper that joined them would take a core the workers need.
            if !woken.load(Ordering::Acquire)
                && spinners(self.counts.load(Ordering::SeqCst)) == 0
                && ready()
            {
                return self.leave(&woken, Woken::Ready);
            }
            look_again = (look_again * 2).min(LOOK_AGAIN_MAX);
        }
    }

    /// Takes this thread's entry out of the list, unless a waker took it first: then the
    /// thread counts as spinning.
    fn leave(&self, woken: &AtomicBool, outcome: Woken) -> Woken {
        let mut sleepers = lock(&self.sleepers);
        let own = sleepers
            .iter()
            .position(|sleeper| std::ptr::eq(sleeper.woken, woken));
        match own {
            Some(index) => {
                sleepers.remove(index);
                self.counts.fetch_sub(SLEEPER, Ordering::SeqCst);
                outcome
            }
            None => Woken::Spinning,
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use std::sync::mpsc;

    /// Spawns a thread that waits on `waiters` until `go` says so, then reports how its wait
    /// ended and holds its standing until `release` says so: while it holds, a woken thread
    /// still counts as spinning, as one the scheduler has not run yet does.
    fn sleeper<'scope>(
        scope: &'scope std::thread::Scope<'scope, '_>,
        waiters: &'static Waiters,
        woken: mpsc::Sender<Woken>,
        release: mpsc::Receiver<()>,
    ) {
        scope.spawn(move || {
            let outcome = waiters.wait(
                WaitPlan {
                    may_spin: false,
                    ..WaitPlan::after(Standing::NotWaiting)
                },
                || false,
                || false,
            );
            let standing = outcome.standing();
            woken.send(outcome).unwrap();
            release.recv().unwrap();
            waiters.done_waiting(standing, || false);
        });
    }

    /// Waits, by polling a condition, until `sleepers` threads sleep in `waiters`.
    fn until_sleeping(waiters: &Waiters, sleepers: usize) {
        while waiters.sleeping() != sleepers {
            std::thread::yield_now();
        }
    }

    /// Lets every sleeper of `waiters` go: wakes them all, releases them, and takes their
    /// outcomes. Tests check what they saw only after this, so that a failure reports
    /// instead of leaving threads asleep that the test would wait for.
    fn release_all(
        waiters: &Waiters,
        releases: &[mpsc::Sender<()>],
        outcomes: &mpsc::Receiver<Woken>,
    ) {
        waiters.wake_all();
        for release in releases {
            release.send(()).unwrap();
        }
        for _ in releases {
            assert_eq!(outcomes.recv().unwrap(), Woken::Spinning);
        }
    }

    /// The suite's `jobs/N workers` shape: one caller delegates `jobs` jobs that do nothing
    /// into a queue of 1024 that `workers` workers empty. Returns the tallies of the job
    /// waiters and of the room waiters.
    fn tallies_of_one_caller(workers: usize, jobs: u64) -> [Tally; 2] {
        let pool = crate::Pool::new(1024);
        for _ in 0..workers {
            pool.add_worker(|job: u64| {
                std::hint::black_box(job);
            });
        }
        // Every worker has looked for a job and gone to sleep: the shape starts idle.
        until_sleeping(&pool.shared().job_waiters, workers);
        for job in 0..jobs {
            pool.delegate(job).unwrap();
        }
        pool.wait_idle();
        let shared = pool.shared();
        [
            shared.job_waiters.tally.take(),
            shared.room_waiters.tally.take(),
        ]
    }

    /// One caller feeding many idle workers wakes and parks a few threads per lap of the
    /// queue, not per job, however many sleep. Run with `--nocapture` for the counts.
    #[test]
    fn wake_ups_per_thousand_jobs() {
        const JOBS: u64 = 200_000;
        for workers in [1, 16, 64, 256] {
            let [jobs, room] = tallies_of_one_caller(workers, JOBS);
            println!(
                "{workers:>3} workers, per 1,000 jobs: workers {}; caller {}",
                jobs.per_thousand(JOBS),
                room.per_thousand(JOBS)
            );
            for tally in [&jobs, &room] {
                let wakes = tally.wakes.load(std::sync::atomic::Ordering::Relaxed);
                // A wake-up per push would be 1,000 per 1,000 jobs; one per lap of the
                // queue of 1024 is about 1.
                assert!(
                    wakes * 1000 / JOBS < 50,
                    "{workers} workers: {}",
                    tally.per_thousand(JOBS)
                );
            }
        }
    }

    /// A woken sleeper that has not run yet stands in for the event it was woken for, not
    /// for the next one: a second queued event wakes a second sleeper.
    #[test]
    fn a_woken_sleeper_stands_in_for_one_event_only() {
        let waiters: &'static Waiters = Box::leak(Box::new(Waiters::new(true, 2)));
        let (woken, outcomes) = mpsc::channel();
        let (releases, receivers): (Vec<_>, Vec<_>) = (0..2).map(|_| mpsc::channel()).unzip();
        let (after_one, after_two) = std::thread::scope(|scope| {
            for release in receivers {
                sleeper(scope, waiters, woken.clone(), release);
            }
            until_sleeping(waiters, 2);
            waiters.notify_queued(|| 1);
            let after_one = waiters.sleeping();
            // The woken thread holds its spinning standing, as one not yet scheduled does.
            waiters.notify_queued(|| 2);
            let after_two = waiters.sleeping();
            release_all(waiters, &releases, &outcomes);
            (after_one, after_two)
        });
        assert_eq!(after_one, 1, "the first event wakes a sleeper");
        assert_eq!(
            after_two, 0,
            "two events queued, one spinner: the second event wakes the other sleeper"
        );
        assert!(!waiters.any());
    }

    /// Spinners stand in only up to one per two cores: with more, events queued behind
    /// them wake no one more (the threads that run pass the backlog on).
    #[test]
    fn a_burst_wakes_a_few_sleepers_not_all() {
        let waiters: &'static Waiters = Box::leak(Box::new(Waiters::new(true, 2)));
        let (woken, outcomes) = mpsc::channel();
        let (releases, receivers): (Vec<_>, Vec<_>) = (0..4).map(|_| mpsc::channel()).unzip();
        let after_burst = std::thread::scope(|scope| {
            for release in receivers {
                sleeper(scope, waiters, woken.clone(), release);
            }
            until_sleeping(waiters, 4);
            for queued in 1..=100 {
                waiters.notify_queued(|| queued);
            }
            let after_burst = waiters.sleeping();
            release_all(waiters, &releases, &outcomes);
            after_burst
        });
        assert_eq!(after_burst, 2, "one woken, then one more for the backlog");
        assert!(!waiters.any());
    }

    /// A spinner counted as standing in for a sleeper's wake-up stops counting before it
    /// yields the core: a yielding thread may not run again for a scheduler tick, and
    /// events must not wait that long for it.
    #[test]
    fn a_spinner_stops_standing_in_before_it_yields() {
        let waiters: &'static Waiters = Box::leak(Box::new(Waiters::new(true, 2)));
        let (woken, outcomes) = mpsc::channel();
        let (release, received) = mpsc::channel();
        let (outcome, seen) = std::thread::scope(|scope| {
            // Someone sleeps, so the spinner below counts itself.
            sleeper(scope, waiters, woken, received);
            until_sleeping(waiters, 1);
            let seen = std::cell::RefCell::new(Vec::new());
            let outcome = waiters.wait(
                WaitPlan::after(Standing::NotWaiting),
                || {
                    let counts = waiters.counts.load(Ordering::SeqCst);
                    seen.borrow_mut().push(spinners(counts));
                    false
                },
                || true,
            );
            release_all(waiters, &[release], &outcomes);
            (outcome, seen.into_inner())
        });
        assert_eq!(outcome, Woken::Ready);
        assert_eq!(seen.first(), Some(&1), "it spins counted: {seen:?}");
        assert_eq!(
            seen.last(),
            Some(&0),
            "it yields uncounted, before it would sleep: {seen:?}"
        );
        assert!(!waiters.any());
    }
}

#[cfg(all(test, loom))]
mod loom_tests {
    use super::*;
    use loom::sync::Arc;

    /// Takes one event from `events`, if there is one.
    fn take(events: &AtomicUsize) -> bool {
        events
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok()
    }

    /// Two waiters each take one event and leave; two events come, each announced with
    /// `notify`. However the waits and the events interleave, both waiters get theirs:
    /// none sleeps through an event left.
    fn every_event_finds_a_waiter_announced_by(notify: fn(&Waiters)) {
        let mut builder = loom::model::Builder::new();
        builder.preemption_bound = Some(3);
        builder.check(move || {
            let waiters = Arc::new(Waiters::new(true, 2));
            let events = Arc::new(AtomicUsize::new(0));
            let takers: Vec<_> = (0..2)
                .map(|_| {
                    let (waiters, events) = (Arc::clone(&waiters), Arc::clone(&events));
                    loom::thread::spawn(move || {
                        let mut standing = Standing::NotWaiting;
                        loop {
                            if take(&events) {
                                waiters
                                    .done_waiting(standing, || events.load(Ordering::SeqCst) > 0);
                                return;
                            }
                            let ready = || events.load(Ordering::SeqCst) > 0;
                            let woken = waiters.wait(WaitPlan::after(standing), ready, ready);
                            standing = woken.standing();
                        }
                    })
                })
                .collect();
            for _ in 0..2 {
                events.fetch_add(1, Ordering::SeqCst);
                notify(&waiters);
            }
            for taker in takers {
                taker.join().unwrap();
            }
        });
    }

    #[test]
    fn every_event_finds_a_waiter() {
        every_event_finds_a_waiter_announced_by(Waiters::notify);
    }

    /// Events that each see only themselves queued, so that no backlog ever wakes one
    /// more sleeper than the spinners stand in for: every event still finds a waiter.
    #[test]
    fn every_event_finds_a_waiter_when_no_backlog_wakes() {
        every_event_finds_a_waiter_announced_by(|waiters| waiters.notify_queued(|| 1));
    }
}

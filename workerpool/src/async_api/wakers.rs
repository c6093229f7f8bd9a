//! Async tasks waiting for one kind of event, woken in the order they first came: a list
//! of `core::task::Waker`s kept by ticket, whose storage grows to the most waiters seen at
//! once and is then reused, so that waiting allocates nothing in steady state.

use std::collections::VecDeque;
use std::panic::{self, AssertUnwindSafe};
use std::task::Waker;

use crate::pool::drop_payload;
use crate::sync::{AtomicUsize, Mutex, Ordering, lock, store_load_order};

/// Wakes `waker`, catching a panic in it: an executor's bug must not unwind into a worker
/// that holds a job (nor into `stop`). The panic hook has already reported it.
pub(crate) fn wake_caught(waker: Waker) {
    if let Err(payload) = panic::catch_unwind(AssertUnwindSafe(|| waker.wake())) {
        drop_payload(payload);
    }
}

/// Tasks waiting for an event, oldest first.
pub(crate) struct WakerList {
    /// Entries in `entries`, readable without the lock: the pool's hot path reads only this
    /// word, and it is zero unless an async caller waits.
    listed: AtomicUsize,
    inner: Mutex<Inner>,
}

struct Inner {
    /// The ticket the next new waiter gets; tickets are never reused.
    next_ticket: u64,
    /// Sorted by ticket: a woken waiter that has to wait again goes back in its old place.
    entries: VecDeque<Entry>,
}

struct Entry {
    ticket: u64,
    waker: Waker,
}

/// A waiter's place in a [`WakerList`], kept inside its future. Zero means no ticket yet.
#[derive(Debug, Default)]
pub(crate) struct Registration {
    ticket: u64,
}

impl Registration {
    /// Whether this waiter ever took a place in a list.
    pub(crate) fn has_ticket(&self) -> bool {
        self.ticket != 0
    }
}

impl WakerList {
    pub(crate) fn new() -> Self {
        WakerList {
            listed: AtomicUsize::new(0),
            inner: Mutex::new(Inner {
                next_ticket: 1,
                entries: VecDeque::new(),
            }),
        }
    }

    /// Makes room for `additional` more waiters than are listed now, so that they can
    /// wait without allocating.
    pub(crate) fn reserve(&self, additional: usize) {
        lock(&self.inner).entries.reserve(additional);
    }

    /// Whether any task waits here.
    #[inline]
    pub(crate) fn any(&self) -> bool {
        store_load_order();
        self.listed.load(Ordering::SeqCst) != 0
    }

    /// Puts the waiter in the list (in its old place if it had one), to be woken through
    /// `waker`. The caller must look at its event again afterwards: it may have come just
    /// before.
    pub(crate) fn register(&self, registration: &mut Registration, waker: &Waker) {
        let mut inner = lock(&self.inner);
        if registration.ticket == 0 {
            registration.ticket = inner.next_ticket;
            inner.next_ticket += 1;
        }
        let ticket = registration.ticket;
        match inner
            .entries
            .binary_search_by_key(&ticket, |entry| entry.ticket)
        {
            Ok(index) => {
                let entry = &mut inner.entries[index];
                if !entry.waker.will_wake(waker) {
                    entry.waker.clone_from(waker);
                }
            }
            Err(index) => {
                inner.entries.insert(
                    index,
                    Entry {
                        ticket,
                        waker: waker.clone(),
                    },
                );
                self.listed.fetch_add(1, Ordering::SeqCst);
            }
        }
        drop(inner);
        // Announced: now the caller looks again (the store-buffer pattern, as in `waiters`).
        store_load_order();
    }

    /// Takes the waiter out of the list. Returns `true` if it was still there, `false` if a
    /// wake-up took it out first (or it never registered): the caller then holds a wake-up
    /// it may have to pass on.
    pub(crate) fn deregister(&self, registration: &Registration) -> bool {
        if registration.ticket == 0 {
            return false;
        }
        let mut inner = lock(&self.inner);
        let found = inner
            .entries
            .binary_search_by_key(&registration.ticket, |entry| entry.ticket);
        match found {
            Ok(index) => {
                inner.entries.remove(index);
                self.listed.fetch_sub(1, Ordering::SeqCst);
                true
            }
            Err(_) => false,
        }
    }

    /// Wakes the oldest waiter, if any, and takes it out of the list.
    #[inline]
    pub(crate) fn wake_one(&self) {
        if self.any() {
            self.wake_one_listed();
        }
    }

    /// Wakes the oldest waiter if any waits and `worth_waking()`, which is asked only then.
    #[inline]
    pub(crate) fn wake_one_if(&self, worth_waking: impl FnOnce() -> bool) {
        if self.any() && worth_waking() {
            self.wake_one_listed();
        }
    }

    #[cold]
    #[inline(never)]
    fn wake_one_listed(&self) {
        let entry = {
            let mut inner = lock(&self.inner);
            let entry = inner.entries.pop_front();
            if entry.is_some() {
                self.listed.fetch_sub(1, Ordering::SeqCst);
            }
            entry
        };
        // Outside the lock: a waker may run code of the executor's.
        if let Some(entry) = entry {
            wake_caught(entry.waker);
        }
    }

    /// Wakes every waiter, oldest first, for a change that concerns them all.
    pub(crate) fn wake_all(&self) {
        while self.any() {
            self.wake_one_listed();
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use std::sync::Arc;
    use std::sync::Mutex as StdMutex;
    use std::task::Wake;

    use super::*;

    /// A waker that records, in a shared log, that it was woken.
    struct Logged {
        id: usize,
        log: Arc<StdMutex<Vec<usize>>>,
    }

    impl Wake for Logged {
        fn wake(self: Arc<Self>) {
            self.log.lock().unwrap().push(self.id);
        }
    }

    fn wakers(count: usize) -> (Vec<Waker>, Arc<StdMutex<Vec<usize>>>) {
        let log = Arc::new(StdMutex::new(Vec::new()));
        let wakers = (0..count)
            .map(|id| {
                let log = Arc::clone(&log);
                Waker::from(Arc::new(Logged { id, log }))
            })
            .collect();
        (wakers, log)
    }

    #[test]
    fn wakes_in_arrival_order_and_a_waiter_back_again_keeps_its_place() {
        let list = WakerList::new();
        let (wakers, log) = wakers(3);
        let mut places: Vec<Registration> = (0..3).map(|_| Registration::default()).collect();
        for (place, waker) in places.iter_mut().zip(&wakers) {
            list.register(place, waker);
        }
        list.wake_one();
        // Waiter 0 found no room after all and waits again: it goes first again.
        list.register(&mut places[0], &wakers[0]);
        list.wake_all();
        assert_eq!(*log.lock().unwrap(), [0, 0, 1, 2]);
        assert!(!list.any());
    }

    #[test]
    fn registering_twice_lists_once_and_deregister_tells_who_took_the_wake_up() {
        let list = WakerList::new();
        let (wakers, log) = wakers(2);
        let (mut first, mut second) = (Registration::default(), Registration::default());
        list.register(&mut first, &wakers[0]);
        list.register(&mut first, &wakers[0]);
        list.register(&mut second, &wakers[1]);
        list.wake_one();
        assert!(!list.deregister(&first), "the wake-up took it out");
        assert!(list.deregister(&second), "still listed");
        assert!(!list.deregister(&second));
        assert!(!list.deregister(&Registration::default()));
        list.wake_all();
        assert_eq!(*log.lock().unwrap(), [0]);
    }
}

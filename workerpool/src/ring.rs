//! The queue: a bounded, lock-free ring of stamped slots that many threads push to and pop
//! from, and that can be closed so that no push succeeds after it.
//!
//! Each slot carries a stamp that says whose turn it is: a pusher may write slot `i` of lap
//! `l` only when its stamp is `l + i`, a popper may read it only when the stamp is
//! `l + i + 1`. `head` and `tail` are positions (lap + index) that threads claim with a
//! compare-and-swap, so neither pushing nor popping takes a lock or allocates. Closing sets
//! a bit in `tail`: a push whose compare-and-swap races with it fails, so once
//! [`Ring::close`] returns, the set of queued jobs can only shrink.

use std::mem::MaybeUninit;

use crossbeam_utils::CachePadded;

use crate::backoff::Backoff;
use crate::sync::{AtomicBool, AtomicU64, AtomicUsize, Ordering, UnsafeCell};

/// Why a push did not queue its value; the value comes back with it.
pub(crate) enum PushError<T> {
    /// Every slot holds a value.
    Full(T),
    /// The ring was closed.
    Closed(T),
}

struct Slot<T> {
    stamp: AtomicUsize,
    value: UnsafeCell<MaybeUninit<T>>,
}

pub(crate) struct Ring<T> {
    /// The position of the next value to pop.
    head: CachePadded<AtomicUsize>,
    /// The position of the next value to push, with `closed_bit` set once closed.
    tail: CachePadded<AtomicUsize>,
    slots: Box<[Slot<T>]>,
    /// The bit of `tail` that marks the ring closed; above every index.
    closed_bit: usize,
    /// Set once `closed_bit` is: a flag waiters can poll without touching `tail`, the line
    /// every push writes.
    closed: AtomicBool,
    /// What a position grows by when it wraps to the next lap.
    one_lap: usize,
    /// When each slot's value was pushed, for pools that time their jobs
    /// ([`timed`](Self::timed)); `None` otherwise, and then nothing here is touched.
    /// Written before the slot's stamp says "written" and read before it says "free",
    /// so the stamp orders these relaxed accesses as it orders the value's.
    enqueued_at: Option<Box<[AtomicU64]>>,
}

// SAFETY: values move between threads through the ring (so `T: Send`), and each slot is
// accessed by one thread at a time, as its stamp arbitrates.
unsafe impl<T: Send> Send for Ring<T> {}
unsafe impl<T: Send> Sync for Ring<T> {}

impl<T> Ring<T> {
    /// A ring with `capacity` slots, all allocated now; `capacity` must be at least 1.
    ///
    /// # Panics
    ///
    /// When `capacity` slots cannot be allocated (or addressed: positions need two bits
    /// above the largest index), with a message naming the length and the bytes. An
    /// allocation that fails is a panic here, not an abort.
    pub(crate) fn new(capacity: usize) -> Self {
        assert!(capacity > 0, "a ring needs at least one slot");
        let slot_size = std::mem::size_of::<Slot<T>>();
        let too_large = || -> ! {
            panic!(
                "workerpool: a queue of {capacity} jobs ({} bytes) cannot be allocated; \
                 a queue of a few thousand jobs is plenty for backpressure",
                DisplayBytes(capacity.checked_mul(slot_size))
            )
        };
        if capacity > usize::MAX >> 2 {
            too_large();
        }
        let mut slots = Vec::new();
        if slots.try_reserve_exact(capacity).is_err() {
            too_large();
        }
        slots.extend((0..capacity).map(|i| Slot {
            stamp: AtomicUsize::new(i),
            value: UnsafeCell::new(MaybeUninit::uninit()),
        }));
        let closed_bit = (capacity + 1).next_power_of_two();
        Ring {
            head: CachePadded::new(AtomicUsize::new(0)),
            tail: CachePadded::new(AtomicUsize::new(0)),
            slots: slots.into_boxed_slice(),
            closed_bit,
            closed: AtomicBool::new(false),
            one_lap: closed_bit * 2,
            enqueued_at: None,
        }
    }

    /// The ring, keeping a time beside each slot for [`push_at`](Self::push_at): 8 bytes
    /// a slot, allocated now.
    pub(crate) fn timed(mut self) -> Self {
        self.enqueued_at = Some((0..self.slots.len()).map(|_| AtomicU64::new(0)).collect());
        self
    }

    /// The time [`push_at`](Self::push_at) kept with the value at `position`. Valid from
    /// the moment a popper sees that value written until it takes it: the caller of
    /// `try_pop` reads it in `claiming`, and keeps it if the take succeeds.
    pub(crate) fn enqueued_at(&self, position: usize) -> u64 {
        self.enqueued_at.as_ref().map_or(0, |times| {
            times[self.index(position)].load(Ordering::Relaxed)
        })
    }

    pub(crate) fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// The index in its lap of `position`: which slot it uses.
    #[inline]
    fn index(&self, position: usize) -> usize {
        position & (self.closed_bit - 1)
    }

    /// The slot `position` uses.
    #[inline]
    fn slot(&self, position: usize) -> &Slot<T> {
        &self.slots[self.index(position)]
    }

    /// The position after `position`.
    fn next(&self, position: usize) -> usize {
        if self.index(position) + 1 < self.slots.len() {
            position + 1
        } else {
            (position & !(self.one_lap - 1)).wrapping_add(self.one_lap)
        }
    }

    /// How many values were pushed before `position`, counted from the ring's creation.
    pub(crate) fn count(&self, position: usize) -> usize {
        let position = position & !self.closed_bit;
        let laps = position / self.one_lap;
        laps * self.slots.len() + self.index(position)
    }

    /// Queues `value` if a slot is free; returns the position it took.
    #[inline]
    pub(crate) fn push(&self, value: T) -> Result<usize, PushError<T>> {
        self.push_inner(value, None)
    }

    /// As [`push`](Self::push), keeping `time` with the value, on a [`timed`](Self::timed)
    /// ring, for [`enqueued_at`](Self::enqueued_at).
    #[inline]
    pub(crate) fn push_at(&self, value: T, time: u64) -> Result<usize, PushError<T>> {
        self.push_inner(value, Some(time))
    }

    #[inline(always)]
    fn push_inner(&self, value: T, time: Option<u64>) -> Result<usize, PushError<T>> {
        let mut backoff = Backoff::new();
        let mut tail = self.tail.load(Ordering::Relaxed);
        loop {
            if tail & self.closed_bit != 0 {
                return Err(PushError::Closed(value));
            }
            let slot = self.slot(tail);
            let stamp = slot.stamp.load(Ordering::Acquire);
            if stamp == tail {
                // The slot is free in this lap: claim the position.
                match self.tail.compare_exchange_weak(
                    tail,
                    self.next(tail),
                    Ordering::SeqCst,
                    Ordering::Relaxed,
                ) {
                    Ok(_) => {
                        // SAFETY: winning the CAS gives this thread the slot until the
                        // stamp below hands it to a popper.
                        slot.value.with_mut(|cell| unsafe { (*cell).write(value) });
                        if let (Some(time), Some(times)) = (time, &self.enqueued_at) {
                            times[self.index(tail)].store(time, Ordering::Relaxed);
                        }
                        slot.stamp.store(tail + 1, Ordering::Release);
                        return Ok(tail);
                    }
                    Err(current) => {
                        tail = current;
                        backoff.spin();
                    }
                }
            } else if stamp.wrapping_add(self.one_lap) == tail + 1 {
                // The slot still holds last lap's value: the ring may be full.
                let head = self.head.load(Ordering::SeqCst);
                if head.wrapping_add(self.one_lap) == tail {
                    return Err(PushError::Full(value));
                }
                // A popper took the slot's last value and has not freed it yet. Snooze,
                // not spin: with more threads than cores it may have been preempted in
                // between, and only a yield lets it run (pushers spinning for it took a
                // quarter of the time with 64 callers, `benches/callers.rs`).
                backoff.snooze();
                tail = self.tail.load(Ordering::Relaxed);
            } else {
                // Another pusher claimed this position and has not written yet.
                backoff.snooze();
                tail = self.tail.load(Ordering::Relaxed);
            }
        }
    }

    /// Takes the oldest value, or `None` when the ring is empty. Unlike
    /// [`try_pop`](Self::try_pop), it waits for a push that has claimed its position.
    pub(crate) fn pop(&self, mut claiming: impl FnMut(usize)) -> Option<T> {
        let mut backoff = Backoff::new();
        loop {
            if let Some(value) = self.try_pop(&mut claiming) {
                return Some(value);
            }
            // Nothing written at the head: empty, unless a push is under way.
            if self.is_empty() {
                return None;
            }
            backoff.snooze();
        }
    }

    /// Takes the oldest value if it is written, without waiting for a push under way and
    /// without reading `tail`: `None` means "nothing ready now", not "empty".
    ///
    /// `claiming(position)` runs before each attempt to take the value at `position`,
    /// so that a worker can say which job it may hold before it holds it (see
    /// `Pool::wait_idle`).
    #[inline]
    pub(crate) fn try_pop(&self, mut claiming: impl FnMut(usize)) -> Option<T> {
        let mut backoff = Backoff::new();
        let mut head = self.head.load(Ordering::Relaxed);
        loop {
            let slot = self.slot(head);
            if slot.stamp.load(Ordering::Acquire) != head + 1 {
                let current = self.head.load(Ordering::Relaxed);
                if current == head {
                    return None;
                }
                // Another popper moved on: look at the new head.
                head = current;
                continue;
            }
            claiming(head);
            match self.head.compare_exchange_weak(
                head,
                self.next(head),
                Ordering::SeqCst,
                Ordering::Relaxed,
            ) {
                // SAFETY: winning the CAS gives this thread the written slot.
                Ok(_) => return Some(unsafe { self.take(slot, head) }),
                Err(current) => {
                    head = current;
                    backoff.spin();
                }
            }
        }
    }

    /// Moves the value out of `slot` and frees the slot for the next lap.
    ///
    /// # Safety
    /// The caller has won the CAS on `head` for `position`, whose value is written.
    unsafe fn take(&self, slot: &Slot<T>, position: usize) -> T {
        // SAFETY: the stamp said written; the CAS made this thread its only reader.
        let value = slot
            .value
            .with_mut(|cell| unsafe { (*cell).assume_init_read() });
        slot.stamp
            .store(position.wrapping_add(self.one_lap), Ordering::Release);
        value
    }

    /// The position the next pop takes from.
    pub(crate) fn head(&self) -> usize {
        self.head.load(Ordering::SeqCst)
    }

    /// The position the next push takes, without the closed bit.
    pub(crate) fn tail(&self) -> usize {
        self.tail.load(Ordering::SeqCst) & !self.closed_bit
    }

    /// Closes the ring; returns `true` for the call that closed it.
    pub(crate) fn close(&self) -> bool {
        let first = self.tail.fetch_or(self.closed_bit, Ordering::SeqCst) & self.closed_bit == 0;
        self.closed.store(true, Ordering::SeqCst);
        first
    }

    /// Whether the ring was closed. (A push that races `close` may see the closed bit a
    /// moment before this does; it is refused all the same.)
    pub(crate) fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// Whether the oldest value is written and can be popped, from the slot alone. Cheap
    /// to poll: it reads the line a push writes anyway, not `tail`. A push whose position
    /// is claimed but not yet written does not count.
    pub(crate) fn head_is_ready(&self) -> bool {
        let head = self.head.load(Ordering::Relaxed);
        let slot = self.slot(head);
        slot.stamp.load(Ordering::Acquire) == head + 1
    }

    /// Whether the next push would find its slot free, from the slot alone; see
    /// [`head_is_ready`](Self::head_is_ready).
    pub(crate) fn tail_is_free(&self) -> bool {
        let tail = self.tail.load(Ordering::Relaxed) & !self.closed_bit;
        let slot = self.slot(tail);
        slot.stamp.load(Ordering::Acquire) == tail
    }

    /// Whether the ring may have been full right after the push that took `position`,
    /// judged from `head` as read before that push: room freed by pops since is not seen.
    pub(crate) fn full_after(&self, position: usize, head: usize) -> bool {
        head.wrapping_add(self.one_lap) == self.next(position)
    }

    pub(crate) fn is_empty(&self) -> bool {
        let head = self.head.load(Ordering::SeqCst);
        let tail = self.tail.load(Ordering::SeqCst);
        tail & !self.closed_bit == head
    }

    pub(crate) fn is_full(&self) -> bool {
        let tail = self.tail.load(Ordering::SeqCst);
        let head = self.head.load(Ordering::SeqCst);
        head.wrapping_add(self.one_lap) == tail & !self.closed_bit
    }

    /// How many values are queued now.
    pub(crate) fn len(&self) -> usize {
        loop {
            let tail = self.tail.load(Ordering::SeqCst);
            let head = self.head.load(Ordering::SeqCst);
            // A consistent pair: tail did not move while head was read.
            if self.tail.load(Ordering::SeqCst) == tail {
                return self.count(tail) - self.count(head);
            }
        }
    }
}

impl<T> Drop for Ring<T> {
    fn drop(&mut self) {
        while self.pop(|_| {}).is_some() {}
    }
}

/// A byte count for a panic message, or "more than usize::MAX".
struct DisplayBytes(Option<usize>);

impl std::fmt::Display for DisplayBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(bytes) => write!(f, "{bytes}"),
            None => write!(f, "more than {}", usize::MAX),
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn pops_in_push_order_and_reports_full() {
        let ring = Ring::new(3);
        for i in 0..3 {
            assert!(ring.push(i).is_ok());
        }
        assert!(matches!(ring.push(9), Err(PushError::Full(9))));
        assert_eq!(ring.len(), 3);
        assert_eq!((ring.pop(|_| {}), ring.pop(|_| {})), (Some(0), Some(1)));
        assert!(ring.push(3).is_ok());
        assert_eq!(
            (ring.pop(|_| {}), ring.pop(|_| {}), ring.pop(|_| {})),
            (Some(2), Some(3), None)
        );
    }

    #[test]
    fn counts_positions_across_laps() {
        let ring = Ring::new(3);
        for i in 0..10 {
            let position = ring.push(i).ok().unwrap();
            assert_eq!(ring.count(position), i);
            assert_eq!(ring.pop(|_| {}), Some(i));
        }
        assert_eq!(ring.count(ring.tail()), 10);
        assert!(ring.is_empty());
    }

    #[test]
    fn closed_ring_refuses_pushes_and_still_pops() {
        let ring = Ring::new(2);
        assert!(ring.push("queued").is_ok());
        assert!(ring.close());
        assert!(!ring.close(), "only the first close reports closing");
        assert!(matches!(ring.push("late"), Err(PushError::Closed("late"))));
        assert_eq!(ring.pop(|_| {}), Some("queued"));
        assert_eq!(ring.pop(|_| {}), None);
    }

    #[test]
    fn try_pop_says_which_position_it_is_about_to_take() {
        let ring = Ring::new(2);
        let first = ring.push(7).ok().unwrap();
        let mut claimed = Vec::new();
        assert_eq!(ring.try_pop(|position| claimed.push(position)), Some(7));
        assert_eq!(claimed, [first]);
        assert_eq!(ring.try_pop(|_| panic!("nothing to claim")), None);
    }

    #[test]
    fn a_timed_ring_hands_each_value_its_own_time_across_laps() {
        let ring = Ring::new(2).timed();
        for lap in 0..3_u64 {
            ring.push_at(lap * 10, lap * 10 + 1).ok().unwrap();
            ring.push_at(lap * 10 + 5, lap * 10 + 6).ok().unwrap();
            for _ in 0..2 {
                let mut time = None;
                let value = ring.try_pop(|position| time = Some(ring.enqueued_at(position)));
                assert_eq!(time, value.map(|value| value + 1));
            }
        }
        // An untimed ring keeps no times.
        let untimed = Ring::new(1);
        let position = untimed.push(3).ok().unwrap();
        assert_eq!(untimed.enqueued_at(position), 0);
    }

    #[test]
    fn a_ring_too_large_to_allocate_panics_with_its_size() {
        let caught = std::panic::catch_unwind(|| Ring::<u64>::new(1 << 40));
        let Err(message) = caught else {
            panic!("a ring of 2^40 slots was allocated")
        };
        let message = message.downcast_ref::<String>().unwrap();
        assert!(message.contains("1099511627776 jobs"), "{message}");
        assert!(message.contains(" bytes)"), "{message}");
    }

    #[test]
    fn dropping_the_ring_drops_queued_values() {
        let value = std::sync::Arc::new(());
        let ring = Ring::new(4);
        for _ in 0..3 {
            assert!(ring.push(value.clone()).is_ok());
        }
        drop(ring);
        assert_eq!(std::sync::Arc::strong_count(&value), 1);
    }
}

#[cfg(all(test, loom))]
mod loom_tests {
    use super::*;
    use loom::sync::Arc;
    use loom::thread;

    #[test]
    fn racing_pushes_and_a_pop_lose_and_repeat_nothing() {
        loom::model(|| {
            let ring = Arc::new(Ring::new(2));
            let pushers: Vec<_> = [1, 2]
                .into_iter()
                .map(|value| {
                    let ring = Arc::clone(&ring);
                    thread::spawn(move || assert!(ring.push(value).is_ok()))
                })
                .collect();
            let first = ring.pop(|_| {});
            for pusher in pushers {
                pusher.join().unwrap();
            }
            let mut seen: Vec<i32> = first.into_iter().collect();
            while let Some(value) = ring.pop(|_| {}) {
                seen.push(value);
            }
            seen.sort_unstable();
            assert_eq!(seen, [1, 2]);
        });
    }

    #[test]
    fn a_push_racing_close_is_either_queued_or_refused() {
        loom::model(|| {
            let ring = Arc::new(Ring::new(1));
            let pusher = {
                let ring = Arc::clone(&ring);
                thread::spawn(move || ring.push(7).is_ok())
            };
            ring.close();
            let queued = pusher.join().unwrap();
            assert_eq!(ring.pop(|_| {}).is_some(), queued);
            assert!(matches!(ring.push(8), Err(PushError::Closed(8))));
        });
    }
}

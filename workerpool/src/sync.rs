//! The synchronisation primitives the pool is built on: std's, or loom's models under `--cfg loom`.

#[cfg(loom)]
pub(crate) use loom::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering},
    },
    thread,
};
#[cfg(not(loom))]
pub(crate) use std::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering},
    },
    thread,
};

/// Locks `mutex`, ignoring poison: every critical section in this crate leaves its data
/// consistent before anything in it can panic, so a poisoned lock holds nothing broken.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Waits on `condvar`, ignoring poison (see [`lock`]).
pub(crate) fn wait<'a, T>(condvar: &Condvar, guard: MutexGuard<'a, T>) -> MutexGuard<'a, T> {
    condvar
        .wait(guard)
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A cell for a value that the ring's stamps guard: loom checks every access under `--cfg loom`.
pub(crate) struct UnsafeCell<T>(
    #[cfg(loom)] loom::cell::UnsafeCell<T>,
    #[cfg(not(loom))] std::cell::UnsafeCell<T>,
);

impl<T> UnsafeCell<T> {
    pub(crate) fn new(value: T) -> Self {
        #[cfg(loom)]
        return Self(loom::cell::UnsafeCell::new(value));
        #[cfg(not(loom))]
        return Self(std::cell::UnsafeCell::new(value));
    }

    /// Runs `f` with a raw pointer to the value; the caller upholds exclusive access.
    pub(crate) fn with_mut<R>(&self, f: impl FnOnce(*mut T) -> R) -> R {
        #[cfg(loom)]
        return self.0.with_mut(f);
        #[cfg(not(loom))]
        return f(self.0.get());
    }
}

/// Parks the calling thread until it is unparked, or until `deadline`. It may also wake
/// for no reason: callers check what they wait for in a loop.
pub(crate) fn park_until(deadline: Option<std::time::Instant>) {
    #[cfg(loom)]
    {
        // Models never wait on the clock.
        let _ = deadline;
        loom::thread::park();
    }
    #[cfg(not(loom))]
    match deadline {
        None => std::thread::park(),
        Some(deadline) => {
            std::thread::park_timeout(deadline.saturating_duration_since(std::time::Instant::now()))
        }
    }
}

/// Marks where a store must be ordered before a later load of another location (the
/// store-buffer pattern behind every "announce, then look again" in this crate).
///
/// The accesses on either side are `SeqCst`, and C++'s model, which Rust follows, forbids
/// both loads missing both stores. Loom does not model that total order for plain loads
/// and stores, so under loom a `SeqCst` fence stands in for it; in real builds the
/// accesses already give the guarantee and this is nothing.
#[inline(always)]
pub(crate) fn store_load_order() {
    #[cfg(loom)]
    loom::sync::atomic::fence(Ordering::SeqCst);
}

/// One pause in a spin loop. Under loom a spin must yield so the model can run the thread
/// it waits for.
pub(crate) fn spin_pause() {
    #[cfg(loom)]
    loom::thread::yield_now();
    #[cfg(not(loom))]
    std::hint::spin_loop();
}

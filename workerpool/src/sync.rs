//! The synchronisation primitives the pool is built on: std's, or loom's models under `--cfg loom`.

#[cfg(loom)]
pub(crate) use loom::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicUsize, Ordering, fence},
    },
    thread,
};
#[cfg(not(loom))]
pub(crate) use std::{
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicUsize, Ordering, fence},
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

/// Waits on `condvar` until notified or until `deadline`, ignoring poison (see [`lock`]).
pub(crate) fn wait_until<'a, T>(
    condvar: &Condvar,
    guard: MutexGuard<'a, T>,
    deadline: Option<std::time::Instant>,
) -> MutexGuard<'a, T> {
    let Some(deadline) = deadline else {
        return wait(condvar, guard);
    };
    let timeout = deadline.saturating_duration_since(std::time::Instant::now());
    match condvar.wait_timeout(guard, timeout) {
        Ok((guard, _)) => guard,
        Err(poisoned) => poisoned.into_inner().0,
    }
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

/// One pause in a spin loop. Under loom a spin must yield so the model can run the thread
/// it waits for.
pub(crate) fn spin_pause() {
    #[cfg(loom)]
    loom::thread::yield_now();
    #[cfg(not(loom))]
    std::hint::spin_loop();
}

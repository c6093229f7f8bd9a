//! [`WaitIdle`]: [`Pool::wait_idle`] for async callers.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use super::wakers::Registration;
use crate::pool::{IdleTicket, Pool};
use crate::sync::{Ordering, store_load_order};

impl<T: Send + 'static> Pool<T> {
    /// [`wait_idle`](Self::wait_idle) for async code: a future that resolves once every
    /// job queued before this call has run (or panicked), or was handed back by
    /// [`stop`](Self::stop) or by a delegate that gave up, without blocking a thread: the
    /// meaning of `wait_idle`, from the same condition.
    ///
    /// The jobs waited for are fixed when this is called, not when the future is first
    /// polled; jobs queued meanwhile are not waited for. Without workers it waits until
    /// one is added or the pool stops. Dropping the future is harmless at any time.
    /// The future takes 32 bytes (64-bit targets), and waiting allocates nothing once the
    /// pool has seen as many of these futures waiting at once before.
    ///
    /// # Panics
    ///
    /// When called from one of the pool's own workers, which would wait for its own job
    /// forever.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicU64, Ordering};
    /// use std::sync::Arc;
    ///
    /// let total = Arc::new(AtomicU64::new(0));
    /// let pool = workerpool::Pool::new(16);
    /// let counted = Arc::clone(&total);
    /// pool.add_worker(move |n: u64| {
    ///     counted.fetch_add(n, Ordering::Relaxed);
    /// });
    /// futures::executor::block_on(async {
    ///     for n in 1..=100 {
    ///         pool.delegate_async(n).await.unwrap();
    ///     }
    ///     pool.wait_idle_async().await;
    /// });
    /// assert_eq!(total.load(Ordering::Relaxed), 5050);
    /// # assert_eq!(size_of::<workerpool::WaitIdle<'_, u64>>(), 32);
    /// ```
    pub fn wait_idle_async(&self) -> WaitIdle<'_, T> {
        let shared = self.shared();
        assert!(
            shared.current_worker().is_none(),
            "Pool::wait_idle_async called from one of the pool's workers: it would wait for \
             its own job forever"
        );
        WaitIdle {
            pool: self,
            ticket: shared.idle_ticket(),
            place: Registration::default(),
            counted: false,
        }
    }
}

/// The future [`Pool::wait_idle_async`] returns.
#[must_use = "futures do nothing unless polled"]
#[derive(Debug)]
pub struct WaitIdle<'a, T: Send + 'static> {
    pool: &'a Pool<T>,
    ticket: IdleTicket,
    place: Registration,
    /// Whether it counts in the pool's idle waiters, so that finished jobs notify it.
    counted: bool,
}

impl<T: Send + 'static> WaitIdle<'_, T> {
    fn leave(&mut self) {
        let shared = self.pool.shared();
        shared.async_waiters.idle.deregister(&self.place);
        self.place = Registration::default();
        if self.counted {
            self.counted = false;
            shared.idle.waiters.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl<T: Send + 'static> Future for WaitIdle<'_, T> {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let this = &mut *self;
        let shared = this.pool.shared();
        if shared.is_idle_past(&this.ticket) {
            this.leave();
            return Poll::Ready(());
        }
        if !this.counted {
            this.counted = true;
            shared.idle.waiters.fetch_add(1, Ordering::SeqCst);
            // Counted, then looks again (below): a worker that finished before it saw the
            // count is seen, as in `wait_idle`.
            store_load_order();
        }
        shared
            .async_waiters
            .idle
            .register(&mut this.place, cx.waker());
        // A job may have finished before this future counted as waiting.
        if shared.is_idle_past(&this.ticket) {
            this.leave();
            return Poll::Ready(());
        }
        Poll::Pending
    }
}

impl<T: Send + 'static> Drop for WaitIdle<'_, T> {
    fn drop(&mut self) {
        self.leave();
    }
}

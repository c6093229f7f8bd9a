//! The pool's ways in for async callers: futures that wait for room, for a worker to take
//! a job, for the pool to be idle and for it to stop, without blocking a thread and on any executor.

mod delegate;
mod idle;
mod stop;
mod wakers;

pub use delegate::{Delegate, DelegateFrom};
pub use idle::WaitIdle;
pub use stop::Stop;

use wakers::WakerList;
pub(crate) use wakers::wake_caught;

/// The async tasks waiting on one pool, beside its waiting threads. (On a rendezvous
/// pool a future waiting for a worker waits in the pool's rendezvous line instead.)
pub(crate) struct AsyncWaiters {
    /// Futures waiting for room in the queue: woken where sleeping delegates are.
    pub(crate) room: WakerList,
    /// [`WaitIdle`] futures: woken wherever the pool notifies `wait_idle`.
    pub(crate) idle: WakerList,
    /// [`Stop`] futures: woken when a worker thread exits or enters a stop of its own, and
    /// when the leftovers are drained or their claim is given up.
    pub(crate) stop: WakerList,
}

impl AsyncWaiters {
    pub(crate) fn new() -> Self {
        AsyncWaiters {
            room: WakerList::new(),
            idle: WakerList::new(),
            stop: WakerList::new(),
        }
    }

    /// The pool stopped: every waiting future looks again, and finds it stopped.
    pub(crate) fn wake_all(&self) {
        self.room.wake_all();
        self.idle.wake_all();
    }
}

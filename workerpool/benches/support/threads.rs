//! The worker threads of the channel-based peers: each runs a receive loop over one channel,
//! and shutdown joins them once the sending side is gone.

use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};

use super::pools::Control;

/// The threads of one channel-based pool.
pub struct ChannelWorkers(Vec<JoinHandle<()>>);

impl ChannelWorkers {
    /// `workers` threads, each running `control.handle` on every job `receive` gives it
    /// until it gives `None` (the channel closed). Each thread gets its own clone of
    /// `receive`: for channels whose receivers clone.
    pub fn spawn<R>(workers: usize, receive: R, control: &'static Control) -> Self
    where
        R: FnMut() -> Option<u64> + Clone + Send + 'static,
    {
        let threads = (0..workers)
            .map(|_| {
                let mut receive = receive.clone();
                thread::spawn(move || {
                    while let Some(job) = receive() {
                        control.handle(job);
                    }
                })
            })
            .collect();
        ChannelWorkers(threads)
    }

    /// The same for a receiver that does not clone: the threads take turns at it behind a
    /// mutex, held while one waits for a job and let go before it runs the job.
    pub fn sharing<R: Send + 'static>(
        workers: usize,
        receiver: R,
        receive: fn(&mut R) -> Option<u64>,
        control: &'static Control,
    ) -> Self {
        let receiver = Arc::new(Mutex::new(receiver));
        let receive = move || receive(&mut receiver.lock().expect("no panic"));
        Self::spawn(workers, receive, control)
    }

    /// Joins every thread: call once the sender is dropped or closed.
    pub fn join(self) {
        self.0
            .into_iter()
            .for_each(|thread| thread.join().expect("no panic"));
    }
}

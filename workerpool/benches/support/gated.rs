//! Delegates into a queue with room: the pool's one worker is parked while they are timed.

use std::sync::Barrier;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;

use super::counting::Meter;
use super::pools::{Control, GATE, Harness};

/// How many delegates one gated round measures; the queue has room for all of them.
pub const CHUNK: u64 = 65_536;

/// A pool whose one worker is parked on a GATE job, so delegates go into a queue with room and
/// nothing takes them out while they are timed. Kept across samples.
pub struct Gated<P> {
    pool: P,
    control: &'static Control,
}

impl<P: Harness> Gated<P> {
    /// Starts the pool with room for [`CHUNK`] jobs and the gate, parks its worker, and fills and
    /// empties the queue once so that its memory is in place before anything is timed.
    pub fn start() -> Self {
        let control = Control::leak(1, 0);
        let pool = P::start(1, CHUNK as usize + 1, control);
        pool.submit(GATE);
        control.gate.wait();
        let gated = Gated { pool, control };
        gated.run(1, CHUNK, &mut Meter::timing());
        gated
    }

    /// Time for `delegates` delegates into room, by `callers` threads at once, [`CHUNK`] at a time;
    /// between chunks, untimed, the worker runs the queue empty and parks again.
    pub fn run(&self, callers: usize, delegates: u64, meter: &mut Meter) {
        if callers == 1 {
            let mut left = delegates;
            while left > 0 {
                let chunk = left.min(CHUNK);
                meter.start();
                for job in 0..chunk {
                    self.pool.submit(job);
                }
                meter.stop();
                self.empty_queue();
                left -= chunk;
            }
            return;
        }
        let go = Barrier::new(callers + 1);
        let done = Barrier::new(callers + 1);
        let chunk_size = AtomicU64::new(0);
        thread::scope(|scope| {
            for caller in 0..callers as u64 {
                let (go, done, chunk_size, pool) = (&go, &done, &chunk_size, &self.pool);
                scope.spawn(move || {
                    loop {
                        go.wait();
                        let chunk = chunk_size.load(Ordering::Acquire);
                        if chunk == 0 {
                            break;
                        }
                        let share =
                            chunk / callers as u64 + u64::from(caller < chunk % callers as u64);
                        for job in 0..share {
                            pool.submit(job);
                        }
                        done.wait();
                    }
                });
            }
            let mut left = delegates;
            while left > 0 {
                let chunk = left.min(CHUNK);
                chunk_size.store(chunk, Ordering::Release);
                meter.start();
                go.wait();
                done.wait();
                meter.stop();
                self.empty_queue();
                left -= chunk;
            }
            chunk_size.store(0, Ordering::Release);
            go.wait();
        });
    }

    /// Lets the parked worker run the queue, and waits until it is parked again at a new gate.
    fn empty_queue(&self) {
        self.pool.submit(GATE);
        self.control.gate.wait();
        self.control.gate.wait();
    }

    /// Releases the worker and stops the pool.
    pub fn shutdown(self) {
        self.control.gate.wait();
        self.pool.shutdown();
    }
}

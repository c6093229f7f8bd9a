//! The relay: a worker pool in front of a transport.
use crate::error::{RelayError, Result};
use crate::message::*;
use crate::transport::Transport;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use workerpool::{Pool, SharedWorker};

pub struct Relay {
    pool: Pool<Envelope>,
    worker: SharedWorker<Envelope>,
    sent: Arc<AtomicUsize>,
}

impl Relay {
    /// A relay with `threads` workers and room for `queue` waiting messages.
    pub fn new<T: Transport + 'static>(transport: T, threads: usize, queue: usize) -> Result<Relay> {
        let sent = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&sent);
        let worker = SharedWorker::new(move |(msg, reply): Envelope| {
            let status = match transport.send(&msg) {
                Ok(id) => {
                    counter.fetch_add(1, Ordering::SeqCst);
                    Status::Delivered(id)
                }
                Err(why) => Status::Bounced(why),
            };
            let _ = reply.send(Receipt { to: msg.to.clone(), status });
        });
        let pool = Pool::<Envelope>::new(queue);
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        Ok(Relay { pool, worker, sent })
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    /// Grows or shrinks the number of sending threads.
    pub fn scale(&self, threads: usize) -> Result<()> {
        while self.pool.workers() < threads {
            self.pool.add_shared_worker(&self.worker);
        }
        while self.pool.workers() > threads {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }

    /// Queues one message; its receipt goes to `reply`.
    pub fn send(&self, msg: Message, reply: mpsc::Sender<Receipt>) -> Result<()> {
        msg.validate()?;
        self.pool.delegate((msg, reply)).map_err(workerpool::Error::from)?;
        Ok(())
    }

    /// Sends every message and waits for all receipts, sorted by address.
    pub fn send_all(&self, msgs: Vec<Message>) -> Result<Vec<Receipt>> {
        let (tx, rx) = mpsc::channel::<Receipt>();
        let expected = msgs.len();
        for msg in msgs {
            self.send(msg, tx.clone())?;
        }
        drop(tx);
        let mut receipts: Vec<Receipt> = rx.iter().take(expected).collect();
        if receipts.len() != expected {
            return Err(RelayError::Lost { expected, got: receipts.len() });
        }
        receipts.sort();
        Ok(receipts)
    }

    pub fn delivered_count(&self) -> usize {
        self.sent.load(Ordering::SeqCst)
    }

    /// Stops the sending threads. Messages already handed out finish.
    pub fn shutdown(self) {
        self.pool.stop();
    }
}

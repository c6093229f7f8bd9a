use crate::error::ShipError;
use crate::record::Batch;
use crate::sink::Sink;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use workerpool::{Pool, SharedWorker};

/// What the sink said about one batch.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Receipt {
    pub batch: u32,
    pub bytes: usize,
    pub summary: String,
}

/// A pool of shipper threads in front of one sink.
pub struct Shipper<S: Sink + 'static> {
    pool: Pool<(Batch, Sender<Receipt>)>,
    worker: SharedWorker<(Batch, Sender<Receipt>)>,
    sink: Arc<S>,
}

impl<S: Sink + 'static> Shipper<S> {
    /// Starts `threads` shippers with room for `backlog` batches in the queue.
    pub fn new(sink: S, backlog: usize, threads: usize) -> Result<Self, ShipError> {
        let sink = Arc::new(sink);
        let target = Arc::clone(&sink);
        let worker = SharedWorker::new(move |(batch, ack): (Batch, Sender<Receipt>)| {
            let summary = target.accept(&batch);
            let receipt = Receipt {
                batch: batch.id,
                bytes: batch.bytes(),
                summary,
            };
            // the caller may have given up waiting; that is not our problem
            let _ = ack.send(receipt);
        });
        let pool = Pool::<(Batch, Sender<Receipt>)>::new(backlog);
        for _ in 0..threads {
            pool.add_shared_worker(&worker);
        }
        Ok(Shipper { pool, worker, sink })
    }

    pub fn sink(&self) -> &S {
        &self.sink
    }

    pub fn threads(&self) -> usize {
        self.pool.workers()
    }

    /// Queues one batch; its receipt arrives on `ack`.
    pub fn ship(&self, batch: Batch, ack: &Sender<Receipt>) -> Result<(), ShipError> {
        self.pool.delegate((batch, ack.clone())).map_err(workerpool::Error::from)?;
        Ok(())
    }

    /// Adds one shipper thread.
    pub fn grow(&self) -> Result<(), ShipError> {
        self.pool.add_shared_worker(&self.worker);
        Ok(())
    }

    /// Lets one shipper thread go once it finishes its batch.
    pub fn shrink(&self) -> Result<(), ShipError> {
        self.pool.remove_shared_worker(&self.worker);
        Ok(())
    }

    pub fn shutdown(self) {
        self.pool.stop();
    }
}

/// Waits for `n` receipts and returns them in batch order.
pub fn collect(receipts: &Receiver<Receipt>, n: usize) -> Result<Vec<Receipt>, ShipError> {
    let mut got = Vec::with_capacity(n);
    for _ in 0..n {
        got.push(receipts.recv().map_err(|_| ShipError::Disconnected)?);
    }
    got.sort();
    Ok(got)
}

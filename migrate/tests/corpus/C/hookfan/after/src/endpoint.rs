//! One subscribed endpoint: its own pool of delivery workers.

use std::sync::Arc;

use workerpool::{Pool, SharedWorker};

use super::dispatcher::Ledger;
use super::event::Event;
use super::transport::Transport;

/// Attempts per delivery before it counts as failed.
pub const MAX_ATTEMPTS: u32 = 3;

pub(crate) struct Endpoint {
    pub url: String,
    pool: Pool<Arc<Event>>,
    worker: SharedWorker<Arc<Event>>,
    concurrency: usize,
}

impl Endpoint {
    pub fn start<T: Transport>(
        url: &str,
        concurrency: usize,
        transport: Arc<T>,
        ledger: Arc<Ledger>,
    ) -> Result<Endpoint, workerpool::Error> {
        let target = url.to_string();
        let worker = SharedWorker::new(move |event: Arc<Event>| {
            let mut outcome = Err(String::new());
            for attempt in 1..=MAX_ATTEMPTS {
                match transport.post(&target, &event.body) {
                    Ok(status) => {
                        outcome = Ok((status, attempt));
                        break;
                    }
                    Err(e) => outcome = Err(e.to_string()),
                }
            }
            ledger.record(&target, event.id, outcome);
        });
        let pool = Pool::<Arc<Event>>::new(16);
        for _ in 0..concurrency {
            pool.add_shared_worker(&worker);
        }
        Ok(Endpoint {
            url: url.to_string(),
            pool,
            worker,
            concurrency,
        })
    }

    pub fn is_paused(&self) -> bool {
        self.pool.workers() == 0
    }

    pub fn deliver(&self, event: Arc<Event>) -> Result<(), workerpool::Error> {
        self.pool.delegate(event)?;
        Ok(())
    }

    /// Takes every delivery worker away; queued deliveries wait for `resume`.
    pub fn pause(&self) -> Result<(), workerpool::Error> {
        for _ in 0..self.pool.workers() {
            self.pool.remove_shared_worker(&self.worker);
        }
        Ok(())
    }

    pub fn resume(&self) -> Result<(), workerpool::Error> {
        while self.pool.workers() < self.concurrency {
            self.pool.add_shared_worker(&self.worker);
        }
        Ok(())
    }
}

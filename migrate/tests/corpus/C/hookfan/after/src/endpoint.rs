//! One subscribed endpoint: its own pool of delivery workers.

use std::sync::Arc;

use workerpool::v2::{Pool, Worker};

use super::dispatcher::Ledger;
use super::event::Event;
use super::transport::Transport;

/// Attempts per delivery before it counts as failed.
pub const MAX_ATTEMPTS: u32 = 3;

pub(crate) struct Endpoint {
    pub url: String,
    pool: Pool,
    worker: Worker,
    concurrency: usize,
}

impl Endpoint {
    pub fn start<T: Transport>(
        url: &str,
        concurrency: usize,
        transport: Arc<T>,
        ledger: Arc<Ledger>,
    ) -> Result<Endpoint, workerpool::v2::Error> {
        let target = url.to_string();
        let worker = Worker::new(move |event: Arc<Event>| {
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
        let pool = Pool::new(16);
        for _ in 0..concurrency {
            pool.add_worker(&worker)?;
        }
        Ok(Endpoint {
            url: url.to_string(),
            pool,
            worker,
            concurrency,
        })
    }

    pub fn is_paused(&self) -> bool {
        self.pool.workers_num() == 0
    }

    pub fn deliver(&self, event: Arc<Event>) -> Result<(), workerpool::v2::Error> {
        self.pool.delegate(event)
    }

    /// Takes every delivery worker away; queued deliveries wait for `resume`.
    pub fn pause(&self) -> Result<(), workerpool::v2::Error> {
        for _ in 0..self.pool.workers_num() {
            self.pool.remove_worker(&self.worker)?;
        }
        Ok(())
    }

    pub fn resume(&self) -> Result<(), workerpool::v2::Error> {
        while self.pool.workers_num() < self.concurrency {
            self.pool.add_worker(&self.worker)?;
        }
        Ok(())
    }
}

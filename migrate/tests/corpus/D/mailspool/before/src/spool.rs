use std::fmt;
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use workerpool::{Pool, Worker};

use crate::envelope::{Envelope, Outcome};
use crate::transport::{SendError, Transport};

#[derive(Debug, Clone)]
pub struct SpoolConfig {
    pub senders: usize,
    pub retriers: usize,
    pub max_attempts: u32,
    pub backoff: Duration,
}

impl Default for SpoolConfig {
    fn default() -> Self {
        SpoolConfig { senders: 2, retriers: 1, max_attempts: 4, backoff: Duration::from_millis(1) }
    }
}

#[derive(Debug)]
pub enum SpoolError {
    NotRunning,
    Pool(workerpool::Error),
    Stalled { waiting: usize },
}

impl fmt::Display for SpoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpoolError::NotRunning => f.write_str("spool is not running"),
            SpoolError::Pool(e) => write!(f, "pool: {e}"),
            SpoolError::Stalled { waiting } => write!(f, "{waiting} messages still in flight"),
        }
    }
}

impl std::error::Error for SpoolError {}

impl From<workerpool::Error> for SpoolError {
    fn from(e: workerpool::Error) -> Self {
        SpoolError::Pool(e)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Stopped,
    Running { senders: usize, retriers: usize },
}

struct Running {
    senders: Pool,
    retriers: Arc<Pool>,
}

pub struct Spool<T: Transport> {
    config: SpoolConfig,
    transport: Arc<T>,
    running: Option<Running>,
    outcomes_tx: Sender<Outcome>,
    outcomes: Receiver<Outcome>,
    in_flight: usize,
}

impl<T: Transport> Spool<T> {
    pub fn new(config: SpoolConfig, transport: T) -> Self {
        let (outcomes_tx, outcomes) = mpsc::channel();
        Spool { config, transport: Arc::new(transport), running: None, outcomes_tx, outcomes, in_flight: 0 }
    }

    pub fn transport(&self) -> &T {
        &self.transport
    }

    pub fn start(&mut self) -> Result<(), SpoolError> {
        if self.running.is_some() {
            return Ok(());
        }
        // retries are handed over, not queued: a sender waits until a retrier is free
        let retriers = Arc::new(Pool::new(0));
        let retry = {
            let transport = Arc::clone(&self.transport);
            let out = Mutex::new(self.outcomes_tx.clone());
            let (max, backoff) = (self.config.max_attempts, self.config.backoff);
            Worker::new(move |(env, mut attempt): (Envelope, u32)| {
                let outcome = loop {
                    std::thread::sleep(backoff * attempt);
                    attempt += 1;
                    match transport.send(&env) {
                        Ok(()) => break Outcome::Delivered { id: env.id, attempts: attempt },
                        Err(SendError::Transient(_)) if attempt < max => continue,
                        Err(e) => break Outcome::Bounced { id: env.id, reason: e.to_string() },
                    }
                };
                let _ = out.lock().unwrap().send(outcome);
            })
        };
        for _ in 0..self.config.retriers {
            retriers.add_worker(&retry)?;
        }

        let senders = Pool::new(self.config.senders * 8);
        let send = {
            let transport = Arc::clone(&self.transport);
            let retriers = Arc::clone(&retriers);
            let out = Mutex::new(self.outcomes_tx.clone());
            Worker::new(move |env: Envelope| {
                let outcome = match transport.send(&env) {
                    Ok(()) => Outcome::Delivered { id: env.id, attempts: 1 },
                    Err(SendError::Transient(reason)) => {
                        let id = env.id;
                        match retriers.delegate((env, 1u32)) {
                            Ok(()) => return,
                            Err(e) => Outcome::Bounced { id, reason: format!("{reason}; no retry: {e}") },
                        }
                    }
                    Err(e @ SendError::Permanent(_)) => Outcome::Bounced { id: env.id, reason: e.to_string() },
                };
                let _ = out.lock().unwrap().send(outcome);
            })
        };
        for _ in 0..self.config.senders {
            senders.add_worker(&send)?;
        }
        self.running = Some(Running { senders, retriers });
        Ok(())
    }

    pub fn status(&self) -> Status {
        match &self.running {
            None => Status::Stopped,
            Some(r) => Status::Running { senders: r.senders.workers_num(), retriers: r.retriers.workers_num() },
        }
    }

    pub fn submit(&mut self, env: Envelope) -> Result<(), SpoolError> {
        let running = self.running.as_ref().ok_or(SpoolError::NotRunning)?;
        running.senders.delegate(env)?;
        self.in_flight += 1;
        Ok(())
    }

    /// Waits for every submitted message to be delivered or bounced; sorted by id.
    pub fn drain(&mut self) -> Result<Vec<Outcome>, SpoolError> {
        let mut out = Vec::with_capacity(self.in_flight);
        while self.in_flight > 0 {
            let o = self
                .outcomes
                .recv_timeout(Duration::from_secs(20))
                .map_err(|_| SpoolError::Stalled { waiting: self.in_flight })?;
            out.push(o);
            self.in_flight -= 1;
        }
        out.sort_by_key(Outcome::id);
        Ok(out)
    }

    /// Drops both pools. Call `drain` first: queued messages are lost.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.senders.stop();
            r.retriers.stop();
        }
    }
}

impl<T: Transport> Drop for Spool<T> {
    fn drop(&mut self) {
        self.stop();
    }
}

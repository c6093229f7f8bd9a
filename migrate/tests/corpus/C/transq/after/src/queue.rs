//! The process-wide encoder pool and batches submitted to it.

use std::fmt;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::OnceLock;

use workerpool::{self as wp, Pool};

use crate::encode;
use crate::job::{Job, JobId, Media, Outcome};
use crate::profile::Profile;

/// Encoder threads started on first use.
pub const ENCODER_THREADS: usize = 3;

static ENCODERS: OnceLock<Pool<encode::Ticket>> = OnceLock::new();

/// The shared encoder pool, started on first use.
pub fn encoders() -> &'static Pool<encode::Ticket> {
    ENCODERS.get_or_init(|| {
        let pool = Pool::<encode::Ticket>::new(32);
        let worker = encode::run;
        for _ in 0..ENCODER_THREADS {
            pool.add_worker(worker);
        }
        pool
    })
}

#[derive(Debug)]
pub enum QueueError {
    Pool(wp::Error),
    /// The pool dropped a job before answering (an encoder thread died).
    Lost {
        expected: usize,
        got: usize,
    },
}

impl fmt::Display for QueueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueueError::Pool(e) => write!(f, "encoder pool: {e}"),
            QueueError::Lost { expected, got } => write!(f, "{got} of {expected} jobs answered"),
        }
    }
}

impl std::error::Error for QueueError {}

impl From<wp::Error> for QueueError {
    fn from(e: wp::Error) -> Self {
        QueueError::Pool(e)
    }
}

/// Jobs submitted together; `wait` collects their outcomes in job order.
pub struct Batch {
    next_id: JobId,
    submitted: usize,
    tx: Option<Sender<Outcome>>,
    rx: Receiver<Outcome>,
}

impl Default for Batch {
    fn default() -> Self {
        Self::new()
    }
}

impl Batch {
    pub fn new() -> Batch {
        let (tx, rx) = channel();
        Batch {
            next_id: 1,
            submitted: 0,
            tx: Some(tx),
            rx,
        }
    }

    /// Queues `input` for every profile in `profiles`; returns the job ids.
    pub fn submit(
        &mut self,
        input: &Media,
        profiles: &[Profile],
    ) -> Result<Vec<JobId>, QueueError> {
        let tx = self.tx.as_ref().expect("batch already waited on");
        let mut ids = Vec::with_capacity(profiles.len());
        for &profile in profiles {
            let job = Job {
                id: self.next_id,
                input: input.clone(),
                profile,
            };
            encoders().delegate((job, tx.clone())).map_err(workerpool::Error::from)?;
            ids.push(self.next_id);
            self.next_id += 1;
            self.submitted += 1;
        }
        Ok(ids)
    }

    pub fn len(&self) -> usize {
        self.submitted
    }

    pub fn is_empty(&self) -> bool {
        self.submitted == 0
    }

    /// Every outcome, sorted by job id.
    pub fn wait(mut self) -> Result<Vec<Outcome>, QueueError> {
        drop(self.tx.take());
        let mut all: Vec<Outcome> = self.rx.iter().collect();
        if all.len() != self.submitted {
            return Err(QueueError::Lost {
                expected: self.submitted,
                got: all.len(),
            });
        }
        all.sort_by_key(Outcome::id);
        Ok(all)
    }
}

//! A cheap-to-clone handle to the mail pool.

use std::fmt;
use std::sync::Arc;

use workerpool::{Pool, Worker};

use crate::message::Message;
use crate::transport;

#[derive(Debug)]
pub enum MailError {
    Pool(workerpool::Error),
    Rejected(String),
}

impl fmt::Display for MailError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MailError::Pool(e) => write!(f, "mail pool: {e}"),
            MailError::Rejected(to) => write!(f, "refusing to mail {to}"),
        }
    }
}

impl std::error::Error for MailError {}

impl From<workerpool::Error> for MailError {
    fn from(e: workerpool::Error) -> Self {
        MailError::Pool(e)
    }
}

#[derive(Clone)]
pub struct Mailer {
    pool: Arc<Pool>,
    blocked: Arc<Vec<String>>,
}

impl Mailer {
    /// Puts `senders` transport workers on `pool`.
    pub fn on(pool: Arc<Pool>, senders: usize, blocked: Vec<String>) -> Result<Mailer, MailError> {
        let worker = Worker::new(transport::send);
        for _ in 0..senders {
            pool.add_worker(&worker)?;
        }
        Ok(Mailer { pool, blocked: Arc::new(blocked) })
    }

    pub fn send(&self, msg: Message) -> Result<(), MailError> {
        if self.blocked.iter().any(|b| b == msg.to()) {
            return Err(MailError::Rejected(msg.to().to_string()));
        }
        self.pool.delegate(msg)?;
        Ok(())
    }

    pub fn senders(&self) -> usize {
        self.pool.workers_num()
    }
}

//! Messages, and the receipts the workers send back.
use std::sync::mpsc::Sender;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub to: String,
    pub subject: String,
    pub body: String,
}

impl Message {
    pub fn new(to: &str, subject: &str, body: &str) -> Self {
        Message {
            to: to.to_string(),
            subject: subject.to_string(),
            body: body.to_string(),
        }
    }

    pub fn validate(&self) -> crate::Result<()> {
        if !self.to.contains('@') {
            return Err(crate::RelayError::Invalid(format!("no @ in {:?}", self.to)));
        }
        if self.subject.trim().is_empty() {
            return Err(crate::RelayError::Invalid("empty subject".into()));
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Delivered(String),
    Bounced(String),
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Receipt {
    pub to: String,
    pub status: Status,
}

/// What a worker receives: the message and where to send its receipt.
pub type Envelope = (Message, Sender<Receipt>);

//! Where messages go once a worker picks them up.
use crate::message::Message;
use std::sync::Mutex;

pub trait Transport: Send + Sync {
    /// Sends one message; Ok carries the transport's message id.
    fn send(&self, msg: &Message) -> Result<String, String>;
}

/// A transport that keeps what it was given, for tests and dry runs.
#[derive(Default)]
pub struct MemoryTransport {
    outbox: Mutex<Vec<Message>>,
    blocked_domains: Vec<String>,
}

impl MemoryTransport {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn blocking(domains: &[&str]) -> Self {
        MemoryTransport {
            outbox: Mutex::new(Vec::new()),
            blocked_domains: domains.iter().map(|d| d.to_string()).collect(),
        }
    }

    pub fn delivered(&self) -> Vec<Message> {
        self.outbox.lock().unwrap().clone()
    }
}

impl Transport for MemoryTransport {
    fn send(&self, msg: &Message) -> Result<String, String> {
        let domain = msg.to.rsplit('@').next().unwrap_or_default();
        if self.blocked_domains.iter().any(|d| d == domain) {
            return Err(format!("550 domain {domain} refuses mail"));
        }
        let mut outbox = self.outbox.lock().unwrap();
        outbox.push(msg.clone());
        Ok(format!("<{}.{}@relay>", msg.subject.len(), msg.to.len()))
    }
}

impl<T: Transport + ?Sized> Transport for std::sync::Arc<T> {
    fn send(&self, msg: &Message) -> Result<String, String> {
        (**self).send(msg)
    }
}

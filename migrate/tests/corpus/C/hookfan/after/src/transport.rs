//! How a delivery reaches an endpoint. The binary and tests use the in-memory transport.

use std::collections::HashMap;
use std::fmt;
use std::sync::Mutex;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransportError {
    Refused,
    Status(u16),
}

impl fmt::Display for TransportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransportError::Refused => write!(f, "connection refused"),
            TransportError::Status(s) => write!(f, "HTTP {s}"),
        }
    }
}

pub trait Transport: Send + Sync + 'static {
    /// Posts `body` to `url`; Ok is the 2xx status.
    fn post(&self, url: &str, body: &str) -> Result<u16, TransportError>;
}

/// Records what it receives. Urls with `flaky` in them fail the first post of each body
/// with 503; urls with `down` in them always refuse.
#[derive(Default)]
pub struct MemoryTransport {
    received: Mutex<Vec<(String, String)>>,
    attempts: Mutex<HashMap<(String, String), u32>>,
}

impl MemoryTransport {
    pub fn new() -> Self {
        Self::default()
    }

    /// (url, body) pairs received, sorted.
    pub fn received(&self) -> Vec<(String, String)> {
        let mut r = self.received.lock().unwrap().clone();
        r.sort();
        r
    }
}

impl Transport for MemoryTransport {
    fn post(&self, url: &str, body: &str) -> Result<u16, TransportError> {
        if url.contains("down") {
            return Err(TransportError::Refused);
        }
        let attempt = {
            let mut a = self.attempts.lock().unwrap();
            let n = a.entry((url.to_string(), body.to_string())).or_insert(0);
            *n += 1;
            *n
        };
        if url.contains("flaky") && attempt == 1 {
            return Err(TransportError::Status(503));
        }
        self.received
            .lock()
            .unwrap()
            .push((url.to_string(), body.to_string()));
        Ok(if attempt == 1 { 200 } else { 202 })
    }
}

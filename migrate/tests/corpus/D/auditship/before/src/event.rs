use std::fmt;
use std::sync::Arc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditEvent {
    pub at: u64,
    pub actor: String,
    pub action: String,
}

impl fmt::Display for AuditEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:010} {} {}", self.at, self.actor, self.action)
    }
}

/// A batch of one tenant's events, numbered per tenant.
#[derive(Debug, Clone)]
pub struct Chunk {
    pub tenant: Arc<str>,
    pub seq: u64,
    pub events: Vec<AuditEvent>,
}

impl Chunk {
    pub fn to_bytes(&self) -> Vec<u8> {
        self.events.iter().map(|e| format!("{e}\n")).collect::<String>().into_bytes()
    }
}

/// A compressed chunk on its way to the sink.
#[derive(Debug, Clone)]
pub struct Packed {
    pub tenant: Arc<str>,
    pub seq: u64,
    pub raw_len: usize,
    pub bytes: Vec<u8>,
}

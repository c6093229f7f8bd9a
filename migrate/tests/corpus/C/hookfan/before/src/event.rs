//! Events published to the fan-out.

use std::fmt;
use std::sync::Arc;

/// A serialized payload, shared by every delivery of one event.
pub type Body = Arc<str>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EventKind {
    Push,
    Release,
    Issue,
}

impl fmt::Display for EventKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EventKind::Push => "push",
            EventKind::Release => "release",
            EventKind::Issue => "issue",
        })
    }
}

#[derive(Debug, Clone)]
pub struct Event {
    pub id: u64,
    pub kind: EventKind,
    pub body: Body,
}

impl Event {
    pub fn new(id: u64, kind: EventKind, fields: &[(&str, &str)]) -> Event {
        let body: String = fields
            .iter()
            .map(|(k, v)| format!("\"{k}\":\"{v}\""))
            .collect::<Vec<_>>()
            .join(",");
        Event {
            id,
            kind,
            body: format!("{{\"event\":\"{kind}\",{body}}}").into(),
        }
    }
}

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::message::{Delivery, UserId};

/// The transport to a user's device.
pub trait Outbox: Send + Sync + 'static {
    fn push(&self, delivery: &Delivery);
}

/// Keeps each user's inbox in memory.
#[derive(Default)]
pub struct MemoryOutbox {
    inboxes: Mutex<BTreeMap<UserId, Vec<(u64, String)>>>,
}

impl MemoryOutbox {
    /// A user's inbox, in message order.
    pub fn inbox(&self, user: UserId) -> Vec<String> {
        let mut v = self.inboxes.lock().unwrap().get(&user).cloned().unwrap_or_default();
        v.sort();
        v.into_iter().map(|(_, line)| line).collect()
    }

    pub fn users(&self) -> Vec<UserId> {
        self.inboxes.lock().unwrap().keys().copied().collect()
    }
}

impl Outbox for MemoryOutbox {
    fn push(&self, d: &Delivery) {
        let line = format!("#{} <{}> {}", d.message.room, d.message.from, d.message.text);
        self.inboxes.lock().unwrap().entry(d.to).or_default().push((d.message.seq, line));
    }
}

//! The cache being warmed.

use std::collections::BTreeMap;
use std::sync::RwLock;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub bytes: usize,
    pub checksum: u32,
}

#[derive(Debug, Default)]
pub struct Cache {
    entries: RwLock<BTreeMap<String, Entry>>,
}

impl Cache {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn contains(&self, key: &str) -> bool {
        self.entries.read().unwrap().contains_key(key)
    }

    /// Stores `body` under `key`; false if the key was already there.
    pub fn put(&self, key: &str, body: &[u8]) -> bool {
        let checksum = body
            .iter()
            .fold(0u32, |h, &b| h.wrapping_mul(31).wrapping_add(u32::from(b)));
        let mut map = self.entries.write().unwrap();
        if map.contains_key(key) {
            return false;
        }
        map.insert(
            key.to_string(),
            Entry {
                bytes: body.len(),
                checksum,
            },
        );
        true
    }

    pub fn get(&self, key: &str) -> Option<Entry> {
        self.entries.read().unwrap().get(key).cloned()
    }

    pub fn len(&self) -> usize {
        self.entries.read().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn keys(&self) -> Vec<String> {
        self.entries.read().unwrap().keys().cloned().collect()
    }
}

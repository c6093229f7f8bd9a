use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// An in-memory blob store, shared between threads.
#[derive(Clone, Default)]
pub struct Store {
    blobs: Arc<Mutex<BTreeMap<String, Vec<u8>>>>,
}

impl Store {
    pub fn new() -> Store {
        Store::default()
    }

    pub fn put(&self, name: &str, data: Vec<u8>) {
        self.blobs.lock().unwrap().insert(name.to_string(), data);
    }

    pub fn get(&self, name: &str) -> Option<Vec<u8>> {
        self.blobs.lock().unwrap().get(name).cloned()
    }

    pub fn names(&self) -> Vec<String> {
        self.blobs.lock().unwrap().keys().cloned().collect()
    }

    pub fn len(&self) -> usize {
        self.blobs.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

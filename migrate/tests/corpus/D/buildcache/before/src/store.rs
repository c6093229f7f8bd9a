use std::collections::HashMap;
use std::sync::RwLock;

use crate::digest::Digest;

pub trait Store: Send + Sync {
    fn get(&self, key: Digest) -> Option<Vec<u8>>;
    fn put(&self, key: Digest, artifact: Vec<u8>);
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[derive(Default)]
pub struct MemStore {
    map: RwLock<HashMap<Digest, Vec<u8>>>,
}

impl Store for MemStore {
    fn get(&self, key: Digest) -> Option<Vec<u8>> {
        self.map.read().unwrap().get(&key).cloned()
    }

    fn put(&self, key: Digest, artifact: Vec<u8>) {
        self.map.write().unwrap().insert(key, artifact);
    }

    fn len(&self) -> usize {
        self.map.read().unwrap().len()
    }
}

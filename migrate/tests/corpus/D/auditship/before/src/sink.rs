use std::collections::BTreeMap;
use std::sync::Mutex;

/// Remote object storage for shipped chunks.
pub trait Sink: Send + Sync + 'static {
    fn put(&self, key: String, bytes: Vec<u8>);
}

#[derive(Default)]
pub struct MemorySink {
    objects: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl MemorySink {
    pub fn keys(&self) -> Vec<String> {
        self.objects.lock().unwrap().keys().cloned().collect()
    }

    pub fn get(&self, key: &str) -> Option<Vec<u8>> {
        self.objects.lock().unwrap().get(key).cloned()
    }

    pub fn total_bytes(&self) -> usize {
        self.objects.lock().unwrap().values().map(Vec::len).sum()
    }
}

impl Sink for MemorySink {
    fn put(&self, key: String, bytes: Vec<u8>) {
        self.objects.lock().unwrap().insert(key, bytes);
    }
}

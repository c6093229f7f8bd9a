use std::collections::HashMap;
use std::sync::Mutex;

use crate::resolver::{lookup, Answer, ResolveError};

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: usize,
    pub misses: usize,
}

/// A positive and negative cache in front of the resolver pool.
#[derive(Default)]
pub struct Cache {
    entries: Mutex<HashMap<String, Answer>>,
    stats: Mutex<CacheStats>,
}

impl Cache {
    pub fn new() -> Cache {
        Cache::default()
    }

    pub fn get(&self, name: &str) -> Result<Answer, ResolveError> {
        let key = name.to_ascii_lowercase();
        if let Some(hit) = self.entries.lock().unwrap().get(&key) {
            self.stats.lock().unwrap().hits += 1;
            return Ok(hit.clone());
        }
        let answer = lookup(&key)?;
        self.stats.lock().unwrap().misses += 1;
        self.entries.lock().unwrap().insert(key, answer.clone());
        Ok(answer)
    }

    pub fn insert(&self, answer: Answer) {
        self.entries.lock().unwrap().insert(answer.name.to_ascii_lowercase(), answer);
    }

    pub fn len(&self) -> usize {
        self.entries.lock().unwrap().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn stats(&self) -> CacheStats {
        *self.stats.lock().unwrap()
    }
}

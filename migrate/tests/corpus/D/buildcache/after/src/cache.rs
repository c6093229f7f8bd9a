use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};

use crate::digest::Digest;
use crate::hasher;
use crate::store::Store;
use crate::Result;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Hit(Digest),
    Built(Digest),
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CacheStats {
    pub hits: usize,
    pub misses: usize,
    pub uploads: usize,
    pub uploaders: usize,
}

/// One artifact on its way to the remote.
pub struct Upload {
    pub key: Digest,
    pub bytes: Arc<Vec<u8>>,
}

pub struct Cache<L: Store, R: Store + 'static> {
    local: L,
    uploader: Option<workerpool::Pool<Upload>>,
    uploaded: Option<Receiver<Digest>>,
    pending: AtomicUsize,
    stats: Mutex<CacheStats>,
    _remote: Option<Arc<R>>,
}

impl<L: Store, R: Store + 'static> Cache<L, R> {
    pub fn local(local: L) -> Result<Self> {
        hasher::start(2)?;
        Ok(Cache { local, uploader: None, uploaded: None, pending: AtomicUsize::new(0), stats: Mutex::default(), _remote: None })
    }

    /// A cache that also pushes every new artifact to `remote`, on `threads` uploaders.
    pub fn with_remote(local: L, remote: Arc<R>, threads: usize) -> Result<Self> {
        hasher::start(2)?;
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        let r = Arc::clone(&remote);
        let upload = std::sync::Arc::new(move |job: Upload| {
            r.put(job.key, job.bytes.to_vec());
            let _ = tx.lock().unwrap().send(job.key);
        });
        let pool = workerpool::Pool::<Upload>::new(16);
        for _ in 0..threads {
            pool.add_worker({ let upload = std::sync::Arc::clone(&upload); move |job| upload(job) });
        }
        Ok(Cache {
            local,
            uploader: Some(pool),
            uploaded: Some(rx),
            pending: AtomicUsize::new(0),
            stats: Mutex::default(),
            _remote: Some(remote),
        })
    }

    /// The key of a target: its inputs' digests, combined in name order.
    pub fn key(&self, inputs: &[(String, Vec<u8>)]) -> Result<Digest> {
        let hashed = hasher::hash_all(inputs)?;
        Ok(Digest::combine(hashed.iter().map(|(n, d)| (n.as_str(), *d))))
    }

    /// Returns the cached artifact, or builds, stores and (maybe) uploads it.
    pub fn get_or_build<F>(&self, inputs: &[(String, Vec<u8>)], build: F) -> Result<(Outcome, Vec<u8>)>
    where
        F: FnOnce(&[(String, Vec<u8>)]) -> Vec<u8>,
    {
        let key = self.key(inputs)?;
        if let Some(hit) = self.local.get(key) {
            self.stats.lock().unwrap().hits += 1;
            return Ok((Outcome::Hit(key), hit));
        }
        let artifact = build(inputs);
        self.local.put(key, artifact.clone());
        self.stats.lock().unwrap().misses += 1;
        if let Some(pool) = &self.uploader {
            pool.delegate(Upload { key, bytes: Arc::new(artifact.clone()) })?;
            self.pending.fetch_add(1, Ordering::SeqCst);
        }
        Ok((Outcome::Built(key), artifact))
    }

    /// Waits for queued uploads; returns their keys in order of key.
    pub fn sync(&self) -> Vec<Digest> {
        let n = self.pending.swap(0, Ordering::SeqCst);
        let mut keys: Vec<Digest> = match &self.uploaded {
            Some(rx) => rx.iter().take(n).collect(),
            None => Vec::new(),
        };
        keys.sort();
        self.stats.lock().unwrap().uploads += keys.len();
        keys
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats {
            uploaders: self.uploader.as_ref().map_or(0, workerpool::Pool::workers),
            ..self.stats.lock().unwrap().clone()
        }
    }

    pub fn local_store(&self) -> &L {
        &self.local
    }
}

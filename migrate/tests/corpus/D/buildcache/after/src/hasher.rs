//! The process-wide hashing pool.

use std::sync::mpsc::{self, Sender};
use std::sync::{LazyLock, Mutex};

use workerpool::{Pool, SharedWorker};

use crate::digest::Digest;
use crate::Result;

type HashJob = (String, Vec<u8>, Sender<(String, Digest)>);

static HASHERS: LazyLock<Pool<HashJob>> = LazyLock::new(|| Pool::new(32));
static HASH_WORKER: LazyLock<SharedWorker<HashJob>> =
    LazyLock::new(|| SharedWorker::new(|(name, bytes, reply): HashJob| {
        let _ = reply.send((name, Digest::of(&bytes)));
    }));
static STARTED: Mutex<bool> = Mutex::new(false);

/// Starts the hashing threads once; later calls are no-ops.
pub fn start(threads: usize) -> Result<()> {
    let mut started = STARTED.lock().unwrap();
    if !*started {
        for _ in 0..threads {
            HASHERS.add_shared_worker(&HASH_WORKER);
        }
        *started = true;
    }
    Ok(())
}

pub fn threads() -> usize {
    HASHERS.workers()
}

/// Hashes every input on the pool; the result is sorted by input name.
pub fn hash_all(inputs: &[(String, Vec<u8>)]) -> Result<Vec<(String, Digest)>> {
    let (tx, rx) = mpsc::channel();
    for (name, bytes) in inputs {
        HASHERS.delegate((name.clone(), bytes.clone(), tx.clone()))?;
    }
    drop(tx);
    let mut out: Vec<(String, Digest)> = rx.iter().collect();
    if out.len() != inputs.len() {
        return Err(format!("hashed {} of {} inputs", out.len(), inputs.len()).into());
    }
    out.sort();
    Ok(out)
}

use std::collections::BTreeSet;
use std::sync::mpsc::{channel, Sender};

use workerpool::{Pool, Worker};

use crate::checksum::adler32;
use crate::error::BackupError;
use crate::store::Store;

/// Copy one file; the reply carries its name and the number of bytes written.
pub type CopyJob = (String, Sender<(String, usize)>);

/// Verify one copy against the source's checksum; the reply says whether it matched.
pub type VerifyJob = (String, u32, Sender<(String, bool)>);

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub copied: Vec<(String, usize)>,
    pub bytes: usize,
    pub corrupt: Vec<String>,
}

/// The pool is shared by the two phases: copiers are added for the copy phase and
/// removed once every copy is acknowledged, then verifiers take their place. A pool
/// never has both kinds of worker at once, so no job meets a worker of the other kind.
pub struct Engine {
    pool: Pool,
    copier: Worker,
    verifier: Worker,
    threads: usize,
    source: Store,
}

impl Engine {
    /// `flaky` names files whose copy gets a flipped byte, to exercise verification.
    pub fn new(source: Store, dest: Store, threads: usize, flaky: &[&str]) -> Engine {
        let flaky: BTreeSet<String> = flaky.iter().map(|s| s.to_string()).collect();
        let (src, dst) = (source.clone(), dest.clone());
        let copier = Worker::new(move |(name, done): CopyJob| {
            let mut data = src.get(&name).unwrap_or_default();
            if flaky.contains(&name) {
                if let Some(first) = data.first_mut() {
                    *first ^= 0x20;
                }
            }
            let len = data.len();
            dst.put(&name, data);
            let _ = done.send((name, len));
        });
        let verifier = Worker::new(move |(name, expected, done): VerifyJob| {
            let ok = dest.get(&name).is_some_and(|d| adler32(&d) == expected);
            let _ = done.send((name, ok));
        });
        Engine { pool: Pool::new(threads * 2), copier, verifier, threads: threads.max(1), source }
    }

    /// The pool, for callers that queue their own jobs while a phase runs.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    pub fn idle(&self) -> bool {
        self.pool.workers_num() == 0
    }

    fn start(&self, worker: &Worker) -> Result<(), BackupError> {
        for _ in 0..self.threads {
            self.pool.add_worker(worker)?;
        }
        Ok(())
    }

    fn finish(&self, worker: &Worker) -> Result<(), BackupError> {
        for _ in 0..self.threads {
            self.pool.remove_worker(worker)?;
        }
        Ok(())
    }

    fn copy_phase(&self, names: &[String]) -> Result<Vec<(String, usize)>, BackupError> {
        self.start(&self.copier)?;
        let (done, acks) = channel::<(String, usize)>();
        for name in names {
            self.pool.delegate((name.clone(), done.clone()))?;
        }
        drop(done);
        let mut copied: Vec<(String, usize)> = acks.iter().take(names.len()).collect();
        self.finish(&self.copier)?;
        if copied.len() != names.len() {
            return Err(BackupError::Lost("copy"));
        }
        copied.sort();
        Ok(copied)
    }

    fn verify_phase(&self, names: &[String]) -> Result<Vec<String>, BackupError> {
        self.start(&self.verifier)?;
        let (done, results) = channel::<(String, bool)>();
        for name in names {
            let expected = adler32(&self.source.get(name).unwrap_or_default());
            self.pool.delegate((name.clone(), expected, done.clone()))?;
        }
        drop(done);
        let results: Vec<(String, bool)> = results.iter().take(names.len()).collect();
        self.finish(&self.verifier)?;
        if results.len() != names.len() {
            return Err(BackupError::Lost("verify"));
        }
        let mut corrupt: Vec<String> =
            results.into_iter().filter(|(_, ok)| !ok).map(|(n, _)| n).collect();
        corrupt.sort();
        Ok(corrupt)
    }

    /// Backs up `names` (every file of the source when empty).
    pub fn run(&self, names: &[&str]) -> Result<Summary, BackupError> {
        let names: Vec<String> = if names.is_empty() {
            self.source.names()
        } else {
            names.iter().map(|s| s.to_string()).collect()
        };
        let missing: Vec<String> =
            names.iter().filter(|n| self.source.get(n).is_none()).cloned().collect();
        if !missing.is_empty() {
            return Err(BackupError::Missing(missing));
        }
        let copied = self.copy_phase(&names)?;
        let corrupt = self.verify_phase(&names)?;
        let bytes = copied.iter().map(|(_, n)| n).sum();
        Ok(Summary { copied, bytes, corrupt })
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.pool.stop();
    }
}

//! Runs backup jobs: a scan phase finds changed files, a copy phase copies them.
//!
//! Both phases run on the scheduler's one pool: first a single scanning thread (the tree
//! walk is cheap and ordered), then that thread is removed and copy threads are added.

use std::collections::BTreeMap;
use std::sync::{Arc, Condvar, Mutex};

use workerpool::v2::{Pool, Worker};

use crate::catalog::Catalog;
use crate::error::Result;
use crate::fs::VirtualFs;
use crate::schedule::{BackupJob, Schedule};

const QUEUE: usize = 32;

/// Walk `root` for files modified after `since`.
struct ScanTask {
    root: String,
    since: Option<u64>,
}

/// Copy one file into the snapshot being built.
struct CopyTask {
    path: String,
    size: u64,
}

#[derive(Default)]
struct RunState {
    changed: BTreeMap<String, u64>,
    copied: BTreeMap<String, u64>,
    pending: usize,
}

#[derive(Default)]
struct Shared {
    state: Mutex<RunState>,
    idle: Condvar,
}

impl Shared {
    fn start(&self, n: usize) {
        self.state.lock().unwrap().pending += n;
    }

    fn finish_one(&self, f: impl FnOnce(&mut RunState)) {
        let mut s = self.state.lock().unwrap();
        f(&mut s);
        s.pending -= 1;
        if s.pending == 0 {
            self.idle.notify_all();
        }
    }

    fn wait(&self) {
        let mut s = self.state.lock().unwrap();
        while s.pending > 0 {
            s = self.idle.wait(s).unwrap();
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunReport {
    pub job: String,
    pub snapshot: u32,
    pub files: usize,
    pub bytes: u64,
    pub pruned: Vec<u32>,
}

pub struct Scheduler {
    pool: Pool,
    scanner: Worker,
    copier: Worker,
    copy_threads: usize,
    shared: Arc<Shared>,
    catalog: Catalog,
}

impl Scheduler {
    pub fn new(fs: Arc<VirtualFs>, copy_threads: usize) -> Scheduler {
        let shared = Arc::new(Shared::default());
        let scanner = {
            let shared = Arc::clone(&shared);
            Worker::new(move |task: ScanTask| {
                let files = fs.walk(&task.root);
                shared.finish_one(|s| {
                    for (path, meta) in files {
                        if task.since.is_none_or(|t| meta.mtime > t) {
                            s.changed.insert(path, meta.size);
                        }
                    }
                });
            })
        };
        let copier = {
            let shared = Arc::clone(&shared);
            Worker::new(move |task: CopyTask| {
                // A real copier would stream the file; the size is what the catalog needs.
                shared.finish_one(|s| {
                    s.copied.insert(task.path, task.size);
                });
            })
        };
        Scheduler {
            pool: Pool::new(QUEUE),
            scanner,
            copier,
            copy_threads: copy_threads.max(1),
            shared,
            catalog: Catalog::default(),
        }
    }

    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Runs one job now (hour `now`): scan, copy, record, prune.
    pub fn run_job(&mut self, job: &BackupJob, now: u64) -> Result<RunReport> {
        let since = self.catalog.last_run(&job.name);

        self.pool.add_worker(&self.scanner)?;
        self.shared.start(job.sources.len());
        for root in &job.sources {
            self.pool.delegate(ScanTask {
                root: root.clone(),
                since,
            })?;
        }
        self.shared.wait();
        self.pool.remove_worker(&self.scanner)?;

        let changed = std::mem::take(&mut self.shared.state.lock().unwrap().changed);
        for _ in 0..self.copy_threads {
            self.pool.add_worker(&self.copier)?;
        }
        self.shared.start(changed.len());
        for (path, size) in changed {
            self.pool.delegate(CopyTask { path, size })?;
        }
        self.shared.wait();
        for _ in 0..self.copy_threads {
            self.pool.remove_worker(&self.copier)?;
        }
        // Removed copy threads may still be on their way out; the next run starts on a
        // fresh pool so none of them can pick up its scan.
        drop(std::mem::replace(&mut self.pool, Pool::new(QUEUE)));

        let copied = std::mem::take(&mut self.shared.state.lock().unwrap().copied);
        let files = copied.len();
        let bytes = copied.values().sum();
        let (snapshot, pruned) = self.catalog.record(&job.name, now, copied, job.keep);
        Ok(RunReport {
            job: job.name.clone(),
            snapshot,
            files,
            bytes,
            pruned,
        })
    }

    /// Runs every job of `schedule` that is due at hour `now`, in schedule order.
    pub fn tick(&mut self, schedule: &Schedule, now: u64) -> Result<Vec<RunReport>> {
        let due: Vec<BackupJob> = schedule
            .due(now, |name| self.catalog.last_run(name))
            .cloned()
            .collect();
        due.iter().map(|job| self.run_job(job, now)).collect()
    }

    pub fn threads(&self) -> usize {
        self.pool.workers_num()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_run_copies_everything_then_nothing() {
        let fs = Arc::new(VirtualFs::sample());
        let mut s = Scheduler::new(fs, 2);
        let job = BackupJob {
            name: "etc".into(),
            every: 1,
            keep: 5,
            sources: vec!["/etc".into()],
        };
        assert_eq!(s.run_job(&job, 1).unwrap().files, 3);
        assert_eq!(s.run_job(&job, 2).unwrap().files, 0);
        assert_eq!(s.threads(), 0);
    }
}

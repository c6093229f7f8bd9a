//! The catalog of snapshots taken, per job.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    pub id: u32,
    pub taken_at: u64,
    /// Files copied into this snapshot (the others are unchanged since the last one).
    pub files: BTreeMap<String, u64>,
}

impl Snapshot {
    pub fn bytes(&self) -> u64 {
        self.files.values().sum()
    }
}

#[derive(Debug, Default)]
pub struct Catalog {
    next_id: u32,
    by_job: BTreeMap<String, Vec<Snapshot>>,
}

impl Catalog {
    pub fn last_run(&self, job: &str) -> Option<u64> {
        self.by_job.get(job)?.last().map(|s| s.taken_at)
    }

    /// Records a snapshot and prunes the job down to `keep`; returns the pruned ids.
    pub fn record(
        &mut self,
        job: &str,
        taken_at: u64,
        files: BTreeMap<String, u64>,
        keep: usize,
    ) -> (u32, Vec<u32>) {
        self.next_id += 1;
        let id = self.next_id;
        let snaps = self.by_job.entry(job.to_string()).or_default();
        snaps.push(Snapshot {
            id,
            taken_at,
            files,
        });
        let excess = snaps.len().saturating_sub(keep);
        let pruned = snaps.drain(..excess).map(|s| s.id).collect();
        (id, pruned)
    }

    pub fn snapshots(&self, job: &str) -> &[Snapshot] {
        self.by_job.get(job).map(Vec::as_slice).unwrap_or(&[])
    }
}

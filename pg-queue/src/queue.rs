//! The jobs table as a queue: leasing free jobs, and seeing whether any job is left.

use crate::Error;
use crate::database::connect;
use postgres::{Client, Statement};
use std::time::Duration;

/// A leased job: what the pool's workers are given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub id: i64,
    pub payload: String,
    /// Which lease of this job we hold; the acknowledgement names it.
    pub attempt: i32,
}

/// A worker process's connection for leasing, with its statements prepared once.
pub struct Leaser {
    client: Client,
    conninfo: String,
    process: String,
    lease: Duration,
    lease_statement: Statement,
}

impl Leaser {
    /// Connects as worker process `process`, whose leases last `lease`.
    pub fn connect(conninfo: &str, process: &str, lease: Duration) -> Result<Self, Error> {
        let mut client = connect(conninfo, &format!("pg-queue {process} leaser"))?;
        let lease_statement = client
            .prepare(include_str!("sql/lease.sql"))
            .map_err(|e| Error::lost("preparing the lease", conninfo, e))?;
        Ok(Leaser {
            client,
            conninfo: conninfo.to_owned(),
            process: process.to_owned(),
            lease,
            lease_statement,
        })
    }

    /// Leases up to `count` free jobs, in id order; none when every job is done or leased.
    pub fn lease(&mut self, count: usize) -> Result<Vec<Job>, Error> {
        let count = i64::try_from(count).unwrap_or(i64::MAX);
        let rows = self
            .client
            .query(
                &self.lease_statement,
                &[&self.process, &self.lease.as_secs_f64(), &count],
            )
            .map_err(|e| Error::lost("leasing jobs", &self.conninfo, e))?;
        let mut jobs: Vec<Job> = rows
            .iter()
            .map(|row| Job {
                id: row.get(0),
                payload: row.get(1),
                attempt: row.get(2),
            })
            .collect();
        // `RETURNING` keeps no order; the pool runs them in the order they are delegated.
        jobs.sort_by_key(|job| job.id);
        Ok(jobs)
    }

    /// Whether every job in the table is done (none free, none leased by anyone).
    pub fn all_done(&mut self) -> Result<bool, Error> {
        let row = self
            .client
            .query_one(
                "SELECT NOT EXISTS (SELECT 1 FROM jobs WHERE done_at IS NULL)",
                &[],
            )
            .map_err(|e| Error::lost("looking for jobs left", &self.conninfo, e))?;
        Ok(row.get(0))
    }
}

//! What the tables say: jobs done and leased, the sink's rows, and how many runs were repeats.

use crate::Error;
use postgres::Client;
use std::fmt;

/// The queue and the sink at one moment (one statement, one snapshot).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Status {
    pub jobs: i64,
    pub done: i64,
    /// Not done, and leased by a process whose lease has not run out.
    pub leased: i64,
    pub sink_rows: i64,
    pub runs: i64,
    /// Jobs run more than once: the price of at-least-once, which the sink absorbs.
    pub run_twice_or_more: i64,
}

impl Status {
    pub fn read(client: &mut Client, conninfo: &str) -> Result<Self, Error> {
        let row = client
            .query_one(
                "SELECT
                    (SELECT count(*) FROM jobs),
                    (SELECT count(*) FROM jobs WHERE done_at IS NOT NULL),
                    (SELECT count(*) FROM jobs
                        WHERE done_at IS NULL AND lease_until >= clock_timestamp()),
                    (SELECT count(*) FROM sink),
                    (SELECT count(*) FROM runs),
                    (SELECT count(*) FROM
                        (SELECT job_id FROM runs GROUP BY job_id HAVING count(*) > 1) AS repeats)",
                &[],
            )
            .map_err(|e| Error::lost("reading the status", conninfo, e))?;
        Ok(Status {
            jobs: row.get(0),
            done: row.get(1),
            leased: row.get(2),
            sink_rows: row.get(3),
            runs: row.get(4),
            run_twice_or_more: row.get(5),
        })
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "jobs={} done={} leased={} sink_rows={} runs={} run_twice_or_more={}",
            self.jobs, self.done, self.leased, self.sink_rows, self.runs, self.run_twice_or_more
        )
    }
}

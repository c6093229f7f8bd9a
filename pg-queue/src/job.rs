//! Running one leased job on a pool worker: count the run, make the effect, acknowledge.

use crate::Error;
use crate::database::connect;
use crate::queue::Job;
use postgres::{Client, Statement};
use std::thread;
use std::time::Duration;

/// What became of a job a worker ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Run and marked done.
    Acknowledged,
    /// Run, but the lease had run out and the job was another's by then: it runs again there,
    /// and the sink keeps the first run's effect only.
    LeaseLost,
}

/// One pool worker's state: its own connection, and the statements it runs, prepared once.
pub struct Runner {
    client: Client,
    conninfo: String,
    /// The worker process's name, which the sink and the run count record.
    worker: String,
    work_time: Duration,
    count_run: Statement,
    effect: Statement,
    acknowledge: Statement,
}

impl Runner {
    /// Connects as pool worker `index` of worker process `process`; each job takes
    /// `work_time` besides its statements (a stand-in for real work, such as sending an email).
    pub fn connect(
        conninfo: &str,
        process: &str,
        index: usize,
        work_time: Duration,
    ) -> Result<Self, Error> {
        let mut client = connect(conninfo, &format!("pg-queue {process} worker {index}"))?;
        let mut prepare = |sql| {
            client
                .prepare(sql)
                .map_err(|e| Error::lost("preparing a job's statements", conninfo, e))
        };
        let count_run = prepare(include_str!("sql/run.sql"))?;
        let effect = prepare(include_str!("sql/sink.sql"))?;
        let acknowledge = prepare(include_str!("sql/acknowledge.sql"))?;
        Ok(Runner {
            client,
            conninfo: conninfo.to_owned(),
            worker: process.to_owned(),
            work_time,
            count_run,
            effect,
            acknowledge,
        })
    }

    // ANCHOR: run
    /// Runs `job` and acknowledges it. The effect comes first, so a job marked done has run;
    /// a crash between the two runs the job again elsewhere, which the sink makes harmless.
    pub fn run(&mut self, job: &Job) -> Result<Outcome, Error> {
        let conninfo = self.conninfo.as_str();
        let lost = |doing| move |e| Error::lost(doing, conninfo, e);
        self.client
            .execute(&self.count_run, &[&job.id, &job.attempt, &self.worker])
            .map_err(lost("counting a run"))?;
        if !self.work_time.is_zero() {
            thread::sleep(self.work_time);
        }
        self.client
            .execute(&self.effect, &[&job.id, &job.payload, &self.worker])
            .map_err(lost("writing a job's effect to the sink"))?;
        let acknowledged = self
            .client
            .execute(&self.acknowledge, &[&job.id, &job.attempt])
            .map_err(lost("acknowledging a job"))?;
        Ok(if acknowledged == 1 {
            Outcome::Acknowledged
        } else {
            Outcome::LeaseLost
        })
    }
    // ANCHOR_END: run
}

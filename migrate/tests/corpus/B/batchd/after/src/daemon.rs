//! The daemon: accepts tasks while running, hands them to its runners.

use std::fmt;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

use workerpool::{Pool, SharedWorker};

use crate::metrics;
use crate::task::{Outcome, Task};

#[derive(Debug)]
pub enum DaemonError {
    NotRunning,
    Pool(workerpool::Error),
    BadTask(String),
}

impl fmt::Display for DaemonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DaemonError::NotRunning => f.write_str("daemon is not running"),
            DaemonError::Pool(e) => write!(f, "runner pool: {e}"),
            DaemonError::BadTask(why) => write!(f, "bad task: {why}"),
        }
    }
}

impl std::error::Error for DaemonError {}

impl From<workerpool::Error> for DaemonError {
    fn from(e: workerpool::Error) -> Self {
        DaemonError::Pool(e)
    }
}

pub struct Daemon {
    pool: Option<Pool<Task>>,
    runners: usize,
    outcomes: Option<Receiver<Outcome>>,
    accepted: usize,
}

fn runner(out: Sender<Outcome>) -> SharedWorker<Task> {
    let out = Mutex::new(out);
    SharedWorker::new(move |task: Task| {
        let outcome = task.run();
        metrics::bump(outcome.kind, 1);
        out.lock().unwrap().send(outcome).unwrap();
    })
}

impl Daemon {
    pub fn new(runners: usize) -> Daemon {
        Daemon { pool: None, runners, outcomes: None, accepted: 0 }
    }

    pub fn start(&mut self) -> Result<(), DaemonError> {
        let (tx, rx) = channel();
        let pool = Pool::<Task>::new(self.runners * 4);
        let worker = runner(tx);
        for _ in 0..self.runners {
            pool.add_shared_worker(&worker);
        }
        self.pool = Some(pool);
        self.outcomes = Some(rx);
        Ok(())
    }

    pub fn submit(&mut self, task: Task) -> Result<(), DaemonError> {
        let pool = self.pool.as_ref().ok_or_else(|| DaemonError::NotRunning)?;
        pool.delegate(task).map_err(workerpool::Error::from)?;
        self.accepted += 1;
        Ok(())
    }

    pub fn submit_line(&mut self, line: &str) -> Result<(), DaemonError> {
        let task = crate::task::parse(line).map_err(DaemonError::BadTask)?;
        self.submit(task)
    }

    /// Waits for every accepted task and returns their outcomes, sorted.
    pub fn drain(&mut self) -> Result<Vec<Outcome>, DaemonError> {
        let rx = self.outcomes.as_ref().ok_or(DaemonError::NotRunning)?;
        let mut all: Vec<Outcome> = rx.iter().take(self.accepted).collect();
        self.accepted = 0;
        all.sort();
        Ok(all)
    }

    pub fn shutdown(&mut self) {
        if let Some(pool) = self.pool.take() {
            pool.stop();
        }
        self.outcomes = None;
    }
}

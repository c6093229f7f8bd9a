use std::ops::Range;
use std::sync::mpsc;

use anyhow::{Context, Result};

use crate::audit;
use crate::commands::run_command;
use crate::executor::Executor;
use crate::spec::{parse_crontab, Entry};

/// One task run: minute, command, output.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Run {
    pub minute: u32,
    pub command: String,
    pub output: String,
}

pub struct Scheduler {
    entries: Vec<Entry>,
    exec: Executor,
}

impl Scheduler {
    pub fn from_crontab(text: &str, threads: usize) -> Result<Scheduler> {
        let entries = parse_crontab(text).context("parsing crontab")?;
        Ok(Scheduler { entries, exec: Executor::new(threads)? })
    }

    pub fn executor(&self) -> &Executor {
        &self.exec
    }

    /// Runs every entry due in `minutes`; returns the runs sorted by minute, then command.
    pub fn simulate(&self, minutes: Range<u32>) -> Result<Vec<Run>> {
        let (tx, rx) = mpsc::channel::<Run>();
        let (written_tx, written_rx) = mpsc::channel::<()>();
        let mut queued = 0;
        for minute in minutes {
            for entry in self.entries.iter().filter(|e| e.schedule.due(minute)) {
                let entry = entry.clone();
                let tx = tx.clone();
                let written = written_tx.clone();
                self.exec.spawn(move || {
                    let output = run_command(&entry.command, &entry.args, minute);
                    let line = format!("{minute:04} {} ok", entry.command);
                    let _ = audit::record(line, written);
                    let _ = tx.send(Run { minute, command: entry.command, output });
                })?;
                queued += 1;
            }
        }
        drop(tx);
        drop(written_tx);
        let mut runs: Vec<Run> = rx.iter().take(queued).collect();
        anyhow::ensure!(runs.len() == queued, "{} tasks were lost", queued - runs.len());
        // Every task queued its audit line before sending its run; wait until all are written.
        for _ in 0..queued {
            written_rx.recv().context("audit writer hung up")?;
        }
        runs.sort();
        Ok(runs)
    }
}

impl Drop for Scheduler {
    fn drop(&mut self) {
        self.exec.shutdown();
    }
}

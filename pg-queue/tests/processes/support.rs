//! Worker processes to start, signal and wait for, and the queries the tests ask.

use pg_queue::producer;
use pg_queue::scratch::{ScratchDatabase, test_server, wait_for};
use postgres::Client;
use postgres::types::ToSql;
use std::collections::BTreeMap;
use std::process::{Child, Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// A database of its own for `test`, with the tables and `jobs` jobs, and a client on it; `None`
/// when the test is skipped (see [`test_server`]).
pub fn database_with_jobs(test: &str, jobs: usize) -> Option<(ScratchDatabase, Client)> {
    let db = ScratchDatabase::create(&test_server(test)?);
    let mut client = db.client();
    producer::create_schema(&mut client, db.conninfo()).unwrap();
    producer::produce(&mut client, db.conninfo(), jobs, 100).unwrap();
    Some((db, client))
}

/// Waits until worker process `process` has done `jobs` jobs.
pub fn wait_until_done_by(client: &mut Client, process: &str, jobs: i64) {
    wait_for(
        &format!("{process} to have done {jobs} jobs"),
        Duration::from_secs(30),
        || {
            let done = count(
                client,
                "SELECT count(*) FROM jobs WHERE done_by = $1",
                &[&process],
            );
            (done >= jobs).then_some(())
        },
    );
}

/// One number from `sql`.
pub fn count(client: &mut Client, sql: &str, params: &[&(dyn ToSql + Sync)]) -> i64 {
    client
        .query_one(sql, params)
        .unwrap_or_else(|e| panic!("{sql}: {e}"))
        .get(0)
}

/// The `pg-queue` binary with `args`, its output captured.
pub fn pg_queue(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pg-queue"));
    command
        .args(args)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// A `pg-queue work` process, killed if the test ends before it does.
pub struct WorkerProcess {
    child: Option<Child>,
}

/// A finished process: its exit, what it printed, and how long it took after `started`.
pub struct Finished {
    pub output: Output,
    pub took: Duration,
}

impl Finished {
    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.output.stderr).into_owned()
    }

    /// The counts the worker process prints on its way out (`name: leased=.. ...`).
    pub fn counts(&self) -> BTreeMap<String, usize> {
        let stdout = String::from_utf8_lossy(&self.output.stdout);
        let line = stdout
            .lines()
            .find(|line| line.contains("leased="))
            .unwrap_or_else(|| panic!("no counts in the output: {stdout}{}", self.stderr()));
        line.split_whitespace()
            .filter_map(|pair| pair.split_once('='))
            .map(|(key, value)| (key.to_owned(), value.parse().expect("a count")))
            .collect()
    }
}

impl WorkerProcess {
    /// Starts `pg-queue work --name NAME` on `db` with `args`.
    pub fn start(db: &ScratchDatabase, name: &str, args: &[&str]) -> Self {
        let mut all = vec!["--db", db.conninfo(), "work", "--name", name];
        all.extend_from_slice(args);
        let child = pg_queue(&all).spawn().expect("the pg-queue binary starts");
        WorkerProcess { child: Some(child) }
    }

    fn child(&mut self) -> &mut Child {
        self.child.as_mut().expect("the process is still ours")
    }

    /// Sends `signal` (`libc::SIGTERM`, ...).
    pub fn signal(&mut self, signal: libc::c_int) {
        let pid = libc::pid_t::try_from(self.child().id()).expect("a pid fits pid_t");
        // SAFETY: kill(2) on our own child, which has not been reaped (we hold its `Child`).
        let sent = unsafe { libc::kill(pid, signal) };
        assert_eq!(sent, 0, "kill({pid}, {signal}) failed");
    }

    /// Kills it with `SIGKILL` and reaps it.
    pub fn kill(&mut self) {
        let child = self.child();
        child.kill().expect("SIGKILL reaches our child");
        child.wait().expect("the killed child is reaped");
        self.child = None;
    }

    /// Whether it has exited (std keeps the status for `finish_within`).
    pub fn has_exited(&mut self) -> bool {
        self.child()
            .try_wait()
            .expect("waiting for the child")
            .is_some()
    }

    /// Waits for it to exit on its own; fails if that takes longer than `within`.
    pub fn finish_within(mut self, within: Duration) -> Finished {
        let started = Instant::now();
        loop {
            if self.has_exited() {
                let output = self.child.take().unwrap().wait_with_output().unwrap();
                return Finished {
                    output,
                    took: started.elapsed(),
                };
            }
            assert!(
                started.elapsed() < within,
                "the worker process did not exit within {within:?}"
            );
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        if let Some(child) = self.child.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

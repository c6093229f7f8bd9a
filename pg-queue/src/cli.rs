//! The command line: which database, and produce, work or status.

use clap::{Args, Parser, Subcommand};
use pg_queue::worker::Options;
use std::time::Duration;

/// Jobs in a PostgreSQL table, run by worker processes on a workerpool::Pool.
#[derive(Parser)]
#[command(name = "pg-queue")]
struct Cli {
    /// The database: `host=/run/postgresql dbname=jobs` or `postgresql://host/jobs`
    /// [default: $DATABASE_URL].
    #[arg(long, global = true)]
    db: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Creates the tables if needed and inserts jobs.
    Produce {
        /// How many jobs.
        #[arg(long)]
        jobs: usize,
        /// Jobs per insert statement.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..))]
        batch: u32,
    },
    /// Leases jobs and runs them on a pool until SIGTERM (or, with --until-done, the end).
    Work(Work),
    /// Prints how many jobs are done and leased, the sink's rows, and the repeated runs.
    Status,
}

#[derive(Args)]
pub struct Work {
    /// This process's name, recorded with each job it runs.
    #[arg(long)]
    name: String,
    /// Pool workers, each with its own connection.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
    workers: u16,
    /// The pool's queue length: how many jobs it leases beyond those running.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..))]
    queue: u16,
    /// How long a lease lasts, in milliseconds.
    #[arg(long, default_value_t = 30_000, value_parser = clap::value_parser!(u64).range(1..))]
    lease_ms: u64,
    /// Each job's work besides its statements, in milliseconds (a stand-in for real work).
    #[arg(long, default_value_t = 0)]
    work_ms: u64,
    /// Exit once every job in the table is done.
    #[arg(long)]
    until_done: bool,
}

impl Work {
    pub fn into_options(self, conninfo: &str) -> Options {
        Options {
            conninfo: conninfo.to_owned(),
            name: self.name,
            workers: self.workers.into(),
            queue_len: self.queue.into(),
            lease: Duration::from_millis(self.lease_ms),
            work_time: Duration::from_millis(self.work_ms),
            until_done: self.until_done,
            idle_poll: Duration::from_millis(100),
        }
    }
}

/// The database and the command, or a message saying what is missing (`--help` exits here).
pub fn parse() -> Result<(String, Command), String> {
    let cli = Cli::parse();
    let conninfo = match cli.db {
        Some(db) => db,
        None => std::env::var("DATABASE_URL").map_err(|_| {
            "no database given: pass --db 'host=... dbname=...' or set DATABASE_URL".to_owned()
        })?,
    };
    Ok((conninfo, cli.command))
}

//! Jobs per second through the table with 1, 2 and 4 worker processes, beside the same jobs through the pool alone; writes `throughput.md`, which the book's chapter includes.
//!
//! `eval "$(.ci/pg-cluster start)"; cargo bench -p pg-queue` (needs PG_TEST_URL). Not a
//! criterion bench: each run moves thousands of jobs through a real server for seconds, and
//! the question is which part bounds it, not a 1 % change.

use pg_queue::database::connect;
use pg_queue::job::Runner;
use pg_queue::producer;
use pg_queue::queue::Job;
use pg_queue::scratch::{ScratchDatabase, test_server};
use std::fmt::Write as _;
use std::process::Command;
use std::time::{Duration, Instant};
use workerpool::Pool;

/// Jobs per run: enough that starting processes and connecting are lost in the noise.
const JOBS: usize = 20_000;
/// Each worker process's pool: workers (one connection each) and queue length.
const WORKERS: usize = 2;
const QUEUE_LEN: usize = 16;

fn main() {
    let Some(server) = test_server("pg-queue throughput") else {
        return;
    };
    let mut page = String::new();
    writeln!(page, "{}\n", machine(&server)).unwrap();
    writeln!(page, "| what | jobs per second |\n| --- | ---: |").unwrap();

    for processes in [1, 2, 4] {
        let rate = through_the_table(&server, processes);
        let row = format!(
            "| through the table: {processes} worker process{} × {WORKERS} workers | {rate:.0} |",
            if processes == 1 { "" } else { "es" }
        );
        println!("{row}");
        writeln!(page, "{row}").unwrap();
    }
    let rows = [
        (
            format!("the jobs' statements alone: pool of {WORKERS}, no leasing"),
            statements_alone(&server),
        ),
        (
            format!("the pool alone: {WORKERS} workers, a job that does nothing"),
            pool_alone(),
        ),
    ];
    for (what, rate) in rows {
        let row = format!("| {what} | {rate:.0} |");
        println!("{row}");
        writeln!(page, "{row}").unwrap();
    }
    let round_trip = round_trip(&server);
    let line = format!(
        "\nOne round trip to the server (a prepared `SELECT 1`) took {:.0} µs; each job makes \
         three (count the run, write the sink, acknowledge), and each lease one more.",
        round_trip.as_secs_f64() * 1e6
    );
    println!("{line}");
    writeln!(page, "{line}").unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/throughput.md");
    std::fs::write(path, page).expect("throughput.md is writable");
    println!("wrote {path}");
}

/// The CPU, the cores this process may use, how busy the machine was, and the server's version.
fn machine(server: &str) -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .and_then(|rest| rest.split_once(':'))
        .map_or("an unknown CPU", |(_, model)| model.trim());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    // The 1-minute load average: above the core count, others' work shared the machine.
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split_whitespace().next().unwrap_or("unknown");
    let version: String = connect(server, "pg-queue throughput")
        .unwrap()
        .query_one("SHOW server_version", &[])
        .unwrap()
        .get(0);
    format!(
        "Measured on {cpu}, {cores} cores, with PostgreSQL {version} on the same machine \
         (unix socket, `fsync=off`), {JOBS} jobs per row. The load average was {load} as \
         the measurement began: the machine was shared with other work, so take the figures \
         as proportions more than as a ceiling."
    )
}

/// A database with `JOBS` jobs in it.
fn with_jobs(server: &str) -> ScratchDatabase {
    let db = ScratchDatabase::create(server);
    let mut client = db.client();
    producer::create_schema(&mut client, db.conninfo()).unwrap();
    producer::produce(&mut client, db.conninfo(), JOBS, 1000).unwrap();
    db
}

/// `processes` worker processes run every job; jobs per second from the first run's start
/// to the last acknowledgement, by the server's clock (process start-up is not counted).
fn through_the_table(server: &str, processes: usize) -> f64 {
    let db = with_jobs(server);
    let (workers, queue) = (WORKERS.to_string(), QUEUE_LEN.to_string());
    let children: Vec<_> = (0..processes)
        .map(|n| {
            let name = format!("p{n}");
            let args = [
                "--db",
                db.conninfo(),
                "work",
                "--name",
                &name,
                "--until-done",
            ];
            Command::new(env!("CARGO_BIN_EXE_pg-queue"))
                .args(args)
                .args(["--workers", &workers, "--queue", &queue])
                .spawn()
                .expect("the pg-queue binary starts")
        })
        .collect();
    for mut child in children {
        assert!(child.wait().unwrap().success(), "a worker process failed");
    }
    let seconds: f64 = db
        .client()
        .query_one(
            "SELECT extract(epoch FROM (SELECT max(done_at) FROM jobs)
                                    - (SELECT min(started_at) FROM runs))::float8",
            &[],
        )
        .unwrap()
        .get(0);
    JOBS as f64 / seconds
}

/// The same jobs' statements on a pool of `WORKERS` runners, read from the table beforehand:
/// what the work costs without leasing.
fn statements_alone(server: &str) -> f64 {
    let db = with_jobs(server);
    let jobs: Vec<Job> = db
        .client()
        .query("SELECT id, payload, attempt FROM jobs ORDER BY id", &[])
        .unwrap()
        .iter()
        .map(|row| Job {
            id: row.get(0),
            payload: row.get(1),
            attempt: row.get(2),
        })
        .collect();
    let pool = Pool::new(QUEUE_LEN);
    for index in 0..WORKERS {
        let mut runner = Runner::connect(db.conninfo(), "alone", index, Duration::ZERO).unwrap();
        pool.add_worker(move |job: Job| {
            runner.run(&job).expect("the job's statements succeed");
        });
    }
    let started = Instant::now();
    for job in jobs {
        pool.delegate(job).unwrap();
    }
    pool.stop();
    JOBS as f64 / started.elapsed().as_secs_f64()
}

/// The same number of jobs, of the same type, through the pool with no database at all.
fn pool_alone() -> f64 {
    let pool = Pool::new(QUEUE_LEN);
    for _ in 0..WORKERS {
        pool.add_worker(|job: Job| {
            std::hint::black_box(job);
        });
    }
    let jobs: Vec<Job> = (0..JOBS as i64)
        .map(|id| Job {
            id,
            payload: format!("job {id}"),
            attempt: 1,
        })
        .collect();
    let started = Instant::now();
    for job in jobs {
        pool.delegate(job).unwrap();
    }
    pool.stop();
    JOBS as f64 / started.elapsed().as_secs_f64()
}

/// The median of a thousand prepared `SELECT 1`s on one connection.
fn round_trip(server: &str) -> Duration {
    let mut client = connect(server, "pg-queue throughput").unwrap();
    let statement = client.prepare("SELECT 1").unwrap();
    let mut times: Vec<Duration> = (0..1000)
        .map(|_| {
            let started = Instant::now();
            client.query_one(&statement, &[]).unwrap();
            started.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

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
const JOBS: usize = 10_000;
/// Runs per row. On a shared machine others' work only ever slows a run down, so a row
/// shows the best run, and the slowest beside it.
const RUNS: usize = 3;
/// Each worker process's pool: workers (one connection each) and queue length.
const WORKERS: usize = 2;
const QUEUE_LEN: usize = 16;

fn main() {
    let Some(server) = test_server("pg-queue throughput") else {
        return;
    };
    let mut page = String::new();
    writeln!(page, "{}\n", machine(&server)).unwrap();
    writeln!(
        page,
        "| what | jobs per second, best of {RUNS} | slowest run |\n| --- | ---: | ---: |"
    )
    .unwrap();
    let mut rows: Vec<(String, Box<dyn Fn() -> f64>)> = Vec::new();
    for processes in [1, 2, 4] {
        let what = format!(
            "through the table: {processes} worker process{} × {WORKERS} workers",
            if processes == 1 { "" } else { "es" }
        );
        let server = server.clone();
        rows.push((
            what,
            Box::new(move || through_the_table(&server, processes)),
        ));
    }
    rows.push((
        format!("the jobs' statements alone: pool of {WORKERS}, no leasing"),
        Box::new({
            let server = server.clone();
            move || statements_alone(&server)
        }),
    ));
    rows.push((
        format!("the pool alone: {WORKERS} workers, a job that does nothing"),
        Box::new(pool_alone),
    ));
    for (what, measure) in rows {
        let rates: Vec<f64> = (0..RUNS).map(|_| measure()).collect();
        let best = rates.iter().copied().fold(f64::MIN, f64::max);
        let slowest = rates.iter().copied().fold(f64::MAX, f64::min);
        let row = format!("| {what} | {best:.0} | {slowest:.0} |");
        println!("{row}");
        writeln!(page, "{row}").unwrap();
    }
    let round_trip = round_trip(&server);
    let job = one_job(&server);
    let line = format!(
        "\nOn one connection, a round trip (a prepared `SELECT 1`) took {:.0} µs, and one \
         job's three statements (count the run, write the sink, acknowledge; each a write \
         committed on its own), run one job after another, {:.0} µs: at most {:.0} jobs per \
         second per connection, before leasing (medians of 1000).",
        round_trip.as_secs_f64() * 1e6,
        job.as_secs_f64() * 1e6,
        1.0 / job.as_secs_f64(),
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
                .stdout(std::process::Stdio::null())
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
    let jobs = unleased_jobs(&db);
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

/// Every job in `db` as a lease would give it, but never leased (attempt 0, which the
/// acknowledgement matches).
fn unleased_jobs(db: &ScratchDatabase) -> Vec<Job> {
    db.client()
        .query("SELECT id, payload, attempt FROM jobs ORDER BY id", &[])
        .unwrap()
        .iter()
        .map(|row| Job {
            id: row.get(0),
            payload: row.get(1),
            attempt: row.get(2),
        })
        .collect()
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

/// The median of 1000 prepared `SELECT 1`s on one connection.
fn round_trip(server: &str) -> Duration {
    let mut client = connect(server, "pg-queue throughput").unwrap();
    let statement = client.prepare("SELECT 1").unwrap();
    median((0..1000).map(|_| {
        let started = Instant::now();
        client.query_one(&statement, &[]).unwrap();
        started.elapsed()
    }))
}

/// The median time of one job's statements, 1000 jobs run one after another on one
/// connection, with no pool and no lease.
fn one_job(server: &str) -> Duration {
    let db = with_jobs(server);
    let mut runner = Runner::connect(db.conninfo(), "timing", 0, Duration::ZERO).unwrap();
    median(unleased_jobs(&db).into_iter().take(1000).map(|job| {
        let started = Instant::now();
        runner.run(&job).unwrap();
        started.elapsed()
    }))
}

fn median(times: impl Iterator<Item = Duration>) -> Duration {
    let mut times: Vec<Duration> = times.collect();
    times.sort();
    times[times.len() / 2]
}

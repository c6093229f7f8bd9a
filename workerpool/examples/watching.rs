//! A pool's counters and job-time percentiles in Prometheus's text format, as a metrics
//! endpoint would serve them: `cargo run -p typed-workerpool --example watching`.
//!
//! A mailer's pool sends emails (a few milliseconds of work each) from two producers; a
//! third thread plays the scraper, printing the exposition every 200 ms until the
//! newsletter is out.

use std::fmt::Write;
use std::sync::Arc;
use std::time::Duration;

use workerpool::{Histogram, Pool};

/// The pool's state as Prometheus text: gauges and counters from its stats, and summaries
/// (p50, p99) of the job times.
fn exposition(name: &str, pool: &Pool<u64>) -> String {
    let stats = pool.stats();
    let mut text = String::new();
    let mut metric = |kind: &str, metric: &str, help: &str, value: String| {
        writeln!(text, "# HELP {name}_{metric} {help}").unwrap();
        writeln!(text, "# TYPE {name}_{metric} {kind}").unwrap();
        writeln!(text, "{name}_{metric} {value}").unwrap();
    };
    // Gauges for the counts now, counters for the counts since the pool was made.
    let (gauge, counter) = ("gauge", "counter");
    let numbers = [
        (gauge, "workers", "Workers now.", stats.workers as u64),
        (
            gauge,
            "busy_workers",
            "Workers running a job now.",
            stats.busy as u64,
        ),
        (
            gauge,
            "queued_jobs",
            "Jobs waiting in the queue now.",
            stats.queued as u64,
        ),
        (
            gauge,
            "callers_waiting_for_room",
            "Callers waiting for room in the queue now.",
            stats.waiting_for_room as u64,
        ),
        (
            counter,
            "jobs_delegated_total",
            "Jobs queued.",
            stats.delegated,
        ),
        (
            counter,
            "jobs_finished_total",
            "Jobs run to the end or panicked.",
            stats.finished,
        ),
        (
            counter,
            "panics_total",
            "Panics caught in jobs and hooks.",
            stats.panicked,
        ),
        (
            counter,
            "jobs_refused_total",
            "Jobs a delegate handed back.",
            stats.refused,
        ),
    ];
    for (kind, id, help, value) in numbers {
        metric(kind, id, help, value.to_string());
    }
    let room_wait = stats.room_wait.as_secs_f64();
    metric(
        "counter",
        "room_wait_seconds_total",
        "Time callers spent waiting for room.",
        room_wait.to_string(),
    );
    if let Some(times) = pool.job_times() {
        summary(&mut text, &format!("{name}_queue_seconds"), &times.queue);
        summary(&mut text, &format!("{name}_run_seconds"), &times.run);
    }
    text
}

/// A Prometheus summary of `histogram`: its p50 and p99, sum and count.
fn summary(text: &mut String, metric: &str, histogram: &Histogram) {
    writeln!(text, "# TYPE {metric} summary").unwrap();
    for quantile in [0.5, 0.99] {
        if let Some(value) = histogram.percentile(quantile * 100.0) {
            let seconds = value.as_secs_f64();
            writeln!(text, "{metric}{{quantile=\"{quantile}\"}} {seconds}").unwrap();
        }
    }
    writeln!(text, "{metric}_sum {}", histogram.total().as_secs_f64()).unwrap();
    writeln!(text, "{metric}_count {}", histogram.count()).unwrap();
}

fn main() {
    const EMAILS: u64 = 2_000;
    let pool = Arc::new(Pool::builder(64).thread_name("mailer").time_jobs().build());
    for _ in 0..4 {
        // "Sending" an email: a few milliseconds, as a mail server's answer would take.
        pool.add_worker(|ms: u64| std::thread::sleep(Duration::from_millis(ms)));
    }
    let producers: Vec<_> = (0..2)
        .map(|_| {
            let pool = Arc::clone(&pool);
            std::thread::spawn(move || {
                for email in 0..EMAILS / 2 {
                    pool.delegate(1 + email % 3).unwrap(); // waits for room when full
                }
            })
        })
        .collect();
    // The scraper: every 200 ms, until every email has been sent.
    while pool.stats().finished < EMAILS {
        println!("{}", exposition("mailer", &pool));
        std::thread::sleep(Duration::from_millis(200));
    }
    for producer in producers {
        producer.join().unwrap();
    }
    pool.wait_idle();
    println!("{}", exposition("mailer", &pool));
    assert!(pool.stop().is_empty());
}

//! No server at the start, no tables, or the server going away mid-run: a clear error, exit 1 without spinning, and nothing marked done that did not run.

use crate::support::{WorkerProcess, count, database_with_jobs, pg_queue, wait_until_done_by};
use pg_queue::scratch::{ScratchDatabase, test_server};
use std::time::{Duration, Instant};

#[test]
fn no_server_at_the_start_is_a_clear_error_and_exit_1() {
    // A socket folder with no server in it: this test needs no server at all.
    let empty = std::env::temp_dir().join(format!("pg-queue-no-server-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let db = format!("host={} dbname=jobs", empty.display());
    for command in [
        &["produce", "--jobs", "10"][..],
        &["work", "--name", "a"],
        &["status"],
    ] {
        let started = Instant::now();
        let output = pg_queue(&[&["--db", db.as_str()], command].concat())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{command:?}: {stderr}");
        assert!(
            stderr.contains("cannot connect to PostgreSQL")
                && stderr.contains("Is the server running"),
            "{command:?}: {stderr}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{command:?} took {:?}",
            started.elapsed()
        );
    }
    std::fs::remove_dir(&empty).unwrap();
}

#[test]
fn no_database_given_says_how_to_give_one() {
    let output = pg_queue(&["status"]).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--db") && stderr.contains("DATABASE_URL"),
        "{stderr}"
    );
}

#[test]
fn a_database_without_the_tables_says_to_produce_first() {
    let Some(server) = test_server("no-tables test") else {
        return;
    };
    let db = ScratchDatabase::create(&server);
    let output = pg_queue(&["--db", db.conninfo(), "work", "--name", "a"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("no jobs table: run `pg-queue produce`"),
        "{stderr}"
    );
}

#[test]
fn the_server_going_away_mid_run_is_an_error_and_nothing_is_marked_done_that_did_not_run() {
    let Some((db, mut client)) = database_with_jobs("server-goes-away test", 300) else {
        return;
    };
    let args = [
        "--workers",
        "2",
        "--queue",
        "4",
        "--work-ms",
        "30",
        "--lease-ms",
        "2000",
    ];
    let a = WorkerProcess::start(&db, "a", &args);
    wait_until_done_by(&mut client, "a", 5);
    // From a's side this is the server going away: every connection it has is closed.
    let ended = count(
        &mut client,
        "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
         WHERE application_name LIKE 'pg-queue a %' AND datname = current_database()",
        &[],
    );
    assert_eq!(ended, 3, "a's leaser and its two workers' connections");

    let a = a.finish_within(Duration::from_secs(10));
    assert_eq!(a.output.status.code(), Some(1), "{}", a.stderr());
    assert!(
        a.stderr().contains("lost the database while"),
        "{}",
        a.stderr()
    );
    let counts = a.counts();
    let done = count(
        &mut client,
        "SELECT count(*) FROM jobs WHERE done_at IS NOT NULL",
        &[],
    );
    assert_eq!(usize::try_from(done).unwrap(), counts["acknowledged"]);
    assert!(done < 300, "a stopped: jobs are left to do");
    assert_eq!(
        count(
            &mut client,
            "SELECT count(*) FROM jobs j WHERE done_at IS NOT NULL AND NOT (
                 EXISTS (SELECT 1 FROM runs r WHERE r.job_id = j.id AND r.attempt = j.attempt)
                 AND EXISTS (SELECT 1 FROM sink s WHERE s.job_id = j.id))",
            &[]
        ),
        0,
        "every job marked done ran: its run is counted and its effect is in the sink"
    );

    // Nothing was lost: once a's leases run out, another process does the rest.
    let b = WorkerProcess::start(&db, "b", &[&args[..], &["--until-done"]].concat())
        .finish_within(Duration::from_secs(60));
    assert!(b.output.status.success(), "{}", b.stderr());
    assert_eq!(count(&mut client, "SELECT count(*) FROM sink", &[]), 300);
    assert_eq!(
        count(
            &mut client,
            "SELECT count(*) FROM jobs WHERE done_at IS NULL",
            &[]
        ),
        0
    );
}

#[test]
fn a_pool_of_no_workers_or_no_queue_is_refused_before_connecting() {
    for (flag, value) in [("--workers", "0"), ("--queue", "0"), ("--lease-ms", "0")] {
        let output = pg_queue(&["--db", "host=/nowhere", "work", "--name", "a", flag, value])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{flag} {value}: {stderr}");
        assert!(
            stderr.contains(flag) && stderr.contains("1.."),
            "{flag} {value}: {stderr}"
        );
    }
}

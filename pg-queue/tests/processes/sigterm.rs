//! `SIGTERM` stops leasing; the process finishes and acknowledges every job it leased, leaves none leased, and exits 0 within a bound.

use crate::support::{WorkerProcess, count, database_with_jobs, wait_until_done_by};
use pg_queue::scratch::wait_for;
use std::time::Duration;

/// In hand at most 4 + 2 + 1 jobs of 50 ms on 2 workers: about 200 ms of work to finish.
const STOP_BOUND: Duration = Duration::from_secs(5);

#[test]
fn sigterm_finishes_and_acknowledges_every_leased_job_then_exits_0() {
    let Some((db, mut client)) = database_with_jobs("SIGTERM test", 400) else {
        return;
    };
    // A lease far longer than the test: a job left unacknowledged would stay leased.
    let args = ["--workers", "2", "--queue", "4", "--work-ms", "50"];
    let mut a = WorkerProcess::start(&db, "a", &[&args[..], &["--lease-ms", "600000"]].concat());
    wait_until_done_by(&mut client, "a", 5);
    a.signal(libc::SIGTERM);
    let a = a.finish_within(Duration::from_secs(60));

    assert!(
        a.output.status.success(),
        "exit 0 after SIGTERM: {}",
        a.stderr()
    );
    assert!(
        a.took < STOP_BOUND,
        "stopping took {:?}, more than {STOP_BOUND:?}",
        a.took
    );
    assert_eq!(
        count(
            &mut client,
            "SELECT count(*) FROM jobs WHERE leased_by = 'a' AND done_at IS NULL",
            &[]
        ),
        0,
        "no job is left leased"
    );
    let counts = a.counts();
    let done = count(
        &mut client,
        "SELECT count(*) FROM jobs WHERE done_by = 'a'",
        &[],
    );
    assert_eq!(counts["leased"], counts["acknowledged"]);
    assert_eq!(counts["acknowledged"], usize::try_from(done).unwrap());
    let left = count(
        &mut client,
        "SELECT count(*) FROM jobs WHERE attempt = 0",
        &[],
    );
    assert!(left > 0, "it stopped leasing: some jobs were never leased");
    assert_eq!(
        left + done,
        400,
        "every job is either done or was never leased"
    );
}

#[test]
fn sigterm_while_waiting_for_jobs_exits_0_at_once() {
    let Some((db, mut client)) = database_with_jobs("SIGTERM test", 0) else {
        return;
    };
    let mut a = WorkerProcess::start(&db, "a", &[]);
    // It is waiting once its connections are open (the leaser's and two workers').
    wait_for("a to connect", Duration::from_secs(30), || {
        (count(
            &mut client,
            "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'pg-queue a %' \
             AND datname = current_database()",
            &[],
        ) == 3)
            .then_some(())
    });
    a.signal(libc::SIGTERM);
    let a = a.finish_within(Duration::from_secs(60));
    assert!(a.output.status.success(), "{}", a.stderr());
    assert!(a.took < Duration::from_secs(2), "took {:?}", a.took);
}

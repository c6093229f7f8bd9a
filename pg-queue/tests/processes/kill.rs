//! A worker process killed with `SIGKILL` mid-batch loses nothing: its leases run out and the other process runs those jobs, each id once in the sink.

use crate::support::{WorkerProcess, count, database_with_jobs};
use pg_queue::scratch::wait_for;
use std::time::{Duration, SystemTime};

/// Jobs long enough that the kill lands while one is running, a lease short enough to wait out.
const WORKER: &[&str] = &[
    "--workers",
    "2",
    "--queue",
    "4",
    "--work-ms",
    "300",
    "--lease-ms",
    "3000",
];

#[test]
fn a_process_killed_mid_batch_loses_no_job_and_the_sink_has_each_id_once() {
    let jobs = 40;
    let Some((db, mut client)) = database_with_jobs("kill test", jobs) else {
        return;
    };

    let mut a = WorkerProcess::start(&db, "a", WORKER);
    let b = WorkerProcess::start(&db, "b", &[WORKER, &["--until-done"]].concat());

    // Mid-batch: `a` has acknowledged a job and is running another of its lease.
    wait_for(
        "process a to be in the middle of a batch",
        Duration::from_secs(30),
        || {
            let done = count(
                &mut client,
                "SELECT count(*) FROM jobs WHERE done_by = 'a'",
                &[],
            );
            let running = count(
                &mut client,
                "SELECT count(*) FROM jobs j WHERE leased_by = 'a' AND done_at IS NULL
             AND EXISTS (SELECT 1 FROM runs r
                         WHERE r.job_id = j.id AND r.attempt = j.attempt AND r.worker = 'a')",
                &[],
            );
            (done > 0 && running > 0).then_some(())
        },
    );
    a.kill();

    // What `a` held when it died, read while every one of its leases still held.
    let held = client
        .query(
            "SELECT id, attempt, lease_until, lease_until > clock_timestamp(),
                    EXISTS (SELECT 1 FROM runs r
                            WHERE r.job_id = j.id AND r.attempt = j.attempt AND r.worker = 'a')
             FROM jobs j WHERE leased_by = 'a' AND done_at IS NULL",
            &[],
        )
        .unwrap();
    assert!(!held.is_empty(), "a held no lease when it was killed");
    assert!(
        held.iter().all(|row| row.get::<_, bool>(3)),
        "a lease of the killed process ran out before the test read it: lengthen --lease-ms"
    );
    assert!(
        held.iter().any(|row| row.get::<_, bool>(4)),
        "a was killed between jobs, not while running one: the test shows no run repeated"
    );

    let b = b.finish_within(Duration::from_secs(60));
    assert!(b.output.status.success(), "b failed: {}", b.stderr());
    let b_counts = b.counts();
    assert!(b_counts["most_in_hand"] <= b_counts["bound"]);

    let jobs = i64::try_from(jobs).unwrap();
    assert_eq!(
        count(
            &mut client,
            "SELECT count(*) FROM jobs WHERE done_at IS NULL",
            &[]
        ),
        0,
        "every job is done"
    );
    assert_eq!(
        count(&mut client, "SELECT count(*) FROM sink", &[]),
        jobs,
        "the sink has a row per job, and no more (its key is the job's id)"
    );
    assert_eq!(
        count(
            &mut client,
            "SELECT count(*) FROM jobs j JOIN sink s ON s.job_id = j.id",
            &[]
        ),
        jobs,
        "each job's id is in the sink"
    );

    for row in &held {
        let id: i64 = row.get(0);
        let lease_until: SystemTime = row.get(2);
        let taken_over = client
            .query_one(
                "SELECT done_by, (SELECT min(started_at) FROM runs WHERE job_id = $1 AND worker = 'b')
                 FROM jobs WHERE id = $1",
                &[&id],
            )
            .unwrap();
        assert_eq!(
            taken_over.get::<_, &str>(0),
            "b",
            "job {id} was finished by b"
        );
        let b_started: SystemTime = taken_over.get(1);
        assert!(
            b_started >= lease_until,
            "b ran job {id} only after a's lease ran out"
        );
    }
    let repeated: Vec<i64> = held
        .iter()
        .filter(|row| row.get::<_, bool>(4))
        .map(|row| row.get(0))
        .collect();
    for id in repeated {
        assert_eq!(
            count(
                &mut client,
                "SELECT count(*) FROM runs WHERE job_id = $1",
                &[&id]
            ),
            2,
            "job {id} ran twice: on a, which died, and on b"
        );
        assert_eq!(
            count(
                &mut client,
                "SELECT count(*) FROM sink WHERE job_id = $1",
                &[&id]
            ),
            1,
            "the second run of job {id} changed nothing in the sink"
        );
    }
}

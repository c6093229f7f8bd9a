//! The pool's bounded queue keeps a worker process from leasing more than it can run.

use crate::support::{WorkerProcess, count, database_with_jobs};
use std::time::Duration;

#[test]
fn a_process_holds_no_more_leases_than_its_queue_workers_and_one_waiting() {
    let Some((db, mut client)) = database_with_jobs("bounded leases test", 60) else {
        return;
    };
    let args = [
        "--workers",
        "1",
        "--queue",
        "3",
        "--work-ms",
        "20",
        "--until-done",
    ];
    let mut a = WorkerProcess::start(&db, "a", &args);
    let bound = 3 + 1 + 1;

    // Sampled while it runs: never more jobs leased and not done than the bound.
    let mut most_seen = 0;
    while !a.has_exited() {
        let leased = count(
            &mut client,
            "SELECT count(*) FROM jobs WHERE leased_by = 'a' AND done_at IS NULL",
            &[],
        );
        most_seen = most_seen.max(leased);
        assert!(
            leased <= bound,
            "{leased} jobs leased at once, above {bound}"
        );
    }
    let a = a.finish_within(Duration::from_secs(60));
    assert!(a.output.status.success(), "{}", a.stderr());
    let counts = a.counts();
    assert_eq!(counts["bound"], 5);
    assert!(counts["most_in_hand"] <= 5, "{counts:?}");
    // The bound is what limits it: with 60 jobs waiting, it fills its queue.
    assert!(counts["most_in_hand"] >= 4, "{counts:?}");
    assert!(most_seen >= 3, "the samples saw at most {most_seen} leased");
    assert_eq!(counts["acknowledged"], 60);
}

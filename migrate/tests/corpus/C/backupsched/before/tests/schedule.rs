use std::sync::Arc;

use backupsched::{BackupJob, Schedule, Scheduler, VirtualFs};

#[test]
fn changed_files_only_after_the_first_snapshot() {
    let fs = Arc::new(VirtualFs::sample());
    let mut s = Scheduler::new(Arc::clone(&fs), 3);
    let job = BackupJob {
        name: "home".into(),
        every: 24,
        keep: 10,
        sources: vec!["/home".into()],
    };
    let full = s.run_job(&job, 1).unwrap();
    assert_eq!(full.files, 6);
    fs.write("/home/bo/refs.bib", 10_000, 5);
    let inc = s.run_job(&job, 6).unwrap();
    assert_eq!((inc.files, inc.bytes), (1, 10_000));
}

#[test]
fn retention_prunes_the_oldest() {
    let fs = Arc::new(VirtualFs::sample());
    let mut s = Scheduler::new(fs, 2);
    let schedule = Schedule::parse("etc every 1h keep 2: /etc").unwrap();
    let mut pruned = Vec::new();
    for hour in 1..=5 {
        for r in s.tick(&schedule, hour).unwrap() {
            pruned.extend(r.pruned);
        }
    }
    assert_eq!(pruned, [1, 2, 3]);
    let ids: Vec<u32> = s.catalog().snapshots("etc").iter().map(|x| x.id).collect();
    assert_eq!(ids, [4, 5]);
}

#[test]
fn many_files_many_runs() {
    let fs = Arc::new(VirtualFs::new());
    for i in 0..300 {
        fs.write(&format!("/big/{i}"), 1, 0);
    }
    let mut s = Scheduler::new(Arc::clone(&fs), 4);
    let job = BackupJob {
        name: "big".into(),
        every: 1,
        keep: 1,
        sources: vec!["/big".into()],
    };
    assert_eq!(s.run_job(&job, 1).unwrap().files, 300);
    for hour in 2..8 {
        fs.write(&format!("/big/{hour}"), 2, hour);
        assert_eq!(s.run_job(&job, hour).unwrap().files, 1);
    }
}

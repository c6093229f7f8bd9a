use cronlite::{parse_crontab, Schedule, Scheduler};

#[test]
fn parses_entries_and_rejects_bad_lines() {
    let entries = parse_crontab("*/5 ping a\n30 backup # nightly\n\n* sum 1").unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].schedule, Schedule::Every(5));
    assert_eq!(entries[1].schedule, Schedule::At(30));
    assert!(entries[1].args.is_empty());
    let err = parse_crontab("61 backup").unwrap_err();
    assert_eq!(format!("{err:#}"), "line 1: minute 61 out of range");
}

#[test]
fn simulation_is_sorted_and_complete() {
    let s = Scheduler::from_crontab("*/10 ping x\n5 sum 2 3", 2).unwrap();
    let runs = s.simulate(0..30).unwrap();
    let got: Vec<(u32, &str)> = runs.iter().map(|r| (r.minute, r.output.as_str())).collect();
    assert_eq!(got, [(0, "pong x"), (5, "sum=5"), (10, "pong x"), (20, "pong x")]);
}

#[test]
fn executor_runs_plain_closures() {
    let s = Scheduler::from_crontab("", 1).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    for i in 0..5u32 {
        let tx = tx.clone();
        s.executor().spawn(move || tx.send(i * i).unwrap()).unwrap();
    }
    let mut got: Vec<u32> = rx.iter().take(5).collect();
    got.sort();
    assert_eq!(got, [0, 1, 4, 9, 16]);
}

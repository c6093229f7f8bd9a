use std::sync::mpsc::channel;

use csvstats::{column_pool, fan_out, ColumnReply};

#[test]
fn column_pool_answers_every_job() {
    let (pool, worker) = column_pool(1).unwrap();
    pool.add_worker(&worker).unwrap();
    assert_eq!(pool.workers_num(), 2);
    let (tx, rx) = channel::<ColumnReply>();
    let jobs = (0..4usize).map(|i| (i, format!("c{i}"), vec![i.to_string()], tx.clone()));
    assert_eq!(fan_out(&pool, jobs).unwrap(), 4);
    let mut got: Vec<f64> = rx.iter().take(4).map(|(_, s): ColumnReply| s.unwrap().mean).collect();
    got.sort_by(f64::total_cmp);
    assert_eq!(got, [0.0, 1.0, 2.0, 3.0]);
    pool.stop();
}

#[test]
fn delegate_without_workers_fails() {
    let (pool, _worker) = column_pool(0).unwrap();
    let (tx, _rx) = channel::<ColumnReply>();
    let err = fan_out(&pool, [(0usize, "x".to_string(), Vec::<String>::new(), tx)]).unwrap_err();
    assert!(matches!(err, workerpool::v2::Error::NoWorkers));
}

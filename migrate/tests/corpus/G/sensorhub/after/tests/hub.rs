use std::sync::mpsc;

use sensorhub::handlers::{checker, Limits};
use sensorhub::{replay, Hub, HubError, Reading, Sink, Status};
use workerpool::Pool;

const LIMITS: Limits = Limits { low: 0, high: 10 };

#[test]
fn hub_routes_by_kind() {
    let mut hub = Hub::new();
    hub.register("a", LIMITS, 1).unwrap();
    hub.register("b", Limits { low: 100, high: 200 }, 1).unwrap();
    let n = replay(&hub, [Reading::new(1, "a", "x", 5), Reading::new(2, "b", "y", 5)]).unwrap();
    let got = hub.collect(n);
    assert_eq!(got[0].status, Status::Ok);
    assert_eq!(got[1].status, Status::Low);
}

#[test]
fn unknown_kind_is_rejected() {
    let hub = Hub::new();
    let err = hub.push(Reading::new(1, "nope", "x", 1)).unwrap_err();
    assert!(matches!(err, HubError::UnknownKind(k) if k == "nope"));
}

#[test]
fn a_bare_pool_is_a_sink() {
    let (tx, rx) = mpsc::channel();
    let pool = Pool::<Reading>::new(4);
    pool.add_worker(checker(LIMITS, tx));
    replay(&pool, vec![Reading::new(7, "any", "z", 11)]).unwrap();
    assert_eq!(rx.recv().unwrap().status, Status::High);
}

#[test]
fn shrinking_to_zero_refuses_readings() {
    let mut hub = Hub::new();
    hub.register("a", LIMITS, 1).unwrap();
    assert_eq!(hub.shrink("a").unwrap(), 0);
    let err = hub.push(Reading::new(1, "a", "x", 1)).unwrap_err();
    assert!(matches!(err, HubError::Pool(_)));
}

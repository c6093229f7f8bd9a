//! Tests of routing, scaling, pausing and closing lanes.
use sensorhub::*;
use std::sync::Arc;
use std::time::Duration;

fn hub() -> (Arc<Aggregator>, Hub<Aggregator>) {
    let agg = Arc::new(Aggregator::new());
    let hub = Hub::new(agg.clone()).with_lane("temp", 1).unwrap().with_lane("hum", 2).unwrap();
    (agg, hub)
}

#[test]
fn routes_by_kind() {
    let (agg, hub) = hub();
    for line in ["temp:a=1", "temp:a=3", "hum:b=50", "co2:c=400"] {
        hub.ingest(line.parse().unwrap()).unwrap();
    }
    assert!(agg.wait_for(4, Duration::from_secs(5)));
    let snap = agg.snapshot();
    let keys: Vec<(&str, &str)> = snap.iter().map(|((l, s), _)| (l.as_str(), s.as_str())).collect();
    assert_eq!(keys, [("hum", "b"), ("overflow", "c"), ("temp", "a")]);
    assert_eq!(snap[2].1.sum, 4000);
    assert!(hub.has_overflow());
}

#[test]
fn scaler_clones_resize_the_same_lane() {
    let (_agg, hub) = hub();
    let a = hub.scaler("hum").unwrap();
    let b = a.clone();
    assert_eq!(a.scale_to(5).unwrap(), 3);
    assert_eq!(b.current(), 5);
    assert_eq!(b.scale_to(1).unwrap(), 4);
    assert_eq!(hub.lanes(), [("hum".to_string(), 1), ("temp".to_string(), 1)]);
}

#[test]
fn pause_and_resume_keep_the_lane() {
    let (agg, hub) = hub();
    hub.pause("temp").unwrap();
    assert_eq!(hub.lanes()[1], ("temp".to_string(), 0));
    hub.resume("temp").unwrap();
    hub.ingest("temp:x=2".parse().unwrap()).unwrap();
    assert!(agg.wait_for(1, Duration::from_secs(5)));
    assert_eq!(hub.lanes()[1], ("temp".to_string(), 1));
}

#[test]
fn paused_lane_refuses_readings() {
    let (_agg, hub) = hub();
    hub.pause("hum").unwrap();
    let err = hub.ingest("hum:y=1".parse().unwrap()).unwrap_err();
    assert!(matches!(err, HubError::Pool(_)), "{err}");
}

#[test]
fn closed_lane_is_refused() {
    let (_agg, hub) = hub();
    hub.close_lane("temp");
    assert!(matches!(hub.ingest("temp:a=1".parse().unwrap()), Err(HubError::ClosedLane(_))));
}

#[test]
fn parses_negative_fractions() {
    let r: Reading = "temp:roof=-1.5".parse().unwrap();
    assert_eq!(r.milli, -1500);
    assert!("temp-roof".parse::<Reading>().is_err());
}

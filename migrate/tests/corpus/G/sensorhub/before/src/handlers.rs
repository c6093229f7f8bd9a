//! The per-kind check each pool's workers run.

use std::sync::mpsc::Sender;

use crate::reading::{Reading, Status, Verdict};

#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub low: i32,
    pub high: i32,
}

pub fn classify(limits: Limits, value: i32) -> Status {
    if value < limits.low {
        Status::Low
    } else if value > limits.high {
        Status::High
    } else {
        Status::Ok
    }
}

/// The worker function for one kind: checks a reading and reports the verdict.
pub fn checker(limits: Limits, out: Sender<Verdict>) -> impl Fn(Reading) + Send + Sync + 'static {
    move |reading: Reading| {
        let verdict = Verdict {
            seq: reading.seq,
            status: classify(limits, reading.value),
            sensor: reading.sensor,
        };
        let _ = out.send(verdict);
    }
}

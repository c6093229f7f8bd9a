//! Readings in, verdicts out.

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub seq: u32,
    pub kind: String,
    pub sensor: String,
    pub value: i32,
}

impl Reading {
    pub fn new(seq: u32, kind: &str, sensor: &str, value: i32) -> Reading {
        Reading {
            seq,
            kind: kind.to_string(),
            sensor: sensor.to_string(),
            value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    Ok,
    Low,
    High,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Verdict {
    pub seq: u32,
    pub sensor: String,
    pub status: Status,
}

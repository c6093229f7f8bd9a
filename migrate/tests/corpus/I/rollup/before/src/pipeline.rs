use crate::error::Result;
use crate::sample::Sample;
use crate::stages::Stages;
use crate::window::Table;
use std::sync::mpsc::Sender;
use workerpool::Worker;

/// What happened to one input line.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Event {
    Counted,
    Rejected(String),
}

pub struct Pipeline {
    pub stages: Stages,
    pub table: Table,
}

impl Pipeline {
    /// Sends one raw line down the pipeline.
    pub fn push(&self, line: &str) -> Result<()> {
        self.stages.feed("parse", line.to_string())
    }
}

/// Builds the two stages: `parse` (String lines) feeding `aggregate` (Samples).
pub fn build(window_secs: u64, events: Sender<Event>) -> Result<Pipeline> {
    let table = Table::default();
    let mut stages = Stages::new();

    let into = table.clone();
    let counted = events.clone();
    let aggregate = Worker::new(move |sample: Sample| {
        into.record(&sample, window_secs);
        let _ = counted.send(Event::Counted);
    });
    let next = stages.add("aggregate", 64, aggregate, 2)?;

    let parse = Worker::new(move |line: String| match line.parse::<Sample>() {
        Ok(sample) => {
            if let Err(e) = next.delegate(sample) {
                let _ = events.send(Event::Rejected(format!("{e}: {line}")));
            }
        }
        Err(e) => {
            let _ = events.send(Event::Rejected(e.to_string()));
        }
    });
    stages.add("parse", 16, parse, 2)?;

    Ok(Pipeline { stages, table })
}

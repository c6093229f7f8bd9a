//! What the service runs: tasks, the envelope a worker receives, and outcomes.

use std::sync::mpsc::Sender;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    Resize { id: u32, width: u32, height: u32 },
    Checksum { id: u32, data: Vec<u8> },
    Echo { id: u32, text: String },
}

impl Task {
    pub fn echo(id: u32, text: &str) -> Task {
        Task::Echo {
            id,
            text: text.to_string(),
        }
    }

    pub fn id(&self) -> u32 {
        match self {
            Task::Resize { id, .. } | Task::Checksum { id, .. } | Task::Echo { id, .. } => *id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Outcome {
    pub id: u32,
    pub summary: String,
}

/// A task together with where its outcome goes.
pub struct Envelope {
    pub task: Task,
    pub reply: Sender<Outcome>,
}

pub fn run(task: Task) -> Outcome {
    let id = task.id();
    let summary = match task {
        Task::Resize { width, height, .. } => format!("resized to {}x{}", width / 2, height / 2),
        Task::Checksum { data, .. } => {
            let sum = data
                .iter()
                .fold(0u32, |acc, b| acc.wrapping_mul(31).wrapping_add(*b as u32));
            format!("checksum {sum:08x}")
        }
        Task::Echo { text, .. } => format!("echo {text}"),
    };
    Outcome { id, summary }
}

//! Batch tasks and what running one means.

#[derive(Debug, Clone, PartialEq)]
pub enum Task {
    Resize { id: u32, width: u32, height: u32 },
    Transcode { id: u32, seconds: u32 },
    Archive { id: u32, files: Vec<String> },
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Outcome {
    pub id: u32,
    pub kind: &'static str,
    pub cost: u64,
}

impl Task {
    pub fn id(&self) -> u32 {
        match self {
            Task::Resize { id, .. } | Task::Transcode { id, .. } | Task::Archive { id, .. } => *id,
        }
    }

    pub fn run(&self) -> Outcome {
        let (kind, cost) = match self {
            Task::Resize { width, height, .. } => ("resize", (*width as u64 * *height as u64) / 1000),
            Task::Transcode { seconds, .. } => ("transcode", *seconds as u64 * 24),
            Task::Archive { files, .. } => ("archive", files.iter().map(|f| f.len() as u64).sum()),
        };
        Outcome { id: self.id(), kind, cost }
    }
}

pub fn parse(line: &str) -> Result<Task, String> {
    let parts: Vec<&str> = line.split_whitespace().collect();
    let num = |i: usize| -> Result<u32, String> {
        parts.get(i).ok_or(format!("missing field {i}"))?.parse().map_err(|e| format!("field {i}: {e}"))
    };
    match parts.first().copied() {
        Some("resize") => Ok(Task::Resize { id: num(1)?, width: num(2)?, height: num(3)? }),
        Some("transcode") => Ok(Task::Transcode { id: num(1)?, seconds: num(2)? }),
        Some("archive") => Ok(Task::Archive { id: num(1)?, files: parts[2..].iter().map(|s| s.to_string()).collect() }),
        Some(other) => Err(format!("unknown task {other}")),
        None => Err("empty line".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_run() {
        let t = parse("resize 7 1920 1080").unwrap();
        assert_eq!(t.run(), Outcome { id: 7, kind: "resize", cost: 2073 });
        assert!(parse("resize x").is_err());
        assert!(parse("fly 1").unwrap_err().contains("fly"));
    }
}

use anyhow::{bail, Context, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schedule {
    /// `*`
    EveryMinute,
    /// `*/n`
    Every(u32),
    /// `m`: once an hour, at minute m
    At(u32),
}

impl Schedule {
    pub fn due(self, minute: u32) -> bool {
        match self {
            Schedule::EveryMinute => true,
            Schedule::Every(n) => minute % n == 0,
            Schedule::At(m) => minute % 60 == m,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub schedule: Schedule,
    pub command: String,
    pub args: Vec<String>,
}

fn parse_schedule(field: &str) -> Result<Schedule> {
    if field == "*" {
        return Ok(Schedule::EveryMinute);
    }
    if let Some(step) = field.strip_prefix("*/") {
        let n: u32 = step.parse().with_context(|| format!("bad step {step:?}"))?;
        if n == 0 {
            bail!("step must be positive");
        }
        return Ok(Schedule::Every(n));
    }
    let m: u32 = field.parse().with_context(|| format!("bad minute {field:?}"))?;
    if m > 59 {
        bail!("minute {m} out of range");
    }
    Ok(Schedule::At(m))
}

/// One entry a line; `#` starts a comment.
pub fn parse_crontab(text: &str) -> Result<Vec<Entry>> {
    let mut entries = Vec::new();
    for (no, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace();
        let when = fields.next().unwrap_or_default();
        let schedule = parse_schedule(when).with_context(|| format!("line {}", no + 1))?;
        let command = fields
            .next()
            .with_context(|| format!("line {}: no command", no + 1))?
            .to_string();
        entries.push(Entry { schedule, command, args: fields.map(String::from).collect() });
    }
    Ok(entries)
}

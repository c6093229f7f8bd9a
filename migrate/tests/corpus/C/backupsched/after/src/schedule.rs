//! Backup jobs and when they are due.

use crate::error::{BackupError, Result};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupJob {
    pub name: String,
    /// Hours between runs.
    pub every: u64,
    /// Snapshots to keep; older ones are pruned.
    pub keep: usize,
    pub sources: Vec<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Schedule {
    pub jobs: Vec<BackupJob>,
}

fn hours(s: &str) -> Option<u64> {
    let (n, unit) = s.split_at(s.len().checked_sub(1)?);
    let n: u64 = n.parse().ok()?;
    match unit {
        "h" => Some(n),
        "d" => Some(n * 24),
        "w" => Some(n * 24 * 7),
        _ => None,
    }
}

impl Schedule {
    /// Lines of `NAME every INTERVAL keep N: SOURCE...`, e.g. `home every 1d keep 3: /home`.
    pub fn parse(text: &str) -> Result<Schedule> {
        let mut jobs = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let err = |msg: &str| BackupError::Schedule {
                line: i + 1,
                msg: msg.into(),
            };
            let (head, sources) = line
                .split_once(':')
                .ok_or_else(|| err("missing `:` before the sources"))?;
            let words: Vec<&str> = head.split_whitespace().collect();
            let [name, "every", interval, "keep", keep] = words[..] else {
                return Err(err("expected `NAME every INTERVAL keep N: SOURCES`"));
            };
            let every = hours(interval).ok_or_else(|| err("interval is like 6h, 1d or 2w"))?;
            let keep: usize = keep.parse().map_err(|_| err("keep is a number"))?;
            if keep == 0 {
                return Err(err("keep must be at least 1"));
            }
            let sources: Vec<String> = sources.split_whitespace().map(String::from).collect();
            if sources.is_empty() {
                return Err(err("no sources"));
            }
            jobs.push(BackupJob {
                name: name.to_string(),
                every,
                keep,
                sources,
            });
        }
        Ok(Schedule { jobs })
    }

    /// Jobs due at hour `now`: never run, or last run at least `every` hours ago.
    pub fn due<'a>(
        &'a self,
        now: u64,
        last_run: impl Fn(&str) -> Option<u64> + 'a,
    ) -> impl Iterator<Item = &'a BackupJob> + 'a {
        self.jobs
            .iter()
            .filter(move |j| last_run(&j.name).is_none_or(|t| now >= t + j.every))
    }

    pub fn job(&self, name: &str) -> Result<&BackupJob> {
        self.jobs
            .iter()
            .find(|j| j.name == name)
            .ok_or_else(|| BackupError::UnknownJob(name.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_intervals() {
        let s = Schedule::parse("home every 1d keep 3: /home\netc every 6h keep 10: /etc /var")
            .unwrap();
        assert_eq!(s.jobs[0].every, 24);
        assert_eq!(s.jobs[1].sources, ["/etc", "/var"]);
    }

    #[test]
    fn rejects_bad_lines() {
        assert!(matches!(
            Schedule::parse("x every 1y keep 1: /a"),
            Err(BackupError::Schedule { line: 1, .. })
        ));
        assert!(Schedule::parse("x every 1d keep 0: /a").is_err());
        assert!(Schedule::parse("x every 1d: /a").is_err());
    }

    #[test]
    fn due_respects_the_interval() {
        let s = Schedule::parse("a every 2h keep 1: /a\nb every 1d keep 1: /b").unwrap();
        let due: Vec<_> = s
            .due(10, |n| if n == "a" { Some(8) } else { Some(0) })
            .map(|j| j.name.as_str())
            .collect();
        assert_eq!(due, ["a"]);
    }
}

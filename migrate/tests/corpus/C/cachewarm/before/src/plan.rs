//! A warm-up plan: which keys, most important first.

use crate::error::{WarmError, WarmResult};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    High,
    Normal,
    Low,
}

#[derive(Debug, Default, Clone)]
pub struct Plan {
    keys: Vec<(Priority, String)>,
}

impl Plan {
    /// Parses lines of `PRIORITY KEY` (`high`, `normal` or `low`); `#` starts a comment.
    pub fn parse(text: &str) -> WarmResult<Plan> {
        let mut plan = Plan::default();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let err = |msg: &str| WarmError::Plan {
                line: i + 1,
                msg: msg.to_string(),
            };
            let (prio, key) = line
                .split_once(char::is_whitespace)
                .ok_or_else(|| err("expected `PRIORITY KEY`"))?;
            let prio = match prio {
                "high" => Priority::High,
                "normal" => Priority::Normal,
                "low" => Priority::Low,
                _ => return Err(err("priority must be high, normal or low")),
            };
            let key = key.trim();
            if !key.starts_with('/') {
                return Err(err("keys start with /"));
            }
            plan.push(prio, key);
        }
        Ok(plan)
    }

    pub fn push(&mut self, prio: Priority, key: &str) {
        self.keys.push((prio, key.to_string()));
    }

    /// Keys by priority, then name, each once (at its highest priority).
    pub fn ordered(&self) -> Vec<(Priority, String)> {
        let mut keys = self.keys.clone();
        keys.sort();
        let mut seen = std::collections::HashSet::new();
        keys.retain(|(_, k)| seen.insert(k.clone()));
        keys
    }

    pub fn len(&self) -> usize {
        self.ordered().len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicates_keep_the_highest_priority() {
        let plan = Plan::parse("low /a\nhigh /a # hot\n\nnormal /b\n").unwrap();
        assert_eq!(
            plan.ordered(),
            vec![
                (Priority::High, "/a".into()),
                (Priority::Normal, "/b".into())
            ]
        );
    }

    #[test]
    fn bad_lines_are_reported() {
        let err = Plan::parse("high /ok\nurgent /x\n").unwrap_err();
        assert!(matches!(err, WarmError::Plan { line: 2, .. }), "{err}");
        assert!(Plan::parse("high nokey").is_err());
    }
}

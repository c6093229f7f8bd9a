//! An in-memory zone and the resolver that answers from it.

use std::collections::BTreeMap;
use std::net::{Ipv4Addr, Ipv6Addr};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    A(Ipv4Addr),
    Aaaa(Ipv6Addr),
    Cname(String),
    Mx(u16, String),
    Txt(String),
}

/// What resolving one name found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Answer {
    pub name: String,
    /// Names followed through CNAMEs, in order, not including `name`.
    pub chain: Vec<String>,
    pub records: Vec<Record>,
    /// The chain ended at a name the zone does not have.
    pub dangling: Option<String>,
}

impl Answer {
    pub fn addresses(&self) -> impl Iterator<Item = &Record> {
        self.records
            .iter()
            .filter(|r| matches!(r, Record::A(_) | Record::Aaaa(_)))
    }
}

#[derive(Debug, Default, Clone)]
pub struct Zone {
    names: BTreeMap<String, Vec<Record>>,
}

const MAX_CHAIN: usize = 8;

impl Zone {
    pub fn add(&mut self, name: &str, record: Record) -> &mut Self {
        self.names
            .entry(name.to_ascii_lowercase())
            .or_default()
            .push(record);
        self
    }

    /// Parses `name TYPE value` lines, e.g. `www.example.com CNAME web.example.com`.
    pub fn parse(text: &str) -> Result<Zone, String> {
        let mut zone = Zone::default();
        for (i, line) in text.lines().map(str::trim).enumerate() {
            if line.is_empty() || line.starts_with(';') {
                continue;
            }
            let parts: Vec<&str> = line.split_whitespace().collect();
            if parts.len() < 3 {
                return Err(format!("line {}: expected `name TYPE value`", i + 1));
            }
            let (name, kind, value) = (parts[0], parts[1], parts[2..].join(" "));
            let value = value.as_str();
            let bad = |e: &dyn std::fmt::Display| format!("line {}: {e}", i + 1);
            let record = match kind {
                "A" => Record::A(value.parse().map_err(|e| bad(&e))?),
                "AAAA" => Record::Aaaa(value.parse().map_err(|e| bad(&e))?),
                "CNAME" => Record::Cname(value.to_ascii_lowercase()),
                "MX" => {
                    let (prio, host) = value
                        .split_once(' ')
                        .ok_or_else(|| bad(&"MX needs `prio host`"))?;
                    Record::Mx(prio.parse().map_err(|e| bad(&e))?, host.to_string())
                }
                "TXT" => Record::Txt(value.trim_matches('"').to_string()),
                other => return Err(bad(&format!("unknown type {other}"))),
            };
            zone.add(name, record);
        }
        Ok(zone)
    }

    pub fn resolve(&self, name: &str) -> Answer {
        let mut answer = Answer {
            name: name.to_string(),
            ..Answer::default()
        };
        let mut current = name.to_ascii_lowercase();
        for _ in 0..MAX_CHAIN {
            let Some(records) = self.names.get(&current) else {
                answer.dangling = Some(current);
                return answer;
            };
            let cname = records.iter().find_map(|r| match r {
                Record::Cname(target) => Some(target.clone()),
                _ => None,
            });
            match cname {
                Some(target) => {
                    answer.chain.push(target.clone());
                    current = target;
                }
                None => {
                    answer.records = records.clone();
                    return answer;
                }
            }
        }
        answer.dangling = Some(format!("{current} (CNAME chain longer than {MAX_CHAIN})"));
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_cnames() {
        let zone = Zone::parse("a.test CNAME b.test\nb.test A 192.0.2.1\n").unwrap();
        let ans = zone.resolve("A.test");
        assert_eq!(ans.chain, ["b.test"]);
        assert_eq!(ans.records, [Record::A(Ipv4Addr::new(192, 0, 2, 1))]);
    }

    #[test]
    fn loops_end() {
        let zone = Zone::parse("x.test CNAME y.test\ny.test CNAME x.test\n").unwrap();
        assert!(zone
            .resolve("x.test")
            .dangling
            .unwrap()
            .contains("longer than"));
    }

    #[test]
    fn bad_address_names_the_line() {
        assert!(Zone::parse("ok.test A 10.0.0.1\nbad.test A 300.1.1.1\n")
            .unwrap_err()
            .starts_with("line 2"));
    }
}

//! The authoritative data: a fixed table, with CNAME chains.

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record {
    A([u8; 4]),
    Cname(&'static str),
}

const ZONE: &[(&str, Record)] = &[
    ("example.org", Record::A([93, 184, 216, 34])),
    ("www.example.org", Record::Cname("example.org")),
    ("mail.example.org", Record::A([93, 184, 216, 40])),
    ("api.internal", Record::A([10, 0, 3, 7])),
    ("grafana.internal", Record::Cname("ops.internal")),
    ("ops.internal", Record::A([10, 0, 9, 1])),
    ("loop-a.test", Record::Cname("loop-b.test")),
    ("loop-b.test", Record::Cname("loop-a.test")),
];

pub fn find(name: &str) -> Option<&'static Record> {
    ZONE.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, r)| r)
}

/// Follows CNAMEs, at most 8 deep. Returns the address and the chain length.
pub fn resolve(name: &str) -> Result<([u8; 4], usize), String> {
    let mut current = name.trim_end_matches('.').to_string();
    for hops in 0..8 {
        match find(&current) {
            Some(Record::A(addr)) => return Ok((*addr, hops)),
            Some(Record::Cname(target)) => current = target.to_string(),
            None => return Err(format!("NXDOMAIN {current}")),
        }
    }
    Err(format!("CNAME loop at {name}"))
}

pub fn names() -> impl Iterator<Item = &'static str> {
    ZONE.iter().map(|(n, _)| *n)
}

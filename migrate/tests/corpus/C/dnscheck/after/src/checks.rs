//! Health checks run on every answer.

use std::fmt;
use std::sync::Arc;

use crate::zone::{Answer, Record};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Finding {
    pub name: String,
    pub severity: Severity,
    pub check: &'static str,
    pub detail: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warn ",
        };
        write!(
            f,
            "{sev} {:<22} [{}] {}",
            self.name, self.check, self.detail
        )
    }
}

pub trait Check: Send + Sync {
    fn name(&self) -> &'static str;
    fn run(&self, answer: &Answer) -> Option<(Severity, String)>;
}

pub struct Resolves;
pub struct NoPrivateAddresses;
pub struct MailHasSpf;
pub struct ShortChains(pub usize);

impl Check for Resolves {
    fn name(&self) -> &'static str {
        "resolves"
    }
    fn run(&self, a: &Answer) -> Option<(Severity, String)> {
        if let Some(d) = &a.dangling {
            return Some((Severity::Error, format!("dangling at {d}")));
        }
        let mail_only = a
            .records
            .iter()
            .all(|r| matches!(r, Record::Mx(..) | Record::Txt(_)));
        (a.addresses().next().is_none() && !mail_only)
            .then(|| (Severity::Error, "no address records".into()))
    }
}

impl Check for NoPrivateAddresses {
    fn name(&self) -> &'static str {
        "public"
    }
    fn run(&self, a: &Answer) -> Option<(Severity, String)> {
        let private: Vec<String> = a
            .records
            .iter()
            .filter_map(|r| match r {
                Record::A(ip) if ip.is_private() || ip.is_loopback() => Some(ip.to_string()),
                _ => None,
            })
            .collect();
        (!private.is_empty()).then(|| {
            (
                Severity::Warning,
                format!("private address {}", private.join(", ")),
            )
        })
    }
}

impl Check for MailHasSpf {
    fn name(&self) -> &'static str {
        "spf"
    }
    fn run(&self, a: &Answer) -> Option<(Severity, String)> {
        let has_mx = a.records.iter().any(|r| matches!(r, Record::Mx(..)));
        let has_spf = a
            .records
            .iter()
            .any(|r| matches!(r, Record::Txt(t) if t.starts_with("v=spf1")));
        (has_mx && !has_spf).then(|| (Severity::Warning, "MX without an SPF record".into()))
    }
}

impl Check for ShortChains {
    fn name(&self) -> &'static str {
        "chain"
    }
    fn run(&self, a: &Answer) -> Option<(Severity, String)> {
        (a.chain.len() > self.0)
            .then(|| (Severity::Warning, format!("{} CNAME hops", a.chain.len())))
    }
}

pub fn default_checks() -> Vec<Arc<dyn Check>> {
    vec![
        Arc::new(Resolves),
        Arc::new(NoPrivateAddresses),
        Arc::new(MailHasSpf),
        Arc::new(ShortChains(2)),
    ]
}

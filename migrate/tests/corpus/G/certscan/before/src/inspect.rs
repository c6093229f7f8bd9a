//! The probe job and the function that inspects one host.

use std::sync::mpsc::Sender;

use crate::certdb::CertDb;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Expired,
    Renew,
    Fine,
    Unreachable,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Report {
    pub host: String,
    pub verdict: Verdict,
    pub detail: String,
    pub shard: usize,
}

#[derive(Debug)]
pub struct Probe {
    pub host: String,
    pub shard: usize,
    pub reply: Sender<Report>,
}

pub const RENEW_WITHIN_DAYS: i32 = 14;

pub fn inspect(db: &CertDb, probe: Probe) {
    let (verdict, detail) = match db.lookup(&probe.host) {
        None => (Verdict::Unreachable, "no answer".to_string()),
        Some(cert) if cert.expires_in_days < 0 => (
            Verdict::Expired,
            format!("{} expired {} days ago", cert.issuer, -cert.expires_in_days),
        ),
        Some(cert) if cert.expires_in_days <= RENEW_WITHIN_DAYS => (
            Verdict::Renew,
            format!("{} expires in {} days", cert.issuer, cert.expires_in_days),
        ),
        Some(cert) => (Verdict::Fine, format!("{} ok", cert.issuer)),
    };
    let _ = probe.reply.send(Report {
        host: probe.host,
        verdict,
        detail,
        shard: probe.shard,
    });
}

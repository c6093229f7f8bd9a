//! What the probes "see": a canned table of hosts and their certificates.

use std::collections::BTreeMap;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cert {
    pub issuer: &'static str,
    /// Days from today; negative when already expired.
    pub expires_in_days: i32,
}

#[derive(Debug, Default)]
pub struct CertDb {
    certs: BTreeMap<&'static str, Cert>,
}

impl CertDb {
    pub fn sample() -> CertDb {
        let mut certs = BTreeMap::new();
        for (host, issuer, days) in [
            ("api.example.org", "R3", 61),
            ("www.example.org", "R3", 12),
            ("mail.example.org", "E1", -3),
            ("git.example.org", "R3", 88),
            ("cdn.example.org", "Sectigo", 5),
            ("vpn.example.org", "E1", 30),
        ] {
            certs.insert(
                host,
                Cert {
                    issuer,
                    expires_in_days: days,
                },
            );
        }
        CertDb { certs }
    }

    pub fn lookup(&self, host: &str) -> Option<&Cert> {
        self.certs.get(host)
    }

    pub fn hosts(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.certs.keys().copied()
    }
}

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Url {
    pub host: String,
    pub path: String,
}

impl Url {
    /// Parses `http://host/path` (the path defaults to `/`).
    pub fn parse(s: &str) -> Option<Url> {
        let rest = s.strip_prefix("http://")?;
        let (host, path) = match rest.find('/') {
            Some(i) => (&rest[..i], &rest[i..]),
            None => (rest, "/"),
        };
        if host.is_empty() {
            return None;
        }
        Some(Url {
            host: host.to_ascii_lowercase(),
            path: path.to_string(),
        })
    }

    /// Resolves a link found on this page: absolute, or a path on the same host.
    pub fn join(&self, link: &str) -> Option<Url> {
        if link.starts_with("http://") {
            Url::parse(link)
        } else if link.starts_with('/') {
            Some(Url {
                host: self.host.clone(),
                path: link.to_string(),
            })
        } else {
            None
        }
    }

    /// FNV-1a of the host, so the shard of a host does not change between runs.
    pub fn shard(&self, shards: usize) -> usize {
        let mut h: u64 = 0xcbf29ce484222325;
        for b in self.host.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
        (h % shards as u64) as usize
    }
}

impl fmt::Display for Url {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "http://{}{}", self.host, self.path)
    }
}

//! Where warmed content comes from.

/// The backing store behind the cache.
pub trait Origin: Send + Sync {
    /// The body for `key`, or None when the origin has none (a 404).
    fn fetch(&self, key: &str) -> Option<Vec<u8>>;
}

/// A deterministic origin: the body is the key repeated; keys under `/gone/` are missing.
#[derive(Debug, Default, Clone)]
pub struct StaticOrigin {
    pub repeat: usize,
}

impl Origin for StaticOrigin {
    fn fetch(&self, key: &str) -> Option<Vec<u8>> {
        if key.starts_with("/gone/") {
            return None;
        }
        Some(key.repeat(self.repeat.max(1)).into_bytes())
    }
}

impl<F> Origin for F
where
    F: Fn(&str) -> Option<Vec<u8>> + Send + Sync,
{
    fn fetch(&self, key: &str) -> Option<Vec<u8>> {
        self(key)
    }
}

use std::fmt;

/// A 64-bit FNV-1a digest; plenty for a demo cache key.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Digest(pub u64);

impl Digest {
    pub fn of(bytes: &[u8]) -> Digest {
        let mut h = 0xcbf29ce484222325u64;
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
        Digest(h)
    }

    /// Order-independent combination of input digests (inputs are sorted by name first).
    pub fn combine<'a>(parts: impl IntoIterator<Item = (&'a str, Digest)>) -> Digest {
        let mut buf = Vec::new();
        for (name, d) in parts {
            buf.extend_from_slice(name.as_bytes());
            buf.extend_from_slice(&d.0.to_le_bytes());
        }
        Digest::of(&buf)
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:012x}", self.0 >> 16)
    }
}

//! FNV-1a and Adler-32, enough for a checksum listing.

pub fn fnv1a(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for &b in data {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

pub fn adler32(data: &[u8]) -> u32 {
    const MOD: u32 = 65521;
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in data {
        a = (a + byte as u32) % MOD;
        b = (b + a) % MOD;
    }
    (b << 16) | a
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ChunkSum {
    pub index: usize,
    pub len: usize,
    pub fnv: u64,
    pub adler: u32,
}

pub fn sum_chunk(index: usize, data: &[u8]) -> ChunkSum {
    ChunkSum { index, len: data.len(), fnv: fnv1a(data), adler: adler32(data) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(fnv1a(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(adler32(b"Wikipedia"), 0x11E60398);
    }
}

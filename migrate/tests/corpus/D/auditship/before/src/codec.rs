/// Byte-level run-length encoding: (count, byte) pairs. Audit lines repeat a lot.
pub fn rle_encode(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() / 2);
    let mut iter = data.iter().peekable();
    while let Some(&b) = iter.next() {
        let mut n = 1u8;
        while n < u8::MAX && iter.peek() == Some(&&b) {
            iter.next();
            n += 1;
        }
        out.push(n);
        out.push(b);
    }
    out
}

pub fn rle_decode(data: &[u8]) -> Vec<u8> {
    data.chunks_exact(2).flat_map(|p| std::iter::repeat(p[1]).take(p[0] as usize)).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn round_trip() {
        let s = b"aaaabbbcd\n\n\n".repeat(40);
        assert_eq!(super::rle_decode(&super::rle_encode(&s)), s);
    }
}

//! Byte tools.

/// CRC-32 (IEEE), bit by bit: the inputs are short.
pub fn crc(bytes: Vec<u8>) -> String {
    let mut crc = !0u32;
    for b in &bytes {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    format!("crc32 of {} bytes = {:08x}", bytes.len(), !crc)
}

//! Tile coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile {
    pub z: u8,
    pub x: u32,
    pub y: u32,
}

/// Every tile of zoom `z` in the square `0..side`.
pub fn tiles_for(z: u8, side: u32) -> Vec<Tile> {
    (0..side).flat_map(|x| (0..side).map(move |y| Tile { z, x, y })).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts() {
        assert_eq!(super::tiles_for(2, 3).len(), 9);
    }
}

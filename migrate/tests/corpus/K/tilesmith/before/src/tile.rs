//! Tile coordinates.
use crate::TileError;
use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId {
    pub z: u8,
    pub x: u32,
    pub y: u32,
}

impl TileId {
    pub fn new(z: u8, x: u32, y: u32) -> Result<TileId, TileError> {
        let side = 1u32 << z;
        if x >= side || y >= side {
            return Err(TileError::OutOfRange { z, x, y });
        }
        Ok(TileId { z, x, y })
    }

    /// Every tile of one zoom level, row by row.
    pub fn level(z: u8) -> impl Iterator<Item = TileId> {
        let side = 1u32 << z;
        (0..side).flat_map(move |y| (0..side).map(move |x| TileId { z, x, y }))
    }
}

impl FromStr for TileId {
    type Err = TileError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.trim().split('/').collect();
        if parts.len() != 3 {
            return Err(TileError::Format(s.to_string()));
        }
        TileId::new(parts[0].parse()?, parts[1].parse()?, parts[2].parse()?)
    }
}

impl fmt::Display for TileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.z, self.x, self.y)
    }
}

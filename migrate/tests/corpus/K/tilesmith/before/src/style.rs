//! Styles decide what a tile looks like; here a tile's "image" is a checksum of 16x16 shades.
use crate::tile::TileId;

pub trait Style: Send + Sync + 'static {
    fn name(&self) -> &str;
    fn shade(&self, tile: TileId, px: u32, py: u32) -> u8;
}

pub struct Checker;

impl Style for Checker {
    fn name(&self) -> &str {
        "checker"
    }
    fn shade(&self, tile: TileId, px: u32, py: u32) -> u8 {
        if (tile.x + tile.y + px / 4 + py / 4) % 2 == 0 { 255 } else { 0 }
    }
}

/// A fake elevation model: a smooth function of the global pixel position.
pub struct Elevation {
    pub sea_level: u8,
}

impl Style for Elevation {
    fn name(&self) -> &str {
        "elevation"
    }
    fn shade(&self, tile: TileId, px: u32, py: u32) -> u8 {
        let gx = (tile.x * 16 + px) as u64;
        let gy = (tile.y * 16 + py) as u64;
        let h = ((gx * 31 + gy * 17 + tile.z as u64 * 7) % 251) as u8;
        h.max(self.sea_level)
    }
}

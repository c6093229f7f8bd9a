//! Web-mercator tile maths.

use std::f64::consts::PI;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    pub zoom: u8,
    pub x: u32,
    pub y: u32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lon: f64,
}

pub fn tile_of(p: Point, zoom: u8) -> Tile {
    let n = f64::from(1u32 << zoom);
    let lat = p.lat.clamp(-85.0511, 85.0511).to_radians();
    let x = ((p.lon + 180.0) / 360.0 * n).floor();
    let y = ((1.0 - (lat.tan() + 1.0 / lat.cos()).ln() / PI) / 2.0 * n).floor();
    let max = (1u32 << zoom) - 1;
    Tile { zoom, x: (x as u32).min(max), y: (y as u32).min(max) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_tiles() {
        let p = Point { lat: 0.0, lon: 0.0 };
        assert_eq!(tile_of(p, 0), Tile { zoom: 0, x: 0, y: 0 });
        assert_eq!(tile_of(p, 1), Tile { zoom: 1, x: 1, y: 1 });
    }

    #[test]
    fn berlin_at_zoom_10() {
        let t = tile_of(Point { lat: 52.52, lon: 13.405 }, 10);
        assert_eq!((t.x, t.y), (550, 335));
    }
}

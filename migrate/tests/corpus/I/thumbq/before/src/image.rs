//! A tiny grey-scale image type: enough to make thumbnails of.

#[derive(Debug, Clone)]
pub struct Image {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Image {
    /// A deterministic test pattern, different for every `seed`.
    pub fn pattern(name: &str, width: u32, height: u32, seed: u32) -> Image {
        let mut pixels = Vec::with_capacity((width * height) as usize);
        for y in 0..height {
            for x in 0..width {
                let v = (x * 7 + y * 13 + seed * 31) ^ (x * y + seed);
                pixels.push((v % 251) as u8);
            }
        }
        Image {
            name: name.to_string(),
            width,
            height,
            pixels,
        }
    }

    fn at(&self, x: u32, y: u32) -> u8 {
        self.pixels[(y * self.width + x) as usize]
    }

    /// Scales so that the longer side is `max_side`, averaging each source box.
    pub fn resize(&self, max_side: u32) -> Image {
        let longer = self.width.max(self.height);
        let scale = max_side as f64 / longer as f64;
        let w = ((self.width as f64 * scale).round() as u32).max(1);
        let h = ((self.height as f64 * scale).round() as u32).max(1);
        let mut pixels = Vec::with_capacity((w * h) as usize);
        for ty in 0..h {
            let y0 = ty * self.height / h;
            let y1 = ((ty + 1) * self.height / h).max(y0 + 1);
            for tx in 0..w {
                let x0 = tx * self.width / w;
                let x1 = ((tx + 1) * self.width / w).max(x0 + 1);
                let mut sum = 0u32;
                for y in y0..y1 {
                    for x in x0..x1 {
                        sum += self.at(x, y) as u32;
                    }
                }
                pixels.push((sum / ((y1 - y0) * (x1 - x0))) as u8);
            }
        }
        Image {
            name: self.name.clone(),
            width: w,
            height: h,
            pixels,
        }
    }

    /// Adler-32 of the pixels, to compare thumbnails without printing them.
    pub fn checksum(&self) -> u32 {
        let (mut a, mut b) = (1u32, 0u32);
        for &p in &self.pixels {
            a = (a + p as u32) % 65521;
            b = (b + a) % 65521;
        }
        (b << 16) | a
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Thumbnail {
    pub source: String,
    pub max_side: u32,
    pub width: u32,
    pub height: u32,
    pub checksum: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resize_keeps_the_aspect_ratio() {
        let img = Image::pattern("a", 200, 100, 1);
        let t = img.resize(50);
        assert_eq!((t.width, t.height), (50, 25));
    }

    #[test]
    fn a_flat_image_stays_flat() {
        let img = Image { name: "f".into(), width: 4, height: 4, pixels: vec![9; 16] };
        assert!(img.resize(2).pixels.iter().all(|&p| p == 9));
    }
}

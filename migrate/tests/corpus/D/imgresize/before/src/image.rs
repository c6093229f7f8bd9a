use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Size {
    pub width: u32,
    pub height: u32,
}

impl Size {
    pub const fn new(width: u32, height: u32) -> Size {
        Size { width, height }
    }

    pub fn pixels(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Fits `self` into `bounds`, keeping the aspect ratio.
    pub fn fit_into(self, bounds: Size) -> Size {
        if self.width == 0 || self.height == 0 {
            return Size::new(0, 0);
        }
        let wr = bounds.width as f64 / self.width as f64;
        let hr = bounds.height as f64 / self.height as f64;
        let r = wr.min(hr);
        Size::new(
            ((self.width as f64 * r).round() as u32).max(1),
            ((self.height as f64 * r).round() as u32).max(1),
        )
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

/// An 8-bit grayscale raster.
#[derive(Clone, PartialEq, Eq)]
pub struct Image {
    size: Size,
    pixels: Vec<u8>,
}

impl fmt::Debug for Image {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Image({}, sum {:08x})", self.size, self.checksum())
    }
}

impl Image {
    pub fn from_pixels(size: Size, pixels: Vec<u8>) -> crate::Result<Image> {
        if pixels.len() != size.pixels() {
            return Err(format!("{} needs {} pixels, got {}", size, size.pixels(), pixels.len()).into());
        }
        Ok(Image { size, pixels })
    }

    /// A diagonal gradient, handy for tests and demos.
    pub fn gradient(size: Size) -> Image {
        let mut pixels = Vec::with_capacity(size.pixels());
        for y in 0..size.height {
            for x in 0..size.width {
                pixels.push(((x + y) * 255 / (size.width + size.height).max(1)) as u8);
            }
        }
        Image { size, pixels }
    }

    pub fn size(&self) -> Size {
        self.size
    }

    pub fn get(&self, x: u32, y: u32) -> u8 {
        self.pixels[(y * self.size.width + x) as usize]
    }

    /// Box-filter downscale (nearest neighbour when upscaling).
    pub fn resized(&self, to: Size) -> Image {
        let mut pixels = Vec::with_capacity(to.pixels());
        for ty in 0..to.height {
            let y0 = ty * self.size.height / to.height;
            let y1 = ((ty + 1) * self.size.height / to.height).max(y0 + 1);
            for tx in 0..to.width {
                let x0 = tx * self.size.width / to.width;
                let x1 = ((tx + 1) * self.size.width / to.width).max(x0 + 1);
                let mut sum = 0u32;
                let mut n = 0u32;
                for y in y0..y1 {
                    for x in x0..x1 {
                        sum += self.get(x, y) as u32;
                        n += 1;
                    }
                }
                pixels.push((sum / n) as u8);
            }
        }
        Image { size: to, pixels }
    }

    /// FNV-1a over the pixels: stable across runs, so output can be compared.
    pub fn checksum(&self) -> u32 {
        self.pixels.iter().fold(0x811c9dc5u32, |h, &p| (h ^ p as u32).wrapping_mul(0x01000193))
    }
}

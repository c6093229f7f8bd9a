#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Raster {
    pub width: usize,
    pub height: usize,
    pub data: Vec<u8>,
}

impl Raster {
    pub fn gradient(width: usize, height: usize, seed: u8) -> Raster {
        let data = (0..width * height)
            .map(|i| ((i % width) * 255 / width.max(1)) as u8 ^ seed.wrapping_mul((i / width) as u8))
            .collect();
        Raster { width, height, data }
    }

    pub fn at(&self, x: isize, y: isize) -> u8 {
        let x = x.clamp(0, self.width as isize - 1) as usize;
        let y = y.clamp(0, self.height as isize - 1) as usize;
        self.data[y * self.width + x]
    }

    pub fn checksum(&self) -> u32 {
        self.data.iter().fold(17u32, |h, &b| h.wrapping_mul(31).wrapping_add(b as u32))
    }
}

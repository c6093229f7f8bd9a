//! A toy image model: enough pixels to make resizing cost something.

use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Format {
    Png,
    Jpeg,
    Webp,
}

impl Format {
    pub fn from_name(name: &str) -> Option<Format> {
        match name.rsplit('.').next()? {
            "png" => Some(Format::Png),
            "jpg" | "jpeg" => Some(Format::Jpeg),
            "webp" => Some(Format::Webp),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Jpeg => "jpg",
            Format::Webp => "webp",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Image {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Image {
    /// A generated image whose pixels depend on its name only.
    pub fn generate(name: &str, width: u32, height: u32) -> Image {
        let seed = name.bytes().fold(7u32, |acc, b| acc.wrapping_mul(31).wrapping_add(b as u32));
        let pixels = (0..width * height)
            .map(|i| (seed.wrapping_add(i.wrapping_mul(2654435761)) >> 24) as u8)
            .collect();
        Image { name: name.to_string(), width, height, pixels }
    }
}

/// One thumbnail to make.
#[derive(Debug, Clone)]
pub struct ResizeJob {
    pub image: Image,
    pub max_side: u32,
    pub format: Format,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Thumbnail {
    pub name: String,
    pub width: u32,
    pub height: u32,
    pub checksum: u32,
}

impl fmt::Display for Thumbnail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<16} {:>4}x{:<4} {:08x}", self.name, self.width, self.height, self.checksum)
    }
}

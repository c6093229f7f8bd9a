use crate::geometry::{fit_within, Size};

#[derive(Debug, Clone)]
pub struct Image {
    pub name: String,
    pub size: Size,
    pub pixels: Vec<u8>,
}

impl Image {
    /// A synthetic image whose pixel data depends only on its name and size.
    pub fn synthetic(name: &str, w: u32, h: u32) -> Image {
        let seed = name.bytes().fold(7u32, |acc, b| acc.wrapping_mul(31).wrapping_add(u32::from(b)));
        let len = (w as usize * h as usize).min(4096);
        let pixels = (0..len).map(|i| (seed.wrapping_add(i as u32 * 13) % 251) as u8).collect();
        Image { name: name.to_string(), size: Size { w, h }, pixels }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Thumb {
    pub name: String,
    pub size: Size,
    pub checksum: u32,
}

pub fn render(img: &Image, max: u32) -> Thumb {
    let checksum = img
        .pixels
        .iter()
        .fold(0u32, |acc, &p| acc.rotate_left(5) ^ u32::from(p));
    Thumb { name: img.name.clone(), size: fit_within(img.size, max), checksum }
}

//! Nearest-neighbour downscaling.

use crate::prelude::*;

/// The size of the thumbnail: the longer side becomes `max_side`, never upscaled.
pub fn target_size(width: u32, height: u32, max_side: u32) -> (u32, u32) {
    let longest = width.max(height);
    if longest <= max_side {
        return (width, height);
    }
    let scale = |side: u32| ((side as u64 * max_side as u64) / longest as u64).max(1) as u32;
    (scale(width), scale(height))
}

pub fn resize(job: &ResizeJob) -> Thumbnail {
    let img = &job.image;
    let (w, h) = target_size(img.width, img.height, job.max_side);
    let mut checksum = 0u32;
    for y in 0..h {
        for x in 0..w {
            let sx = x * img.width / w;
            let sy = y * img.height / h;
            let px = img.pixels[(sy * img.width + sx) as usize];
            checksum = checksum.rotate_left(5) ^ px as u32;
        }
    }
    let stem = img.name.rsplit_once('.').map(|(s, _)| s).unwrap_or(&img.name);
    Thumbnail {
        name: format!("{}_t.{}", stem, job.format.extension()),
        width: w,
        height: h,
        checksum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_aspect_ratio() {
        assert_eq!(target_size(800, 400, 100), (100, 50));
        assert_eq!(target_size(300, 900, 90), (30, 90));
    }

    #[test]
    fn never_upscales() {
        assert_eq!(target_size(40, 30, 100), (40, 30));
    }

    #[test]
    fn same_image_same_checksum() {
        let job = ResizeJob { image: Image::generate("a.png", 64, 48), max_side: 16, format: Format::Webp };
        assert_eq!(resize(&job), resize(&job.clone()));
        assert_eq!(resize(&job).name, "a_t.webp");
    }
}

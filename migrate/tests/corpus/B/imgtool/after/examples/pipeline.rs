//! Blur, then threshold, then count the white pixels: three passes.

use imgtool::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rasters: Vec<Raster> = (0..4u8).map(|s| Raster::gradient(32, 32, s * 17)).collect();
    let blurred = imgtool::apply_all(rasters, Filter::BoxBlur(1), 2)?;
    let binary = imgtool::apply_all(blurred, Filter::Threshold(100), 2)?;
    for (i, r) in binary.iter().enumerate() {
        let white = r.data.iter().filter(|&&p| p == 255).count();
        println!("raster {i}: {white} white of {}", r.data.len());
    }
    Ok(())
}

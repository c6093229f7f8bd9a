use imgtool::prelude::*;
use imgtool::{apply_all, histogram_all};

fn main() -> Result<(), WpError> {
    let rasters: Vec<Raster> = (1..=6u8).map(|s| Raster::gradient(24 + s as usize, 16, s)).collect();
    for filter in [Filter::Invert, Filter::Threshold(128), Filter::BoxBlur(2)] {
        let out = apply_all(rasters.clone(), filter, 3)?;
        let sums: Vec<String> = out.iter().map(|r| format!("{:08x}", r.checksum())).collect();
        println!("{filter:?}: {}", sums.join(" "));
    }
    println!("histogram: {:?}", histogram_all(&rasters, 8)?);
    Ok(())
}

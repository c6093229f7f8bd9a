//! Makes a contact sheet's worth of 32x32 thumbnails from generated images.
use std::sync::Arc;

use imgresize::prelude::*;

fn main() -> Result<()> {
    let r = Resizer::new(2)?;
    for i in 1..=6u32 {
        let img = Image::from_pixels(Size::new(i * 10, 40), vec![(i * 40) as u8; (i * 10 * 40) as usize])?;
        r.submit(ResizeJob { name: format!("frame{i:02}"), source: Arc::new(img), bounds: Size::new(32, 32) })?;
    }
    let sheet = r.finish()?;
    println!("{} thumbs on {} threads", sheet.len(), r.threads());
    for t in sheet {
        println!("{} {}", t.name, t.size);
    }
    Ok(())
}
